"""A title's head noun said in passing: a weak sign of what a sentence is about.

A conversation about a plan seldom names it in full once both sides know it: "did the
walk-round this morning, 300 square metres at most", "parcel list has 70 homes on it", "gala
wrap-up. we cleared £410". A title's head, its last word and what the page is ("parcels" of
Winter Parcels 2027, "gala" of Quenby Swim Gala), said as a noun in its singular or its
plural, makes that page the topic at hand, when no other page's title ends in that noun.

It is no mention: a clause is never about the page on its strength alone. It only says what
"it", "they" and a clause that names nobody refer to, and only while no page named outright
is at hand (``_rules``): it never takes the place of one. A title has a head only when a name
stands before it (a number counts: "Plot 23"; a year does not) and it is a noun, no legal form
("Ltd") and no word for any page's kind ("project"); a title with a function word in it
("Festival of Light") has none, and neither has a person's, a pet's, an idea's or a firm's
page (a firm's last word is its brand's as often as its kind: "Nonna's Kitchen" caters).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from bb_brain._orgnames import LEGAL_FORMS
from bb_brain.pages import unqualified
from bb_brain.reflex._lexicon import (
    LOCATIVE_PREPOSITIONS,
    SEASONS,
    SUBJECT_PRONOUNS,
    is_calendar_word,
)
from bb_brain.reflex._ordinary import sense
from bb_brain.writeback._entities import (
    CLAUSE_BREAK,
    COUNTING,
    OWNERS,
    THE_ONE_AT_HAND,
    Entity,
    a_concept,
    of_a_time,
    placed_elsewhere,
    tokens,
)

#: Words for any page's kind: "the project" is whichever one is at hand.
_KIND_WORDS: Final = frozenset(
    {"project", "event", "company", "organisation", "organization", "place", "firm"}
)


class HeadNouns:
    """The head nouns of a source's pages that one page alone ends in, in every form."""

    def __init__(self, entities: Iterable[Entity]) -> None:
        """Index the heads of ``entities`` by their noun forms.

        Every page's last title word counts as a rival, whether or not it makes a head: a
        noun two titles end in ("Winter Hampers", "Picnic Hamper") is neither's.
        """
        owners: dict[str, set[str]] = {}
        heads: dict[str, tuple[Entity, str]] = {}
        for entity in entities:
            words = tokens(unqualified(entity.title))
            named = [word for word in words if not _a_year(word)]
            core = list(named)
            while core and core[-1].isdigit():
                core.pop()  # "Plot 23": the number is its name, "plot" its head
            if not core or not core[-1].isalpha():
                continue
            last = core[-1]
            for form in _noun_forms(last):
                owners.setdefault(form, set()).add(entity.slug)
            if len(named) > 1 and _a_head(entity, words, last):
                heads[entity.slug] = (entity, last)
        shared = {slug for slugs in owners.values() if len(slugs) > 1 for slug in slugs}
        #: A noun form, the page whose head it is and that head as the title has it.
        self._page_by_form = {
            form: heads[slug]
            for form, slugs in owners.items()
            if (slug := next(iter(slugs))) in heads and slug not in shared
        }

    def topic_in(self, text: str) -> Entity | None:
        """The one page whose head the text says as its own; None for none or several."""
        if not self._page_by_form:
            return None
        words = list(_WORD.finditer(text))
        folded = [word.group(0).casefold() for word in words]
        found: dict[str, Entity] = {}
        for index, word in enumerate(folded):
            for form in _noun_forms(word):
                hit = self._page_by_form.get(form)
                if hit is not None and _the_one_at_hand(hit[0], hit[1], folded, words, index):
                    found[hit[0].slug] = hit[0]
        return next(iter(found.values())) if len(found) == 1 else None


def _noun_forms(word: str) -> frozenset[str]:
    """The word and the nouns it is a form of ("hampers" -> hamper); no verb's ("plotted")."""
    return frozenset({word, *sense(word).noun_lemmas})


def _a_year(word: str) -> bool:
    """A year after a title ("Winter Parcels 2027") is no name, as "23" of Plot 23 is."""
    return word.isdigit() and len(word) == _YEAR_DIGITS and word[:2] in ("19", "20")


def _a_head(entity: Entity, words: list[str], last: str) -> bool:
    """The title's last word says what the page is: a noun, no legal form, no kind word."""
    if entity.animate or a_concept(entity) or _a_firm(entity) or len(last) < _MIN_HEAD_CHARS:
        return False
    if last in LEGAL_FORMS or last in _KIND_WORDS:
        return False
    if any(sense(word).function for word in words):
        return False  # "Festival of Light": its head is no last word
    meaning = sense(last)
    if not meaning.lexical:  # a word no dictionary has: a kind in its own tongue ("matsuri")
        return len(last) >= _MIN_FOREIGN_HEAD_CHARS and not meaning.function
    return meaning.noun and not meaning.function


