"""What the grammar around a one-word mention says: a name, or an ordinary word used as one.

A capital at the start of a sentence says nothing, and a word typed in lowercase says little,
so a name that is also an everyday word ("Heath", "sage", "pierce") is decided by how the
words around it treat it. English grammar gives evidence both ways, read from the lexicon's
parts of speech and inflections (``lemminflect``), never from a list of names.

A **name** reading:

* *a bare subject*: the word opens its clause and a finite verb follows it straight away
  ("Heath phoned back", "Sage can take it", "Reed is driving over"). A singular common
  noun needs an article to be a subject ("The heath burned"), so a bare one is a name. A
  copula counts only before a verb in -ing: "Adelaide was warm" says as much of a city as
  of a person;
* *asked who*: "who is X", "who X is";
* *the possessor of what only a person has*: "X's opinion", "X's voicemail";
* *the partner of a conversation*: "speak to X", "lunch with X", "check in with X";
* *the object of a preposition that cannot be a noun*: "an update on pierce" (a verb), or a
  singular count noun with no determiner ("a letter came from spindle");
* *the indirect object of a verb*: "i promised pierce a draft";
* *a verb's object that is only an adjective* ("could you meet merry on friday"), after a verb no
  adjective completes ("it looks sunny", "keep calm");
* *a title ending in a count noun, with no determiner*, as an argument: "take it to
  thursday clinic";
* *listed with a person*: "she and mark want a quiet table".

An **ordinary** reading, which settles the word whatever the rest of the conversation says:

* *an imperative*: a verb opening the sentence before an article or a particle ("Iron the
  shirts", "Pare down the list"; before a particle and an article, any word);
* *a verb after its subject*: "we hem the curtains", "the pupils brook no delay", "the
  bakery won an award" (after a singular noun, only a past or third-person form);
* *an adjective after a degree word*: "a little rusty", "rather sage";
* *a modifier of the noun after it*: "Sage tea", "Hazel saplings" (people's names do not
  modify nouns without a possessive; for a person's page only); before a word that may be a
  noun or a verb ("Cobalt prices rose", "Quill feathers ...") the word is either a modifier
  or a subject, and nothing in the conversation can tell which;
* *a bare noun after "at"*: "costs kept at bay" (time, place, state; for a person's page);
* *a word of a passage in another language*: "translate: el sol sale por el este".
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from bb_brain._orgnames import STREETS
from bb_brain.reflex._lexicon import (
    AGENT_VERBS,
    DETERMINERS,
    FAMILY_WORDS,
    FUNCTION_WORDS,
    INTERVENING_ADVERBS,
    KIND_NOUNS,
    NAME_MODALS,
    OBJECT_OPENERS,
    PERSON_VERBS_BEFORE,
    POSSESSIVE_DETERMINERS,
    ROLE_NOUNS,
    SEASONS,
    SUBJECT_PRONOUNS,
    WEEKDAYS,
    is_calendar_word,
)
from bb_brain.reflex._ordinary import (
    WordSense,
    inflections,
    seldom_a_verb,
    sense,
    unknown_word,
)

if TYPE_CHECKING:
    from bb_brain.reflex._tokens import Token

BARE_SUBJECT: Final = "bare subject of a verb"
ASKED_SUBJECT: Final = "the subject of a question"
ASKED_FOR_A_DAY: Final = "the subject of a question about one day"
BARE_OBJECT: Final = "object of a preposition, and no noun"
BARE_VERB_OBJECT: Final = "a singular count noun as a verb's object, with no article"
ADJECTIVE_AS_OBJECT: Final = "a word that is only an adjective, as a verb's object"
TO_DO_SOMETHING: Final = "the one needed to do something"
REFERRED_BACK: Final = "a name that 'he' or 'she' refers back to"
EPISODE_SUBJECT: Final = "bare subject of an event"
INDIRECT_OBJECT: Final = "indirect object of a verb"
ASKED_WHO: Final = "asked who"
ASKED_WHAT_ONE_DOES: Final = "asked what someone does"
PERSONAL_POSSESSION: Final = "possessor of a person's noun"
BARE_POSSESSOR: Final = "a possessor with no article"
CONVERSATION_PARTNER: Final = "partner of a conversation"
BARE_COUNT_PHRASE: Final = "a phrase ending in a count noun, with no determiner"

IMPERATIVE: Final = "an imperative verb"
VERB_AFTER_SUBJECT: Final = "a verb after its subject"
AFTER_DEGREE: Final = "an adjective after a degree word"
AFTER_ADJECTIVE: Final = "a noun after its adjective"
MODIFIER: Final = "a modifier of the noun after it"
BEFORE_NOUN: Final = "before a noun (its modifier or its subject)"
AT_BARE_NOUN: Final = "a bare noun after 'at'"
AFTER_ARTICLE: Final = "after an article"
AFTER_THE: Final = "after 'the'"
AFTER_A: Final = "after 'a' or 'an'"
COUNTED: Final = "a noun counted by the number before it"
COUNTED_OUT: Final = "a thing counted out by the number that opens its item"
MEASURED: Final = "what a counted measure is of"
_NUMBER: Final = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_NUMBER_WORDS: Final = frozenset(
    "two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty "
    "fifty hundred thousand dozen few several many".split()
)
LISTED_WITH_PLACE: Final = "listed with a place"
SUBJECT_LEFT_OUT: Final = "a verb whose subject is left out"
INFINITIVE: Final = "an infinitive after a verb that takes 'to'"
LET_DO: Final = "a bare verb after 'let me' and the like"
QUOTED_WORD: Final = "a word quoted alone, talked about as a word"
WORD_OF_A_LANGUAGE: Final = "a word of the language its sentence names"
A_UNIT: Final = "a unit after a quantity and 'per'"
A_WORK_WATCHED: Final = "the title of something watched"
#: A thing's name, typed in lowercase too, as what is being watched: a film, a show.
A_SHOW_WATCHED: Final = "what is being watched, a film or a show"
AFTER_A_NOUN: Final = "the head of a compound after a noun"
SAID_TO_BE_A_PLACE: Final = "a parenthesis after it says it is a place"
FOREIGN_PASSAGE: Final = "a word of a passage in another language"
SAID_TO_BE_A_WORK: Final = "said to be a work or a being of fiction"
SAID_TO_EXIST: Final = "said to exist, after 'there is' (a name is never new there)"
SAID_AS_A_TIME: Final = "a month doing what a time does ('june's looking busy')"
AUTHOR_OF_WORKS: Final = "the author of works, by their possessive"
HEARD_OF: Final = "named as the famous are: watched, listened to on record, by calling"
EPONYM: Final = "a namesake of a numbered law or a paradox, by their possessive"
MODAL_AS_NAME: Final = "a modal where no modal stands"
WHEREABOUTS: Final = "where someone is at a time, or a day off"
A_VISIT: Final = "comes round, or is had round, to do a job"
HAS_PEOPLE_OR_AILMENT: Final = "has a head count or an ailment"
#: How many words either side of a word show which language its sentence is in.
LANGUAGE_REACH: Final = 4
#: Nouns for places that an aside names ("Chad (the country)").
_PLACE_NOUNS: Final = frozenset(
    "country state city town village island region county province capital".split()
)
#: Verbs of watching: a capitalised word after one titles a film or a show ("watched Hook").
_VIEWING: Final = frozenset("watched rewatched rewatching binged bingeing streamed".split())
#: The verb of watching in the present too: "watching X with the kids", "watch X again".
_WATCHING: Final = _VIEWING | frozenset("watch watches watching".split())

#: Readings that settle the word as ordinary whatever else is said.
ORDINARY_READINGS: Final = (
    IMPERATIVE,
    VERB_AFTER_SUBJECT,
    AFTER_DEGREE,
    AFTER_ADJECTIVE,
    BEFORE_NOUN,
    COUNTED,
    SUBJECT_LEFT_OUT,
    INFINITIVE,
    LET_DO,
    QUOTED_WORD,
    WORD_OF_A_LANGUAGE,
    A_UNIT,
    AFTER_A_NOUN,
)
#: Ordinary readings that only rule out a person (organisations modify nouns: "the Zenbrook deal").
NOT_A_PERSON: Final = (MODIFIER, AT_BARE_NOUN, A_WORK_WATCHED, SAID_TO_BE_A_WORK)
_ARTICLES: Final = frozenset({"the", "a", "an"})
_COORDINATORS: Final = frozenset({"and", "or", "nor", "&", "/"})

#: The auxiliaries, their negatives among them ("haven't" of "summit haven't paid").
_COPULAS: Final = frozenset("is are was were am 's be isn't aren't wasn't weren't".split())
_HAVE: Final = frozenset("has have had hasn't haven't hadn't".split())
#: What a day or a month does: it comes, goes, drags or flies, and looks or seems a way.
_WHAT_A_TIME_DOES: Final = frozenset(
    "come arrive go pass fly drag start end begin finish approach roll loom creep last look "
    "seem sound".split()
)
#: "I" and its contractions typed without the apostrophe: "im", "ive", "ill".
_TYPED_I: Final = frozenset("im ive id ill".split())
#: A plural verb, which a singular count noun takes only as a firm's name ("comet are late").
_A_FIRM_S_PLURAL: Final = frozenset("are were aren't weren't".split())
_MODALS: Final = frozenset("can could will would shall should may might must 'll 'd".split())
_DO: Final = frozenset("does did doesn't didn't can't won't couldn't wouldn't".split())
#: What opens a question before its subject and the subject's plain verb ("could X fix it?").
_QUESTION_OPENERS: Final = _DO | frozenset("can could would should might must".split())
#: Words after which a subject is followed by a bare verb ("did X call", "let X know").
_INVERTING: Final = _MODALS | _DO | frozenset("do does don't let lets".split())
#: Words that open a clause before its subject.
_CLAUSE_OPENERS: Final = frozenset(
    "and but or so because since when whenever if whether unless that while though although "
    "once until after before then also plus cause cos coz cuz tho".split()
) | frozenset(
    # verbs and words after which a whole clause follows with no "that": "make sure ivy
    # gets the keys", "i think rook found it", "hope wren likes it"
    "sure think thinks thought hope hoping reckon reckons guess bet suppose".split()
)
#: Prepositions whose object a bare verb or adverb cannot be ("on pierce" is a name).
_PREPOSITIONS: Final = frozenset("on about with to for from at of by".split())
_PARTICLES: Final = frozenset("out up off down into away back over through onto".split())
#: "with", as typed in a hurry too ("pencil it in w merry").
_WITH: Final = frozenset({"with", "w"})
_DEGREE_WORDS: Final = frozenset(
    "very too so quite rather pretty fairly really extremely somewhat slightly super totally "
    "incredibly bit little more most less least how".split()
)
#: Nouns whose possessor is a person: opinions, messages, relations, roles.
_PERSONAL_NOUNS: Final = frozenset(
    """
    take view views opinion opinions thoughts idea ideas proposal feedback advice input
    email emails message messages note notes reply answer question questions concern
    concerns suggestion suggestions comment comments call voicemail calendar schedule
    availability wife husband partner kids son daughter mother father mom mum mam dad sister brother
    family boss manager team role title number phone address birthday intro introduction
    desk office side point decision request offer signature approval sign-off
    pr prs ticket tickets branch draft drafts doc docs slides deck invoice invoices contract
    shift shifts flight leave appointment appt wedding quote quotes statement interview
    crew gang squad lads staff lesson lessons lot
    """.split()
)
#: Words of talking and meeting, after which "to X" or "with X" is a person ("according to X"
#: too: whom something is heard from).
_TALK: Final = frozenset(
    """
    talk talked talking talks speak spoke speaking chat chatted chatting call calls called
    meeting meetings meet met sync synced syncing catch-up lunch coffee dinner drinks reply
    replied replying write wrote writing email emailed message messaged intro introduced
    one-on-one 1:1 check-in lesson lessons session sessions class appointment appt interview
    shift rehearsal practice according
    """.split()
)
#: Phrasal verbs of meeting: "check in with X", "catch up with X".
_TALK_PHRASES: Final = frozenset(
    "follow followed following catch caught catching check checked checking".split()
)


@lru_cache(maxsize=65536)
def finite(word: str) -> bool:
    """A finite verb form a singular subject takes: an auxiliary, a past or a 3rd-person -s."""
    if word in _COPULAS or word in _HAVE or word in _MODALS or word in _DO:
        return True
    return bool({"VBD", "VBZ"} & inflections(word))


def _lexical_finite(word: str) -> bool:
    """A finite form of a content verb that cannot be a noun ("phoned", "wrote", "agrees")."""
    meaning = sense(word)
    return finite(word) and not meaning.noun and not meaning.function


def _glued_after(tokens: list[Token], index: int) -> Token | None:
    nxt = index + 1
    return tokens[nxt] if nxt < len(tokens) and tokens[nxt].glued else None


def _glued_before(tokens: list[Token], index: int) -> Token | None:
    return tokens[index - 1] if index > 0 and tokens[index].glued else None


#: Words a clause may open with before its subject ("at least thorn swapped", "btw").
_OPENING_ADVERBS: Final = frozenset(
    "ok okay btw oh least luckily unfortunately apparently honestly anyway anyways now "
    "today yesterday tonight tomorrow finally "
    # what chat opens a sentence with, no comma after it: "lol sunny's done it again"
    "lol haha omg ugh argh wow yay phew".split()
)


def opens_clause(tokens: list[Token], index: int) -> bool:
    """The word is the first of its clause (sentence start, after a comma or a conjunction)."""
    token = tokens[index]
    if token.sentence_start or token.comma_before or not token.glued:
        return True
    before = tokens[index - 1]
    return before.norm in _CLAUSE_OPENERS or before.norm in _OPENING_ADVERBS


def _progressive(token: Token | None) -> bool:
    """A verb's "-ing" form, or a word of chat no dictionary has made one ("depping")."""
    if token is None or not token.norm.endswith("ing"):
        return False
    if "VBG" in inflections(token.norm):
        return True
    return len(token.norm) >= _COINED_ING_MIN_CHARS and unknown_word(token.norm)


#: An "-ing" word no dictionary has is a coined verb's form at this length ("depping").
_COINED_ING_MIN_CHARS: Final = 6


#: Subject pronouns that refer to a person (a noun is an "it").
_PERSONAL_SUBJECTS: Final = frozenset({"he", "she"})
#: Words that open a clause of the same sentence ("..., and she", "... but he").
_NEXT_CLAUSE: Final = frozenset("and but so because cos coz then though".split())
#: Words scanned after a subject for a pronoun that refers back to it.
REFER_BACK_TOKENS: Final = 16


def _referred_back(tokens: list[Token], index: int) -> bool:
    """A "he" or "she" opening the next clause refers back to the subject ``tokens[index]``.

    "wren can cover the shift, she knows the routine": an everyday noun is an "it", so a
    subject "he" or "she" that opens the following clause, with no other name between,
    makes the subject a person. An object or possessive pronoun may be anyone's ("hope kept
    him going"), and so may one inside a subordinate clause ("dawn broke before she woke").
    The sentence ends the search, and so does any capitalised word (another name), though
    not a function word in capitals, which is only stressed ("is NOT to have any"); a
    relative's word or someone's role between ("my uncle", "her boss") is whom a pronoun
    that fits it may mean ("he" of an uncle, either of a partner).
    """
    between: str | None = None  # the pronoun of a person named between, "" for either
    for tok in tokens[index + 1 : index + 1 + REFER_BACK_TOKENS]:
        if tok.sentence_start or (tok.capitalised and tok.norm != "i" and not _stressed(tok)):
            return False
        if _someones(tokens, tok):
            between = FAMILY_WORDS.get(tok.norm, "")  # "porto won, my uncle's ..."
        if tok.norm.split("'")[0] in _PERSONAL_SUBJECTS:  # "she", "she's", "he'll"
            said = tok.norm.split("'")[0]
            if between is not None and between in ("", said):
                return False  # "..., my uncle's thrilled, he'd a bet on": the uncle's
            before = tokens[tok.index - 1]
            return tok.comma_before or (tok.glued and before.norm in _NEXT_CLAUSE)
    return False


def _someones(tokens: list[Token], tok: Token) -> bool:
    """A relative's word, or a role that is someone here: "my brother", "the manager says".

    A role after a possessive is someone's ("her boss"); after "the" only as the subject of a
    verb ("the manager is thrilled"), as "take the lead" or "sit in the chair" is a thing.
    """
    if tok.norm in FAMILY_WORDS:
        return True
    if tok.norm not in ROLE_NOUNS:
        return False
    before = tokens[tok.index - 1] if tok.index and tok.glued else None
    if before is not None and (before.norm in POSSESSIVE_DETERMINERS or before.possessive):
        return True
    if before is None or before.norm != "the":
        return False
    after = _glued_after(tokens, tok.index)
    return tok.contracted or (after is not None and bool({"VBZ", "VBD"} & inflections(after.norm)))


def _her_own_after_her_verb(tokens: list[Token], index: int) -> bool:
    """A bare subject, its verb, then "her" or "his" and a noun: "honey needs her jabs".

    A thing has "its"; what the subject needs, lost or keeps of "her" own is a person's or an
    animal's. Not after a verb that gives to someone ("hope gave her strength", "faith cost
    her the job"): there "her" is whom it goes to, anyone.
    """
    token = tokens[index]
    if not opens_clause(tokens, index) or token.norm in DETERMINERS or token.possessive:
        return False
    verb = _glued_after(tokens, index)
    while verb is not None and verb.norm in INTERVENING_ADVERBS:
        verb = _glued_after(tokens, verb.index)
    if verb is None or not inflections(verb.norm) & {"VBZ", "VBD"} or verb.norm in _GIVING:
        return False
    if verb.norm in _COPULAS or sense(verb.norm).verb_lemmas & _GIVING:
        return False
    owner = _glued_after(tokens, verb.index)
    owned = _glued_after(tokens, owner.index) if owner is not None else None
    if owner is None or owned is None or owner.norm not in ("her", "his"):
        return False
    meaning = sense(owned.norm)
    # "her jabs": a plural the lexicon reads as a verb's "-s" only is its noun's too
    noun = meaning.noun or meaning.plural_noun or sense(owned.norm.removesuffix("s")).noun
    return noun and not inflections(owned.norm) & {"VBG", "VBN"}


def _a_persons_own(tokens: list[Token], index: int) -> bool:
    """A bare subject whose clause has "her" or "herself" for it: a person's, no thing's."""
    return _her_own_after_her_verb(tokens, index) or _done_to_herself(tokens, index)


