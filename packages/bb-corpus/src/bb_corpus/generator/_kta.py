"""Know-to-ask fixtures: ``kta-pos`` (memory should surface) and ``kta-neg`` (stay silent).

Both feature pages whose names are also ordinary words, drawn in rotation over every such
name of the pools so that each one is both used ordinarily (a silent turn) and mentioned for
real somewhere in the corpus.

kta-pos conversations ask about every page of a small world, each time in a mention form
drawn from what names that page unambiguously (full name, given name, family name alone or
behind an honorific, family name first, nickname, no diacritics, a slip of the keyboard,
possessives), between ordinary uses of the word-names, pronoun follow-ups and re-mentions
(silent, the page acceptable), pair asks and small talk. kta-neg conversations only talk:
ordinary uses of the pages' names, people the brain does not know (some sharing a page's
given name, some with a different name close to it), small talk, generic questions and
capitalised words that are not names, including a calendar word beside a page titled with it.
"""

from __future__ import annotations

from typing import Final

from bb_corpus.generator import _chatter as chat
from bb_corpus.generator import _moves as moves
from bb_corpus.generator import _pools as v1_pools
from bb_corpus.generator._model import Draft
from bb_corpus.generator._names import word_names
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._scene import Scene
from bb_corpus.generator._universe import Entity, EntityKind, Page

KTA_SUITES = ("know-to-ask", "push")
KTA_NEG_SUITES = ("know-to-ask",)

_OTHER_KINDS: Final[tuple[EntityKind, ...]] = ("person", "person", "company", "fund", "project")


def featured(index: int, count: int, offset: int = 0) -> list[str]:
    """Word-names for fixture ``index``: consecutive entries of the rotation over all of them."""
    every = word_names()
    return [every[(count * index + offset + k) % len(every)] for k in range(count)]


def _world(sc: Scene, words: list[str], others: int) -> list[Entity]:
    bearers = [sc.cast.bearer(word) for word in words]
    extra = [sc.cast.of_kind(sc.rng.choice(_OTHER_KINDS)) for _ in range(others)]
    world = sc.rng.shuffled([*bearers, *extra])
    sc.add(*world)
    return world


def world_bearers(sc: Scene, words: list[str]) -> list[Entity]:
    """The pages of the world that carry ``words`` as a name, in the order of ``words``."""
    return [next(e for e in sc.world if _carries(e, word)) for word in words]


def _carries(entity: Entity, word: str) -> bool:
    return word in (entity.first, entity.last, entity.stem)


def _surfaced(sc: Scene, world: list[Entity]) -> list[Entity]:
    return [e for e in world if e.slug in sc.conv.surfaced]


def word_form(entity: Entity, word: str) -> str:
    """The mention form whose text is the ordinary word itself (the hard reading)."""
    if entity.kind != "person":
        return "stem"
    return "first" if entity.first == word else "surname"


def _asks(sc: Scene, pending: list[Entity], words: dict[str, str]) -> None:
    """Ask about the next pending page: alone, paired with the next, or beside an old one.

    A page named after an ordinary word (``words``: slug -> word) is asked about alone, by
    the bare word or the full name, so the real mention of every such word gets tested.
    """
    entity = pending.pop(0)
    old = _surfaced(sc, sc.world)
    if entity.slug in words:
        form = word_form(entity, words[entity.slug]) if sc.rng.chance(2, 3) else "full"
        moves.ask_one(sc, entity, form)
        return
    roll = sc.rng.below(6)
    if roll == 0 and pending and pending[0].slug not in words:
        moves.ask_pair(sc, entity, pending.pop(0))
    elif roll == 1 and old:
        moves.ask_mixed(sc, entity, sc.rng.choice(old))
    else:
        moves.ask_one(sc, entity)


def kta_pos(rng: Prng, fixture_id: str, index: int) -> Draft:
    """One know-to-ask positive fixture."""
    sc = Scene.new(rng)
    words = featured(index, 2)
    world = _world(sc, words, rng.between(1, 2))
    bearers = {
        entity.slug: word for entity, word in zip(world_bearers(sc, words), words, strict=True)
    }
    sc.write_pages()
    steps = ["ask"] * len(world) + ["use"] * len(words)
    steps += rng.sample(("talk", "pronoun", "remention", "generic", "pronoun"), rng.between(1, 3))
    pending = list(world)
    uses = list(words)
    for step in rng.shuffled(steps):
        old = _surfaced(sc, world)
        if step == "ask" and pending:
            _asks(sc, pending, bearers)
        elif step == "use" and uses:
            moves.ordinary(sc, uses.pop(0))
        elif step == "pronoun" and moves.pronoun(sc) is not None:
            pass
        elif step == "remention" and old:
            moves.remention(sc, rng.choice(old))
        elif step == "generic":
            moves.chatter(sc, chat.GENERIC)
        else:
            moves.chatter(sc, chat.SMALL_TALK)
        sc.reply((1, 3))
    while pending:
        _asks(sc, pending, bearers)
    return Draft(fixture_id, "kta-pos", sc.register.name, KTA_SUITES, sc.pages, sc.conv.turns)


def _calendar(sc: Scene) -> tuple[str, Entity] | None:
    free = [c for c in v1_pools.CALENDAR_CONCEPTS if c[0].lower() not in sc.cast.used]
    if not free:
        return None
    word, title, summary = sc.rng.choice(free)
    concept = Entity("concept", f"concepts/{title.lower().replace(' ', '-')}", title, ())
    sc.cast.claim(word)
    sc.add(concept)
    sc.pages.append(Page(concept, summary, f"The {title} is the {summary.lower()}"))
    return word, concept


def kta_neg(rng: Prng, fixture_id: str, index: int) -> Draft:
    """One know-to-ask negative fixture: every user turn must stay silent."""
    sc = Scene.new(rng)
    words = featured(index, 2, offset=len(word_names()) // 2)
    world = _world(sc, words, rng.between(1, 2))
    calendar = _calendar(sc) if rng.chance(1, 3) else None
    sc.write_pages()
    people = [e for e in world if e.kind == "person"]
    steps = ["use", "use", "use", "unknown"]
    steps += rng.sample(("talk", "generic", "capitalised", "namesake", "near-miss", "talk"), 3)
    if calendar:
        steps.append("calendar")
    for step in rng.shuffled(steps):
        if step == "use":
            word = rng.choice(words)
            if moves.ordinary(sc, word) is None:
                moves.chatter(sc, chat.CAPITALISED)
        elif step == "namesake" and people:
            moves.namesake(sc, rng.choice(people))
        elif step == "near-miss" and people and moves.near_miss(sc, rng.choice(people)):
            pass
        elif step == "calendar" and calendar:
            word = calendar[0]
            sentence = rng.choice(chat.CALENDAR[word])
            sc.ask(sc.use(sentence, word, "initial"), style=False)
        elif step == "unknown":
            moves.unknown(sc)
        elif step == "generic":
            moves.chatter(sc, chat.GENERIC)
        elif step == "capitalised":
            moves.chatter(sc, chat.CAPITALISED)
        else:
            moves.chatter(sc, chat.SMALL_TALK)
        sc.reply((1, 3))
    return Draft(fixture_id, "kta-neg", sc.register.name, KTA_NEG_SUITES, sc.pages, sc.conv.turns)
