"""Push fixtures: asks naming more pages than a pointer budget, some more than every budget.

The first ask names 4-6 pages the ask is about (information-bearing pages: gold), or 7-9 in
an over-budget fixture, more than the most generous seam can push in one turn (3 pointers plus
3 volunteered). Up to two more are named in passing (someone to cc, a note whose format to
reuse): their pages are stubs, acceptable not gold. A re-mention of one of them and a pronoun
follow-up about it stay silent (the page acceptable), a follow-up adds new pages next to a
surfaced one (new gold, old acceptable), and a closing line stays silent.

Which fixtures are over budget is fixed by index (:func:`over_budget`), so the share is exact:
the ledger records it and the root tests derive each seam's structural recall ceiling from it.
"""

from __future__ import annotations

from typing import Final

from bb_corpus.generator import _chatter as chat
from bb_corpus.generator import _moves as moves
from bb_corpus.generator._model import Draft
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._scene import Scene
from bb_corpus.generator._universe import EntityKind

PUSH_SUITES = ("know-to-ask", "push")

#: One push fixture in this many asks about more pages than any seam's budget.
OVER_BUDGET_EVERY: Final = 4
#: Gold pages of the first ask: within and above every budget.
IN_BUDGET: Final = (4, 6)
OVER_BUDGET: Final = (7, 9)

_PRIMARY_KINDS: Final[tuple[EntityKind, ...]] = ("person", "company", "fund", "project")


def over_budget(index: int) -> bool:
    """Whether push fixture ``index`` (0-based) asks about more pages than any budget."""
    return index % OVER_BUDGET_EVERY == OVER_BUDGET_EVERY - 1


def push(rng: Prng, fixture_id: str, index: int) -> Draft:
    """One push fixture."""
    sc = Scene.new(rng)
    low, high = OVER_BUDGET if over_budget(index) else IN_BUDGET
    named = rng.between(low, high)
    in_passing = rng.between(0, 2)
    follow_count = rng.between(1, 2)
    kinds = [rng.choice(_PRIMARY_KINDS) for _ in range(named + follow_count)]
    primary = [sc.cast.of_kind(kind) for kind in kinds]
    secondary = [sc.cast.person() for _ in range(in_passing)]
    sc.add(*primary, stubs=secondary)
    sc.write_pages()
    first, later = primary[:named], primary[named:]
    moves.ask_list(sc, first, secondary)
    sc.reply()
    if rng.chance(1, 2):  # back to one of them by name, then by pronoun: both silent
        moves.remention(sc, rng.choice(first))
        moves.pronoun(sc)
    moves.follow(sc, later, rng.choice(first))
    sc.reply((1, 2))
    moves.chatter(sc, chat.SMALL_TALK)
    budget = "over-budget" if over_budget(index) else "in-budget"
    variant = f"{budget}-{named}-in-passing-{in_passing}"
    return Draft(fixture_id, "push", variant, PUSH_SUITES, sc.pages, sc.conv.turns)
