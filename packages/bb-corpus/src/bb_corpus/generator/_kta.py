"""Know-to-ask fixtures: ``kta-pos`` (memory should surface) and ``kta-neg`` (stay silent).

kta-pos conversations follow one of four shapes that mix full-name, possessive and short-alias
mentions with small talk, re-mentions (silent) and a new entity beside a re-mentioned one (new
is gold, old is acceptable). kta-neg conversations name nothing the brain knows: small talk,
generic questions, capitalised non-entities (including a calendar word next to a page whose
title starts with it) and people or companies the brain has no page for.
"""

from __future__ import annotations

from bb_corpus.generator import _phrases as ph
from bb_corpus.generator._model import Conversation, Draft, Line
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._universe import Entity, EntityKind, Namer, Page, describe

KTA_SUITES = ("know-to-ask", "push")
KTA_NEG_SUITES = ("know-to-ask",)


def _world(rng: Prng, namer: Namer, extra: int) -> list[Entity]:
    optional: list[EntityKind] = ["person", "fund", "project", "company"]
    kinds: list[EntityKind] = ["person", "company", *rng.sample(optional, extra)]
    return [namer.of_kind(kind) for kind in kinds]


def _pages(rng: Prng, world: list[Entity]) -> list[Page]:
    return [describe(rng, entity, world) for entity in world]


def kta_pos(rng: Prng, fixture_id: str, index: int) -> Draft:
    """One know-to-ask positive fixture; ``index`` spreads the four shapes evenly."""
    namer = Namer(rng)
    world = _world(rng, namer, rng.between(2, 3))
    pages = _pages(rng, world)
    a, b, c = rng.shuffled(world)[:3]
    conv = Conversation(frozenset(e.slug for e in world))
    shape = index % 4
    if shape == 0:
        conv.ask(ph.ask_pair(rng, a, b))
        conv.say(rng.choice(ph.ASSISTANT))
        conv.ask(ph.plain(rng, ph.SMALL_TALK))
        conv.ask(ph.ask_mixed(rng, c, a))
    elif shape == 1:
        conv.ask(ph.ask_one(rng, a, "full"))
        conv.say(rng.choice(ph.ASSISTANT))
        conv.ask(ph.remention(rng, a))
        conv.ask(ph.ask_one(rng, b, "short"))
        conv.say(rng.choice(ph.ASSISTANT))
        conv.ask(ph.ask_one(rng, c, "possessive"))
    elif shape == 2:
        conv.ask(ph.plain(rng, ph.SMALL_TALK))
        conv.ask(ph.ask_one(rng, a, "possessive"))
        conv.say(rng.choice(ph.ASSISTANT))
        conv.ask(ph.ask_pair(rng, b, c))
        conv.ask(ph.plain(rng, ph.SMALL_TALK))
    else:
        conv.ask(ph.ask_one(rng, a, "full"))
        conv.say(rng.choice(ph.ASSISTANT))
        conv.ask(ph.ask_mixed(rng, b, a))
        conv.say(rng.choice(ph.ASSISTANT))
        conv.ask(ph.remention(rng, b))
        conv.ask(ph.ask_one(rng, c, "full"))
    return Draft(fixture_id, "kta-pos", f"shape-{shape}", KTA_SUITES, pages, conv.turns)


def _unknown_name(rng: Prng, namer: Namer) -> str:
    kind: EntityKind = rng.choice(("person", "company", "fund"))
    return namer.of_kind(kind).title


def kta_neg(rng: Prng, fixture_id: str, index: int) -> Draft:
    """One know-to-ask negative fixture: every user turn must stay silent."""
    namer = Namer(rng)
    world = _world(rng, namer, rng.between(1, 2))
    pages = _pages(rng, world)
    kinds = ["calendar", "unknown", rng.choice(("capitalised", "unknown", "calendar"))]
    kinds += rng.sample(("small-talk", "generic", "capitalised"), rng.between(1, 2))
    conv = Conversation(frozenset(e.slug for e in world))
    calendar_used = False
    for kind in rng.shuffled(kinds):
        if kind == "calendar" and not calendar_used:
            word, concept, summary = namer.concept()
            pages.append(Page(concept, summary, f"The {concept.title} is the {summary.lower()}"))
            conv = Conversation(conv.known | {concept.slug}, turns=conv.turns)
            conv.ask(Line(rng.choice(ph.CALENDAR_LINES[word])))
            calendar_used = True
        elif kind in ("unknown", "calendar"):
            conv.ask(ph.unknown(rng, _unknown_name(rng, namer)))
        elif kind == "small-talk":
            conv.ask(ph.plain(rng, ph.SMALL_TALK))
        elif kind == "generic":
            conv.ask(ph.plain(rng, ph.GENERIC_QUESTIONS))
        else:
            conv.ask(ph.plain(rng, ph.CAPITALISED_NON_ENTITIES))
        if rng.chance(1, 3):
            conv.say(rng.choice(ph.ASSISTANT))
    return Draft(fixture_id, "kta-neg", "silent", KTA_NEG_SUITES, pages, conv.turns)
