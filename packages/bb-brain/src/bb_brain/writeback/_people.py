"""People a conversation introduces who have no page yet ("our new CTO, Cornelius Vantongeren").

A run of two or three capitalised words is taken as a new person's full name only when:

* every word looks like a name: no function word, no everyday English word (measured against
  the lexicon, :mod:`bb_brain.reflex._ordinary`), no word that names an organisation ("Labs",
  "Ventures", "Inc", a trade's plural such as "Apiaries" or "Diagnostics"), and the first word is no
  everyday word (a given name, not "Blue Harbor"; a name a dictionary lists only rarely
  passes); a month may be a given name ("June Okafor", "Jun Feng") unless a word that takes a
  date comes before it ("in June");
* a dictionary word that only opens the sentence is not part of the run ("Met Ines Halloran");
* the run is no thing's name: not after an owner or "the", not ending in a street's word no
  family bears ("Caerwen Road"), not before the word for a trade ("Glen Corrach distillery");
* the conversation says it is a person: a role or kinship noun just before it ("my nephew
  Sipho Dlamini", "head of procurement is Tobias Engel", "their finance person, Bronwen
  Hughes"), or a personal pronoun or a verb that takes a person right after it ("Tobias
  Engel, he started...", "Bronwen Hughes says...", "Diego Araujo joined ..."), a person noun
  after "is" ("Marit Lund is our contact"), a short aside and then a person's verb ("Obi
  Lund, very keen, wants to ..."), a role in an apposition or a workplace after it
  ("Prakriti Shrestha, the new head of data", "Teodric Wilkowski from Brannock Capital"), or
  a parenthesis right after it that describes a person ("Dagny Holm (leads payroll at
  ...)", "Priya Raman (our new CTO)"), or it is listed right after a name already taken
  as a person's ("Bram Okoye and Ambrose Holt"); or its first word is a given name many
  people bear (:func:`bb_brain._given_names.name_pronoun`), not opening a list's item.

A full name typed in lowercase ("fatima okonjo is doing the tour") is taken too when its
given name is no everyday word and goes by one pronoun, its family name is no dictionary
word, and a cue or a verb right after it says it is someone (:func:`_typed_in_lowercase`).

The page the fact attaches to is ``people/<given>-<family>``: every word of the name,
lowercase ASCII, diacritics removed (:func:`person_slug`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from bb_brain._given_names import a_given_name, name_pronoun
from bb_brain._letters import LOWER, UPPER
from bb_brain._names import (
    HONORIFICS,
    ROLE_INITIALS,
    ROLE_INITIALS_DETERMINED,
    fold,
    keyboard_spelling,
)
from bb_brain._orgnames import firm_ending
from bb_brain.pages import normalise
from bb_brain.reflex._lexicon import DETERMINERS, FAMILY_WORDS, PERSON_VERBS_AFTER, ROLE_NOUNS
from bb_brain.reflex._ordinary import ORDINARY_ZIPF, WordSense, folded_place_phrases, sense
from bb_brain.reflex._syntax import finite
from bb_brain.reflex._tokens import CONTRACTING_WORDS
from bb_brain.writeback._clauses import every_week
from bb_brain.writeback._contractions import with_apostrophe
from bb_brain.writeback._organisations import TRADE_ENDINGS

#: Nouns that introduce a person besides roles: kinship and plain "person" words.
PERSON_NOUNS: Final = ROLE_NOUNS | frozenset(
    "person guy woman man lady rep contact wife husband partner kid child baby "
    "stepson stepdaughter godson goddaughter candidate candidates applicant applicants "
    "hire hires interviewee player players tenant tenants patient patients pupil pupils "
    "volunteer volunteers member members guest guests resident residents officer trainee "
    "apprentice starter newcomer lad lads lass boy boys girl girls bloke chap fella "
    "freelancer freelancers recruit recruits joiner joiners newbie colleagues".split()
)
_RUN = re.compile(rf"(?<![\w'’])([{UPPER}][\w'’-]*(?:[ \t]+[{UPPER}][\w'’-]*){{1,2}})(?![\w'’])")
_WORD = re.compile(r"[\w'’-]+")


def _words(text: str) -> list[str]:
    """The words of ``text`` folded, a typographic apostrophe read as the plain one ("she’s")."""
    return [fold(word).replace("’", "'") for word in _WORD.findall(text)]


#: A parenthesis (no nesting) and the spaces before it: an aside about what precedes it.
ASIDE = re.compile(r"\s*\((?P<inner>[^()]*)\)")
#: A comma and the few words after it: an apposition ("Ana Ferrer, our new designer").
_APPOSITIVE = re.compile(r",\s*((?:[\w'’-]+\s+){0,3}[\w'’-]+)")
#: "from" or "at" and a capitalised word: where the person works ("Ana from Brightline").
_AFFILIATION = re.compile(rf"\s+(?:from|at)\s+([{UPPER}][\w'’-]*)")
#: Verbs after a name that take a person as their subject, besides the reflex's.
_VERBS_AFTER: Final = PERSON_VERBS_AFTER | frozenset(
    "joined joins started starts leads led heads headed manages managed works worked "
    "runs ran offered offers volunteered volunteers".split()
)
_LIST_LINK = re.compile(r"\s*(?:,|,?\s+(?:and|&)\s+|/)\s*")
_LETTERS = re.compile(r"[^\W_]+")
#: Words before a calendar word that make it a date: "in June", "since April", "late May".
DATE_LEADS: Final = frozenset(
    "in on by since until till from to during through before after early late mid last next "
    "this every each of".split()
)
_PRONOUN_AFTER: Final = frozenset({"he", "she", "who", "he's", "she's"})
#: An auxiliary between a name and a person's verb: "has offered", "had said".
_AUXILIARIES_AFTER: Final = frozenset("has had hasn't hadn't".split())
#: Words looked at before a name for a role or kinship noun.
LOOK_BEHIND: Final = 4


@dataclass(frozen=True)
class NewPerson:
    """A person named in a text, with where the name is."""

    name: str
    slug: str
    start: int
    end: int


def person_slug(name: str) -> str:
    """``people/<given>-<family>`` in lowercase ASCII: "José Núñez" -> people/jose-nunez.

    Apostrophes go (O'Connell -> oconnell), hyphens and spaces separate words.
    """
    plain = keyboard_spelling(fold(name)).replace("'", "").replace("’", "")
    words = ["".join(ch for ch in word if ch.isascii()) for word in _LETTERS.findall(plain)]
    return "people/" + "-".join(word for word in words if word)


def new_people(text: str, known: set[tuple[int, int]], *, roster: bool = False) -> list[NewPerson]:
    """Full names of people in ``text`` that overlap none of the ``known`` mention spans.

    With ``roster`` the text is an item of a list under a heading about people ("New players
    this season:" / "1. Radomir Vesk – goalkeeper"): a name opening it is a person's.
    """
    found: list[NewPerson] = []
    for match in _RUN.finditer(text):
        words, titled = _untitled(
            match.group(1).split(),
            _titled(text, match.start(1)),
            determined=_determined_before(text, match.start(1)),
        )
        if not words:
            continue  # "saw Dr Mr today": titles, and no name after them
        if len(words) > 1 and fold(words[0]) in FAMILY_TITLES:
            # "Auntie Noor Hassan" is Noor Hassan; "mum's sister Auntie Noor" is a relative's
            # given name (see kin_named); "Nan Shepherd" alone may be anyone's name
            if len(words) > 2:
                words = words[1:]
            elif _KIN_BEFORE.search(text, 0, match.start(1)):
                continue
        # A capital that only opens the sentence is no part of the name ("Met Ines Halloran").
        while len(words) > 2 and opens_sentence(text, match.start(1)) and _ordinary(words[0]):
            words = words[1:]
        if len(words) == 1 and titled and name_like(words):
            words = match.group(1).split()  # "Mr Abernethy": the title names them
        # "Jonah Adebayo's": the name, then its possessive
        owned = [*words[:-1], words[-1][:-2]] if words[-1].endswith(("'s", "’s")) else words
        if len(words) < 2 or not _full_name(owned):
            continue
        start = text.index(words[0], match.start(1))
        if _a_things_name(text, start, words):
            continue
        if sense(fold(words[0])).calendar and _dated(text, start):
            continue  # "in June Okafor's team ...": a month, then a name
        end = match.end(1)
        if text[start:end].endswith(("'s", "’s")):
            if fold(words[0]).rstrip(".") in _SAINTS:
                continue  # "St Aldwyn's": a church or a school named after a saint
            end -= 2  # "Jonah Adebayo's": the name, then its possessive
        if any(start < k_end and k_start < end for k_start, k_end in known):
            continue
        listed = roster and _ITEM_OPENING.fullmatch(text[:start]) is not None
        if not (
            titled
            or listed
            or _said_to_be_a_person(text, start, end)
            or _listed_after(found, text, start)
            or (_a_persons_name(owned) and not _LIST_MARKER.fullmatch(text[:start]))
        ):
            continue
        name = text[start:end]
        found.append(NewPerson(name, person_slug(name), start, end))
    return found + _typed_in_lowercase(text, known, found)


def _untitled(words: list[str], titled: bool, *, determined: bool) -> tuple[list[str], bool]:
    """The run's words without the title of address or a role's initials that open it.

    "Dr Ana Quell" is Ana Quell, titled; "our PA Orlagh Penwarden" is Orlagh Penwarden.
    ``determined``: a determiner or a possessive stands right before the run ("our MD").
    """
    while words and fold(words[0]).rstrip(".") in HONORIFICS:
        words, titled = words[1:], True
    if len(words) > 2 and _initials_of_a_role(words[0], words[1], determined=determined):
        words = words[1:]
    return words, titled


def _initials_of_a_role(word: str, after: str, *, determined: bool) -> bool:
    """A role's initials in capitals (:data:`ROLE_INITIALS`) before a name in mixed case.

    Some are a role only after a determiner or a possessive (:data:`ROLE_INITIALS_DETERMINED`:
    "our MD Tamsin Quorn", but "MD Abdul Karim"). Not before a name shouted whole ("PC ANA
    FERRER") or a title: a run of capitalised words is three long, so "our GP Dr Ana Quell"
    leaves only the title and a given name, and no new person is read there (a known limit,
    as "Our PA Orlagh Penwarden" opening a sentence is). No other capitals are a role's: a
    family name written first in capitals ("LÃ Thị Nguyệt"), a given name of initials ("JP
    Le Roux"), a boat's prefix ("MV Anna Marie").
    """
    initials = fold(word)
    return (
        word.isupper()
        and (initials in ROLE_INITIALS or (determined and initials in ROLE_INITIALS_DETERMINED))
        and not after.isupper()
        and fold(after).rstrip(".") not in HONORIFICS
    )


def _determined_before(text: str, start: int) -> bool:
    """A determiner or a possessive right before ``start``, only spaces between.

    "our MD ...", "the firm's MD ..."; not a contraction ("it's MD Abdul Karim"), nor a word a
    stop or a line break parts from the run.
    """
    found = _WORD_RIGHT_BEFORE.search(text, max(0, start - _DETERMINER_REACH), start)
    if found is None:
        return False
    word = fold(found.group(1)).replace("’", "'")
    if word in _DETERMINERS_BEFORE_ROLE:
        return True
    return word.endswith("'s") and word[:-2] not in _CONTRACTING


#: The word right before a run, nothing but spaces between (a no-break space is one).
_WORD_RIGHT_BEFORE: Final = re.compile(r"(?<![\w'’-])([\w'’-]+)[^\S\r\n]+\Z")
#: Words whose "'s" is "is", "has" or "us": "it's MD Abdul Karim", not anyone's MD.
_CONTRACTING: Final = CONTRACTING_WORDS | {"here", "why", "let"}
#: How far back that word is looked for: the longest a possessive's word is, and its space.
_DETERMINER_REACH: Final = 40


def _typed_in_lowercase(
    text: str, known: set[tuple[int, int]], found: list[NewPerson]
) -> list[NewPerson]:
    """Full names typed in lowercase ("fatima okonjo is doing the tour", "olumide bakare").

    Two words: a given name many bear, or a word no dictionary lists and English all but
    never uses ("tegwyn"), that is no everyday word ("grace", "will" and "rose" are); then
    no word a dictionary lists, and not a common one; with the conversation's cue that a
    person is meant. A given name no table lists needs a cue a machine's make and model
    cannot take ("husqvarna automower is broken"): a role or a relation before it, or
    a person's verb or pronoun after it. A pair listed before one the cue is said of shares
    it ("ebun dunleavy and tarni obuya both offered").
    """
    taken = known | {(person.start, person.end) for person in found}
    shaped: list[tuple[NewPerson, bool]] = []
    for match in _LOWER_PAIR.finditer(text):
        given, family = match.group("given"), match.group("family")
        start, end = match.start("given"), match.end("family")
        if _POSSESSIVE_END.search(family):  # "her nephew tobin quellmore's party"
            family, end = family[:-2], end - 2
        if any(start < k_end and k_start < end for k_start, k_end in taken):
            continue
        # right after a role or a relation ("his girlfriend cherry quarrie"), a given name
        # may be an everyday word as well
        introduced = _right_after_a_relation(text, start)
        if not _a_lowercase_full_name(given, family, everyday=introduced):
            continue
        if _determined(text, start, end) and not introduced:
            continue  # "the kubota rtv is playing up": a thing's make and model
        if a_given_name(given):
            cued = _said_to_be_a_person(text, start, end) or _a_clause_s_subject(text[end:])
            cued = cued or _a_stand_in_named(text, start)
        else:
            cued = introduced or _said_before_to_be_a_person(text, start)
            cued = cued or _a_persons_word_next(text[end:])
        name = f"{given.capitalize()} {family.capitalize()}"
        shaped.append((NewPerson(name, person_slug(name), start, end), cued))
    people: list[NewPerson] = []
    for at in range(len(shaped) - 1, -1, -1):
        person, cued = shaped[at]
        listed = bool(people) and at + 1 < len(shaped) and people[0] == shaped[at + 1][0]
        if cued or (listed and _LISTED.fullmatch(text[person.end : people[0].start])):
            people.insert(0, person)
    return _first_of_overlapping(people)


def _first_of_overlapping(people: list[NewPerson]) -> list[NewPerson]:
    """The accepted names, any overlapping one before it left out."""
    kept: list[NewPerson] = []
    for person in people:
        if not kept or person.start >= kept[-1].end:
            kept.append(person)
    return kept


def _a_persons_word_next(rest: str) -> bool:
    """A person's verb, a pronoun, or an auxiliary and a person's verb right after a name."""
    after = _words_after(rest, 2)
    if not after:
        return False
    if after[0] in _PRONOUN_AFTER or after[0] in _VERBS_AFTER:
        return True
    return after[0] in _AUXILIARIES and len(after) > 1 and after[1] in _VERBS_AFTER


#: A comma, "and", "or", "&" or "/" between two names of a list.
_LISTED = re.compile(r"\s*(?:,|,?\s+(?:and|or|&)\s+|/)\s*")


def _determined(text: str, start: int, end: int) -> bool:
    """A determiner right before the pair, or "it's" and the pair alone: a thing's name.

    "the kubota rtv is playing up", "physio reckons its legg perthes, ..."; not "it's
    fatima okonjo who is doing the tour", nor "said that fatima okonjo ...".
    """
    before = text[max(0, start - _LOOK_BACK_CHARS) : start]
    if _DETERMINED.search(before):
        return True
    return _IT_IS.search(before) is not None and _ENDS_THERE.match(text, end) is not None


#: Characters read before a pair for its determiner.
_LOOK_BACK_CHARS: Final = 8
_DETERMINED = re.compile(r"\b(?:the|a|an|our|my|your|their|this)\s+$", re.IGNORECASE)
_IT_IS = re.compile(r"\bit(?:s|['’]s)\s+$", re.IGNORECASE)
#: The pair ends its clause: a mark or the text's end after it.
_ENDS_THERE = re.compile(r"\s*(?:[,.;:!]|$)")
_POSSESSIVE_END = re.compile(r"['’]s$")


#: Two lowercase words, each a name's shape (letters, an apostrophe or a hyphen inside).
_LOWER_PAIR = re.compile(
    rf"(?<![\w'’])(?=(?P<given>[{LOWER}][{LOWER}]+)\s+"
    rf"(?P<family>[{LOWER}][{LOWER}'’-]*[{LOWER}])(?![\w'’]))"
)


def _a_clause_s_subject(rest: str) -> bool:
    """An auxiliary or a verb no noun shares right after: the name is its clause's subject."""
    after = _words_after(rest, 1)
    if not after:
        return False
    word = after[0]
    return word in _AUXILIARIES or (finite(word) and not sense(word).noun)


#: Words between a subject and its verb: "both offered", "also said", "just rang".
_BEFORE_THE_VERB: Final = frozenset("both all also just then still".split())
#: Where the subject is, before its verb: "ismay kilcaddy there did our van cover" (at the
#: firm just named); not before a form of "be", "have" or a modal, "... there was a sale on",
#: "... there will be a sale".
_WHERE_BEFORE_THE_VERB: Final = frozenset({"there", "here"})
_NO_DEED: Final = frozenset(
    "is was were are be been being has have had 's isn't wasn't weren't aren't will would "
    "can could should may might must shall".split()
)


def _words_after(rest: str, count: int) -> list[str]:
    """The first words after a name, its subject's fillers and its place left out."""
    after = _words(rest[:_DESCRIPTION_CHARS])[: count + 2]
    if after[:1] and after[0] in _BEFORE_THE_VERB:
        after = after[1:]  # "... both offered", "... also said", "... just rang"
    if len(after) > 1 and after[0] in _WHERE_BEFORE_THE_VERB and after[1] not in _NO_DEED:
        after = after[1:]  # "... there did our cover"
    return after[:count]


#: Auxiliaries after a subject ("fatima okonjo is doing the tour", "... has agreed").
_AUXILIARIES: Final = frozenset("is was has had will would can could should".split())


def _introduced_by_word(text: str, start: int) -> bool:
    """Said right before to be called so, or given a police rank."""
    return _called_so(text, start) or _ranked(text, start)


def _called_so(text: str, start: int) -> bool:
    """Someone said to be called so right before: "someone called nkemdi quarrie"."""
    return _CALLED_SO.search(_just_before(text, start)) is not None


#: "someone called", "somebody named": then the name ("a man called" is a person noun's).
_CALLED_SO: Final = re.compile(r"\b(?:someone|somebody)\s+(?:called|named)\s+$", re.IGNORECASE)


def _ranked(text: str, start: int) -> bool:
    """A police rank right before the name, opening its phrase: "pc corwin verdon".

    After a mark, a verb or a preposition ("came round, pc ...", "spoke to pc ..."); not
    after an owner, an article or a describing word ("our pc dell xps", "a new pc zotac").
    """
    window = _just_before(text, start)
    words = list(_WORD.finditer(window))
    if not words or fold(words[-1].group(0)) not in _POLICE_RANKS:
        return False
    if len(words) < 2 or re.search(r"[,.;:!?(]", window[words[-2].end() : words[-1].start()]):
        return True
    word = fold(words[-2].group(0))
    meaning = sense(word)
    if word in DETERMINERS or "ADJ" in meaning.readings:
        return False
    return meaning.function or "VERB" in meaning.readings


#: Police ranks said before a name in lowercase ("pc", "sgt").
_POLICE_RANKS: Final = frozenset("pc sgt insp dci dsi".split())


def _a_stand_in_named(text: str, start: int) -> bool:
    """One who stands in for someone, theirs, right before a given name: "his deputy marnie"."""
    before = _words(_just_before(text, start))[-2:]
    return len(before) == 2 and before[0] in _POSSESSIVE_PRONOUNS and before[1] in _STAND_INS


#: Those who stand in for or come after someone: "her deputy", "his replacement".
_STAND_INS: Final = frozenset("deputy replacement successor predecessor locum".split())


def _just_before(text: str, start: int) -> str:
    """The few words before a name, as far as its cues reach."""
    return text[max(0, start - _CUE_CHARS) : start]


#: How far before a name its cue may stand (characters).
_CUE_CHARS: Final = 60


def _right_after_a_relation(text: str, start: int) -> bool:
    """A possessive and a role or a family word right before: "his girlfriend ", "our tutor "."""
    before = _words(text[:start])[-2:]
    return (
        len(before) == 2
        and before[0] in _POSSESSIVE_PRONOUNS
        and (before[1] in PERSON_NOUNS or before[1] in KIN_PRONOUNS)
    )


def _a_lowercase_full_name(given: str, family: str, *, everyday: bool = False) -> bool:
    """A given name no everyday word, of one pronoun, then a family name no dictionary has.

    With ``everyday`` the given name may be an everyday word ("cherry quarrie"). The given
    name is looked up as a keyboard without its marks types it ("crème brûlée" opens with
    "creme"); the family name as written, its marks a name's ("lucía martín", "petra groß"),
    unless it is a word English writes with its marks ("kate rosé", "jo décor").
    """
    opening = sense(keyboard_spelling(normalise(given)))
    closing = sense(family.lower())
    if _a_marked_loanword(family):
        return False
    if opening.function or opening.calendar or (opening.lowercase_ordinary and not everyday):
        return False
    if opening.place or not (a_given_name(given) or no_word_at_all(opening)):
        return False  # "lagos airport"; "grace period" is handled above
    if closing.known_word or closing.function or closing.calendar or every_week(family):
        return False
    if with_apostrophe(family) is not None:
        return False  # "her lad tobin isnt coming", "tobin wouldve": a contraction typed fast
    return closing.zipf < _COMMON_ZIPF


def no_word_at_all(meaning: WordSense) -> bool:
    """A word no dictionary lists and English text all but never uses: "tegwyn", "ebun"."""
    return not meaning.known_word and meaning.zipf < _RARE_ZIPF


def _a_marked_loanword(word: str) -> bool:
    """A word English writes with its marks, in any spelling or the plural: "rosés", "resumé"."""
    plain = keyboard_spelling(normalise(word))
    if plain == word.lower():
        return False  # no marks: the dictionary has decided
    return any(form in _PLAIN_LOANWORDS for form in (plain, plain.removesuffix("s")))


#: Words English writes with their marks, which the lexicon lists only without them.
_MARKED_LOANWORDS: Final = frozenset(
    "rosé décor café fiancé fiancée cliché lamé purée soufflé sauté protégé résumé passé entrée"
    " crème née naïve façade début pâté exposé blasé risqué attaché appliqué crêpe soirée"
    " matinée piñata jalapeño señor señora déjà éclair mêlée flambé élite rôle hôtel régime"
    " pièce touché olé canapé frappé".split()
)
_PLAIN_LOANWORDS: Final = frozenset(
    keyboard_spelling(normalise(word)) for word in _MARKED_LOANWORDS
)

#: Below this a word is all but unused in English text (fewer than one in ten million words).
_RARE_ZIPF: Final = 2.0


def _full_name(words: list[str]) -> bool:
    """Words shaped as a person's full name, and no place of several words ("Costa Rica")."""
    if not (name_like(words) or _a_given_name_first(words)):
        return False
    return fold(" ".join(words)) not in folded_place_phrases()


def _a_things_name(text: str, start: int, words: list[str]) -> bool:
    """A run of capitals no person's name is: an owner's, a street's, a firm's, or after "the".

    "the Fisherman's Rest", "Dilys's Pantry", "at the Pilots' Lantern" ("a Brisa Quarrie
    called" is someone the user does not know yet), "on Caerwen Road", "from Glen Corran
    distillery".
    """
    if any(word.endswith(("'s", "’s")) for word in words[:-1]):
        return True
    if fold(words[-1]).strip("'’") in _STREET_ENDINGS:
        return True  # "Caerwen Road": a street ("Lane", "Hill" or "Grove" may be a family's)
    after = _WORD.match(text, _end_of(text, start, words))
    if after is not None and firm_ending(fold(after.group(0)).strip("'’")):
        return True  # "Glen Corran distillery", "Ama Osei bakery"
    return _THE_BEFORE.search(text, 0, start) is not None


def _end_of(text: str, start: int, words: list[str]) -> int:
    """Where the run of ``words`` from ``start`` ends, and the space after it."""
    end = start
    for word in words:
        end = text.index(word, end) + len(word)
    return end + len(text[end:]) - len(text[end:].lstrip(" "))


#: Street words no family name is: a run ending in one is a street's name.
_STREET_ENDINGS: Final = frozenset("road street avenue crescent terrace square mews".split())


#: "the" right before a run of capitals: a place's or a thing's name follows.
_THE_BEFORE = re.compile(r"\bthe\s+$", re.IGNORECASE)
#: Family words after which a given name alone introduces someone ("his wife Ottilie"), with
#: the pronoun each gives its person (:data:`bb_brain.reflex._lexicon.FAMILY_WORDS`).
KIN_PRONOUNS: Final = FAMILY_WORDS
#: What a family calls a relative before the given name ("Uncle Tarek", "Auntie Noor").
FAMILY_TITLES: Final = frozenset(
    "uncle auntie aunty aunt cousin nana nan gran granny grandma grandpa grandad".split()
)
#: A possessive and a family word right before a name: "mum's sister ", "my cousin ".
_KIN_BEFORE = re.compile(r"\b(?:my|his|her|their|our|[\w-]+['’]s)\s+[\w-]+\s+$", re.I)
_KIN_NAME = re.compile(
    rf"\b(my|his|her|their|our|[{UPPER}][\w-]*['’]s)\s+"
    # an age or a size before the family word: "his little brother Anselm"
    r"(?:(?:older|elder|younger|little|big|baby|eldest|oldest|youngest|twin|kid)\s+)?"
    r"([\w-]+)(?:\s+|(,\s+))"
    # the title a family calls a relative by may come first ("mum's sister Auntie Tarek")
    rf"(?:(?:{'|'.join(sorted(FAMILY_TITLES, key=len, reverse=True))})\s+)?"
    rf"([{UPPER}][\w-]*(?:['’](?!s\b)[\w-]+)?)"
    # set off by commas, the name is an aside, shut by a comma or the sentence's end:
    # "his dad, Manjit, rang"; not "my sister, Ana and I"
    r"(?(3)(?=\s*(?:[,.;!?]|$)))",
    re.I,
)


_POSSESSIVE_PRONOUNS: Final = frozenset({"my", "his", "her", "their", "our"})
#: What makes a relative one by marriage ("brother-in-law"): the family word says the rest.
_IN_LAW: Final = "-in-law"


@dataclass(frozen=True)
class KinNamed:
    """A given name introduced by a family word: "her son Anselm", "my niece Marisela"."""

    given: str
    start: int
    end: int
    kin: str
    #: Whose relative: "his", "her", "Bram's", and where that word starts.
    whose: str = ""
    whose_start: int = 0


def kin_named(text: str, known: set[tuple[int, int]]) -> list[KinNamed]:
    """Given names after a possessive and a family word, overlapping no ``known`` span.

    A full name there is :func:`new_people`'s; a word the lexicon knows is no given name
    ("my son Will" may be "will", and is left alone).
    """
    found: list[KinNamed] = []
    for match in _KIN_NAME.finditer(text):
        kin = fold(match.group(2)).removesuffix(_IN_LAW)  # "my sister-in-law Quenby": a sister's
        given = match.group(4)
        start, end = match.span(4)
        if kin not in KIN_PRONOUNS or not given[0].isupper() or not name_like([given]):
            continue
        if _ordinary(given) or sense(fold(given)).calendar:
            continue  # "my dad Tuesday is fine": a day, no name
        if any(start < k_end and k_start < end for k_start, k_end in known):
            continue
        if _RUN.match(text, start) is not None:
            continue  # "my nephew Sipho Dlamini": a full name
        whose = match.group(1)
        relative = fold(whose)[:-2] in KIN_PRONOUNS  # "mum's sister Tarek": a relative's
        # "linh's sister Thu": a name typed in lowercase is someone's when it is a known name
        someone = whose[0].isupper() or (match.start(1), match.end(1) - 2) in known
        if fold(whose) not in _POSSESSIVE_PRONOUNS and not (someone or relative):
            continue  # "there's uncle Bob": no one's relative named
        found.append(KinNamed(given, start, end, kin, whose, match.start(1)))
    return found


_CALLED = re.compile(
    rf"\b(?:is|was|called|named)\s+([{UPPER}][\w-]*(?:['’](?!s\b)[\w-]+)?)(?!['’]s\b)"
)


def called_by_name(text: str, known: set[tuple[int, int]]) -> list[tuple[str, int, int]]:
    """Given names said to be a person's: "the tour's engineer is Tadeo", "a nurse called Ovi".

    A person noun stands a few words before "is", "called" or "named"; a full name there is
    :func:`new_people`'s, and a word the lexicon knows is no given name ("the lead is Will").
    """
    found: list[tuple[str, int, int]] = []
    for match in _CALLED.finditer(text):
        given = match.group(1)
        start, end = match.span(1)
        before = _words(text[: match.start()])[-LOOK_BEHIND:]
        if not any(word in PERSON_NOUNS for word in before) or not name_like([given]):
            continue
        if _ordinary(given) or sense(fold(given)).calendar or fold(given) in HONORIFICS:
            continue
        if _described(given) or fold(given) in NATIONALITIES or not _ends_phrase(text, end):
            continue  # "is German", "is London-based", "is Christmas themed": no name
        if any(start < k_end and k_start < end for k_start, k_end in known):
            continue
        if _RUN.match(text, start) is not None:
            continue  # "the CTO is Ben Adeyemi": a full name
        found.append((given, start, end))
    return found


#: Words for where someone is from or what they speak: after "is" they describe a person.
NATIONALITIES: Final = frozenset(
    """
    afghan albanian algerian american angolan argentine argentinian armenian australian
    austrian bangladeshi belarusian belgian bolivian bosnian brazilian british bulgarian
    cambodian cameroonian canadian chilean chinese colombian congolese croatian cuban cypriot
    czech danish dominican dutch ecuadorian egyptian english eritrean estonian ethiopian
    filipino finnish french georgian german ghanaian greek guatemalan haitian honduran
    hungarian icelandic indian indonesian iranian iraqi irish israeli italian ivorian
    jamaican japanese jordanian kenyan korean kosovan kurdish kuwaiti latvian lebanese
    libyan lithuanian malaysian maltese mexican moldovan mongolian montenegrin moroccan
    nepalese nepali nigerian norwegian pakistani palestinian peruvian polish portuguese
    romanian russian rwandan saudi scottish senegalese serbian singaporean slovak slovenian
    somali spanish sudanese swedish swiss syrian taiwanese tanzanian thai tunisian turkish
    ugandan ukrainian uruguayan venezuelan vietnamese welsh yemeni zambian zimbabwean
    catalan basque flemish cornish maori aboriginal european african asian latin arab
    """.split()
)


def _described(word: str) -> bool:
    """A compound with a lowercase part ("London-based"); "Anne-Marie" is a name."""
    return any(part[:1].islower() for part in word.split("-")[1:])


def _ends_phrase(text: str, end: int) -> bool:
    """Nothing but punctuation, a clause boundary or a function word after the name.

    "is Tadeo, from Lisbon" names him; "is Christmas themed" describes something.
    """
    after = _WORD.match(text[end:].lstrip())
    if after is None or text[end : end + 1] in ",.;:!?)":
        return True
    word = fold(after.group(0))
    return sense(word).function or word in ("who", "and", "but", "from", "at", "in", "on")


#: What may stand before the first word of a list item: spaces, a number or a bullet.
_ITEM_MARK: Final = r"\(?\d{1,2}[.)]|[-*\u2022]"
_ITEM_OPENING = re.compile(rf"\s*(?:{_ITEM_MARK})?\s*")
#: An item's number or bullet, on a line of its own: "1. Tilde Marrow – a soup" under
#: "Menu ideas:" is a dish.
_LIST_MARKER = re.compile(rf"(?:.*\n)?\s*(?:{_ITEM_MARK})\s*", re.DOTALL)


def roster_heading(text: str) -> bool:
    """A heading over a list of people: it ends in a colon and is about people.

    "New players this season:", "Volunteers:": the person noun heads the heading's noun
    phrase. One after a preposition ("Presents for the kids:") or before a noun it modifies
    ("Staff party planning:") says the list is of something else.
    """
    if not text.rstrip().endswith(":"):
        return False
    words = _words(text)
    for index, word in enumerate(words):
        if word not in PERSON_NOUNS and word.removesuffix("s") not in PERSON_NOUNS:
            continue  # "New cleaners from next week:"
        if any(before in _HEADING_PREPOSITIONS for before in words[max(0, index - 2) : index]):
            continue
        after = sense(words[index + 1]) if index + 1 < len(words) else None
        if after is not None and after.noun and not (after.function or after.word.endswith("ing")):
            continue
        return True
    return False


#: Prepositions that make a person noun after them the heading's object, not its head.
_HEADING_PREPOSITIONS: Final = frozenset("for to with of from about by".split())


def opens_sentence(text: str, start: int) -> bool:
    """Nothing but punctuation, a list bullet or spaces before ``start`` in its sentence."""
    before = text[:start].rstrip()
    return not before or before[-1] in ".!?:;-*\u2022(\"'"


def _ordinary(word: str) -> bool:
    """A dictionary or function word: a capital on it may only mark a sentence's start."""
    meaning = sense(fold(word).strip("'’"))
    return meaning.lexical or meaning.function


def _a_given_name_first(words: list[str]) -> bool:
    """A given name many bear, then name-like words: "Tom Quarrie", "Grace Ollery", "Rory Vane".

    The given name may be an everyday word as well ("Tom", "Grace"); what follows may be no
    word a dictionary lists ("Grace Period", "Rose Garden", "Marlow Grill"): a family name
    that is a word too ("Tom Baker") needs another cue.
    """
    first = words[0].strip("'’") if words else ""
    opening = sense(fold(first))
    if len(words) < _FULL_NAME or opening.function or opening.place or not a_given_name(first):
        return False  # "The Wealdon": an article first; "Brighton Pier": a place
    if any(word.isupper() for word in words[1:]):
        return False  # "George III", "Ford GT": a numeral or a model
    rest = [fold(word).strip("'’") for word in words[1:]]
    if firm_ending(rest[-1]) or (rest[-1].endswith(TRADE_ENDINGS) and sense(rest[-1]).noun):
        return False
    return not any(_no_family_name(word) for word in rest)


def _a_persons_name(words: list[str]) -> bool:
    """A full name no cue needs: a given name nine in ten of whose bearers go by one pronoun.

    "Emma Pritchard", "Tom Quarrie"; not "Costa Rica" or "Marlow Grange" ("Costa" and
    "Marlow" are borne by either sex, and places are named after them), "Merry Christmas".
    """
    return _a_given_name_first(words) and name_pronoun(" ".join(words)) != ""


#: A given name and a family name at least.
_FULL_NAME: Final = 2


def _no_family_name(word: str) -> bool:
    """A word a dictionary lists or a very common one: "Pier", "Grill", "Christmas", "Tuesdays".

    Common family names are no dictionary's words and stay ("Pritchard", "Khan", "Jones").
    """
    meaning = sense(word)
    return meaning.known_word or meaning.zipf >= _COMMON_ZIPF or every_week(word)


#: A word this common is no family name here ("Christmas" of "Merry Christmas", "James").
_COMMON_ZIPF: Final = 4.8


def name_like(words: list[str]) -> bool:
    """A given name and a family name, as people's full names are (no firm's, no phrase)."""
    folded = [fold(word).strip("'’") for word in words]
    if firm_ending(folded[-1]) or any(every_week(word) for word in folded[1:]):
        return False  # "Widget Co"; "I see Bob Tuesdays": a day each week, no family name
    if folded[-1].endswith(TRADE_ENDINGS) and sense(folded[-1]).noun:
        return False  # "Quorne Diagnostics", "Pellbury Apiaries": a trade ends a firm's name
    first = sense(folded[0])
    if first.function or (first.lexical and first.zipf >= ORDINARY_ZIPF):
        return False
    if len(folded) == 2 and not first.known_word and not sense(folded[1]).function:
        return True  # "Oluwaseun Bright": a given name no dictionary has, then any family name
    return not any(sense(word).ordinary for word in folded[1:])


def _titled(text: str, start: int) -> bool:
    """An honorific just before ``start`` ("Dr. Varnhagen"): what follows names a person."""
    before = _WORD.findall(text[max(0, start - 12) : start])[-1:]
    return (
        bool(before)
        and text[:start].rstrip().endswith((before[0], before[0] + "."))
        and fold(before[0]) in HONORIFICS
    )


def _listed_after(found: list[NewPerson], text: str, start: int) -> bool:
    """Listed with the person just before it: "Bram Okoye and Ambrose Holt"."""
    return bool(found) and _LIST_LINK.fullmatch(text[found[-1].end : start]) is not None


def describes_a_role(text: str) -> bool:
    """The words open with someone's role and no verb: "Former midwife, very punctual.".

    The role comes within :data:`ROLE_REACH` words and ends its phrase (a comma, a stop or a
    preposition follows: "Teacher training day Friday" is about a training day), and no verb
    follows in the sentence ("Waiter was rude" says something else).
    """
    sentence = re.split(r"[.!?;\n]", text, maxsplit=1)[0]
    words = _WORD.findall(sentence)
    for index, word in enumerate(words[:ROLE_REACH]):
        folded = fold(word)
        if folded not in PERSON_NOUNS and not _one_who_practises(folded):
            continue
        nxt = fold(words[index + 1]) if index + 1 < len(words) else ""
        if nxt in PERSON_NOUNS:
            continue  # "baby girl", "head chef": the role's phrase goes on
        ends = not nxt or nxt in _ROLE_ENDS or re.search(rf"{re.escape(word)}\s*[,:(–—-]", sentence)
        rest = [fold(w) for w in words[index + 1 :]]
        return bool(ends) and not any(w.isalpha() and finite(w) for w in rest)
    return False


#: Words that end a role's phrase: "midwife at the infirmary", "engineer from Leeds".
_ROLE_ENDS: Final = frozenset("at from of for with in on".split())


def _one_who_practises(word: str) -> bool:
    """A noun in "-ist" for someone who practises something: "accompanist", "stylist".

    Lists are no people ("playlist", "checklist": an everyday word and "list"), nor short
    words ("mist", "wrist").
    """
    listed = (
        word.endswith("list")
        and not word[:-3].endswith("ll")  # "panellist", "medallist": the "l" doubled
        and sense(word[:-4]).zipf >= _LIST_COMPOUND_MIN_ZIPF
    )
    return (
        len(word) >= _PRACTISES_MIN_CHARS
        and word.endswith("ist")
        and not listed
        and (sense(word).noun)
    )


#: The first part of a compound in "-list" is this common a word ("play", "check", "set");
#: "sty" in "stylist" or "cyc" in "cyclist" is not.
_LIST_COMPOUND_MIN_ZIPF: Final = 3.5


#: The shortest "-ist" noun taken for a person ("artist"; "wrist" and "twist" are shorter).
_PRACTISES_MIN_CHARS: Final = 6


#: "is" or "was" straight after a name: what follows may say who they are.
_SAID_TO_BE = re.compile(r"\s+(?:is|was)\s", re.IGNORECASE)


def _describes(aside: list[str]) -> bool:
    """An aside of adjectives only: "very keen", "lovely".

    Not "as usual", "true to form", "very annoyingly" or "past the garage", which say how or
    where, not who.
    """
    words = [fold(word) for word in aside]
    if words[:1] == ["bless"]:
        return True  # "Orla Breen, bless her, says ...": said of a person only
    if not words or words[-1] in _DEGREE:
        return False
    return all(
        word in _DEGREE
        or (sense(word).adjective and not sense(word).function and not word.endswith("ly"))
        for word in words
    )


#: Words of degree that may open an aside describing someone: "very keen", "so helpful".
_DEGREE: Final = frozenset("very really so super quite".split())
#: A short aside between commas, then the verb it leaves the name to.
_ASIDE_THEN_VERB = re.compile(r",(?P<aside>(?:\s+[\w'’-]+){1,3}),\s+(?P<verb>[\w'’]+)")


def _said_to_be(words: list[str]) -> bool:
    """After "is": a determiner, at most two modifiers, then a person noun heading its phrase.

    "is our contact", "was the new head chef"; "is the best supplier" says nothing of a
    person, nor does a verb ("is sending"), nor a person noun that only modifies the noun
    after it ("is the contact point", "is the home my gran moved into").
    """
    if not words or words[0] not in _DETERMINERS_BEFORE_ROLE:
        return False
    for index, word in enumerate(words[1 : 1 + _MODIFIERS_BEFORE_ROLE + 1], start=1):
        after = words[index + 1] if index + 1 < len(words) else ""
        if person_noun(word) and not person_noun(after):
            # "the head chef": a role; "the head office", "the contact point": a thing
            compound = after and sense(after).noun and not sense(after).function
            return not (compound and after not in _ROLE_ENDS and after not in _NOW)
        meaning = sense(word)
        if meaning.function or not (meaning.noun or meaning.adjective or word in _NEW_OR_OLD):
            return False  # "is the home my gran moved into": "my" ends the phrase
    return False


def _referred_to_next(rest: str) -> bool:
    """A "he" or "she" opens the next sentence, and no other name comes between."""
    referred = _HE_OR_SHE_NEXT.match(rest)
    if referred is None:
        return False
    between = referred.group(0)
    return not _CAPITAL_WORD.search(between[: between.rfind(" ")])


def _placed_or_referred_to(rest: str, name: str) -> bool:
    """Where the name's person works, or "he" or "she" opening the next sentence.

    "Teodric Wilkowski from Brannock Capital"; "Spoke to Ysolde Quarrie at the rowing club.
    She's running a course", when no other name comes between ("Mentioned Marcus Delaney
    to May. She thinks ..." is May's "she") and the name opens with no place's ("Went to
    Brighton Pier with the kids. He's scared of the waves").
    """
    if _referred_to_next(rest) and not sense(fold(name.split()[0])).place:
        return True
    where = _AFFILIATION.match(rest)
    return where is not None and not sense(fold(where.group(1))).place


#: A capitalised word: another name, which a "she" after it may refer to.
_CAPITAL_WORD = re.compile(rf"\b[{UPPER}]")
#: "he" or "she" said to be the name: "He's Ezra Quorn", "she was Ana Ferrer then".
_HE_OR_SHE_IS = re.compile(r"\b(?:he|she)(?:['’]s|\s+is|\s+was)\s+$", re.IGNORECASE)
#: "he" or "she" opening the next sentence when the name ends its own within a few words
#: ("... at the bowls club. She's running a course"; not after another name, "Mentioned
#: Marcus Delaney to May. She thinks ...", see :func:`_placed_or_referred_to`).
_HE_OR_SHE_NEXT = re.compile(r"[^.!?\n]{0,60}?[.!?]+[ \t]+(?:he|she)(?:['’]s)?\b", re.IGNORECASE)


def person_noun(word: str) -> bool:
    """A noun for a person: a role, a kinship word, or one who practises ("stylist")."""
    return word in PERSON_NOUNS or _one_who_practises(word)


def _family_name(name: str) -> bool:
    """The last word of a name may be a family name: not a plural noun ("Ashdown Homes").

    (A firm's word for its trade in the singular, "Velmont Travel", is no name at all:
    :func:`name_like`.)
    """
    return not sense(fold(name.split()[-1]).strip("'’")).plural_noun


#: Words after a role that say when, not what: "is my line manager now".
_NOW: Final = frozenset("now too again though".split())
#: What opens the phrase after "is" that says who someone is: "our contact", "the new chef".
_DETERMINERS_BEFORE_ROLE: Final = frozenset("a an the our their my his her your".split())
#: Words before a role that make no phrase of their own.
_NEW_OR_OLD: Final = frozenset({"new", "old", "former", "regular", "usual", "main"})
#: At most this many words between the determiner and the role: "our new sales contact".
_MODIFIERS_BEFORE_ROLE: Final = 2


def _acts(word: str) -> bool:
    """A content verb's finite form that is no noun: the name before it is its subject.

    Two rare capitalised words before "manages" or "phoned" are a person acting. "is", "was"
    or "will" say nothing ("Costa Rica was amazing", "Tel Aviv will host it"), and neither
    does a word that may be a plural noun ("Goldman Sachs shares fell").
    """
    meaning = sense(word)
    return finite(word) and not (meaning.function or meaning.noun)


def _dated(text: str, start: int) -> bool:
    """A calendar word after a word that takes a date ("in", "since", "early"): a date."""
    before = _words(text[:start])[-1:]
    return bool(before) and before[0] in DATE_LEADS


#: "St" and "Saint", which open the names of churches and schools ("St Aldwyn's").
_SAINTS: Final = frozenset({"st", "saint"})
#: A possessive straight after a name.
_POSSESSIVE_AFTER = re.compile(r"['’]s\b")
#: A description set after a name: a new sentence or a dash, then words with no verb.
_DESCRIPTION = re.compile(r"\s*(?:[.;:]|\s[-–—])\s")
#: How far into the text after a name its description is read (characters).
_DESCRIPTION_CHARS: Final = 80
#: How far into a description its role noun comes: "retired secondary school teacher".
ROLE_REACH: Final = 4


def _said_before_to_be_a_person(text: str, start: int) -> bool:
    """A role or kinship noun just before the name, or a word that introduces one.

    Not one that a preposition parts from it, or a number: "the bloke with the three
    Tarvish Quorns" is the bloke's, and what he has is counted. "someone called" and a
    police rank introduce one too ("someone called Nkemdi Quarrie", "pc corwin verdon").
    """
    if _introduced_by_word(text, start):
        return True
    before = _words(text[:start])[-LOOK_BEHIND:]
    if before and (before[-1].isdigit() or before[-1] in _NUMBER_WORDS):
        return False
    for at, word in enumerate(before):
        if word in PERSON_NOUNS or _one_who_practises(word):
            if not _PARTING & set(before[at + 1 :]):
                return True
    return False


#: Prepositions that part a person noun from a name after it: "the bloke with the three ...".
_PARTING: Final = frozenset("with from at for about near by without".split())
#: Numbers in words: what they count is no one's name ("the two Tarvish Quorns").
_NUMBER_WORDS: Final = frozenset("two three four five six seven eight nine ten twelve".split())


def _said_is(text: str, start: int, end: int) -> bool:
    """A "he's" or "she's" said of the name itself.

    Not of someone it owns ("He's Tavish Obuya's neighbour").
    """
    return _HE_OR_SHE_IS.search(text, 0, start) is not None and not _POSSESSIVE_AFTER.match(
        text[end:]
    )


#: "from" and who someone is with, then their deed: "... from the print shop is printing",
#: "... from Quillfield rang". A place after "from" says where someone comes from.
_WHERE_FROM: Final = re.compile(
    r"\s+from\s+(?:the\s+|our\s+)?(?:[\w&'’-]+\s+){0,3}?(?:is|was|has|had|will|would|can|"
    r"says|said|rang|called|emailed|texted|phoned|came|come|sent|offered|wants|wanted)\b",
)


def _said_next(word: str, rest: str, name: str) -> bool:
    """A pronoun or a person's verb right after the name, or where they are from and a deed."""
    if word in _PRONOUN_AFTER or word in _VERBS_AFTER:
        return True
    if word in _AUXILIARIES_AFTER:  # "Zerya Dostan has offered to repaint the shed"
        done = _words(rest[:_DESCRIPTION_CHARS])[1:2]
        return bool(done) and done[0] in _VERBS_AFTER
    # "Xu Meilan from the print shop is printing ...": who they are with, then their deed
    return word == "from" and _WHERE_FROM.match(rest) is not None and _no_words(name)


def _no_words(name: str) -> bool:
    """No word of the name is a dictionary's ("Quarry Haulage from Leeds" is a firm)."""
    return not any(sense(fold(word).strip("'’")).known_word for word in name.split())


def _said_to_be_a_person(text: str, start: int, end: int) -> bool:
    if _said_before_to_be_a_person(text, start) or _said_is(text, start, end):
        return True  # "my nephew Sipho Dlamini", "He's Ezra Quorn, farms out past the ford"
    rest = text[end:]
    aside = ASIDE.match(rest)
    if aside is not None:  # "Dagny Holm (leads payroll at ...)", "Priya Raman (our CTO)"
        inner = _words(aside.group("inner"))[:LOOK_BEHIND]
        if inner and (inner[0] in _PRONOUN_AFTER or finite(inner[0])):
            return True
        if any(word in PERSON_NOUNS for word in inner):
            return True
        rest = rest[aside.end() :]
    if _POSSESSIVE_AFTER.match(rest):
        if not any(sense(fold(word)).known_word for word in text[start:end].split()[1:]):
            return True  # "Jonah Adebayo's off till May": a name of name-like words, owning
        rest = rest[2:]  # the rest is read after the possessive, as before
    after_all = _words(rest[:_DESCRIPTION_CHARS])
    after = after_all[:2]
    if after and _said_next(after[0], rest, text[start:end]):
        return True
    if _SAID_TO_BE.match(rest) and _said_to_be(after_all[1:]) and _family_name(text[start:end]):
        return True  # "Ysolde Vantrell is our rep there"
    aside_then = _ASIDE_THEN_VERB.match(rest)  # "Tavish Obuya, very keen, asked for samples"
    if aside_then is not None and fold(aside_then.group("verb")) in _VERBS_AFTER:
        if _describes(aside_then.group("aside").split()):
            return True
    if after and _acts(after[0]):  # "Ysolde Marchetti manages ...", "Ana Ferrer phoned"
        return True
    appositive = _APPOSITIVE.match(rest)  # "Prakriti Shrestha, the new head of data"
    if appositive and any(person_noun(w) for w in _words(appositive.group(1))):
        return True
    if _placed_or_referred_to(rest, text[start:end]):
        return True
    opened = _DESCRIPTION.match(rest)
    if opened and describes_a_role(rest[opened.end() : opened.end() + _DESCRIPTION_CHARS]):
        return True  # "we've hired Odran Vesk. Former midwife, ...": a role said of them
    return len(after) > 1 and after[0] in ("also", "just", "then") and (after[1] in _VERBS_AFTER)
