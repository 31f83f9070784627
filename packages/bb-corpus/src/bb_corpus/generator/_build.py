"""Build the whole generated corpus in memory: every category, holdout, and the documents.

Each fixture draws from its own sub-stream ``(seed, category, index)`` and the holdout split
from ``(seed, "holdout", category)``, so changing one category's count or templates leaves
every other category's bytes alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from bb_schema import Fixture, Gold

from bb_corpus.generator import (
    _adversarial,
    _continuity,
    _kta,
    _multisource,
    _push,
    _trust,
    _writeback,
)
from bb_corpus.generator._model import Draft
from bb_corpus.generator._prng import Prng, stream

#: The seed of the committed corpus.
DEFAULT_SEED: Final = 20260309

#: Units generated per category (continuity counts pairs). Each is at least the brief's floor.
CATEGORY_COUNTS: Final[dict[str, int]] = {
    "kta-pos": 72,
    "kta-neg": 72,
    "push": 60,
    "write-back": 48,
    "continuity": 36,
    "multi-source": 30,
    "adversarial": 98,  # 14 variants x 7
    # memory-trust families (their fixtures never touch the seeder)
    "trust": 24,
    "state-resolution": 24,
    "deletion": 24,
    "poisoning": 24,
}

#: The memory-trust categories (one per trust suite, same name).
TRUST_CATEGORIES: Final = ("trust", "state-resolution", "deletion", "poisoning")

#: Share of units per category marked holdout (rounded half up, per category).
HOLDOUT_PERCENT: Final = 15

_PREFIX: Final[dict[str, str]] = {
    "kta-pos": "gen-kta-pos",
    "kta-neg": "gen-kta-neg",
    "push": "gen-push",
    "write-back": "gen-wb",
    "continuity": "gen-cont",
    "multi-source": "gen-ms",
    "adversarial": "gen-adv",
    "trust": "gen-trust",
    "state-resolution": "gen-state",
    "deletion": "gen-del",
    "poisoning": "gen-poison",
}

_SINGLE: Final[dict[str, Callable[[Prng, str, int], Draft]]] = {
    "kta-pos": _kta.kta_pos,
    "kta-neg": _kta.kta_neg,
    "push": _push.push,
    "write-back": _writeback.write_back,
    "multi-source": _multisource.multi_source,
}


def dump_json(document: Any, *, sort_keys: bool = False) -> bytes:
    """The committed byte form: two-space indent, UTF-8 as is, trailing newline."""
    text = json.dumps(document, indent=2, ensure_ascii=False, sort_keys=sort_keys)
    return (text + "\n").encode("utf-8")


def _drafts(seed: int, category: str) -> list[Draft]:
    prefix = _PREFIX[category]
    out: list[Draft] = []
    for index in range(CATEGORY_COUNTS[category]):
        rng = stream(seed, category, index)
        number = f"{index + 1:03d}"
        if category == "continuity":
            out.extend(_continuity.pair(rng, f"{prefix}-{number}"))
        elif category in _trust.FAMILIES:
            draft = _trust.FAMILIES[category](rng, f"{prefix}-{number}", index)
            draft.fixture_id = f"{draft.fixture_id}-{draft.variant}"
            out.append(draft)
        elif category == "adversarial":
            variant = _adversarial.VARIANTS[index % len(_adversarial.VARIANTS)]
            fixture_id = f"{prefix}-{number}-{variant}"
            out.append(_adversarial.adversarial(rng, fixture_id, variant, index))
        else:
            out.append(_SINGLE[category](rng, f"{prefix}-{number}", index))
    return out


def holdout_count(units: int) -> int:
    """Holdout units for a category of ``units`` (15%, rounded half up)."""
    return (units * HOLDOUT_PERCENT * 2 + 100) // 200


def _mark_holdout(seed: int, category: str, drafts: list[Draft]) -> None:
    units = sorted({draft.unit for draft in drafts})
    chosen = set(stream(seed, "holdout", category).sample(units, holdout_count(len(units))))
    for draft in drafts:
        draft.holdout = draft.unit in chosen


@dataclass(frozen=True)
class GeneratedFixture:
    """One generated fixture: its draft (for statistics) and its two committed documents.

    Attributes:
        draft: The in-memory draft (category, variant, canaries, holdout).
        fixture_rel: Path below ``fixtures/`` (``generated/<category>/<id>.fixture.json``).
        gold_rel: Path below ``gold/``.
        fixture_bytes: The fixture file's bytes.
        gold_bytes: The gold file's bytes.
    """

    draft: Draft
    fixture_rel: str
    gold_rel: str
    fixture_bytes: bytes
    gold_bytes: bytes


#: Progress callback: (categories done, categories, the category just built).
Progress = Callable[[int, int, str], None]


def build(seed: int = DEFAULT_SEED, progress: Progress | None = None) -> list[GeneratedFixture]:
    """Every generated fixture, validated against bb_schema, in category then id order."""
    out: list[GeneratedFixture] = []
    for done, category in enumerate(CATEGORY_COUNTS, start=1):
        drafts = _drafts(seed, category)
        _mark_holdout(seed, category, drafts)
        for draft in drafts:
            fixture, gold = draft.fixture_json(), draft.gold_json()
            Fixture.model_validate(fixture)
            Gold.model_validate(gold)
            name = draft.fixture_id
            out.append(
                GeneratedFixture(
                    draft,
                    f"generated/{category}/{name}.fixture.json",
                    f"generated/{category}/{name}.gold.json",
                    dump_json(fixture),
                    dump_json(gold),
                )
            )
        if progress is not None:
            progress(done, len(CATEGORY_COUNTS), category)
    return out