def _done_to_herself(tokens: list[Token], index: int) -> bool:
    """A bare subject whose clause does something to "herself" or "himself".

    "grace can copy herself into the emails", "honey's booked himself in": a thing does
    things to "itself". The clause ends at its mark, and another name or a subject pronoun
    between them would be whom it refers to ("hope told me she'd ...").
    """
    if not opens_clause(tokens, index) or tokens[index].possessive:
        return False
    verb = _glued_after(tokens, index)
    if verb is None or not (verb.norm in _MODALS or inflections(verb.norm) & _FINITE_TAGS):
        return False  # "grace befitting the queen herself": no clause of its own
    for tok in tokens[index + 1 : index + 1 + _REFLEXIVE_REACH]:
        if not tok.glued or tok.sentence_start or tok.comma_before:
            return False
        if tok.norm in DETERMINERS or tok.norm in ("of", "like", "as", "than"):
            return False  # "grace like that of the queen herself": another's
        if tok.capitalised and tok.norm != "i" and not _stressed(tok):
            return False
        if tok.norm.split("'")[0] in _PERSONAL_SUBJECTS or tok.norm in ("i", "you", "we", "they"):
            return False
        if tok.norm in ("herself", "himself"):
            return True
    return False


#: Words after a subject within which its own "herself" or "himself" is looked for.
_REFLEXIVE_REACH: Final = 6
#: A verb's finite forms: the clause's own verb.
_FINITE_TAGS: Final = frozenset({"VBZ", "VBD", "VBP"})


#: Verbs whose "her" may be whom something goes to ("gave her strength", "cost her the job").
_GIVING: Final = frozenset(
    "give cost bring show tell send buy get make lend offer owe teach earn save win "
    "promise hand pass leave find pay".split()
)


def _a_time_passing(tokens: list[Token], index: int) -> bool:
    """A month's or a season's "is" and what a time does: "summer's nearly over", "june is here".

    The "she" after it is someone else ("summer's nearly over so she'll be back at uni").
    """
    if not (sense(tokens[index].norm).calendar or tokens[index].norm in SEASONS):
        return False
    word = _glued_after(tokens, index)
    if word is not None and not tokens[index].contracted and word.norm in _COPULAS:
        word = _glued_after(tokens, word.index)
    while word is not None and word.norm in ("nearly", "almost", "finally", "already", "just"):
        word = _glued_after(tokens, word.index)
    return word is not None and word.norm in _A_TIME_PASSING


#: What a time is said to be as it comes and goes: "summer's over", "june is here".
_A_TIME_PASSING: Final = frozenset("over here gone done upon coming nearly almost".split())


def _stressed(token: Token) -> bool:
    """A function word typed in capitals for stress ("NOT", "NEVER"): no name."""
    return len(token.raw) > 1 and token.raw.isupper() and sense(token.norm).function


def _identified(tokens: list[Token], index: int) -> bool:
    """Who "it" is, said alone before the clause about them: "it's wren, she's covering lates".

    "it's", "it was" or "that's" right before the word, and the word ends its phrase.
    """
    before = _glued_before(tokens, index)
    if before is None or not _phrase_ends(tokens, index):
        return False
    if before.norm in ("it", "that") and before.possessive:  # "it's", "that's"
        return True
    lead = _glued_before(tokens, before.index) if before.norm in ("is", "was") else None
    return lead is not None and lead.norm in ("it", "that")


def _sent_to(tokens: list[Token], index: int) -> bool:
    """After "to", "from" or "for", and no everyday noun of a set phrase ("to church").

    "pass the keys to marlowe, he's back at two": the "he" that opens the next
    clause is whoever the message goes to.
    """
    before = _glued_before(tokens, index)
    if before is None or before.norm not in ("to", "from", "for"):
        return False
    head = _glued_before(tokens, before.index)
    if head is not None and head.norm in _PREPOSITION_IDIOMS:
        return False  # "thanks to grace, she ...": grace is what she was thankful for
    if not _phrase_ends(tokens, index):
        return False  # "to ivy fields, she ...": the word modifies a noun
    meaning = sense(tokens[index].norm)
    return not (meaning.noun and meaning.zipf >= BARE_COUNT_MAX_ZIPF) and not meaning.function


#: Words that make "to", "from" or "for" part of an idiom, with no one sent anything.
_PREPOSITION_IDIOMS: Final = frozenset(
    "thanks due next close up according prior owing similar compared apart aside far".split()
)


def _bare_subject(tokens: list[Token], last: int) -> bool:
    if not opens_clause(tokens, last):
        return False
    # a month is the subject of "be" as often as a person, when what it is doing is said
    # of a time: "march is going to be busy", "june's looking rammed for bookings"; not
    # "june's looking after the kids", "april's coming to stay"
    calendar = sense(tokens[last].norm).calendar
    if tokens[last].contracted:  # "Reed's driving over": the 's is "is"
        doing = _glued_after(tokens, last)
        if doing is not None and doing.norm == "been":  # "dot's been limping": "has"
            doing = _glued_after(tokens, doing.index)
        return _progressive(doing) and not (calendar and _said_of_a_time(tokens, doing))
    verb = _glued_after(tokens, last)
    if verb is not None and verb.norm in INTERVENING_ADVERBS:
        verb = _glued_after(tokens, verb.index)
    if verb is None:
        return False
    if verb.norm in _A_FIRM_S_PLURAL and sense(tokens[last].norm).count_noun:
        # "comet are out of stock": one thing said of as many is a firm; not the last of a
        # pair of singular nouns, "the chain and anchor were rusted"
        joined = _glued_before(tokens, last)
        if joined is None or joined.norm not in _COORDINATORS:
            return True
        other = _glued_before(tokens, joined.index)
        noun = sense(other.norm) if other is not None else None
        return noun is None or not noun.noun or noun.plural_noun
    if verb.norm in _COPULAS:
        doing = _glued_after(tokens, verb.index)
        return _progressive(doing) and not (calendar and _said_of_a_time(tokens, doing))
    if verb.norm in _HAVE:
        following = _glued_after(tokens, verb.index)
        if following is not None and following.norm == "to":  # "robin had to fix it"
            deed = _glued_after(tokens, following.index)
            return deed is not None and _plain_verb(deed.norm) and _agentive(deed)
        return following is not None and bool({"VBN"} & inflections(following.norm))
    if calendar:
        # "friday can't arrive fast enough": a time comes and goes; whoever is named after
        # one does anything else ("april booked the hall", "june needs a lift")
        if verb.norm.split("'")[0] in SUBJECT_PRONOUNS or verb.norm in _TYPED_I:
            return False  # "friday i'm doing two shoots": when, then who
        modal = verb.norm in _MODALS or verb.norm in _DO
        if not modal and not {"VBZ", "VBD"} & inflections(verb.norm):
            return False  # "tuesday off", "tuesday lunch with my nan": no verb a day agrees with
        if not modal and _a_plural_before_its_verb(tokens, verb):
            return False  # "tuesday shifts are full": the day's shifts
        deed = _glued_after(tokens, verb.index) if modal else verb
        return deed is not None and not sense(deed.norm).verb_lemmas & _WHAT_A_TIME_DOES
    return (
        verb.norm in _MODALS
        or verb.norm in _DO
        or _lexical_finite(verb.norm)
        or _verb_by_its_object(tokens, verb)
        or _aspect_or_age(tokens, verb)
    )


def _a_plural_before_its_verb(tokens: list[Token], word: Token) -> bool:
    """A plural noun that a plural verb follows: "shifts are", "rides were"."""
    after = _glued_after(tokens, word.index)
    return sense(word.norm).plural_noun and after is not None and after.norm in _PLURAL_VERBS


def _said_as_a_time(tokens: list[Token], index: int) -> bool:
    """The word opens its clause, and its "is" goes on as a time's does ("june's filling up").

    Not when a "she" or "he" after it refers back ("june's looking busy, she's got three
    weddings"): a month is an "it".
    """
    if not opens_clause(tokens, index):
        return False
    if _referred_back_in_its_sentence(tokens, index):
        return False
    verb = _glued_after(tokens, index)
    if tokens[index].contracted:
        return _said_of_a_time(tokens, verb)
    if verb is None or verb.norm not in _COPULAS:
        return False
    return _said_of_a_time(tokens, _glued_after(tokens, verb.index))


def _referred_back_in_its_sentence(tokens: list[Token], index: int) -> bool:
    """A "she" or "he" later in the word's sentence ("..., she's got three weddings")."""
    for tok in tokens[index + 1 :]:
        if tok.sentence_start:
            return False  # another sentence's "she" is someone else's as often
        if tok.norm.split("'")[0] in _REFERRING_BACK:  # "her", "he'll"
            return True
    return False


#: Pronouns that refer back to someone, never to a month.
_REFERRING_BACK: Final = frozenset("she he her him his hers herself himself".split())


def _said_of_a_time(tokens: list[Token], doing: Token | None) -> bool:
    """An "-ing" after a month's "is" that a time does: "looking busy", "filling up".

    A month looks mad, shapes up, fills up, comes up, flies by, is going to be busy; a
    person looks after someone, comes round, is going to the shop.
    """
    if doing is None:
        return False
    after = _glued_after(tokens, doing.index)
    word = after.norm if after is not None else ""
    if doing.norm in _TIMES_LOOK:
        return word not in _LOOKING_AT
    if doing.norm in _TIMES_FILL:
        return word in ("up", "by", "past")  # "filling in for Ben" is standing in
    if doing.norm == "going" and word == "to" and after is not None:
        # "march is going to be busy"; "may is going to be late", "... be there early"
        be = _glued_after(tokens, after.index)
        said = _glued_after(tokens, be.index) if be is not None and be.norm == "be" else None
        return said is not None and said.norm in _A_TIMES_STATE
    return False


#: What a stretch of time is going to be: "busy", "hectic", "quiet", "chaos".
_A_TIMES_STATE: Final = frozenset(
    "busy hectic mad manic crazy rammed packed quiet slow full tight tough hard heavy "
    "nuts insane chaotic intense mental bonkers chaos carnage madness mayhem bedlam".split()
)


#: What a time is said to be doing that needs no particle: "looking busy", "getting hectic".
_TIMES_LOOK: Final = frozenset("looking getting proving turning shaping".split())
#: Particles that make "looking" what someone does: "looking after", "looking for".
_LOOKING_AT: Final = frozenset("after at for into round forward over through out".split())
#: What a time does with a particle: "filling up", "coming up", "flying by".
_TIMES_FILL: Final = frozenset("filling booking coming flying racing creeping".split())


def _asked_subject(tokens: list[Token], last: int) -> bool:
    """The subject of a question, between its opener and its plain verb: "can brian cover?".

    Unlike a deed told (:func:`_episode_subject`), a question asks of someone with no object
    needed; a common noun so placed is left to the caller ("can ivy climb?").
    """
    before = _glued_before(tokens, last)
    after = _glued_after(tokens, last)
    if before is None or after is None or tokens[last].possessive:
        return False
    if not _opens_a_question(tokens, before):
        return False
    if after.norm in _MID_ADVERBS:  # "did merry ever reply", "can ivo still cover"
        after = _glued_after(tokens, after.index)
        if after is None:
            return False
    word = sense(tokens[last].norm)
    # a month, or an everyday noun typed in lowercase, asks of its kind: "when does june
    # start?", "does heron eat frogs?", "can robin sing at night?"; only a deed with its
    # object makes it someone ("does heron want the big room?")
    generic = word.calendar or (word.noun and not tokens[last].capitalised)
    if before.norm in _HAVE:
        # "has merry replied yet": the perfect asks of a deed done, as "did" does
        return not generic and "VBN" in inflections(after.norm) and not sense(after.norm).function
    if before.norm in _QUESTION_OPENERS:
        if generic and not (
            _agentive(after) and (_has_object(tokens, after) or _object_asked(tokens, before))
        ):
            return False
        # "need", "have" and "do" are main verbs there ("does X still need the logo?",
        # "can X do saturday?"); "be" and "let" say nothing of a deed
        if after.norm in _MAIN_AFTER_A_SUBJECT:
            return not _a_word_s_sense(tokens, after)
        return _plain_verb(after.norm) and not sense(after.norm).function
    if before.norm in _INVERTED_BE and after.norm in _WHERE_SOMEONE_IS:
        return not generic  # "is ysolde back yet?", "is olu in today?": where someone is
    # "is may willing to crew the boat?": only someone is free, able or willing to do a thing
    to = _glued_after(tokens, after.index)
    deed = _glued_after(tokens, to.index) if to is not None and to.norm == "to" else None
    return (
        before.norm in _INVERTED_BE
        and after.norm in _ABLE_TO
        and deed is not None
        and _plain_verb(deed.norm)
    )


def _a_word_s_sense(tokens: list[Token], verb: Token) -> bool:
    """The subject's verb is "need to be" or "need to mean": the word itself is asked of.

    "does lucky need to mean fortunate?", "does sunny need to be warmer?".
    """
    to = _glued_after(tokens, verb.index)
    then = _glued_after(tokens, to.index) if to is not None and to.norm == "to" else None
    return then is not None and then.norm in ("be", "mean")


def _question_subject_readings(tokens: list[Token], last: int) -> list[str]:
    """The word as the subject a question asks of: "can brian cover?", "does dawn cover?"."""
    found = [ASKED_SUBJECT] if _asked_subject(tokens, last) else []
    return found + ([ASKED_FOR_A_DAY] if _asked_for_a_day(tokens, last) else [])


def _asked_for_a_day(tokens: list[Token], last: int) -> bool:
    """A question of someone's deed on one day: "does dawn cover tomorrow?".

    A kind is asked of in general ("does heron eat frogs?", "can robin sing at night?");
    asked of one day ("tomorrow", "on saturday", "this friday") the question is of someone,
    whatever noun their name is. A month stays a kind's season ("does heather flower in
    june?").
    """
    before = _glued_before(tokens, last)
    after = _glued_after(tokens, last)
    if before is None or after is None or tokens[last].possessive:
        return False
    if before.norm not in _QUESTION_OPENERS or not _opens_a_question(tokens, before):
        return False
    if after.norm in _MID_ADVERBS:
        after = _glued_after(tokens, after.index)
    if after is None or not _plain_verb(after.norm) or sense(after.norm).function:
        return False
    if not _a_day_s_deed(tokens, after):
        return False
    return _on_an_occasion(tokens, after)


def _a_day_s_deed(tokens: list[Token], verb: Token) -> bool:
    """A deed someone does on a day: "work", "babysit", "come in", "open up".

    Not what weather, a season or a flower does too ("start", "stop", "break", "bloom").
    """
    lemmas = sense(verb.norm).verb_lemmas | {verb.norm}
    if lemmas.isdisjoint(_WHAT_NATURE_DOES):
        return True
    particle = _glued_after(tokens, verb.index)  # "come in", "open up": a day's shift
    if particle is None:
        return False
    return ("come" in lemmas and particle.norm == "in") or (
        "open" in lemmas and particle.norm == "up"
    )


def _on_an_occasion(tokens: list[Token], verb: Token) -> bool:
    """The verb, then the day it is done on ("work tomorrow", "come in at 6 on friday")."""
    ahead = _glued_after(tokens, verb.index)
    while ahead is not None and (ahead.norm in _BEFORE_A_DAY or ahead.norm.isdigit()):
        ahead = _glued_after(tokens, ahead.index)
    if ahead is None:
        return False
    day = ahead.norm.removesuffix("s") if ahead.norm.endswith("days") else ahead.norm
    return day in _DAYS_ASKED_OF or day in WEEKDAYS


#: Verbs the weather, a season, the tide or a flower take as well as people: no one's deed
#: on its own ("does summer start on saturday?", "does rose open tomorrow?").
_WHAT_NATURE_DOES: Final = frozenset(
    """
    start begin end finish stop break arrive form turn fall open bloom flower change move
    return drop set leave rise come go clear last hit close
    """.split()
)
#: Words between a verb and the day it is done on ("on", "this", "next", "at 6", "in").
_BEFORE_A_DAY: Final = frozenset("on this next at till until from in up out off back".split())
#: Days named by their distance from today.
_DAYS_ASKED_OF: Final = frozenset("today tonight tomorrow tmrw tmr".split())


def _asked_about(tokens: list[Token], first: int, last: int) -> list[str]:
    """Who someone is, or what they do, asked of the words."""
    if _asked_who(tokens, first, last):
        return [ASKED_WHO]
    if first == last and _what_someone_does(tokens, last):
        return [ASKED_WHAT_ONE_DOES]
    return []


def _what_someone_does(tokens: list[Token], last: int) -> bool:
    """The question asked of a person's work, "do" closing it: "what does bill do?".

    A thing asked after takes its article ("what does the bill do?").
    """
    before = _glued_before(tokens, last)
    after = _glued_after(tokens, last)
    if before is None or after is None or tokens[last].possessive:
        return False
    if before.norm not in ("does", "did") or after.norm != "do":
        return False
    asked = _glued_before(tokens, before.index)
    if asked is not None and asked.norm in _AFTER_WHAT_ONE_DOES:
        asked = _glued_before(tokens, asked.index)  # "what exactly does frank do?"
    if asked is None or asked.norm != "what":
        return False
    closing = _glued_after(tokens, after.index)
    # "what does bill do on fridays?" asks after his work as well; "what did bill do with
    # the keys?" after a deed
    return before.norm == "does" or closing is None or closing.norm in _AFTER_WHAT_ONE_DOES


#: Words that may close "what does X do": "again", "exactly", "now", "these days".
_AFTER_WHAT_ONE_DOES: Final = frozenset("again exactly now nowadays these there here".split())


def _opens_a_question(tokens: list[Token], opener: Token) -> bool:
    """The auxiliary opens its clause, or follows a question word ("how much does ...")."""
    if opens_clause(tokens, opener.index):
        return True
    asked = _glued_before(tokens, opener.index)
    if asked is not None and asked.norm in _HOW_MUCH:
        asked = _glued_before(tokens, asked.index)
        return asked is not None and asked.norm == "how" and opens_clause(tokens, asked.index)
    return asked is not None and asked.norm in _QUESTION_WORDS and opens_clause(tokens, asked.index)


def _object_asked(tokens: list[Token], opener: Token) -> bool:
    """The question asks for the verb's object: "what does ...", "how much does ..."."""
    asked = _glued_before(tokens, opener.index)
    if asked is not None and asked.norm in ("much", "many"):
        asked = _glued_before(tokens, asked.index)
        return asked is not None and asked.norm == "how"
    return asked is not None and asked.norm in ("what", "which")


