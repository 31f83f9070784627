"""A title's head noun said in passing: a weak sign of what a sentence is about.

A conversation about a plan seldom names it in full once both sides know it: "did the
walk-round this morning, 300 square metres at most", "parcel list has 70 homes on it", "gala
wrap-up. we cleared £410". A title's head, its last word and what the page is ("parcels" of
Winter Parcels 2027, "gala" of Quenby Swim Gala), said as a noun in its singular or its
plural, makes that page the topic at hand, when no other page's title ends in that noun.

It is no mention: a clause is never about the page on its strength alone. It only says what
"it", "they" and a clause that names nobody refer to, and takes the place of a page named
outright only in a sentence that names no one and nothing, "it" and "they" included
(``_rules``). A title has a head only when a name stands before it (a number counts: "Plot
23"; a year does not) and it is a dictionary noun (a word no dictionary has is a name:
"Villa Rosa"), no legal form ("Ltd") and no word for any page's kind ("project"); a title
with a function word in it ("Festival of Light") or a hyphen in its last word ("Coast
Walk-Round") has none, and neither has a person's, a pet's, an idea's or a firm's page (a
firm's last word is its brand's as often as its kind: "Nonna's Kitchen" caters).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from bb_brain._names import fold
from bb_brain._orgnames import LEGAL_FORMS, is_organisation
from bb_brain.pages import unqualified
from bb_brain.reflex._lexicon import (
    DETERMINERS,
    LOCATIVE_PREPOSITIONS,
    SEASONS,
    SUBJECT_PRONOUNS,
    is_calendar_word,
    is_function_word,
)
from bb_brain.reflex._ordinary import sense
from bb_brain.reflex._syntax import finite
from bb_brain.reflex._tokens import MODALS_BEFORE_VERB
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
        folded = [fold(word.group(0)) for word in words]
        found: dict[str, Entity] = {}
        for index, word in enumerate(folded):
            for form in _noun_forms(word):
                hit = self._page_by_form.get(form)
                if hit is not None and _the_one_at_hand(hit[0], hit[1], folded, words, index):
                    found[hit[0].slug] = hit[0]
        return next(iter(found.values())) if len(found) == 1 else None

    def subject_in(self, text: str) -> tuple[Entity, int, int] | None:
        """The page whose head opens the clause as its subject, and the head's span.

        "gala's booked at the old mill", "winter parcels leave on the 9th": what the
        clause says is the plan's, whatever place or person it names after the verb. The
        head may follow the title's own words and "the" or "our", after a conjunction, and a
        verb must come right after it. An organisation's head is not taken: a body that is a
        clause's subject acts on what the clause names ("the league's moved the semi").
        """
        if not self._page_by_form:
            return None
        words = list(_WORD.finditer(text))
        folded = [fold(word.group(0)) for word in words]
        first = 0
        while first < len(folded) and folded[first] in _CLAUSE_OPENERS:
            first += 1
        if first < len(folded) and folded[first] in _SUBJECT_DETERMINERS:
            first += 1
        for index in range(first, min(first + _MAX_TITLE_WORDS, len(folded))):
            hit = next(
                (
                    found
                    for form in _noun_forms(folded[index])
                    if (found := self._page_by_form.get(form)) is not None
                ),
                None,
            )
            if hit is None:
                continue
            page, head = hit
            if is_organisation(page.page_type, page.slug):
                return None  # "the league's moved the semi": a body acts on something else
            own = set(tokens(page.title))
            if any(word not in own for word in folded[first:index]):
                return None  # "the tennis club": another one's
            if not _the_one_at_hand(page, head, folded, words, index):
                return None
            if not _a_verb_next(folded, words, index):
                return None
            return page, words[index].start(), words[index].end()
        return None


def _a_verb_next(folded: list[str], words: list[re.Match[str]], index: int) -> bool:
    """A verb right after the head: its clause's subject ("gala's booked", "parcels leave")."""
    after = _after(folded, words, index)
    if after == "s" and words[index + 1].start() == words[index].end() + 1:
        # "gala's on friday", "gala's booked"; not "gala's venue", a possessive
        following = _after(folded, words, index + 1)
        meaning = sense(following)
        return bool(following) and not (meaning.noun and not meaning.verb_lemmas)
    if after in _AUXILIARIES:
        return True
    meaning = sense(after)  # "reports go home": a verb, in whatever person
    if not after or not meaning.verb_lemmas or meaning.adjective:
        return False
    if not meaning.noun:
        return True
    # a word both noun and verb, before a verb of its own, heads a compound: "parcel list went"
    following = _after(folded, words, index + 1)
    return not (following in _AUXILIARIES or following == "s" or finite(following))


def _noun_forms(word: str) -> frozenset[str]:
    """The word and the nouns it is a form of ("hampers" -> hamper); no verb's ("plotted")."""
    return frozenset({word, *sense(word).noun_lemmas})


def _a_year(word: str) -> bool:
    """A year after a title ("Winter Parcels 2027") is no name, as "23" of Plot 23 is."""
    return word.isdigit() and len(word) == _YEAR_DIGITS and word[:2] in ("19", "20")


