"""Entity attribution for extractors: which of the source's pages a sentence talks about.

The index holds every surface form a page can be mentioned by (title, slug suffix,
frontmatter aliases, and the engine's alias index rows), tokenised the same way as the text
it is matched against, so ``widget-co``, ``Widget Co`` and ``widget co`` are one surface.
Precision first: a surface shared by two pages attributes nothing, and a person's one-word
surface that is not an explicit alias (a first name or surname derived from a title) only
matches a capitalised word, so the common word "park" never resolves to a Ms Park.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from bb_brain._given_names import TITLE_PRONOUNS, a_given_name, name_pronoun
from bb_brain._names import HONORIFICS, fold, leading_titles
from bb_brain._orgnames import LEGAL_FORMS, PLURAL_PREMISES, gapped_parts, is_organisation
from bb_brain._relations import (
    KIN_NAMES,
    MAX_MODIFIERS,
    animal_sex,
    page_relations,
    relation_in,
    relation_key,
    relation_pronoun,
)
from bb_brain.pages import (
    FAMILY_INITIAL_ARM,
    KIND_ARM,
    TITLE_PART_ARM,
    is_place,
    qualifier_name,
    unqualified,
)
from bb_brain.reflex._lexicon import (
    FAMILY_WORDS,
    NAME_MODALS,
    PERSON_VERBS_AFTER,
    PERSON_VERBS_BEFORE,
    ROLE_NOUNS,
    SEASONS,
    SUBJECT_PRONOUNS,
    is_calendar_word,
)
from bb_brain.reflex._ordinary import inflections, lemmas, sense
from bb_brain.reflex._syntax import finite
from bb_brain.reflex._tokens import contraction_of
from bb_brain.writeback._contractions import HE_OR_SHE_TYPED_FAST, THEY_TYPED_FAST
from bb_brain.writeback._db import Connection
from bb_brain.writeback._people import opens_sentence, person_slug

_WORD = re.compile(r"\w+")
_POSSESSIVE = re.compile(r"['’]s\b", re.IGNORECASE)
#: Third-person singular pronouns that refer back to the last person mentioned.
#: "hes" and "shes" are "he's" and "she's" typed without the apostrophe, as chat does.
PERSON_PRONOUNS = frozenset({"she", "he", "her", "him", "his", "hers"}) | HE_OR_SHE_TYPED_FAST
#: Pronouns that refer back to the last organisation, project or place mentioned ("theyre"
#: is "they're" typed without its apostrophe).
THING_PRONOUNS = frozenset({"they", "them", "their", "theirs", "it", "its"}) | THEY_TYPED_FAST
#: The arm name of explicit aliases (frontmatter ``aliases``), which match in any case.
EXPLICIT_ARM = "alias"
#: Words a relation to the speaker follows ("my sister"), and words that make it another's.
_SPEAKERS = frozenset({"my", "our"})
_CONTRACTED = frozenset("it that there here what who he she where how".split())
OWNERS = frozenset("a an the this that his her their your its my our some any".split())


#: Page types and slug folders of beings "he" and "she" refer to: people, and pets.
_ANIMATE_TYPES: Final = frozenset({"person", "pet", "animal"})
_ANIMATE_DIRS: Final = ("people/", "pets/", "animals/")


@dataclass(frozen=True)
class Entity:
    """A page an extracted fact can be attributed to."""

    slug: str
    title: str
    page_type: str | None = None
    #: "he" or "she" when the page refers to the person so, else "" (:func:`page_pronoun`).
    pronoun: str = ""
    #: An organisation the user belongs to, by its summary ("The user's choir").
    users_own: bool = False
    #: For such an organisation, the word for the body its summary uses ("choir").
    body: str = ""
    #: For a person, their page's summary (whom they work for: :meth:`EntityIndex.firm_of`).
    about: str = ""

    @property
    def is_person(self) -> bool:
        """People are who facts about somebody are filed under, by their names."""
        return self.page_type == "person" or self.slug.startswith("people/")

    @property
    def animate(self) -> bool:
        """People, and pets, are who "he" and "she" refer back to ("Wizzle? he's 16 kg")."""
        return (self.page_type or "") in _ANIMATE_TYPES or self.slug.startswith(_ANIMATE_DIRS)


@dataclass(frozen=True)
class Mention:
    """An entity (or a pronoun, with ``entity`` None) at a word position of a text.

    ``start``/``end`` are character offsets; ``possessive`` marks "Goran's quote" (the
    mention modifies what follows); ``kind`` is "person" or "thing" for a pronoun.
    """

    position: int
    entity: Entity | None
    pronoun: bool = False
    start: int = 0
    end: int = 0
    possessive: bool = False
    kind: str = ""


@dataclass(frozen=True)
class _Surface:
    slug: str
    explicit: bool


def tokens(text: str) -> list[str]:
    """Folded word tokens (case, Latin accents): the unit surfaces and texts are compared in."""
    return [fold(match.group(0)) for match in _WORD.finditer(text)]


class EntityIndex:
    """Surface forms of one source's pages, matched longest-first over word tokens."""

    def __init__(
        self,
        entities: Iterable[Entity],
        surfaces: Iterable[tuple[str, str, bool]],
        heads: Iterable[tuple[str, str]] = (),
    ):
        """Build from entities, ``(surface text, slug, explicit)`` triples and head nouns.

        ``heads`` are ``(noun, slug)`` pairs: the noun a plan, an event or a firm is called
        by among its own ("the recital" of Summer Pupils' Recital); one two pages share
        names neither.
        """
        self._entities = {entity.slug: entity for entity in entities}
        self._heads: dict[str, str | None] = {}
        for noun, slug in heads:
            entity = self._entities.get(slug)
            if entity is not None and not entity.is_person:
                known = self._heads.get(noun, slug)
                self._heads[noun] = slug if known == slug else None
        found: dict[tuple[str, ...], set[_Surface]] = {}
        self._family_of_a_firm: dict[tuple[str, ...], tuple[str, ...]] = {}
        for text, slug, explicit in surfaces:
            key = tuple(tokens(text))
            if key and slug in self._entities:
                found.setdefault(key, set()).add(_Surface(slug, explicit))
        self._surfaces: dict[tuple[str, ...], _Surface | None] = {}
        for key, candidates in found.items():
            slugs = {candidate.slug for candidate in candidates}
            if len(slugs) > 1 and all(_gapped(key, self._entities[slug]) for slug in slugs):
                continue  # "the Brackle trip" of two Brackle trips: the place's, if any
            named = self._named_by_its_alias(candidates)
            if named is not None:
                self._surfaces[key] = named  # "tallis are selling trays": the firm's alias
                self._family_of_a_firm[key] = tuple(sorted(slugs - {named.slug}))
            elif len(slugs) > 1:
                self._surfaces[key] = None  # ambiguous: shared by several pages
            else:
                explicit = any(candidate.explicit for candidate in candidates)
                self._surfaces[key] = _Surface(slugs.pop(), explicit)
        self._person_words = {
            word for entity in self._entities.values() if entity.is_person
            for word in tokens(entity.title)
        }  # fmt: skip
        for key in [key for key, surface in self._surfaces.items() if surface is not None]:
            if self._gapped_elsewhere(key, self._surfaces[key]):
                del self._surfaces[key]
        self._longest = max((len(key) for key in self._surfaces), default=0)
        self._introduced: set[str] = set()
        self._firms: dict[str, Entity | None] = {}
        # a conversation introduces people and firms only, never one the user belongs to
        own = [entity for entity in self._entities.values() if entity.users_own]
        self._own = own[0] if len(own) == 1 else None
        self._own_words = _own_words(self._own) if self._own is not None else frozenset()

    def _one_of_the_family(
        self, key: tuple[str, ...], folded: list[str], index: int
    ) -> _Surface | None:
        """The one person a firm's family name is said of with an honorific they take.

        "Mrs Tallis" of Merrin Tallis; "Mr Tallis", "Dr Tallis", "the tallis family": no one
        known (None).
        """
        people = self._family_of_a_firm[key]
        one = self._entities[people[0]]
        said = TITLE_PRONOUNS.get(folded[index - 1], "") if index else ""
        known = one.pronoun or name_pronoun(one.title)
        if len(people) > 1 or not said or (known and said != known):
            return None
        return _Surface(people[0], False)

    def _the_family_meant(self, folded: list[str], index: int, length: int) -> bool:
        """An honorific before a firm's family name, or a word for a family after it."""
        if index and folded[index - 1] in HONORIFICS:
            return True
        after = folded[index + length] if index + length < len(folded) else ""
        return after in _FAMILY_NOUNS

    def _named_by_its_alias(self, candidates: set[_Surface]) -> _Surface | None:
        """The one thing a shared name is an alias of, when it is only people's family name.

        "Tallis" given as the alias of Tallis Nurseries is the firm's, though Merrin Tallis
        owns it: the family name is derived from her title, the alias was given. A name two
        pages were given, or a person's alias, stays shared.
        """
        given = [candidate for candidate in candidates if candidate.explicit]
        if len(given) != 1 or self._entities[given[0].slug].is_person:
            return None
        others = [candidate for candidate in candidates if candidate.slug != given[0].slug]
        if not others or not all(self._entities[other.slug].is_person for other in others):
            return None
        return None if any(other.explicit for other in others) else given[0]

    def _gapped_elsewhere(self, key: tuple[str, ...], surface: _Surface | None) -> bool:
        """A title's name and head ("the Quenmoor market") that names something else too.

        Another page's own name ("Quenmoor Market") is that page's, and a person's name
        before a head ("the Tallent house" beside Morwyn Tallent) is that family's thing.
        """
        if surface is None or surface.explicit:
            return False
        if not _gapped(key, self._entities[surface.slug]):
            return False
        elsewhere = self._surfaces.get(key[1:], surface)
        if elsewhere is None or elsewhere.slug != surface.slug:
            return True
        return key[1] in self._person_words

    @classmethod
    def load(cls, conn: Connection, brain_id: str, source: str) -> EntityIndex:
        """Read the source's pages and alias rows (conversation pages are never entities)."""
        pages = conn.execute(
            "SELECT slug, title, page_type, frontmatter, left(body, %s), coalesce(summary, '')"
            " FROM pages"
            " WHERE brain_id = %s AND source = %s AND page_type IS DISTINCT FROM 'conversation'"
            " ORDER BY slug",
            (PRONOUN_CHARS, brain_id, source),
        ).fetchall()
        aliases = conn.execute(
            "SELECT alias_norm, slug, arm FROM aliases WHERE brain_id = %s AND source = %s"
            " ORDER BY slug, alias_norm, arm",
            (brain_id, source),
        ).fetchall()
        addressed = _addressed(aliases)
        entities = [
            Entity(
                slug,
                title,
                page_type,
                _pronoun(title, summary, body) or addressed.get(slug, ""),
                about=summary,
            )
            if _personal(slug, page_type)
            else Entity(
                slug,
                title,
                page_type,
                _animal_pronoun(title, slug, page_type, summary, body),
                users_own=_users_own(slug, page_type, summary),
                body=_body(summary),
            )
            for slug, title, page_type, _, body, summary in pages
        ]
        surfaces: list[tuple[str, str, bool]] = []
        for slug, title, page_type, frontmatter, _, _ in pages:
            surfaces.extend(_page_surfaces(Entity(slug, title, page_type), frontmatter))
        surfaces.extend(
            (alias, slug, arm == EXPLICIT_ARM)
            for alias, slug, arm in aliases
            # the reflex reads those in context; an initial is no name to write back under
            if arm not in (TITLE_PART_ARM, KIND_ARM, FAMILY_INITIAL_ARM)
        )
        titles = {slug: title for slug, title, *_ in pages}
        heads = [
            (words[1], slug)
            for alias, slug, arm in aliases
            if arm == KIND_ARM
            and len(words := alias.split()) == 2
            and words[0] == "the"
            and _its_head(words[1], titles.get(slug, ""))
        ]
        return cls(entities, surfaces, heads)

    def introduce(self, entity: Entity, also: Iterable[str] = ()) -> None:
        """Add a person the conversation introduced, so a later "Bram" finds them.

        Their title, first name and family name become surfaces, and ``also`` (a short name
        the conversation calls them by, "Bea" for Beatrix Quorn); a surface another page
        already has becomes ambiguous (it attributes nothing) rather than changing hands.
        """
        extra = [(name, entity.slug, True) for name in also]
        if entity.slug in self._entities:
            if entity.slug in self._introduced:
                self._add_surfaces(extra)  # named in full earlier in the turn
            return
        self._entities[entity.slug] = entity
        self._introduced.add(entity.slug)
        self._add_surfaces([*_page_surfaces(entity, None), *extra])

    def person_named(self, slug: str, name: str) -> tuple[Entity, bool]:
        """The person a full name the conversation says is, and whether they are new here.

        A page of that slug, else someone this conversation introduced by the given name
        alone ("his wife Ffion", then "Ffion Park says ..."), who now goes by the full
        name too; else a new person, introduced.
        """
        existing = self._entities.get(slug)
        if existing is not None:
            return existing, False
        given = name.split()[0]
        earlier = self._entities.get(person_slug(given))
        if earlier is not None and earlier.slug in self._introduced:
            if fold(earlier.title) == fold(given):
                self._add_surfaces([(name, earlier.slug, True)])
                return earlier, False
        entity = Entity(slug, name, "person")
        self.introduce(entity)
        return entity, True

    def _add_surfaces(self, surfaces: Iterable[tuple[str, str, bool]]) -> None:
        for text, slug, explicit in surfaces:
            key = tuple(tokens(text))
            if not key:
                continue
            if key in self._surfaces:
                known = self._surfaces[key]
                if known is not None and known.slug != slug:
                    self._surfaces[key] = None
                continue
            self._surfaces[key] = _Surface(slug, explicit)
            self._longest = max(self._longest, len(key))

    def firm_of(self, person: Entity) -> Entity | None:
        """The organisation a person's page says they work for, when it has a page.

        Named right after a role in their summary ("Estimator at Quillfield Joinery"), not the
        user's own, in a clause that names no past job, relative, neighbour or home
        (:data:`bb_brain.writeback._firms.NOT_THEIR_FIRM`), and not as a word of a longer name
        ("Quillfield Road").
        """
        if not person.about:
            return None
        if person.slug not in self._firms:
            self._firms[person.slug] = next(
                (
                    mention.entity
                    for mention in self.mentions(person.about)
                    if mention.entity is not None and _employs(person.about, mention, self._own)
                ),
                None,
            )
        return self._firms[person.slug]

    def introduced(self, slug: str) -> bool:
        """The entity is a person this conversation introduced (no page yet)."""
        return slug in self._introduced

    @property
    def entities(self) -> list[Entity]:
        """Every entity of the source, by slug."""
        return [self._entities[slug] for slug in sorted(self._entities)]

    @property
    def own(self) -> Entity | None:
        """The one organisation the user belongs to, by its page's summary, if just one."""
        return self._own

    def speaks_of_own(self, text: str) -> bool:
        """The text speaks of the user's own organisation, though not by its whole name.

        By a word of its name no dictionary has, anywhere ("Lindell AGM last night"); by the
        word for its body heading the text ("club notes: ...", "Cycling club update"); or
        by that word, when it is no everyday one, where the name would stand: after "the"
        or "our", or opening the text ("choir news: ...", "the choir's rehearsal"). "a
        cafe", "my daughter's school" or "the team at work" are others'.
        """
        own = self._own
        if own is None:
            return False
        words = [fold(word) for word in _NAME_WORD.findall(text)]
        if not self._own_words.isdisjoint(words):
            return True
        body = own.body
        if not body:
            return False
        everyday = sense(body).zipf >= _EVERYDAY_BODY_ZIPF
        for index, word in enumerate(words):
            if word.removesuffix("'s").removesuffix("’s") != body:
                continue
            after = words[index + 1] if index + 1 < len(words) else ""
            before = words[index - 1] if index else ""
            if before in _ANOTHERS:
                continue  # "a choir sang at the wedding", "my daughter's school"
            ends = not after or not (sense(after).noun or after in _NOT_THE_BODY)
            if before == "our" and ends:
                return True  # "our team won 3-1"; not "our team lunch", "our team at work"
            if index < _OPENING_WORDS and after in _HEADING_WORDS:
                return True  # "club notes:", "Cycling club update": a heading about it
            if index < _OPENING_WORDS and not everyday and _heads(text, word):
                return True  # "Choir: ..."; "School: the kids are off" is anyone's school
            if not everyday and (index < _OPENING_WORDS or before == "the"):
                return True  # "the choir's rehearsal"; "the team at work" is anyone's
        return False

    def get(self, slug: str) -> Entity | None:
        """The entity with ``slug``, if the source has that page."""
        return self._entities.get(slug)

    def mentions(self, text: str, *, things: bool = False) -> list[Mention]:
        """Entity mentions and person pronouns in ``text``, in word order, never overlapping.

        With ``things``, pronouns for organisations and projects ("they", "it") too.
        """
        words = list(_WORD.finditer(text))
        folded: list[str] = []
        for word in words:
            titled = bool(folded) and folded[-1] in HONORIFICS  # "mrs cant": her name
            folded.append(fold(word.group(0)) if titled else _as_read(word.group(0)))
        found: list[Mention] = []
        index = 0
        while index < len(folded):
            hit = self._relation_at(folded, words, text, index) or self._match_at(
                folded, words, index
            )
            if hit is not None:
                length, surface = hit
                if surface is not None:
                    first, last = words[index], words[index + length - 1]
                    possessive = _POSSESSIVE.match(text, last.end()) is not None
                    possessive = possessive and not (
                        _has_or_is(text, last.end() + 2)
                        and not _AT_HOME.search(text, 0, first.start())  # "at Jarrah's finally"
                    )
                    if possessive and self._doing_to_someone(folded, words, index + length):
                        possessive = False  # "sharmin's meeting tomasz": "'s" is "is"
                    entity = self._entities[surface.slug]
                    found.append(
                        Mention(index, entity, False, first.start(), last.end(), possessive)
                    )
                index += length
                continue
            word = words[index]
            if folded[index] in PERSON_PRONOUNS and not _named_as_a_word(folded, index):
                found.append(Mention(index, None, True, word.start(), word.end(), kind="person"))
            elif things and folded[index] in THING_PRONOUNS:
                found.append(Mention(index, None, True, word.start(), word.end(), kind="thing"))
            index += 1
        return found

    def _doing_to_someone(self, folded: list[str], words: list[re.Match[str]], index: int) -> bool:
        """An "-ing" form a verb has, then a person named: "'s meeting tomasz", "'s seeing ana".

        A noun in "-ing" is owned ("Ana's meeting notes"); before a person's name it is the
        verb the "'s" ("is") goes with.
        """
        if index < len(folded) and folded[index] == "s":
            index += 1  # the "s" of "'s", a word of its own here
        if index + 1 >= len(folded) or not folded[index].endswith("ing"):
            return False
        if "VERB" not in sense(folded[index]).readings:
            return False
        hit = self._match_at(folded, words, index + 1)
        if hit is None or hit[1] is None:
            return False
        return self._entities[hit[1].slug].is_person

    def _relation_at(
        self, folded: list[str], words: list[re.Match[str]], text: str, index: int
    ) -> tuple[int, _Surface | None] | None:
        """A relation a page states: "my younger sister", "our accountant", "mum".

        The page's relation rows (:mod:`bb_brain._relations`) are keyed "my sister"; the words
        in between are modifiers. A hyphenated compound is another relation ("brother-in-law").
        """
        word = folded[index]
        if word in KIN_NAMES:
            if _anothers(folded, index):
                return None
            hit: tuple[str, int] | None = (relation_key([], word) or "", 0)
        elif word in _SPEAKERS:
            following = folded[index + 1 : index + 2 + MAX_MODIFIERS]
            hit = relation_in(following, possessive=True)
        else:
            return None
        if hit is None or not hit[0]:
            return None
        key, length = hit
        last = words[index + length]
        if text[last.end() : last.end() + 1] == "-":
            return length + 1, None  # "my sister-in-law": no sister's, and nobody's here
        surface = self._surfaces.get(tuple(tokens(key)))
        if surface is None and key.endswith("-in-law"):
            return length + 1, None  # "my sister in law": nobody's here, and no sister's
        return (length + 1, surface) if surface is not None else None

    def _anothers_family_name(
        self, folded: list[str], words: list[re.Match[str]], index: int, surface: _Surface
    ) -> bool:
        """A person's family name after another capitalised given name: someone else.

        "Ellie Marsh was on the till" names no Jo Marsh; "Ms Marsh", "Jo Marsh" and
        "Friday Marsh said" (a word that opens nothing of a name) do not count against.
        """
        entity = self._entities[surface.slug]
        if index == 0 or not entity.is_person or not _is_family_name_of(entity, folded[index]):
            return False
        before, word = words[index - 1].group(0), folded[index - 1]
        if not before[:1].isupper() or word.rstrip(".") in HONORIFICS or len(word) < 2:
            return False  # "Ms Park", "Bob T Park": a title or an initial, not a name
        if before.isupper() or word in KIN_NAMES or word in FAMILY_WORDS or word in ROLE_NOUNS:
            return False  # "DI Park", "Grandad Park", "Coach Park": a rank or a family title
        given = fold(entity.title.split()[0])
        meaning = sense(word)
        if word == given or meaning.function or meaning.calendar:
            return False
        # "Mercy Oduya" beside Kesi Oduya: a word that is a given name too names someone
        if not meaning.lexical:
            return True
        given_word = words[index - 1]
        return a_given_name(before) and not opens_sentence(given_word.string, given_word.start())

    def _anothers_acronym(self, words: list[re.Match[str]], index: int, surface: _Surface) -> bool:
        """A body's acronym after a capitalised name of no word of its title: another body's.

        "playing Brackla RFC on Saturday" names no Tollard Road RFC; "Tollard RFC" and "the
        RFC" do.
        """
        written = words[index].group(0)
        if index == 0 or not written.isupper() or len(written) < 2:
            return False
        before = words[index - 1].group(0)
        if not before[:1].isupper() or before.isupper():
            return False
        title = {fold(word) for word in _WORD.findall(self._entities[surface.slug].title)}
        if title == {fold(written)} or fold(before) in title:
            return False  # "Called HMRC today": the acronym is the whole title
        # a name of another body is no word the language has: "Paid PTA subs", "Saturday
        # PTA meeting" and "Next PTA meeting" open the sentence or say when
        return not sense(fold(before)).known_word

    def _part_said_of_another(
        self, folded: list[str], index: int, key: tuple[str, ...], surface: _Surface
    ) -> bool:
        """A part of a title that names some other thing here (see the two rules below)."""
        if self._rest_of_title_apart(folded, index, key, surface) is False:
            return True  # "our cake order": whose, the rest of the title would say
        return self._another_of_its_name(folded, index, key, surface)

    def _rest_of_title_apart(
        self, folded: list[str], index: int, key: tuple[str, ...], surface: _Surface
    ) -> bool | None:
        """Whether a bare tail of a title is theirs whom the rest of the title names.

        None for any other surface. "their cake order" is the Harrow-Ebbs Cake Order when
        "the Harrow-Ebbs couple" stands earlier in the sentence; alone, or after anyone
        else's name ("Sam's birthday party", "the Elm Grove street party"), it is not: the
        tail follows "their", "his", "her" or "its", and the title's own names, no
        everyday word, stand before it.
        """
        entity = self._entities[surface.slug]
        if surface.explicit or len(key) < 2 or entity.is_person or key[0] in _KNOWN_ONES:
            return None
        words = title_words(entity.title)
        if key == words or words[-len(key) :] != key:
            return None  # the whole title, or no tail of it (a slug, an introduced name)
        if of_a_time(folded, index):
            return None  # "this year's bulb show": the known one, as after "the"
        if index == 0 or folded[index - 1] not in _THEIR:
            return False
        names = [word for word in words[: -len(key)] if not sense(word).known_word]
        return bool(names) and all(word in folded[: index - 1] for word in names)

    def _another_of_its_name(
        self, folded: list[str], index: int, key: tuple[str, ...], surface: _Surface
    ) -> bool:
        """A title's name and head with a noun after them: another thing of that name.

        "the Kelby trip" is Kelby Choir Trip, but "the Kelby trip photos" or "the Kelby
        club night" are things of their own, no mention of it (though its head may still
        make the trip the topic at hand, see ``_head_nouns``); a tail of the title itself
        ("the choir trip photos") stays the page's, as it always has.
        """
        if surface.explicit or not _gapped(key, self._entities[surface.slug]):
            return False  # a tail of the title keeps its noun after it
        after = index + len(key)
        if after >= len(folded):
            return False
        meaning = sense(folded[after])
        return meaning.noun and not meaning.function and not meaning.calendar

    def _a_word_in_lowercase(
        self, folded: list[str], words: list[re.Match[str]], index: int, surface: _Surface
    ) -> bool:
        """A page's one-word name typed in lowercase as the everyday word it also is.

        A person's one-word name needs its capital ("park" is no Ms Park), and so does a
        place's ("a long soak in the bath" is no visit to Bath); an organisation
        or a project is often typed in lowercase ("keystone meeting").
        """
        if words[index].group(0)[:1].isupper() or not sense(folded[index]).known_word:
            return False  # "hyerin" is nobody's word
        entity = self._entities[surface.slug]
        if entity.is_person:
            return not _subject(folded, words, index)
        return is_place(entity.page_type, entity.slug)

    def _an_everyday_use(
        self, folded: list[str], words: list[re.Match[str]], index: int, surface: _Surface
    ) -> bool:
        """A one-word name used as the word or the month it also is, here.

        "If it's sunny on Sunday", even of a page whose alias is "sunny"; "full until
        August", even of August Stone.
        """
        if not surface.explicit:
            if self._a_word_in_lowercase(folded, words, index, surface):
                return True
        elif _counted_out(folded, words, index):
            return True  # "ruffled some feathers", of a pub whose alias is "feathers"
        elif not self._entities[surface.slug].is_person:
            if _a_common_noun_here(folded, words, index):
                return True  # "drop anchor", "their feathers", "the anchor of our back line"
        else:
            if _taken_as_someone(folded, words, index):
                return False  # "it's frank's turn", "about frank", "a text from sunny"
            if self._a_word_in_lowercase(folded, words, index, surface):
                return True  # "since last summer", "to be frank", of Summer and Frank
        if is_calendar_word(folded[index]) and _a_date(folded, words, index):
            return True
        person = self._entities[surface.slug].is_person
        # a firm's or a plan's name describes the noun after it as often ("keystone meeting")
        return _said_of_a_state(folded, words, index) or _a_modifier_or_a_time(
            folded, words, index, modifier=person
        )

    def _match_at(
        self, folded: list[str], words: list[re.Match[str]], index: int
    ) -> tuple[int, _Surface | None] | None:
        for length in range(min(self._longest, len(folded) - index), 0, -1):
            key = tuple(folded[index : index + length])
            if key not in self._surfaces:
                continue
            surface = self._surfaces[key]
            if key in self._family_of_a_firm and self._the_family_meant(folded, index, length):
                return length, self._one_of_the_family(key, folded, index)
            if (
                surface is not None
                and length == 1
                and self._an_everyday_use(folded, words, index, surface)
            ):
                continue
            if surface is not None and self._anothers_family_name(folded, words, index, surface):
                return length, None  # "Ellie Marsh" is not Jo Marsh: another of the family
            if (
                surface is not None
                and length == 1
                and self._anothers_acronym(words, index, surface)
            ):
                return length, None  # "playing Brackla RFC" is not Tollard Road RFC
            if surface is not None and length == 1 and self._entities[surface.slug].is_person:
                if _a_verb_or_an_everyday_noun(folded, words, index):
                    continue  # "I have to chase Widget Co", "prices rose", "with good grace"
                if _ordinary_here(folded, words, index) or _a_date(folded, words, index):
                    # "in june we shut", "up at dusk", "my patience ran out", "lease ends on 1
                    # June", "the 2nd of May", "we shear in May."
                    continue
            if surface is not None and _an_everyday_phrase(folded, words, index, length):
                continue  # "sent flowers as a white flag": any white flag
            if surface is not None and self._part_said_of_another(folded, index, key, surface):
                continue  # "our cake order" alone, "the Kelby club night": not the page
            if surface is not None and self._a_noun_with_its_article(folded, words, index, key):
                continue
            return length, surface
        return self._article_dropped(folded, words, index) or self._head_at(folded, words, index)

    def _article_dropped(
        self, folded: list[str], words: list[re.Match[str]], index: int
    ) -> tuple[int, _Surface] | None:
        """A thing's alias "the <noun>" said without its article at a clause's start.

        Chat drops the article a singular noun takes as a subject ("van failed its service",
        "van's rattling again") and the page calls it "the van": it is that thing.
        """
        if not (index == 0 or folded[index - 1] in _CLAUSE_OPENERS):
            return None
        surface = self._surfaces.get(("the", folded[index]))
        if surface is None or self._entities[surface.slug].is_person:
            return None
        noun = sense(folded[index])
        if not noun.noun or noun.plural_noun or index + 1 >= len(folded):
            return None
        following = sense(folded[index + 1])
        verb = finite(folded[index + 1]) and not following.noun and not following.function
        return (1, surface) if verb or _its_verb_next(folded, words, index) else None

    def _a_noun_with_its_article(
        self, folded: list[str], words: list[re.Match[str]], index: int, key: tuple[str, ...]
    ) -> bool:
        """The surface at ``index`` is an everyday noun with its article, no page's name.

        "a mason who knows lime", "the brook": a person's one-word name in lowercase after an
        article; "the party next door": a page's kind said of one placed elsewhere.
        """
        surface = self._surfaces[key]
        assert surface is not None
        if len(key) == 1 and _after_an_article(folded, index):
            if self._entities[surface.slug].is_person and sense(key[0]).known_word:
                return not words[index].group(0)[:1].isupper()
        if not surface.explicit and key[0] in THE_ONE_AT_HAND:
            return placed_elsewhere(folded, index + len(key))
        return False

    def _head_at(
        self, folded: list[str], words: list[re.Match[str]], index: int
    ) -> tuple[int, _Surface | None] | None:
        """The noun one plan, event or firm goes by, said as the one at hand: "the recital".

        After "the" or "our", or opening a sentence or a clause ("Recital all confirmed for 9
        May", "concert's 20 December"); never one of many ("a recital"). A word that
        describes as well ("Fair enough") opens a clause as the page only before its verb
        ("fair's on the 9th", "fair is cancelled"). Words after it that place it elsewhere make
        it another one ("the party next door", "the ride home").
        """
        slug = self._heads.get(folded[index])
        if slug is None:
            return None
        if placed_elsewhere(folded, index + 1):
            return None  # "the party next door", "the ride home": another one, placed
        if index and folded[index - 1] in THE_ONE_AT_HAND:
            return 1, _Surface(slug, False)
        gap = words[index].string[words[index - 1].end() : words[index].start()] if index else "."
        if not CLAUSE_BREAK.search(gap):
            return None
        if sense(folded[index]).adjective and not _its_verb_next(folded, words, index):
            return None
        return 1, _Surface(slug, False)