#: Function words that are a deed's own verb after a question's subject.
_MAIN_AFTER_A_SUBJECT: Final = frozenset("need have do".split())
#: Words that ask a question before its auxiliary ("when does ...", "how often does ...").
_QUESTION_WORDS: Final = frozenset("what when where why how which who".split())
_HOW_MUCH: Final = frozenset("much many long often soon far".split())
#: "be" before its subject in a question ("is X free to ...").
_INVERTED_BE: Final = frozenset("is was are".split())
#: Adverbs that stand between a question's subject and its verb ("did X ever pay").
_MID_ADVERBS: Final = frozenset("ever never still already actually really even also just".split())
#: Where someone is, asked of them: "is X back", "is X in".
_WHERE_SOMEONE_IS: Final = frozenset("back home away around off out in here".split())
#: Adjectives whose subject is able to do what follows ("free to", "able to").
_ABLE_TO: Final = frozenset("free able willing happy keen available ready allowed".split())


#: Where someone is, after "'s" ("heath's off sick", "heath's away till monday").
_AWAY: Final = frozenset("off away sick ill".split())
#: What someone is on, after "'s on" ("briar's on holiday", "briar's on nights").
_ON_DUTY: Final = frozenset(
    "leave holiday holidays annual maternity paternity parental nights earlies lates call "
    "duty shift lunch form".split()
)


def _on_leave(tokens: list[Token], on: Token) -> bool:
    """On leave or on a shift ("'s on leave", "'s on nights"): a person's rota, no place."""
    what = _glued_after(tokens, on.index)
    return on.norm == "on" and what is not None and what.norm in _ON_DUTY


#: Where someone is at a time, after "is" ("heath's in this evening", "is back tomorrow").
_PRESENT: Final = frozenset("in back here around off away".split())
#: A time on its own ("in today"), or a word that opens one ("in this evening").
_TIMES: Final = frozenset("today tonight tomorrow tmrw tmr later".split())
_TIME_OPENERS: Final = frozenset("this next every on from till until til at by after all".split())
_TIME_NOUNS: Final = frozenset(
    "morning afternoon evening night day week weekend lunch noon".split()
)
#: The times of a day someone is in ("in this evening").
_PARTS_OF_DAY: Final = frozenset("morning afternoon evening lunchtime".split())
#: Weather comes and goes at a time as people do ("rain's back tomorrow").
_WEATHER: Final = frozenset(
    "rain snow sun sunshine frost fog wind storm storms hail sleet mist cloud heat ice "
    "thunder drizzle showers gales".split()
)


def _at_a_time(tokens: list[Token], where: Token) -> bool:
    """In, back or around at a time ("'s in this evening", "is back tomorrow"): a rota."""
    when = _glued_after(tokens, where.index)
    if where.norm not in _PRESENT or when is None:
        return False
    then = _glued_after(tokens, when.index)
    if where.norm == "in":  # "in this evening", "in at 9", "in tomorrow", "in on monday"
        return (
            when.norm in _TIMES
            or is_calendar_word(when.norm)
            or (
                when.norm in _TIME_OPENERS
                and then is not None
                and (
                    then.norm in _PARTS_OF_DAY
                    or then.norm[:1].isdigit()
                    or is_calendar_word(then.norm)
                )
            )
        )
    if when.norm in _TIMES or is_calendar_word(when.norm):
        return True
    return (
        when.norm in _TIME_OPENERS
        and then is not None
        and (then.norm in _TIMES or then.norm in _TIME_NOUNS or is_calendar_word(then.norm)
             or then.norm[:1].isdigit())
    )  # fmt: skip


#: Verbs of a day off asked for or given ("needs weds off", "booked next friday off").
_TIME_OFF_VERBS: Final = frozenset(
    "needs need needed wants want wanted asked booked requested took takes has had got gets".split()
)
#: How many words a day off may take between its verb and "off" ("every other saturday").
_TIME_OFF_REACH: Final = 3


def _modal_deed(tokens: list[Token], modal: Token) -> bool:
    """A modal, a deed people do on purpose and its definite object, errand or day.

    Or joining others, whatever the verb ("wren can come along with us", "tag along to").
    """
    deed = _glued_after(tokens, modal.index)
    while deed is not None and deed.norm in _MODAL_ADVERBS:
        deed = _glued_after(tokens, deed.index)
    after_deed = _glued_after(tokens, deed.index) if deed is not None else None
    if deed is None or after_deed is None or _has_it_done(tokens, deed, after_deed):
        return deed is not None and after_deed is not None
    if deed.norm in ("be", "have") or not _plain_verb(deed.norm):
        return False
    if _comes_along(tokens, after_deed):
        return True
    return _agentive(deed) and (
        after_deed.norm in _DEFINITE_OBJECTS
        or _counted(after_deed)
        or after_deed.norm in _ERRAND_PREPOSITIONS
        or is_calendar_word(after_deed.norm)  # "dawn can cover friday": a rota's day
    )


def _counted(word: Token) -> bool:
    """A number opening the object: "refund two families", "order 40 chairs"."""
    return word.norm.isdigit() or word.norm in _SMALL_NUMBERS


#: Numbers in words that open a counted object.
_SMALL_NUMBERS: Final = frozenset("two three four five six seven eight nine ten twelve".split())


def _has_it_done(tokens: list[Token], deed: Token, thing: Token) -> bool:
    """Having a definite thing done by someone: "have the banner printed", "get the van fixed".

    Arranging for work is a person's errand; weather and stuff do nothing of the kind.
    """
    if deed.norm not in ("have", "get") or thing.norm not in _DEFINITE_OBJECTS:
        return False
    word = _glued_after(tokens, thing.index)
    for _ in range(_HAD_DONE_REACH):
        if word is None:
            return False
        if inflections(word.norm) & {"VBN", "VBD"} and not sense(word.norm).noun:
            return word.norm not in _COPULAS and word.norm != "been"
        if sense(word.norm).function:
            return False
        word = _glued_after(tokens, word.index)
    return False


#: Words between "have the" and the participle ("have the big poster done").
_HAD_DONE_REACH: Final = 3


def _comes_along(tokens: list[Token], particle: Token) -> bool:
    """Joining others: "along" and then "with" or "to" ("tag along with us").

    Not "round to", which comes round to an idea as often as to a house.
    """
    if particle.norm != "along":
        return False
    joined = _glued_after(tokens, particle.index)
    return joined is not None and joined.norm in ("with", "to")


def _time_off(tokens: list[Token], verb: Token) -> bool:
    """A day off in a rota: "needs weds off", "asked for every other sunday off"."""
    if verb.norm not in _TIME_OFF_VERBS:
        return False
    word = _glued_after(tokens, verb.index)
    if word is not None and word.norm == "for":
        word = _glued_after(tokens, word.index)
    timed = False
    for _ in range(_TIME_OFF_REACH + 1):
        if word is None:
            return False
        if word.norm == "off":
            return timed
        timed = timed or is_calendar_word(word.norm) or word.norm in _TIME_NOUNS
        if not (timed or word.norm in _TIME_OPENERS or word.norm in ("the", "other", "a")):
            return False
        word = _glued_after(tokens, word.index)
    return False


def _episode_subject(tokens: list[Token], first: int, last: int) -> bool:
    """A bare noun as the subject of one deed: a name, since a common noun needs a determiner.

    "thorn pushed back on the price", "linnet threw up twice", "sorrel finished the tea", "did
    garnet send the results", "could brook drop it off?": an everyday count noun names one thing
    in an event only with "the" or "my" before it, so without one the word is somebody's name. A
    plural form as the subject of a singular verb is one too ("banks was on call"), and so is a
    whereabouts after "'s" ("briar's off sick"). The deed must have an object or a particle:
    mass and abstract nouns happen without one ("dawn broke", "hope faded"), and generic
    statements are no deed at all ("ivy grows fast", "hope can change a lot"). Its verb must be
    one of what people and firms do on purpose (:data:`AGENT_VERBS`): weather and moods act too,
    on objects ("frost killed the seedlings", "hope kept me going"). A title of several words
    takes the same reading ("copper kiln sent the price list").
    """
    token = tokens[last]
    after = _glued_after(tokens, last)
    if token.contracted:  # "briar's off sick", "briar's away": the 's is "is"
        if not opens_clause(tokens, first) or after is None:
            return False
        # "briar's taped it off": the 's is "has", a deed done
        return _after_is(tokens, after) or _past_deed(after, tokens)
    before = _glued_before(tokens, first)
    if (
        before is not None
        and before.norm in _QUESTION_OPENERS
        and (opens_clause(tokens, before.index) or _asked_of_me(tokens, before.index))
    ):
        # "did garnet send the results": a question's subject, then the verb and its object
        if after is not None and (_calls_round(tokens, after) or _had_it(tokens, after)):
            return True  # "can rook pop round to the yard", "did pepper have the limp"
        return (
            after is not None
            and _plain_verb(after.norm)
            and _agentive(after)
            and _has_object(tokens, after)
        )
    if not opens_clause(tokens, first) or tokens[first].norm in DETERMINERS:
        return False  # "the plumber fixed the tap": a common noun has its article
    verb = after
    while verb is not None and verb.norm in INTERVENING_ADVERBS:
        verb = _glued_after(tokens, verb.index)
    if verb is None:
        return False
    word = sense(token.norm)
    if word.plural_noun:
        return _plural_name_deed(tokens, first < last, verb)
    if verb.norm in _COPULAS or verb.norm in _CATENATIVES:
        # "briar and sorrel are doing the catering", "briar keeps changing the plan"
        going = _glued_after(tokens, verb.index)
        return going is not None and _doing(tokens, going)
    if verb.norm in _MODALS:  # "rook will present the plans", "linnet will call me"
        return _modal_deed(tokens, verb)
    obliged = _glued_after(tokens, verb.index) if verb.norm in _OBLIGED else None
    if obliged is not None and obliged.norm == "to":
        return _modal_deed(tokens, obliged)  # "linnet had to refund them", "needs to call"
    if verb.norm in _PERFECT:
        return _perfect_deed(tokens, verb)
    if _spreads(tokens, verb):
        return False  # "ivy took over the whole fence": what a plant or a mould does too
    if _present_duty(tokens, verb):
        return True  # "heath does all the mileage claims", "bex handles the float"
    return _past_event(verb.norm) and _agentive(verb) and _has_object(tokens, verb)


def _asked_of_me(tokens: list[Token], index: int) -> bool:
    """A question put after "remind me", "tell me" or "ask her": "remind me did X have ...".

    Chat leaves out the "whether": the question opens a clause of its own.
    """
    whom = _glued_before(tokens, index)
    asking = _glued_before(tokens, whom.index) if whom is not None else None
    if whom is None or asking is None or whom.norm not in _PERSONAL_OBJECTS | {"them"}:
        return False
    return asking.norm in ("remind", "tell", "ask", "asked", "asking")


def _calls_round(tokens: list[Token], verb: Token) -> bool:
    """Coming out, over or round to a place: "can rook pop round to the yard later".

    Asked of someone, a visit to do a job; weather and seasons "come" to nowhere in particular.
    """
    if verb.norm not in ("come", "pop"):
        return False
    particle = _glued_after(tokens, verb.index)
    to = _glued_after(tokens, particle.index) if particle is not None else None
    if particle is None or to is None or particle.norm not in _CALLING_ROUND:
        return False
    place = _glued_after(tokens, to.index)
    return to.norm == "to" and place is not None and place.norm in _DEFINITE_OBJECTS


#: Particles of a visit ("come out to", "pop round to", "come over to").
_CALLING_ROUND: Final = frozenset("out over round around in down up back".split())


def _had_it(tokens: list[Token], verb: Token) -> bool:
    """Having had an ailment, asked of a person or an animal: "did pepper have the limp"."""
    if verb.norm != "have":
        return False
    thing = _glued_after(tokens, verb.index)
    if thing is not None and thing.norm in ("a", "an", "the", "that", "this"):
        thing = _glued_after(tokens, thing.index)
    return thing is not None and (thing.norm in _AILMENTS or thing.norm in _CONDITIONS)


#: What a vet or a doctor finds besides a bug: "the abscess", "a lame leg".
_CONDITIONS: Final = frozenset(
    "abscess abscesses injury lameness limp sprain fracture infection operation surgery op "
    "jab jabs vaccination jag".split()
)


def _present_duty(tokens: list[Token], verb: Token) -> bool:
    """A duty of one's own, said in the present or with "did", on a definite thing.

    "heath does all the mileage claims", "bex handles the float", "sage did the minutes": a
    person's duty or errand. A stuff or an idea does things generically, to anything ("hope
    changes a lot", "ivy covers walls"), and what it does to one thing is no duty ("sage
    makes the stuffing").
    """
    if verb.norm not in ("does", "did"):
        lemmas = sense(verb.norm).verb_lemmas
        if "VBZ" not in inflections(verb.norm) or not lemmas & _DUTIES:
            return False  # "sage makes the stuffing": what a stuff does to a dish
    thing = _glued_after(tokens, verb.index)
    if thing is not None and thing.norm == "all":
        thing = _glued_after(tokens, thing.index)
    if thing is None or thing.norm not in _DUTY_OPENERS:
        return False
    what = _glued_after(tokens, thing.index)
    if what is None or what.norm in _WHAT_ANYTHING_DOES:  # "does the trick"
        return False
    return what.norm not in _WHAT_WEATHER_DOES  # "sun did the drying"; "the cooking" is hers


#: What weather and time do to things: "the sun did the drying", "frost does the rest".
_WHAT_WEATHER_DOES: Final = frozenset("drying melting thawing warming ripening".split())
#: The idioms of what anything does: "does the trick", "did the job", "does the rest".
_WHAT_ANYTHING_DOES: Final = frozenset("trick job rest work damage".split())
#: Verbs of a duty someone has, said in the present: "handles the rota", "runs the bar".
_DUTIES: Final = frozenset(
    "handle run manage organise organize sort chair host coordinate oversee lead book pay "
    "invoice order collect teach coach".split()
)
#: What opens the one thing a duty is done to: "the minutes", "our books", "her rota".
_DUTY_OPENERS: Final = frozenset("the our my his her their".split())


#: What a plant or a weed takes over: the surfaces and plots of a garden or a building.
_OVERGROWN: Final = frozenset(
    "fence wall walls bed beds border borders garden lawn shed patio path trellis hedge pond "
    "greenhouse allotment plot roof gutter gutters drive veg".split()
)


def _spreads(tokens: list[Token], verb: Token) -> bool:
    """A form of "take" spreading: "took root", "took over the whole fence".

    People take over a shop, a role or the school run ("holly took over as captain").
    """
    if "take" not in sense(verb.norm).verb_lemmas:
        return False
    particle = _glued_after(tokens, verb.index)
    if particle is None or particle.norm not in ("over", "root"):
        return False
    if particle.norm == "root":
        return True
    thing = _glued_after(tokens, particle.index)
    while thing is not None and (thing.norm in DETERMINERS or thing.norm in ("whole", "back")):
        thing = _glued_after(tokens, thing.index)
    return thing is not None and thing.norm in _OVERGROWN


#: What a person or an animal has, not a thing or an idea: "has the flu", "has a migraine".
_AILMENTS: Final = frozenset(
    "cold flu fever temperature migraine headache cough covid virus bug infection "
    "sore rash tummy fleas worms ticks".split()
)


def _has_people_or_an_ailment(tokens: list[Token], index: int) -> bool:
    """A bare word that has a number of people or an ailment: "has 6 helpers", "has the flu".

    An idea or a stuff has "a place" or "limits"; "a cold bite" is cold weather, so the
    ailment must end its phrase. Counted for a person or a pet only (a team or a country has
    players too).
    """
    if not opens_clause(tokens, index) or tokens[index].norm in DETERMINERS:
        return False
    has = _glued_after(tokens, index)
    what = _glued_after(tokens, has.index) if has is not None and has.norm in _HAVE else None
    if what is None:
        return False
    if what.norm.isdigit():  # "has 6 helpers"; "Georgia has 12 players": a country's team
        if sense(tokens[index].norm).place:
            return False
        people = _glued_after(tokens, what.index)
        return people is not None and bool({people.norm, *sense(people.norm).noun_lemmas} & _PEOPLE)
    if what.norm in ("a", "an", "the"):
        what = _glued_after(tokens, what.index)
    after = _glued_after(tokens, what.index) if what is not None else None
    ends = after is None or after.norm in _TIMES or not sense(after.norm).noun
    return what is not None and what.norm in _AILMENTS and ends


#: Who is counted by the head: the people someone gathers ("6 helpers", "9 volunteers");
#: a club or a school has players, members and staff of its own.
_PEOPLE: Final = frozenset("helper volunteer guest kid child person people".split())


def _plural_name_deed(tokens: list[Token], title: bool, verb: Token) -> bool:
    """A plural form naming one: a singular verb's subject, or a title doing something.

    "banks was on call" names Banks; "green plates have changed the menu" names a firm, since
    a plural of everyday things does nothing on purpose.
    """
    if title and verb.norm in ("have", "haven't"):
        return _perfect_deed(tokens, verb)
    return verb.norm in ("is", "was", "has") or "VBZ" in inflections(verb.norm)


def _whereabouts(tokens: list[Token], index: int) -> bool:
    """A bare word with where it is at a time, or a day off: a person's or a pet's rota.

    "briar is off sick", "briar's been ill", "briar needs weds off", and for a word that is
    counted, "briar's in this evening", "button is back on friday". Seasons, the weather and
    words that describe it come and go as well ("summer's back next week", "stormy is back
    tonight"), so does a stuff or a pastime (a mass noun: "nutmeg is back in stock",
    "cricket's back on saturday"), and produce is in for a while ("basil is in this week"),
    so "in" takes a day or a time of day only. The reading counts for a person or a pet alone
    (:func:`bb_brain.reflex._evidence.local_evidence`).
    """
    token = tokens[index]
    word = sense(token.norm)
    if token.norm in _COMES_AND_GOES or word.place or token.norm in DETERMINERS:
        return False
    after = _glued_after(tokens, index)
    if after is None:
        return False
    if _asked_whereabouts(tokens, index):
        where: Token | None = after  # "is briar in on saturday?", "was briar off yesterday?"
    elif not opens_clause(tokens, index):
        return False
    elif token.contracted:
        where = _after_been(tokens, after)
    elif after.norm in ("is", "was"):  # "chelsea are back": a team, no one person
        where = _after_been(tokens, _glued_after(tokens, after.index))
    elif after.norm in ("has", "had"):  # "hazel has been off sick": only with "been"
        been = _glued_after(tokens, after.index)
        where = _glued_after(tokens, been.index) if been and been.norm == "been" else None
    else:
        return _time_off(tokens, after)
    if where is None:
        return False
    if _unwell(tokens, where) or _on_leave(tokens, where) or _back_from_a_trip(tokens, where):
        return True  # "hazel is off sick", "hazel's on leave", "back from Reykjavik": a person
    # a stuff or a pastime comes and goes too ("cricket's back on saturday", "honey's in at
    # 6"), and is off when called off: the bare word must be one to count
    return not (word.noun and not word.count_noun) and _at_a_time(tokens, where)