def _a_head(entity: Entity, words: list[str], last: str) -> bool:
    """The title's last word says what the page is: a dictionary noun, no form or kind word.

    The cheap tests first: a brain's titles are many, their heads few.
    """
    if entity.animate or a_concept(entity) or _a_firm(entity):
        return False
    if last in LEGAL_FORMS or last in _KIND_WORDS:
        return False
    meaning = sense(last)
    if not (meaning.lexical and meaning.noun) or meaning.function:
        return False  # a word no dictionary has is a name ("Villa Rosa")
    inside = words[1:] if words and words[0] == "the" else words  # "The Kelloway Supper"
    if any(is_function_word(word) for word in inside):
        return False  # "Festival of Light": its head is no last word
    # "Coast Walk-Round": "round" is no kind; "Budget 2025-26" keeps its head
    last_word = next((w for w in reversed(entity.title.split()) if not w[0].isdigit()), "")
    return "-" not in last_word


def _a_firm(entity: Entity) -> bool:
    """A firm's last word is its brand's as often as its kind ("Nonna's Kitchen" caters)."""
    return (entity.page_type or "").casefold() == "company" or entity.slug.startswith("companies/")


def _the_one_at_hand(
    page: Entity, head: str, folded: list[str], words: list[re.Match[str]], index: int
) -> bool:
    """The head is said of the page, not of another of its kind, nor as another word.

    Another one is had with a determiner, an owner or a count of its own ("a fete", "my
    supper", "those suppers", "Sam's supper"), a noun or a name before the head that the
    title lacks ("the tennis club", "Brackla RFC"), a number after it that the title lacks
    ("plot 7"), a complement or a place after it ("the cup of tea", "the light in the
    hallway", "the party next door"), or in the plural at a clause's start, unless that is
    the title's own form ("suppers are cheaper"). A verb's or an adjective's use is no
    noun's: after a subject pronoun, a modal, "to" or a form of "be" ("we can plot the
    route", "to be fair"), opening a clause before an object ("walk the dog", "show me"), or
    before "enough". The title's own words, a season, a time's possessive ("this year's
    supper") and words that only describe ("the main hall"; "a great supper" is still any
    supper) change nothing.
    """
    own = set(tokens(page.title))
    said = folded[index]
    after = _after(folded, words, index)
    if after in _COMPLEMENTS or after == "enough" or (after.isdigit() and after not in own):
        return False  # "the cup of tea", "fair enough", "plot 7" beside Plot 14
    if after in _PLACING and _after(folded, words, index + 1) in DETERMINERS:
        return False  # "the light in the hallway", "the supper at the pub"
    if after and placed_elsewhere(folded, index + 1):
        return False  # "the party next door"
    start = index
    described = 0
    while start and not _BREAK.search(_gap(words, start)):
        word = folded[start - 1]
        if word in own or word in SEASONS or is_calendar_word(word):
            start -= 1
        elif described < _MAX_DESCRIBING and _describes(word):
            described += 1
            start -= 1
        else:
            break
    verbal = bool(sense(said).verb_lemmas) or sense(said).adjective
    if start == 0 or _BREAK.search(_gap(words, start)):
        if verbal and (after in DETERMINERS or after in _OBJECT_PRONOUNS):
            return False  # "walk the dog", "show me the list": an order
        if after and _describes(after) and not sense(after).noun:
            return False  # "party political broadcast": it describes what follows
        return said == head or not sense(said).plural_noun  # "suppers are cheaper": any
    before = folded[start - 1]
    if before == "s":
        return of_a_time(folded, start)  # "this year's supper"; not "Sam's supper"
    if before in THE_ONE_AT_HAND:
        return True
    if before in DETERMINERS or before in OWNERS or before in COUNTING or before in _OTHERS:
        return False
    if before in SUBJECT_PRONOUNS or (before in _VERBAL and verbal):
        return False  # "I plot everything", "had to plot a course", "to be fair"
    if before in _JOINING:
        return True  # "supper and the raffle", "with the plot"
    meaning = sense(before)
    # "booked supper"; not "the driving school", "my ironing board", "the tennis club"
    return (
        bool(meaning.verb_lemmas)
        and not meaning.noun
        and not meaning.function
        and not before.endswith("ing")
    )


def _describes(word: str) -> bool:
    """An adjective that is no determiner, count or verb's "-ing": "main", "great", "back"."""
    if word in DETERMINERS or word in COUNTING or word in _OTHERS or word.endswith("ing"):
        return False
    return sense(word).adjective


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
#: Prepositions after a head that, before a determiner, place it elsewhere.
_PLACING: Final = LOCATIVE_PREPOSITIONS | {"at"}
#: Words before a head, besides determiners, owners and counts, that make it another one.
_OTHERS: Final = frozenset(
    "another other every each no many both all most which what whose such few several "
    "not so very too".split()
)
#: Words before which a word is a verb or an adjective, when it can be one.
_VERBAL: Final = MODALS_BEFORE_VERB | frozenset(
    "shall do does did to be is are was were been being am".split()
)
#: Words that join a head to what comes before and leave it the one at hand.
_JOINING: Final = frozenset(
    "and or but to with about after before at on in from into over since until till by "
    "during for re then so because if when than like as per via without".split()
)
_OBJECT_PRONOUNS: Final = frozenset("me us him her them it you".split())
_YEAR_DIGITS: Final = 4
#: Words a clause may open with before its subject.
_CLAUSE_OPENERS: Final = frozenset("and but also so then oh anyway plus update".split())
#: Words before a subject's head that leave it the page's own.
_SUBJECT_DETERMINERS: Final = frozenset({"the", "our"})
#: How far into a clause a head may stand behind the title's own words ("year 11 prom").
_MAX_TITLE_WORDS: Final = 4
#: Auxiliaries after a subject: "reports are out", "the prom has moved".
_AUXILIARIES: Final = frozenset(
    "is are was were has have had will would can could should must does did may might shall".split()
)
#: Describing words looked past before a head.
_MAX_DESCRIBING: Final = 2