def _its_head(noun: str, title: str) -> bool:
    """The noun is the title's last word, what the page is ("recital" of Pupils' Recital).

    A word before the head only says which ("garden" of Garden Makeover): "the garden" is
    the user's garden as often. A firm named by its premises in the plural goes by the
    singular ("studio" of Ostler Studios).
    """
    words = [word for word in fold(title).casefold().split() if not word.isdigit()]
    if not words:
        return False
    return noun in (words[-1], PLURAL_PREMISES.get(words[-1]))


#: Words before a noun that make it the one at hand: "the recital", "our fair" ("that
#: recital on Radio 3" is another one, said of where it was).
THE_ONE_AT_HAND: Final = frozenset({"the", "our"})


def _its_verb_next(folded: list[str], words: list[re.Match[str]], index: int) -> bool:
    """The word's verb follows it: "'s" or a finite "is", "was", "has" ("fair's on the 9th")."""
    if _POSSESSIVE.match(words[index].string, words[index].end()):
        return True
    following = folded[index + 1] if index + 1 < len(folded) else ""
    return following in ("is", "was", "has", "had", "will")


def placed_elsewhere(folded: list[str], after: int) -> bool:
    """Words from ``after`` on that place the noun before them elsewhere ("next door")."""
    return _SAID_OF_ANOTHER.match(" ".join(folded[after : after + 3])) is not None