def _asked_whereabouts(tokens: list[Token], index: int) -> bool:
    """The word is the subject of "is" or "was" opening a question: "is briar in today?"."""
    before = _glued_before(tokens, index)
    return (
        before is not None
        and before.norm in ("is", "was", "isn't", "wasn't")
        and opens_clause(tokens, before.index)
    )


def _after_been(tokens: list[Token], token: Token | None) -> Token | None:
    """The word after a "been" ("hazel's been off sick"), else ``token`` itself."""
    if token is not None and token.norm == "been":
        return _glued_after(tokens, token.index)
    return token


def _back_from_a_trip(tokens: list[Token], where: Token) -> bool:
    """Back from a named place: "tam's back from Reykjavik today" (not "back from the vet")."""
    came = _glued_after(tokens, where.index)
    place = _glued_after(tokens, came.index) if came is not None else None
    return (
        where.norm == "back"
        and came is not None
        and came.norm == "from"
        and (place is not None and place.capitalised)
    )


def _unwell(tokens: list[Token], where: Token) -> bool:
    """Off sick, ill or unwell: "hazel is off sick", "hazel's ill today"."""
    if where.norm in ("sick", "ill", "unwell"):
        return True
    after = _glued_after(tokens, where.index)
    return where.norm == "off" and after is not None and after.norm in ("sick", "ill")


#: What comes and goes at a time as people do: the weather and the seasons.
_COMES_AND_GOES: Final = _WEATHER | frozenset(
    "spring summer autumn fall winter sunny stormy frosty foggy windy rainy snowy cloudy "
    "misty icy".split()
)


def _after_is(tokens: list[Token], after: Token) -> bool:
    """What follows a subject's "'s" makes it someone ("briar's off sick", "'s asked me")."""
    # "briar's handling the till": a doing with its object ("ivy's taking over the
    # fence" has a particle, and a plant does that)
    if after.norm in _AWAY or _doing(tokens, after) or _on_leave(tokens, after):
        return True
    if after.norm == "been":  # "briar's been running the till": a doing, so far
        doing = _glued_after(tokens, after.index)
        return doing is not None and _doing(tokens, doing)
    return _past_deed(after, tokens)  # "frank's asked me to": the 's is "has"


def _perfect_deed(tokens: list[Token], has: Token) -> bool:
    """A deed done so far: "has offered to do nights", "hasn't sent it", "has been doing it"."""
    done = _glued_after(tokens, has.index)
    while done is not None and done.norm in INTERVENING_ADVERBS:
        done = _glued_after(tokens, done.index)
    if done is not None and done.norm == "been":
        doing = _glued_after(tokens, done.index)
        return doing is not None and _doing(tokens, doing)
    if done is not None and _spreads(tokens, done):
        return False  # "ivy has taken over the back wall again"
    return done is not None and _past_deed(done, tokens)


def _doing(tokens: list[Token], going: Token) -> bool:
    """A doing of what people do on purpose: "handling the till", "hosting sunday", "chairing".

    A particle is no object here: "ivy's taking over the fence" is what a plant does too.
    """
    if not (_progressive(going) and _agentive(going)):
        return False
    taken = _glued_after(tokens, going.index)
    if taken is None:
        return True  # "wren's presenting, ...": done on purpose, with or without an object
    if taken.norm in _PARTICLES:
        return False
    if taken.norm in _ERRAND_PREPOSITIONS:
        return True  # "wren's training for a race", "'s sorting it with the bank"
    return taken.norm in OBJECT_OPENERS or _bare_noun_phrase(taken)


#: Verbs before a doing that say it goes on, starts or stops: "keeps changing the plan".
_CATENATIVES: Final = frozenset("keeps kept started starts stopped stops".split())


#: Adverbs between a modal and its verb ("can only do", "will probably send").
_MODAL_ADVERBS: Final = INTERVENING_ADVERBS | frozenset({"only", "not"})
#: What obliges a deed, "to" after it: "had to refund them", "needs to ring the bank".
_OBLIGED: Final = frozenset("has had needs needed ought".split())
#: "has" and "had" before a participle: a deed done.
_PERFECT: Final = frozenset("has had hasn't hadn't".split())


def _past_deed(done: Token, tokens: list[Token]) -> bool:
    """A participle of a content verb with an object, a particle, "to" or "for" after it."""
    if done.norm in _COPULAS or done.norm == "been" or not {"VBN", "VBD"} & inflections(done.norm):
        return False
    if not _agentive(done):
        return False
    after = _glued_after(tokens, done.index)
    return _has_object(tokens, done) or (after is not None and after.norm in ("to", "for"))


def _subject_then_verb(tokens: list[Token], index: int) -> bool:
    """The word opens its clause and a finite verb follows: "Rook has year 4 ...".

    The "'s" of "Rook's coming over" is that verb.
    """
    verb = _glued_after(tokens, index)
    while verb is not None and verb.norm in INTERVENING_ADVERBS:
        verb = _glued_after(tokens, verb.index)  # "Rook normally does"
    if not opens_clause(tokens, index) or verb is None:
        return False
    return tokens[index].contracted or finite(verb.norm)


def _has_object(tokens: list[Token], verb: Token) -> bool:
    """An object or a particle after the verb: "sent over the drawings", "threw up".

    "it" alone may be no one's object ("frost got it"); with a particle after it, the verb
    is a phrasal deed ("send it over", "sort it out").

    "Its way" makes the subject a thing that spreads or moves ("heath found its way into
    the lawn", "made its way"), no one's deed.
    """
    following = _glued_after(tokens, verb.index)
    if following is None:
        return False
    way = _glued_after(tokens, following.index) if following.norm == "its" else None
    if way is not None and way.norm == "way":
        return False  # "found its way into the lawn", "made its way": a thing moving
    if following.norm in OBJECT_OPENERS or following.norm in _PARTICLES:
        return True
    if following.norm == "one":  # "could sage put one up by the door": one of something, put
        placed = _glued_after(tokens, following.index)
        return placed is not None and placed.norm in _PLACING
    if following.norm in ("it", "them"):  # "send it over", "sort them out": a phrasal deed
        particle = _glued_after(tokens, following.index)
        if particle is not None and particle.norm in _PLACING and _a_placing(verb):
            return True  # "put it on the board", "pop them in the post": put somewhere on purpose
        return particle is not None and particle.norm in _PARTICLES
    return _bare_noun_phrase(following)


#: Prepositions that say where or for whom "one" is put: "put one up by", "get one for".
_PLACING: Final = frozenset("on in into onto for to at by under up".split())


def _a_placing(verb: Token) -> bool:
    """A verb of putting something somewhere on purpose: "put", "post", "pop", "stick"."""
    return not _PUTTING.isdisjoint(sense(verb.norm).verb_lemmas | {verb.norm})


#: Verbs of putting something somewhere on purpose.
_PUTTING: Final = frozenset("put post pop stick pin add upload hang place".split())


def _bare_noun_phrase(following: Token) -> bool:
    """A lowercase noun with no determiner: "raised hosting prices", "handling flights"."""
    word = sense(following.norm)
    return not following.capitalised and not word.function and (word.noun or not word.lexical)


def _agentive(verb: Token | None) -> bool:
    """A verb of what people and firms do on purpose (:data:`AGENT_VERBS`), or it again.

    "re" and one of them ("resend", "reorder", "requote", even in no dictionary) is doing
    it again, as much on purpose.
    """
    if verb is None:
        return False
    lemmas = sense(verb.norm).verb_lemmas
    if not lemmas.isdisjoint(AGENT_VERBS):
        return True
    if lemmas:  # "resend", "reorder": one of them again; "recover" is no re-cover
        return any(
            lemma.startswith("re")
            and lemma not in _NOT_AGAIN
            and lemma[2:].lstrip("-") in AGENT_VERBS
            for lemma in lemmas
        )
    again = verb.norm.removeprefix("re")  # "requote", "requoted": in no dictionary
    return again != verb.norm and not sense(again).verb_lemmas.isdisjoint(AGENT_VERBS)


#: Verbs that begin with "re" and one of :data:`AGENT_VERBS` without doing it again.
_NOT_AGAIN: Final = frozenset({"recover", "recall", "reflect", "relive", "rely"})


def _bare_verb(token: Token) -> bool:
    """A verb's plain form that is no adjective or function word ("play", not "last")."""
    word = sense(token.norm)
    return _plain_verb(token.norm) and not (word.adjective or word.function)


def _plain_verb(word: str) -> bool:
    """A verb's plain form that is no noun-only word ("send", "do", "cover")."""
    return "VB" in inflections(word) or "VBP" in inflections(word)


def _past_event(word: str) -> bool:
    """A past tense of a content verb ("pushed", "sent", "threw"), not "was" or "had"."""
    if word in _COPULAS or word in _HAVE or word in _DO or word in _MODALS:
        return False
    return "VBD" in inflections(word) and not sense(word).function


#: Objects of one deed: a definite or a personal one ("will present the plans", "will call
#: me"); "can change a hillside" is a generic statement.
_DEFINITE_OBJECTS: Final = OBJECT_OPENERS - {"a", "an", "some"}


def _verb_by_its_object(tokens: list[Token], verb: Token) -> bool:
    """A finite form that may also be a noun ("needs", "wants"), then an object: a verb.

    "there", "here" and "now" follow a verb too ("works there"), never a plural noun.
    """
    following = _glued_after(tokens, verb.index)
    if following is None:
        return False
    if following.norm == "to" and {"VBP", "VBZ", "VBD"} & inflections(verb.norm):
        # "gable need to redo the roof": a verb, then the infinitive it takes
        deed = _glued_after(tokens, following.index)
        return deed is not None and _plain_verb(deed.norm)
    return (following.norm in OBJECT_OPENERS or following.norm in _PLACE_ADVERBS) and bool(
        {"VBD", "VBZ"} & inflections(verb.norm)
    )


def _aspect_or_age(tokens: list[Token], verb: Token) -> bool:
    """A finite form that may be a noun, before what only the verb takes: a verb.

    An aspect verb's participle ("keeps nagging", "stopped calling") or an age ("turns
    40"); "Sage leaves turning" and "Robin nests 3" are still nouns.
    """
    following = _glued_after(tokens, verb.index)
    if following is None or not {"VBD", "VBZ"} & inflections(verb.norm):
        return False
    if "VBG" in inflections(following.norm) and verb.norm in _CATENATIVES:
        return True
    return following.norm.isdigit() and "turn" in sense(verb.norm).verb_lemmas


#: Adverbs a verb takes and a noun does not: "Garnet works there now".
_PLACE_ADVERBS: Final = frozenset({"there", "here", "now"})


def _asked_who(tokens: list[Token], first: int, last: int) -> bool:
    before = _glued_before(tokens, first)
    if before is None:
        return False
    if before.norm == "who" or before.word == "who's":
        return True  # "who Reed is", "who's Reed"
    if before.norm in ("is", "was"):
        asker = _glued_before(tokens, before.index)
        return asker is not None and asker.norm == "who"
    return False


def _talked_with(tokens: list[Token], first: int) -> bool:
    before = _glued_before(tokens, first)
    if before is None or before.norm not in ("to", "with"):
        return False
    head = _glued_before(tokens, before.index)
    if head is None:
        return False
    if head.norm in _TALK:
        return True
    if before.norm == "with" and _taken_up_with(tokens, head):
        # "check with ottilie", "can you check that with ottilie"; not a describing word
        # before its noun ("checked it with frank honesty")
        after = _glued_after(tokens, first)
        return after is None or not sense(after.norm).noun or sense(after.norm).function
    if head.norm in ("up", "in") and before.norm == "with":
        verb = _glued_before(tokens, head.index)
        return verb is not None and verb.norm in _TALK_PHRASES
    return False


def _taken_up_with(tokens: list[Token], head: Token) -> bool:
    """A matter taken up with someone: "check with", "raise it with", "clear that with".

    The verb, or the verb and a pronoun for the matter, before "with": what one checks,
    raises or clears with is someone who decides it.
    """
    verb: Token | None = head
    if head.norm in _THE_MATTER:
        verb = _glued_before(tokens, head.index)
    return verb is not None and verb.norm in _TAKEN_UP


#: Verbs of checking a matter with someone, before "with" or "it with": one checks with
#: someone who knows, while one clears or discusses a thing "with grace" or "with hope".
_TAKEN_UP: Final = frozenset("check checked checking confirm confirmed".split())
#: Pronouns for the matter between such a verb and "with".
_THE_MATTER: Final = frozenset("it that this them".split())


def _measured(tokens: list[Token], of: Token) -> bool:
    """The word "of" after a counted measure: "2 acres of", "three bags of"."""
    measure = _glued_before(tokens, of.index) if of.norm == "of" else None
    count = _glued_before(tokens, measure.index) if measure is not None else None
    return count is not None and counts(count)


def _counted_readings(tokens: list[Token], token: Token, before: Token) -> list[str]:
    """A number or a measure before the word makes it a thing counted or measured out."""
    if token.capitalised:
        # "a crate of Ardlow", "two bottles of Tollesby": a drink or a food by its brand
        return [MEASURED] if _served_in(tokens, before) else []
    if _an_item_counted(tokens, token, before):
        return [COUNTED_OUT]  # "4 tubs halloumi, 2 feta": whatever the word is
    if counts(before) and sense(token.norm).noun:
        return [COUNTED]  # "3 miles of towpath": a measure, not a name
    if _measured(tokens, before):
        return [MEASURED]  # "3 tonnes of russet": a stuff or a crop measured out
    return []


def _served_in(tokens: list[Token], of: Token) -> bool:
    """The word "of" after a container a drink or a food comes in: "a crate of", "2 pints of"."""
    container = _glued_before(tokens, of.index) if of.norm == "of" else None
    if container is None or container.norm not in _CONTAINERS:
        return False
    count = _glued_before(tokens, container.index)
    return count is not None and (count.norm in ("a", "an") or counts(count))


#: What a drink or a food is bought or served in, a brand's name after it being the product's.
_CONTAINERS: Final = frozenset(
    "crate crates case cases pint pints bottle bottles can cans tin tins jar jars keg kegs "
    "barrel barrels carton cartons packet packets tub tubs six-pack slab slabs".split()
)


def _an_item_counted(tokens: list[Token], token: Token, number: Token) -> bool:
    """A lowercase word after a number that opens a list item or a clause: "2 feta".

    An order or a stock list counts things out ("4 tubs halloumi, 2 feta"), whatever the
    word is, even one no dictionary has, once one of its items counts a plural ("2 priya, 3
    tom" hands out places); a time ("at 2 ivy rang") or a label ("room 2") before the word is no
    count of it.
    """
    if token.capitalised or not number.norm.isdigit() or not token.glued:
        return False
    opener = _glued_before(tokens, number.index)
    if opener is not None and opener.norm not in _COUNTING_VERBS:
        return False
    # goods, not seats: an item counts out a plural ("4 tubs halloumi, 2 feta"); "2 priya,
    # 3 tom" hands out places to people, whose names may be nouns too
    return any(
        sense(other.norm).plural_noun
        for count, other in zip(tokens, tokens[1:], strict=False)
        if count.norm.isdigit() and other.glued and not other.capitalised
    )


#: Verbs that count things out before a number: "bring 2 feta", "order 6 stilton".
_COUNTING_VERBS: Final = frozenset("bring add order need get buy want plus and".split())


def counts(token: Token) -> bool:
    """A number or a counting word: "20", "2.5", "twenty", "a few"."""
    return token.norm in _NUMBER_WORDS or _NUMBER.fullmatch(token.norm) is not None


def _with_the_speaker(tokens: list[Token], first: int, last: int) -> bool:
    """Listed with the speaker or a person: "mark and I split it", "she and mark want tea".

    Set against one, too: "pay it to gable, not to me", "gable rather than her" (only a
    person is the alternative to a person).
    """
    after = _glued_after(tokens, last)
    if after is not None and after.norm in ("and", "&"):
        speaker = _glued_after(tokens, after.index)
        if speaker is not None and speaker.norm in ("i", "me", "he", "she"):
            return True
    if after is None and last + 1 < len(tokens) and tokens[last + 1].comma_before:
        after = tokens[last + 1]  # "to gable, not to me"
    if after is not None and after.norm in _CONTRASTS:
        other = _glued_after(tokens, after.index)
        if other is not None and after.norm == "rather":
            other = _glued_after(tokens, other.index) if other.norm == "than" else None
        before = _glued_before(tokens, first)
        if other is not None and before is not None and other.norm == before.norm:
            other = _glued_after(tokens, other.index)  # "to gable not to me"
        if other is not None and other.norm in _PERSONAL_OBJECTS:
            owned = _glued_after(tokens, other.index)  # "ivy or her roses": her roses
            return other.norm != "her" or owned is None or owned.norm in FUNCTION_WORDS
    before = _glued_before(tokens, first)
    if before is not None and before.norm in ("and", "&"):
        speaker = _glued_before(tokens, before.index)
        return speaker is not None and speaker.norm in ("me", "he", "she", "him", "her")
    return False


#: Words that set one alternative against another ("gable, not me", "gable or her").
_CONTRASTS: Final = frozenset({"not", "or", "rather", "instead"})
#: Object pronouns that stand for a person ("it" and "them" may be things).
_PERSONAL_OBJECTS: Final = frozenset({"me", "him", "her", "us"})


def _told_to_do(tokens: list[Token], first: int, last: int) -> bool:
    """The object of "need", "want", "get" or "for" that is to do something: "need gable to sign".

    Whoever is to do it is someone: a count noun there would need its article ("need the
    ladder to reach"), and a mass noun stays ordinary ("need time to think", "want
    feedback to improve"). A title of several words is taken whole ("want thursday
    clinic to move"). The deed must be what people and firms do on purpose.
    """
    before = _glued_before(tokens, first)
    to = _glued_after(tokens, last)
    if before is None or to is None or before.norm not in _CONTROL_VERBS or to.norm != "to":
        return False
    deed = _glued_after(tokens, to.index)
    meaning = sense(tokens[last].norm)
    if first == last and deed is not None and deed.norm in _ERRANDS and not meaning.calendar:
        return True  # "need ivo to check the figures": an errand no stuff is needed "to" run
    if before.norm == "for" or deed is None or not _agentive(deed):
        return False
    if not (_plain_verb(deed.norm) or _plain_verb(deed.norm.removeprefix("re"))):
        return False  # "to requote": a verb done again, in no dictionary
    if first < last:
        return not any(token.norm in FUNCTION_WORDS for token in tokens[first : last + 1])
    return bare_count_noun(meaning) or not (meaning.lexical or meaning.function)


