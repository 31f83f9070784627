"""Adversarial fixtures: the hard edges of reading names, one variant per fixture.

Silent traps, each followed by a turn that does retrieve, so both readings are tested:

* ``word-name``: a page's name used as an ordinary word (an idiom, a compound, a verb, a
  month, a place), then the page mentioned for real, then another ordinary use;
* ``sentence-initial``: the ordinary word capitalised at the start of a sentence ("Will you
  send..."), then a real mention in the same position ("Will said...");
* ``near-miss``: a different given name close to a page's ("Gracie Santos" beside "Grace
  Okafor"): somebody else, silent;
* ``namesake``: somebody with the same given name as a page but another family name: silent;
* ``ambiguous``: a given name, family name or stem two pages share: silent, both acceptable;
* ``suffix``: the page is "Nate Harlow Jr."; "Nate Harlow Sr." is his father: silent (the
  page is then named in full). Alternately: "Nate Harlow" alone names the page.

Mentions that do name a page, in the forms a careful reader still resolves: ``lowercase``,
``surname`` (alone, behind an honorific, with "-san"), ``family-first``, ``misspelled`` (one
slip, unambiguous among the fixture's names), ``diacritics`` (typed without them),
``nickname`` (recorded on the page), ``pronoun`` (a mention, then pronoun follow-ups: silent,
the page acceptable) and ``outdated`` (a page with an outdated and a current statement).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bb_corpus.generator import _asks as asks
from bb_corpus.generator import _chatter as chat
from bb_corpus.generator import _moves as moves
from bb_corpus.generator import _names as names
from bb_corpus.generator import _styles as styles
from bb_corpus.generator._cast import fold
from bb_corpus.generator._kta import word_form
from bb_corpus.generator._model import Draft
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._scene import Scene
from bb_corpus.generator._text import Name
from bb_corpus.generator._universe import Entity, Page, a_day
from bb_corpus.generator._wordnames import USES

ADVERSARIAL_SUITES = ("know-to-ask", "push")
VARIANTS: Final = (
    "word-name", "sentence-initial", "near-miss", "namesake", "ambiguous", "lowercase",
    "surname", "family-first", "misspelled", "diacritics", "nickname", "pronoun", "outdated",
    "suffix",
)  # fmt: skip

_LOWERCASE: Final = next(r for r in styles.REGISTERS if r.name == "lowercase")
_PLAIN: Final = next(r for r in styles.REGISTERS if r.name == "plain")


def _others(sc: Scene, count: int) -> list[Entity]:
    return [sc.cast.of_kind(sc.rng.choice(("company", "fund", "project", "person")))
            for _ in range(count)]  # fmt: skip


def _rotation(index: int, pool: tuple[str, ...]) -> str:
    return pool[(index // len(VARIANTS)) % len(pool)]


def _word_name(sc: Scene, index: int) -> None:
    word = _rotation(index, names.word_names()[::-1])
    bearer = sc.cast.bearer(word)
    other = _others(sc, 1)[0]
    sc.add(bearer, other)
    sc.write_pages()
    kinds = sc.rng.shuffled([k for k, _ in moves.usable_uses(sc, word)])
    moves.ordinary(sc, word, kinds[0] if kinds else None)
    moves.ask_one(sc, bearer, word_form(bearer, word))
    sc.reply((1, 2))
    if len(kinds) > 1:
        moves.ordinary(sc, word, kinds[1])
    moves.ask_one(sc, other)


#: Word-names with a sentence-initial ordinary use (codenames left out: "Pilot came up in
#: standup" leaves a careful reader unsure whether a name is meant).
_INITIAL: Final = tuple(
    w for w in names.word_names()
    if w not in names.WORD_CODENAMES and any(k == "initial" for k, _ in USES[w])
)  # fmt: skip
_LEADING: Final = tuple(t for bank in asks.BY_KIND.values() for t in bank if t.startswith("{e}"))


def _sentence_initial(sc: Scene, index: int) -> None:
    word = _rotation(index, _INITIAL)
    bearer = sc.cast.bearer(word)
    other = _others(sc, 1)[0]
    sc.add(bearer, other)
    sc.write_pages()
    if moves.ordinary(sc, word, "initial") is None:
        moves.ordinary(sc, word)
    leading = [t for t in _LEADING if t in asks.BY_KIND[bearer.kind]] or list(_LEADING)
    name = sc.mention(bearer, word_form(bearer, word))
    sc.ask(sc.fill(sc.pick(leading), {"e": name, "e_s": name}), wrap=False)
    sc.reply((1, 2))
    moves.ask_one(sc, other)


_NEAR_GIVEN: Final = tuple(g for c in names.CULTURES for g in c.given if g.name in names.NEAR_NAMES)


def _near_miss(sc: Scene, index: int) -> None:
    target = sc.cast.person(given=sc.rng.choice(_NEAR_GIVEN))
    other = _others(sc, 1)[0]
    sc.add(target, other)
    sc.write_pages()
    if moves.near_miss(sc, target) is None:  # pragma: no cover - every pinned name has one
        moves.unknown(sc)
    moves.ask_one(sc, other)
    sc.reply((1, 2))
    moves.ask_one(sc, target, "full")


def _namesake(sc: Scene, index: int) -> None:
    target = sc.cast.person()
    sc.add(target, *_others(sc, 1))
    sc.write_pages()
    moves.namesake(sc, target)
    sc.reply((1, 2))
    moves.chatter(sc, chat.SMALL_TALK)
    moves.ask_one(sc, target, "full")
    moves.ask_one(sc, sc.world[1])


def _ambiguous(sc: Scene, index: int) -> None:
    shape = (index // len(VARIANTS)) % 3  # given name, family name, stem: in turn
    if shape == 0:
        first = sc.cast.person()
        given = next(g for c in names.CULTURES for g in c.given if g.name == first.first)
        second = sc.cast.person(given=given)
        shared, form = first.first, "first"
    elif shape == 1:
        first = sc.cast.person(words_ok=False)
        second = sc.cast.person(family=first.last)
        shared, form = first.last, "surname"
    else:
        first = sc.cast.company()
        second = sc.cast.project(first.stem)
        shared, form = first.stem, "stem"
    sc.add(first, second, *_others(sc, 1))
    sc.write_pages()
    moves.ambiguous(sc, shared, (first, second), form)
    sc.reply((1, 2))
    pick = sc.rng.choice((first, second))
    moves.ask_one(sc, pick, "full")
    if sc.rng.chance(1, 2):
        moves.chatter(sc, chat.SMALL_TALK)
    moves.ask_one(sc, second if pick is first else first, "full")


def _forms_variant(form: str, make: Callable[[Scene], Entity]) -> Callable[[Scene, int], None]:
    def build(sc: Scene, index: int) -> None:
        target = make(sc)
        others = _others(sc, 2)
        sc.add(target, *others)
        sc.write_pages()
        moves.ask_one(sc, target, form)
        sc.reply((1, 2))
        moves.chatter(sc, sc.rng.choice((chat.SMALL_TALK, chat.GENERIC)))
        moves.ask_one(sc, others[0], form if form in sc.forms(others[0]) else None)
        if sc.rng.chance(1, 2):
            moves.ask_one(sc, others[1])

    return build


def _lowercase(sc: Scene, index: int) -> None:
    sc.register = _LOWERCASE
    target = sc.cast.person() if sc.rng.chance(1, 2) else sc.cast.company()
    others = _others(sc, 2)
    sc.add(target, *others)
    sc.write_pages()
    for entity in (target, others[0]):
        form = sc.rng.choice([f for f in sc.forms(entity) if f not in ("misspelled", "folded")])
        moves.ask_one(sc, entity, form)
        sc.reply((1, 2))
    moves.chatter(sc, chat.SMALL_TALK)
    moves.ask_one(sc, others[1])


def _family_first(sc: Scene) -> Entity:
    options = [(c, g) for c in names.CULTURES if c.family_first for g in c.given]
    culture, given = sc.rng.choice(options)
    return sc.cast.person(given=given, family=sc.rng.choice(culture.family))


def _diacritics(sc: Scene) -> Entity:
    options = [
        (c, g) for c in names.CULTURES for g in c.given
        if fold(g.name) != g.name or any(fold(f) != f for f in c.family)
    ]  # fmt: skip
    culture, given = sc.rng.choice(options)
    families = [f for f in culture.family if fold(f) != f] or list(culture.family)
    return sc.cast.person(given=given, family=sc.rng.choice(families))


def _nickname(sc: Scene) -> Entity:
    options = [g for c in names.CULTURES for g in c.given if g.nickname]
    return sc.cast.person(given=sc.rng.choice(options))


_SAN: Final = next(c for c in names.CULTURES if c.san)


def _surname_variant(sc: Scene, index: int) -> None:
    form = ("san", "honorific", "surname")[(index // len(VARIANTS)) % 3]  # each in turn
    if form == "san":
        target = sc.cast.person(given=sc.rng.choice(_SAN.given), family=sc.rng.choice(_SAN.family))
    else:
        target = sc.cast.person()
    others = _others(sc, 2)
    sc.add(target, *others)
    sc.write_pages()
    moves.ask_one(sc, target, form)
    sc.reply((1, 2))
    if moves.pronoun(sc, target) is None:
        moves.chatter(sc, chat.SMALL_TALK)
    moves.ask_one(sc, others[0])
    moves.ask_one(sc, others[1], "full")


def _pronoun(sc: Scene, index: int) -> None:
    first = sc.cast.person()
    second = sc.cast.of_kind(sc.rng.choice(("company", "project", "person")))
    sc.add(first, second, *_others(sc, 1))
    sc.write_pages()
    for entity in (first, second):
        moves.ask_one(sc, entity)
        sc.reply((1, 2))
        if moves.pronoun(sc, entity) is None:  # the ask named somebody else too: re-mention
            moves.remention(sc, entity)
            moves.pronoun(sc, entity)
    moves.chatter(sc, chat.SMALL_TALK)


def _outdated(sc: Scene, index: int) -> None:
    target = sc.cast.person()
    others = _others(sc, 2)
    sc.add(target, *others)
    old_role, new_role = sc.rng.sample(("CFO", "COO", "head of product", "VP of sales"), 2)
    before, since = sorted((a_day(sc.rng), a_day(sc.rng)))
    company = next((e.title for e in others if e.kind == "company"), "a stealth startup")
    sc.pages.append(
        Page(
            target,
            f"Now {new_role} of {company}; previously {old_role}.",
            f"Outdated: until {before.isoformat()}, {target.title} was {old_role} of {company}. "
            f"Current: since {since.isoformat()}, {target.title} is {new_role} of {company}. "
            "Prefers written updates before any call.",
        )
    )
    sc.write_pages()
    ask = sc.pick(("Is {e} still the {role}, or did that change?",
                   "What is {e} doing these days? Still {role}?",
                   "quick check: {e}, still {role}?"))  # fmt: skip
    sc.ask(sc.fill(ask, {"e": sc.mention(target), "role": old_role}))
    moves.chatter(sc, chat.SMALL_TALK)
    moves.ask_one(sc, others[0])


def _suffix(sc: Scene, index: int) -> None:
    english = names.CULTURES[0]
    given = sc.rng.choice([g for g in english.given
                           if g not in names.WORD_GIVEN and g.pronoun == "he"])  # fmt: skip
    target = sc.cast.person(given=given, suffix=sc.rng.choice(names.SUFFIXES))
    others = _others(sc, 1)
    sc.add(target, *others)
    sc.write_pages()
    if (index // len(VARIANTS)) % 2 == 0:
        # The name without its suffix: still the page (nobody else is called that here).
        moves.ask_one(sc, target, "no-suffix")
        sc.reply((1, 2))
        moves.chatter(sc, chat.SMALL_TALK)
        moves.ask_one(sc, others[0])
        return
    # The same name with another suffix: the father or the son, not the page. The page is
    # then named with its own suffix, so no turn leaves a reader unsure which one is meant.
    relative = next(x for x in names.SUFFIXES if x != target.suffix)
    kin = Name(f"{target.first} {target.last} {relative}", "stranger", (), "other-suffix")
    sc.ask(sc.fill(sc.pick(chat.UNKNOWN), {"x": kin}))
    sc.reply((1, 2))
    moves.ask_one(sc, others[0])
    moves.ask_one(sc, target, "full")


_BUILDERS: Final[dict[str, Callable[[Scene, int], None]]] = {
    "word-name": _word_name,
    "sentence-initial": _sentence_initial,
    "near-miss": _near_miss,
    "namesake": _namesake,
    "ambiguous": _ambiguous,
    "lowercase": _lowercase,
    "surname": _surname_variant,
    "family-first": _forms_variant("family-first", _family_first),
    "misspelled": _forms_variant("misspelled", lambda sc: sc.cast.person()),
    "diacritics": _forms_variant("folded", _diacritics),
    "nickname": _forms_variant("nickname", _nickname),
    "pronoun": _pronoun,
    "outdated": _outdated,
    "suffix": _suffix,
}


def adversarial(rng: Prng, fixture_id: str, variant: str, index: int = 0) -> Draft:
    """One adversarial fixture of ``variant`` (one of :data:`VARIANTS`)."""
    sc = Scene.new(rng, _PLAIN if rng.chance(1, 2) else None)
    _BUILDERS[variant](sc, index)
    return Draft(fixture_id, "adversarial", variant, ADVERSARIAL_SUITES, sc.pages, sc.conv.turns)