def _a_firm(entity: Entity) -> bool:
    """A firm's last word is its brand's as often as its kind ("Nonna's Kitchen" caters)."""
    return (entity.page_type or "").casefold() == "company" or entity.slug.startswith("companies/")


def _the_one_at_hand(
    page: Entity, head: str, folded: list[str], words: list[re.Match[str]], index: int
) -> bool:
    """The head is said of the page, not of another of its kind, nor as another word.

    Another one is had with an article, an owner or a count of its own ("a fete", "my
    supper", "their cake order", "two suppers", "Sam's supper"), a noun or a name before the
    head that the title lacks ("the tennis club", "Brackla RFC"), a number after it that the
    title lacks ("plot 7"), a complement or a place after it ("the cup of tea", "the light in
    the hallway", "the party next door"), or in the plural at a clause's start, unless that
    is the title's own form ("suppers are cheaper"). A subject pronoun before it makes it a
    verb ("I work fridays"), a degree word an adjective ("not fair"). The title's own words, a
    season, a time's possessive ("this year's supper") and a word that only describes ("the
    main hall", "best gala we've run", "booked supper") change nothing.
    """
    own = set(tokens(page.title))
    after = _after(folded, words, index)
    if after in _COMPLEMENTS or after in LOCATIVE_PREPOSITIONS:
        return False  # "the cup of tea", "the light in the hallway"
    if after.isdigit() and after not in own:
        return False  # "plot 7" beside Plot 14
    if after and placed_elsewhere(folded, index + 1):
        return False  # "the party next door"
    start = index
    described = 0  # words before it that only describe it: "the main hall", "my back garden"
    while start and not _BREAK.search(_gap(words, start)):
        word = folded[start - 1]
        if word in own or word in SEASONS or is_calendar_word(word):
            start -= 1
        elif described < _MAX_DESCRIBING and _describes(word):
            described += 1
            start -= 1
        else:
            break
    said = folded[index]
    if start == 0 or _BREAK.search(_gap(words, start)):
        if after and _describes(after) and not sense(after).noun:
            return False  # "party political broadcast": it describes what follows
        return said == head or not sense(said).plural_noun  # "suppers are cheaper": any
    before = folded[start - 1]
    if before == "s":
        return of_a_time(folded, start)  # "this year's supper"; not "Sam's supper"
    if before in THE_ONE_AT_HAND:
        return True
    if before in OWNERS or before in COUNTING or before in _OTHERS or before in SUBJECT_PRONOUNS:
        return False
    if before == "to" and not described and sense(said).verb_lemmas:
        return False  # "had to plot a course": a verb
    meaning = sense(before)
    if meaning.function:
        return True  # "and supper", "with the plot"
    # "booked supper"; not "the driving school", "my ironing board", "the tennis club"
    return bool(meaning.verb_lemmas) and not meaning.noun and not before.endswith("ing")


def _describes(word: str) -> bool:
    """An adjective that is no noun's and no verb's "-ing": "main", "best", "back"."""
    meaning = sense(word)
    return meaning.adjective and not meaning.function and not word.endswith("ing")


def _after(folded: list[str], words: list[re.Match[str]], index: int) -> str:
    """The word after ``index`` in its clause, or ""."""
    if index + 1 >= len(folded) or _BREAK.search(_gap(words, index + 1)):
        return ""
    return folded[index + 1]


def _gap(words: list[re.Match[str]], index: int) -> str:
    """The text between word ``index`` and the one before it."""
    return words[index].string[words[index - 1].end() : words[index].start()]


_WORD: Final = re.compile(r"\w+")
#: What parts a clause from the one before, in chat a spaced dash and brackets too.
_BREAK: Final = re.compile(rf"{CLAUSE_BREAK.pattern}|[()]|\s[-–—]\s")
#: Words after a head that start a complement of its own: another thing of its kind.
_COMPLEMENTS: Final = frozenset({"of", "for"})
#: Words before a head, besides owners and counts, that make it another of its kind.
_OTHERS: Final = frozenset(
    {"another", "other", "every", "each", "no", "many", "both", "not", "so", "very", "too"}
)
_YEAR_DIGITS: Final = 4
#: Describing words looked past before a head.
_MAX_DESCRIBING: Final = 2
#: A head is a word: "s" of "St Mary's" is none.
_MIN_HEAD_CHARS: Final = 2
#: A head no dictionary has is a kind only this long: "RFC" and "Co" are forms, no kinds.
_MIN_FOREIGN_HEAD_CHARS: Final = 4