#: Words after the noun that place it elsewhere: "the party next door", "the ride home".
_SAID_OF_ANOTHER = re.compile(
    r"(?:next door|home|down the road|over the road|across the road|on the radio|on tv|"
    r"on telly)\b"
)
#: What parts a clause from the one before: a stop, a colon, a comma, a line break.
CLAUSE_BREAK = re.compile(r"[.!?:;,\n]")


#: Words for a family after its name: "the tallis family", "the tallis lot".
_FAMILY_NOUNS: Final = frozenset({"family", "families", "household", "clan", "lot", "kids"})


def of_a_time(folded: list[str], index: int) -> bool:
    """A time's possessive stands before the words: "this year's", "last week's", "tonight's"."""
    if index < 2 or folded[index - 1] != "s":
        return False
    when = folded[index - 2]
    if when in _DAYS_NEAR:
        return True
    return when in _SPANS and index >= 3 and folded[index - 3] in _THIS_OR_NEXT


#: Days said from today, and spans said from this one: "tonight's", "next year's".
_DAYS_NEAR: Final = frozenset({"today", "tonight", "tomorrow", "yesterday"})
_SPANS: Final = frozenset({"year", "week", "month", "term", "season", "weekend"})
_THIS_OR_NEXT: Final = frozenset({"this", "last", "next"})