#: Verbs whose object is to do what follows ("need gable to sign", "got gable to drive"),
#: and "for" ("waiting for april to reply").
_CONTROL_VERBS: Final = frozenset(
    "need needs needed want wants wanted get got expect expects expected for".split()
)
#: Errands one wants someone to run, in their bare form. Whatever the word before "to", it
#: is the one to run them, though a stuff is needed to do things too ("need money to pay",
#: "need flour to bake"); a month or a day there is a time ("booked for march to check").
_ERRANDS: Final = frozenset(
    "look check sort chase post draft sign review approve confirm help ring reply answer "
    "decide agree host teach coach train present handle organise organize book quote "
    "forward chair print invoice order collect drop pick".split()
)


def name_readings(tokens: list[Token], first: int, last: int) -> list[str]:
    """Evidence in the grammar around ``tokens[first..last]`` that it is a name."""
    found: list[str] = [HEARD_OF] if _heard_of(tokens, first, last) else []
    mention = tokens[last]
    if first == last and _bare_subject(tokens, last):
        found.append(BARE_SUBJECT)
    if first == last:
        found += _question_subject_readings(tokens, last)
    if first == last and _referred_back(tokens, last) and not _a_time_passing(tokens, last):
        if _subject_then_verb(tokens, last) or _sent_to(tokens, last) or _identified(tokens, last):
            found.append(REFERRED_BACK)
    elif first == last and _a_persons_own(tokens, last):
        found.append(REFERRED_BACK)
    if _episode_subject(tokens, first, last):
        found.append(EPISODE_SUBJECT)
    if first == last:
        found += _rota_readings(tokens, last)
    found += _asked_about(tokens, first, last)
    if mention.possessive:
        found += _possessor_readings(tokens, first, last)
    if _talked_with(tokens, first) or _with_the_speaker(tokens, first, last):
        found.append(CONVERSATION_PARTNER)
    if first == last:
        found += _bare_object_readings(tokens, last)
    if _told_to_do(tokens, first, last):
        found.append(TO_DO_SOMETHING)
    if first < last and _bare_count_phrase(tokens, first, last):
        found.append(BARE_COUNT_PHRASE)
    if first == last and _indirect_object(tokens, last):
        found.append(INDIRECT_OBJECT)
    if first == last and _modal_before_no_verb(tokens, mention):
        found.append(MODAL_AS_NAME)  # "Will wants the keys": no modal takes "wants"
    return found


def _heard_of(tokens: list[Token], first: int, last: int) -> bool:
    """A full name said as the famous are: watched, listened to, or by calling.

    "a film with ida vane in it", "a doc about ida vane", "listening to rory vane's live
    album", "the astronaut mike quell". The user's own people are met, rung and written to;
    the famous are watched and listened to on record, and go by their calling. Not "a film
    with ida vane last night" (watched together), "listening to ida vane's advice", "my
    friend the singer ...". Only a name of two words or more: "listening to ivy" is as often
    a friend's advice.
    """
    if first == last:
        return False
    before = _glued_before(tokens, first)
    if before is None:
        return False
    lead = _glued_before(tokens, before.index)
    if before.norm in _FAME:  # "the astronaut michael quell"; not "my friend the singer"
        owner = _glued_before(tokens, lead.index) if lead is not None else None
        return lead is not None and lead.norm == "the" and not (owner and owner.norm == "friend")
    if before.norm == "to" and lead is not None and lead.norm in _LISTENING:
        heard = _glued_after(tokens, last)  # "listening to rory vane's live album"
        return tokens[last].possessive and heard is not None and heard.norm in _RECORDINGS
    if before.norm == "about" and lead is not None:
        return lead.norm in _MEDIA  # "a doc about ..."
    if before.norm == "with" and lead is not None and lead.norm in _MEDIA:
        inside = _glued_after(tokens, last)  # "a film with ida vane in it"
        it = _glued_after(tokens, inside.index) if inside is not None else None
        return inside is not None and inside.norm == "in" and it is not None and it.norm == "it"
    return False


#: What the famous are known as: "the astronaut ...", "the singer ...".
_FAME: Final = frozenset(
    "astronaut actor actress singer songwriter guitarist rapper poet novelist president "
    "comedian footballer explorer composer painter".split()
)
_LISTENING: Final = frozenset("listening listen listened".split())
#: What is listened to of the famous: their recordings and shows.
_RECORDINGS: Final = frozenset("album albums record records song songs live set podcast".split())
#: Works watched or heard that are about or with someone.
_MEDIA: Final = frozenset(
    "film films movie doc documentary programme biopic biography podcast interview".split()
)


def _a_quantity_of(tokens: list[Token], owned: Token) -> bool:
    """How much of something, no one's people: "May's lot of bookings"."""
    after = _glued_after(tokens, owned.index)
    return owned.norm == "lot" and after is not None and after.norm == "of"


def _their_people_counted(tokens: list[Token], owned: Token) -> bool:
    """A possessive's people, counted: "faith's two kids", "mercy's three are coming".

    A small number after the possessive, then a person's noun or a plural verb whose
    subject the number stands for: only someone has two of whom that is said.
    """
    if not (owned.norm in _SMALL_NUMBERS or owned.norm.isdigit() and len(owned.norm) == 1):
        return False
    after = _glued_after(tokens, owned.index)
    return after is not None and (after.norm in _PERSONAL_NOUNS or after.norm in _THEIR_PEOPLE)


#: What a possessive's people are counted as, or do, after their number ("her two boys").
_THEIR_PEOPLE: Final = frozenset("are were boys girls children lads kids grandkids".split())


def _possessor_readings(tokens: list[Token], first: int, last: int) -> list[str]:
    """What the possessive of ``tokens[first..last]`` says of it: a person's or a name's."""
    found: list[str] = []
    owned = _glued_after(tokens, last)
    work = owned
    while work is not None and work.norm in _WORK_ADJECTIVES:
        work = _glued_after(tokens, work.index)
    ordinal = work is not None and work.norm in _ORDINALS
    if ordinal and work is not None:
        work = _glued_after(tokens, work.index)
    if first == last and work is not None and _an_eponym(tokens, work, ordinal=ordinal):
        return [EPONYM]  # "Boyle's second law", "Zeno's paradox": the famous namesake's
    if first == last and work is not None and work.norm in _WORKS:
        labelled = _glued_after(tokens, work.index)  # "Tom's opera tickets": his tickets
        if labelled is None or not sense(labelled.norm).noun:
            return [AUTHOR_OF_WORKS]  # "Noor's new album"; not "Tom Hale's"
    if owned is not None and owned.norm in _PERSONAL_NOUNS and not _a_quantity_of(tokens, owned):
        found.append(PERSONAL_POSSESSION)
    elif (
        owned is not None and owned.norm in _HOMES_AND_CARS and not _a_compound_head(tokens, owned)
    ):
        found.append(PERSONAL_POSSESSION)  # "jordan's flat had a leak": where she lives
    elif owned is not None and _their_people_counted(tokens, owned):
        found.append(PERSONAL_POSSESSION)
    if first == last and _bare_possessor(tokens, last):
        found.append(BARE_POSSESSOR)
    return found


#: Where someone lives, or what they drive, owned: a place's own is prices or views.
_HOMES_AND_CARS: Final = frozenset("flat house home bungalow cottage caravan car van".split())


def _a_compound_head(tokens: list[Token], owned: Token) -> bool:
    """A noun after the owned word, whose modifier it is: "kent's house prices"."""
    following = _glued_after(tokens, owned.index)
    if following is None:
        return False
    meaning = sense(following.norm)
    return meaning.noun and not meaning.function


#: What artists and composers are known by: "Noor's new album" names the singer, whoever
#: of that name the user knows. A friend's painting, novel, poems or speech are as likely
#: as a famous one's, so only the works the famous are heard and read of by count.
_WORKS: Final = frozenset(
    "album symphony symphonies concerto concertos sonata sonatas discography filmography "
    "biography autobiography".split()
)


def _an_eponym(tokens: list[Token], head: Token, *, ordinal: bool) -> bool:
    """A numbered law or a paradox named after someone, ending its phrase ("Boyle's second law").

    "Priya's first law exam" runs on into the noun it qualifies; a friend's column, razor,
    theorem or law of thumb is as likely as a famous one, so only these.
    """
    if head.norm not in (_NUMBERED_EPONYMS if ordinal else _EPONYMS):
        return False
    after = _glued_after(tokens, head.index)
    return after is None or not sense(after.norm).noun


#: What a famous namesake lends their name to, said whole: "Zeno's paradox" (a friend's
#: razor, law of thumb or constant moaning is theirs).
_EPONYMS: Final = frozenset("paradox conjecture".split())
#: What one numbers among a namesake's: "Boyle's second law", "Kepler's third law".
_NUMBERED_EPONYMS: Final = frozenset("law laws".split())
_ORDINALS: Final = frozenset(
    "first second third fourth fifth sixth seventh eighth ninth tenth zeroth".split()
)
#: Words between a possessive and the work it owns ("Noor's new album").
_WORK_ADJECTIVES: Final = frozenset("new latest last first early old best famous greatest".split())


def _bare_possessor(tokens: list[Token], index: int) -> bool:
    """A possessive that determines the noun after it with nothing before it: "brook's patch".

    An everyday singular noun owns something only with its own article ("the river's
    edge", "a shepherd's hut"); bare, it is a name ("bill's lorry", "when brook's
    van is back"). A kind of person is a kind whatever stands before it ("driver's
    licence"), so is a plural ("women's football"), and so is a creature by what creatures
    have ("wren's nest", "crow's feet"). The 's must own a noun: before an
    adjective or a participle it is "is" ("bill's due", "bill's paid"), and a time after it
    is a day named after someone ("valentine's day"), and a mass noun a kind of food ("goat's
    cheese").
    """
    token = tokens[index]
    meaning = sense(token.norm)
    if meaning.plural_noun or token.norm in ROLE_NOUNS or meaning.function:
        return False
    before = _glued_before(tokens, index)
    if before is not None and not opens_clause(tokens, index):
        word = sense(before.norm)
        if not word.function or before.norm in DETERMINERS or before.possessive:
            return False  # "the river's edge", "old bill's", "farm bill's"
    owned = _glued_after(tokens, index)
    if owned is None or owned.norm in _NAMED_DAYS or is_calendar_word(owned.norm):
        return False
    if owned.norm in _CREATURES_OWN:
        return False  # "wren's nest", "crow's feet": a kind of creature's
    word = sense(owned.norm)
    if not (word.count_noun or word.plural_noun) or "ADJ" in word.readings:
        return False  # "goat's cheese", "cow's milk": a kind of food, from a kind of animal
    return not ("VERB" in word.readings and owned.norm.endswith(("ed", "ing")))


#: What a kind of creature has, in compounds with no article ("wren's nest", "hen's teeth").
_CREATURES_OWN: Final = frozenset(
    "nest nests egg eggs feather feathers wing wings tail tails den lair burrow web paw paws "
    "claw claws hoof hooves feet teeth tooth eye eyes ear ears nose breath".split()
)
#: Times named after someone: "valentine's day", "new year's eve".
_NAMED_DAYS: Final = frozenset("day days eve night nights week weekend".split())


def modal_as_name(tokens: list[Token], tok: Token) -> bool:
    """A modal before a verb it cannot take: "may wants the late shift", "will says it's fine".

    A modal takes a verb's plain form; a form with -s or a past tense after it makes the
    word a subject, and so a name ("May", "Will"); so does another modal ("may can take the
    van"), or where someone lives ("will from number 4 says"). A modal ending its clause
    after a verb that takes a person is that person ("ask will, he knows the code"), and so
    is one there before a word no verb is ("ask may to check the float", "tell will so he
    knows"), or after a preposition of whom a thing is about ("context on will").
    """
    if tok.norm not in NAME_MODALS:
        return False
    if tok.possessive and not tok.apostrophe_only:
        return _owns_a_thing(tokens, tok)  # "will's car failed its service": a modal owns nothing
    before = _glued_before(tokens, tok.index)
    if before is not None and before.norm in _ABOUT_SOMEONE and not sense(tok.norm).calendar:
        return True  # "any context on will for the 3pm?": no modal follows "on"
    nxt = tokens[tok.index + 1] if tok.index + 1 < len(tokens) else None
    if nxt is None or not nxt.glued:
        # "ask will, he knows the code", "ask may.": the object of a verb that takes a person
        before = _glued_before(tokens, tok.index)
        return before is not None and before.norm in PERSON_VERBS_BEFORE
    if before is not None and before.norm in PERSON_VERBS_BEFORE and nxt.norm in _NO_VERB_NEXT:
        return True  # "ask may to check the float", "tell will so he knows": whom one asks
    if nxt.norm in _OTHER_MODALS:
        # "may can take the van"; "may can be busy" is the month's
        return _a_deed_after(tokens, nxt, only_a_persons=False)
    if nxt.norm in _NO_VERB_BUT_A_PLACE:
        return True  # "will from number 4 says": where the one named lives, then a verb
    forms = inflections(nxt.norm)
    return bool(forms & {"VBZ", "VBD"}) and not forms & {"VB", "VBP"}


#: Words that are no verb, so no modal stands before them: "ask may to ...", "tell will so".
_NO_VERB_NEXT: Final = frozenset("to so that if whether about when and or".split())
#: Prepositions that take whom something is about or for, never a modal's verb after them.
_ABOUT_SOMEONE: Final = frozenset("on about with from for re".split())


def _owns_a_thing(tokens: list[Token], tok: Token) -> bool:
    """A noun after the word's "'s", no verb: "will's van", not "will's been" or "may's gone"."""
    before = _glued_before(tokens, tok.index)
    if before is not None and (before.norm in DETERMINERS or before.possessive):
        return False  # "the will's terms": a will, the document
    nxt = tokens[tok.index + 1] if tok.index + 1 < len(tokens) else None
    if nxt is None or not nxt.glued:
        return False
    meaning = sense(nxt.norm)
    return meaning.noun and not meaning.function and "VERB" not in meaning.readings


def _modal_before_no_verb(tokens: list[Token], tok: Token) -> bool:
    """:func:`modal_as_name` by the grammar alone: a content verb's -s or past form follows.

    "May wants the late shift", "Will sent the keys": no modal takes those. "is", "was" and
    "has" say nothing ("May is our busiest month", "Will was read out") unless "will" has
    something or is doing it (:func:`_will_has_or_is_doing`), nor does a place ("I will from
    now on ..."), nor a subject pronoun before the word ("I will").
    """
    after = _glued_after(tokens, tok.index)
    before = _glued_before(tokens, tok.index)
    owned = before is not None and (
        before.possessive or before.norm in DETERMINERS or sense(before.norm).adjective
    )  # "Dad's will", "the will", "free will": the noun
    if tok.contracted and tok.norm == "will" and not owned:
        return True  # "Will's the calm one": no modal takes "'s" ("May's" may be the month's)
    if tok.norm in NAME_MODALS and after is not None and after.norm in _REFLEXIVES:
        # "May herself rang", "it was Will himself": no month takes one, and a modal only
        # before its verb ("the client will himself want to sign off")
        return not _modals_verb(_glued_after(tokens, after.index))
    if after is None or after.norm in _NO_VERB_BUT_A_PLACE:
        return False
    if before is not None and before.norm in SUBJECT_PRONOUNS:
        return False
    if (
        tok.norm in NAME_MODALS
        and after.norm in _OTHER_MODALS
        and not owned
        and (
            _a_deed_after(tokens, after)
            # mid-sentence, a will or a month has its article: "say will can put up the gazebo"
            or (not tok.sentence_start and _a_deed_after(tokens, after, only_a_persons=False))
        )
    ):
        return True  # "May can sort the gilding", "Will might drive": a modal takes no modal
    if after.norm in _COPULAS or after.norm in _HAVE or after.norm in _OTHER_MODALS:
        return tok.norm == "will" and not owned and _will_has_or_is_doing(tokens, after)
    return modal_as_name(tokens, tok)


def _a_deed_after(tokens: list[Token], modal: Token, *, only_a_persons: bool = True) -> bool:
    """A deed after a second modal: "May can sort the gilding", "Will won't drive".

    No modal takes another, so the word before is its subject. A month is one too, and
    brings, sees and gets ("May will bring frost", "May can get busy"), and so is a will
    ("Will could go either way", "Will should list everything"): ``only_a_persons``, only
    a deed neither does makes the subject somebody. Otherwise (a lowercase "may", whose
    other readings the lowercase channel weighs) any verb's bare form but "be" and "have"
    ("may can take the van"; not "may can be a slow month", "may could well be").
    """
    verb = _glued_after(tokens, modal.index)
    while verb is not None and verb.norm in _BETWEEN_MODAL_AND_VERB:
        verb = _glued_after(tokens, verb.index)  # "Will can also drive", "May can't ever"
    if verb is None:
        return False
    if only_a_persons:
        return verb.norm in _DEEDS
    if verb.norm in _COPULAS or verb.norm in _HAVE or verb.norm == "be":
        return False
    after = _glued_after(tokens, verb.index)
    plain = {"VB", "VBP"} & inflections(verb.norm)
    if (
        plain
        and after is not None
        and (after.norm in _PARTICLES or after.norm in _DEFINITE_OBJECTS)
    ):
        return True  # "will can put up the gazebo": a verb, whatever else the word may be
    return _modals_verb(verb) and not {"ADV", "ADJ"} & sense(verb.norm).readings


#: Words between a modal and its verb: "can not", "can also drive", "can probably do".
_BETWEEN_MODAL_AND_VERB: Final = frozenset(
    "not also just probably definitely still only always never now even easily".split()
)
#: What people do and neither a month nor a will does (see :func:`_a_deed_after`).
_DEEDS: Final = frozenset(
    """
    do send email text call ring phone message sign pay quote book cancel order deliver
    invoice offer agree approve reject confirm finish forget handle lead chair write draft
    review submit fix hire interview visit invite promise refuse decline accept ask tell say
    mention reply answer complain suggest recommend organise organize pick drop collect
    drive fly join quit resign chase teach coach train sell buy rent lend borrow share post
    upload update cook bake clean check host schedule reschedule sort arrange forward ping
    nudge build install design prepare hand print read correct renew negotiate argue report
    record film photograph measure inspect translate edit proofread mentor supervise manage
    flag warn remind insist explain announce admit volunteer contact decide donate perform
    help phone cut sing play lift sail commit taste sample skipper carry attend walk
    swim cycle climb dance paint type
    """.split()
)


