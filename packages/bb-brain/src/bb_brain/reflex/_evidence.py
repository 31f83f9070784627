"""The ambiguity decision: when is an ordinary word a name?

A mention whose form is an ordinary English word (:mod:`bb_brain.reflex._ordinary`) resolves
only on evidence that it is used as a name here. In the mention's own words:

* capitalised in the middle of a sentence (English capitalises names, not nouns there; a
  sentence-initial capital says nothing, and a weekday or month is capitalised anyway);
* possessive ("grace's notes"; not for calendar words, "April's numbers" is a month);
* an honorific or name suffix ("Ms Park", "Park-san", "King Jr.");
* for a person's page, a role noun beside it ("our CFO Grace", "Grace, the designer") or a
  verb that takes a person ("Grace said", "ask Grace");
* an @handle or a slug typed as such;
* the bare subject of a deed ("thorn pushed back on the price", "did garnet send the
  results"): a common noun takes "the" or "my" there, see :mod:`bb_brain.reflex._syntax`.

Failing those, in the conversation around it (read from the page's content, one query, only
when such a mention is left):

* **co-mention of a related page**: a page named in the same turn or window on its own
  strength links to this page or is named in its content, or this page is named in that
  page's content ("grace" next to "Widget Co", whose page says Grace leads design there);
* **prior mention**: the page's unambiguous name (its full title, another name form, an alias
  that is no ordinary word, or its slug) was written earlier in the conversation.

Otherwise the mention is declined, and the declined pointer says why. A lowercase ordinary
word right after a determiner ("a grace period") is an ordinary noun phrase whatever the
conversation says. An accepted ordinary word costs :data:`AMBIGUITY_PENALTY` confidence.

A name that fits two or more pages equally (two Sarahs) is settled by context only when the
words of its sentence meet exactly one of those pages' content in at least
:data:`CONTEXT_MIN_SHARED` content words ("Sarah says the tax filing is due" and one Sarah's
page says she files the taxes), or in one word rare in everyday text ("Ravi rang, the
lathe's rattling again" and one Ravi's page says he services it):
:meth:`Conversation.disambiguate`. Content words are compared
by lemma; the most frequent words (Zipf :data:`CONTEXT_MAX_ZIPF` and up: "company", "look")
turn up in any page and say nothing, while the personal pronouns a turn and a page use for
someone ("she", "he") count as one word each.

Two readings veto a single-word mention of any form (:func:`veto`): a whole noun phrase
after a determiner ("a cruise down the Nile": names of people and organisations take no
article, rivers, mountains and ordinary nouns do), unless the page is a place; and, for a
person's page, a place reading ("a few days in Paris", "flying to Jordan") with no person
evidence beside it ("loop in Obinna" is no place reading: "in" belongs to the verb). A word
quoted alone is talked about as a word ("is 'lumi' Finnish?"), and a capitalised word after
a verb of watching titles a film or a show, for a person's page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

from bb_brain._given_names import a_given_name, name_pronoun
from bb_brain._names import (
    NAME_SUFFIXES,
    fold,
    generation,
    keyboard_spelling,
    leading_titles,
    strip_titles,
)
from bb_brain._nicknames import one_persons_names
from bb_brain._orgnames import KIND_HEAD_MAX_ZIPF, ORG_WORDS, STREETS, is_organisation
from bb_brain._pg import Connection
from bb_brain._relations import SERVICE_ROLES, relation_key
from bb_brain.pages import (
    COINED_NAME_ARM,
    FAMILY_INITIAL_ARM,
    KIND_ARM,
    POSSESSIVE_NAME_ARM,
    SHORT_NAME_ARMS,
    SUMMARY_KIND_ARM,
    TITLE_PART_ARM,
    is_place,
    normalise,
    slug_suffix_form,
    unqualified,
)
from bb_brain.reflex._candidate import NAME_ARMS, Candidate
from bb_brain.reflex._kinds import (
    ARTICLE_DROPPED,
    a_verb_after_it,
    another_one_before,
    described_as_its_page_says,
    placed_as_its_page_says,
    says_when,
    says_which_one,
)
from bb_brain.reflex._lexicon import (
    AGENT_VERBS,
    ANIMAL_KINDS,
    CODENAME_MARKERS,
    DETERMINERS,
    FAMILY_WORDS,
    KIND_NOUNS,
    LOCATIVE_PREPOSITIONS,
    MOTION_WORDS,
    OBJECT_OPENERS,
    PERSON_VERBS_AFTER,
    POSSESSIVE_DETERMINERS,
    ROLE_NOUNS,
)
from bb_brain.reflex._ordinary import (
    LOWERCASE_ORDINARY_ZIPF,
    ORDINARY_ZIPF,
    WordSense,
    inflections,
    is_ordinary,
    lemmas,
    sense,
    unknown_word,
    written_compound,
    zipf,
)
from bb_brain.reflex._resolve import CONFIDENCE, Resolved
from bb_brain.reflex._syntax import (
    A_SHOW_WATCHED,
    A_UNIT,
    A_VISIT,
    A_WORK_WATCHED,
    ADJECTIVE_AS_OBJECT,
    AFTER_A,
    AFTER_A_NOUN,
    AFTER_ADJECTIVE,
    AFTER_ARTICLE,
    AFTER_THE,
    ASKED_FOR_A_DAY,
    ASKED_SUBJECT,
    ASKED_WHAT_ONE_DOES,
    ASKED_WHO,
    AUTHOR_OF_WORKS,
    BARE_COUNT_MAX_ZIPF,
    BARE_COUNT_PHRASE,
    BARE_OBJECT,
    BARE_POSSESSOR,
    BARE_SUBJECT,
    BARE_VERB_OBJECT,
    BEFORE_NOUN,
    CONVERSATION_PARTNER,
    COUNTED_OUT,
    EPISODE_SUBJECT,
    EPONYM,
    FOREIGN_PASSAGE,
    HAS_PEOPLE_OR_AILMENT,
    HEARD_OF,
    IMPERATIVE,
    INDIRECT_OBJECT,
    INFINITIVE,
    LET_DO,
    LISTED_WITH_PLACE,
    MEASURED,
    MODAL_AS_NAME,
    MODIFIER,
    NOT_A_PERSON,
    ORDINARY_READINGS,
    PERSONAL_POSSESSION,
    QUOTED_WORD,
    REFERRED_BACK,
    SAID_AS_A_TIME,
    SAID_TO_BE_A_PLACE,
    SAID_TO_BE_A_WORK,
    SAID_TO_EXIST,
    TO_DO_SOMETHING,
    VERB_AFTER_SUBJECT,
    WHEREABOUTS,
    WORD_OF_A_LANGUAGE,
    bare_count_noun,
    counts,
    one_of_many,
)
from bb_brain.reflex._tokens import (
    A_BRAND,
    AFFILIATION,
    AFTER_DETERMINER,
    AFTER_ITS_KIND,
    ANIMAL_DEED,
    ANIMAL_KIND,
    CARED_FOR,
    DATED,
    DEFINITE_PHRASE,
    DETERMINED_PHRASE,
    DOMAIN,
    EMPLOYER,
    FAMILY_BY_NAME,
    FAMILY_INITIAL,
    GIVEN_INITIAL,
    HANDLE,
    HEADING,
    HONORIFIC,
    IN_A_MONTH,
    IN_A_PLACE_NAME,
    KIND_SIGNAL,
    LINE_LABEL,
    LOCATIVE,
    LOOKED_UP,
    LOWERCASE,
    MAILBOX,
    MID_CAPITAL,
    NAME_SUFFIX,
    PERSON_VERB,
    PLACE_ABBREVIATIONS,
    POSSESSIVE,
    RELATIVE_DATE,
    ROLE_NEARBY,
    SLUG_LIKE,
    SPEAKERS_OWN,
    SUPPLIER,
    VERSIONED,
    Token,
    normal_word,
    opens_its_sentence,
)

AMBIGUITY_PENALTY: Final = 0.05
THE_OTHER: Final = "'the other' of a name the conversation named before"
#: "the other Dave", "our other Sam": the words before a name that set it against one named.
_OTHER_ONE: Final = re.compile(r"\b(?:the|my|our|your|his|her|their)\s+other\s+$", re.IGNORECASE)
CO_MENTION: Final = "co-mention of a related page"
TRADE_NAME: Final = "a firm's whole name, ending in its trade"
CONTEXT: Final = "context"
#: A place's name written with its noun abbreviated, as an address is: "quarry rd".
ABBREVIATED: Final = "its place's noun abbreviated, as an address is written"
#: A reply that answers "which one?": "the warden", "kate's husband", "mo. the one who".
_AN_ANSWER: Final = re.compile(
    r"^\W*(?:(?:oh|ah|sorry|um|erm|er|ok|okay|yeah|yes|no|ha|lol|hmm)\W+)*"
    r"(?:the|that|it['’]?s|it was|his|her|my|our|their|[\w-]+['’]s|[\w-]+[.,:!-]+\s+the)\b",
    re.IGNORECASE,
)
#: A reply that opens by saying which one was not meant: its words describe the other
#: ("not the accountant, the other one"; "Okonjo. the safeguarding lead, not our Della" says
#: first which one was).
_NOT_THIS_ONE: Final = re.compile(
    r"^\W*(?:(?:oh|no|nah|sorry|um|erm)\W+)*(?:not|the other)\b", re.IGNORECASE
)
#: The user's reply to a question asking which of two pages a name meant.
ANSWERED: Final = "the answer to which one was meant"
_WORD = re.compile(r"[^\W\d_]+")
#: A context word must be at least this long (shorter words are mostly function words).
CONTEXT_MIN_CHARS: Final = 3
#: Words this frequent appear in any page: no evidence of which page is meant.
CONTEXT_MAX_ZIPF: Final = 5.5
#: Shared content words needed: one shared word is too easily a coincidence, unless it is
#: a rare one (Zipf :data:`RARE_WORD_MAX_ZIPF` or less: "lathe", "denture").
CONTEXT_MIN_SHARED: Final = 2
RARE_WORD_MAX_ZIPF: Final = 3.5
#: A word of the page's summary may be commoner (Zipf at most this: "lighting", "groom").
SUMMARY_WORD_MAX_ZIPF: Final = 4.6
_PRONOUNS: Final = {
    **dict.fromkeys(("she", "her", "hers", "herself"), "she/her"),
    **dict.fromkeys(("he", "him", "his", "himself"), "he/him"),
}
PRIOR_MENTION: Final = "named earlier in the conversation"
ON_TOPIC: Final = "the turn speaks of the page's subject"
#: A page called by what it is, by its title or its summary.
_KIND_ARMS: Final = frozenset({KIND_ARM, SUMMARY_KIND_ARM})
LISTED_WITH_PERSON: Final = "listed with a person"
#: A thing's whole title in a list with other names.
LISTED_WITH_NAMES: Final = "listed with names"
#: What joins two names in a list: "wren and rook", "odile, and tamsin", "ana & tom", "ana or tom".
_LIST_JOINT = re.compile(r"\s*,?\s*(?:and|or|&)\s+", re.IGNORECASE)
_OR_JOINT = re.compile(r"\s*,?\s*or\s+", re.IGNORECASE)
#: Verbs that agree with one subject only: after ", and" and a name, the name opens a clause
#: of its own ("..., and Ivo says"), where a pair says "say".
_ONE_SUBJECTS_VERBS: Final = frozenset({"is", "was", "has", "says", "does"})
#: A comma alone between two names of a list, and what shows the list goes on after one.
_LIST_COMMA = re.compile(r"\s*,\s*")
_LIST_GOES_ON = re.compile(
    r"\s*(?:,\s*|(?:and|&)\s+|$)(?:(?:and|&)\s+)?(?P<next>[\w'’]*)", re.IGNORECASE
)
#: Words after a verb that make it one with its object ("bill the tenant", "mark it done").
_OBJECTS: Final = frozenset(
    "me him her them us it this that the a an my our your his their".split()
)
_NEXT_WORD = re.compile(r"\s+([^\W\d_]+)")
#: The summed rarity of the words a sentence shares with a page that makes it on topic.
ON_TOPIC_MIN_WEIGHT: Final = 2.0
#: How far the sentence of a mention reaches either side of it, at most (characters).
SENTENCE_REACH: Final = 300
_PRONOUN_CLASSES: Final = frozenset({"she/her", "he/him"})
#: Page content read for relations is capped: a page's opening says what it relates to.
CONTENT_CHARS: Final = 4000
#: Pages whose content words are kept between turns (a page's content is at most a few KB).
PAGE_FORMS_CACHED: Final = 1024

_ANY_PAGE: Final = (
    MAILBOX,
    HONORIFIC,
    NAME_SUFFIX,
    HANDLE,
    SLUG_LIKE,
    BARE_OBJECT,
    BARE_VERB_OBJECT,
    ADJECTIVE_AS_OBJECT,
    TO_DO_SOMETHING,
    LINE_LABEL,
)
_PERSON_ONLY: Final = (
    MODAL_AS_NAME,
    REFERRED_BACK,
    ROLE_NEARBY,
    PERSON_VERB,
    AFFILIATION,
    ASKED_WHO,
    ASKED_WHAT_ONE_DOES,
    PERSONAL_POSSESSION,
    CONVERSATION_PARTNER,
    INDIRECT_OBJECT,
)
#: What a subject is evidence of (a common word as a subject is the word).
_SUBJECTS: Final = frozenset({BARE_SUBJECT, EPISODE_SUBJECT, ASKED_SUBJECT})
#: Arms a bare subject or possessor settles: a person goes by their given name alone.
_EVENT_ARMS: Final = NAME_ARMS | {"given-name"} | SHORT_NAME_ARMS
_CONTENT = (
    "SELECT p.slug, p.title, coalesce(p.summary, ''), left(p.body, %s),"
    " ARRAY(SELECT a.alias_norm FROM aliases AS a WHERE a.brain_id = p.brain_id"
    " AND a.source = p.source AND a.slug = p.slug"
    f" AND a.arm <> '{FAMILY_INITIAL_ARM}' ORDER BY a.alias_norm)"
    " FROM pages AS p WHERE p.brain_id = %s AND p.source = %s AND p.slug = ANY(%s)"
)


def local_evidence(res: Resolved) -> list[str]:
    """The signals around the mention that make its ordinary word a name."""
    if res.arm == FAMILY_INITIAL_ARM:
        return []  # "Mr B and I": someone, but which is the conversation's to say
    cand = res.cand
    signals = set(cand.signals)
    found: list[str] = []
    if MID_CAPITAL in signals and not cand.calendar and not _a_word_quoted(res):
        found.append(MID_CAPITAL)
    if POSSESSIVE in signals and _possessor(res, signals):
        found.append(POSSESSIVE)
    found += [signal for signal in _ANY_PAGE if signal in signals]
    if LOOKED_UP in signals:
        found.append(LOOKED_UP)
    if VERSIONED in signals and not res.page.is_person:
        found.append(VERSIONED)
    if res.cand.tokens > 1:
        found += _title_evidence(res, signals)
    if _organisation(res):
        found += _organisation_evidence(res, signals)
    kind = next((signal for signal in signals if signal.startswith(KIND_SIGNAL)), None)
    if kind is not None and _of_kind(res, kind.rsplit(" ", 1)[-1]):
        found.append(kind)
    # a family name alone needs more ("Cobalt slumped"), and so does a noun typed in
    # lowercase: "ivy is taking over the fence" has a mass noun for its subject; a count
    # noun cannot be one bare ("gable could swap with me"; see _syntax.bare_count_noun)
    word = sense(cand.norm)
    lowercase_noun = LOWERCASE in signals and word.noun and not bare_count_noun(word)
    subject_arms = NAME_ARMS | SHORT_NAME_ARMS  # "gable need to fix it": the firm
    if BARE_SUBJECT in signals and res.arm in subject_arms and not lowercase_noun:
        found.append(BARE_SUBJECT)
    if EPISODE_SUBJECT in signals and res.arm in _EVENT_ARMS:
        found.append(EPISODE_SUBJECT)  # "thorn pushed back": a noun would take "the"
    if ASKED_SUBJECT in signals and res.arm in _EVENT_ARMS and not lowercase_noun:
        found.append(ASKED_SUBJECT)  # "can brian cover?"
    if ASKED_FOR_A_DAY in signals and res.arm in _EVENT_ARMS and res.page.is_person:
        found.append(ASKED_FOR_A_DAY)  # "does dawn cover tomorrow?"
    if res.arm in SHORT_NAME_ARMS and LOWERCASE in signals and word.zipf >= BARE_COUNT_MAX_ZIPF:
        # "then sky got dark": a firm's short name this common is the word as a subject
        found = [signal for signal in found if signal not in _SUBJECTS]
    found += _person_or_pet_evidence(res, signals)
    return found or _standing_alone(res)


def _standing_alone(res: Resolved) -> list[str]:
    """What a name no dictionary has says on its own, when nothing around it does."""
    if _a_compound_standing_alone(res):
        return [NO_WORD_READING]  # "did we pay fairweather yet"
    if _the_names_one(res):
        return [THE_NAMES_ONE]
    return []


#: The evidence of :func:`_the_names_one`.
THE_NAMES_ONE: Final = "a name before 'one' after 'the', 'that' or 'this', standing for its thing"


def _the_names_one(res: Resolved) -> bool:
    """A name no dictionary has between "the" and "one": "the kershaw one", "that lego one".

    The name stands for the thing of its own it modifies, the contract or the job; a
    dictionary word there is any such thing ("the heron one"), and a person's name
    there is what was given them ("the tobi one").
    """
    span = res.cand.span
    if span is None or res.page.is_person or res.cand.tokens != 1 or span.first < 1:
        return False
    if sense(res.cand.norm).known_word or span.last + 1 >= len(span.tokens):
        return False
    before, after = span.tokens[span.first - 1], span.tokens[span.last + 1]
    glued = span.tokens[span.first].glued and after.glued
    return glued and before.norm in _POINTING and after.norm in ("one", "ones")


#: Determiners that point at one thing the listener knows: "the kershaw one".
_POINTING: Final = frozenset("the that this".split())


def _the_users_own_role_name(res: Resolved) -> bool:
    """A person's own alias "the vet", "the accountant": what the user calls the one they have.

    Written on the page by its writer, a role with "the" is the user's name for their own
    vet or accountant, as a summary saying "The user's vet" makes it (:data:`SERVICE_ROLES`).
    """
    words = res.cand.norm.split()
    if res.arm != "alias" or not res.page.is_person or len(words) != 2 or words[0] != "the":
        return False
    return words[1] in SERVICE_ROLES or relation_key([], words[1]) is not None


#: The evidence of :func:`_the_users_own_role_name`.
OWN_ROLE_NAME: Final = "the page's own name for a role the user has one of"


def _a_word_quoted(res: Resolved) -> bool:
    """A person's name that is a word, quoted alone: the word talked about.

    "'Canon' will do in a letter; 'Reverend' alone is wrong": a form of address, its
    capital the quotation's. A codename in quotes names a thing ("how is 'Quill' going?").
    """
    span = res.cand.span
    if span is None or not res.page.is_person or span.first != span.last:
        return False
    before = span.tokens[span.first - 1] if span.first else None
    if before is not None and before.norm in _SIGNING:
        return False  # "the card was signed 'Hope'": a name signed is its bearer's
    return span.tokens[span.first].quoted and sense(res.cand.norm).lexical


#: Words before a quoted name that make it its bearer's: a signature, a sender.
_SIGNING: Final = frozenset("signed love from".split())


def _person_or_pet_evidence(res: Resolved, signals: set[str]) -> list[str]:
    """What only a person's or a pet's name has around it."""
    found: list[str] = []
    if res.page.is_person:
        found += [signal for signal in _PERSON_ONLY if signal in signals]
        found += [_as_read(res, signal) for signal in signals if _initial_agrees(res, signal)]
        found += [signal for signal in signals if _given_initial_agrees(res, signal) is True]
        if _the_users_own_role_name(res):
            found.append(OWN_ROLE_NAME)
    if _is_pet(res):
        found += [signal for signal in (CARED_FOR, ANIMAL_DEED, ANIMAL_KIND) if signal in signals]
        if REFERRED_BACK in signals:  # "biscuit can't have treats, she's on a diet"
            found.append(REFERRED_BACK)
    if res.page.is_person or _is_pet(res):
        # "gable's in this evening", "nutmeg is back on friday", "ivy has the flu"
        found += [
            signal for signal in (WHEREABOUTS, A_VISIT, HAS_PEOPLE_OR_AILMENT) if signal in signals
        ]
    return found


def _as_read(res: Resolved, signal: str) -> str:
    """An initial after a family name, as evidence: the given name's ("Lisboa R.")."""
    if res.arm != "surname":
        return signal
    return signal.replace(FAMILY_INITIAL, "the initial of the given name after it", 1)