def _said_of_a_state(folded: list[str], words: list[re.Match[str]], index: int) -> bool:
    """An adjective in lowercase after "it's", "was" or "so": "it's sunny", "so frank"."""
    if index == 0 or words[index].group(0)[:1].isupper():
        return False
    if not sense(folded[index]).adjective:
        return False
    before = folded[index - 1]
    if before == "s" and index >= 2:  # "it's sunny": the word list splits the "'s" off
        return folded[index - 2] in _STATE_SUBJECTS
    return before in _BEFORE_A_STATE


def _taken_as_someone(folded: list[str], words: list[re.Match[str]], index: int) -> bool:
    """A word in lowercase where a person's name stands: after a word that takes someone.

    "told mason the wall can wait", "a text from dawn", "waiting on june", "at dawn's".
    """
    text, end = words[index].string, words[index].end()
    if text[end : end + 1] in ("'", "’"):
        return True
    after = folded[index + 1] if index + 1 < len(folded) else ""
    if after == "and":
        return True  # "sunny and may are both off"
    if sense(after).readings == {"ADV"} and index + 2 < len(folded):
        if not (sense(folded[index]).calendar or folded[index] in SEASONS):
            after = folded[index + 2]  # "rose finally sold the van": the adverb, then the deed
        elif folded[index + 2] in PERSON_VERBS_AFTER:
            return True  # "june also says ...": no month says; "summer finally came" comes
    if after and {"VBD", "VBZ"} & inflections(after) and "NOUN" not in sense(after).readings:
        return True  # "since dawn moved out", "poor rose has the flu": her deed, her news
    return index > 0 and folded[index - 1] in _TAKE_SOMEONE


#: Words after which a lowercase name is someone: verbs of dealing with people and the
#: prepositions they take.
_TAKE_SOMEONE: Final = frozenset(
    """
    from to with on for by about told tell tells ask asked asks met meet called call rang
    ring texted text emailed email thank thanks thanked messaged message pinged ping saw see
    and take took taking pay paid paying owe owed
    """.split()
)


def _counted_out(folded: list[str], words: list[re.Match[str]], index: int) -> bool:
    """A lowercase word after a word that counts things: "some feathers", "some anchors"."""
    if index == 0 or words[index].group(0)[:1].isupper():
        return False
    return folded[index - 1] in COUNTING or folded[index - 1].isdigit()


def _a_common_noun_here(folded: list[str], words: list[re.Match[str]], index: int) -> bool:
    """A lowercase noun its neighbours make a common one: "their feathers", "drop anchor".

    Someone's own ("their feathers"), the object of a verb with no article ("drop
    anchor"), or one "of" something says which ("the anchor of our back line").
    """
    if index == 0 or words[index].group(0)[:1].isupper() or not sense(folded[index]).noun:
        return False
    before = folded[index - 1]
    after = folded[index + 1] if index + 1 < len(folded) else ""
    if before in _POSSESSIVE_DETERMINERS or (before == "the" and after == "of"):
        return True
    if _MARK_BETWEEN.search(words[index].string, words[index - 1].end(), words[index].start()):
        # "banner update: lantern quoted": no verb's object across a mark (known limit: a
        # noun's modifier there, "update: anchor bolts torqued", is taken as the name)
        return False
    if before in PERSON_VERBS_BEFORE and not _a_nouns_word(folded, words, index - 1):
        return False  # "rang cyclone", "email lantern": whom one rings is a firm or someone
    meaning = sense(before)
    return "VERB" in meaning.readings and not meaning.function