def _modals_verb(token: Token | None) -> bool:
    """The bare form of a verb, as after a modal ("want", "not know"), not a past or -s form."""
    if token is None:
        return False
    if token.norm in ("not", "be", "have"):
        return True
    forms = inflections(token.norm)
    return bool({"VB", "VBP"} & forms) and not {"VBD", "VBZ"} & forms


#: Reflexive pronouns, which a person's name takes ("May herself") and a modal does not.
_REFLEXIVES: Final = frozenset({"herself", "himself", "themselves", "themself"})


def _will_has_or_is_doing(tokens: list[Token], verb: Token) -> bool:
    """Will, a person, has or does: "Will has the float", "Will is doing the lights".

    The noun "will" takes neither bare: it is read out, or is free ("Will was read out"),
    or has an owner ("Dad's will has the flat going to my sister").
    "May" is the month as often ("May has the longest evenings"), so only "will" counts.
    """
    following = _glued_after(tokens, verb.index)
    if following is None:
        return False
    if verb.norm in _HAVE:
        return following.norm in _DEFINITE_OBJECTS or following.norm.isdigit()
    return verb.norm in _COPULAS and _progressive(following)


#: Words that open where someone lives, which no modal takes for its verb.
_NO_VERB_BUT_A_PLACE: Final = frozenset({"from", "upstairs", "downstairs"})
#: Modals that cannot follow another one.
_OTHER_MODALS: Final = frozenset(
    "can could will would shall should must might may can't cannot won't couldn't wouldn't "
    "shouldn't mustn't".split()
)


def _rota_readings(tokens: list[Token], index: int) -> list[str]:
    """What a person's or a pet's one word reads as: where it is at a time, what it has."""
    found: list[str] = []
    if _whereabouts(tokens, index) or _on_the_rota(tokens, index) or _asked_if_on(tokens, index):
        found.append(WHEREABOUTS)
    if _coming_to_do(tokens, index) or _got_round_to_do(tokens, index):
        found.append(A_VISIT)
    if _has_people_or_an_ailment(tokens, index) or _hurt(tokens, index):
        found.append(HAS_PEOPLE_OR_AILMENT)
    return found


def _coming_to_do(tokens: list[Token], index: int) -> bool:
    """A bare word coming round to do a job: "wren's coming to fix the boiler at 11".

    Coming, popping or dropping in, round or over, to do something: a visitor's errand.
    A season or the weather comes too, but to no verb ("summer's coming to an end").
    """
    token = tokens[index]
    if (
        token.norm in DETERMINERS
        or token.norm in _COMES_AND_GOES
        or not opens_clause(tokens, index)
    ):
        return False
    word = _glued_after(tokens, index)
    if word is not None and not token.contracted and word.norm in _VISITING_AUXILIARIES:
        word = _glued_after(tokens, word.index)
        if word is not None and word.norm == "be":  # "wren will be popping in"
            word = _glued_after(tokens, word.index)
    if word is None or word.norm not in _VISITING:
        return False
    return _to_do(tokens, _glued_after(tokens, word.index))


def _got_round_to_do(tokens: list[Token], index: int) -> bool:
    """A bare word got round to do a job: "get wren round to look at the gutter".

    Someone is had in, round or over to do a thing; a stuff is got in to be used
    ("get bread in for the weekend"), to no verb of its own.
    """
    token = tokens[index]
    before = _glued_before(tokens, index)
    if before is None or before.norm not in _GETTING or token.norm in DETERMINERS:
        return False
    particle = _glued_after(tokens, index)
    if particle is None or particle.norm not in _ROUND:
        return False
    # got "in" to do a job on the user's things ("to look at the leak"); a stuff is got in
    # to be used as well ("get basil in to make the pesto")
    jobs = _JOBS if particle.norm == "in" else None
    return _to_do(tokens, _glued_after(tokens, particle.index), jobs)


def _to_do(tokens: list[Token], to: Token | None, jobs: frozenset[str] | None = None) -> bool:
    """A "to" and the bare form of a verb after it, maybe after "in", "round" or "over".

    ``jobs``, when given, are the only verbs that count.
    """
    if to is not None and to.norm in _ROUND:
        to = _glued_after(tokens, to.index)
    if to is None or to.norm != "to":
        return False
    verb = _glued_after(tokens, to.index)
    if verb is None or verb.norm in ("be", "have", "not") or sense(verb.norm).function:
        return False
    return _modals_verb(verb) and (jobs is None or verb.norm in jobs)


#: What a visitor is doing: "coming", "popping in", "dropping by".
_VISITING: Final = frozenset("coming popping dropping nipping".split())
#: Jobs someone is got in to do on the user's things: "get wren in to look at the leak".
_JOBS: Final = frozenset(
    "look fix sort see measure quote repair service survey inspect clear unblock mend"
    " replace".split()
)
#: Auxiliaries before it, written out: "wren is coming", "wren will be popping" (with "be").
_VISITING_AUXILIARIES: Final = frozenset("is was will".split())
#: Verbs of having someone come: "get wren round", "have wren over".
_GETTING: Final = frozenset("get got getting have having".split())
#: The particles of a visit.
_ROUND: Final = frozenset("round over in by across".split())


def _hurt(tokens: list[Token], index: int) -> bool:
    """A bare word that did something to their own body: "sunny's burnt his hand again".

    A verb in the past, maybe after "has" and an adverb, then "his" or "her" and a part of
    the body: only a person or an animal has one ("frost burnt the leaves" has none).
    """
    if not opens_clause(tokens, index) or tokens[index].norm in DETERMINERS:
        return False
    word = _glued_after(tokens, index)
    while word is not None and (word.norm in _HAVE or word.norm in INTERVENING_ADVERBS):
        word = _glued_after(tokens, word.index)
    if word is None or not {"VBD", "VBN"} & inflections(word.norm):
        return False
    whose = _glued_after(tokens, word.index)
    part = _glued_after(tokens, whose.index) if whose is not None else None
    return (
        whose is not None
        and whose.norm in ("his", "her")
        and part is not None
        and part.norm in _BODY_PARTS
    )


#: Parts of the body someone hurts: "broke her wrist", "burnt his hand".
_BODY_PARTS: Final = frozenset(
    "hand hands arm arms leg legs wrist wrists ankle ankles knee knees back foot feet finger "
    "fingers thumb toe toes head neck shoulder shoulders hip elbow eye nose face tooth rib "
    "ribs".split()
)


def _phrase_ends(tokens: list[Token], index: int) -> bool:
    after = _glued_after(tokens, index)
    return after is None or after.norm in FUNCTION_WORDS


def _asked_if_on(tokens: list[Token], index: int) -> bool:
    """Asked who is on a shift: "is it hope on tonight or the agency nurse?"."""
    before = _glued_before(tokens, index)
    if before is None or not _asked_who_it_is(tokens, before):
        return False
    on = _glued_after(tokens, index)
    when = _glued_after(tokens, on.index) if on is not None and on.norm == "on" else None
    return when is not None and (
        is_calendar_word(when.norm) or when.norm in _SHIFTS or when.norm in _DAYS_FROM_NOW
    )


#: Days said from today: "on tomorrow", "on tonight".
_DAYS_FROM_NOW: Final = frozenset("today tonight tomorrow".split())


def _on_the_rota(tokens: list[Token], index: int) -> bool:
    """The subject of a shift on days: "ivy does wednesdays", "rook takes the weekends".

    Days and parts of the week are given to people on a rota; no thing or stuff "does
    mondays".
    """
    if not opens_clause(tokens, index):
        return False
    verb = _glued_after(tokens, index)
    while verb is not None and verb.norm in INTERVENING_ADVERBS:
        verb = _glued_after(tokens, verb.index)
    if verb is None or verb.norm not in _ROTA_VERBS:
        return False
    days = _glued_after(tokens, verb.index)
    if days is not None and days.norm == "the":
        days = _glued_after(tokens, days.index)
    return days is not None and (is_calendar_word(days.norm) or days.norm in _SHIFTS)


#: Prepositions after a deed done for someone or somewhere: "wren can order from the
#: wholesaler", "rook will cover for me" (a particle is what plants do too: "mint will take over").
_ERRAND_PREPOSITIONS: Final = frozenset({"from", "for", "with"})
#: Verbs of taking a turn on a rota.
_ROTA_VERBS: Final = frozenset(
    "does do did takes took covers covered works worked cleans cleaned opens closes".split()
)
#: Parts of the week a rota hands out ("weekends", "lates"); weekdays are calendar words.
_SHIFTS: Final = frozenset(
    "mondays tuesdays wednesdays thursdays fridays saturdays sundays weekends weekdays "
    "mornings afternoons evenings nights lates earlies".split()
)


def _bare_object(tokens: list[Token], index: int) -> bool:
    """After a preposition, ending its phrase: a verb ("an update on pierce") or a count noun.

    A count noun needs a determiner there as anywhere ("a letter from the spindle office"), so
    "a letter came from spindle" names something. After "to" a verb is an infinitive ("time
    to pierce the foil"), so there the word must be no verb.
    """
    before = _glued_before(tokens, index)
    if before is None or not _phrase_ends(tokens, index):
        return False
    meaning = sense(tokens[index].norm)
    if before.norm in _WITH and meaning.readings == {"ADJ"}:
        # "pencil it in with merry": one goes with someone, not with an adjective; but an
        # option said before is chosen so ("sunny or moody? I'd go with sunny")
        return not any(tok.norm == tokens[index].norm for tok in tokens[: before.index])
    if before.norm not in _PREPOSITIONS:
        return False
    nxt = _glued_after(tokens, index)
    taken = nxt is not None and (nxt.norm in _PARTICLES or nxt.norm in OBJECT_OPENERS)
    if before.norm == "to" and "VERB" in meaning.readings and taken:
        return False  # "to pierce through it": an infinitive with its particle or object
    if "VERB" in meaning.readings and _after_a_verb_taking_to(tokens, before):
        return False  # "had to wade in to grab the rope": the infinitive of "had to"
    if meaning.lexical and not (meaning.noun or meaning.adjective or meaning.function):
        return True
    if before.norm in _SET_PHRASE_PREPOSITIONS:
        return False  # "by tram", "on shift", "off duty": means and states take no article
    return bare_count_noun(meaning) and not (before.norm == "to" and "VERB" in meaning.readings)


def _bare_object_readings(tokens: list[Token], index: int) -> list[str]:
    """A word no article goes with as an object: a preposition's, or a verb's."""
    found = [BARE_OBJECT] if _bare_object(tokens, index) else []
    object_of_a_verb = _bare_verb_object(tokens, index)
    return found + ([object_of_a_verb] if object_of_a_verb else [])


def _bare_verb_object(tokens: list[Token], index: int) -> str:
    """A bare singular count noun or adjective after a verb, ending its phrase: its signal.

    "who owns otter now?", "could you meet merry on friday". As an object such a noun needs "the",
    "a" or "my" ("who owns the boat"): bare, it is a name. The verb is one in use as such (no
    determiner before it), no auxiliary or copula ("is otter late?" asks of a subject), and
    the noun has no mass use ("lost weight", "keep track" take nouns one never counts).
    """
    verb = _glued_before(tokens, index)
    if verb is None or verb.capitalised or verb.norm in FUNCTION_WORDS:
        return ""
    if verb.possessive:
        return ""  # "that bay's lantern": an owner is the noun's determiner, no verb
    if verb.norm in _COPULAS or verb.norm in _HAVE or verb.norm in _MODALS or verb.norm in _DO:
        return ""
    if not {"VBZ", "VBD", "VBG", "VBP"} & inflections(verb.norm):
        return ""
    if not _a_verb_in_use(tokens, verb) or not _phrase_ends(tokens, index):
        return ""  # "a clever attack vector", "the runs otter logged": a noun there
    word = sense(tokens[index].norm)
    if bare_count_noun(word):
        return BARE_VERB_OBJECT
    return ADJECTIVE_AS_OBJECT if _an_adjective_as_object(verb, word) else ""


def _an_adjective_as_object(verb: Token, word: WordSense) -> bool:
    """A word that is only an adjective, as the object of a verb: "could you meet merry on friday".

    An adjective is no object: after a verb that says how something is or becomes ("it
    looks sunny", "keep calm", "went quiet", "fell ill") it is a complement, after any other
    verb it is a name.
    """
    if word.readings != frozenset({"ADJ"}) or verb.norm in _DEGREE_WORDS:
        return False  # "a bit merry by then": a degree before the adjective, no verb
    lemmas = sense(verb.norm).verb_lemmas or frozenset({verb.norm})
    return not lemmas & _LINKING_VERBS


#: Verbs an adjective completes: how something is, seems, stays or becomes.
_LINKING_VERBS: Final = frozenset(
    """
    be look seem feel stay keep get go turn become sound remain appear grow make play come
    run fall hold break set prove smell taste act lie sit stand wear paint colour color dye
    """.split()
)


def _a_verb_in_use(tokens: list[Token], verb: Token) -> bool:
    """The word is a verb where it stands: after its subject, an auxiliary or "to", or first."""
    before = _glued_before(tokens, verb.index)
    if before is None or opens_clause(tokens, verb.index):
        return True
    return (
        before.norm.split("'")[0] in SUBJECT_PRONOUNS  # "we", "we're", "they've"
        or before.norm in _VERB_LEADS
        or before.norm in _COPULAS
        or before.norm in _HAVE
        or before.norm in _MODALS
        or before.norm in _DO
    )


#: Words after which a verb follows: "who owns", "to meet", "we'll just meet".
_VERB_LEADS: Final = frozenset("who to and then just also still never always".split())


#: Prepositions whose bare count nouns make set phrases of means and states.
_SET_PHRASE_PREPOSITIONS: Final = frozenset({"by", "on", "off", "per", "at"})


def _asks_of(tokens: list[Token], before: Token) -> bool:
    """A question's verb before its subject: "when's amber lantern next due", "is X open"."""
    if before.norm in _QUESTION_WORDS and before.possessive:
        return True  # "when's", "where's": the "'s" is "is"
    return before.norm in _ASKING_VERBS and opens_clause(tokens, before.index)


#: Count nouns a bare phrase names a time with: "when's rush hour", "is bin day tomorrow".
_TIMES_OF_DAY: Final = frozenset("hour day night time morning evening afternoon week".split())
#: Verbs that open a question before its subject.
_ASKING_VERBS: Final = frozenset("is was has does did will can could would should".split())


def _bare_count_phrase(tokens: list[Token], first: int, last: int) -> bool:
    """Words ending in a singular count noun, with no determiner, as an argument: a title.

    "take it to thursday clinic", "i'm hosting thursday clinic", "move thursday clinic to 11": a
    noun phrase whose head only counts needs "a", "the" or "my" ("at the thursday clinic"), so
    without one it is the name of something. Set phrases have heads with a mass use ("at low
    tide", "on short notice", "second chance").
    """
    head = tokens[last]
    # a street's head names it with a word before it and no article ("at kestrel road"),
    # whatever other use the head has ("by road")
    counted = sense(head.norm).count_noun or head.norm in STREETS
    if not counted or tokens[first].norm in DETERMINERS:
        return False
    if any(token.possessive or token.norm in FUNCTION_WORDS for token in tokens[first:last]):
        return False
    before = _glued_before(tokens, first)
    if before is not None and _asks_of(tokens, before) and head.norm not in _TIMES_OF_DAY:
        return True  # the subject of a question: "when's thursday clinic", "is thursday clinic on"
    if before is None or opens_clause(tokens, first):
        # its subject: "thursday clinic starts at ten"; before a copula only a doing ("rush
        # hour is at 5" speaks of a time of day)
        after = _glued_after(tokens, last)
        if after is None or not finite(after.norm):
            return False
        return after.norm not in _COPULAS or _progressive(_glued_after(tokens, after.index))
    if before.norm in _PHRASE_PREPOSITIONS:
        return True
    verb = sense(before.norm)
    if "VERB" not in verb.readings or verb.adjective or verb.function:
        return False
    if verb.noun and before.norm not in verb.noun_lemmas:
        return False  # "dogs winter coat": a plural noun, more often than a verb in -s
    ahead = _glued_before(tokens, before.index)  # "a move story ..." is a noun's compound
    return ahead is None or ahead.norm not in DETERMINERS


#: Spans of time a phrase before "there" may name: "this week there's ...".
_SPANS_OF_TIME: Final = frozenset(
    "week weekend month year morning afternoon evening night day time term season".split()
)
#: Prepositions before a bare title: "to thursday clinic", "after thursday clinic".
_PHRASE_PREPOSITIONS: Final = _PREPOSITIONS | frozenset(
    "in into onto after before during until till via like".split()
)


#: A count noun this common is used bare in set phrases ("by car", "at home", "to bed", "in
#: town") and in chat that drops its articles ("car's in the shop").
BARE_COUNT_MAX_ZIPF: Final = 4.6


def bare_count_noun(meaning: WordSense) -> bool:
    """A singular count noun below :data:`BARE_COUNT_MAX_ZIPF`: bare, it is no noun phrase."""
    return meaning.count_noun and not meaning.adjective and meaning.zipf < BARE_COUNT_MAX_ZIPF


def _indirect_object(tokens: list[Token], index: int) -> bool:
    """Between a verb and an article: "i promised pierce a draft"."""
    before = _glued_before(tokens, index)
    after = _glued_after(tokens, index)
    if before is None or after is None or after.norm not in _ARTICLES:
        return False
    measure = _glued_after(tokens, after.index)
    if measure is not None and measure.norm in _NO_SECOND_OBJECT:
        return False  # "add sage a bit at a time": how much, no second object
    if before.capitalised or before.norm in FUNCTION_WORDS or before.norm in SUBJECT_PRONOUNS:
        return False
    if before.norm in _GIVING_VERBS:
        # "can you make sage a birthday card", "book ivy a slot": a verb that gives someone
        # something, unless an article makes it a noun ("the book sage a ...")
        ahead = _glued_before(tokens, before.index)
        return ahead is None or ahead.norm not in DETERMINERS
    verb = sense(before.norm)
    return "VERB" in verb.readings and not verb.noun