def _initial_agrees(res: Resolved, signal: str) -> bool:
    """The initial after a given name opens the page's family name ("Juniper K." of Kilbride).

    The word before an initial is a given name, or a family name when the initial opens the
    page's given name, as a register writes it ("Lisboa R." of Rafaela Lisboa; "Mason
    T." is no Reed Mason), and an initial another family name opens is someone else's ("Sage
    B.").
    """
    if not signal.startswith(FAMILY_INITIAL):
        return False
    letter = fold(signal.rsplit("(", 1)[-1].rstrip(".)"))
    if res.arm == "surname":
        given = fold(res.page.title).split()[leading_titles(fold(res.page.title).split()) :]
        return len(given) > 1 and given[0].startswith(letter)
    family = [
        word for word in fold(res.page.title).split()[1:] if word.rstrip(".") not in NAME_SUFFIXES
    ]
    # any word of a family name of several may be its initial ("Fern V." of Fern van Dijk)
    return not family or any(word.startswith(letter) for word in family)


def _given_initial_agrees(res: Resolved, signal: str) -> bool | None:
    """Whether the bare initial before a family name opens another of the page's names.

    "C Quell" of Callum Quell agrees; "D Quell" is another Quell, "W.T. Tobias" no Tobias
    Quellmore, whose given name it would be, and "C.S. Lewis" no Clara Lewis: several
    initials are as many given names the title has. None for other signals.
    Any other word of the title may be the one it abbreviates: a name written family first
    puts the given name last.
    """
    if not signal.startswith(GIVEN_INITIAL):
        return None
    letters = fold(signal.rsplit("(", 1)[-1].rstrip(".)")).replace(".", "")  # "T.J": t, j
    matched = set(res.cand.norm.split())
    words = fold(res.page.title).split()
    words = words[leading_titles(words) :]  # "Dr. Nyokabi Waithera": "dr." is no name
    if res.arm in ("given-name", "alias") and len(words) > 1 and [res.cand.norm] == words[:1]:
        return False  # "W.T. Tobias": initials go before a family name
    names = [word for word in words if word not in matched]
    if len(letters) > 1:
        # "C.S. Lewis" of Clara Lewis: each initial a given name the title has, in order
        return len(names) == len(letters) and all(
            name.startswith(letter) for name, letter in zip(names, letters, strict=True)
        )
    return not names or any(name.startswith(letters) for name in names)


def everyday_short_name(res: Resolved) -> Resolved:
    """A short name of several everyday words is as ambiguous capitalised as in lowercase.

    "Copper Yard said ..." names Copper Yard Brewing on the evidence of "said"; "North Star is
    bright tonight" is the star, whatever firm is called North Star Coffee. A whole title
    needs no such evidence: its business ending says what it is.
    """
    cand = res.cand
    if cand.ambiguity:
        return res
    if _a_compound_of_everyday_words(res):
        return replace(res, cand=replace(cand, ambiguity=f"{_COMPOUND} {cand.norm!r}"))
    if _a_known_name_for_part_of_a_title(res):
        return replace(res, cand=replace(cand, ambiguity=f"name-like word {cand.norm!r}"))
    if res.arm not in SHORT_NAME_ARMS or cand.tokens < 2:
        return res
    if not all(is_ordinary(word) for word in cand.norm.split()):
        return res
    return replace(res, cand=replace(cand, ambiguity=f"everyday phrase {cand.norm!r}"))


def _a_known_name_for_part_of_a_title(res: Resolved) -> bool:
    """A word English text often uses, nobody's given name, typed lowercase for part of a title.

    "tesco" of Tesco Haulage: a maker's, a landmark's or a family's name, frequent enough to
    be some other bearer's, names the firm only on evidence when the firm's title says more
    ("nipped into tesco for milk"). A whole title ("ikea", "Project Tolkien") and a
    person's own name ("patel") need none.
    """
    cand = res.cand
    if res.page.is_person or cand.tokens != 1 or LOWERCASE not in cand.signals:
        return False
    word = sense(cand.norm)
    if word.known_word or word.zipf < LOWERCASE_ORDINARY_ZIPF or a_given_name(cand.norm):
        return False
    own = [w for w in normalise(res.page.title).split() if _names_the_page(w)]
    return cand.norm in own and len(own) > 1


def _names_the_page(word: str) -> bool:
    """A word of a title that tells its page apart: no article, business ending or kind."""
    return not (sense(word).function or word in ORG_WORDS or word in KIND_NOUNS)


#: The ambiguity of two everyday words written as one ("fairweather").
_COMPOUND: Final = "compound of everyday words"
#: Why such a compound stands as a name: no grammar around it reads it as a word.
NO_WORD_READING: Final = "no reading of it as a word here"


def _a_compound_standing_alone(res: Resolved) -> bool:
    """Two everyday words written as one, and no grammar here reads them as the word.

    "did we pay fairweather yet", "harbourside is over budget": a firm's or a plan's name;
    "a fairweather sailor" (before a noun), "along the harbourside" (after "the") are the word.
    """
    if not res.cand.ambiguity.startswith(_COMPOUND) or ordinary_reading(res):
        return False
    if set(res.cand.signals) & {AFTER_DETERMINER, *MODIFIER_READINGS}:
        return False
    span = res.cand.span
    if span is None:
        return True
    tokens = span.tokens
    after = tokens[span.last + 1] if span.last + 1 < len(tokens) else None
    if after is not None and after.glued and _describes(tokens, after):
        return False  # "harbourside parking", "oakwood flooring": the word describes it
    before = tokens[span.first - 1] if span.first else None
    return before is None or not before.glued or not _a_word_there(tokens, before)


def _describes(tokens: Sequence[Token], after: Token) -> bool:
    """A noun right after, or one in "-ing" that is its clause's subject: what it describes.

    "oakwood flooring is dear", "harbourside parking is free"; not "how's harbourside going".
    """
    meaning = sense(after.norm)
    if meaning.function or after.capitalised:
        return False
    if after.norm.endswith("ing") and not meaning.noun:
        verb = tokens[after.index + 1] if after.index + 1 < len(tokens) else None
        return verb is not None and bool(inflections(verb.norm) & {"VBZ", "VBD"})
    finite = inflections(after.norm) & {"VBZ", "VBD", "VBP"}
    return bool(meaning.noun and not finite)


def _a_word_there(tokens: Sequence[Token], before: Token) -> bool:
    """The grammar before the compound takes a word, not a name: "working offsite".

    So do "the smell of pinewood", "servers are hosted offsite", "we lived harbourside": after
    "of", or after a verb done to no one ("working", "lived", "eat") or in the passive
    ("are hosted"); a verb of dealing with someone ("pay", "chase", "email") takes the name.
    """
    if before.norm == "of":
        return True
    lemmas = sense(before.norm).verb_lemmas
    if not lemmas or sense(before.norm).function:
        return False
    if not lemmas & AGENT_VERBS:
        return True
    being = tokens[before.index - 1] if before.index else None
    passive = inflections(before.norm) & {"VBN", "VBD"}
    return being is not None and being.norm in _FORMS_OF_BE and bool(passive)


#: Forms of "be" before a participle: the passive ("are hosted").
_FORMS_OF_BE: Final = frozenset("is are was were be been being".split())


def _a_compound_of_everyday_words(res: Resolved) -> bool:
    """A firm's or a plan's one word typed in lowercase, two everyday words run together.

    "fairweather", "chairside", "harbourside": no dictionary has them, yet they are words
    ("a fairweather sailor", "a chairside manner") as much as the firm's name, so grammar
    that reads them as the word declines them (:func:`_a_compound_standing_alone`); a coined
    one ("rushwater") is in no word list. A person's name is no such compound ("Goodwin").
    """
    cand = res.cand
    if res.page.is_person or cand.tokens != 1 or LOWERCASE not in cand.signals:
        return False
    return unknown_word(cand.norm) and written_compound(cand.norm)


def title_part_for_the_conversation(res: Resolved) -> Resolved | None:
    """A run of words from inside a title, marked for the conversation to decide, or None.

    "the sea wall" of Grisedale Sea Wall Repair is that repair where the conversation holds
    it already (the page named before, or a related page beside it); "the back garden needs
    weeding" of Back Garden Makeover is a garden, and "Lake Como was heaving" of Weekend in
    Lake Como is the lake, however rare its words.
    """
    if res.arm != TITLE_PART_ARM:
        return None
    ambiguity = f"words of a title {res.cand.norm!r}"
    return replace(res, cand=replace(res.cand, ambiguity=ambiguity))


def its_kind_named(res: Resolved) -> Resolved | None:
    """A title part that keeps the title's head noun, said as a known thing; else None.

    "the bell appeal" of Tolland Bell Appeal, "our summer fete" of Tolland Summer Fete: an
    appeal and a fete, the kind of thing the page is, described as one the hearer knows. "the
    sea wall" of Sea Wall Repair lacks the head and is the wall, and "a summer fete" is any.
    """
    cand = res.cand
    if res.arm != TITLE_PART_ARM or cand.tokens < TITLE_HEAD_MIN_WORDS:
        return None
    if not cand.signals or not {DEFINITE_PHRASE, SPEAKERS_OWN, LINE_LABEL} & set(cand.signals):
        return None
    words = [word for word in _words(res.page.title) if not word.isdigit()]
    if not words or _words(cand.raw)[-1] != words[-1]:
        return None
    if cand.span is not None and _placed_elsewhere(cand.span.tokens, cand.span.last):
        return None  # "the work trip to Oslo", "the summer fete in Hexford": another one
    signal = next(
        each for each in (DEFINITE_PHRASE, SPEAKERS_OWN, LINE_LABEL) if each in cand.signals
    )
    decision = f"words of a title {cand.norm!r} keep its head {words[-1]!r}: {signal}"
    confidence = round(res.confidence - AMBIGUITY_PENALTY, 4)
    return replace(res, confidence=confidence, signals=(signal,), decision=decision)


def a_headed_part(res: Resolved) -> Resolved | None:
    """Words of a title heading a note ("Kelbrook School: they've signed off ..."); else None.

    A heading names what the note is about; a page titled by exactly those words would have
    matched them whole first.
    """
    if res.arm != TITLE_PART_ARM or HEADING not in res.cand.signals:
        return None
    if not any(_a_names_word(word) for word in res.cand.norm.split()):
        return None  # "Next Steps: book the van", "Year six: ...": an everyday heading
    decision = f"words of a title {res.cand.norm!r} head the note: {HEADING}"
    confidence = round(res.confidence - AMBIGUITY_PENALTY, 4)
    return replace(res, confidence=confidence, signals=(HEADING,), decision=decision)


def _a_names_word(word: str) -> bool:
    """A word that names one thing: in no dictionary, no date, and rare ("Kelbrook")."""
    meaning = sense(word)
    return not (meaning.lexical or meaning.calendar or meaning.function) and (
        meaning.zipf < ORDINARY_ZIPF
    )


def _placed_elsewhere(tokens: Sequence[Token], last: int) -> bool:
    """A preposition and a capitalised name after the phrase say which one it is."""
    after = tokens[last + 1 : last + 3]
    return (
        len(after) == 2
        and after[0].glued
        and after[0].norm in _PLACING
        and after[1].glued
        and after[1].capitalised
    )


#: Prepositions that place a thing: "the trip to Oslo", "the fete in Hexford".
_PLACING: Final = frozenset("to in at from near for".split())
#: Words a title part keeping the title's head has at least: its head and a modifier.
TITLE_HEAD_MIN_WORDS: Final = 2


def rest_of_its_title(res: Resolved, text: str) -> Resolved | None:
    """A title part with the rest of its title beside it, accepted; else None.

    "grandad's toy chest" of Toy Chest for Grandad, "the Wraxby barn roof" of Barn Roof at
    Wraxby: the whole title, its words reordered, names the page without the conversation.
    Every other content word of the title must stand within a few words of the part, in
    its clause, and nothing may make the part any such thing ("a toy chest") or someone
    else's ("my neighbour's toy chest").
    """
    if res.arm != TITLE_PART_ARM:
        return None
    part = set(res.cand.norm.split())
    rest = {word for word in _words(res.page.title) if word not in part}
    rest = {word for word in rest if not sense(word).function}
    if not rest:
        return None
    clause_start = max(text.rfind(mark, 0, res.cand.start) for mark in _CLAUSE_MARKS) + 1
    ends = [found for mark in _CLAUSE_MARKS if (found := text.find(mark, res.cand.end)) >= 0]
    before = _words(text[clause_start : res.cand.start])[-REST_OF_TITLE_REACH:]
    after = _words(text[res.cand.end : min(ends, default=len(text))])[:REST_OF_TITLE_REACH]
    if not rest <= {*before, *after}:
        return None
    owner = _OWNER_BEFORE.search(text, clause_start, res.cand.start)
    if owner is not None and normalise(owner.group("who")) not in rest:
        return None  # "my neighbour's toy chest": somebody else's
    if _ANY_SUCH.search(text, clause_start, res.cand.start):
        return None  # "a toy chest for grandad": any such chest
    decision = f"title part {res.cand.norm!r} taken with {', '.join(sorted(rest))} beside it"
    return replace(res, signals=(REST_OF_TITLE,), decision=decision)


#: Marks that close a clause: the rest of a title is looked for inside the part's own.
_CLAUSE_MARKS: Final = (",", ";", ".", "!", "?", "\n")
#: A possessive right before a title part: whose thing it is.
_OWNER_BEFORE: Final = re.compile(r"\b(?P<who>[^\W\d_]+)['’]s\s+$")
#: A determiner right before a title part that makes it any such thing.
_ANY_SUCH: Final = re.compile(r"\b(?:a|an|another|any|some|every)\s+$", re.IGNORECASE)
#: How many words either side of a title part the rest of its title may stand.
REST_OF_TITLE_REACH: Final = 3
REST_OF_TITLE: Final = "the rest of its title beside it"


def own_definite_alias(res: Resolved) -> bool:
    """The user's own description of a thing, given as its alias and said whole.

    "the new house" or "the knitting group" as a page's alias is what its writer calls the
    thing, but "the big day" or "the old flat" is as often any such day or flat: said whole
    and not running on, such an alias of three words or more is left to the conversation
    (the page named before, a related page beside it, its own words around it), whatever
    the words around it say of an everyday phrase.
    """
    cand = res.cand
    words = cand.norm.split()
    if res.arm != "alias" or len(words) < OWN_ALIAS_WORDS or words[0] not in _DEFINITE:
        return False
    span = cand.span
    if span is None:
        return False
    after = span.tokens[span.last + 1] if span.last + 1 < len(span.tokens) else None
    # a noun runs the phrase on ("the new shop floor"); an adverb that is a noun too does
    # not ("the cold store still has room")
    # not "the swim school needs a new coach": a noun that is a verb here, as after a kind
    word = sense(after.norm) if after is not None else None
    runs_on = after is not None and after.glued and word is not None and word.noun
    runs_on = runs_on and word is not None and "ADV" not in word.readings
    runs_on = runs_on and after is not None and not a_verb_after_it(span.tokens, after)
    return not runs_on and not (after is not None and after.glued and after.capitalised)


def a_thing_of_its_own(res: Resolved) -> Resolved | None:
    """An own description whose noun names few things, accepted; else None.

    "the cold store", "the new shop": the user's name for one store, one shop, as their page
    gives it. "the big day", "the new house" end in a noun said of anything (a day, a house)
    with only a describing word before it, and "the new shop on the corner" says which one it
    is: those are left to the conversation. A noun before it makes one kind of the thing
    ("the swim school"); a verb's "-ing" does not ("the knitting group").
    """
    if not own_definite_alias(res):
        return None
    *_, last = words = res.cand.norm.split()
    if sense(last).zipf >= KIND_HEAD_MAX_ZIPF and not _a_kind_of_it(words[1:-1]):
        return None
    span = res.cand.span
    if span is not None and span.last + 1 < len(span.tokens):
        after = span.tokens[span.last + 1]
        if says_which_one(after) and not says_when(span.tokens, after):
            return None  # "the new shop on the corner", "the cold store at Tesco": another
    decision = f"own description {res.cand.norm!r}, said whole, its noun naming few things"
    return replace(res, signals=(OWN_DESCRIPTION,), decision=decision)


def _a_kind_of_it(modifiers: Sequence[str]) -> bool:
    """Nouns before a noun said of anything make one kind of it: "the dive school".

    "the big day", "the new house" say nothing of which: any day is big to someone.
    """
    return bool(modifiers) and all(_a_noun_not_a_describer(word) for word in modifiers)


def _a_noun_not_a_describer(word: str) -> bool:
    meaning = sense(word)
    return meaning.noun and not meaning.function and "ADJ" not in meaning.readings


OWN_DESCRIPTION: Final = "the page's own description, said whole"


#: Words a user's own description of a thing opens with.
_DEFINITE: Final = frozenset({"the", "my", "our"})
#: The fewest words of such a description (see :func:`own_definite_alias`).
OWN_ALIAS_WORDS: Final = 3


def _venue_after_the(res: Resolved) -> bool:
    """A venue's short name no dictionary has, after "the": "two nights at the quorbury".

    "The Quorbury [Hotel]": a hotel, an inn or a theatre keeps the article its whole name
    takes. A firm named after a region does not ("the dordogne" of Dordogne Holidays is the
    region), a whole title after "the" is a noun phrase of its own ("the zorvane in the
    lobby"), and after "a" any word is a thing of a kind ("a tradewind", which the word lists
    lack).
    """
    title = res.page.title.split()
    return (
        res.arm in SHORT_NAME_ARMS
        and AFTER_THE in res.cand.signals
        and not res.cand.ambiguity
        and unknown_word(res.cand.norm)
        and len(title) > 1
        and title[-1].casefold() in _VENUES
    )


def _a_things_own_name(res: Resolved) -> bool:
    """A thing's own name after "the": "the velkopen is clicking", "the Marquess stalled".

    A device, a van or a prop whose name no dictionary has is spoken of with the article, as
    is any page whose title opens with it ("The Marquess"); a person, a pet, a firm, a place or
    a plan after "the" is not.
    """
    if res.arm not in NAME_ARMS or res.cand.ambiguity or res.cand.tokens != 1:
        return False
    after = _word_after(res)
    if _modifies_what_follows(res) or (after is not None and after.norm in ("one", "ones")):
        return False  # "the guillemot one on the postcard": the one with a guillemot on it
    if res.page.title.split()[:1] in (["The"], ["the"]):
        return True
    if res.page.is_person or _is_pet(res) or _organisation(res) or _is_place(res):
        return False
    # a word a dictionary has is its own noun there ("the guillemot one on the postcard")
    return unknown_word(res.cand.norm) and not (_a_plan(res) or _an_occasion(res))


def _an_occasion_after_the(res: Resolved) -> bool:
    """An event's own name no dictionary has, after "the": "is the quorathon still on?".

    An occasion is spoken of with the article ("the Proms", "the Fringe"); a coined word
    after "the" is otherwise a thing of its own ("the zorvane in the lobby").
    """
    return (
        _an_occasion(res)
        and res.arm in NAME_ARMS
        and AFTER_THE in res.cand.signals
        and not res.cand.ambiguity
        and unknown_word(res.cand.norm)
    )


def _an_articles_noun(res: Resolved, signals: set[str]) -> str | None:
    """Why the word after an article is a noun of its own there, not the page, or None."""
    planned = _an_occasion(res) or _of_kind(res, "project")
    if AFTER_A in signals and LOWERCASE in signals and planned:
        if not _modifies_what_follows(res):
            # "a quorathon sounds fun": any quorathon, as "the quorathon" is the one ("a
            # quorathon session" is a session of it)
            return f"declined: {res.cand.raw!r} after 'a' or 'an' is any such occasion or plan"
    if (
        DETERMINED_PHRASE in signals
        and not _venue_after_the(res)
        and not _an_occasion_after_the(res)
        and not _a_things_own_name(res)
        and not _a_clients_matter(res)  # "the Tweneboa couple": theirs, however rare the name
        and FAMILY_BY_NAME not in signals
    ):
        return f"declined: {res.cand.raw!r} is a whole noun phrase after a determiner"
    return None


def _modifies_what_follows(res: Resolved) -> bool:
    """A noun follows the word, and is no verb of its subject: "a quorathon session"."""
    span = res.cand.span
    if span is None or span.last + 1 >= len(span.tokens):
        return False
    after = span.tokens[span.last + 1]
    return sense(after.norm).noun and not inflections(after.norm) & {"VBZ", "VBD"}


#: Kinds of venue whose name takes "the": "the Quorbury" for Quorbury Hotel.
_VENUES: Final = frozenset(
    "hotel inn arms tavern theatre cinema hall lodge gallery restaurant bistro brewery pub "
    "bar spa club cafe".split()
)


#: Nouns for people that may end a list of them ("grace, family and friends").
_PEOPLE_AT_THE_END: Final = frozenset(
    "family friends friend people kids children neighbours neighbors colleagues guests "
    "everyone everybody others cousins parents".split()
)
#: Number words that open the last item of a list of people ("and two temps").
_COUNTS: Final = frozenset("two three four five six some a few".split())


def _a_thing_listed(word: str) -> bool:
    """An everyday lowercase noun or adjective goes on the list: it lists things, not people."""
    if not word or not word.islower() or word in _COUNTS:
        return False  # "hazel and two temps": a count of people may end it
    meaning = sense(word)
    if word in _PEOPLE_AT_THE_END:
        return False  # "grace, family and friends": people still
    return (meaning.noun or meaning.adjective) and not meaning.function and meaning.lexical