def _a_nouns_word(folded: list[str], words: list[re.Match[str]], index: int) -> bool:
    """A verb of calling read as a noun's word here: "the ring anchor", "a new phone lantern".

    Only one that is a noun too ("ring", "phone", "email"), after an article, an owner or a
    describing word with no mark between; "rang" and "emailed" are verbs, and "let her email"
    or "it was dara that rang" have them so.
    """
    if index == 0 or "NOUN" not in sense(folded[index]).readings:
        return False
    if _MARK_BETWEEN.search(words[index].string, words[index - 1].end(), words[index].start()):
        return False  # "quick, ring cyclone"
    word = folded[index - 1]
    before = sense(word)
    return word in _NOUN_OPENERS or (
        "ADJ" in before.readings and "VERB" not in before.readings and not before.function
    )


#: Articles and owners that open a noun phrase ("her" and "that" may be pronouns).
_NOUN_OPENERS: Final = frozenset("the a an my our your his their its this".split())


#: A mark of punctuation between two words: the second opens a phrase of its own.
_MARK_BETWEEN: Final = re.compile(r"[,.;:!?()\[\]\u2013\u2014]|\s-\s")
#: Possessive determiners: what follows is the owner's thing.
_POSSESSIVE_DETERMINERS: Final = frozenset("their his her my our your its".split())
#: Words that count the noun after them.
COUNTING: Final = frozenset("few some many several two three four five six ten".split())


def _a_modifier_or_a_time(
    folded: list[str], words: list[re.Match[str]], index: int, *, modifier: bool
) -> bool:
    """A season after "last" or "this", or (``modifier``) a noun before another it describes.

    "since last summer", "a bottle of olive oil"; "summer's lesson" and "told olive" are
    hers.
    """
    if words[index].group(0)[:1].isupper() or not sense(folded[index]).known_word:
        return False
    text, end = words[index].string, words[index].end()
    if text[end : end + 1] in ("'", "’"):
        return False
    word = folded[index]
    if (
        index > 0
        and folded[index - 1] in _TIME_DETERMINERS
        and (is_calendar_word(word) or word in SEASONS)
    ):
        return True
    after = sense(folded[index + 1]) if index + 1 < len(folded) else None
    meaning = sense(folded[index])
    return (
        modifier
        and after is not None
        and meaning.noun
        and after.noun
        and not after.function
        and not {"VERB", "AUX"} & after.readings
        and text[end : end + 1] == " "
    )


#: Words that make a season or a month a time: "last summer", "this june".
_TIME_DETERMINERS: Final = frozenset("last this next every each early late mid".split())
#: Subjects whose "'s" is "is" before a state: "it's sunny", "that's frank".
_STATE_SUBJECTS: Final = frozenset("it that there what he she".split())
#: Words before an adjective said of a state: "it was sunny", "so frank", "too sunny".
_BEFORE_A_STATE: Final = frozenset("is was were be been being so very too quite really".split())


def _has_or_is(text: str, at: int) -> bool:
    """The "'s" before ``text[at:]`` is "has" or "is": "harvey's taken the keys".

    A participle no noun shares ("taken"), an auxiliary's ("being", "been", "going"; not
    "going" before a noun, "alice's going rate") or an adverb of time or negation ("still",
    "finally", "not"), a word of place or state ("back", "off", "in"; not "back" before a
    noun, "alice's back garden"), an article, or a participle
    before its particle ("alice's set up a fund", "'s run out of") follows it; a possession
    follows "Alice's" otherwise ("alice's follow up with them").
    """
    following = _NEXT_WORDS.match(text, at)
    if following is None:
        return False
    word, after = fold(following.group(1)), fold(following.group(2) or "")
    if word in _AFTER_HAS_OR_IS:
        # "alice's back tomorrow", "alice's being discharged"; "alice's back garden" owns one
        if word not in _BEFORE_A_NOUN:
            return True
        if word == "going" and after in _WHERE_ONE_GOES:  # "alice's going away present"
            third = _NEXT_WORDS.match(text, following.end())
            return third is None or not _a_noun(fold(third.group(1)))
        return not _a_noun(after) or bool(inflections(after) & {"VBG", "VBN", "VBD"})
    meaning = sense(word)
    if {"VBN", "VBG"} & inflections(word) and not meaning.noun and not meaning.adjective:
        return True
    if _OBJECT_OPENERS.fullmatch(after) and _a_verb_taking_an_object(word):
        # "odile's taking the back office", "odile's asked me to chair"; a noun before a
        # time is the person's ("jo's meeting this week", "sam's wedding the 3rd")
        third = _NEXT_WORDS.match(text, following.end())
        when = third is not None and _a_time(fold(third.group(1)))
        return not (meaning.noun and when)
    # "alice's set up a fund", "'s run out of"; "alice's follow up", "alice's set up fee"
    # are nouns of their own
    if "VBN" not in inflections(word) or after not in _PARTICLES:
        return False
    third = _NEXT_WORDS.match(text, following.end())
    return third is None or not _a_noun(fold(third.group(1)))


def _a_verb_taking_an_object(word: str) -> bool:
    """A verb's "-ing" form or its past in "-ed", which before an object is "is" or "has" done.

    "Alice's singing was lovely" is hers, and "Alice's used car" too: no object follows.
    """
    forms = inflections(word)
    return "VBG" in forms or (word.endswith("ed") and bool({"VBD", "VBN"} & forms))


def _a_time(word: str) -> bool:
    """A word of the calendar or a date: "week", "monday", "3rd"."""
    return is_calendar_word(word) or word in _TIMES or _ORDINAL.match(word) is not None


_TIMES: Final = frozenset("day week weekend month year morning afternoon evening night".split())
#: What opens an object right after a verb: an article, a determiner, an object pronoun.
_OBJECT_OPENERS: Final = re.compile(
    r"(?:the|a|an|this|that|these|those|his|her|their|our|my|your|its|me|us|him|them|it)$"
)


def _a_noun(word: str) -> bool:
    """A noun, and no adverb or time ("back garden"; "back tomorrow", "back home" are where)."""
    meaning = sense(word)
    return meaning.noun and "ADV" not in meaning.readings and not meaning.calendar


#: Words after "'s" that make it "has" or "is".
_AFTER_HAS_OR_IS: Final = frozenset(
    "been being got gone going getting just not never always already also still finally "
    "a an the off back away out in on".split()
)
#: Such words that before a noun are a possession's own: "alice's back garden", "going
#: rate", "still life" (not before a verb's form: "alice's still joining").
_BEFORE_A_NOUN: Final = frozenset({"back", "going", "still"})
#: Where one goes, before what a possessive owns: "alice's going away present".
_WHERE_ONE_GOES: Final = frozenset({"away", "home", "out"})
#: A preposition before a name with "'s": the place is the person's home ("at Jarrah's").
_AT_HOME = re.compile(r"\b(?:at|to|from|round|over)\s+$", re.IGNORECASE)
_PARTICLES: Final = frozenset("up off out down back over in".split())
_NEXT_WORDS = re.compile(r"\s+([\w'’-]+)(?:\s+([\w'’-]+))?")


def _named_as_a_word(folded: list[str], index: int) -> bool:
    """A pronoun talked about as a noun: "the hes and shes on the doors"."""
    if index > 0 and folded[index - 1] in ("the", "a", "an"):
        return True
    joined = index > 1 and folded[index - 1] in ("and", "or")
    return joined and folded[index - 2] in PERSON_PRONOUNS and _named_as_a_word(folded, index - 2)


def _is_family_name_of(entity: Entity, key: str) -> bool:
    names = [fold(name) for name in entity.title.split()]
    while len(names) > 1 and names[0].rstrip(".") in HONORIFICS:
        names = names[1:]
    return len(names) > 1 and key == names[-1]


def _subject(folded: list[str], words: list[re.Match[str]], index: int) -> bool:
    """A lowercase word opening its clause before a person's verb: "gable is back", "gable's".

    A noun there would take its article ("the heath is lovely"); the verbs are those a
    person's news comes with, negated too ("ivo hasnt replied yet"). A clause opens after a
    comma or a stop as well as at the text's start ("..., ivo hasnt replied yet").
    """
    opening = (
        index == 0 or folded[index - 1] in _CLAUSE_OPENERS or _after_a_break(folded, words, index)
    )
    if not opening or index + 1 >= len(folded):
        return False
    after = folded[index + 1]
    if after in _IN_PASSING and index + 2 < len(folded):
        after = folded[index + 2]  # "ottilie already has that friday off"
    return after in _PERSON_NEWS or after == "s"  # "gable's back"


def _after_a_break(folded: list[str], words: list[re.Match[str]], index: int) -> bool:
    """The word opens a clause after a comma or a stop: "..., ivo hasnt replied yet".

    Not after a word that only opens the sentence ("yeah, may is better", "lol, grace is a
    virtue"), and not a month's name, which a clause opens with as often.
    """
    between = words[index].string[words[index - 1].end() : words[index].start()]
    if _A_BREAK.search(between) is None or is_calendar_word(folded[index]):
        return False
    return folded[index - 1] not in _INTERJECTIONS