#: Words after "a" that say how much or how long, no thing given: "grow ivy a little higher",
#: "book paris a month ahead"; and what is done to a plant or a thing, "give ivy a trim", or
#: what it is made into, "make sage a staple".
_NO_SECOND_OBJECT: Final = frozenset(
    "bit little lot while touch tad few couple moment minute sec day week month year night "
    "fortnight try trim haircut feed water prune wash clean spray tidy go staple priority "
    "habit rule".split()
)
#: Verbs that give someone something, though most are nouns too: "make sage a birthday card".
_GIVING_VERBS: Final = frozenset(
    "make get buy send give bring show pass hand lend owe offer promise book order fetch "
    "pour save email text".split()
)


def _asked_who_it_is(tokens: list[Token], pronoun: Token) -> bool:
    """After "is it" or "was it", what follows is who or what it is, not a verb."""
    if pronoun.norm not in ("it", "that"):
        return False
    asked = _glued_before(tokens, pronoun.index)
    return asked is not None and asked.norm in ("is", "was", "isn't", "wasn't")


def _an_adjective_before(tokens: list[Token], token: Token, before: Token) -> bool:
    """A lowercase noun after a lowercase adjective: a common noun and what it is like.

    A name takes few adjectives, and those of fondness or pity ("poor sage", "little ottilie",
    "old tom"); "total quagmire", "fresh basil" are things.
    """
    if token.capitalised or before.capitalised or before.possessive:
        return False
    if before.norm in FUNCTION_WORDS or before.norm in _FOND or before.norm in DETERMINERS:
        return False
    if before.norm in PERSON_VERBS_BEFORE or before.norm in ROLE_NOUNS:
        return False  # "ask ivy", "chef ivy": a deed or a role before a name
    if before.norm in _ORDINALS or _NUMBERED.fullmatch(before.norm):
        return True  # "fourth hairpin on the descent": one counted among its kind
    word = sense(before.norm)
    lead = _glued_before(tokens, before.index)
    if word.verb_lemmas and lead is not None and lead.norm in _BEFORE_A_VERB:
        return False  # "wants to shadow hope": a verb, after "to", with its object
    return word.adjective


#: An ordinal written in figures: "3rd", "21st".
_NUMBERED: Final = re.compile(r"\d+(?:st|nd|rd|th)")


#: Words after which a word that may be a verb is one: "to shadow", "we'll shadow".
_BEFORE_A_VERB: Final = _MODALS | SUBJECT_PRONOUNS | frozenset({"to"})


#: Adjectives said of people by name: "poor sage", "little ottilie", "big dave".
_FOND: Final = frozenset(
    "poor little old young big dear lovely sweet bless lucky brave wee auntie uncle cousin".split()
)


def _verb_readings(tokens: list[Token], token: Token, before: Token) -> list[str]:
    """The word, lowercase and a verb in the lexicon, where only a verb stands."""
    if _asked_who_it_is(tokens, before):
        return []  # "is it hope on tonight?": who it is, asked
    if before.norm in SUBJECT_PRONOUNS or _plural_subject(tokens, before):
        return [VERB_AFTER_SUBJECT]
    finite_form = bool({"VBD", "VBZ"} & inflections(token.norm))
    if finite_form and (_singular_subject(tokens, before) or _a_noun_opening(before)):
        return [VERB_AFTER_SUBJECT]  # "the bakery won", "Turnover rose in March"
    bare = _base_form(token.norm) and not token.possessive
    if bare and _after_its_subjects_modal(tokens, before) and not _verb_follows_it(tokens, token):
        return [VERB_AFTER_SUBJECT]  # "i cant stomach another rota", "we'll pilot it first"
    if bare and _after_a_verb_taking_to(tokens, before):
        return [INFINITIVE]  # "I had to wade out to the buoy"; "going to hope's party"
    if bare and _let_someone(tokens, before):
        return [LET_DO]  # "let me whittle it down": what one is let do
    return []


def _after_its_subjects_modal(tokens: list[Token], before: Token) -> bool:
    """A modal with a pronoun for its subject comes before the word: its bare verb.

    "i cant stomach another rota", "we'll pilot it", "she won't mark them": after "I
    can't" only a verb stands, however much the word is a name elsewhere. A modal that
    opens a question has its subject after it ("can brook cover?"), and is no such modal.
    """
    modal: Token | None = before
    while modal is not None and modal.norm in _NOT_OR_ADVERB:
        modal = _glued_before(tokens, modal.index)
    if modal is None:
        return False
    if modal.norm in _SUBJECT_AND_MODAL:
        return True
    if modal.norm not in _SUBJECTS_MODALS:
        return False
    subject = _glued_before(tokens, modal.index)
    return subject is not None and subject.norm in SUBJECT_PRONOUNS and subject.norm != "it"


def _verb_follows_it(tokens: list[Token], token: Token) -> bool:
    """A finite verb or a modal right after the word: it is that verb's subject.

    "sorry i cant lance is doing it": a comma left out, and the word opens a clause of its
    own.
    """
    after = _glued_after(tokens, token.index)
    if after is None:
        return False
    # "is", "has", a modal, or a verb's finite form no noun shares ("i cant lance blisters"
    # has a plural noun after it, no verb)
    return (
        after.norm in _SUBJECTS_MODALS or after.norm in _BE_OR_HAVE or _lexical_finite(after.norm)
    )


#: Forms of "be" and "have" that follow a subject: "lance is doing it", "lance has the keys".
_BE_OR_HAVE: Final = frozenset("is was has had isn't wasn't hasn't".split())
#: Modals, and their negations, between a subject and its bare verb.
_SUBJECTS_MODALS: Final = frozenset(
    "can can't cannot could couldn't will won't would wouldn't should shouldn't must mustn't "
    "might may shall".split()
)
#: A subject pronoun and its modal typed as one: "we'll", "i'd".
_SUBJECT_AND_MODAL: Final = frozenset(
    f"{pronoun}{apostrophe}{modal}"
    for pronoun in ("i", "you", "we", "they", "he", "she")
    for apostrophe in ("'", "’")
    for modal in ("ll", "d")
)
#: Words between a modal and its verb: "can't really brook", "will not mark".
_NOT_OR_ADVERB: Final = frozenset("not never just really also still even probably".split())


def _let_someone(tokens: list[Token], before: Token) -> bool:
    """A pronoun after "let": "let me", "let us", "let them" (what follows is a bare verb)."""
    if before.norm not in _PERSON_OBJECTS:
        return False
    let = _glued_before(tokens, before.index)
    return let is not None and let.norm in _LETTING


def ordinary_readings(tokens: list[Token], index: int) -> list[str]:
    """Evidence in the grammar around the one-word mention ``tokens[index]`` that it is no name."""
    token = tokens[index]
    meaning = sense(token.norm)
    before = _glued_before(tokens, index)
    if before is not None and before.initial:
        before = None  # "A. Quell drew the poster": an initial, no article
    after = None if token.possessive else _glued_after(tokens, index)
    found: list[str] = []
    if token.sentence_start and after is not None and _imperative(tokens, token, after):
        found.append(IMPERATIVE)
    found += _no_name_here(tokens, token, before, after)
    if before is not None and "VERB" in meaning.readings and not token.capitalised:
        found += _verb_readings(tokens, token, before)
    if before is not None and meaning.adjective and before.norm in _DEGREE_WORDS:
        found.append(AFTER_DEGREE)
    if before is not None and meaning.noun and _an_adjective_before(tokens, token, before):
        found.append(AFTER_ADJECTIVE)  # "the pitch was total quagmire"
    if before is not None:
        found += _counted_readings(tokens, token, before)
    after = _what_it_may_modify(tokens, token, before, after)
    following = _glued_after(tokens, after.index) if after is not None else None
    if (
        after is not None
        and _modified_noun(after, following)
        and VERB_AFTER_SUBJECT not in found
        and not _a_pairs_verb(before, after)
    ):
        found.append(MODIFIER)  # a verb after its subject takes an object, it modifies nothing
    verb_after = after is not None and (
        _verb_by_its_object(tokens, after) or _aspect_or_age(tokens, after)
    )
    if after is not None and _noun_after(after, tokens) and not verb_after:
        found.append(BEFORE_NOUN)
    if before is not None and before.norm == "at" and not token.capitalised:
        found.append(AT_BARE_NOUN)
    if before is not None and before.norm in _ARTICLES:
        found += [AFTER_ARTICLE, AFTER_THE] if before.norm == "the" else [AFTER_ARTICLE, AFTER_A]
    if meaning.place and _listed_with_place(tokens, index):
        found.append(LISTED_WITH_PLACE)
    if _aside_names_a_place(tokens, index):
        found.append(SAID_TO_BE_A_PLACE)
    return found


def _a_pairs_verb(before: Token | None, after: Token) -> bool:
    """The word closes a pair ("nan and grandad") and a verb's plain form follows: the pair's verb.

    "nan and grandad fly in at noon": two subjects take "fly", not "flies"; no one calls
    anything a "grandad fly". Only a word that is a verb's plain form counts as one here.
    """
    if before is None or before.norm not in ("and", "&"):
        return False
    return "VERB" in sense(after.norm).readings and _base_form(after.norm)


def _aside_names_a_place(tokens: list[Token], index: int) -> bool:
    """A parenthesis right after the word calls it a place: "Chad (the country)"."""
    if index + 1 >= len(tokens) or not tokens[index + 1].paren_before:
        return False
    inner = tokens[index + 1 : index + 1 + _ASIDE_REACH]
    return any(tok.norm in _PLACE_NOUNS for tok in inner)


#: Words of an aside looked at for what it calls the word before it.
_ASIDE_REACH: Final = 3


def _listed_with_place(tokens: list[Token], index: int) -> bool:
    """A place name co-ordinated with another one: "Adelaide or Perth", "Lagos, Accra"."""
    for step in (-1, 1):
        link = index + step
        if not 0 <= link < len(tokens):
            continue
        joined = (
            tokens[link].norm in _COORDINATORS
            or (step == 1 and (tokens[link].comma_before or tokens[link].arrow_before))
            or (step == -1 and (tokens[index].comma_before or tokens[index].arrow_before))
        )
        if not joined:
            continue
        other = link + step if tokens[link].norm in _COORDINATORS else link
        if other == index or not 0 <= other < len(tokens):
            continue
        neighbour = tokens[other]
        if neighbour.capitalised and sense(neighbour.norm).place:
            return True
    return False


def _in_foreign_passage(tokens: list[Token], index: int) -> bool:
    """The word and most words of its sentence around it are another language's.

    "what does 'hace sol y mucho calor' mean?", "translate: el sol sale por el este": a page
    named Sol is not meant. Only lowercase words show the language, and one of them
    must be a function word of it: a list of names ("Paolo, Giulia, Chiara") or one foreign
    word in English ("Sol says calor is the word for heat") leaves the name alone, and
    so does a capital in mid-sentence.
    """
    token = tokens[index]
    if token.capitalised and not token.sentence_start:
        return False  # "le dije a Sol": a name, capitalised as names are in any language
    around: list[Token] = []
    left = index
    while left > 0 and not tokens[left].sentence_start and index - left < LANGUAGE_REACH:
        left -= 1
        around.append(tokens[left])
    right = index + 1
    while (
        right < len(tokens) and not tokens[right].sentence_start and right - index <= LANGUAGE_REACH
    ):
        around.append(tokens[right])
        right += 1
    words = [token for token in around if not token.capitalised]
    if not any(sense(token.norm).foreign_function for token in words):
        return False  # a list of names has no "la", "und" or "que"
    foreign = sum(1 for token in words if _not_english(token))
    return len(words) >= 2 and 3 * foreign >= 2 * len(words)


def _a_quantity(token: Token) -> bool:
    """An amount, a measure or a plural of things before "per".

    "30p per head", "the price per ream", "500 sheets per ream".
    """
    if any(char.isdigit() for char in token.norm) or token.norm in _MEASURES:
        return True
    return sense(token.norm).plural_noun


#: Words for what is paid or counted per unit: "the price per ream", "the rate per hour".
_MEASURES: Final = frozenset("price cost rate fee charge pay wage cap limit".split())


def _word_of_a_language(tokens: list[Token], token: Token) -> bool:
    """Another language's word in lowercase, in a sentence that names that language.

    "what's the spanish for peace again, paz?": the word is talked about, whoever is
    called Paz. A capital in mid-sentence is a name still ("Paz taught me the spanish"), and
    so is the subject of a verb ("paz is teaching me spanish").
    """
    if token.capitalised or not sense(token.norm).foreign:
        return False
    after = _glued_after(tokens, token.index)
    if after is not None and finite(after.norm) and after.norm not in _SAYS_WHAT_A_WORD_IS:
        if after.norm not in _COPULAS or _progressive(_glued_after(tokens, after.index)):
            return False  # "paz is teaching me spanish": the subject of a doing, a name
    return any(other.norm in _LANGUAGES for other in _sentence_of(tokens, token))


def _sentence_of(tokens: list[Token], token: Token) -> list[Token]:
    """The tokens of the sentence ``token`` stands in."""
    start = token.index
    while start > 0 and not tokens[start].sentence_start:
        start -= 1
    end = token.index + 1
    while end < len(tokens) and not tokens[end].sentence_start:
        end += 1
    return tokens[start:end]


#: Verbs whose subject is a word talked about: "paz means peace in spanish".
_SAYS_WHAT_A_WORD_IS: Final = frozenset("means meant translates stands".split())
#: The languages whose everyday words the lexicon knows, by their English names.
_LANGUAGES: Final = frozenset({"spanish", "french", "italian", "german", "portuguese"})


def _not_english(token: Token) -> bool:
    """Another language's everyday word, or a word English does not know at all."""
    word = sense(token.norm)
    return word.foreign or (token.norm.isalpha() and not word.known_word and word.zipf == 0.0)


def _no_name_here(
    tokens: list[Token], token: Token, before: Token | None, after: Token | None
) -> list[str]:
    """Readings of the word as no name at all: a verb, a word quoted, a film's title."""
    found: list[str] = []
    if after is not None and _subject_left_out(tokens, token, after):
        found.append(SUBJECT_LEFT_OUT)
    if sense(token.norm).calendar and _said_as_a_time(tokens, token.index):
        found.append(SAID_AS_A_TIME)
    if _in_foreign_passage(tokens, token.index):
        found.append(FOREIGN_PASSAGE)
    if token.quoted and not token.capitalised:  # a 'Quill' in quotes is a codename
        found.append(QUOTED_WORD)
    elif not token.capitalised and _called_a_word(tokens, before):
        # "where does the word kerfuffle come from?"; "the word Hope used" is hers
        found.append(QUOTED_WORD)
    if before is not None and before.norm == "per" and not token.capitalised:
        quantity = _glued_before(tokens, before.index)
        if quantity is not None and _a_quantity(quantity):
            found.append(A_UNIT)  # "sheets per ream", "£5 per head"; "as per priya" hers
    if _word_of_a_language(tokens, token):
        found.append(WORD_OF_A_LANGUAGE)
    if before is not None and before.norm in _VIEWING and token.capitalised:
        if after is None or not _bare_verb(after):  # "watched Leo play": a person
            found.append(A_WORK_WATCHED)
    if before is not None and before.norm in _WATCHING and _watched(tokens, token, before):
        found.append(A_SHOW_WATCHED)
    if before is not None and not token.capitalised and _modifying_noun(before, tokens):
        found.append(AFTER_A_NOUN)
    if _said_to_be_a_work(tokens, token):
        found.append(SAID_TO_BE_A_WORK)
    if (
        not token.capitalised
        and _after_there_is(tokens, before)
        and not _come_to_see(tokens, after)
    ):
        found.append(SAID_TO_EXIST)
    return found


def _watched(tokens: list[Token], token: Token, verb: Token) -> bool:
    """The object of a verb of watching, said as a film or a show is (a thing's name only).

    The verb is no noun ("the watch Mia gave me"); the word ends its phrase or goes on with
    whom or again it was watched ("watching encanto with the kids", "watch encanto
    again"); a bare verb after it watches something done ("watched Leo play"), and "for",
    "while" or "till" anywhere after it minds it ("watch oreo tonight while we're out").
    """
    owner = _glued_before(tokens, verb.index)
    if owner is not None and (owner.norm in DETERMINERS or owner.possessive):
        return False
    after = _glued_after(tokens, token.index)
    if after is not None and _bare_verb(after):
        return False
    if any(tok.norm in _MINDING for tok in tokens[token.index + 1 :]):
        return False
    return after is None or after.norm in _WITH_OR_AGAIN


#: Words after "watch X" that make it minding X: "watch oreo for an hour", "while I ...".
_MINDING: Final = frozenset("for while whilst till until".split())
#: Words that go on after what was watched: with whom, or again.
_WITH_OR_AGAIN: Final = frozenset({"with", "again"})


def _after_there_is(tokens: list[Token], before: Token | None) -> bool:
    """The word follows an existential "there is": "there's still bramble creeping over the shed".

    English brings in only what is new to the hearer after an existential "there" (its
    definiteness effect: "there's a problem", never "there's the problem" as news), and
    a name is of someone known; the word is the thing said to exist, typed in lowercase.
    """
    while before is not None and before.norm in INTERVENING_ADVERBS:
        before = _glued_before(tokens, before.index)
    if before is None:
        return False
    if before.norm == "there" and before.contracted:
        return not _there_of_a_noun(tokens, before)  # "there's"
    if before.norm not in _EXISTENTIAL_BE:
        return False
    there = _glued_before(tokens, before.index)
    while there is not None and there.norm in _EXISTENTIAL_AUXILIARIES:
        there = _glued_before(tokens, there.index)  # "there might have been"
    return there is not None and there.norm in _THERE and not _there_of_a_noun(tokens, there)


def _there_of_a_noun(tokens: list[Token], there: Token) -> bool:
    """A "there" right after a noun phrase that opens the clause says where that thing is.

    "my contact there is ...", "the PM there is ...": the noun phrase is the subject and what
    follows "is" says who or what it is, a name as well as anything. After a phrase that a
    preposition opens ("at the nursery there were ...") "there" is existential still.
    """
    noun = _glued_before(tokens, there.index)
    if noun is None or noun.norm in FUNCTION_WORDS:
        return False
    meaning = sense(noun.norm)
    abbreviation = noun.raw.isupper() and len(noun.raw) > 1  # "our CTO there"
    if not (abbreviation or (meaning.noun and not meaning.function)):
        return False
    if meaning.calendar or noun.norm in _SPANS_OF_TIME:
        return False  # "this week there's hope": when, and "there" is existential
    owner = _glued_before(tokens, noun.index)
    if owner is None or owner.norm not in DETERMINERS:
        return False
    lead = _glued_before(tokens, owner.index)
    return lead is None or lead.norm not in _PHRASE_PREPOSITIONS