def _slug_in_title(res: Resolved) -> bool:
    """The slug's words stand in the title, in order, each a word or the initials of a few.

    "corn exchange" of "The Corn Exchange", "rfe checklist" of "RFE response checklist",
    "fete ob" of "Fete outside broadcast", "colour scheme" of "Color schemes", "kelmoor en"
    of "Kelmoor-en" (a hyphen typed as a space), "flat 9 church row" of "Flat 9, Church Row";
    not "house move" of "Moving to Leeds", nor a title of everyday words its commas made a
    name ("rock paper scissors" of "Rock, Paper, Scissors").
    """
    # words only: "Flat 9, Church Row" is "flat 9 church row", "Kelmoor-en" "kelmoor en"
    title = _TITLE_WORD.findall(normalise(res.page.title).replace("'", "").replace("’", ""))
    slug_words = slug_suffix_form(res.slug).split()
    if "," in res.page.title and all(sense(word).lexical for word in slug_words):
        return False  # "rock paper scissors" of "Rock, Paper, Scissors": the game, as often
    at = 0
    for word in slug_words:
        found = next(
            (
                end
                for start in range(at, len(title))
                for end in range(start + 1, min(start + len(word), len(title)) + 1)
                if (end == start + 1 and _same_word(title[start], word))
                or (end > start + 1 and "".join(w[0] for w in title[start:end]) == word)
            ),
            None,
        )
        if found is None:
            return False
        at = found
    return True


_TITLE_WORD: Final = re.compile(r"[^\W_]+")


def _same_word(a: str, b: str) -> bool:
    """One word, whatever its number or spelling ("renovations", "colour" / "color")."""
    if a == b or a.rstrip("s") == b.rstrip("s") or keyboard_spelling(a) == b:
        return True  # "kirimli" of "Kırımlı": its special letters typed plain
    if min(len(a), len(b)) < SAME_WORD_MIN_CHARS:
        return False
    from rapidfuzz.distance import Levenshtein  # on first use: a run's start-up skips it

    return Levenshtein.distance(a, b) <= 1


#: Words this long may differ by a letter and still be one word ("colour" / "color").
SAME_WORD_MIN_CHARS: Final = 5


#: A title's closing qualifier in brackets: what the page's subject is.
_QUALIFIER = re.compile(r"\(([^()]{1,30})\)\s*$")
#: Page types that say nothing of what the page's subject is, so a qualifier may.
_UNTYPED: Final = frozenset({"", "concept", "note", "topic", "animal"})


#: Page types and folders of animals known by name.
_ANIMAL_TYPES: Final = frozenset({"pet", "animal"})
_ANIMAL_DIRS: Final = ("pets/", "animals/")


def _is_pet(res: Resolved) -> bool:
    """A pet's page, by its type, its folder or, untyped, its title's qualifier ("Pickle (dog)").

    A page that says what it is keeps it: "Tarnbrook (lab)" of type organisation is a lab.
    """
    if res.page.page_type in _ANIMAL_TYPES or res.slug.startswith(_ANIMAL_DIRS):
        return True  # a farm's or a sanctuary's animals have their names as pets do
    if (res.page.page_type or "").casefold() not in _UNTYPED:
        return False
    qualifier = _QUALIFIER.search(res.page.title)
    return qualifier is not None and normalise(qualifier.group(1)) in ANIMAL_KINDS


def _someone_elses_firm(res: Resolved) -> bool:
    """A company whose summary gives it no tie to the user: "my fresh start" is no bakery.

    A firm is somebody's business; the user calls it "my" or "our" only when it is theirs,
    and then its page says so ("Our shop", "the user's studio").
    """
    kind = (res.page.page_type or res.slug.split("/", 1)[0]).casefold()
    if kind not in ("company", "companies", "business", "businesses", "firm", "firms"):
        return False
    return _FIRM_OF_THE_USER.search(res.page.summary) is None


def _words_of_the_speaker(res: Resolved) -> bool:
    """A firm's everyday name after "my" or "our", said as the speaker's own words."""
    return _someone_elses_firm(res) and _words_not_a_name(res)


def _no_noun_here(meaning: WordSense) -> bool:
    """A word after a phrase that is a particle, a time or a function word ("back", "today")."""
    return meaning.function or meaning.calendar or meaning.word in _PARTICLES_AND_TIMES


#: Words after a phrase that end it rather than name what it modifies: "my high gear back".
_PARTICLES_AND_TIMES: Final = frozenset(
    "back up down out off in over again now today tonight tomorrow yesterday later too".split()
)


def _words_not_a_name(res: Resolved) -> bool:
    """Dictionary words, however rare ("fresh start", "last orders"), said as words.

    Not capitalised as a name is ("my Comfort Zone membership"), nor before a noun they
    modify, as a firm's name does ("our busy bee cleaner": the one from Busy Bee).
    """
    span = res.cand.span
    if span is not None:
        said = span.tokens[span.first : span.last + 1]
        if any(tok.capitalised and not tok.sentence_start for tok in said):
            return False
        after = span.tokens[span.last + 1] if span.last + 1 < len(span.tokens) else None
        meaning = sense(after.norm) if after is not None and after.glued else None
        if meaning is not None and meaning.noun and not _no_noun_here(meaning):
            return False
    words = [word for word in res.cand.norm.split() if not sense(word).function]
    return bool(res.cand.ambiguity) or (bool(words) and all(sense(w).lexical for w in words))


#: A summary that makes its firm the user's: "Our shop", "The user's studio", "Run by the
#: user" (not "Cafe where the user meets friends").
_FIRM_OF_THE_USER: Final = re.compile(
    r"^\W*(?:our|my)\b|\buser['’]s\b|\b(?:run|owned|founded|started)\s+by\s+the\s+user\b",
    re.IGNORECASE,
)


def _title_evidence(res: Resolved, signals: set[str]) -> list[str]:
    """What makes a phrase of several everyday words a page's title."""
    found: list[str] = []
    if LOCATIVE in signals and _is_place(res):
        found.append(LOCATIVE)  # "a shift at the foundry", of a place titled "The Foundry"
    if SPEAKERS_OWN in signals and not res.page.is_person and not _words_of_the_speaker(res):
        found.append(SPEAKERS_OWN)  # "our house rules": their own practice's page
    if HEADING in signals and not res.page.is_person:
        found.append(HEADING)  # "Wool fair: stalls are booked": what the note is about
    if _is_place(res) and _abbreviated(res):
        found.append(ABBREVIATED)  # "the van on quarry rd": written as an address is
    if BARE_COUNT_PHRASE in signals and not res.page.is_person and res.arm not in SHORT_NAME_ARMS:
        # "to thursday clinic": a count noun needs its article; a short name of everyday
        # words is just as bare as the phrase ("Golden Eagle spotted near the loch")
        found.append(BARE_COUNT_PHRASE)
    # "the copper desk": the one both sides know of; "the foundry" is any foundry, unless
    # the page's aliases say that is what its people call it ("the revue")
    one_word = res.cand.tokens == 2 and res.cand.norm.startswith("the ")
    if DEFINITE_PHRASE in signals and _known_by_the(res) and (res.arm == "alias" or not one_word):
        found.append(DEFINITE_PHRASE)
    if _codenamed(res):
        found.append(CODENAMED)  # "is project lumen slipping?": no everyday phrase
    if _a_plans_name(res, signals):
        found.append(PLANS_NAME)  # "star night is on": a plan's own name, bare
    if _called_a_thing(res):
        found.append(CALLED_A_THING)  # "the whole star night thing": a name for a thing
    if not res.page.is_person and (said := _said_as_a_work_or_a_brand(res)):
        found.append(said)  # "stray dogs episode 5", "two pints of slack tide"
    return found


#: Evidence that a phrase is a work's or a product's name, by the words beside it.
SAID_AS_A_SERIES: Final = "a series' part after it ('episode 5', 'season two')"
SAID_AS_MEASURED: Final = "a measure of it before it ('a can of', 'two pints of')"
SAID_WITH_ITS_TRADE: Final = "a kind of business after it ('... design are brilliant')"


def _said_as_a_work_or_a_brand(res: Resolved) -> str:
    """What the words beside a phrase say it is the name of, else "".

    An everyday phrase is no series with episodes ("barn owls season two"), no drink poured
    by the pint ("two pints of slack tide"), and takes no trade after it ("red kite design
    are brilliant"): said so, it is the page's name.
    """
    span = res.cand.span
    if span is None:
        return ""
    tokens = span.tokens
    # its type or its slug's folder: a beer filed as a project is still under products/
    kinds = _kinds_of(res)
    after = tokens[span.last + 1] if span.last + 1 < len(tokens) else None
    if after is not None and after.glued:
        if kinds & _SERIES_KINDS and _a_series_part(tokens, after):
            return SAID_AS_A_SERIES
        if _organisation(res) and after.norm in ORG_WORDS:
            if res.cand.norm.split()[-1] not in ORG_WORDS:
                return SAID_WITH_ITS_TRADE
    of = tokens[span.first - 1] if span.first >= 1 and tokens[span.first].glued else None
    if not kinds & _PRODUCT_KINDS or of is None or of.norm != "of" or span.first < 2:
        return ""
    measure = tokens[span.first - 2]
    return SAID_AS_MEASURED if of.glued and measure.norm in _MEASURES else ""


def _sold_by_the_measure(res: Resolved) -> bool:
    """A product, a drink or a food: what a measure of it is of is its name."""
    return bool(_kinds_of(res) & _PRODUCT_KINDS)


def _kinds_of(res: Resolved) -> set[str]:
    """The page's type and its slug's folder, singular: what kind of thing it is filed as."""
    return {_page_kind(res), res.slug.split("/", 1)[0].rstrip("s").casefold()}


def _a_series_part(tokens: Sequence[Token], after: Token) -> bool:
    """A series' part by its number or its name: "episode 5", "season two", "s2", "finale".

    A season or a series without its number is any ("open day season").
    """
    if after.norm in _SERIES_ENDS or _SERIES_NUMBER.fullmatch(after.norm):
        return True
    if after.norm not in _SERIES_PARTS or after.index + 1 >= len(tokens):
        return False
    number = tokens[after.index + 1]
    return number.glued and (number.norm.isdigit() or number.norm in _NUMBER_WORDS)


#: Kinds of page with episodes and seasons (a page's type or its slug's directory).
_SERIES_KINDS: Final = frozenset("show series podcast programme program media tv film book".split())
#: Kinds of page measured out by the pint or the can.
_PRODUCT_KINDS: Final = frozenset("product drink beer ale cider wine spirit food produce".split())
#: Parts of a series counted by a number after them: "episode 5", "season two".
_SERIES_PARTS: Final = frozenset("episode season series ep".split())
#: Parts of a series that say it alone: "stray dogs finale".
_SERIES_ENDS: Final = frozenset({"finale"})
#: Numbers in words after a series' part: "season two", "series three".
_NUMBER_WORDS: Final = frozenset(
    "one two three four five six seven eight nine ten first second third fourth fifth".split()
)
#: A season or an episode by number: "s2", "ep4", "s01e03".
_SERIES_NUMBER: Final = re.compile(r"(?:s\d+(?:e\d+)?|ep\d+|e\d+)")
#: What a drink or a product is measured out by: "a can of", "two pints of".
_MEASURES: Final = frozenset(
    """
    pint pints can cans bottle bottles glass glasses keg kegs barrel barrels cask casks
    crate crates tin tins half jug
    """.split()
)


#: What food comes in, by the measure: "a bag of", "a packet of", "a slice of".
_PACKED: Final = frozenset(
    """
    bag bags packet packets pack packs box boxes jar jars tub tubs slice slices bowl bowls
    plate plates mug mugs dram drams carton cartons
    """.split()
)


#: What a phrase between "the" and "thing" or "scheme" is evidence of.
CALLED_A_THING: Final = "a plan's whole name, framed as 'the ... thing'"


def _called_a_thing(res: Resolved) -> bool:
    """A plan's whole name of two words or more between "the" and "thing", "scheme" or the like.

    "the whole home by noon thing is a joke", "this quiet hours scheme": an everyday phrase
    framed so is being used as the name of something both sides know.
    """
    span = res.cand.span
    if span is None or res.page.is_person or res.cand.tokens < 2 or not _plan_like(res):
        return False
    after = span.tokens[span.last + 1] if span.last + 1 < len(span.tokens) else None
    if after is None or after.norm not in _A_THING_OF:
        return False
    index = span.first - 1
    while index >= 0 and span.tokens[index].norm in _THING_ADJECTIVES:
        index -= 1
    return index >= 0 and span.tokens[index].norm in _THING_DETERMINERS


def _plan_like(res: Resolved) -> bool:
    kind = (res.page.page_type or "").casefold()
    return kind in ("project", "event", "concept") or res.slug.split("/", 1)[0] in (
        "projects",
        "events",
        "concepts",
    )


#: Nouns a name is framed with: "the ... thing", "the ... scheme", "the ... course".
_A_THING_OF: Final = frozenset(
    "thing scheme initiative policy rule course intake session sessions programme program "
    "campaign appeal".split()
)
#: Words between "the" and such a name: "the whole ... thing", "the next ... intake".
_THING_ADJECTIVES: Final = frozenset("whole new old entire next last first".split())
#: Words that make such a frame the one both sides know: "the", "this", "his", "our".
_THING_DETERMINERS: Final = frozenset("the this that his her their our your my".split())


#: What a plan's whole name standing bare is evidence of.
PLANS_NAME: Final = "a plan's whole name, standing as a name"


def _a_plans_name(res: Resolved, signals: set[str]) -> bool:
    """A project's or an event's whole title or alias of two words or more, as a name stands.

    "good news, star night is on", "for open day we need the big banner": whoever runs one
    open day calls it that, and no article is needed before a name. Not one of many ("a
    star night in wales", "any book club picks"), not before a noun it only modifies ("a
    star night theme"), not placed somewhere else ("open day at the college down the
    road"), no set phrase after a preposition ("launch at high tide"), and not opening its
    sentence, where everyday words are a title on evidence only.
    """
    if not _a_plan(res) or res.arm not in _WHOLE_NAME_ARMS:
        return False
    span = res.cand.span
    words = [word for word in res.cand.norm.split() if not sense(word).function]
    if span is None or len(words) < 2 or words[0] in CODENAME_MARKERS:
        return False  # "the q3 project plan": what any project has (see _codenamed)
    tokens = span.tokens
    if tokens[span.first].sentence_start:
        return False  # its capital or its place says nothing: a title there is on evidence
    if tokens[span.first].norm == "the":
        return False  # "the big day": a description, which the conversation must settle
    ahead = _phrase_before(tokens, span.first)
    if any(tok.norm in _ONE_OF_MANY or _someones(tok) for tok in ahead):
        return False  # "a star night in wales", "my niece's open day"
    if ahead and _qualified(ahead, tokens, span.last):
        return False  # "normal quiet time", "proper open day": a kind of thing described
    head = sense(tokens[span.last].norm)
    described = sense(tokens[span.first].norm)
    set_phrase = not head.count_noun and described.adjective  # "high tide", not "star night"
    if ahead and ahead[-1].norm in _SET_PHRASE_PREPOSITIONS and set_phrase:
        return False  # "launch at high tide", "on short notice": a set phrase
    if ahead and ahead[-1].norm in _TOWARDS and set_phrase and not _for_a_plan(tokens, ahead[-1]):
        return False  # "wading the sheep to dry land": where something goes
    after = tokens[span.last + 1] if span.last + 1 < len(tokens) else None
    if after is None or not after.glued:
        return True
    if after.norm in _PLACED_ELSEWHERE or (not ahead and _said_of_any(tokens, after)):
        return False
    meaning = sense(after.norm)
    if meaning.function or not meaning.noun:
        return True
    # a noun after it is what it modifies ("open day season"), unless it is a verb's form
    # that agrees with it ("book club meets on ..."); a base form cannot ("open day fatigue")
    agrees = bool({"VBZ", "VBD"} & inflections(after.norm))
    return agrees and a_verb_after_it(tokens, after)


#: Kinds of page a whole name of everyday words may stand for bare (see above).
_PLANS: Final = frozenset({"project", "event"})
_WHOLE_NAME_ARMS: Final = frozenset({"title", "alias", "title-part"})
#: Words before a phrase that make it one of many: "a star night", "any book club".
_ONE_OF_MANY: Final = frozenset("a an any some another every each no such".split())


def _qualified(ahead: list[Token], tokens: list[Token], last: int) -> bool:
    """An adjective of quality before a name of everyday words: it describes one of a kind.

    A name takes no such adjective ("normal quiet time" is anyone's); one that picks an
    occurrence of the thing ("next star night", "the annual open day") still names it, as does
    one after an article or a possessive, which ranks the user's own ("the best star night
    ever", "our usual open day"), and one said of somebody, before the clause the name opens,
    is no part of it ("so glad open day went well").
    """
    tok = ahead[-1]
    if len(ahead) > 1 and ahead[-2].norm in _DEGREE | {"too", "super"}:
        return False  # "so glad ...": said of the speaker
    if len(ahead) > 1 and (ahead[-2].norm in DETERMINERS or ahead[-2].possessive):
        return False  # "the best game night ever", "our usual open day": one of the user's own
    nxt = last + 1
    if nxt < len(tokens) and tokens[nxt].glued and {"VBZ", "VBD"} & inflections(tokens[nxt].norm):
        return False  # "... open day went well": the name opens a clause of its own
    meaning = sense(tok.norm)
    return (
        meaning.adjective
        and not meaning.count_noun
        and not meaning.function
        and not tok.possessive
        and tok.norm not in _OCCURRENCE
    )


#: Adjectives that pick one occurrence of a recurring thing rather than describe it.
_OCCURRENCE: Final = frozenset(
    """
    next last first final upcoming coming previous annual weekly monthly yearly nightly
    daily second third fourth fifth
    """.split()
)


def _someones(tok: Token) -> bool:
    """A possessive of someone or something ("my niece's"), no contraction ("it's")."""
    return tok.possessive and not sense(tok.norm).function


def _phrase_before(tokens: list[Token], first: int) -> list[Token]:
    """Up to two words right before ``tokens[first]`` in its phrase (no comma or stop between)."""
    ahead: list[Token] = []
    at = first
    while at > 0 and tokens[at].glued and len(ahead) < _AHEAD:
        at -= 1
        ahead.insert(0, tokens[at])
    return ahead


#: How far back a determiner may make a phrase one of many ("a lovely star night").
_AHEAD: Final = 2


def _said_of_any(tokens: list[Token], after: Token) -> bool:
    """A copula and a description after a phrase that opens its clause: any such thing.

    "attic conversion is a big job", "open day is hard work": said of any; "star night is
    on", "open day is cancelled" say how the one the user runs stands.
    """
    if after.norm not in _GENERIC_COPULAS:
        return False
    nxt = tokens[after.index + 1] if after.index + 1 < len(tokens) else None
    if nxt is None or not nxt.glued:
        return False
    if nxt.norm in DETERMINERS or nxt.norm in _DEGREE:
        return True  # "is a big job", "is so much work"
    meaning = sense(nxt.norm)
    participle = bool({"VBN", "VBG"} & inflections(nxt.norm))
    # "is back on", "is over": how it stands, not what it is
    state = "ADV" in meaning.readings
    return "ADJ" in meaning.readings and not (participle or state or meaning.function)


#: A copula after a phrase that opens its clause (see :func:`_said_of_any`).
_GENERIC_COPULAS: Final = frozenset("is are was were".split())
#: Words of degree before a description: "is so much work", "is really hard".
_DEGREE: Final = frozenset("so such really very quite pretty always never usually".split())
#: Prepositions before a set phrase whose noun has a mass use: "at high tide".
_SET_PHRASE_PREPOSITIONS: Final = frozenset("at on in by".split())
#: Prepositions of where something goes: "wading the sheep to dry land".
_TOWARDS: Final = frozenset("to into onto towards".split())
#: Verbs of what is done for a plan, whose "to" names it: "add the quote to dry land".
_DONE_FOR_A_PLAN: Final = frozenset(
    """
    add save donate contribute commit devote dedicate pledge allocate pay raise invite
    welcome sign
    """.split()
)
#: Nouns right before "to" that make what follows a topic: "with regard to".
_TOPIC_BEFORE_TO: Final = frozenset("regard respect relation reference".split())
#: Words back from the preposition within which what it is done for is looked for.
_PLAN_REACH: Final = 6


def _for_a_plan(tokens: Sequence[Token], preposition: Token) -> bool:
    """A plan's name after "to", "into", "onto" or "towards": what is done for it, or its topic.

    "let's add the quote to dry land", "I've saved 5k towards dry land", "with regard to
    dry land", "back to dry land: ..." opening its clause. Otherwise a set phrase there says
    where things go ("wading the sheep to dry land", "the seal swam back to open water",
    "moths fly towards bright lights").
    """
    if not preposition.glued:
        return False
    before = tokens[preposition.index - 1]
    if preposition.norm == "to":
        if before.norm in _TOPIC_BEFORE_TO:
            return True
        if before.norm == "back" and (before.sentence_start or not before.glued):
            return True
    for tok in reversed(tokens[max(0, preposition.index - _PLAN_REACH) : preposition.index]):
        if sense(tok.norm).verb_lemmas & _DONE_FOR_A_PLAN or _a_sum(tokens, tok):
            return True
        if not tok.glued or tok.sentence_start:
            return False
    return False


