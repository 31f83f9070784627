"""The scorer digest: which scoring code produced a Result's cells.

A change to a formula, a failure rule or the metric registry moves the numbers without the
corpus or the run configuration noticing. The CLI writes this digest into every Result
(``_meta.scorer``) and the gate binds the committed baseline to it, so a run scored by other
code than the baseline's is re-blessed explicitly instead of being compared as if nothing
changed.

The digest covers bb-score's version, the registry (every field of every metric) and the
source of every module of the package except the ones that only present or summarise cells
(:data:`PRESENTATION_MODULES`). New modules are covered by default. The memory-trust metrics
live beside their observations in bb_trust; those modules (:data:`TRUST_SCORING_MODULES`) are
covered too, read as files so bb-score never imports the package above it.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
from collections.abc import Iterable, Mapping
from dataclasses import asdict
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Final

from bb_schema import ScorerDigest

from bb_score._registry import REGISTRY, MetricSpec

#: Modules that render or summarise finished cells and cannot move a cell or a failed item:
#: the scoreboard and its helpers (how a metric shows, failure kinds, text layout), the HTML
#: report (the whole ``report/`` subpackage: a name ending in ``/`` skips a directory), the
#: glossary page command and the ``--repeat`` bootstrap intervals (which land in
#: ``_meta.confidence_intervals``, never in a cell).
PRESENTATION_MODULES: Final[frozenset[str]] = frozenset(
    {
        "scoreboard.py", "present.py", "failures.py", "_text.py", "report/", "glossary.py",
        "bootstrap.py",
    }
)  # fmt: skip


def is_presentation(name: str) -> bool:
    """Whether the package-relative path ``name`` is left out of the digest."""
    return name in PRESENTATION_MODULES or any(
        entry.endswith("/") and name.startswith(entry) for entry in PRESENTATION_MODULES
    )


#: The memory-trust scoring code outside this package: formulas, the failure rules that turn
#: observations into cells, and where a canary counts as wrapped or labelled. The runner that
#: fills the observations is replay, like bb_adapters for the core suites, and not covered.
TRUST_SCORING_MODULES: Final[tuple[str, ...]] = (
    "bb_trust/cells.py", "bb_trust/envelope.py", "bb_trust/metrics.py",
    "bb_trust/observations.py",
)  # fmt: skip

_DIGEST_PREFIX: Final = "sha256:"


def _walk(node: Traversable, prefix: str) -> Iterable[tuple[str, Traversable]]:
    for entry in node.iterdir():
        name = f"{prefix}{entry.name}"
        if entry.is_dir():
            if entry.name != "__pycache__":
                yield from _walk(entry, f"{name}/")
        elif entry.name.endswith(".py"):
            yield name, entry


def scoring_sources(root: Traversable | None = None) -> dict[str, bytes]:
    """Package-relative path -> source bytes (CRLF read as LF), sorted by path.

    ``root`` defaults to the installed bb_score package. Line endings are normalised so a
    checkout with Windows line endings digests the same.
    """
    package = resources.files("bb_score") if root is None else root
    found = {
        name: entry.read_bytes().replace(b"\r\n", b"\n")
        for name, entry in _walk(package, "")
        if not is_presentation(name)
    }
    return dict(sorted(found.items()))


def trust_scoring_sources() -> dict[str, bytes]:
    """``bb_trust/<module>.py`` -> source bytes for :data:`TRUST_SCORING_MODULES`.

    Found through the import system without importing bb_trust; an installation without it
    (bb-score alone, gating serialized cells) has no trust scoring code and contributes none.
    """
    spec = importlib.util.find_spec("bb_trust")
    if spec is None or not spec.submodule_search_locations:
        return {}
    root = Path(next(iter(spec.submodule_search_locations)))
    return {
        name: (root / name.partition("/")[2]).read_bytes().replace(b"\r\n", b"\n")
        for name in TRUST_SCORING_MODULES
    }


def registry_bytes(registry: Iterable[MetricSpec] = REGISTRY) -> bytes:
    """Every field of every registered metric as compact, key-sorted JSON, in registry order."""
    data = [asdict(spec) for spec in registry]
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False).encode()


def compute_digest(version: str, registry: bytes, sources: Mapping[str, bytes]) -> str:
    """``sha256:<hex>`` over the version, the registry bytes and each (path, source) pair.

    Every part is length-prefixed, so no two different inputs can concatenate alike.
    """
    hasher = hashlib.sha256()

    def part(data: bytes) -> None:
        hasher.update(len(data).to_bytes(8, "big"))
        hasher.update(data)

    part(b"bb-score scorer digest v1")
    part(version.encode())
    part(registry)
    for name in sorted(sources):
        part(name.encode())
        part(sources[name])
    return _DIGEST_PREFIX + hasher.hexdigest()


@functools.cache
def scorer_digest() -> ScorerDigest:
    """This installation's scorer: bb-score's version, its scoring code and bb_trust's."""
    from bb_score import __version__

    return ScorerDigest(
        version=__version__,
        digest=compute_digest(
            __version__, registry_bytes(), scoring_sources() | trust_scoring_sources()
        ),
    )
