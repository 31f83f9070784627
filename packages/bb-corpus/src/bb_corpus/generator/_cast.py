"""The cast of one corpus v2 fixture: people and organisations whose names never collide.

A :class:`Cast` hands out entities from :mod:`bb_corpus.generator._names`. Every name token
(given name, family name, nickname, company / fund / project stem) is unique within a fixture
unless a builder shares one on purpose (two pages called Grace), and uniqueness is judged on
the folded lowercase form, so "José" and "Jose" count as one name.

It also writes the surface forms a user types for a page: the full name, a given name alone,
a family name alone or behind an honorific, "-san", the family name first, a nickname, the
name without its diacritics, or misspelt. A misspelling is only produced when it stays
unambiguous: at least three edits away from every other name in the fixture, and no other
pool name.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Final

from bb_corpus.generator import _names as names
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._universe import Entity, EntityKind, Page, describe

_FOLD_EXTRA: Final = str.maketrans(
    {"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ß": "ss", "æ": "ae",
     "Æ": "Ae", "ı": "i", "œ": "oe", "’": "'"}
)  # fmt: skip
_WORD: Final = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_NON_SLUG: Final = re.compile(r"[^a-z0-9]+")
#: Name-suffix words: part of a title, never a name of their own.
_SUFFIX_TOKENS: Final = frozenset({"jr", "sr", "iii"})


def fold(text: str) -> str:
    """``José Núñez`` -> ``Jose Nunez``: the name as a hurried typist writes it."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_FOLD_EXTRA))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def norm(word: str) -> str:
    """The comparison form of a word: folded, lowercase, a trailing possessive dropped."""
    out = fold(word).lower()
    return out[:-2] if out.endswith("'s") else out


def words(text: str) -> list[str]:
    """The words of ``text`` in comparison form; hyphenated and apostrophe names stay whole."""
    return [norm(match.group()) for match in _WORD.finditer(text)]


def slug_of(text: str) -> str:
    """``Niamh O'Sullivan Jr.`` -> ``niamh-osullivan-jr``."""
    plain = fold(text).lower().replace("'", "")
    return _NON_SLUG.sub("-", plain).strip("-")


def distance(a: str, b: str) -> int:
    """Levenshtein distance (kept here: the corpus bytes must not depend on a library)."""
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i]
        for j, char_b in enumerate(b, start=1):
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b))
            )
        previous = current
    return previous[-1]


def _pool_words() -> frozenset[str]:
    out: set[str] = set()
    for culture in names.CULTURES:
        for given in culture.given:
            out.update(words(f"{given.name} {given.nickname}"))
        for family in culture.family:
            out.update(words(family))
    for near in names.NEAR_NAMES.values():
        out.update(norm(n) for n in near)
    stems = (*names.WORD_COMPANY_STEMS, *names.INVENTED_COMPANY_STEMS, *names.FUND_STEMS,
             *names.WORD_CODENAMES, *names.INVENTED_CODENAMES)  # fmt: skip
    out.update(norm(stem) for stem in stems)
    return frozenset(out)


#: Every name any pool holds: a misspelling must not land on one of them.
POOL_WORDS: Final = _pool_words()
_VOWELS: Final = "aeiou"


def misspell(rng: Prng, word: str, avoid: Collection[str]) -> str | None:
    """One slip of the keyboard in ``word``, or None when no unambiguous slip exists.

    The first letter and the length class stay, the result is no pool name and is at least
    three edits from every word in ``avoid`` (the fixture's other names).
    """
    if len(word) < 5 or not word.isascii() or not word.isalpha():
        return None
    for _ in range(12):
        i = rng.between(1, len(word) - 2)
        op = rng.below(4)
        if op == 0:
            candidate = word[:i] + word[i + 1 :]
        elif op == 1:
            candidate = word[:i] + word[i] + word[i:]
        elif op == 2:
            candidate = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
        else:
            vowels = [v for v in _VOWELS if v != word[i].lower()]
            if word[i].lower() not in _VOWELS:
                continue
            candidate = word[:i] + rng.choice(vowels) + word[i + 1 :]
        low = candidate.lower()
        if low == word.lower() or low in POOL_WORDS:
            continue
        if all(distance(low, other) >= 3 for other in avoid):
            return candidate
    return None


