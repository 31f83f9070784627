"""Push fixtures: multi-entity asks that name more pages than any pointer budget.

The first ask names 4-6 pages. The ones the ask is about have information-bearing pages and
are gold; up to two more are named only in passing (someone to cc, a note to reuse) and their
pages are stubs, so they are acceptable, not gold. A follow-up adds new pages next to a
re-mentioned one (new gold, old acceptable), and a closing thank-you stays silent.
"""

from __future__ import annotations

from typing import Final

from bb_corpus.generator import _phrases as ph
from bb_corpus.generator._model import Conversation, Draft, Line
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._universe import Entity, EntityKind, Namer, describe, stub

PUSH_SUITES = ("know-to-ask", "push")

_ASKS: Final = (
    "Prep me for the partner meeting: I need the latest on {list}.",
    "Give me a one-line status for each of {list}.",
    "Before the offsite, summarize where we stand with {list}.",
    "I have ten minutes. Brief me on {list}.",
    "Draft my weekly update covering {list}.",
)
_SECONDARY: Final = (
    " Cc {s} on the summary.",
    " Keep the format of the note we sent {s}.",
    " {s} asked for a copy too.",
)
_FOLLOW: Final = (
    "Also add {list} to that, next to {old}.",
    "One more thing: fold {list} into the {old} section.",
    "Can you also cover {list}? Put that after {old}.",
)

_PRIMARY_KINDS: Final[tuple[EntityKind, ...]] = ("person", "company", "fund", "project")


def _named_counts(rng: Prng) -> tuple[int, int]:
    """(named, secondary) with at least four gold pages per ask."""
    named = rng.between(4, 6)
    return named, rng.between(0, named - 4 if named < 6 else 2)


def push(rng: Prng, fixture_id: str, index: int) -> Draft:
    """One push fixture."""
    namer = Namer(rng)
    named, secondary_count = _named_counts(rng)
    follow_count = rng.between(1, 2)
    kinds = [rng.choice(_PRIMARY_KINDS) for _ in range(named - secondary_count + follow_count)]
    primary = [namer.of_kind(kind) for kind in kinds]
    secondary = [namer.person() for _ in range(secondary_count)]
    world = primary + secondary
    pages = [describe(rng, e, world) for e in primary] + [stub(e) for e in secondary]
    first, later = primary[: len(primary) - follow_count], primary[len(primary) - follow_count :]
    text = rng.choice(_ASKS).format(list=ph.join_names([e.title for e in first]))
    for entity in secondary:
        text += rng.choice(_SECONDARY).format(s=entity.title)
    conv = Conversation(frozenset(e.slug for e in world))
    conv.ask(Line(text, named=tuple(first), secondary=tuple(secondary)))
    conv.say(rng.choice(ph.ASSISTANT))
    old: Entity = rng.choice(first)
    follow = rng.choice(_FOLLOW).format(list=ph.join_names([e.title for e in later]), old=old.title)
    conv.ask(Line(follow, named=(*later, old)))
    conv.ask(ph.plain(rng, ph.SMALL_TALK))
    variant = f"named-{named}-secondary-{secondary_count}"
    return Draft(fixture_id, "push", variant, PUSH_SUITES, pages, conv.turns)
