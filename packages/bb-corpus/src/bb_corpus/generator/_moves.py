"""Turn recipes shared by the retrieval families: one function per kind of user turn.

Each draws its template from the banks (:mod:`_asks`, :mod:`_chatter`, :mod:`_styles`,
:mod:`_wordnames`), fills it with typed names from the scene and adds the turn, so the turn's
gold is whatever the recipe put in it: a mention, a pronoun, a shared name, an ordinary word.
"""

from __future__ import annotations

from collections.abc import Sequence

from bb_corpus.generator import _asks as asks
from bb_corpus.generator import _chatter as chat
from bb_corpus.generator import _names as names
from bb_corpus.generator import _styles as styles
from bb_corpus.generator._cast import words
from bb_corpus.generator._model import Line
from bb_corpus.generator._scene import Scene
from bb_corpus.generator._text import Name, Slot, Utterance, join, plain, then
from bb_corpus.generator._universe import Entity
from bb_corpus.generator._wordnames import USES, UseKind


def ask_one(sc: Scene, entity: Entity, form: str | None = None) -> Line:
    """Ask about one page, in the register's shape: a question, a fragment, a pasted email."""
    if sc.rng.below(12) < sc.register.email:
        sender = Name(sc.cast.stranger(), "stranger", (), "sender")
        body = sc.fill(sc.pick(styles.SNIPPETS), {"e": sc.mention(entity, form), "x": sender})
        return sc.ask(sc.fill(sc.pick(styles.EMAIL), {"quote": body}), wrap=False)
    short = sc.rng.below(12) < sc.register.short
    template = sc.pick(asks.ANY if short else asks.BY_KIND[entity.kind])
    name = sc.mention(entity, form, possessive="{e_s}" in template)
    return sc.ask(sc.fill(template, {"e": name, "e_s": name}))


def ask_pair(sc: Scene, a: Entity, b: Entity) -> Line:
    """Ask about two pages at once."""
    bank: tuple[str, ...] = asks.PAIR
    if a.kind == "person" and b.kind == "company":
        bank = asks.PAIR + asks.PAIR_PERSON_COMPANY
    return sc.ask(sc.fill(sc.pick(bank), {"a": sc.mention(a), "b": sc.mention(b)}))


def ask_mixed(sc: Scene, new: Entity, old: Entity) -> Line:
    """A new page beside one an earlier turn surfaced."""
    bank = asks.MIXED + (asks.MIXED_PERSON if new.kind == "person" else ())
    return sc.ask(sc.fill(sc.pick(bank), {"new": sc.mention(new), "old": sc.mention(old)}))


def remention(sc: Scene, entity: Entity) -> Line:
    """Name a page an earlier turn surfaced, asking nothing new about it."""
    return sc.ask(sc.fill(sc.pick(chat.REMENTION), {"e": sc.mention(entity)}))


def pronoun(sc: Scene, entity: Entity | None = None) -> Line | None:
    """Refer back by pronoun only to the one page the last user turn was about.

    Returns None (and adds no turn) when that turn was about several, or about another page
    than ``entity``.
    """
    antecedent = sc.antecedent()
    if antecedent is None or (entity is not None and antecedent != entity):
        return None
    entity = antecedent
    bank = chat.PRONOUN_PERSON if entity.kind == "person" else chat.PRONOUN_ORG
    return sc.ask(sc.fill(sc.pick(bank), sc.pronouns(entity)))


def usable_uses(sc: Scene, word: str) -> list[tuple[UseKind, str]]:
    """The ordinary uses of ``word`` whose other words are no name of the fixture.

    The ones this fixture has not used yet come first.
    """
    taboo = sc.page_words() | frozenset(sc.cast.used)
    own = words(word)[0]
    usable = [
        (kind, sentence)
        for kind, sentence in USES[word]
        if not any(w in taboo and w != own for w in words(sentence))
    ]
    fresh = [u for u in usable if u[1] not in sc.spent]
    return fresh or usable