def _a_sum(tokens: Sequence[Token], tok: Token) -> bool:
    """A sum given, no count of something: "another 500 into", "5k towards" (not "3 miles")."""
    if not any(char.isdigit() for char in tok.norm):
        return False
    after = tokens[tok.index + 1] if tok.index + 1 < len(tokens) else None
    return after is None or not after.glued or not sense(after.norm).noun


#: Prepositions after it that place it elsewhere: "open day at the college".
_PLACED_ELSEWHERE: Final = frozenset("at in near on by from of".split())


def _codenamed(res: Resolved) -> bool:
    """The page's whole title or alias is "project" or "operation" and one word after it.

    A word after "project" so is a codename ("project lumen", "operation tern"): no
    everyday phrase puts a bare noun there ("project plan" is a plan, and no page's name).
    """
    words = res.cand.norm.split()
    if len(words) != _CODENAME_WORDS or words[0] not in CODENAME_MARKERS:
        return False
    # "project plan", "project team": a thing of any project, however a page is titled
    return (
        res.arm in ("title", "alias")
        and not res.page.is_person
        and not sense(words[1]).function
        and words[1] not in _WHAT_ANY_PROJECT_HAS
    )


#: Words that put a codename after them ("project lumen", "operation tern").
_CODENAME_WORDS: Final = 2
#: What every project has, named after "project" as a compound ("project plan").
_WHAT_ANY_PROJECT_HAS: Final = frozenset(
    """
    plan plans team teams manager managers management budget budgets timeline timelines update
    updates lead leads scope board meeting meetings review reviews status schedule deadline
    deadlines goal goals file files folder brief report reports proposal charter sponsor owner
    phase phases work space page doc docs notes kickoff roadmap risk risks tracker task tasks
    officer coordinator funding cost costs name list code overview summary requirements
    """.split()
)
#: What a codename after its marker is evidence of.
CODENAMED: Final = "a codename after 'project' or 'operation'"


def _abbreviated(res: Resolved) -> bool:
    """The phrase abbreviates its place's noun ("quarry rd", "drover mkt"), as addresses do."""
    span = res.cand.span
    if span is None:
        return False
    words = span.tokens[span.first : span.last + 1]
    return any(token.raw.lower() in PLACE_ABBREVIATIONS for token in words)


def _organisation_evidence(res: Resolved, signals: set[str]) -> list[str]:
    """What makes an everyday word an organisation's name."""
    found: list[str] = []
    if EMPLOYER in signals and not res.cand.place:
        found.append(EMPLOYER)  # "zubeida from shale": where a person works
    if SUPPLIER in signals and not res.cand.place:
        found.append(SUPPLIER)  # "hiring from sterling again": the business it is done with
    if DOMAIN in signals:
        found.append(DOMAIN)
    if PERSON_VERB in signals and not res.page.is_person:
        found.append(PERSON_VERB)  # "we told harvest", "Harvest said": people and firms
    if AFTER_ITS_KIND in signals:
        found.append(AFTER_ITS_KIND)  # "the band Ravelock"
    if _trade_name(res, signals):
        found.append(TRADE_NAME)  # "anchor hire dropped it off": the firm's whole name
    return found


def _trade_name(res: Resolved, signals: set[str]) -> bool:
    """The firm's whole title, ending in its trade, with no determiner ("anchor hire").

    "an anchor hire" or "the party hire" would be any such business; bare, the phrase is
    the one firm's name.
    """
    words = res.cand.norm.split()
    return (
        res.arm in ("title", "slug-suffix")
        and len(words) > 1
        and words[-1] in _TRADES
        and not signals & {AFTER_DETERMINER, DETERMINED_PHRASE}
    )


#: Endings of a firm's name that usually name one business rather than a field ("green
#: energy", "home care" and "soft drinks" are everyday phrases; "car hire" can be too, and
#: is a firm only when a page has that whole title).
_TRADES: Final = frozenset(
    """
    hire builders motors bakery joinery joiners removals plumbing roofing glazing
    scaffolding florists butchers grocers deli brewery distillery winery vets pharmacy
    opticians solicitors surveyors accountants architects lettings couriers carriers cycles
    coaches taxis garage printers roasters ltd inc llc plc gmbh corp
    """.split()
)


def _known_by_the(res: Resolved) -> bool:
    """A concept, project, place or event named by "the" and its title; a firm by its "The".

    People and firms take no article ("the green door swelled" is a door, whatever firm is
    called Green Door), unless "The" is part of the name ("the old mill"); a product
    or a tool named by an everyday phrase ("Final Draft") is that phrase's thing as often,
    unless its page calls it by "the" and the noun its summary says it is ("the app").
    """
    if _organisation(res):
        return res.cand.norm.startswith("the ")
    if res.arm == "alias" and not res.page.is_person and _its_own_kind(res):
        return True  # "the app" of a repairs app: what its page says it is, as it calls it
    return _page_kind(res) in _KNOWN_BY_THE


def _its_own_kind(res: Resolved) -> bool:
    """An alias "the <noun>" whose noun heads the phrase the page's summary opens with.

    "the app" of a page summed up as "The landlord's repairs app." is what its user calls
    it, as a bakery is "the bakery"; "the curlew" of "Fishing boat, named after the curlew"
    is the bird as often.
    """
    words = res.cand.norm.split()
    if len(words) != 2 or words[0] != "the":
        return False
    return words[1] == _summary_head(res.page.summary or "")


def _summary_head(summary: str) -> str:
    """The last word of the noun phrase a summary opens with, its owner's left out, or ""."""
    phrase: list[str] = []
    for word in re.findall(r"[\w'’-]+|[^\w\s]", summary):
        folded = fold(word)
        if not folded[0].isalnum():
            break
        if not phrase and (folded in DETERMINERS or folded.endswith(("'s", "’s"))):
            continue  # "The landlord's repairs app": the app is the landlord's
        meaning = sense(folded)
        if meaning.function or (phrase and meaning.readings and not meaning.noun):
            break  # "Cordless clipper bought from ...": the phrase ends at its verb
        phrase.append(folded)
    return phrase[-1] if phrase else ""


#: Kinds of page a definite description names by its title.
_KNOWN_BY_THE: Final = frozenset({"concept", "project", "place", "event"})


def _of_kind(res: Resolved, noun: str) -> bool:
    """The page is the kind of thing ``noun`` names ("the juniper project": a project)."""
    if noun == "project":
        kind = (res.page.page_type or "").casefold()
        return kind == "project" or res.slug.startswith("projects/")
    if noun == "fund":
        return res.slug.startswith("funds/") or (res.page.page_type or "") == "fund"
    return _organisation(res)


def _organisation(res: Resolved) -> bool:
    """A company, fund or other organisation: told things and saying things as people do."""
    return is_organisation(res.page.page_type, res.slug)


def _possessor(res: Resolved, signals: set[str]) -> bool:
    """A possessive that marks a person or an organisation, not a compound noun.

    "Tamsin's notes" names someone, but a common noun or a place takes the possessive too
    ("a cowherd's hut", "Lagos's markets", "Friday's figures"): for those only what a person
    owns ("X's opinion", "X's voicemail") counts.
    """
    if PERSONAL_POSSESSION in signals:
        return True
    if AFTER_DETERMINER in signals or res.cand.calendar:
        return False
    word = sense(res.cand.norm)
    if MID_CAPITAL in signals or not (word.noun or word.place):
        return True
    if BARE_POSSESSOR in signals and not word.place:
        return True  # "brook's patch": a noun owns things only with its own article
    # Possessive compounds are built on nouns for kinds of people ("a cowherd's hut", "a
    # novice's error"); an organisation's possessive is its own ("Cobalt's figures").
    return not res.page.is_person and not word.place


def ordinary_reading(res: Resolved) -> list[str]:
    """Grammar that reads the one-word mention as an ordinary word (:mod:`._syntax`)."""
    signals = res.cand.signals
    found: list[str] = [signal for signal in ORDINARY_READINGS if signal in signals]
    if res.page.is_person:
        found += [signal for signal in NOT_A_PERSON if signal in signals]
    return found


#: Readings a project's or an organisation's name takes too ("the trellis backlog").
MODIFIER_READINGS: Final = frozenset({BEFORE_NOUN, MODIFIER})


def modifies_a_noun(res: Resolved, readings: Sequence[str]) -> bool:
    """The only ordinary reading is a modifier's, and the page is no person's.

    "a trellis fence" and "the trellis backlog" read alike; what tells them apart is a page
    related to this one named in the same turn on its own strength ("the trellis backlog,
    odile flagged it", and the page says Odile owns Trellis), or the sentence speaking of
    what the page is about:
    :meth:`Conversation.decide` accepts such a word on that co-mention only.
    """
    return not res.page.is_person and bool(readings) and set(readings) <= MODIFIER_READINGS


def ordinary_declined(res: Resolved, readings: Sequence[str]) -> Resolved:
    """The resolution, declined because the grammar reads the word as an ordinary one."""
    decision = f"declined: {res.cand.ambiguity} read as an ordinary word: {', '.join(readings)}"
    return replace(res, confidence=0.0, signals=tuple(readings), decision=decision)


def _someones_own_place(res: Resolved) -> str | None:
    """A place's name that is a word, typed in lowercase after "my" or "their": the word's.

    A place is nobody's by a possessive ("pruning my larches", "their orchard" of the
    Orchard): one says "the Larches" or "at the Orchard". A name no dictionary has, or one
    capitalised, is the place still ("i miss my Wrenfold"), and so is a place the page says is
    the user's ("our Brackenholt", of the family's holiday house), or one before a noun it
    modifies ("my larches clients").
    """
    span = res.cand.span
    if span is None or span.first == 0 or not span.tokens[span.first].glued:
        return None
    if LOWERCASE not in res.cand.signals or not sense(res.cand.norm).lexical:
        return None
    if span.tokens[span.first - 1].norm not in POSSESSIVE_DETERMINERS:
        return None
    if _USERS.search(res.page.summary or "") is not None:
        return None
    after = span.tokens[span.last + 1] if span.last + 1 < len(span.tokens) else None
    if span.tokens[span.last].possessive or (
        after is not None and after.glued and _modifies_what_follows(res)
    ):
        return None
    return f"declined: {res.cand.raw!r} follows a possessive, as no place's name does"


def _is_place(res: Resolved) -> bool:
    return res.page.page_type == "place" or res.slug.startswith("places/")


def _someone_else(res: Resolved, signals: set[str]) -> str | None:
    """Why a person's name here is somebody else's: another generation, a famous author."""
    if other := _another_generation(res):
        return other
    if given := _another_given_name(res):
        return f"declined: {res.cand.raw!r} follows the given name {given!r}: another person's name"
    if _a_saint(res):
        return f"declined: {res.cand.raw!r} follows 'St', a saint's name (a church, a day)"
    if _introduced_by_name(res):
        return f"declined: {res.cand.raw!r} is the name of someone the user introduces"
    if _indefinite(res):
        return f"declined: {res.cand.raw!r} follows 'some', 'another' or 'any': no one known"
    if kin := _the_speakers_other_relative(res):
        return f"declined: {res.cand.raw!r} is the user's {kin}, which the page does not say it is"
    if _the_neighbour(res):
        return f"declined: {res.cand.raw!r} is the user's neighbour, which the page does not say"
    if where := _from_elsewhere(res, AFFILIATION in signals):
        return f"declined: {res.cand.raw!r} is from or at {where!r}, which its page does not say"
    if AUTHOR_OF_WORKS in signals:  # "Noor's new album": the singer
        return f"declined: {res.cand.raw!r} is {AUTHOR_OF_WORKS}, a namesake the user reads of"
    if HEARD_OF in signals:  # "a film with mary quell in it"
        return f"declined: {res.cand.raw!r} is {HEARD_OF}, a namesake"
    for signal in signals:
        if _given_initial_agrees(res, signal) is False:  # "D Quell" of Callum Quell
            return f"declined: {res.cand.raw!r} follows {signal}, which none of its names has"
    return None


def _the_neighbour(res: Resolved) -> bool:
    """A given name and "next door" or "across the road": the user's neighbour of that name.

    "doreen next door's been watering our tomatoes" is the neighbour, no colleague called
    Doreen, unless the page says she is one ("Lives two doors down.") or family (as for a
    relative, :func:`_the_speakers_other_relative`), or says nothing at all.
    """
    span = res.cand.span
    if span is None or not res.page.is_person or res.cand.tokens != 1:
        return False
    after = span.tokens[span.last + 1 : span.last + 4]
    words = [tok.norm for tok in after if tok.glued]
    if words[:2] not in (["next", "door"], ["across", "the"]) or span.tokens[span.last].possessive:
        return False
    if words[:3] == ["next", "door", "to"]:
        return False  # "doreen next door to the office": where she is
    if words[:2] == ["across", "the"] and words[2:3] not in (["road"], ["street"], ["way"]):
        return False
    more = span.tokens[span.last + 4] if span.last + 4 < len(span.tokens) else None
    if words[:2] == ["across", "the"] and more is not None and more.glued and more.norm == "from":
        return False  # "doreen across the street from the office": where she is
    summary = fold(res.page.summary)
    if not summary.strip() or _A_NEIGHBOUR.search(summary) is not None:
        return False  # a page that says nothing may be the neighbour, and one that says so is
    return not set(re.findall(r"[a-z]+", summary)) & _KIN


#: What a page says of a neighbour: "Neighbour", "lives two doors down", "opposite".
_A_NEIGHBOUR: Final = re.compile(
    r"\b(?:neighbou?rs?|next door|doors? (?:down|up|along)|opposite|over the road|"
    r"across the (?:road|street|way))\b",
    re.IGNORECASE,
)


def _from_elsewhere(res: Resolved, affiliated: bool) -> str:
    """Where a name is said to be from, when the page says nothing of it, else "".

    "wayne from the garage says the clutch is going" of a Wayne whose page is a groom's is
    another Wayne: a person is placed by where they work or belong, and the page of the one
    the user knows would say so ("Mechanic at Carrow Garage"). The name is the subject its
    sentence opens with: after a verb, "from" is the verb's ("texted wayne from the
    airport"). "from" places them; "at" only before a body of people (``affiliated``: "at
    the rowing club"), since "at the wedding" is where they were. Only a common name counts,
    by its frequency in English text (a proxy for one borne by many, of whom the user may
    know two: "tamsk from the depot" is the Tamsk the user knows). Only a place named by its
    words counts ("from the bike place"); a capitalised name is another page's to settle,
    and where people meet ("from work") places anyone.
    """
    span = res.cand.span
    if span is None or span.last + 2 >= len(span.tokens) or span.tokens[span.last].possessive:
        return ""
    if not res.page.summary.strip():
        return ""  # a page that says nothing of its person places them nowhere
    if zipf(res.cand.norm) < _COMMON_NAME_ZIPF:
        return ""  # a rare name is the one the user knows, wherever they are from
    link = span.tokens[span.last + 1]
    if not link.glued or not (link.norm == "from" or (link.norm == "at" and affiliated)):
        return ""
    if not opens_its_sentence(span.tokens, span.first):
        return ""  # "texted wayne from the airport", "for oswy and rinsey from the sheet"
    following = span.tokens[span.last + 2 : span.last + 2 + _PLACE_WORDS + 1]
    if following and following[0].norm == "the":
        following = following[1:]
    words: list[str] = []
    for tok in following:
        if not tok.glued or tok.capitalised or not sense(tok.norm).noun:
            break
        words.append(tok.norm)
    said = [word for word in words if word not in _ANYWHERE]
    if not said:
        return ""
    known = {
        form
        for word in _WORD.findall(fold(f"{res.page.title} {res.page.summary}").casefold())
        for form in lemmas(word)
    }
    if any(known & lemmas(word) for word in said):
        return ""
    return " ".join(words)


#: A name this frequent in English text is borne by many: the user may know two of them.
_COMMON_NAME_ZIPF: Final = 3.5
#: The most words naming where someone is from ("the rowing club bar").
_PLACE_WORDS: Final = 3
#: Where anyone may be from, and words for a place that say nothing of which.
_ANYWHERE: Final = frozenset(
    "work school uni college church gym nursery place shop office team lot people number"
    " flat house".split()
)


def _another_given_name(res: Resolved) -> str:
    """A given name the page lacks right before its family name, else "".

    "a poem by tomas quellby" is no Ines Quellby, nor "john vantor" Orla Vantor:
    many bear the word as a given name (:func:`a_given_name`), and it is none of the
    title's given names in any form (:func:`one_persons_names`: "liz quarrie" may be
    Elizabeth Quarrie). A given name of the other sex is someone else's whatever the table
    says. An everyday word ("sunny quellby") may be the page's nickname for anyone.
    """
    span = res.cand.span
    title = normalise(res.page.title).split()
    if span is None or span.first < 1 or len(title) < 2 or res.cand.norm != title[-1]:
        return ""
    given = span.tokens[span.first - 1]
    if not span.tokens[span.first].glued or not a_given_name(given.norm):
        return ""
    word = sense(given.norm)
    if word.lowercase_ordinary or word.function:
        return ""
    names = [fold(name) for name in strip_titles(title[:-1])]
    if fold(given.norm) in {keyboard_spelling(name) for name in names} | set(names):
        return ""  # "dinh quyen" of Đinh Thị Quyên: the title's own first and last words
    said = name_pronoun(f"{given.norm} {title[-1]}")
    own = name_pronoun(res.page.title)
    if said and own and said != own:
        return given.norm
    return "" if any(one_persons_names(fold(given.norm), name) for name in names) else given.norm


def _the_speakers_other_relative(res: Resolved) -> str:
    """The relation word of "my cousin rose" when the page says nothing of being the user's.

    A given name right after the speaker's family or friend word names that relative or
    friend ("my cousin mabel is flying in", "our nephew Ben", "my friend wren from
    college"), someone a page about a colleague (Mabel Quist, "Head groom.") is not. A page
    whose summary speaks of the user or of any family or friendship ("Married to the user",
    "Wife. Teaches maths") may be them.
    """
    kin = _the_speakers_relative(res)
    if not kin or not res.page.is_person:
        return ""
    said = set(re.findall(r"[a-z]+", fold(res.page.summary)))
    return "" if said & _RELATED else kin


def _acts_after_where(res: Resolved) -> bool:
    """A person's verb right after "from"/"at" and where: "dulcie from the parish office phoned"."""
    span = res.cand.span
    if span is None:
        return False
    after = span.tokens[span.last + 1 : span.last + 1 + _WHERE_WORDS]
    verbs = [tok for tok in after if tok.norm in PERSON_VERBS_AFTER or tok.norm in _CAME]
    return bool(verbs) and all(tok.glued for tok in after[: after.index(verbs[0]) + 1])


#: How many words "from the parish council" and the verb after it may take.
_WHERE_WORDS: Final = 6
#: Visits only someone makes: "Kasia from the bank came round".
_CAME: Final = frozenset("came rang phoned popped dropped".split())


def _gone_to(res: Resolved) -> bool:
    """A "to" after a word of travel: a destination ("going to mortise tomorrow"), no verb."""
    span = res.cand.span
    if span is None or span.first < 2 or span.tokens[span.first - 1].norm != "to":
        return False
    return span.tokens[span.first - 2].norm in MOTION_WORDS


def _a_councils_town(res: Resolved) -> bool:
    """The town or county a council is named for, after "in": "my aunt lives out in wrenfold".

    A council's, a county's or a parish's short name is the place it governs; where one
    lives, works or goes is the place, not the body.
    """
    span = res.cand.span
    if res.arm not in SHORT_NAME_ARMS or span is None or span.first < 1:
        return False
    if not _CIVIC.intersection(normalise(res.page.title).split()):
        return False
    return span.tokens[span.first - 1].norm in LOCATIVE_PREPOSITIONS


#: Words of a body named after the place it governs: "Wrenfold Borough Council".
_CIVIC: Final = frozenset("council borough county district parish municipality".split())


def _the_speakers_relative(res: Resolved) -> str:
    """The family or friend word of a one-word mention, after "my" or "our", else "".

    Right before it ("my cousin rose"), or named so by "called" ("my aunt's called Hester").
    """
    span = res.cand.span
    if span is None or span.first < 2 or res.cand.tokens != 1:
        return ""
    if not span.tokens[span.first].glued:
        return ""
    kin = span.tokens[span.first - 1]
    if kin.norm in _NAMING and kin.glued and not _a_call(span.tokens, span.last):
        kin = _named_one(span.tokens, kin) or kin  # "my mum's called winnie twice": a call
    if kin.index < 1 or kin.norm not in _KIN:
        return ""
    whose = span.tokens[kin.index - 1]
    if kin.possessive and kin.index == span.first - 1:  # "my mum's rose": her rose bush
        return ""
    steps = 0
    while whose.index > 0 and kin.glued and steps < _KIN_WORDS_MAX and _of_the_kin(whose):
        whose = span.tokens[whose.index - 1]  # "my little brother aldous", "my late husband"
        steps += 1
    return kin.norm if whose.norm in _THE_SPEAKERS else ""