#: Words before a clause's subject ("and heath said", "btw heath is").
_CLAUSE_OPENERS: Final = frozenset("and but so also oh btw plus then".split())
#: Verbs right after a person's name that bring news of them, and their negations as typed
#: ("hasnt") or as read ("hasn't" is "hasn" and "t").
_PERSON_NEWS: Final = frozenset(
    "is was has had will can could said says wants wanted asked thinks reckons told "
    "emailed called rang texted hates loves likes prefers agreed offered "
    "isnt wasnt hasnt hadnt wont cant couldnt didnt doesnt isn wasn hasn hadn won couldn "
    "didn doesn".split()
)
#: Words that only open a sentence, before its comma: "yeah, ...", "lol, ...".
_INTERJECTIONS: Final = frozenset(
    "yeah yes yep no nope ok okay lol haha ugh cheers thanks hmm oh well anyway right sure".split()
)
#: Adverbs between a subject and its verb: "ottilie already has", "ivo just rang".
_IN_PASSING: Final = frozenset("already also just still never finally really".split())
#: A mark that ends a clause between two words: a comma, a stop, a colon, a dash.
_A_BREAK: Final = re.compile(r"[,.;:!?]|\s[-–—]\s")


def _an_everyday_phrase(
    folded: list[str], words: list[re.Match[str]], index: int, length: int
) -> bool:
    """Everyday words in lowercase after "a" or "an", ending their phrase: no one's name.

    No page's name takes the indefinite article ("as a white flag", "a golden goose"),
    unless the article is the next noun's ("a widget co invoice", "an acme order").
    """
    if index == 0 or folded[index - 1] not in ("a", "an"):
        return False
    span = range(index, index + length)
    if any(words[at].group(0)[:1].isupper() or not sense(folded[at]).lexical for at in span):
        return False
    after = index + length
    return after >= len(folded) or sense(folded[after]).function


def _a_verb_or_an_everyday_noun(folded: list[str], words: list[re.Match[str]], index: int) -> bool:
    """A lowercase word its neighbours make a verb or a common noun, not a person's name.

    An infinitive after a verb that takes one ("have to chase them"), a past tense after a
    noun ("rates rose half a percent"), a noun after a describing word ("with good grace").
    A name typed in lowercase after a word that takes a person stays theirs ("from june",
    "talk to grace").
    """
    if index == 0 or words[index].group(0)[:1].isupper() or not sense(folded[index]).known_word:
        return False
    word, before = folded[index], folded[index - 1]
    meaning = sense(word)
    text, end = words[index].string, words[index].end()
    if text[end : end + 1] in ("'", "’"):
        return False  # "going to mark's for dinner": his house
    after = sense(folded[index + 1]) if index + 1 < len(folded) else None
    if before == "to" and index > 1 and folded[index - 2] in _TAKE_AN_INFINITIVE:
        return "VERB" in meaning.readings
    if after is not None and {"VERB", "AUX"} & after.readings:
        return False  # "poor rose has the flu": someone a word describes, and her news
    previous = sense(before)
    if "VBD" in inflections(word) and previous.noun and not previous.function:
        # "prices rose", "quillfield's price rose"; "met rose" is a verb and its object
        determined = index > 1 and folded[index - 2] in _DETERMINERS  # "s" of a possessive
        return "VERB" not in previous.readings or before.endswith("s") or determined
    describing = "ADJ" in previous.readings and "VERB" not in previous.readings
    return describing and not previous.function and meaning.noun


#: Words before a noun that make it one, and the "s" of a possessive ("northgate's rate").
_DETERMINERS: Final = frozenset("the a an this that our my his her their its your s".split())


#: Verbs before "to" and an infinitive: "have to chase", "going to call".
_TAKE_AN_INFINITIVE: Final = frozenset(
    "need needs needed have has had want wants wanted going got try trying tried able "
    "remember forgot forget plan planning meant ought used".split()
)


def _as_read(word: str) -> str:
    """A word folded; "cannot", or a contraction typed without its apostrophe, as the contraction.

    :data:`_WORD` reads "can't" as "can" and "t", so "cant" and "cannot" read as "can":
    "sunny cant cover the 14th" and "sunny cannot ..." say of Sunny what "sunny can't ..." does.
    """
    contraction = contraction_of(word)
    return fold(word) if contraction is None else contraction.split("'", 1)[0]


def _ordinary_here(folded: list[str], words: list[re.Match[str]], index: int) -> bool:
    """A lowercase everyday word its place makes ordinary: "in june", "my patience".

    A month after a preposition, or a time of day after one only a time takes, is the time
    when it ends its phrase ("in june we close", "from june the rent goes up", "up at
    dawn"; "heard back from june", "at dawn's", "before dawn leaves" are hers); an everyday
    word after "my", "our" or "your" is the speaker's own (no one calls a friend "my Dawn"
    in lowercase).
    """
    if index == 0 or words[index].group(0)[:1].isupper():
        return False
    word, before = folded[index], folded[index - 1]
    if word in NAME_MODALS and before in SUBJECT_PRONOUNS:
        return True  # "I will have to chase them", "we may need more": a modal
    meaning = sense(word)
    after = folded[index + 1] if index + 1 < len(folded) else ""
    if before in ("my", "our", "your"):
        return meaning.lowercase_ordinary
    text, end = words[index].string, words[index].end()
    if text[end : end + 1] in ("'", "’"):
        return False  # "at dawn's house": hers
    ends_phrase = not after or sense(after).function or sense(after).calendar
    if not (ends_phrase or after in _AFTER_A_TIME or after.isdigit() or _ORDINAL.match(after)):
        return False  # "before dawn leaves": her deed
    if index > 1 and folded[index - 2] in _HEARD:
        return False  # "waiting on june to send", "heard back from june": her
    if meaning.calendar and before in _MONTH_PREPOSITIONS:
        return True  # "in june we close", "by june", "until march"
    if meaning.calendar and before in _FROM_A_TIME:
        # "from june the rent goes up", "on june 3rd"; "borrowed £50 from june, ...",
        # "counting on june to bring it", "a card from june with £20 in it" are hers
        return after in _A_CLAUSE_OPENS or after.isdigit() or _ORDINAL.match(after) is not None
    return word in _TIMES_OF_DAY and before in _TIME_OF_DAY_PREPOSITIONS  # "up at dawn"


def _a_date(folded: list[str], words: list[re.Match[str]], index: int) -> bool:
    """A month's name, capitalised or not, that a day's number or its preposition makes a date.

    "on 1 June", "June 3rd", "the 2nd of May", and "in May", "by June" or "the end of May"
    ending the phrase.
    A number that counts the noun after it is no day ("owe May 20 quid", "told June 4
    times"), nor is the month after a verb of giving or telling ("paid June 20 for the
    taxi"); a name runs on after a person's given name ("in May Quarrington's field"), takes a
    possessive ("by June's desk") or a verb ("until April has read them"), is the agent
    after a participle ("written by June") and what trust or faith is put in ("confided in
    June").
    """
    if folded[index] not in _MONTHS:
        return False
    before = folded[index - 1] if index > 0 else ""
    if before and lemmas(before) & _GIVING_VERBS:
        return False  # "I owe May 25 for the eggs", "told June 4 times": to whom
    if _a_day(before) or _a_day_after(folded, index + 1):
        return True
    if before == "of" and index > 1 and _a_day(folded[index - 2]):
        return True
    text, end = words[index].string, words[index].end()
    part = before == "of" and index > 1 and folded[index - 2] in _PARTS_OF_TIME
    part = part or before in _PARTS_OF_A_MONTH  # "in late June", "early May"
    if not (before in _MONTH_PREPOSITIONS or part) or text[end : end + 1] in ("'", "’"):
        return False  # "by the end of May" as "by May"; "the end of May's shift" is hers
    following = words[index + 1].group(0) if index + 1 < len(words) else ""
    if part and not following[:1].isupper():
        # a part of a month is a time whatever follows ("the middle of May is out"), but
        # no name runs on ("the end of May Quarrington's lane")
        return True
    earlier = folded[index - 2] if index > 1 else ""
    if earlier.endswith("ly") and index > 2:
        earlier = folded[index - 3]  # "done beautifully by June"
    if earlier in _IN_SOMEONE or (before == "by" and "VBN" in inflections(earlier)):
        return False
    after = folded[index + 1] if index + 1 < len(folded) else ""
    following = words[index + 1].group(0) if index + 1 < len(words) else ""
    if following[:1].isupper() or (after and inflections(after)):  # a verb, a modal too
        return False
    return not after or sense(after).function


#: Stretches of time a month is the whole of: "the end of May", "the first week of June",
#: "the whole of July".
_PARTS_OF_TIME: Final = frozenset(
    "end start beginning middle half week weeks weekend rest fortnight month whole most".split()
)


#: Words that make a month's name a part of it: "early June", "in late May", "mid April".
_PARTS_OF_A_MONTH: Final = frozenset("early late mid".split())


def _a_day_after(folded: list[str], at: int) -> bool:
    """A day's number at ``at``, after the month: "June 3rd", "May 12 at the hospital".

    Not one that counts the noun after it ("May 20 quid", "June 12 copies").
    """
    if at >= len(folded) or not _a_day(folded[at]):
        return False
    counted = folded[at + 1] if at + 1 < len(folded) else ""
    if not counted or counted.isdigit() or _a_day(counted):
        return True
    meaning = sense(counted)
    return not meaning.noun or meaning.function or meaning.calendar