def ordinary(sc: Scene, word: str, kind: str | None = None) -> Line | None:
    """Use ``word`` (a page's name) in its ordinary sense; None when no use fits."""
    options = [u for u in usable_uses(sc, word) if kind is None or u[0] == kind]
    if not options:
        return None
    use_kind, sentence = sc.rng.choice(options)
    sc.spent.add(sentence)
    # Sentence-initial uses keep their capital: no lowercase typing, no wrapper before them.
    initial = use_kind == "initial"
    return sc.ask(sc.use(sentence, word, use_kind), style=not initial, wrap=not initial)


def chatter(sc: Scene, bank: Sequence[str]) -> Line:
    """A turn from a bank of field-free templates (small talk, generic, capitalised)."""
    return sc.ask(plain(sc.pick(bank)), wrap=bank is not chat.SMALL_TALK)


def unknown(sc: Scene) -> Line:
    """Ask about somebody the brain has no page for."""
    who = Name(sc.cast.stranger(), "stranger", (), "unknown")
    return sc.ask(sc.fill(sc.pick(chat.UNKNOWN), {"x": who}))


def namesake(sc: Scene, person: Entity) -> Line:
    """Ask about somebody else who shares a page's given name (full name: no page)."""
    who = Name(sc.cast.stranger(given=person.first), "stranger", (), "namesake")
    return sc.ask(sc.fill(sc.pick(chat.UNKNOWN), {"x": who}))


def near_miss(sc: Scene, person: Entity) -> Line | None:
    """Ask about somebody whose given name is a different name close to a page's."""
    taboo = sc.page_words() | frozenset(sc.cast.used)
    options = [n for n in names.NEAR_NAMES.get(person.first, ()) if words(n)[0] not in taboo]
    if not options:
        return None
    who = Name(sc.cast.stranger(given=sc.rng.choice(options)), "stranger", (), "near-miss")
    return sc.ask(sc.fill(sc.pick(chat.UNKNOWN), {"x": who}))


def ambiguous(sc: Scene, text: str, holders: Sequence[Entity], form: str) -> Line:
    """Use a name several pages share: no telling which is meant."""
    shared = Name(text, "ambiguous", tuple(holders), form)
    return sc.ask(sc.fill(sc.pick(chat.AMBIGUOUS), {"x": shared}))


def _list_form(sc: Scene, entity: Entity) -> str:
    return "full" if sc.rng.chance(3, 5) else sc.rng.choice(sc.forms(entity))


def ask_list(sc: Scene, entities: Sequence[Entity], in_passing: Sequence[Entity]) -> Line:
    """Ask about many pages at once, naming some more in passing (cc, a note's format)."""
    template = sc.pick(asks.LIST)
    mentions = [sc.mention(e, _list_form(sc, e)) for e in entities]
    style = sc.rng.choice(("and", "and", "comma", "slash"))
    utterance = sc.fill(
        template, {"list": join(mentions, style=style), "bullets": join(mentions, style="bullets")}
    )
    block = template.endswith("{bullets}")  # after a bulleted block: a new line, not a space
    for entity in in_passing:
        mention = sc.mention(entity, "full", role="secondary")
        extra = sc.fill(sc.pick(asks.IN_PASSING), {"s": mention})
        if block:
            first = extra.pieces[0]
            lead = "\n" + first.lstrip() if isinstance(first, str) else first
            extra = Utterance((lead, *extra.pieces[1:]), extra.templates)
            block = False
        utterance = then(utterance, extra)
    return sc.ask(utterance, wrap=False)


def follow(sc: Scene, later: Sequence[Entity], old: Entity) -> Line:
    """Add pages next to one an earlier turn surfaced."""
    mentions = [sc.mention(e, _list_form(sc, e)) for e in later]
    slots: dict[str, Slot] = {"list": join(mentions), "old": sc.mention(old)}
    return sc.ask(sc.fill(sc.pick(asks.FOLLOW), slots))
