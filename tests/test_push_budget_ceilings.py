"""The committed corpus lets the push budgets cap recall, and leaves the recall floors reachable.

A seam that may push ``b`` pages on a turn can recall at most ``min(pages, b)`` of a turn's
gold pages, so its structural ceiling on the gated corpus is sum(min(pages, b)) / sum(pages)
over the push suite's should-retrieve turns. The corpus must have turns with more gold pages
than even the most generous seam's budget (otherwise recall near 1.0 is built in), in a share
that keeps every row's ceiling clearly above its pre-registered floor (otherwise the floor
would measure the corpus, not the memory system). The budgets are read from the seams and the
floors from the gate's table, so a change to either is checked against the corpus here.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from bb_adapters.seams import BUILTIN
from bb_corpus import LoadedCorpus, load_corpus
from bb_gate.floors import FLOORS

ROOT = Path(__file__).resolve().parents[1]
EVALS = ROOT / "evals" / "brainbench"
ROWS = ("openclaw", "claude-code", "codex")
#: How far above its floor a row's ceiling must stay: room for the misses a real system makes.
MARGIN = 0.05


@cache
def corpus() -> LoadedCorpus:
    return load_corpus(EVALS / "fixtures", EVALS / "gold")


def budget(row: str) -> int:
    """Pages a row may push on one turn: its pointer budget plus volunteered pages."""
    settings = BUILTIN[row].settings
    return settings.pointer_budget + (settings.volunteer_max_pages if settings.volunteer else 0)


def gold_sizes() -> list[int]:
    """Gold pages of every should-retrieve turn of the gated push suite."""
    sizes = []
    for fixture in corpus().gated():
        if "push" not in fixture.suites:
            continue
        for turn in corpus().gold_for(fixture.fixture_id).turns.values():
            if turn.should_retrieve:
                sizes.append(len(set(turn.gold_slugs)))
    return sizes


def ceiling(row: str) -> float:
    sizes = gold_sizes()
    return sum(min(size, budget(row)) for size in sizes) / sum(sizes)


def test_the_budgets_are_the_ones_the_corpus_was_designed_against() -> None:
    assert [budget(row) for row in ROWS] == [6, 5, 1]


def test_some_turns_ask_for_more_pages_than_every_budget() -> None:
    most = max(budget(row) for row in ROWS)
    over = [size for size in gold_sizes() if size > most]
    assert len(over) >= 10
    # The ordering the methodology pre-registers shows on those turns: 6 > 5 > 1 pages.
    recalls = [sum(min(size, budget(row)) for size in over) / sum(over) for row in ROWS]
    assert recalls == sorted(recalls, reverse=True) and len(set(recalls)) == 3


@pytest.mark.parametrize("row", ROWS)
def test_every_row_can_still_reach_its_recall_floor(row: str) -> None:
    (floor,) = [f for f in FLOORS if f.metric == "push_recall" and f.harness == row]
    assert ceiling(row) < 1.0  # the budget caps recall on this corpus
    assert ceiling(row) >= floor.bound + MARGIN, (row, ceiling(row), floor.bound)