#: Verbs whose first object is the one given or told, before what ("paid June 20 for the
#: taxi", "told May 10 is too early"): after them a month's name is the person's.
_GIVING_VERBS: Final = frozenset(
    "owe pay give lend send tell show offer promise hand bring wish text texted email".split()
)  # matched by lemma ("paid", "told"); "texted" the lemmatiser does not know
#: Words whose "in" takes a person: "faith in May", "confided in June".
_IN_SOMEONE: Final = frozenset(
    "faith trust confidence belief believe believed believes confide confided confiding "
    "interest interested disappointed".split()
)


#: The months' names (a weekday's is seldom a person's).
_MONTHS: Final = frozenset(
    "january february march april may june july august september october november december".split()
)


def _a_day(word: str) -> bool:
    """A day of the month: "1", "21st"."""
    return (word.isdigit() and 0 < int(word) <= 31) or _ORDINAL.match(word) is not None


#: Prepositions that take a month and hardly anyone: "in june", "by march".
_MONTH_PREPOSITIONS: Final = frozenset("in by during until till through".split())
#: Prepositions that take a month or a person: the month opens a time a clause follows.
_FROM_A_TIME: Final = frozenset("from since after before on".split())
#: What follows "from june" when a clause follows the time: "from june the rent goes up".
_A_CLAUSE_OPENS: Final = frozenset(
    "the we i it they you he she our my their onwards on every this".split()
)
#: Words before a preposition that make its object someone heard from or waited on.
_HEARD: Final = frozenset(
    "heard hear text texts message email call word news back waiting wait note letter reply "
    "got".split()
)
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)$")
#: Prepositions that take a time of day and hardly anyone: "at dusk", "before dawn".
_TIME_OF_DAY_PREPOSITIONS: Final = frozenset("at by before until till".split())
#: Words a time is followed by in its sentence ("up at dawn tomorrow", "in june this year").
_AFTER_A_TIME: Final = frozenset("tomorrow today tonight this next last every".split())
_TIMES_OF_DAY: Final = frozenset("dawn dusk noon midnight sunrise sunset".split())


def _after_an_article(folded: list[str], index: int) -> bool:
    """An article one or two words before: "a mason", "a good mason"."""
    return any(word in ("a", "an", "the") for word in folded[max(0, index - 2) : index])


#: Characters of a page's body read for the pronoun it uses of its person.
PRONOUN_CHARS = 1000
_PRONOUN_CLASSES = {
    **dict.fromkeys(("he", "him", "his", "himself", "hes"), "he"),
    **dict.fromkeys(("she", "her", "hers", "herself", "shes"), "she"),
}


def pronoun_class(word: str) -> str:
    """The class of a personal pronoun: "he" (he, him, his), "she" (she, her, hers) or "".

    A contracted verb leaves the pronoun as it is: "he's", "she’d", "he'll".
    """
    return _PRONOUN_CLASSES.get(_CONTRACTION.sub("", word.casefold()), "")


#: A verb contracted onto a pronoun.
_CONTRACTION: Final = re.compile(r"['’](?:s|d|ll|re|ve)$")


def page_pronoun(body: str) -> str:
    """The pronoun a person's page uses of them ("She works nights" -> "she"), if only one."""
    used = {pronoun_class(word) for word in _WORD.findall(body[:PRONOUN_CHARS])} - {""}
    return used.pop() if len(used) == 1 else ""


def _pronoun(title: str, summary: str, body: str) -> str:
    """A person's pronoun: the one their page uses, else the one a relation implies.

    Their relation to the user ("The user's sister") or to someone else their page opens
    with ("Tomasz Wren is Ola's father", "Ola's mother; ...").
    """
    return (
        page_pronoun(body)
        or relation_pronoun(page_relations(summary, body, title))
        or _kin_pronoun(title, summary, body)
    )


def _animal_pronoun(title: str, slug: str, page_type: str | None, summary: str, body: str) -> str:
    """An animal's pronoun: the one its page uses of it, else the sex its kind says.

    "He is 14 and barefoot." is a "he"; "Dun gelding owned by ..." too, "Perrin's collie
    bitch" a "she", and so is "Tolly is a bay mare." in the body, said of the page's own
    animal (not "His field companion is a grey mare."); nothing for a thing, or for an
    animal whose kind says no sex ("Pit bull terrier cross", "Labrador owned by Jenny Marsh").
    """
    if not Entity(slug, "", page_type).animate:
        return ""
    if own := page_pronoun(body):
        return own
    described = re.search(
        rf"(?:^|[.!?]\s+)(?:{re.escape(title)}|he|she|it)\s+is\s+an?\s+([^.;,()\n]+)",
        body,
        re.IGNORECASE,
    )
    return animal_sex(summary) or (animal_sex(described.group(1)) if described else "")


def _kin_pronoun(title: str, summary: str, body: str) -> str:
    """The pronoun of the family word someone's page calls them: "... is Ola's father"."""
    opening = body.strip()
    opening = opening[len(title) :] if opening.startswith(title) else ""
    for text in (summary, opening):
        for found in (_WHOSE_KIN.match(text), _KIN_OF.match(text)):
            said = relation_pronoun([found.group("kin").casefold()]) if found else ""
            if said:
                return said
    return ""


#: "Ola's father", "is Ola Wren's mother" opening a summary or a body after the title.
_WHOSE_KIN: Final = re.compile(
    r"\s*(?:is\s+)?(?:the\s+)?[\w-]+(?:\s+[\w-]+)?['’]s?\s+(?P<kin>[A-Za-z-]+)\b"
)
#: "Mother of Ola", "is the father of Ola".
_KIN_OF: Final = re.compile(r"\s*(?:is\s+)?(?:the\s+)?(?P<kin>[A-Za-z-]+)\s+of\b")


def _addressed(aliases: Sequence[tuple[str, str, str]]) -> dict[str, str]:
    """The pronoun an alias's title of address says ("mr ogunleye": he), one per page."""
    said: dict[str, set[str]] = {}
    for alias, slug, _arm in aliases:
        words = alias.split()
        if len(words) > 1 and words[0].rstrip(".") in TITLE_PRONOUNS:
            said.setdefault(slug, set()).add(TITLE_PRONOUNS[words[0].rstrip(".")])
    return {slug: one.pop() for slug, one in said.items() if len(one) == 1}


def _personal(slug: str, page_type: str | None) -> bool:
    return Entity(slug, "", page_type).is_person


def _anothers(folded: list[str], index: int) -> bool:
    """Somebody else's family: "her mum", "a mum", "Jo's mum" (not "it's mum's")."""
    before = folded[index - 1] if index else ""
    if before == "s" and index >= 2:
        return fold(folded[index - 2]) not in _CONTRACTED
    return before in OWNERS


def _page_surfaces(entity: Entity, frontmatter: object) -> list[tuple[str, str, bool]]:
    """Title, slug suffix, a person's first name and family name, and the frontmatter aliases."""
    slug = entity.slug
    title = unqualified(entity.title)  # "Dana Vrell (accountant)": no "(accountant)" name
    surfaces = [(title, slug, False), (slug.rsplit("/", 1)[-1], slug, False)]
    also = qualifier_name(entity.title)  # "Liz Tarn (née Gould)" is Gould too
    if also is not None:
        surfaces.append((also, slug, True))
    names = title.split()
    if entity.is_person:  # "Dr Nusa Vesk" is Nusa, not "Dr"; "Sister Perpetua Ouko" Perpetua
        names = names[leading_titles([fold(name) for name in names]) :]
    if entity.is_person and "-" in names[0]:  # "Hye-rin" is also typed "Hyerin"
        surfaces.append((names[0].replace("-", ""), slug, False))
    if entity.is_person and len(names) > 1:
        # The family name may have several words ("Van Houten", "de la Fuente"): every tail.
        surfaces.append((names[0], slug, False))
        surfaces += [(" ".join(names[start:]), slug, False) for start in range(1, len(names))]
    if not entity.is_person and not a_concept(entity):
        surfaces += [(phrase, slug, False) for phrase in _known_kind(title)]
    aliases: Any = frontmatter.get("aliases") if isinstance(frontmatter, Mapping) else None
    if isinstance(aliases, str):
        aliases = [aliases]
    if isinstance(aliases, list):
        surfaces.extend((alias, slug, True) for alias in aliases if isinstance(alias, str))
    return surfaces


def _known_kind(title: str) -> list[str]:
    """The title's kind said as the one the hearer knows: "the fete", "our food bank".

    A project, a club or a hall is talked of by what it is once both sides know which one:
    "Tallow Green Fete 2027" is "the fete", "Eastmere Food Bank" is "the food bank" or "our
    food bank". Every tail of the title that ends in its head noun, and the title's own
    name with its head ("Vellacott Choir Trip": "the Vellacott trip"), after "the" or "our"; a
    tail two pages share attributes nothing (the index's rule for any shared surface). A
    tail of two words or more stands bare too, for when the rest of the title is said
    apart from it ("the Harrow-Ebbs couple about their cake order"; see
    :meth:`EntityIndex._rest_of_title_apart`).
    """
    words = [word for word in tokens(title) if not word.isdigit()]
    if len(words) < _KIND_MIN_WORDS or words[-1] in LEGAL_FORMS or not words[-1].isalpha():
        return []
    if words[-1] == _POSSESSIVE_S:
        return []  # "St Mary's": an owner's name, no kind ("the s" would be no surface)
    head = sense(words[-1])
    if head.function or (head.lexical and not head.noun):
        return []  # "Harbour Lights Rewire": a verb says no kind
    tails = [
        words[start:]
        for start in range(1, len(words))
        if not sense(words[start]).function  # "Festival of Light": no "the of light"
        and words[start] != _POSSESSIVE_S  # "Nonna's Kitchen": no "the s kitchen"
    ]
    # one word is a kind only when no everyday noun: "the fete" (in no word list), not "the
    # bank" of a food bank, "the garden" of a community garden
    tails = [tail for tail in tails if len(tail) > 1 or not head.ordinary]
    phrases = [" ".join(tail) for tail in tails] + gapped_parts(title)
    known = [f"{owner} {phrase}" for phrase in phrases for owner in _KNOWN_ONES]
    return known + [" ".join(tail) for tail in tails if len(tail) > 1]


