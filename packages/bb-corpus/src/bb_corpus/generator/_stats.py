"""Statistics the ledger records about the generated corpus, computed from the drafts.

Nothing here is written by hand: the number of distinct sentence templates per category is
counted from the templates each user turn was actually written from, the mention forms from
the spans the templates declared, and the push budget figures from the gold itself.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any, Protocol

from bb_corpus.generator import _push as push
from bb_corpus.generator._model import Draft


class _Built(Protocol):
    """What the statistics need of a generated fixture."""

    @property
    def draft(self) -> Draft: ...  # pragma: no cover - protocol

    @property
    def gold_bytes(self) -> bytes: ...  # pragma: no cover - protocol


def templates(drafts: Sequence[Draft]) -> int | None:
    """Distinct templates the user turns of ``drafts`` were written from.

    None when the category's builders do not record templates.
    """
    seen: set[str] = set()
    recorded = False
    for draft in drafts:
        for turn in draft.turns:
            if turn.role == "user" and turn.line is not None and turn.line.templates:
                recorded = True
                seen.update(turn.line.templates)
    return len(seen) if recorded else None


def mention_forms(drafts: Sequence[Draft]) -> dict[str, int]:
    """How often each ``role:form`` of a name-like word occurs in the user turns."""
    counts: Counter[str] = Counter()
    for draft in drafts:
        for turn in draft.turns:
            if turn.role == "user" and turn.line is not None:
                counts.update(f"{span.role}:{span.form}" for span in turn.line.spans)
    return dict(sorted(counts.items()))


def _histogram(built: Sequence[_Built], holdout: bool) -> dict[str, int]:
    counts: Counter[int] = Counter()
    for item in built:
        if "push" not in item.draft.suites or item.draft.holdout != holdout:
            continue
        for entry in json.loads(item.gold_bytes)["turns"].values():
            if entry["should_retrieve"]:
                counts[len(set(entry["gold_slugs"]))] += 1
    return {str(size): counts[size] for size in sorted(counts)}


def push_budget(built: Sequence[_Built]) -> dict[str, Any]:
    """The over-budget design of the push family and gold pages per retrieving turn.

    The histogram covers every push-suite fixture (gated and holdout apart); any seam's
    structural recall ceiling follows from it: sum(min(pages, budget)) / sum(pages).
    """
    fixtures = [item.draft for item in built if item.draft.category == "push"]
    return {
        "over_budget_every": push.OVER_BUDGET_EVERY,
        "in_budget_gold_pages": list(push.IN_BUDGET),
        "over_budget_gold_pages": list(push.OVER_BUDGET),
        "over_budget_fixtures": sum(d.variant.startswith("over-budget") for d in fixtures),
        "gold_pages_per_retrieving_turn": {
            "gated": _histogram(built, holdout=False),
            "holdout": _histogram(built, holdout=True),
        },
    }