def _of_the_kin(word: Token) -> bool:
    """A word that says which relative, between "my" and the relative: "little", "late"."""
    return word.glued and (word.norm in _KIN_WORDS or sense(word.norm).adjective)


#: Words between "my" and a relative the lexicon may not call adjectives: "my baby brother",
#: "my ex husband".
_KIN_WORDS: Final = frozenset("baby kid twin half step ex adopted".split())
#: The most words between "my" and a relative: "my little baby brother".
_KIN_WORDS_MAX: Final = 3


def _named_one(tokens: list[Token], verb: Token) -> Token | None:
    """Whom "called" or "named" gives a name to, as the verb's subject: "my mum's called"."""
    subject = tokens[verb.index - 1] if verb.index > 0 else None
    if subject is not None and subject.norm in _COPULAS and subject.glued and subject.index > 0:
        return tokens[subject.index - 1]
    if subject is not None and subject.possessive and not subject.apostrophe_only:
        return subject  # "mum's called": "'s" is "is"
    return None


def _introduced_by_name(res: Resolved) -> bool:
    """A name given to someone introduced as anyone: "a bloke called ossian", "someone named Ros".

    Whoever must be introduced as "a guy", "someone" or "this woman" before their name is
    new to the listener, and so nobody memory holds, even when a page shares the name;
    unless the turn speaks of what the page says of them ("the council put a caseworker on
    our appeal, a woman called ros" of Ros, "Caseworker on the planning appeal"). "I called ossian"
    is a telephone call, and "that guy called ossian" one already known.
    """
    span = res.cand.span
    if span is None or span.first < 2 or not span.tokens[span.first].glued:
        return False
    verb = span.tokens[span.first - 1]
    if verb.norm not in _NAMING or not verb.glued or _a_call(span.tokens, span.last):
        return False
    if _says_what_the_page_says(res, span.tokens):
        return False
    subject = span.tokens[verb.index - 1]
    if subject.norm in _ANYONE:
        return True
    meaning = sense(subject.norm)
    if meaning.function or subject.possessive or not (meaning.noun or not meaning.known_word):
        return False
    if meaning.calendar or subject.norm in _TIMES_OF_DAY:
        return False  # "this morning called tobi": when
    before = span.tokens[subject.index - 1] if subject.index > 0 and subject.glued else None
    if before is not None and before.norm == "this":
        return True  # "this bloke called tobi": a story's someone
    return before is not None and one_of_many(span.tokens, subject)


def _a_call(tokens: list[Token], last: int) -> bool:
    """What a telephone call takes after whom it calls: "called tobi back", "about the order"."""
    after = tokens[last + 1] if last + 1 < len(tokens) else None
    return after is not None and after.glued and after.norm in _CALLED_ABOUT


#: Words after the one called that make "called" a telephone call: "called tobi back",
#: "called winnie twice today", "called him about the order".
_CALLED_ABOUT: Final = frozenset(
    "back about re regarding twice again earlier yesterday today tonight this last to for".split()
)
#: Parts of the day, which "this" makes a time: "this morning called tobi".
_TIMES_OF_DAY: Final = frozenset("morning afternoon evening night week weekend year".split())


def _says_what_the_page_says(res: Resolved, tokens: list[Token]) -> bool:
    """The text shares a content word of the page's summary, by its lemma ("appeal")."""
    names = frozenset(_words(res.page.title))
    said = _context_words(" ".join(tok.norm for tok in tokens), names)
    page = _context_words(res.page.summary, names)
    shared = set().union(*said.values()) & set().union(*page.values())
    return bool(shared - _PRONOUN_KEYS)


#: The keys :func:`_context_words` gives pronouns ("she/her"): no matter of a page.
_PRONOUN_KEYS: Final = frozenset(_PRONOUNS.values())


#: Verbs that give a name: "a bloke called ossian", "a woman named Ros".
_NAMING: Final = frozenset({"called", "named"})
#: Forms of "be" before a past participle: "my sister is called".
_COPULAS: Final = frozenset("is was".split())
#: Pronouns for a person not yet known: "someone called Ros".
_ANYONE: Final = frozenset("someone somebody".split())


#: Friends and neighbours, introduced by what they are to the speaker as relatives are.
_FRIENDS: Final = frozenset("friend mate pal bestie buddy neighbour neighbor".split())
#: Family words a relative is introduced by ("partner" is as often a business's).
_KIN: Final = (frozenset(FAMILY_WORDS) - {"partner"}) | _FRIENDS
#: Words of a summary that make its person someone's relative or friend, the user's perhaps.
_RELATED: Final = _KIN | frozenset(
    "user users partner spouse married friends mates neighbours neighbors family".split()
)
#: The speaker's own: "my", "our".
_THE_SPEAKERS: Final = frozenset({"my", "our"})


def _a_saint(res: Resolved) -> bool:
    """A name right after "St" or "Saint": "is st mungo's open for evensong", "st ninian's day".

    The saint's, and the church, town or day named after them; a person whose own title
    has the word ("St John Rivers") is named with it.
    """
    span = res.cand.span
    if span is None or span.first < 1:
        return False
    if not span.tokens[span.first].glued or span.tokens[span.first - 1].norm not in _SAINT:
        return False
    return not any(word in _SAINT for word in normalise(res.page.title).split())


#: "St" and "Saint" before a name.
_SAINT: Final = frozenset("st saint".split())


def _page_kind(res: Resolved) -> str:
    """The page's type, or its slug's directory in the singular ("projects" -> "project")."""
    return (res.page.page_type or res.slug.split("/", 1)[0].rstrip("s")).casefold()


def _a_plan(res: Resolved) -> bool:
    return _page_kind(res) in _PLANS


def _a_kind_as_modifier(res: Resolved) -> bool:
    """The kind reads as a modifier of the word after it, which takes no object itself.

    "the garage band next door", "the goat feeds arrived"; not "will the venue lend us a room"
    or "the caterer needs dietary requirements", where the word after is its verb, nor a
    plan's noun before what is said of it.
    """
    span = res.cand.span
    if span is None or not MODIFIER_READINGS & set(res.cand.signals):
        return False
    if _a_plan(res):
        return False  # "the scheme paperwork": what is said of a plan (a title's noun's too)
    verb = span.tokens[span.last + 1] if span.last + 1 < len(span.tokens) else None
    after = span.tokens[span.last + 2] if span.last + 2 < len(span.tokens) else None
    if after is not None and after.norm in OBJECT_OPENERS:
        return False  # "will the venue lend us a room"
    if verb is None or not inflections(verb.norm) & {"VBZ", "VBD"}:
        return True
    # "the caterer needs dietary requirements"; "the goat feeds arrived" is feeds arriving
    return after is not None and bool(inflections(after.norm) & {"VBZ", "VBD", "VBN"})


def _kind_veto(res: Resolved) -> str | None:
    """A kind said as where its page does not say it is, or as what it does not say it is.

    "the bakery": a noun after its article, as a kind is named; "the deli in Harrowby" only
    where its page says it is, and "the parking survey" only of a survey its summary calls
    so (a word of its title is a part of its name, read as such: "the big picture" of The
    Big Picture is the idiom's).
    """
    if res.arm == SUMMARY_KIND_ARM and _a_kind_as_modifier(res):
        # "the garage band": a title's noun is a name, a summary's only a whole noun phrase
        return f"declined: {res.cand.raw!r} modifies the noun after it"
    if res.arm == SUMMARY_KIND_ARM and res.page.is_person and not _someone_doing(res):
        # "going to the dentist on friday": anyone's; "the dentist rang": the one the user knows
        return f"declined: {res.cand.raw!r} is what the page's person does, and any such one here"
    if ARTICLE_DROPPED in res.cand.signals and f"the {_head_word(res.page.title)}" != res.cand.norm:
        # "moss was everywhere" is no "The moss wedding": only a title's head goes bare
        return f"declined: {res.cand.raw!r} without its article is no head of its title"
    if ARTICLE_DROPPED in res.cand.signals and _page_kind(res) in _OCCASIONS_BARE:
        # "lunch is ready", "walk was lovely": a meal or an outing goes bare anyway
        return f"declined: {res.cand.raw!r} goes without an article as any occasion does"
    about = fold(f"{res.page.title} {res.page.summary}")
    if placed_as_its_page_says(res.cand.signals, about) is False:
        return f"declined: {res.cand.raw!r} is placed where its page does not say it is"
    title = set(fold(res.page.title).split())
    summary = " ".join(w for w in fold(res.page.summary or "").split() if w not in title)
    if described_as_its_page_says(res.cand.signals, summary) is False:
        return f"declined: {res.cand.raw!r} is said to be what its page does not say it is"
    return None


def _someone_doing(res: Resolved) -> bool:
    """A role said with a person's deed or news: "the plumber rang", "the understudy's off sick"."""
    signals = set(res.cand.signals)
    return bool(signals & (_PERSON_EVIDENCE | {WHEREABOUTS, A_VISIT, HAS_PEOPLE_OR_AILMENT}))


#: Kinds of page whose head noun English says bare of any one of them ("lunch is ready").
_OCCASIONS_BARE: Final = frozenset({"event", "meeting", "occasion"})


def _head_word(title: str) -> str:
    """The last word of a title, folded: the noun it is headed by ("Rational Oven": oven)."""
    words = _WORD.findall(fold(unqualified(title)).casefold())
    return words[-1] if words else ""


def veto(res: Resolved) -> str | None:
    """Why a single-word mention is no name here whatever its form, or None (module docs)."""
    if res.arm == FAMILY_INITIAL_ARM:
        return _title_disagrees(res)
    if res.arm in _KIND_ARMS:
        return _kind_veto(res)
    if not res.page.is_person and (someone := _a_persons_here(res)):
        return someone
    signals = set(res.cand.signals)
    if EPONYM in signals:
        return f"declined: {res.cand.raw!r} is {EPONYM}"
    if other := _another_one(res, signals):
        return other
    if res.arm == "slug-suffix" and LOWERCASE in signals and not _slug_in_title(res):
        # "the house move" of a page titled "Moving to Leeds": its slug is an old label
        return f"declined: {res.cand.raw!r} matches only the slug of {res.page.title!r}"
    if other := _another_sense(res, signals):
        return other
    if SPEAKERS_OWN in signals and _words_of_the_speaker(res):
        # "finally getting my fresh start" of Fresh Start Bakery, even once it was named
        return f"declined: {res.cand.raw!r} is the speaker's own, and {res.page.title!r} is not"
    if res.cand.tokens != 1:
        return None
    if no_name := _no_name_at_all(res, signals):
        return no_name
    if _is_place(res):
        return _someones_own_place(res)
    if article := _an_articles_noun(res, signals):
        return article
    if signals & _PERSON_EVIDENCE:
        return None
    if IMPERATIVE in signals:
        return f"declined: {res.cand.raw!r} opens the sentence as a verb ({IMPERATIVE})"
    return _no_persons_grammar(res, signals)


def _another_one(res: Resolved, signals: set[str]) -> str | None:
    """Why the mention is of someone or something other than the page, or None."""
    if (res.page.is_person or _is_pet(res)) and (other := _no_one_here(res, signals)):
        return other
    if not _sold_by_the_measure(res) and _measured_out(res):
        # "pint of tanglefoot tonight" of a horse, a boat or a firm: the drink so called
        return f"declined: {res.cand.raw!r} is measured out ('a pint of'), as food and drink are"
    if _one_of_many_said(res, signals):
        # "a puffling colony on the rocks", "saw an actual puffling": any such bird, not
        # the boat called Puffling; one thing with a name takes no "a"
        return f"declined: {res.cand.raw!r} follows 'a' or the like: one of many, not this one"
    return None


def _one_of_many_said(res: Resolved, signals: set[str]) -> bool:
    """A lowercase name after "a", "an", "some" or "another" and the words describing it.

    A firm's, a product's, a plan's or an event's name may still say what kind of thing
    follows ("a quorvik table", "a quorathon session", "a jira ticket" are theirs): for those
    only a name ending its phrase counts. A person, a pet, a boat or a vehicle labels no
    kind of thing ("a puffling colony" is the birds').
    """
    span = res.cand.span
    if span is None or LOWERCASE not in signals or span.tokens[span.last].possessive:
        return False
    if not one_of_many(span.tokens, span.tokens[span.first]):
        return False
    one_only = res.page.is_person or _is_pet(res) or _page_kind(res) in _ONE_OF_A_KIND
    return one_only or not (MODIFIER in signals or _modifies_what_follows(res))


#: Kinds of page that are one thing, never a label for a kind of thing ("a puffling colony").
_ONE_OF_A_KIND: Final = frozenset({"boat", "vehicle", "vessel", "car", "van"})


def _title_disagrees(res: Resolved) -> str | None:
    """A title of address saying "he" before the initial of a woman's name, or the reverse."""
    span = res.cand.span
    if span is None or span.first < 1:
        return None
    said = _TITLE_PRONOUN.get(span.tokens[span.first - 1].norm, "")
    named = name_pronoun(res.page.title)
    if said and named and said != named:
        return f"declined: {res.cand.raw!r} follows a title the page's name does not take"
    return None


#: The pronoun a title of address says its bearer goes by.
_TITLE_PRONOUN: Final = {"mr": "he", "mrs": "she", "ms": "she", "miss": "she"}


def _word_after(res: Resolved) -> Token | None:
    """The word right after the mention, in its phrase, or None."""
    span = res.cand.span
    if span is None or span.last + 1 >= len(span.tokens):
        return None
    after = span.tokens[span.last + 1]
    return after if after.glued else None


def _a_child_after(res: Resolved) -> bool:
    """A child's noun right after the word: "the Quarrendon lad", no firm's."""
    after = _word_after(res)
    return after is not None and after.norm in _A_FAMILYS_CHILD


def _a_persons_here(res: Resolved) -> str | None:
    """Why a name of a page that is no person's is someone's here, or anything's, or None."""
    if res.arm == POSSESSIVE_NAME_ARM and not _said_as_the_firm(res):
        return (
            f"declined: {res.cand.raw!r} names the firm only in its possessive or with a"
            " plural verb; here it is anyone of that name"
        )
    if any(signal.startswith(GIVEN_INITIAL) for signal in res.cand.signals):
        return f"declined: {res.cand.raw!r} follows a given name's initial: a person's name"
    if res.arm in SHORT_NAME_ARMS and _a_child_after(res):
        return f"declined: {res.cand.raw!r} is a family's name before one of its children"
    if res.arm == TITLE_PART_ARM and _one_of_a_kind(res):
        return f"declined: {res.cand.raw!r} follows 'a', one of a kind, not the page's own"
    if not _is_pet(res) and (kin := _the_speakers_relative(res)):
        return f"declined: {res.cand.raw!r} follows 'my {kin}': someone the user knows"
    if _a_councils_town(res):
        return f"declined: {res.cand.raw!r} after 'in' is the town {res.page.title!r} governs"
    if AFFILIATION in res.cand.signals and not _is_pet(res) and _acts_after_where(res):
        # "dulcie from the parish office phoned": someone, not the prop called Dulcie
        # ("collected marigold from the garage" is the van)
        return f"declined: {res.cand.raw!r} is {AFFILIATION} and does what a person does"
    return None


def _no_one_here(res: Resolved, signals: set[str]) -> str | None:
    """Why a person's or a pet's name is someone else's or something else here, or None."""
    if not res.page.is_person:  # "a packet of oreos" of a pet called Oreo
        return (
            f"declined: {res.cand.raw!r} is measured out, as food is"
            if _measured_out(res)
            else None
        )
    if other := _someone_else(res, signals):
        return other
    if _a_destination(res):
        return f"declined: {res.cand.raw!r} reads as a place: where a road or a journey goes"
    if _a_named_place(res):
        return f"declined: {res.cand.raw!r} names a lake, a mountain or an isle here"
    if _in_a_common_noun_phrase(res):
        return f"declined: {res.cand.raw!r} stands in a common noun's phrase, as no name does"
    if _a_model_year_before(res):
        return f"declined: {res.cand.raw!r} follows a model year, as a make of car does"
    if _counted_before_a_noun(res):
        return f"declined: {res.cand.raw!r} is counted before a noun, as a make is"
    if _measured_out(res):
        return f"declined: {res.cand.raw!r} is measured out ('a pint of'), as food and drink are"
    return None


def _measured_out(res: Resolved) -> bool:
    """A name after a measure and "of": "a pint of guinness", "a packet of hobnobs".

    Drinks and food are poured and packed by the measure; people, animals, boats and firms
    never are, though what is measured may be theirs ("a jar of bryn's honey", "a tin of
    tanglefoot hoof oil").
    """
    span = res.cand.span
    if span is None or span.first < 2 or not span.tokens[span.first].glued:
        return False
    if span.tokens[span.last].possessive:
        return False
    after = span.tokens[span.last + 1] if span.last + 1 < len(span.tokens) else None
    if (
        after is not None
        and after.glued
        and sense(after.norm).noun
        and not sense(after.norm).function
    ):
        return False  # "a bag of oreo treats": treats for the dog
    of, measure = span.tokens[span.first - 1], span.tokens[span.first - 2]
    return of.norm == "of" and of.glued and measure.norm in _MEASURES | _PACKED


def _indefinite(res: Resolved) -> bool:
    """A lone name after "some", "another" or "any": one of many, none the hearer knows.

    "some morgan blocked the gate" is a car; "some tobiah from the council" someone
    the speaker doesn't know. A person the user knows is named bare, or with "the" before
    another word ("the other tobiah").
    """
    span = res.cand.span
    if span is None or res.cand.tokens != 1 or span.first < 1:
        return False
    before = span.tokens[span.first - 1]
    return before.norm in _INDEFINITES and span.tokens[span.first].glued


#: Determiners that pick out one of many the hearer does not know.
_INDEFINITES: Final = frozenset({"some", "another", "any"})


def _a_destination(res: Resolved) -> bool:
    """A one-word name after a journey and "to": "the road to kilmory", "flights to lagos".

    A journey goes to a place; to a person only as theirs ("the drive to tobi's").
    """
    span = res.cand.span
    if span is None or res.cand.tokens != 1 or span.first < 2:
        return False
    to, journey = span.tokens[span.first - 1], span.tokens[span.first - 2]
    if to.norm != "to" or not (span.tokens[span.first].glued and to.glued):
        return False
    if journey.norm not in _JOURNEYS or span.tokens[span.first].possessive:
        return False
    # "give a ride to kerry", "gave my bus pass to": a thing handed to someone
    handed = span.tokens[max(journey.index - _DESCRIBING_WORDS - 1, 0) : journey.index]
    return not any(tok.norm in _HANDING for tok in handed)


#: What goes to a place: "the road to", "a trip to", "flights to" (nouns only: "get back
#: to kerry" answers her).
_JOURNEYS: Final = frozenset(
    "flight flights trip trips journey journeys drive train trains ticket tickets cruise route"
    " road roads way bus buses ferry ferries ride".split()
)
#: Verbs that hand a thing to someone: "give a ride to", "offered the trip to".
_HANDING: Final = frozenset(
    "give gives gave giving given offer offers offered pass passed hand handed lend lent"
    " sell sold show showed leave left".split()
)
#: Words between a verb and the journey it hands over: "gave my old bus pass".
_DESCRIBING_WORDS: Final = 2


def _a_named_place(res: Resolved) -> bool:
    """A one-word name after a word of land or water: "lake merrin", "mount ida", "isle of iona".

    A lake, a mountain, a river or an isle is named so; a person never is.
    """
    span = res.cand.span
    if span is None or res.cand.tokens != 1 or span.first < 1 or not span.tokens[span.first].glued:
        return False
    if span.tokens[span.last].possessive:
        return False  # "can you mount ida's certificate": hers
    before = span.tokens[span.first - 1]
    if before.norm in _NAMED_WATERS_AND_HILLS:
        # "the lake ida recommended": a relative clause's subject after "the lake"
        ahead = span.tokens[before.index - 1] if before.index > 0 else None
        return ahead is None or not before.glued or ahead.norm not in DETERMINERS
    if before.norm != "of" or span.first < 2 or not before.glued:
        return False
    return span.tokens[span.first - 2].norm in _NAMED_ISLES


#: Words a lake, a mountain or a river is named after: "lake merrin", "loch ness".
_NAMED_WATERS_AND_HILLS: Final = frozenset("lake loch lough mount mt river isle".split())
#: Words before "of" and a place's name: "isle of iona", "vale of clwyd".
_NAMED_ISLES: Final = frozenset("isle island vale".split())


