"""bb_corpus: the BrainBench corpus, loaded with its gold sealed.

:func:`load_corpus` reads a fixtures directory and a gold directory, validates both against
bb_schema, joins them by fixture_id and returns a :class:`LoadedCorpus` carrying the
``fixtures_hash`` the gate compares. Adapters receive only :class:`AdapterFixtureView` values;
gold is reachable solely through :meth:`LoadedCorpus.gold_for`.
"""

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
from bb_corpus.corpus import AdapterFixtureView, ContinuityPair, LoadedCorpus
from bb_corpus.loader import load_corpus

__version__ = "0.1.0"

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
