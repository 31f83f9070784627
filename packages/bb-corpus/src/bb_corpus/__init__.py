"""bb_corpus: the BrainBench corpus, loaded with its gold sealed.

:func:`load_corpus` reads a fixtures directory and a gold directory, validates both against
bb_schema, joins them by fixture_id and returns a :class:`LoadedCorpus` carrying the
``fixtures_hash`` the gate compares. Adapters receive only :class:`AdapterFixtureView` values;
gold is reachable solely through :meth:`LoadedCorpus.gold_for`.

The loader and the corpus types load on first use (PEP 562): a command line offering the size
limits in its ``--help`` must not import the wire models.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bb_schema._lazy import lazy_exports

from bb_corpus._errors import (
    CorpusError,
    CorpusIssue,
    CorpusRuntimeError,
    CorpusUserError,
    CorpusValidationError,
    UnknownFixtureError,
)
from bb_corpus._files import FIXTURE_SUFFIX, GOLD_SUFFIX
from bb_corpus._limits import CorpusLimits, parse_size

if TYPE_CHECKING:
    from bb_corpus.corpus import AdapterFixtureView, ContinuityPair, LoadedCorpus
    from bb_corpus.loader import load_corpus

__version__ = "0.1.0"

#: Public name -> the module that defines it, imported on first attribute access.
_LAZY = {
    "AdapterFixtureView": "bb_corpus.corpus",
    "ContinuityPair": "bb_corpus.corpus",
    "LoadedCorpus": "bb_corpus.corpus",
    "load_corpus": "bb_corpus.loader",
}

__all__ = [
    "FIXTURE_SUFFIX",
    "GOLD_SUFFIX",
    "AdapterFixtureView",
    "ContinuityPair",
    "CorpusLimits",
    "CorpusError",
    "CorpusIssue",
    "CorpusRuntimeError",
    "CorpusUserError",
    "CorpusValidationError",
    "LoadedCorpus",
    "UnknownFixtureError",
    "load_corpus",
    "parse_size",
]


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, globals(), __all__)