def _in_a_common_noun_phrase(res: Resolved) -> bool:
    """A lowercase name that is a noun, heading a compound after a noun: "sheep sorrel".

    A person is named so only after a relative's word ("tell mum sorrel's here") or as the
    object of a verb ("text sorrel"); a name no dictionary has may follow a team's word as
    its member ("fixtures odinaka").
    """
    signals = set(res.cand.signals)
    span = res.cand.span
    if span is None or res.cand.tokens != 1 or span.first < 1:
        return False
    if not {LOWERCASE, AFTER_A_NOUN} <= signals or not sense(res.cand.norm).noun:
        return False
    if span.tokens[span.first].possessive or PERSON_VERB in signals:
        return False  # "text wilda at the cafe": "text" is the verb, she its object
    return span.tokens[span.first - 1].norm not in FAMILY_WORDS


def _counted_before_a_noun(res: Resolved) -> bool:
    """A number before the word and a noun after it: "two Volvo estates", "3 Skoda vans".

    People are counted by their name alone ("the two Sams"), never as the make of a thing;
    a name English text seldom uses is no make, and what is counted is dealings with its
    person ("two Quarrendon shifts this week").
    """
    span = res.cand.span
    if span is None or span.first < 1 or not span.tokens[span.first].glued:
        return False
    if sense(res.cand.norm).zipf < _MAKE_MIN_ZIPF:
        return False
    if res.cand.tokens != 1 or not counts(span.tokens[span.first - 1]):
        return False
    after = span.tokens[span.last + 1] if span.last + 1 < len(span.tokens) else None
    return (
        after is not None
        and after.glued
        and not span.tokens[span.last].possessive
        and sense(after.norm).noun
        and not sense(after.norm).function
        and after.norm not in _DEALINGS
    )


#: What is counted of a person's as well as of a make: time they work or spend with one
#: ("two Holly shifts", "three Rowan lessons").
_DEALINGS: Final = frozenset(
    "shift shifts session sessions lesson lessons class classes slot slots appointment"
    " appointments hour hours day days night nights visit visits call calls".split()
)


#: How often English text must use a name for it to be a make as well ("mercedes" 4.0).
_MAKE_MIN_ZIPF: Final = 3.0


def _a_model_year_before(res: Resolved) -> bool:
    """A year right before the word, as a car's make follows it: "a 2016 mercedes estate".

    Not a year that says when ("in 2014 Mercedes joined us").
    """
    span = res.cand.span
    if span is None or span.first < 1 or not span.tokens[span.first].glued:
        return False
    year = span.tokens[span.first - 1]
    if not _YEAR.fullmatch(year.norm):
        return False
    before = span.tokens[span.first - 2] if span.first >= 2 and year.glued else None
    return before is None or before.norm not in _WHEN_WORDS


_YEAR: Final = re.compile(r"(?:19|20)\d\d")
#: Words before a year that make it a date: "in 2014", "since 2019".
_WHEN_WORDS: Final = frozenset("in since by from until till during of before after".split())


def _one_of_a_kind(res: Resolved) -> bool:
    """Words of a title after "a": any such thing ("a bell frame job going at St Mary's")."""
    span = res.cand.span
    if span is None or span.first == 0 or not span.tokens[span.first].glued:
        return False
    return span.tokens[span.first - 1].norm in _INDEFINITE


#: Determiners that bring in one of a kind: "a", "an", "another".
_INDEFINITE: Final = frozenset("a an another".split())


def _said_as_the_firm(res: Resolved) -> bool:
    """A name a firm's alias gives in the possessive, said as the firm's.

    Written in the possessive, its apostrophe typed or not ("Quell's estimate arrived",
    "kelly's got the minibus in", "at st brannocks"), or with a plural verb, as a firm is
    spoken of and no one person ("quell are doing the hulls", "quell have the
    keys"). "harvey said he can't make it", "stopping in ludlow overnight", "harvey's
    mum": anyone, anywhere of that name.
    """
    span = res.cand.span
    if span is None:
        return False
    last = span.tokens[span.last]
    after = span.tokens[span.last + 1] if span.last + 1 < len(span.tokens) else None
    if after is not None and not after.glued:
        after = None
    typed_without = last.norm == f"{res.cand.norm.rsplit(' ', 1)[-1]}s"  # "at st brannocks"
    if last.possessive or typed_without:
        return after is None or after.norm not in FAMILY_WORDS  # "harvey's mum": a boy's
    return after is not None and after.norm in _A_FIRMS_PLURAL


#: Verbs a firm takes in the plural, which one person never does ("Barrow are quoting").
_A_FIRMS_PLURAL: Final = frozenset("are were have".split())


#: Kinds of page named as films and shows are, and never watched as a project, a firm or a
#: pet is (kept an eye on, minded): a boat, a vehicle, a product, a prop.
_NAMED_LIKE_A_FILM: Final = frozenset({"boat", "vehicle", "product", "prop"})


def _no_persons_grammar(res: Resolved, signals: set[str]) -> str | None:
    """Why the grammar around a single word rules out a person, a pet, or here a place."""
    if res.page.is_person:
        settled = [signal for signal in (A_WORK_WATCHED, SAID_TO_BE_A_WORK) if signal in signals]
        if settled:
            return f"declined: {res.cand.raw!r} is {settled[0]}"
    elif A_SHOW_WATCHED in signals and _page_kind(res) in _NAMED_LIKE_A_FILM:
        # "watching encanto with the kids" of a boat called Encanto: a film, no boat
        return f"declined: {res.cand.raw!r} is {A_SHOW_WATCHED}"
    clients = _a_clients_matter(res)  # "the Vantongeren move"
    animate = res.page.is_person or _is_pet(res)
    if MODIFIER in signals and MID_CAPITAL not in signals and animate and not clients:
        # "a total kodak moment" of a dog called Kodak (known limit: a coined pet's name
        # labelling its things, "zuzu food", is declined too)
        return f"declined: {res.cand.raw!r} modifies the noun after it, as no one's name does"
    place_reading = bool(signals & {LOCATIVE, LISTED_WITH_PLACE, SAID_TO_BE_A_PLACE})
    if place_reading and (res.page.is_person or res.cand.place):
        reading = "a date" if res.cand.calendar else "a place"
        return f"declined: {res.cand.raw!r} reads as {reading} here, {_NO_PERSON}"
    if AFTER_ARTICLE in signals and (res.page.is_person or _is_pet(res)) and not clients:
        # "the crompton needs a new wick": a dog or a pony goes by its name bare, as people do
        # (a boat or a pub keeps "the", and is no pet)
        whose = "a person's" if res.page.is_person else "a pet's"
        return f"declined: {res.cand.raw!r} follows an article, which {whose} name does not"
    return None


def _a_clients_matter(res: Resolved) -> bool:
    """A person's family name, which is nothing else, before their matter ("the X job")."""
    if not res.page.is_person or res.arm != "surname":
        return False
    return _only_a_name(res.cand.norm) and _a_matter_after(res)


def _only_a_name(word: str) -> bool:
    """A rare name and nothing else: no word list has it (:func:`unknown_word`), no place.

    Such a family name before a client's or a family's matter is still the person ("the
    Vantongeren move"), where "the Honda job" (a name common enough to be a brand's too) or
    "Jordan trip" is something else.
    """
    return unknown_word(word) and not sense(word).place


def _no_name_at_all(res: Resolved, signals: set[str]) -> str | None:
    """Why a word is no page's name here: a word talked about, one of a kind, a date."""
    if SAID_AS_A_TIME in signals:  # its "'s" is "is", as no possessive is
        return f"declined: {res.cand.raw!r} reads as a date here, {SAID_AS_A_TIME}"
    if IN_A_MONTH in signals:  # "in May at St Ives": not May at St Ives
        return f"declined: {res.cand.raw!r} reads as a date here, {IN_A_MONTH}"
    if RELATIVE_DATE in signals:  # "last August rained every day"
        return f"declined: {res.cand.raw!r} reads as a date here, {RELATIVE_DATE}"
    if signals & _PERSON_EVIDENCE:
        return None
    settled = [signal for signal in _NO_NAME_AT_ALL if signal in signals]
    if MEASURED in settled and _sold_by_the_measure(res):
        settled.remove(MEASURED)  # "two pints of ardlow" of a beer called Ardlow: the beer
    if settled:  # "sheets per ream", of a studio too
        return f"declined: {res.cand.raw!r} is {settled[0]}"
    if AFTER_A in signals and LOWERCASE in signals and _a_common_noun(signals):
        # "saw a guillemot on the jetty", "a shandy after work": one of a kind, as no
        # page's name is; a boat, a horse or a pub typed bare is "the" one, or no article
        return f"declined: {res.cand.raw!r} is a common noun after 'a', one of a kind"
    if DATED in signals:  # "done by May": a month, whoever else is called that
        return f"declined: {res.cand.raw!r} reads as a date here, {_NO_PERSON}"
    if AFTER_ADJECTIVE in signals and LOWERCASE in signals and sense(res.cand.norm).lexical:
        # "the pitch was total quagmire": a dictionary word, however rare, is that word
        return f"declined: {res.cand.raw!r} is {AFTER_ADJECTIVE}"
    verbs = [signal for signal in (INFINITIVE, LET_DO, VERB_AFTER_SUBJECT) if signal in signals]
    if verbs and LOWERCASE in signals and sense(res.cand.norm).lexical and not _gone_to(res):
        # "need to mortise the frame", "our rotas mortise neatly", "let me whittle it down": a
        # dictionary word too rare to need evidence as a name is still that word where the
        # grammar makes it a verb
        return f"declined: {res.cand.raw!r} is {verbs[0]}"
    return None


def _another_sense(res: Resolved, signals: set[str]) -> str | None:
    """Why the word names a thing, a place or a person here rather than the page."""
    if res.page.is_person:
        return _names_a_thing(res, signals)
    if _a_family_name(res, signals):
        return f"declined: {res.cand.raw!r} is somebody's name here, not {res.page.title!r}"
    if res.arm in SHORT_NAME_ARMS and (what := _a_short_names_other_use(res)):
        return f"declined: {res.cand.raw!r} {what}, not {res.page.title!r}"
    return None


def _a_short_names_other_use(res: Resolved) -> str | None:
    """A short name that names a street or land with the word after it: "Carrow Road".

    A firm's short name is often a family's or a place's name, and a street is named after
    those as often ("we're going to Carrow Road on saturday" of Carrow & Sons).
    """
    span = res.cand.span
    if span is None or span.last + 1 >= len(span.tokens):
        return None
    after = span.tokens[span.last + 1]
    if after.glued and after.capitalised and after.norm in STREETS:
        return "names a street here"
    if not after.glued or after.possessive or span.tokens[span.last].possessive:
        return None
    if after.norm in _LANDFORMS or (after.capitalised and after.norm in _LANDFORMS_CAPITALISED):
        return "names a moor, a fell or the like here"  # "up quarnby moor", "Harrow Fell"
    return None


#: Land a town or a family gives its name to, as a street: "quarnby moor", "hebden dale";
#: words with no other common sense, read in any case.
_LANDFORMS: Final = frozenset("moor moors dale beck tarn loch lough heath crag tor".split())
#: Words of land that are verbs or nouns of the house as often ("fell behind", "bay
#: window"): read so only capitalised ("Harrow Fell", "Quarnby Bay").
_LANDFORMS_CAPITALISED: Final = frozenset("fell fells bay cove island pike mount peak".split())


def _a_family_name(res: Resolved, signals: set[str]) -> bool:
    """A short name said of a person: "Mrs Kilbride rang", "Dr Tasker says".

    "Kilbride Reunion" goes by "kilbride", which is a family's name first: an honorific, or
    for an occasion a verb only people take, makes it someone's. A firm's or a venue's
    people act under its name ("Shale said", "Dunhallow emailed the invoice").
    """
    if res.arm not in SHORT_NAME_ARMS or res.page.is_person:
        return False
    if HONORIFIC in signals:
        return True  # "Mrs Kilbride rang"; "my dentist Dr Tasker" of Tasker & Sons too
    if _organisation(res):
        return False
    if res.arm == COINED_NAME_ARM and _a_family_after(res):
        return True  # "the Skelbrant family" of Skelbrant Pike
    if (
        res.arm == COINED_NAME_ARM
        and signals & _SOMEONES
        and not is_place(res.page.page_type, res.slug)
    ):
        # "lunch with Tarek" of Tarek Retirement Party; a venue's people act under its name
        # ("Brackwell said my bloods are fine" of Brackwell Surgery)
        return True
    return PERSON_VERB in signals and _an_occasion(res)


#: What is said only of a person: a coined word of a place's or a plan's title said so is
#: somebody's name, as such titles are often named after them.
_SOMEONES: Final = frozenset(
    {NAME_SUFFIX, ROLE_NEARBY, PERSON_VERB, CONVERSATION_PARTNER, PERSONAL_POSSESSION}
)


def _a_family_after(res: Resolved) -> bool:
    """A word for a family right after the name: "the Skelbrant family", "the Ardwyn twins"."""
    after = _word_after(res)
    return after is not None and after.norm in _FAMILY_NOUNS


#: Nouns a family's name stands before (not "kids" or "children": a school's are too).
_FAMILY_NOUNS: Final = frozenset("family families household twins couple".split())


def _a_matter_after(res: Resolved) -> bool:
    """A client's or a family's matter right after the name: "the Okafor job"."""
    after = _word_after(res)
    if after is not None and after.norm in _A_FAMILYS_CHILD:
        return _a_child(res.page.summary or "", after.norm)
    return after is not None and after.norm in (_MATTERS | _FAMILY_NOUNS)


def _a_child(summary: str, noun: str) -> bool:
    """The page's summary makes its person a family's child ("Patient, aged 13").

    "the Vantongeren girl" is someone else of the family when the page is a grown-up's.
    """
    if noun == "baby":
        return _BABY.search(summary) is not None
    sex = _summary_sex(summary)
    if sex and noun in _A_SON | _A_DAUGHTER and (sex == "he") != (noun in _A_SON):
        return False  # "the Vantongeren boy" of a page that says "she"
    age = _AGED.search(summary)
    if age is not None:
        return int(age.group(1) or age.group(2)) < _ADULT_AGE
    child, grown = _CHILD.search(summary), _GROWN_UP.search(summary)
    # "Mother of Arjun; her son plays": what the summary says its person is comes first
    return child is not None and (grown is None or child.start() < grown.start())


#: An age a summary gives ("aged 13", "age 9", "now 42", "13-year-old", "13 years old").
_AGED: Final = re.compile(r"\b(?:(?:aged?|now)\s+(\d{1,3})|(\d{1,2})[- ]years?[- ]old)\b", re.I)
#: Words a summary says a child with.
_CHILD: Final = re.compile(
    r"\b(?:pupil|schoolgirl|schoolboy|child|kid|son|daughter|girl|boy|teenager|toddler|"
    r"u\d{1,2}s?|under-\d{1,2}s?|year \d{1,2})\b",
    re.I,
)


def _summary_sex(summary: str) -> str:
    """The sex a summary gives its person, "he" or "she", else "".

    By whichever comes first: a family noun said of the person ("his daughter", "Imelda's
    daughter, 11", "son of Lowen", "Little girl, 4": the person is a daughter, a son, a
    girl) or the pronoun the summary makes its subject ("aged 11; she won the junior
    race"); not a possessive pronoun, which may be anyone's.
    """
    found = [match for pattern in _SEXED if (match := pattern.search(summary)) is not None]
    if not found:
        return ""
    said = min(found, key=lambda match: match.start())
    word = next(group for group in said.groups() if group)
    return "he" if word.casefold() in _MALE else "she"


#: "he" or "she" as a subject in a summary.
_SUBJECT_PRONOUN: Final = re.compile(r"\b(?P<word>he|she)\b", re.I)
#: A family noun said of the summary's person: after a possessive ("his daughter",
#: "Imelda's daughter"), before "of" ("son of Lowen"), or a child's noun ("Little girl, 4").
_KIN_OF_SOMEONE: Final = re.compile(
    r"\b(?:(?:his|her|their|our|my|\w+['’]s)\s+(?:\w+\s+)?"
    r"(?P<kin>daughter|son|granddaughter|grandson|niece|nephew|stepdaughter|stepson)\b"
    r"|(?P<of>daughter|son|granddaughter|grandson|niece|nephew)\s+of\b"
    r"|(?P<child>girl|boy|schoolgirl|schoolboy)\b)",
    re.I,
)
_MALE: Final = frozenset("he son grandson nephew stepson boy schoolboy".split())
_SEXED: Final = (_KIN_OF_SOMEONE, _SUBJECT_PRONOUN)
#: The children's nouns of one sex.
_A_SON: Final = frozenset({"boy", "lad"})
_A_DAUGHTER: Final = frozenset({"girl", "lass"})
#: Words a summary says a grown-up with: a parent's or a spouse's.
_GROWN_UP: Final = re.compile(
    r"\b(?:mother|father|mum|dad|wife|husband|grandmother|grandfather|grandma|grandad|"
    r"grandpa|nan|parent|widow|widower)\b",
    re.I,
)
_BABY: Final = re.compile(r"\b(?:baby|newborn|infant)\b", re.I)
#: From this age a person is no family's girl or boy.
_ADULT_AGE: Final = 18


#: One child of a family, by the family's name: "the Vantongeren girl", "the Quorn lad" (the
#: plural may be a school's, "the Oakfield girls").
_A_FAMILYS_CHILD: Final = frozenset("girl boy lad lass baby kid".split())
#: What is a client's or a household's own, named after them: "the Okafor move" (not what
#: a brand's name goes before too, "the Kenwood delivery", nor a modifier of another noun as
#: often as not, "X house prices").
_MATTERS: Final = frozenset(
    "job jobs move removal wedding funeral christening case file property extension refit "
    "build booking bookings".split()
)


def _an_occasion(res: Resolved) -> bool:
    return res.page.page_type == "event" or res.slug.startswith("events/")


def _a_common_noun(signals: set[str]) -> bool:
    """The word stands as its own noun ("a guillemot diving"), not as a label.

    "a jira ticket", "a monzo account": a name typed lowercase before the thing it labels.
    """
    return BEFORE_NOUN not in signals and not any(s.startswith(KIND_SIGNAL) for s in signals)


def _names_a_thing(res: Resolved, signals: set[str]) -> str | None:
    """Why a person's name here labels a thing or a place instead ("my Ostler card")."""
    if A_BRAND in signals:
        return f"declined: {res.cand.raw!r} labels a thing, as a brand does"
    # a word of the language or a place's name: "Mara airport 5am" is Mara's
    place_word = bool(res.cand.ambiguity) or res.cand.place or sense(res.cand.norm).lexical
    if IN_A_PLACE_NAME in signals and place_word and res.cand.tokens == 1:
        if signals & _PERSON_EVIDENCE:
            return None
        return f"declined: {res.cand.raw!r} names a place here, {_NO_PERSON}"
    return None


#: Readings of a word as no name of any page: talked about, another language's, measured out.
_NO_NAME_AT_ALL: Final = (
    QUOTED_WORD,
    WORD_OF_A_LANGUAGE,
    FOREIGN_PASSAGE,
    MEASURED,
    A_UNIT,
    COUNTED_OUT,
    SAID_TO_EXIST,
)
_NO_PERSON: Final = "with no person evidence"
#: Signals that make a word a person's name whatever else the text says.
_PERSON_EVIDENCE: Final = frozenset(
    {
        POSSESSIVE,
        HONORIFIC,
        NAME_SUFFIX,
        FAMILY_BY_NAME,
        ROLE_NEARBY,
        PERSON_VERB,
        AFFILIATION,
        CONVERSATION_PARTNER,
        PERSONAL_POSSESSION,
        ASKED_SUBJECT,
        ASKED_FOR_A_DAY,
    }
)


#: Words after two names that make the pair their subject: "hope and grace are ...".
_PAIR_VERBS: Final = frozenset("are were have had 're 've will would can could both".split())
#: "with" right before the first of two names: "with hope and grace away".
_WITH_BEFORE: Final = re.compile(r"\bwith\s+$", re.IGNORECASE)
#: "to" after a verb of sending or telling, right before the first of two names: "send the
#: minutes to hope and grace", "pass it on to ...".
_TO_WHOM: Final = re.compile(
    r"\b(?:send|sent|forward|forwarded|pass|passed|give|gave|hand|handed|show|showed|email|"
    r"emailed|text|texted|mail|mailed|post|posted|copy|copied|mention|mentioned|explain|"
    r"explained|introduce|introduced|tell|told|report|reported|write|wrote)"
    # what is sent, no adverb of manner: "send the minutes to", not "give generously to"
    r"(?:\s+(?![\w'’]+ly\b)[\w'’]+){1,3}(?<!ed)(?:\s+on)?\s+to\s+$",  # not "dedicated to"
    re.IGNORECASE,
)
#: After the second name, what they are, in apposition ("..., the children's hospice").
_PAIR_DESCRIBED: Final = re.compile(r"\s*,\s*(?:the|a|an)\b", re.IGNORECASE)


def _no_pair_of_people(text: str, end: int) -> bool:
    """The pair is said to be something else, or modifies the noun after it ("... camps")."""
    if _PAIR_DESCRIBED.match(text, end) is not None:
        return True
    after = _NEXT_WORD.match(text, end)
    if after is None:
        return False
    meaning = sense(normalise(after.group(1)))
    return meaning.plural_noun and not meaning.function