def _culture_of_given(given: names.Given) -> names.Culture:
    return next(c for c in names.CULTURES if given in c.given)


def _culture_of_family(family: str) -> names.Culture:
    return next(c for c in names.CULTURES if family in c.family)


def name_words(entity: Entity) -> list[str]:
    """The words a mention of ``entity`` can use (comparison form), suffixes excluded."""
    if entity.kind == "person":
        raw = f"{entity.first} {entity.last} {entity.nickname}"
    elif entity.kind == "concept":  # "Monday Review": its calendar word
        raw = entity.title.split()[0]
    else:
        raw = entity.stem
    return [word for word in words(raw) if word not in _SUFFIX_TOKENS]


_ENGLISH: Final = names.CULTURES[0]
_WORD_GIVEN: Final = frozenset(g.name for g in names.WORD_GIVEN)
_WORD_FAMILY: Final = frozenset(names.WORD_FAMILY)


@dataclass
class Cast:
    """Hands out the entities of one fixture; ``used`` holds every claimed name word."""

    rng: Prng
    used: set[str] = field(default_factory=set)

    def _free(self, options: Iterable[str]) -> list[str]:
        return [o for o in options if not any(w in self.used for w in words(o))]

    def claim(self, *texts: str) -> None:
        """Mark every word of ``texts`` as taken."""
        for text in texts:
            self.used.update(words(text))

    def _given(self, culture: names.Culture, allow_words: bool) -> names.Given:
        pool = culture.given
        if culture is _ENGLISH:
            wordy = allow_words and self.rng.chance(1, 3)
            pool = tuple(g for g in pool if (g.name in _WORD_GIVEN) == wordy)
        free = [g for g in pool if self._free([f"{g.name} {g.nickname}"])]
        if not free:  # a crowded fixture: any culture's unused non-word given name
            every = (g for c in names.CULTURES for g in c.given if g.name not in _WORD_GIVEN)
            free = [g for g in every if self._free([f"{g.name} {g.nickname}"])]
        return self.rng.choice(free)

    def _family(self, culture: names.Culture, allow_words: bool) -> str:
        pool = culture.family
        if culture is _ENGLISH:
            wordy = allow_words and self.rng.chance(1, 3)
            pool = tuple(f for f in pool if (f in _WORD_FAMILY) == wordy)
        free = self._free(pool)
        if not free:  # a crowded fixture: any culture's unused non-word family name
            every = (f for c in names.CULTURES for f in c.family if f not in _WORD_FAMILY)
            free = self._free(every)
        return self.rng.choice(free)

    def person(
        self, *, given: names.Given | None = None, family: str | None = None,
        words_ok: bool = True, suffix: str | None = None,
    ) -> Entity:  # fmt: skip
        """A person of a random culture, unless pinned.

        ``given``/``family`` pin a name (shared on purpose when already used); ``suffix``
        pins a name suffix (else English men's names get one a third of the time).
        """
        if given is not None:
            culture = _culture_of_given(given)
        elif family is not None:
            culture = _culture_of_family(family)
        else:  # English names a quarter of the time, every other culture evenly otherwise
            culture = _ENGLISH if self.rng.chance(1, 4) else self.rng.choice(names.CULTURES[1:])
        if given is None:
            given = self._given(culture, words_ok and family not in _WORD_FAMILY)
        if family is None:
            if given.name in _WORD_GIVEN:  # word given names travel: any culture's family name
                culture = self.rng.choice(names.CULTURES)
            family = self._family(culture, words_ok and given.name not in _WORD_GIVEN)
        family_culture = _culture_of_family(family)
        native = given in family_culture.given and family_culture.family_first
        if suffix is None:
            suffix = ""
            english = family_culture is _ENGLISH and given.name not in _WORD_GIVEN
            if english and given.pronoun == "he" and self.rng.chance(1, 3):
                suffix = self.rng.choice(names.SUFFIXES)
        honorific = self.rng.choice(("Dr.", "Prof.")) if self.rng.chance(1, 5) else ""
        self.claim(given.name, given.nickname, family)
        title = f"{given.name} {family}" + (f" {suffix}" if suffix else "")
        aliases = tuple(a.lower() for a in (given.name, given.nickname) if a)
        return Entity(
            "person", f"people/{slug_of(title)}", title, aliases, given.name, family,
            pronoun=given.pronoun, nickname=given.nickname, honorific=honorific,
            family_first=native, san=native and family_culture.san, suffix=suffix,
        )  # fmt: skip

    def _org(self, kind: EntityKind, stem: str, suffix: str) -> Entity:
        self.claim(stem)
        if kind == "project":
            title, slug = f"Project {stem}", f"projects/{slug_of(stem)}"
        else:
            title = f"{stem} {suffix}"
            slug = f"{'companies' if kind == 'company' else 'funds'}/{slug_of(title)}"
        return Entity(kind, slug, title, (stem.lower(),), stem=stem)

    def company(self, stem: str | None = None, *, words_ok: bool = True) -> Entity:
        """A company ``<Stem> <Suffix>``; a third of them carry an ordinary word as stem."""
        if stem is None:
            wordy = words_ok and self.rng.chance(1, 3)
            pool = names.WORD_COMPANY_STEMS if wordy else names.INVENTED_COMPANY_STEMS
            stem = self.rng.choice(self._free(pool))
        return self._org("company", stem, self.rng.choice(names.COMPANY_SUFFIXES))

    def fund(self) -> Entity:
        """A fund ``<Stem> <Capital|Ventures|Partners>``."""
        stem = self.rng.choice(self._free(names.FUND_STEMS))
        return self._org("fund", stem, self.rng.choice(names.FUND_SUFFIXES))

    def project(self, codename: str | None = None, *, words_ok: bool = True) -> Entity:
        """A project ``Project <Codename>``; a third of them carry an ordinary word."""
        if codename is None:
            wordy = words_ok and self.rng.chance(1, 3)
            pool = names.WORD_CODENAMES if wordy else names.INVENTED_CODENAMES
            codename = self.rng.choice(self._free(pool))
        return self._org("project", codename, "")

    def of_kind(self, kind: EntityKind, *, words_ok: bool = True) -> Entity:
        """A fresh entity of one of the four named kinds."""
        if kind == "person":
            return self.person(words_ok=words_ok)
        if kind == "company":
            return self.company(words_ok=words_ok)
        if kind == "fund":
            return self.fund()
        return self.project(words_ok=words_ok)

    def bearer(self, word: str) -> Entity:
        """An entity whose name carries the ordinary word ``word`` (see ``word_names``)."""
        given = next((g for g in names.WORD_GIVEN if g.name == word), None)
        if given is not None:
            return self.person(given=given)
        if word in _WORD_FAMILY:
            return self.person(family=word)
        if word in names.WORD_COMPANY_STEMS:
            return self.company(word)
        if word in names.WORD_CODENAMES:
            return self.project(word)
        raise ValueError(f"{word!r} is not a word name of the pools")

    def stranger(self, given: str | None = None) -> str:
        """A full name the brain has no page for.

        ``given`` pins the given name: a namesake of a page, or a different name close to one.
        """
        culture = self.rng.choice(names.CULTURES[1:])
        if given is None:
            given = self._given(culture, False).name
        family = self._family(culture, False)
        self.claim(given, family)
        return f"{given} {family}"


def honorific_for(rng: Prng, entity: Entity) -> str:
    """The honorific a user writes before the family name (the page's own when it has one)."""
    if entity.honorific:
        return entity.honorific
    pronoun = entity.pronoun if entity.pronoun in names.HONORIFICS else "they"
    return rng.choice(names.HONORIFICS[pronoun])


_EXTRAS: Final[dict[str, str]] = {
    "Dr.": "Holds a doctorate and goes by Dr. {last} at work.",
    "Prof.": "Teaches part-time; students call them Prof. {last}.",
}


def profile(rng: Prng, entity: Entity, world: list[Entity]) -> Page:
    """An information-bearing page; a person's page also records nickname and honorific."""
    page = describe(rng, entity, world)
    extra = []
    if entity.nickname:
        extra.append(f"Goes by {entity.nickname}.")
    if entity.honorific:
        extra.append(_EXTRAS[entity.honorific].format(last=entity.last))
    if not extra:
        return page
    return Page(entity, page.summary, f"{page.body} {' '.join(extra)}", page.source_id)