def _gapped(key: tuple[str, ...], entity: Entity) -> bool:
    """The surface is a title's name and head after "the" or "our" ("the Vellacott trip")."""
    if len(key) != _GAPPED_WORDS or key[0] not in _KNOWN_ONES or entity.is_person:
        return False
    words = title_words(entity.title)
    return words[-2:] != key[1:] and words[-1:] == key[-1:]


#: Distinct titles whose words are kept (matching reads them for every title-part hit).
_TITLES_KEPT: Final = 4096


@lru_cache(maxsize=_TITLES_KEPT)
def title_words(title: str) -> tuple[str, ...]:
    """The title's words, without a trailing year or number ("Pellwick Show 2027")."""
    words = tokens(unqualified(title))
    while words and words[-1].isdigit():
        words.pop()
    return tuple(words)


def a_concept(entity: Entity) -> bool:
    """A page about an idea ("Slow Travel", "Tidal Energy"): no one thing its kind names."""
    return (entity.page_type or "").casefold() == "concept" or entity.slug.startswith("concepts/")


#: Possessives that point back at whom a sentence named: "the Harnell couple ... their".
_THEIR: Final = frozenset({"their", "his", "her", "its"})
#: Words of a title's gapped part said as the known one: "the", its name, its head.
_GAPPED_WORDS: Final = 3
#: Words that make a kind the known one: the article, or the speaker's own.
_KNOWN_ONES: Final = ("the", "our")
#: What is left of an owner's "'s" when a title is split into words ("Mary's": mary, s).
_POSSESSIVE_S: Final = "s"
#: A title names its kind only after a name of its own: "Fete" alone says nothing more.
_KIND_MIN_WORDS: Final = 2


#: A summary that makes an organisation the user's own: it opens with "the user's" or "our"
#: and a word for a body one belongs to ("The user's choir", "Our bakery"), or says the user
#: runs it or belongs to it before any preposition ("Residents' association the user sits
#: on"; not "Supplier to the bakery the user runs").
_OWN_BODY: Final = (
    "club society team company business firm shop studio practice school choir band church "
    "charity council committee association brewery bakery cafe restaurant startup agency "
    "employer workplace group orchestra league kitchen salon farm allotments surgery clinic "
    "centre center garage nursery office microbrewery collective co-op cooperative gym pub "
    "union branch vineyard winery distillery cidery bar"
)
_USERS_OWN = re.compile(
    r"^\s*(?:the\s+user['’]s|our|my)\s+(?:[\w'’-]+\s+){0,3}?"
    rf"(?P<body>{'|'.join(_OWN_BODY.split())})\b"
    r"|^(?:(?!\b(?:to|for|of|with|from|at)\b)[^.;])*?\bthe\s+user\s+(?:runs|owns|manages"
    r"|leads|founded|co-founded|chairs|coaches|sits\s+on|belongs\s+to|works\s+(?:at|for|in)"
    r"|volunteers\s+(?:at|with|for)|is\s+a\s+member\s+of)\b",
    re.IGNORECASE,
)
#: Words that make it somebody else's, or no longer the user's: a former one, a rival, or a
#: relative's ("The user's husband's company", "Our kids' school").
_NOT_OWN = re.compile(
    r"^\s*(?:the\s+user['’]s|our|my)\s+(?:former|ex-|previous|old)\b"
    r"|^\s*(?:the\s+user['’]s|our|my)\s+[\w-]+(?:['’]s|s['’])\s"
    r"|\b(?:rival|competitor|supplier|customer)\b",
    re.IGNORECASE,
)


#: The user, writing their own page, is something in the body now: "I'm the bookings
#: secretary", "where I'm production editor", "I'm a member", "we're on the committee" ("I
#: was captain" is over).
_I_AM_IN_IT = re.compile(
    r"(?:^|\bwhere\s+|\band\s+)(?:i\s*['’]m|i\s+am|we\s*['’]re|we\s+are)\s+(?:"
    r"(?:the\s+|its\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,2}?(?:manager|lead|treasurer|secretary|chair"
    r"|captain|director|owner|editor|founder|partner|coordinator|president|member|trustee"
    r"|volunteer)s?|on\s+the\s+committee|(?:a\s+)?members?\s+of)\b",
    re.IGNORECASE,
)
#: The body as the object of the user's verb, closing the relative clause that describes
#: it: "skittles team I play for", "the small press I run with my sister", "food co-op
#: we belong to", "the cycling club we joined".
_I_DO_IT = re.compile(
    r"\b(?:i|we)(?:\s+|(?=['’]))(?:run|own|co-own|manage|lead|founded|co-founded|captain|coach|joined"
    r"|play\s+for|work\s+(?:at|for|in)|volunteer(?:\s+(?:at|with|for|in))?|belong\s+to"
    r"|(?:['’]m|am|['’]re|are)\s+(?:a\s+)?members?\s+of)"
    r"(?=\s*$|\s+(?:with|and|since|in|as|on)\b)",
    re.IGNORECASE,
)
#: Before the user in the clause, a word that makes the body a thing the user merely has
#: to do with: a preposition ("Supplier to the bakery I run", "Seed merchant we buy from"),
#: a participle ("Letting agency managing the flat I own") or an object of its own.
_BEFORE_THE_USER = re.compile(
    r"\b(?:to|for|of|with|from|at|through|by|the|a|an|my|our)\b|\b\w+(?:ing|ed)\b",
    re.IGNORECASE,
)


def _users_own(slug: str, page_type: str | None, summary: str) -> bool:
    """An organisation whose summary says the user belongs to it: "we" may mean it."""
    return (
        is_organisation(page_type, slug)
        and (_USERS_OWN.search(summary) is not None or _says_i_belong(summary))
        and _NOT_OWN.search(summary) is None
    )


def _says_i_belong(summary: str) -> bool:
    """A clause of the summary, in the first person, has the user in the body now."""
    for clause in (part.strip() for part in re.split(r"[.;]", summary)):
        if _I_AM_IN_IT.search(clause) is not None:
            return True
        found = _I_DO_IT.search(clause)
        if found is not None and _BEFORE_THE_USER.search(clause, 1, found.start()) is None:
            return True
    return False


def _employs(summary: str, mention: Mention, own: Entity | None) -> bool:
    """The summary names ``mention`` as the firm its person works for (see ``firm_of``)."""
    from bb_brain.writeback._firms import NOT_THEIR_FIRM, ROLE_AT

    firm = mention.entity
    if firm is None or firm.is_person or firm is own or mention.possessive:
        return False  # "at Quillfield Joinery's open day": something of the firm's
    if not is_organisation(firm.page_type, firm.slug):
        return False
    clause_start = max(summary.rfind(mark, 0, mention.start) for mark in ".;\n") + 1
    clause_end = min(
        (found for mark in ".;,\n" if (found := summary.find(mark, mention.end)) >= 0),
        default=len(summary),
    )
    if ROLE_AT.search(summary, clause_start, mention.start) is None:
        return False
    if NOT_THEIR_FIRM.search(summary, clause_start, clause_end) is not None:
        return False
    following = summary[mention.end :].split(maxsplit=1)
    if not following or not following[0][:1].isupper():
        return True
    return fold(following[0].rstrip(".,;:")) in LEGAL_FORMS  # "... Glazing Ltd." is the firm


def _body(summary: str) -> str:
    """The word for the body an own organisation's summary names ("The user's choir")."""
    found = _USERS_OWN.search(summary)
    return fold(found.group("body")) if found is not None and found.group("body") else ""


_NAME_WORD = re.compile(r"[\w'’-]+")
#: A body this common is anyone's ("the team", "the school", "the club").
_EVERYDAY_BODY_ZIPF: Final = 4.5
#: The body's word opens the text within this many words ("choir news:", "cycling club notes").
_OPENING_WORDS: Final = 2


#: Words before a body's word that make it another one: "a choir", "her school".
_ANOTHERS: Final = frozenset("a an my his her their your another every any some".split())
#: Words after a body's word that make it a place or a time of the user's, not the body:
#: "our team at work", "our school run".
_NOT_THE_BODY: Final = frozenset("at in from of run".split())
#: Words after a body's word in a heading about it: "club notes", "choir update".
_HEADING_WORDS: Final = frozenset(
    "notes update updates stuff minutes agm news meeting committee".split()
)


def _heads(text: str, word: str) -> bool:
    """The word ends a heading: "Club:", "Choir -"."""
    return re.search(rf"\b{re.escape(word)}\s*[:\-–—]", text, re.IGNORECASE) is not None


def _own_words(own: Entity) -> frozenset[str]:
    """The words of the name of the user's own organisation that no word list has."""
    words = {fold(word) for word in _NAME_WORD.findall(own.title)}
    return frozenset(
        word
        for word in words
        if len(word) > 2 and sense(word).zipf == 0 and not sense(word).lexical
    )
