"""Know-to-ask and push scoring: replayed turn rows plus sealed gold -> one cell per harness.

Formulas (docs/METHODOLOGY.md, "Metrics"), micro-averaged over the cell's turns, counts first:

* ``know_to_ask_failure_rate`` = |should-retrieve turns where injected ∩ (gold ∪ acceptable)
  = ∅| / |should-retrieve turns|.
* ``false_fire_rate`` = |stay-silent turns with any injection| / |stay-silent turns|.
* ``push_precision`` = Σ|injected ∩ (gold ∪ acceptable)| / Σ|injected|, summed over every turn
  that carries gold and injected anything, should-retrieve or stay-silent: a page pushed into a
  turn that should have stayed silent is an intrusion, so it must cost precision.
* ``push_recall`` = Σ|injected ∩ gold| / Σ|gold| over should-retrieve turns; acceptable pages
  count for precision only.
* ``spurious_injections`` = Σ|injected minus (gold ∪ acceptable)| over every turn with gold: the
  count behind precision's shortfall.
* ``source_isolation_violations`` = Σ|cross_source_slugs| over every replayed turn.
* ``avg_injected_tokens`` = mean ``injected_tokens`` over every replayed turn of the cell.

Injected slugs are counted as a set per turn (a page injected twice is one page). Turns without
a gold entry count for isolation and tokens but not for any rate. A rate whose denominator is
empty is omitted from the cell.

Gold items (``gold_total`` / ``gold_failed``), fixed by the corpus so the gate can compare them:

* know-to-ask: an item is a turn with gold; it fails when it is a know-to-ask failure or a
  false fire.
* push: an item is a gold slug of a should-retrieve turn; ``gold_failed`` = missed gold slugs,
  so ``gold_failed <= gold_total``. A spurious injection is listed as a failure (naming its
  metric) and counted in ``spurious_injections``, never in ``gold_failed``: it is not an item.

Every failure names the metric it counts against; isolation failures are listed too.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final, Literal

from bb_schema import Gold, Suite, TurnGold, TurnRow

from bb_score._cell import CellScore, Failure, ordered_metrics, rate, slug_list, unique
from bb_score._errors import ScoreUserError

__all__ = [
    "RETRIEVAL_SUITES",
    "RetrievalSuite",
    "TurnTally",
    "join_gold",
    "score_retrieval",
    "tally_turns",
    "turn_gold",
]

RetrievalSuite = Literal["know-to-ask", "push"]
RETRIEVAL_SUITES: Final[tuple[RetrievalSuite, ...]] = ("know-to-ask", "push")


def turn_gold(row: TurnRow, gold_by_fixture: Mapping[str, Gold]) -> TurnGold | None:
    """The sealed gold of the row's turn, or None when that turn carries no gold entry.

    Raises:
        ScoreUserError: the row's fixture has no gold document at all.
    """
    gold = gold_by_fixture.get(row.fixture_id)
    if gold is None:
        raise ScoreUserError(
            f"turn row of fixture {row.fixture_id!r} has no gold document; pass the gold "
            f"directory holding {row.fixture_id}.gold.json"
        )
    return gold.for_turn(row.turn_id)


def join_gold(rows: Iterable[TurnRow], gold_by_fixture: Mapping[str, Gold]) -> list[TurnRow]:
    """The rows with ``gold`` set to their turn's TurnGold as a dict, for the Result.

    Gold is joined only after replay, so the rows a system produced never carried it. Rows of
    a fixture without a gold document, or of a turn without a gold entry, keep ``gold=None``.
    """
    joined: list[TurnRow] = []
    for row in rows:
        gold = gold_by_fixture.get(row.fixture_id)
        entry = None if gold is None else gold.for_turn(row.turn_id)
        payload = None if entry is None else entry.model_dump(mode="json")
        joined.append(row.model_copy(update={"gold": payload}))
    return joined


@dataclass
class TurnTally:
    """Counts of one cell's turns, accumulated in (fixture, turn) order, and their failures.

    Both retrieval views are always counted; a cell reports the ones its suite defines (a
    continuity cell reports both, for the reader's own turns).
    """

    turns: int = 0
    tokens: float = 0.0
    gold_turns: int = 0
    should_turns: int = 0
    kta_failures: int = 0
    silent_turns: int = 0
    false_fires: int = 0
    precision_hits: int = 0
    precision_injected: int = 0
    recall_hits: int = 0
    recall_gold: int = 0
    missed: int = 0
    spurious: int = 0
    isolation: int = 0
    kta_out: list[Failure] = field(default_factory=list)
    push_out: list[Failure] = field(default_factory=list)
    isolation_out: list[Failure] = field(default_factory=list)

    def know_to_ask_metrics(self) -> dict[str, float | None]:
        """know_to_ask_failure_rate and false_fire_rate (None: no evidence)."""
        return {
            "know_to_ask_failure_rate": rate(self.kta_failures, self.should_turns),
            "false_fire_rate": rate(self.false_fires, self.silent_turns),
        }

    def push_metrics(self) -> dict[str, float | None]:
        """push_precision, push_recall and the spurious_injections count."""
        return {
            "push_precision": rate(self.precision_hits, self.precision_injected),
            "push_recall": rate(self.recall_hits, self.recall_gold),
            "spurious_injections": float(self.spurious),
        }

    def common_metrics(self) -> dict[str, float | None]:
        """source_isolation_violations and avg_injected_tokens, over every replayed turn."""
        return {
            "source_isolation_violations": float(self.isolation),
            "avg_injected_tokens": self.tokens / self.turns if self.turns else None,
        }


def _cell_rows(rows: Iterable[TurnRow], harness: str, suite: Suite) -> list[TurnRow]:
    selected = sorted(
        (row for row in rows if row.harness == harness and row.suite == suite),
        key=lambda row: (row.fixture_id, row.turn_id),
    )
    for before, after in zip(selected, selected[1:], strict=False):
        if (before.fixture_id, before.turn_id) == (after.fixture_id, after.turn_id):
            raise ScoreUserError(
                f"turn {after.turn_id!r} of fixture {after.fixture_id!r} was replayed twice on "
                f"harness {harness!r} suite {suite!r}; each turn must yield exactly one row"
            )
    return selected


def _know_to_ask(tally: TurnTally, row: TurnRow, gold: TurnGold, injected: list[str]) -> None:
    item = f"turn {row.turn_id}"
    out = tally.kta_out
    if gold.should_retrieve:
        tally.should_turns += 1
        relevant = set(gold.gold_slugs) | set(gold.acceptable_slugs)
        if relevant.isdisjoint(injected):
            tally.kta_failures += 1
            wanted = slug_list(gold.gold_slugs)
            if injected:
                reason = (
                    f"should retrieve {wanted}: injected {slug_list(injected)}, "
                    "none gold or acceptable"
                )
            else:
                reason = f"should retrieve {wanted}: injected nothing"
            out.append(Failure(row.fixture_id, item, reason, "know_to_ask_failure_rate"))
    else:
        tally.silent_turns += 1
        if injected:
            tally.false_fires += 1
            reason = f"false fire: stay-silent turn injected {slug_list(injected)}"
            out.append(Failure(row.fixture_id, item, reason, "false_fire_rate"))


def _push(tally: TurnTally, row: TurnRow, gold: TurnGold, injected: list[str]) -> None:
    relevant = set(gold.gold_slugs) | set(gold.acceptable_slugs)
    out = tally.push_out
    tally.precision_injected += len(injected)
    tally.precision_hits += sum(1 for slug in injected if slug in relevant)
    if gold.should_retrieve:
        for slug in unique(gold.gold_slugs):
            tally.recall_gold += 1
            if slug in injected:
                tally.recall_hits += 1
            else:
                tally.missed += 1
                shown = slug_list(injected) if injected else "nothing"
                reason = f"should retrieve {slug}: not injected (injected {shown})"
                item = f"turn {row.turn_id} {slug}"
                out.append(Failure(row.fixture_id, item, reason, "push_recall"))
    for slug in injected:
        if slug not in relevant:
            tally.spurious += 1
            kind = "should-retrieve" if gold.should_retrieve else "stay-silent"
            reason = f"spurious: injected {slug} on a {kind} turn: not gold or acceptable"
            item = f"turn {row.turn_id} {slug}"
            out.append(Failure(row.fixture_id, item, reason, "spurious_injections"))


def tally_turns(rows: Iterable[TurnRow], gold_by_fixture: Mapping[str, Gold]) -> TurnTally:
    """Count know-to-ask, push, isolation and tokens over ``rows`` (one cell's rows, sorted).

    Raises:
        ScoreUserError: a row's fixture has no gold document.
    """
    tally = TurnTally()
    tokens: list[float] = []
    for row in rows:
        tally.turns += 1
        tokens.append(row.injected_tokens)
        injected = unique(row.injected_slugs)
        foreign = unique(row.cross_source_slugs)
        tally.isolation += len(foreign)
        if foreign:
            reason = f"source isolation: injected {slug_list(foreign)} from a non-active source"
            item = f"turn {row.turn_id}"
            metric = "source_isolation_violations"
            tally.isolation_out.append(Failure(row.fixture_id, item, reason, metric))
        gold = turn_gold(row, gold_by_fixture)
        if gold is None:
            continue
        tally.gold_turns += 1
        _know_to_ask(tally, row, gold, injected)
        _push(tally, row, gold, injected)
    tally.tokens = math.fsum(tokens)
    return tally


def score_retrieval(
    rows: Iterable[TurnRow],
    gold_by_fixture: Mapping[str, Gold],
    *,
    harness: str,
    suite: RetrievalSuite,
) -> CellScore:
    """Score the know-to-ask or push cell of one harness from its turn rows.

    Rows of other harnesses or suites are ignored; ``gold`` on the rows is ignored too (the
    sealed gold documents are the only authority).

    Raises:
        ScoreUserError: a row's fixture has no gold document, or a turn was replayed twice.
    """
    selected = _cell_rows(rows, harness, suite)
    tally = tally_turns(selected, gold_by_fixture)
    if suite == "know-to-ask":
        specific = tally.know_to_ask_metrics()
        gold_total = tally.gold_turns
        gold_failed = tally.kta_failures + tally.false_fires
        failures = tally.kta_out
    else:
        specific = tally.push_metrics()
        gold_total = tally.recall_gold
        gold_failed = tally.missed
        failures = tally.push_out
    return CellScore(
        gold_total=gold_total,
        gold_failed=gold_failed,
        metrics=ordered_metrics({**specific, **tally.common_metrics()}),
        fixtures=tuple(sorted({row.fixture_id for row in selected})),
        failures=_in_turn_order([*tally.isolation_out, *failures]),
    )


def _in_turn_order(failures: list[Failure]) -> tuple[Failure, ...]:
    """Failures by fixture then turn (isolation before the turn's own), as rows were scored."""

    def key(failure: Failure) -> tuple[str, int]:
        words = failure.item.split()
        return failure.fixture_id, int(words[1]) if len(words) > 1 and words[1].isdigit() else 0

    return tuple(sorted(failures, key=key))