def one_sense_per_text(
    accepted: list[Resolved], declined: list[Resolved]
) -> tuple[list[Resolved], list[Resolved]]:
    """A word read as a place once in a text is that place everywhere in it.

    "is Jordan nice in spring? a friend is flying to jordan": the second reads as the place,
    so the first, with only its capital for it, is the place too. Person evidence of its own
    keeps a mention ("Jordan said ...").
    """
    places = {
        (res.cand.text_index, res.cand.norm, res.slug)
        for res in declined
        if "reads as a place" in res.decision
    }
    if not places:
        return accepted, declined
    kept: list[Resolved] = []
    for res in accepted:
        key = (res.cand.text_index, res.cand.norm, res.slug)
        if key in places and not _PERSON_EVIDENCE & set(res.cand.signals):
            reason = f"declined: {res.cand.raw!r} reads as a place elsewhere here, {_NO_PERSON}"
            declined.append(vetoed(res, reason))
        else:
            kept.append(res)
    return kept, declined


def _another_generation(res: Resolved) -> str | None:
    """A suffix that names another generation than the page's ("Sr." for a page "Jr.")."""
    written = res.cand.generation
    own = generation(normalise(res.page.title))
    if written and own and written != own:
        return (
            f"declined: {res.cand.raw!r} with {written!r} is another person than"
            f" {res.page.title!r} (a generational suffix tells them apart)"
        )
    return None


def _listed_label(res: Resolved) -> str:
    return LISTED_WITH_PERSON if res.page.is_person else LISTED_WITH_NAMES


def by_conversation(res: Resolved) -> bool:
    """Accepted only on the conversation's evidence (a prior mention, a related page)."""
    return any(s == PRIOR_MENTION or s.startswith(CO_MENTION) for s in res.signals)


def vetoed(res: Resolved, reason: str) -> Resolved:
    """The resolution, declined for ``reason`` (confidence 0)."""
    return replace(res, confidence=0.0, signals=res.cand.signals, decision=reason)


def accept(res: Resolved, evidence: Sequence[str]) -> Resolved:
    """The resolution, with the evidence that made its ordinary word a name."""
    decision = f"{res.cand.ambiguity} taken as a name: {', '.join(evidence)}"
    confidence = round(res.confidence - AMBIGUITY_PENALTY, 4)
    return replace(res, confidence=confidence, signals=tuple(evidence), decision=decision)


def decline(res: Resolved) -> Resolved:
    """The resolution, declined for want of name evidence (confidence 0)."""
    discounted = [s for s in res.cand.signals if s not in (MID_CAPITAL, LOWERCASE)]
    decision = f"declined: {res.cand.ambiguity} with no evidence it names this page"
    return replace(res, confidence=0.0, signals=tuple(discounted), decision=decision)


def final_decline(res: Resolved) -> bool:
    """A lowercase ordinary word after a determiner: an ordinary noun, whatever else is said.

    Unless the noun after it names the page's kind ("the juniper project"), or the page is an
    organisation's or a project's and the word modifies the noun after it ("the keystone
    backfill"): that word is left to :func:`modifies_a_noun`.
    """
    signals = set(res.cand.signals)
    if not (LOWERCASE in signals and AFTER_DETERMINER in signals):
        return False
    if res.cand.tokens > 1 or (not res.page.is_person and signals & MODIFIER_READINGS):
        return False
    if _the_names_one(res):
        return False  # "the kershaw one": the name stands for its contract
    # "the juniper project" names its kind after it: the determiner is the project's
    kinds = [signal.rsplit(" ", 1)[-1] for signal in signals if signal.startswith(KIND_SIGNAL)]
    if VERSIONED in signals and not res.page.is_person:
        return False  # "the relay v2 scope": a product's version follows it
    return not any(_of_kind(res, noun) for noun in kinds)


@dataclass(frozen=True)
class _Content:
    slug: str
    folded: str
    raw: str
    strong: tuple[str, ...]
    weak: tuple[str, ...]


class Conversation:
    """Page-level evidence for the mentions the words around them left undecided."""

    def __init__(
        self,
        conn: Connection,
        brain_id: str,
        source: str,
        prior_text: str,
        texts: Sequence[str] = (),
    ) -> None:
        """Read pages of (brain, source); ``texts[i]`` is the text of ``text_index`` i."""
        self._conn = conn
        self._brain_id = brain_id
        self._source = source
        self._prior = prior_text
        self._prior_folded: str | None = None
        self._texts = list(texts)
        #: Pages read so far (None: no such page of the source).
        self._read: dict[str, _Content | None] = {}
        #: The people's names the current :meth:`decide` weighs, whatever it makes of them
        #: (set at its start, for the lists it reads).
        self._names: frozenset[str] = frozenset()

    def another_of_its_kind(self, res: Resolved) -> str | None:
        """Why a kind is no page of the user's: a window turn brought in another one."""
        noun = res.cand.norm.removeprefix("the ")
        if res.arm not in _KIND_ARMS or not another_one_before(noun, self._texts[1:]):
            return None
        return f"declined: an earlier turn brought in another {noun}, {res.cand.raw!r} is that"

    def text(self, index: int) -> str:
        """The text of ``text_index`` ``index`` (the turn is 0), or "" past the last."""
        return self._texts[index] if index < len(self._texts) else ""

    def disambiguate(self, options: Sequence[Resolved]) -> Resolved | None:
        """The one page of ``options`` the mention's sentence fits by its words, or None."""
        cand = options[0].cand
        if (beside := _by_the_words_beside(options)) is not None:
            return beside
        if cand.text_index >= len(self._texts):
            return None
        text = self._texts[cand.text_index]
        settled = (
            _by_its_role(options, text)
            or _the_users_own(options, text)
            or _by_what_follows(options, text)
            or _the_person_not_their_thing(options)
        )
        if settled is not None:
            return settled
        content = self._content(sorted({res.slug for res in options}))
        if _OTHER_ONE.search(text[: cand.start]) and (
            other := self._the_other(options, content, text[: cand.start])
        ):
            return other
        names = {word for res in options for word in _words(res.page.title)}
        mention = set(_words(cand.raw))
        if (answer := self._answered(options, content, mention)) is not None:
            return answer
        # The mention's own sentence first ("hay came for the diet. Tansy, the lurcher, tore
        # her dewclaw"): a sentence before it may be about the other page.
        start, end = _sentence_around(text, cand.start, cand.end)
        reaches = (
            text[start : cand.start] + " " + text[cand.end : end],
            text[: cand.start] + " " + text[cand.end :],
        )
        sentence, whole = (
            self._fits(options, content, _context_words(reach, names | mention), names)
            for reach in reaches
        )
        # One page fits in enough words, and no other page fits in any: in the mention's
        # sentence, if the whole turn fits no other page as well and names it only there
        # (two mentions of one name in a turn are settled together), else in the whole turn.
        once = len(re.findall(rf"(?<!\w){re.escape(cand.norm)}(?!\w)", normalise(text))) == 1
        fits = sentence if once and _fits_best(sentence, whole) else whole
        if len(fits) != 1:
            return None
        ((slug, shared),) = fits.items()
        chosen = next(res for res in options if res.slug == slug)
        if not _enough_shared(shared, chosen.page.summary or "", text):
            return None
        return _settled(chosen, options, CONTEXT, f"{', '.join(shared)} fit this page and not")

    def _answered(
        self, options: Sequence[Resolved], content: dict[str, _Content], names: set[str]
    ) -> Resolved | None:
        """The one page the user's turn describes, answering the turn before it asking which.

        "Is that the Imogen in the choir, or the office?" - "the soprano, she sings it": the
        reply is all about the one meant, so the page it fits in more words than any other
        ("soprano") settles the name the question held; the words of a title count
        there ("the warden" of Warden Tam Ashe), the name asked about does not.
        """
        cand = options[0].cand
        if cand.text_index not in (1, 2) or len(self._texts) <= cand.text_index:
            return None
        asked = self._texts[1]  # the turn right before the user's
        named = re.search(rf"(?<!\w){re.escape(cand.norm)}(?!\w)", normalise(asked))
        if named is None:
            return None
        _, end = _sentence_around(asked, named.start(), named.end())
        reply = self._texts[0]
        if asked[end : end + 1] != "?" or not _AN_ANSWER.match(reply):
            return None  # "ugh the kitchen is flooded": no answer to it
        if _NOT_THIS_ONE.match(reply):
            return None  # "not the accountant, the other one": the words name the wrong one
        fits = self._fits(options, content, _context_words(self._texts[0], names), names)
        ranked = sorted(fits.items(), key=lambda fit: -len(fit[1]))
        if not ranked or (len(ranked) > 1 and len(ranked[1][1]) >= len(ranked[0][1])):
            return None  # the reply fits no page, or two as well as each other
        slug, shared = ranked[0]
        chosen = next(res for res in options if res.slug == slug)
        return _settled(chosen, options, ANSWERED, f"{', '.join(shared)} fit this page and not")

    def _fits(
        self,
        options: Sequence[Resolved],
        content: dict[str, _Content],
        context: dict[str, frozenset[str]],
        names: set[str],
    ) -> dict[str, list[str]]:
        """Each option's page -> the words of ``context`` it shares (none shared: left out)."""
        fits: dict[str, list[str]] = {}
        for res in options:
            page = content.get(res.slug)
            if page is None:
                continue
            page_forms = self._page_forms(page, names)
            shared = sorted(word for word, forms in context.items() if forms & page_forms)
            if shared:
                fits[res.slug] = shared
        return _telling(fits, len({res.slug for res in options}))

    def beside(self, anchors: Iterable[Resolved], options: Sequence[Resolved]) -> Resolved | None:
        """The one page of a shared name related to a page named beside it, or None.

        "Mr Velasco phoned, Tansy is limping again": of two pets called Tansy, the one whose
        page names Mr Velasco (or whose owner's page names it). The shared name
        itself is no relation: both Tansys' owners' pages say "Tansy". Only a page named on
        evidence of its own, in the same text, anchors the choice.
        """
        cand = options[0].cand
        sure = sorted(
            {
                a.slug
                for a in anchors
                if a.text_index == cand.text_index
                and a.arm not in _KIND_ARMS  # "the scaffolding": what it is, no name to anchor by
                and not any(_soft(signal) for signal in a.signals)
                and a.slug not in {res.slug for res in options}
            }
        )
        if not sure:
            return None
        content = self._content(sorted({*sure, *(res.slug for res in options)}))
        related = {
            res.slug: [
                slug
                for slug in sure
                if res.slug in content
                and slug in content
                and _related(content[res.slug], content[slug], cand.norm)
            ]
            for res in options
        }
        fitting = [res for res in options if related[res.slug]]
        if len(fitting) != 1 or not _stands_as_a_name(fitting[0]):
            return None
        chosen = fitting[0]
        why = f"{', '.join(related[chosen.slug])} is named beside it, and not related to"
        return _settled(chosen, options, CO_MENTION, why)

    def _the_other(
        self, options: Sequence[Resolved], content: dict[str, _Content], before: str
    ) -> Resolved | None:
        """The one page of a shared name the conversation has not named yet ("the other Dave").

        Named before: in an earlier turn, or earlier in this one ("I asked Dave Ormsby, ask
        the other Dave").
        """
        cand = options[0].cand
        folded = normalise(before)
        named = [
            res.slug
            for res in options
            if (page := content.get(res.slug)) is not None
            and (
                self._named_before(page, cand.norm)
                or any(
                    _contains(folded, surface) for surface in page.strong if surface != cand.norm
                )
            )
        ]
        rest = [res for res in options if res.slug not in named]
        if not named or len(rest) != 1:
            return None
        chosen = rest[0]
        decision = (
            f"ambiguous {cand.norm!r} settled by 'the other': {', '.join(named)} was named"
            " before, so this is the one left"
        )
        confidence = round(_base(chosen) - AMBIGUITY_PENALTY, 4)
        return replace(chosen, confidence=confidence, signals=(THE_OTHER,), decision=decision)

    def decide(
        self,
        pending: Sequence[Resolved],
        anchors: Iterable[Resolved],
        modifiers: Sequence[tuple[Resolved, Sequence[str]]] = (),
    ) -> tuple[list[Resolved], list[Resolved]]:
        """Split ``pending`` into (accepted, declined) using ``anchors``, the sure mentions.

        ``modifiers`` (with their ordinary readings, :func:`modifies_a_noun`) are accepted on
        a related page named beside them only; an earlier mention does not settle a modifier.
        """
        sure = list(anchors)
        slugs = sorted({res.slug for res in (*pending, *sure, *(res for res, _ in modifiers))})
        self._names = frozenset(res.cand.norm for res in (*pending, *sure) if res.page.is_person)
        content = self._content(slugs)
        accepted: list[Resolved] = []
        declined: list[Resolved] = []
        undecided: list[Resolved] = []
        readings_of = {id(res): readings for res, readings in modifiers}
        for res in (*pending, *(res for res, _ in modifiers)):
            page = content.get(res.slug)
            evidence: list[str] = []
            readings = readings_of.get(id(res))
            if (
                readings is None
                and page is not None
                and not _someone_elses_thing(res)
                and self._named_before(page, res.cand.norm)
            ):
                evidence.append(PRIOR_MENTION)
            # Only a page named in the same text: a window turn may be about something else.
            # ... and named by a name: "the scaffolding on block b" anchors no "block b"
            beside = sorted(
                {a.slug for a in sure if a.text_index == res.text_index and a.arm not in _KIND_ARMS}
            )
            related = [
                slug
                for slug in beside
                if slug != res.slug and page is not None and slug in content
                and _related(page, content[slug])
            ]  # fmt: skip
            if related:
                evidence.append(f"{CO_MENTION} ({', '.join(related)})")
            if res.page.is_person:
                listed = [a.slug for a in sure if self._listed_with(res, a)]
            else:
                # "anchor or mrs marr first?": a firm offered as the other one to deal with
                offered = _organisation(res)
                listed = [a.slug for a in sure if offered and self._instead_of(res, a)]
                listed = listed or [a.slug for a in sure if self._a_title_listed(res, a)]
            if listed and readings is None:
                evidence.append(f"{_listed_label(res)} ({', '.join(sorted(set(listed)))})")
            # a title's part is a short form of what the talk already holds: no topic settles it
            topical = not evidence and res.arm != TITLE_PART_ARM and page is not None
            if topical and page is not None and (shared := self._on_topic(res, page)):
                evidence.append(f"{ON_TOPIC} ({', '.join(shared)})")
            if evidence:
                accepted.append(accept(res, evidence))
            elif readings is not None:
                declined.append(ordinary_declined(res, readings))
            else:
                undecided.append(res)
        # One more round for lists: a person this round accepted anchors the names beside it.
        # Only a name accepted on evidence of its own anchors another (not one itself listed).
        firm = [a for a in accepted if not any(_soft(signal) for signal in a.signals)]
        for res in undecided:
            listed = sorted(
                {a.slug for a in firm if res.page.is_person and self._listed_with(res, a)}
            )
            # two of the user's people named side by side: "hope and grace are coming over"
            listed = listed or sorted(
                {other.slug for other in undecided if self._a_pair_of_people(res, other)}
            )
            listed = listed or sorted({a.slug for a in firm if self._a_title_listed(res, a)})
            if listed:
                accepted.append(accept(res, [f"{_listed_label(res)} ({', '.join(listed)})"]))
            else:
                declined.append(decline(res))
        return accepted, declined

    def _a_pair_of_people(self, res: Resolved, other: Resolved) -> bool:
        """Two of the user's people named side by side, doing or undergoing something together.

        "hope and grace are coming over", "with hope and grace away": each is the other's
        evidence, when a verb agreeing with the pair follows them, "with" leads them, or they
        are whom something is sent or said to ("send it to hope and grace"; "saying grace and
        hope for the best" is a grace and a verb).
        """
        if other is res or not res.page.is_person or not self._listed_with(res, other):
            return False
        text = self._texts[res.text_index]
        first, second = sorted((res.cand, other.cand), key=lambda cand: cand.start)
        after = _NEXT_WORD.match(text, second.end)
        if after is not None:
            word = normalise(after.group(1))
            if word in _PAIR_VERBS or {"VBP", "VBD"} & inflections(word):
                return True
        before = text[: first.start]
        if _WITH_BEFORE.search(before) is not None:
            return True
        sent_to = _TO_WHOM.search(before) is not None
        return sent_to and not _no_pair_of_people(text, second.end)

    def _instead_of(self, res: Resolved, other: Resolved) -> bool:
        """A firm and a person offered as the one or the other: "anchor or mrs marr"."""
        if not self._listed_with(res, other):
            return False
        first, second = sorted((res.cand, other.cand), key=lambda cand: cand.start)
        between = self._texts[res.text_index][first.end : second.start]
        return _OR_JOINT.fullmatch(between) is not None

    def _a_title_listed(self, res: Resolved, other: Resolved) -> bool:
        """A thing's whole title of several words, in a list with a name said on its own strength.

        "cover project vesperine and pivot materials", "notes on summit software, vector
        networks, ...": what is listed with names is named too, where a phrase of everyday
        words alone ("slack tide") is as often the phrase. A firm is listed with people
        too ("cover adamant energy and hương hoàng"), a show or a drink only with things.
        """
        if res.page.is_person or res.cand.tokens < 2 or other.arm in _KIND_ARMS:
            return False
        if other.page.is_person and not _organisation(res):
            return False  # "we saw Tom Hale and stray dogs": things are listed with things
        return self._listed_with(res, other, people_only=False)

    def _listed_with(self, res: Resolved, other: Resolved, *, people_only: bool = True) -> bool:
        """The mention and a person named on their own strength stand side by side in a list.

        Any page named so, not only a person, when ``people_only`` is off.
        "wren and rook's wedding", "me, odile and tamsin", "oona pell, grant, me", or a
        line each ("Wilf Arkwright - yes" / "grant - maybe"): people are listed with people, and
        an everyday word is seldom listed with a person ("salt and pepper" names nobody).
        """
        if other.text_index != res.text_index or (people_only and not other.page.is_person):
            return False
        if other.slug == res.slug or res.text_index >= len(self._texts):
            return False
        text = self._texts[res.text_index]
        if _next_lines(res.cand, other.cand, text) and not res.cand.calendar:
            return True  # "wilf - yes" / "GRANT - maybe": a line each, in one shape
        first, second = sorted((res.cand, other.cand), key=lambda cand: cand.start)
        if first.end > second.start:
            return False
        between = text[first.end : second.start]
        if "," in between and _opens_a_clause(text, second):
            return False  # "no late shifts from June, and ivo says ...": two clauses
        if _LIST_JOINT.fullmatch(between) is None:
            # "me, bailey, hazel and two temps": a comma joins a list only when the list
            # goes on after the mention ("I rang Odile, grant forms are due" is two clauses)
            goes_on = _LIST_GOES_ON.match(text, res.cand.end)
            if _LIST_COMMA.fullmatch(between) is None or goes_on is None:
                return False
            # "Tom Hale, ash, oak and birch logs" lists things; "odhran, jordan and merry"
            # people, when the word that goes on is a person's name and no noun of a thing
            following = goes_on.group("next")
            if not self._a_persons_name(following) and _a_thing_listed(following):
                return False
        # "ping Odile and mark it as done": a verb with its object, not a second name
        after = _NEXT_WORD.match(text, res.cand.end)
        verb = "VERB" in sense(res.cand.norm).readings
        return not (verb and after is not None and normalise(after.group(1)) in _OBJECTS)

    def _a_persons_name(self, word: str) -> bool:
        """A word a person of the turn is named by, no noun ("merry", not "birch")."""
        norm = normalise(word)
        return norm in self._names and not sense(norm).noun

    def _on_topic(self, res: Resolved, page: _Content) -> list[str]:
        """The words the mention's sentence shares with what the page is about, if enough.

        A page says what its subject is about; a sentence that names the page talks about the
        same things ("trellis is blocked on the load test" of a page "Trellis ... blocked on
        the load test"), while the everyday word does not ("a trellis for the roses").
        Only the mention's own sentence counts (a long pasted text shares words with any
        page), and pronouns do not. :data:`CONTEXT_MIN_SHARED` words must be shared and say
        enough together: a word's weight is how rare it is in English (6 minus its Zipf
        frequency: "schema" 2.9, "kids" 0.7), and the weights must reach
        :data:`ON_TOPIC_MIN_WEIGHT` ("kids" and "working" are in every family's pages). Or the
        noun the word modifies is shared and half as rare ("the trellis queue" of a page that
        speaks of its queue).
        """
        cand = res.cand
        if cand.text_index >= len(self._texts):
            return []
        text = self._texts[cand.text_index]
        start, end = _sentence_around(text, cand.start, cand.end)
        names = set(_words(res.page.title)) | set(_words(cand.raw))
        context = _context_words(text[start : cand.start] + " " + text[cand.end : end], names)
        page_forms = self._page_forms(page, names)
        shared = sorted(
            word
            for word, forms in context.items()
            if word not in _PRONOUN_CLASSES and forms & page_forms
        )
        weight = sum(_specificity(word) for word in shared)
        following = _NEXT_WORD.match(text, cand.end)
        head = normalise(following.group(1)) if following is not None else ""
        if len(shared) >= CONTEXT_MIN_SHARED and weight >= ON_TOPIC_MIN_WEIGHT:
            return shared
        if head in shared and _specificity(head) >= ON_TOPIC_MIN_WEIGHT / 2:
            return shared
        return []

    def _page_forms(self, page: _Content, names: set[str]) -> frozenset[str]:
        """The lemma forms of a page's content words (see :func:`_forms_of`)."""
        return _forms_of(page.raw, frozenset(names))

    def _content(self, slugs: list[str]) -> dict[str, _Content]:
        """The pages' content, read once per turn (settling a shared name reads it too)."""
        missing = [slug for slug in slugs if slug not in self._read]
        if missing:
            rows = self._conn.execute(
                _CONTENT, (CONTENT_CHARS, self._brain_id, self._source, missing)
            ).fetchall()
            self._read.update(dict.fromkeys(missing))
            for slug, title, summary, body, aliases in rows:
                raw = f"{title}\n{summary}\n{body}"
                surfaces = {normalise(title), slug_suffix_form(slug), *aliases}
                strong = tuple(sorted(s for s in surfaces if s and not _ordinary_surface(s)))
                weak = tuple(sorted(s for s in surfaces if s and _ordinary_surface(s)))
                self._read[slug] = _Content(slug, normalise(raw), raw, strong, weak)
        return {slug: page for slug in slugs if (page := self._read.get(slug)) is not None}

    def _named_before(self, page: _Content, mention: str) -> bool:
        if not self._prior:
            return False
        if self._prior_folded is None:
            self._prior_folded = normalise(self._prior)
        if page.slug in self._prior:
            return True
        return any(
            _contains(self._prior_folded, surface) for surface in page.strong if surface != mention
        )