def _come_to_see(tokens: list[Token], after: Token | None) -> bool:
    """Someone there to see the user: "there's june at reception", "... on the phone".

    "There's" also presents whoever has turned up, at a door, on a line, waiting or asking.
    """
    if after is None:
        return False
    if after.norm in _ONE_WHO_CAME:
        return True
    line = _glued_after(tokens, after.index)
    phone = _glued_after(tokens, line.index) if line is not None else None
    return after.norm == "on" and phone is not None and phone.norm in ("phone", "line")


#: Words after "there's X" that place someone who has come: "at the door", "waiting".
_ONE_WHO_CAME: Final = frozenset(
    "at outside here downstairs upstairs waiting asking wanting".split()
)
#: The forms of "be" an existential "there" takes.
_EXISTENTIAL_BE: Final = frozenset("is are was were be been isn't aren't wasn't weren't".split())
#: What may stand between "there" and its "be": "there will be", "there has been".
_EXISTENTIAL_AUXILIARIES: Final = frozenset(
    "will would might may could should must can has have had used to".split()
)
#: "there", and its contractions with an auxiliary: "there'll be", "there'd been".
_THERE: Final = frozenset({"there", "there'll", "there'd", "there’ll", "there’d"})


def _called_a_word(tokens: list[Token], before: Token | None) -> bool:
    """The word follows "the word", "the term" or "the phrase": talked about, not used."""
    if before is None or before.norm not in _WORDS_FOR_WORDS:
        return False
    article = _glued_before(tokens, before.index)
    return article is not None and article.norm in ("the", "that", "this")


#: Nouns that name a word: "the word kerfuffle", "that phrase".
_WORDS_FOR_WORDS: Final = frozenset("word term phrase expression spelling".split())


def _said_to_be_a_work(tokens: list[Token], token: Token) -> bool:
    """The sentence says what the word names is a work or a being of fiction.

    "Odalys in Veremoor is a brilliant character", "Brisa: Tidefall was my favourite film",
    "was Yrsa the sea goddess?": a song, a film, a god or a character of that name, whoever
    of that name the brain knows. The word is the subject: nothing but a place ("Odalys in
    Veremoor") or a subtitle after a colon stands between it and the verb.
    """
    at = token.index + 1
    if token.colon_after:  # a subtitle: "Brisa: Tidefall was ..."
        while at < len(tokens) and tokens[at].capitalised and at - token.index <= _SUBTITLE:
            at += 1
    elif at < len(tokens) and tokens[at].norm in ("in", "from", "of") and tokens[at].glued:
        at += 1
        while at < len(tokens) and tokens[at].capitalised and tokens[at].glued:
            at += 1
    if at >= len(tokens) or (at > token.index + 1 and not tokens[at].glued):
        return False
    verb = tokens[at]
    if token.contracted and at == token.index + 1:
        at -= 1  # "Odalys's a brilliant character": the 's is "is"
    elif verb.norm in ("is", "was"):
        pass
    elif verb.norm == "the" and token.index > 0 and tokens[token.index - 1].norm in ("is", "was"):
        at -= 1  # "was Yrsa the sea goddess": the question's subject, then what it is
    else:
        return False
    described = False  # a word says what kind: "a sad character", not "a real character"
    for tok in tokens[at + 1 : at + 1 + _DESCRIPTION_REACH]:
        if not tok.glued:
            return False
        if tok.norm in _WORK_NOUNS:
            after = _glued_after(tokens, tok.index)
            if after is not None and sense(after.norm).noun and after.norm not in FUNCTION_WORDS:
                return False  # "a film buff": a noun it modifies
            return tok.norm not in _PERSONAL_TOO or _of_fiction(tokens, token)
        if tok.norm not in _DESCRIBING and (tok.capitalised or tok.norm in _DESCRIPTION_ENDS):
            return False
        described = described or tok.norm not in _DESCRIBING | _PLAIN_PRAISE
    return False


#: Capitalised words of a subtitle after a colon ("Brisa: Tidefall Rising").
_SUBTITLE: Final = 3
#: Words after the verb searched for what the subject is said to be.
_DESCRIPTION_REACH: Final = 5
#: Words of a description before its noun: "such a sad", "the same", "one of the best".
_DESCRIBING: Final = frozenset("such a an the same one of my our his her their".split())
#: Words that end a description before any noun of it ("is a mess but the film ...").
_DESCRIPTION_ENDS: Final = _COPULAS | frozenset(
    "and but or so because that which who if when than as for to with by in on at".split()
)
#: Nouns said of living people too ("he's a real character", "she's a god at quizzes",
#: "the villain of the piece"): only where the sentence speaks of fiction.
_PERSONAL_TOO: Final = frozenset(
    "character characters god goddess deity villain protagonist heroine superhero".split()
)
#: Words that put a sentence in a story, a myth or on screen.
_FICTION: Final = frozenset(
    """
    film films movie movies novel novels story stories myth myths mythology legend legends
    series episode episodes sitcom franchise comic comics saga fairytale fable marvel
    disney
    """.split()
)


def _of_fiction(tokens: list[Token], token: Token) -> bool:
    """The sentence speaks of a story, or sets the name in a capitalised work's world.

    "Odalys in Veremoor is ...": a world no map has, between the name and its verb; "in
    norse myth is Yrsa the sea goddess": a word of fiction in the sentence.
    """
    if any(tok.norm in _FICTION for tok in _sentence_of(tokens, token)):
        return True
    after = _glued_after(tokens, token.index)
    following = _glued_after(tokens, after.index) if after is not None else None
    return (
        after is not None
        and after.norm == "in"
        and following is not None
        and following.capitalised
        and not sense(following.norm).place  # "Rowan in Leeds is a god at spreadsheets"
    )


#: Words that praise or mock a person, and say nothing of what kind of being they are.
_PLAIN_PRAISE: Final = frozenset("real total proper right quite bit such".split())
#: Works and beings of fiction: what no person in the brain is said to be.
_WORK_NOUNS: Final = frozenset(
    """
    character characters goddess god deity carol hymn song film movie album novel poem
    opera sitcom series episode franchise painting myth villain protagonist heroine
    superhero cartoon anime
    """.split()
)


def _modifying_noun(before: Token, tokens: list[Token]) -> bool:
    """A lowercase noun that is no verb, role or kind: "which grade sedge", "horse sorrel".

    A name follows a role ("physio thorn") or a kind ("project trellis"), never another
    common noun; a word that may be a verb takes a name as its object ("call thorn"), unless
    an article before it makes it a noun ("a paper crown", "the steel gable").
    """
    if before.capitalised or before.possessive or before.norm in FUNCTION_WORDS:
        return False
    if before.norm in ROLE_NOUNS or before.norm in KIND_NOUNS:
        return False
    word = sense(before.norm)
    if not word.noun:
        return False
    article = _glued_before(tokens, before.index)
    return (article is not None and article.norm in _ARTICLES) or not (
        "VERB" in word.readings or word.adjective
    )


def _subject_left_out(tokens: list[Token], token: Token, after: Token) -> bool:
    """A past tense opening its clause before an article: "ok drew the floor plan".

    Chat leaves out "I", and a name is never followed straight by an article when it opens
    a clause, so the word is the verb; nor by a pronoun that opens a clause of its own, as
    after a verb of hoping or guessing ("Hope you feel better soon"). A capital in
    mid-sentence is left to the name.
    """
    if token.capitalised and not token.sentence_start:
        return False
    if not opens_clause(tokens, token.index):
        return False
    if token.norm in _THAT_VERBS and after.norm.split("'")[0] in SUBJECT_PRONOUNS:
        return True  # "Hope you feel better soon", "guess we wait"
    return after.norm in _ARTICLES and "VBD" in inflections(token.norm)


#: Verbs that take a whole clause with no "that", said in chat with their "I" left out; the
#: clause opens with its subject, contracted or not ("hope you're well").
_THAT_VERBS: Final = frozenset("hope guess reckon bet wish trust suppose think expect".split())


def _imperative(tokens: list[Token], token: Token, after: Token) -> bool:
    """A verb opening the sentence: before an article, or before a particle and an article.

    "Iron the shirts" (a verb the lexicon knows), "Zorp up the figures" (whatever the word:
    nothing but a verb stands between a sentence's start and a particle with its object).
    """
    if after.norm in _PARTICLES:
        article = _glued_after(tokens, after.index)
        if article is not None and article.norm in DETERMINERS:
            return True
    if "VERB" not in sense(token.norm).readings or not _base_form(token.norm):
        return False
    role = _glued_after(tokens, after.index)
    if after.norm == "the" and role is not None and role.norm in ROLE_NOUNS:
        return False  # "thorn the dj wants ...": a name and its role
    return (after.norm in DETERMINERS and after.norm not in ("that", "this")) or (
        after.norm in _PARTICLES
    )


def _noun_after(after: Token, tokens: list[Token]) -> bool:
    """A lowercase word with a noun reading follows: a compound or a subject and its verb."""
    if after.capitalised or after.handle or after.norm in FUNCTION_WORDS:
        return False
    following = _glued_after(tokens, after.index)
    meaning = sense(after.norm)
    if _said_of_it(meaning, following):
        return False  # "oswy free that evening?": an adjective, its "is" left out
    return meaning.noun and not _a_particle(after, following)


def _base_form(word: str) -> bool:
    """The word is the bare infinitive of one of its verbs ("iron", "hem")."""
    return word in sense(word).verb_lemmas


def _plural_subject(tokens: list[Token], before: Token) -> bool:
    """A plural noun after an article: "the pupils" in "the pupils brook no delay"."""
    if before.capitalised or not before.norm.endswith("s"):
        return False
    meaning = sense(before.norm)
    if not meaning.noun or before.norm in meaning.noun_lemmas:
        return False
    article = _glued_before(tokens, before.index)
    return article is not None and article.norm in DETERMINERS


def _a_noun_opening(before: Token) -> bool:
    """A word that is only ever a common noun, opening the sentence: its subject, bare.

    "Turnover rose", "Traffic ..." would not: it is a verb too ("Call rose about it" may
    ask for a call). A noun opening a sentence needs no article when it is a mass noun.
    """
    if not before.sentence_start or before.norm in FUNCTION_WORDS:
        return False
    return sense(before.norm).readings == {"NOUN"} and not sense(before.norm).count_noun


def _after_a_verb_taking_to(tokens: list[Token], before: Token) -> bool:
    """After "to" that follows a verb taking an infinitive: "had to", "need to", "going to".

    "talk to wade", "went to wade's" send something to someone; "had to wade out"
    does something.
    """
    if before.norm != "to":
        return False
    verb = _glued_before(tokens, before.index)
    if verb is not None and verb.norm in _PERSON_OBJECTS:
        # "told us to mark the boxes", "asked her to wade in": someone told to do something
        teller = _glued_before(tokens, verb.index)
        return teller is not None and teller.norm in _TELLING_TO
    return verb is not None and verb.norm in _TAKING_TO


#: Verbs that take someone and a bare verb: "let me whittle", "help us move", "make him wait".
_LETTING: Final = frozenset("let lets help helps make makes".split())
#: Pronouns a verb of telling takes before "to" and what it tells them to do.
_PERSON_OBJECTS: Final = frozenset("me you him her us them".split())
#: Verbs that tell or ask someone to do something: "tell him to", "asked us to".
_TELLING_TO: Final = frozenset(
    "tell tells told telling ask asks asked asking remind reminds reminded reminding want"
    " wants wanted warn warns warned expect expects expected persuade persuaded".split()
)
#: Verbs that take "to" and a bare infinitive: what follows them is a verb.
_TAKING_TO: Final = frozenset(
    "have has had having need needs needed want wants wanted going got trying tried able "
    "ought used decided".split()
)


def _singular_subject(tokens: list[Token], before: Token) -> bool:
    """A common noun after a determiner: "the bakery" in "the bakery won an award".

    A singular subject takes only a past or a third-person form, so the word after it must
    be one of those to count as its verb (the caller checks).
    """
    if before.capitalised or before.handle or before.norm in FUNCTION_WORDS:
        return False
    if not sense(before.norm).noun:
        return False
    article = _glued_before(tokens, before.index)
    return article is not None and article.norm in DETERMINERS


def _what_it_may_modify(
    tokens: list[Token], token: Token, before: Token | None, after: Token | None
) -> Token | None:
    """The word after the mention that it may modify as a noun does, or None.

    After an inverted auxiliary or "let" the word is a subject and a bare verb follows it:
    "did Ines call?", "can Ines review it?", "let Ines know" (the verb may also be a noun);
    "pass it to tegwyn first" says when (:func:`_when_next`).
    """
    if after is None:
        return None
    if before is not None and before.norm in _INVERTING and "VERB" in sense(after.norm).readings:
        return None
    if before is not None and _asks_how_it_is(tokens, before, after):
        return None  # "is saul free", "was tam around": the subject, then what it is
    return None if _when_next(token, after, _glued_after(tokens, after.index)) else after


def _asks_how_it_is(tokens: list[Token], before: Token, after: Token) -> bool:
    """A question opened by "is" or "was", then the word, then what may describe it."""
    if before.norm not in _ASKING_BE or not opens_clause(tokens, before.index):
        return False
    return bool({"ADJ", "ADV"} & sense(after.norm).readings)


#: Forms of "be" that open a question before its subject: "is saul free".
_ASKING_BE: Final = frozenset("is was are were".split())


def _when_next(token: Token, after: Token, following: Token | None) -> bool:
    """An adverb of order that is a noun too, after a name no word list holds.

    "pass it to tegwyn first" says when; "plant rowan first" may be the tree, a word the
    lists hold, before "first" as before any noun.
    """
    if after.norm not in _ORDER_WORDS or not unknown_word(token.norm):
        return False
    return following is None or not sense(following.norm).noun


#: Adverbs of order that are nouns too ("first aid", "the next").
_ORDER_WORDS: Final = frozenset("first last next later".split())


def _a_particle(after: Token, following: Token | None) -> bool:
    """An adverb of place, no noun: "get Rowan back to help", "bring Rowan home"."""
    if after.norm not in _WHERE_NOUNS:
        return False
    return following is None or (
        following.norm in _AFTER_PARTICLE
        or following.norm in _TIMES
        or is_calendar_word(following.norm)
    )


def _modified_noun(after: Token, following: Token | None = None) -> bool:
    """A lowercase common noun that is no finite verb: the head of a compound ("tea").

    A plural that is also a verb's -s form is the noun when a plural verb follows it
    ("Holly berries are poisonous"); "Rowan drives, I'll navigate" is a verb.
    """
    if after.capitalised or after.handle or after.norm in FUNCTION_WORDS:
        return False
    meaning = sense(after.norm)
    if not meaning.noun or after.norm.endswith("ing"):
        return False
    if _a_particle(after, following):
        return False
    if after.norm in _WHICH_TIME and following is not None and _a_time_word(following):
        return False  # "bought hay off bram last year": a time, no "last" she owns
    if _said_of_it(meaning, following):
        return False  # "tobs free on the 9th?", "oswy back tomorrow": "is" left out
    if not finite(after.norm):
        return True
    if meaning.plural_noun and seldom_a_verb(after.norm):
        # "Rowan hedges, ...": "to hedge" is in the dictionary, hardly in use; an object
        # after it makes it the verb after all ("rowan ferries the kids")
        return following is None or following.norm not in OBJECT_OPENERS
    return meaning.plural_noun and following is not None and following.norm in _PLURAL_VERBS


def _said_of_it(meaning: WordSense, following: Token | None) -> bool:
    """An adjective or an adverb said of the word before it, its "is" left out.

    "tobs free on the 9th?", "oswy free that evening", "rinsey back monday": chat drops the
    copula of a question or a note, and what follows the adjective is a preposition, a
    determiner or a day, never the rest of a compound ("precious little time").
    """
    if not (meaning.adjective or "ADV" in meaning.readings):
        return False
    if following is None:
        return False
    return sense(following.norm).function or is_calendar_word(following.norm)


def _a_time_word(token: Token) -> bool:
    """A day, a month or a unit of time: "year", "week", "tuesday"."""
    return is_calendar_word(token.norm) or token.norm in _TIME_UNITS


#: Words that say which time a unit of time is: "last year", "next week", "this month".
_WHICH_TIME: Final = frozenset({"last", "next", "this"})
#: Units of time after "last", "next" or "this".
_TIME_UNITS: Final = frozenset(
    "year week month time night morning afternoon evening weekend season term summer "
    "winter spring autumn".split()
)


#: Adverbs of place that are nouns too: "get X back", "bring X home", "keep X away".
_WHERE_NOUNS: Final = frozenset("back home away together inside outside forward".split())
#: What follows such an adverb, where no noun it could head does ("back to play", "home
#: for the summer", "away tonight").
_AFTER_PARTICLE: Final = frozenset(
    "to for from in on at into with by tonight today tomorrow yesterday soon now again then "
    "next this and or but".split()
)
#: Verbs a plural subject takes straight after it.
_PLURAL_VERBS: Final = frozenset("are were have do don't aren't weren't".split())


#: Words before a phrase that make it any one of its kind.
_ONE_OF_MANY: Final = frozenset("a an some any another every each".split())
#: Words that may describe a phrase between "a" and it: "a proper early bird", "a real early lark".
_DESCRIBING_WORDS: Final = 2


def one_of_many(tokens: list[Token], tok: Token) -> bool:
    """An "a" or "an" before the phrase, maybe with a word or two describing it ("a total ...").

    Or another word that makes it one of many: "some early lark left it open", "any
    early lark", "another silver lining". A noun may describe as an adverb does when an
    adjective follows it ("a brand new", "a stone cold").
    """
    at = tok
    for _ in range(_DESCRIBING_WORDS + 1):
        before = tokens[at.index - 1] if at.index > 0 and at.glued else None
        if before is None:
            return False
        if before.norm in _ONE_OF_MANY:
            return True
        meaning = sense(before.norm)
        describes = (meaning.adjective or "ADV" in meaning.readings) and not meaning.count_noun
        # "a brand new": a noun strengthens the adjective after it, never the phrase itself
        if not (describes or (at is not tok and intensifies(before, at))):
            return False
        at = before
    return False


def intensifies(word: Token, after: Token) -> bool:
    """A noun right before an adjective it strengthens: "brand new", "spanking new".

    Not before a word that may be an adverb or a preposition's ("a walk past quillmere").
    """
    meaning, adjective = sense(word.norm), sense(after.norm)
    only_adjective = adjective.adjective and "ADV" not in adjective.readings
    return only_adjective and meaning.noun and not meaning.function