def _someone_elses_thing(res: Resolved) -> bool:
    """Everyday words owned by someone the title does not name, or any one: "my mum's orchard".

    Named before, "the orchard" may be the page; someone's own orchard is theirs, and "a
    pillow fight" is any one ("the pups had a pillow fight", of Pillow Fight Events).
    """
    span = res.cand.span
    if span is None or span.first < 1 or not res.cand.ambiguity:
        return False
    before = span.tokens[span.first - 1]
    if not span.tokens[span.first].glued:
        return False
    if before.norm in ("a", "an"):
        return True
    return before.possessive and before.norm not in normalise(res.page.title).split()


def _by_the_words_beside(options: Sequence[Resolved]) -> Resolved | None:
    """The one page an initial or a child's noun fits, of those sharing the name.

    "A. Quaintance has signed" of Ambrose and Tilly Quaintance is Ambrose; "the Quaintance
    girl" is Tilly, the page of a child (:func:`_a_child`); "Grace M" of Grace Marrick and
    Grace Tolland is Grace Marrick.
    """
    cand = options[0].cand
    for signal in cand.signals:
        if signal.startswith(GIVEN_INITIAL):
            fits = [res for res in options if _given_initial_agrees(res, signal) is True]
            if len(fits) == 1:
                return _settled(fits[0], options, signal, "it fits this page and not")
    span = cand.span
    if span is None or span.last + 1 >= len(span.tokens):
        return None
    after = span.tokens[span.last + 1]
    if not after.glued:
        return None
    if len(after.norm) == 1 and after.norm.isalpha() and _an_initial(after, span.tokens):
        # "Grace M, that is", "zainab r needs ...", "sam o's laptop": the family name's
        # initial after a given name two pages share, typed in lowercase too
        letter = after.norm
        fits = [res for res in options if fold(res.page.title).split()[-1].startswith(letter)]
        if len(fits) == 1 and all(res.page.is_person for res in options):
            return _settled(fits[0], options, f"a family initial ({after.raw})", "it fits")
        return None
    if after.norm not in _A_FAMILYS_CHILD:
        return None
    fits = [
        res
        for res in options
        if res.page.is_person and _a_child(res.page.summary or "", after.norm)
    ]
    if len(fits) != 1:
        return None
    return _settled(fits[0], options, f"a family's {after.norm}", "a child's page, not")


def _an_initial(letter: Token, tokens: Sequence[Token]) -> bool:
    """A lone letter that is an initial, not the article or the pronoun.

    "a" and "i" are the words, unless a verb that takes a third person follows ("ruth a
    wants a read-through", not "ask ruth a question").
    """
    if letter.norm not in ("a", "i"):
        return True
    nxt = tokens[letter.index + 1] if letter.index + 1 < len(tokens) else None
    return nxt is not None and nxt.glued and bool({"VBZ", "VBD"} & inflections(nxt.norm))


def _by_its_role(options: Sequence[Resolved], text: str) -> Resolved | None:
    """The one page of a shared name whose summary says what the words right beside it say.

    "secretary odinaka, not fixtures odinaka", "the coach sigrun", "head groom tam",
    "Sigrun - the coach one": a role said right before the name, or after it as "the ...
    one", picks the page that gives that role, when only one of them does. A name after
    "not" is the one not meant, and is settled by nothing here.
    """
    cand = options[0].cand
    before = _ROLE_BEFORE.search(text[: cand.start])
    if before is not None and "not" in _words(before.group(0)):
        return None  # "not fixtures odinaka": the one not meant
    if (
        before is not None
        and _ARTICLE_FIRST.match(before.group(0))
        and _a_verb_next(text, cand.end)
    ):
        return None  # "ask the teacher hannah mentioned": a teacher she mentioned
    after = _ROLE_AFTER.match(text, cand.end)
    said = " ".join(match.group("role") for match in (before, after) if match is not None)
    words = {word for word in _words(said) if not sense(word).function}
    if not words or not all(sense(word).noun for word in words):
        return None  # "I told odinaka": a verb, no role
    fits = [res for res in options if words & _said_of(res.page.summary or "")]
    if len(fits) != 1:
        return None
    fitting = words & _said_of(fits[0].page.summary or "")
    return _settled(
        fits[0], options, ROLE_BESIDE, f"{', '.join(sorted(fitting))} fit this page and not"
    )


def _by_what_follows(options: Sequence[Resolved], text: str) -> Resolved | None:
    """The one page of a shared name whose summary says every word said right after it.

    "tara next door said she'd water the plants": a word or two between the name and its verb
    ("next door") that only one page's summary says ("Next-door neighbour") says which
    Tara; words no summary or both say settle nothing.
    """
    cand = options[0].cand
    follows = next(
        (
            found
            for pattern in _FOLLOWING_WORDS
            if (found := pattern.match(text, cand.end)) is not None
            and _a_verb_next(text, found.end())
            and not all(sense(word).function for word in _words(found.group("words")))
        ),
        None,
    )
    if follows is None:
        return None
    said = _words(follows.group("words"))
    words = {word for word in said if not sense(word).function}
    nouns = {word for before, word in zip(["", *said], said, strict=False) if before in DETERMINERS}
    verbs = {"VBD", "VBZ", "VBG", "VBN"}
    if not words or any(verbs & inflections(word) for word in words - nouns):
        return None  # a verb among them: "tara next door" is no "tara sent the form"
    fits = [res for res in options if _says_most_of(words, res.page.summary or "")]
    if len(fits) != 1:
        return None
    fitting = words & _said_of(fits[0].page.summary or "")
    return _settled(
        fits[0], options, ROLE_BESIDE, f"{', '.join(sorted(fitting))} fit this page and not"
    )


def _says_most_of(words: set[str], summary: str) -> bool:
    """The summary says at least half the words ("night desk" of a "night presenter")."""
    said = words & _said_of(summary)
    return bool(said) and 2 * len(said) >= len(words)


#: Up to four lowercase words right after a name, before its verb ("tara next door said",
#: "tara at the optician says", "ravi from the night desk said").
_FOLLOWING_WORDS: Final = tuple(
    re.compile(rf"\s+(?P<words>[a-z]+(?:[\s-][a-z]+){{{count}}})(?=\s)") for count in range(4)
)


def _the_users_own(options: Sequence[Resolved], text: str) -> Resolved | None:
    """The one page of a shared name whose summary makes them the user's, after "our" or "my".

    "our Ola says the invoices are late", of two people called Ola, is the one whose page
    calls her "Our bookkeeper" (or the user's), not the launderette's owner.
    """
    cand = options[0].cand
    if _OURS_BEFORE.search(text, 0, cand.start) is None:
        return None
    fits = [res for res in options if _USERS.search(res.page.summary or "") is not None]
    if len(fits) != 1:
        return None
    return _settled(fits[0], options, THE_USERS_OWN, "its page makes them the user's, not")


#: What "our" or "my" before a shared name is evidence of (see :func:`_the_users_own`).
THE_USERS_OWN: Final = "the user's own, by 'our' or 'my'"
#: "our" or "my" right before the name.
_OURS_BEFORE: Final = re.compile(r"\b(?:our|my)\s+$", re.IGNORECASE)
#: A summary that makes its person the user's: "Our conservator ...", "the user's cousin".
_USERS: Final = re.compile(r"^\W*(?:our|my)\b|\b(?:the\s+)?user['’]s\b", re.IGNORECASE)


def _a_verb_next(text: str, end: int) -> bool:
    """The word after a name is a verb's past or third person: the name is its subject."""
    following = _NEXT_WORD.match(text, end)
    return following is not None and bool(
        {"VBD", "VBZ"} & inflections(normalise(following.group(1)))
    )


#: A role said after an article ("the teacher hannah").
_ARTICLE_FIRST: Final = re.compile(r"\W*(?:the|a|an)\s", re.IGNORECASE)


def _said_of(summary: str) -> set[str]:
    """The words of a page's summary, each also without a plural's "s"."""
    words = set(_words(summary))
    return words | {word.removesuffix("s") for word in words}


#: What a role beside a shared name is evidence of (see :func:`_by_its_role`).
ROLE_BESIDE: Final = "a role said beside it"
#: One or two words right before a name, after a mark or an article ("the coach sigrun").
_ROLE_BEFORE: Final = re.compile(
    r"(?:^|[.,;:!?(\-–—]\s*|\bnot\s+|\b(?:the|our|my|your)\s+)"
    r"(?:(?:the|our|my|your)\s+)?(?P<role>[a-z]+(?:\s+[a-z]+)?)\s+$",
    re.IGNORECASE,
)
#: "Sigrun - the coach one", "Sigrun, the coach one": a role after the name.
_ROLE_AFTER: Final = re.compile(
    r"\s*(?:[,?\-–—]\s*)?the\s+(?P<role>[a-z]+(?:\s+[a-z]+)?)\s+one\b", re.IGNORECASE
)


def _telling(fits: dict[str, list[str]], pages: int) -> dict[str, list[str]]:
    """The words each page fits by, less those every page fits by ("he" of two men).

    A word every option shares tells none of them apart.
    """
    if len(fits) < pages or pages < 2:
        return fits
    common = set.intersection(*(set(words) for words in fits.values()))
    telling = {slug: [w for w in words if w not in common] for slug, words in fits.items()}
    return {slug: words for slug, words in telling.items() if words}


def _word_at(word: str, text: str) -> int:
    """Where ``word`` first stands as a word in ``text`` (its end if it does not)."""
    found = re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE)
    return found.start() if found is not None else len(text)


#: A determiner right before a role: the role is another's ("ask the accountant", "with her
#: accountant") ...
_THE_OR_WHOSE: Final = "|".join(sorted({"the", *POSSESSIVE_DETERMINERS}))
_SOMEONE_ELSE: Final = re.compile(rf"(?:\b(?:{_THE_OR_WHOSE})|\w['’]s)\s+$", re.IGNORECASE)
#: ... unless a copula says the one named is it: "is anna still my dentist", "farah's the".
_SAID_TO_BE_ONE: Final = re.compile(
    r"(?:\b(?:is|was)|['’]s)\s+(?:\w+\s+)?(?:(?:still|now|not|also)\s+)?"
    rf"(?:{_THE_OR_WHOSE})\s+$",
    re.IGNORECASE,
)
#: A determiner before a word that is also an adjective: said as a noun ("the piano lesson").
_DETERMINED: Final = re.compile(rf"\b(?:{'|'.join(sorted(DETERMINERS))})\s+$", re.IGNORECASE)


def _enough_shared(shared: Sequence[str], summary: str, text: str) -> bool:
    """Enough words to settle a shared name by: two, one rare word, or one of its summary's.

    One no everyday text uses settles it, and so does one of what the page's summary says its
    subject is: the summary defines its page ("Lighting designer on tour"), so a less rare
    noun of it ("is farah doing the lighting") tells one namesake from another as a rare
    word of the body would: a noun only, and not one said of another ("farah wants a new
    accountant" of the Farah who is one). A pronoun ("she" of one page and not the other), a
    day ("tuesdays") or a word no dictionary has (a name) is no such word.
    """
    if len(shared) >= CONTEXT_MIN_SHARED:
        return True
    if len(shared) != 1 or not shared[0].isalpha():
        return False
    word = shared[0]
    singular = word[:-1] if word.endswith("s") else word
    if sense(word).calendar or sense(singular).calendar:
        return False
    # a dictionary word: a name the word list lacks ("odhran") is somebody's, no topic
    meaning = sense(word)
    if not meaning.lexical:
        return False
    if meaning.zipf <= RARE_WORD_MAX_ZIPF:
        return True
    if meaning.zipf > SUMMARY_WORD_MAX_ZIPF or not meaning.noun:
        return False
    if re.search(rf"\b(?:a|an|another|other|new)\s+{re.escape(word)}\b", text, re.IGNORECASE):
        return False  # "looking for a new accountant": another one
    at = _word_at(word, text)
    if singular in ROLE_NOUNS and _SOMEONE_ELSE.search(text, 0, at):
        if not _SAID_TO_BE_ONE.search(text, 0, at):
            return False  # "did farah ask the accountant": a role said of somebody else
    if "ADJ" in meaning.readings and not _DETERMINED.search(text, 0, at):
        return False  # "farah wants to go freelance": said as an adjective
    return bool({word, singular} & _said_of(summary))


def _the_person_not_their_thing(options: Sequence[Resolved]) -> Resolved | None:
    """The person a shared one-word name names, over things named after them.

    "ianto in at 11" of Ianto Vance and the "Garden Mural (Ianto)" project: a thing named
    after its person is called by more than the name ("ianto's mural", "the mural"), the
    bare name by its bearer. Only when every other page's title holds the name among words
    of its own, and exactly one page is a person's.
    """
    cand = options[0].cand
    if cand.tokens != 1:
        return None
    people = [res for res in options if res.page.is_person]
    things = [res for res in options if not res.page.is_person]
    if len(people) != 1 or not things:
        return None
    for res in things:
        title = _words(res.page.title)  # "Garden Mural (Ianto)"
        if cand.norm not in title or len(title) < _NAMED_AFTER_MIN_WORDS:
            return None
    why = "the other pages are things named after this person, called by more than the name:"
    return _settled(people[0], options, NAMED_AFTER, why)


#: The evidence of :func:`_the_person_not_their_thing`.
NAMED_AFTER: Final = "the bearer of a name things are named after"
#: A thing named after a person has the name and a word of its own at least.
_NAMED_AFTER_MIN_WORDS: Final = 2


def _settled(chosen: Resolved, options: Sequence[Resolved], signal: str, why: str) -> Resolved:
    """The page a shared name was settled on, saying by what and over which others."""
    others = ", ".join(res.slug for res in options if res.slug != chosen.slug)
    decision = f"ambiguous {chosen.cand.norm!r} settled by {signal}: {why} {others}"
    confidence = round(_base(chosen) - AMBIGUITY_PENALTY, 4)
    return replace(chosen, confidence=confidence, signals=(signal,), decision=decision)


def _fits_best(sentence: dict[str, list[str]], whole: dict[str, list[str]]) -> bool:
    """One page fits the sentence in enough words, and the turn fits every other one less."""
    if len(sentence) != 1:
        return False
    ((slug, shared),) = sentence.items()
    others = [len(words) for other, words in whole.items() if other != slug]
    return len(shared) >= CONTEXT_MIN_SHARED and all(count < len(shared) for count in others)


def _stands_as_a_name(res: Resolved) -> bool:
    """The words around the mention let it be a name at all.

    No veto, and an ordinary word or an ordinary reading ("the rose bed") has name evidence
    of its own.
    """
    if veto(res) is not None or final_decline(res):
        return False
    # a noun of the dictionary typed in lowercase is as likely that noun ("grows tansy")
    noun = LOWERCASE in res.cand.signals and sense(res.cand.norm).noun
    everyday = res.cand.ambiguity or ordinary_reading(res) or noun
    return not everyday or bool(local_evidence(res))


def _next_lines(one: Candidate, other: Candidate, text: str) -> bool:
    """Two mentions that label lines next to each other in one shape ("Wilf - yes")."""
    first, second = sorted((one, other), key=lambda cand: cand.start)
    shapes = (_line_label(first), _line_label(second))
    if None in shapes or shapes[0] != shapes[1]:
        return False
    return text.count("\n", first.end, second.start) == 1


def _line_label(cand: Candidate) -> str | None:
    """What follows a mention that opens its line ("dash" or "colon"), or None."""
    span = cand.span
    if span is None or not span.tokens[span.first].line_start:
        return None
    last = span.tokens[span.last]
    return "dash" if last.dash_after else "colon" if last.colon_after else None


def _specificity(word: str) -> float:
    """How much a shared word says: 6 minus its Zipf frequency (a rare word says more)."""
    return max(0.0, 6.0 - sense(word).zipf)


def _soft(signal: str) -> bool:
    """Evidence that leans on other guesses: sharing words with a page, or a list."""
    return signal.startswith((ON_TOPIC, LISTED_WITH_PERSON, LISTED_WITH_NAMES))


def _sentence_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The bounds of the sentence or line holding ``text[start:end]`` (a bounded reach)."""
    before = max(text.rfind(mark, 0, start) for mark in ".!?\n")
    after = [found for mark in ".!?\n" if (found := text.find(mark, end)) != -1]
    left = max(before + 1, start - SENTENCE_REACH)
    right = min(min(after, default=len(text)), end + SENTENCE_REACH)
    return left, right


def _base(res: Resolved) -> float:
    return CONFIDENCE[res.arm] - res.cand.penalty


def _words(text: str) -> list[str]:
    return [normal_word(word) for word in _WORD.findall(text)]


@lru_cache(maxsize=PAGE_FORMS_CACHED)
def _forms_of(raw: str, names: frozenset[str]) -> frozenset[str]:
    """The lemma forms of a page's content words but ``names``.

    A pure function of the text, kept across turns: a busy brain's namesakes are settled
    against the same pages again and again.
    """
    return frozenset().union(*_context_words(raw, names).values())


def _context_words(text: str, exclude: set[str] | frozenset[str]) -> dict[str, frozenset[str]]:
    """Content words of ``text`` -> their lemma forms (see module docs for what counts)."""
    found: dict[str, frozenset[str]] = {}
    for word in _words(text):
        if word in _PRONOUNS:
            found[_PRONOUNS[word]] = frozenset({_PRONOUNS[word]})
            continue
        if len(word) < CONTEXT_MIN_CHARS or word in exclude or word in found:
            continue
        meaning = sense(word)
        if meaning.function or meaning.calendar or meaning.zipf >= CONTEXT_MAX_ZIPF:
            continue
        found[word] = lemmas(word)
    return found


def _ordinary_surface(surface: str) -> bool:
    return " " not in surface and is_ordinary(surface)


def _contains(folded: str, surface: str) -> bool:
    """``surface`` is in ``folded`` as whole words (looked for as a substring first)."""
    return surface in folded and _whole_words(folded, surface)


def _whole_words(text: str, surface: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(surface)}(?!\w)", text) is not None


def _names(content: _Content, other: _Content, shared: str = "") -> bool:
    """``content`` names ``other``: its slug, an unambiguous surface, or a capitalised one.

    ``shared``, a name the two pages' subjects share, says nothing of which is named.
    """
    if other.slug in content.raw:
        return True
    if any(_contains(content.folded, surface) for surface in other.strong if surface != shared):
        return True
    return any(
        _contains(content.raw, surface.capitalize()) for surface in other.weak if surface != shared
    )


def _related(page: _Content, other: _Content, shared: str = "") -> bool:
    return _names(page, other, shared) or _names(other, page, shared)


def _opens_a_clause(text: str, second: Candidate) -> bool:
    """The name after ", and" is the subject of a verb of its own: "and" joined two clauses.

    A pair of names takes a plural verb ("June and Ivo say"); "..., and Ivo says" begins
    a new clause, whatever came before the comma. Without the comma a singular verb may
    agree with a noun the pair modifies ("the clash between June and Ivo is sorted").
    """
    after = _NEXT_WORD.match(text, second.end)
    if after is None:
        return False
    word = normalise(after.group(1))
    return word in _ONE_SUBJECTS_VERBS or ("VBZ" in inflections(word) and not sense(word).noun)
