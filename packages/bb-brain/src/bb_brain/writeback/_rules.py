"""The ``rules`` extractor: deterministic extraction from the conversation alone (no gold).

It is the honest baseline for extraction quality. Mechanism, per segment:

1. Split every user turn into sentences (abbreviations such as "Dr." do not end one).
2. Drop what states nothing: questions (except a message to relay: "can you tell Ravi I'm
   pausing the sessions?"), pleasantries ("Thanks!", "Sounds good."), "just got off the call"
   style openers, and speculation ("maybe", "might", "not sure", a rumour): a hedge is no
   fact (:mod:`bb_brain.writeback._clauses`).
3. Split the sentence into clauses (spaced dashes, semicolons, "and"/"but" before a new
   subject or before a second verb phrase of the same one), attribute each
   (:mod:`bb_brain.writeback._attribute`), and join adjacent clauses about the same entity
   back together unless the later one states something on its own: several facts per turn.
   A parenthesis right after a name is a fact about that name's entity (any other stays in
   its clause: "the balance (£640) by 2 may"), and so is a role in apposition before a
   full name ("... with a glazier, Ana Quell, ...").
4. A correction ("Thursday, not Wednesday") keeps only the corrected value and replaces the
   earlier fact that stated the old one, taking over its entity when it names none itself;
   a contrast that corrects nothing said before and opens with no correction marker
   ("written updates, not standing meetings") states both sides and is kept whole.
   A self-repair ("No, make that 34") withdraws the facts of the sentence before it in the
   same turn and takes over their entity; a sentence the user already said, restated behind
   a lead-in ("As I said: ..."), states nothing new.
5. Keep a clause when a cue marks it as information-bearing, and set the fact kind from the
   strongest cue: a commitment or decision ("I'll", "I won't", "we're going with", "decided
   to"), a preference ("prefers", "wants"), a belief ("worried", "thinks", "reckons"), an amount
   (kind ``fact``), a date (kind ``event``), or any other number (kind ``fact``). Without a
   cue, keep it (kind ``fact``) when it refers to an entity, states an amount or a time in
   words ("six weeks", "this morning"), says something about the user ("I'm vegetarian"),
   or, with a topic at hand, is a whole clause with a verb and no verdict on the day.
6. A person the conversation introduces who has no page ("my nephew Sipho Dlamini") is an
   entity all the same: the fact names ``people/<given>-<family>`` and the person's name, and
   write-back creates the page.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bb_schema import FactKind
from bb_schema.turn_context import ExtractedFact

from bb_brain._examined import WRITEBACK_EXAMINED_CHARS, examined
from bb_brain._given_names import name_pronoun
from bb_brain._letters import LETTER, LOWER, UPPER
from bb_brain._names import ABBREVIATED_HONORIFICS, HONORIFICS, SHORTENED_TITLES, fold
from bb_brain._orgnames import ORG_WORDS, is_organisation
from bb_brain.pages import is_place
from bb_brain.reflex._lexicon import (
    DETERMINERS,
    LETTERED_NOUNS,
    OBJECT_OPENERS,
    SUBJECT_PRONOUNS,
    is_calendar_word,
)
from bb_brain.reflex._ordinary import inflections, sense
from bb_brain.reflex._syntax import finite
from bb_brain.writeback._attribute import (
    CALLED_TO_SAY,
    MODALS_AND_BE,
    REPORTED,
    Reference,
    Relation,
    Salience,
    an_undertaking,
    choose,
    named_relation,
    next_word,
    placed_the_user,
    references,
    reported_after_a_lead,
    subject,
    the_users_news,
)
from bb_brain.writeback._clauses import (
    BECAUSE,
    HEDGE,
    SO_SOMEONE,
    Clause,
    Correction,
    a_day_or_days,
    correction,
    hedged,
    lead_phrase,
    opens_with_the_user,
    opens_with_verb,
    relayed,
    repair,
    split_clauses,
    starts_as_correction,
)
from bb_brain.writeback._contractions import (
    HE_OR_SHE,
    I_AM,
    I_HAVE,
    THEY,
    TYPED_FAST,
)
from bb_brain.writeback._entities import Entity, EntityIndex
from bb_brain.writeback._firms import the_firms_business
from bb_brain.writeback._forwarded import in_senders_words
from bb_brain.writeback._head_nouns import HeadNouns
from bb_brain.writeback._kin import family_name, kin_full_name
from bb_brain.writeback._name_slips import names_mended
from bb_brain.writeback._organisations import new_organisations
from bb_brain.writeback._people import (
    ASIDE,
    KIN_PRONOUNS,
    KinNamed,
    called_by_name,
    describes_a_role,
    kin_named,
    new_people,
    person_noun,
    person_slug,
    roster_heading,
)
from bb_brain.writeback._repairs import (
    MONTH,
    NEXT_TO_TODAY,
    SLIP_MARKERS,
    WEEKDAY,
    bare_value,
    nearest_value,
    slip_distance,
    substituted,
    value_kind,
)
from bb_brain.writeback._segment import Segment

_FLAGS = re.IGNORECASE
_APOS = "['\u2019]"

#: What a commitment not to do holds: a verb and what it does, no idiom ("I won't lie", "I
#: won't bore you", "No, I won't.").
_NOT_TO_DO: Final = r"\s+(?!lie\b|bore\b|pretend\b|deny\b|keep you\b|go on\b)[a-z]+\s+\w+\s+\w"
#: Cue patterns, strongest first: the first that matches sets the kind.
#: Words of a belief or a worry: "worried", "reckons", "in my view".
_BELIEF: Final = re.compile(
    r"\b(?:worried|worries|worry|thinks?|thought|concerns?|concerned|believes?|"
    r"believed|feels?|felt|afraid|skeptical|sceptical|confident|doubts?|suspects?|"
    r"expects?|nervous|convinced|unsure|reckons?|my read|in my view)\b",
    _FLAGS,
)
CUES: Final[tuple[tuple[FactKind, re.Pattern[str]], ...]] = (
    (
        "commitment",
        re.compile(
            # "I won't spend more than that": a commitment not to
            rf"\b(?:i{_APOS}ll|i will|(?:i|we) (?:won{_APOS}?t|will not)(?={_NOT_TO_DO})|"
            rf"{I_AM} going to|"
            rf"i am going to|(?:{I_HAVE}|i have|i) "
            rf"(?:committed|promised|agreed)|(?:we|she|he|they){_APOS}ll|theyll|(?:we|she|he|they) "
            rf"will|we(?:{_APOS}re| are) going to|we (?:committed|promised|agreed)|decided to|"
            r"(?:made|reached) (?:a|the) decision|going to pass|pass(?:ing)? on|"
            r"plan(?:s|ning)? to|commit(?:s|ted)? to|decision|going with|went with|go with|"
            r"chose|chosen|picked|opted|settled on|"
            rf"(?:said|told \w+|promised \w+) i{_APOS}d|{I_AM} committing|i owe|"
            rf"(?:{I_AM}|i am) (?:doing|taking|handling|covering|running|booking|sorting)|"
            # "I have to reorder the veneer": an obligation ("I have to say ..." is no promise)
            rf"i need to|(?:(?:{I_HAVE}|i have)(?: got)? to|i must)"
            r"(?!\s+(?:say|admit|confess|agree|laugh|wonder|ask|tell you)\b))\b",
            _FLAGS,
        ),
    ),
    (
        "preference",
        re.compile(
            r"\b(?:prefers?|preferred|preference|likes|liked|loves?|loved|"
            r"wants?|wanted|favou?rite|hates?|hated|dislikes?|enjoys?|"
            rf"(?:would|(?:i|we|he|she|they){_APOS}d)(?:\s+(?:really|much|honestly|just))?"
            r"\s+(?:rather|like|prefer|love)"
            # "I'd like to flag that ...", "I'd just like to say ...": what follows is the news
            r"(?!\s+to\s+(?:flag|say|mention|add|note|point|remind|ask|check|know|thank|update"
            r"|let|confirm|share|introduce|welcome|propose|apologi[sz]e|think)\b"
            r"|\s+it\s+noted\b))\b",
            _FLAGS,
        ),
    ),
    ("belief", _BELIEF),
    (
        # what a thing needs done is a job to do, no one's undertaking yet: "the hood filter
        # needs replacing", "all cakes must be labelled"
        "fact",
        re.compile(
            r"\bneeds? (?!nothing\b|everything\b|something\b|anything\b)[a-z]{3,}ing\b"
            r"|\b(?:(?:needs?|has|have) to|must) be (?!honest\b|said\b)(?:[a-z]+ )?[a-z]+ed\b",
            _FLAGS,
        ),
    ),
    (
        "fact",
        re.compile(
            r"[$\u20ac\u00a3\u00a5]\s?\w|\b\d[\d,.]*\s?(?:%|percent\b|k\b|m\b|bn\b|million\b|"
            r"billion\b|thousand\b)",
            _FLAGS,
        ),
    ),
    (
        "event",
        re.compile(
            # a weekday, or a weekday's every week ("I do Sundays", "Tuesdays and Fridays"),
            # as chat shortens it too ("thurs", "tmrw")
            rf"\b(?:{WEEKDAY}|today|{NEXT_TO_TODAY}|"
            r"january|february|march|april|june|july|august|september|"
            r"october|november|december|(?:next|last|this) (?:week|month|quarter|year)|"
            r"q[1-4]|\d{4}-\d{2}-\d{2})\b"
            # the month that is a modal too, where only a date stands: "at the end of May"
            r"|\b(?:in|of|by|until|till|since|during|early|late|mid)\s+(?-i:May)\b(?!['’])"
            r"|\b\d{1,2}(?:st|nd|rd|th)?\s+(?-i:May)\b|\b(?-i:May)\s+\d",
            _FLAGS,
        ),
    ),
    ("fact", re.compile(r"\b\d")),
)

_PLEASANTRY = re.compile(
    r"^(?:thanks|thank you|thx|cheers|great|cool|ok|okay|sure|sounds good|perfect|nice|"
    r"awesome|got it|hi|hello|hey|good (?:morning|afternoon|evening)|bye|see you)"
    r"(?:[\s,]+(?:so much|a lot|again|all|there|everyone|team|for that|for the help))*[.!]*$",
    _FLAGS,
)
_OPENER = re.compile(
    r"^(?:(?:i|we)\s+)?(?:just|finally)\s+(?:got off|hung up|wrapped|finished|came out of|left)"
    r"|\b(?:call|meeting|sync|session)\s+(?:just\s+)?(?:wrapped|ended|finished)\b",
    _FLAGS,
)
#: A clause opening with a pronoun has a subject of its own (even one nobody was named for).
_PRONOUN_FIRST = re.compile(
    rf"^\W*(?:(?:and|but)\W+)?(?:{HE_OR_SHE}|{THEY}|it|you)\b", re.IGNORECASE
)
#: A kept clause without a cue has at least this many words.
MIN_FACT_WORDS: Final = 3
#: A decision or an opinion of the user's that names nothing is about the topic at hand: the
#: last organisation or project talked about (a person is no topic here).
_ABOUT_THE_TOPIC: Final = frozenset({"commitment", "belief"})
#: Amounts and times written in words ("six weeks", "this morning", "end of the month").
_QUANTITY = re.compile(
    r"\b\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|"
    r"thirty|forty|fifty|hundred|thousand|dozen|half|twice)\b|"
    r"\b(?:this|next|last) (?:morning|afternoon|evening|week|month|year|quarter|weekend)\b|"
    rf"\bend of the (?:week|month|quarter|year)\b|\b{NEXT_TO_TODAY}",
    _FLAGS,
)
#: The user saying something about themselves ("I'm vegetarian", "my physio says").
_SELF = re.compile(
    # "im" and "ive" as chat types them: no word of their own
    rf"\b(?:{I_AM}|i am|i have|{I_HAVE}|my|me|we{_APOS}re|we are|our|us|"
    # the user's own family, named by what they are to the user: "Mum and Dad are retired"
    r"mum|dad|mam|mom|gran|granny|grandma|grandad|grandpa|nan|nana)\b",
    _FLAGS,
)
#: A statement about the user alone ("I'm vegetarian", "my flight lands at 9"): no topic's.
_PERSONAL = re.compile(rf"^\W*(?:i|{I_AM}|{I_HAVE}|i{_APOS}d|my|me)\b", _FLAGS)
_ABBREVIATIONS = frozenset(
    {"mr", "mrs", "ms", "dr", "prof", "inc", "co", "ltd", "corp", "vs", "etc", "st", "jr", "sr"}
    # shortened words that open what they qualify ("£2,300 incl. tables", "approx. 85 guests")
    | {"incl", "excl", "approx"}
)
#: Shortened words that end a sentence as often ("late by 20 mins. Alice ..."): inside one
#: only before a number or a lowercase word ("no. 42", "3 hrs. max", "ref. 7731").
_BEFORE_MORE = frozenset({"no", "nos", "ref", "tel", "dept", "appt", "hrs", "mins", "wks", "est"})
_EMOJI_CHARS: Final = (
    "\U0001f300-\U0001faff\U0001f1e6-\U0001f1ff\u2600-\u27bf\u2b50\u23f0-\u23ff\ufe0f"
)
_EMOJI = re.compile(f"[{_EMOJI_CHARS}]")
#: The end of a piece that what ends it is read from (a title's stop, an initial, "e.g.").
_TAIL_CHARS: Final = 80
#: A sentence's end: a stop, a line break, or an emoji that closes what was said ("its £400
#: 😬 tomas can weld it friday": chat ends a thought on one, before a clause of its own). An
#: ellipsis typed as one character ("…") ends one as its three stops do.
_BOUNDARY = re.compile(
    r"(?<=[.!?…])[\"')\]]*\s+|\n+"
    rf"|(?<=[{_EMOJI_CHARS}])\s+(?=[^\W\d_])"
)
#: A piece that ends on an ellipsis (".." or more, or "…"): a pause, after which a doubt may
#: follow.
_AN_ELLIPSIS_ENDS = re.compile(r"(?:\.\.|…)[\"')\]]*\s*$")
#: A doubt and nothing else, which after a pause doubts what came before it ("the quote is
#: 900... maybe", "... not sure though", "... who knows"); not a puzzled "no idea why", nor a
#: doubt with more to say ("... maybe the van was late"). A doubt that offers another value
#: ("... or maybe July") is read as a sentence of its own, as after a stop: a known limit.
_ONLY_A_DOUBT = re.compile(
    r"\W*(?:or\s+)?(?:maybe|perhaps|possibly|probably|not\s+sure|unsure|dunno|idk|i\s+guess"
    r"|who\s+knows|no\s+idea)(?:\s+(?:though|tho|tbh|yet|lol|not|so))*[\W_]*",
    re.IGNORECASE,
)
_LAST_WORD = re.compile(r"(\w+)\W*$")
_LIST_NUMBER = re.compile(r"\s*\(?\d{1,2}[.)]")
#: A line of a list ("1. nightly backups only", "- tls only").
_LIST_ITEM = re.compile(r"^\s*(?:\(?\d{1,2}[.)]|[-*\u2022])\s+\S")


def word_count(text: str) -> int:
    """How many words ``text`` has: runs between spaces that hold a letter or a digit.

    An emoji, a dash or a bullet standing alone is no word: "she bought hers in May 👍" is as
    long as "she bought hers in May", so a closing reaction changes no reading that counts
    words.
    """
    return len(_A_WORD.findall(text))


_A_WORD = re.compile(r"\S*[^\W_]\S*")


def split_sentences(text: str) -> list[str]:
    """Sentences of ``text``, whitespace-collapsed; "Dr." and "e.g." do not end one."""
    pieces: list[str] = []
    start = 0
    for boundary in _BOUNDARY.finditer(text):
        piece = text[start : boundary.start()]
        last = _LAST_WORD.search(piece[-_TAIL_CHARS:])
        following = text[boundary.end() : boundary.end() + 48]
        paused = _AN_ELLIPSIS_ENDS.search(piece) is not None
        if (
            "\n" not in boundary.group(0)
            and last
            and not paused  # "she said no… then rang back": no abbreviation's stop
            and _is_abbreviation(piece[-_TAIL_CHARS:], last, following)
        ):
            continue
        if paused and "\n" not in boundary.group(0) and _only_a_doubt_after(text, boundary):
            continue  # "the quote is 900... maybe": the doubt is the statement's
        if "\n" not in boundary.group(0) and _LIST_NUMBER.fullmatch(piece):
            continue  # "1. nightly backups": the number of a list item ends nothing
        if (
            "\n" not in boundary.group(0)
            and _EMOJI.fullmatch(piece[-1:])
            and (
                _an_emoji_as_a_word(piece[-_CLAUSE_CHARS:])
                or not _a_clause_opens(text[boundary.end() : boundary.end() + _CLAUSE_CHARS])
            )
        ):
            continue  # "the 🍷 was great"; "lost the vote 🙄 two short again": one thought
        pieces.append(piece)
        start = boundary.end()
    pieces.append(text[start:])
    return [" ".join(piece.split()) for piece in pieces if piece.strip()]


def _only_a_doubt_after(text: str, boundary: re.Match[str]) -> bool:
    """Only a doubt after the pause, up to the next sentence's end (a stop, an emoji, a line).

    "the quote is 900... maybe" and "... not sure though. will ask" doubt what was said
    before the pause (:data:`_ONLY_A_DOUBT`).
    """
    after = _BOUNDARY.search(text, boundary.end())
    rest = text[boundary.end() : after.start() if after is not None else len(text)]
    return _ONLY_A_DOUBT.fullmatch(rest) is not None


def _a_clause_opens(rest: str) -> bool:
    """A subject and its verb open ``rest``: "tomas can weld it", "she's off", "we lost".

    After an emoji, a fragment ("after 11 years", "took the drill") goes on with the thought
    before it; a clause of its own starts a new one.
    """
    words = [fold(word) for word in _WORDS_BEFORE.findall(rest[:_CLAUSE_CHARS])][:2]
    if not words:
        return False
    if words[0] in SUBJECT_PRONOUNS or _CONTRACTED_SUBJECT.match(rest):
        return True
    if len(words) < 2 or sense(words[0]).function or not finite(words[1]):
        return False
    verb = sense(words[1])
    return verb.function or not verb.noun  # "tomas can", "bill came"; not "rear discs"


#: How far into what follows an emoji its subject and verb are looked for.
_CLAUSE_CHARS: Final = 40
#: A subject and a verb contracted into one word: "she's", "we'll", "im", "hes".
_CONTRACTED_SUBJECT: Final = re.compile(
    rf"(?:i|you|we|they|he|she|it|that)['’](?:s|m|re|ll|ve|d)\b|(?:{TYPED_FAST}|its|thats)\b",
    re.IGNORECASE,
)


def _an_emoji_as_a_word(piece: str) -> bool:
    """The emoji ending ``piece`` follows a determiner or a preposition: it is a noun ("the 🍷")."""
    words = _WORDS_BEFORE.findall(piece)
    return bool(words) and fold(words[-1]) in _BEFORE_A_NOUN


_WORDS_BEFORE = re.compile(r"[^\W\d_][\w'’]*")
#: Words after which an emoji stands for the noun they need.
_BEFORE_A_NOUN: Final = frozenset(
    "a an the my your our their his these those some any no of to for with at from by about".split()
)


def _at_slips(sentences: list[str]) -> list[str]:
    """Sentences, each cut where a slip mid-sentence fixes a value ("£3,000, no wait, £3,500").

    What follows the slip is a repair of its own, read as one that opens a sentence is.
    """
    pieces: list[str] = []
    for sentence in sentences:
        start = 0
        while (slip := _MID_SLIP.search(sentence, start)) is not None:
            before, rest = sentence[: slip.start()], sentence[slip.end() :]
            found = _value_of(_slip_head(rest), marked=True)
            if found is None or substituted(before, found[0]) is None:
                start = slip.end()  # "12-3, no wait, 1-4": no value of a kind a fix replaces
                continue
            pieces.append(before)
            sentence, start = rest, 0
        pieces.append(sentence)
    return [piece for piece in pieces if piece.strip()]


#: A slip after a comma or a dash, with a figure alone after it: ", no wait, £3,500, ...",
#: "— sorry, 12 Dec —" (not "12, no 14 if we squeeze": "no 14" may be a number).
_MID_SLIP = re.compile(
    r"(?:\s*[,;]|\s+[-–—]+)\s+(?=(?:(?:no\s+wait|no(?=[,:])|sorry|oops|whoops|wait|i\s+mean"
    r"|correction|scratch\s+that|hang\s+on|hold\s+on|ugh\s+no)[\s,:]*)+"
    r"(?:(?:it['’]s|that['’]?s|make\s+(?:that|it))\s+)?(?:(?:the\s+)?[£$€]?\d[\d,.:]*"
    rf"(?:am|pm|k|%|st|nd|rd|th)?(?:\s+{MONTH})?|[a-z]+day|{MONTH})"
    r"(?:\s*(?:[-–]|to|till|until)\s*\d[\d.:]*(?:am|pm)?)?(?:\s+[\w'’]+){0,4}"
    r"\s*(?:[,;.!?–—-]|$))",
    re.IGNORECASE,
)


def _is_abbreviation(piece: str, last: re.Match[str], following: str) -> bool:
    word = last.group(1).casefold()
    if _a_shortened_title(piece.rstrip(), last.group(1), following):
        return True
    following = following[:1]
    if word in _BEFORE_MORE:
        return following.isdigit() or following.islower()
    if _initial(piece) and following.islower():
        return True  # "Juniper K. asked": an initial, and the sentence goes on in lowercase
    return word in _ABBREVIATIONS or bool(re.search(r"\b(?:e\.g|i\.e)\.$", piece))


def _a_shortened_title(piece: str, word: str, following: str) -> bool:
    """A capitalised title shortened with a stop before a capitalised name: "Atty. Reyes".

    A title that is also a word or another abbreviation ("Gen.", "Hon.", "Arch.") needs a
    full name after it ("Hon. Brakwa Ansel"); a pronoun, an article or an everyday word after
    it opens a sentence ("moved up to Gen. He says ...", "Thanks Capt. See you").
    """
    if not (piece.endswith(".") and word[:1].isupper() and following[:1].isupper()):
        return False
    folded = word.casefold()
    names = _WORDS_BEFORE.findall(following)[:2]
    first = sense(fold(names[0])) if names else None
    if first is None or first.function or first.lowercase_ordinary:
        return False  # "Thanks Capt. See you Friday": a word, opening a sentence
    if folded in ABBREVIATED_HONORIFICS:
        return True
    return folded in SHORTENED_TITLES and len(names) == 2 and names[1][:1].isupper()


def _initial(piece: str) -> bool:
    """The piece ends in a capitalised word and one capital letter: a name's initial.

    A noun a letter labels is no name ("Gate B.", "Team B.").
    """
    words = piece.rstrip(".").split()
    if len(words) < 2:
        return False
    name, letter = words[-2], words[-1]
    if len(letter) != 1 or not letter.isupper():
        return False
    return name[:1].isupper() and name.isalpha() and fold(name) not in LETTERED_NOUNS


def classify(sentence: str) -> FactKind | None:
    """The fact kind a sentence's strongest cue gives, or None when it carries no information."""
    if sentence.endswith("?") or _PLEASANTRY.match(sentence) or _OPENER.search(sentence):
        return None
    for kind, pattern in CUES:
        if pattern.search(sentence):
            return kind
    return None


class RulesExtractor:
    """Deterministic clause-level extraction with entity attribution (see module docs)."""

    def __init__(self, entities: EntityIndex) -> None:
        """Attribute against ``entities``, the source's pages."""
        self._entities = entities
        self._heads = HeadNouns(entities.entities)
        #: The user's sentences so far in the conversation (all its segments), to spot one
        #: restated behind a lead-in.
        self._said: set[str] = set()
        #: The pages the conversation has named so far (its own organisation among them).
        self._named: set[str] = set()
        #: The facts of the conversation's earlier segments: a correction may reach back to
        #: one ("I had the refund wrong on Monday, it was £35 back, not £30").
        self._earlier: list[_Fact] = []

    def extract(self, segment: Segment) -> list[ExtractedFact]:
        """Facts stated in the segment's user turns, in order (a bounded prefix of each)."""
        facts: list[_Fact] = []
        salience = Salience()
        said = self._said
        asked: str | None = None  # the question the assistant's turn ended on, if any
        for turn in segment.turns:
            previous: list[_Fact] = []  # the facts of the turn's sentence before this one
            salience.named_a_person = False
            answering = asked if turn.role == "user" else None
            asked = _question_asked(turn.text) if turn.role != "user" else None
            text = in_senders_words(
                examined(turn.text, WRITEBACK_EXAMINED_CHARS), self._organisation
            )
            if turn.role == "user":
                # a name the next sentence shows to be a person's ("... we've hired Tamsin
                # Quell. She taught in ..."): read the whole turn for full names first,
                # a firm's before a person's who shares a word of it ("Pellow & Ossory
                # ... their rep is Ana Pellow")
                self._new_organisations(text)
                self._new_people(text, roster=False)
                text = names_mended(text, self._entities)  # "Ysella, sorry, Orla is ..."
            headed = False  # a heading naming a page introduced a list ("loom decisions:")
            roster = False  # a heading introduced a list of people ("New members:")
            for sentence in _at_slips(split_sentences(text)):
                item = _LIST_ITEM.match(sentence) is not None
                listed = headed and item
                people = roster and item
                headed = headed or (sentence.endswith(":") and self._names_a_page(sentence))
                if sentence.endswith(":"):
                    roster = roster_heading(sentence)  # each heading says what its list is
                if turn.role == "user":
                    self._topic_heading(sentence, salience)  # "Tour news: ...": the tour's
                    self._topic_by_its_head(sentence, salience)  # "parcel list has 70 on it"
                if turn.role != "user" or _restated(sentence, said):
                    refs = references(self._entities, sentence, salience)
                    salience.update(refs, choose(refs, sentence))
                    continue
                said.add(_said(sentence))
                count = len(facts)
                fixed = repair(sentence)
                slipped = _value_fixed(sentence, previous) if fixed is None else None
                if slipped is not None:
                    fixed = sentence
                if fixed is not None and previous:
                    withdrawn = slipped or previous[-1]
                    gone = [slipped] if slipped is not None else previous
                    facts[:] = [fact for fact in facts if fact not in gone]
                    count = len(facts)
                    fixed = _restated_value(withdrawn.text, fixed)
                    self._sentence(fixed, facts, salience, repairing=True)
                    for fact in facts[count:]:
                        if fact.entity is None:
                            fact.entity, fact.title = withdrawn.entity, withdrawn.title
                else:
                    at_hand = salience.thing or salience.person
                    self._sentence(sentence, facts, salience, listed=listed, people=people)
                    if len(facts) == count and answering:
                        facts.extend(_answer(sentence, answering, at_hand))
                    if len(facts) == count and previous and _elaborates(sentence):
                        # "... moving to part-time in May. Tuesdays and Fridays only":
                        # a fragment that says nothing alone completes the fact before it
                        last = previous[-1]
                        facts.append(
                            _Fact(" ".join(sentence.split()), last.entity, "fact", last.title)
                        )
                previous = facts[count:]
        self._to_their_firms(facts)
        self._earlier += facts
        return [fact.extracted() for fact in facts]

    def _to_their_firms(self, facts: list[_Fact]) -> None:
        """A person's quote or delivery, said by them, is their firm's business."""
        for fact in facts:
            if fact.entity is not None and fact.entity.is_person:
                firm = self._entities.firm_of(fact.entity)
                if firm is not None and the_firms_business(fact.text):
                    if self._names(fact.text, fact.entity):  # said by them, in this clause
                        fact.entity, fact.title = firm, None  # the quote is the supplier's

    def _sentence(
        self,
        sentence: str,
        facts: list[_Fact],
        salience: Salience,
        *,
        repairing: bool = False,
        listed: bool = False,
        people: bool = False,
    ) -> None:
        """Record the sentence's facts; a repair is kept as the statement it replaces was.

        An item of a list under a heading that names a page is a note in its own right
        ("loom decisions:" / "1. nightly backups only, no replicas yet").
        """
        message = relayed(sentence)
        sentence = _disbelieved(sentence)
        asked = _before_hedge(_before_a_question(sentence))
        sentence = _after_hedge(asked)
        stated = sentence is not asked  # kept however little it names: the doubt's ground
        if stated:
            # "We may have to move the quiz: the hall is double-booked": the quiz stays at
            # hand for what is stated after the doubt
            doubted = asked[: len(asked) - len(sentence)]
            refs = references(self._entities, doubted, salience)
            salience.update(refs, choose(refs, doubted))
        text = sentence.rstrip("?") if message is not None else sentence
        if message is None and _not_a_statement(sentence):
            refs = references(self._entities, sentence, salience)
            salience.update(refs, choose(refs, sentence))
            return
        topic = salience.thing or salience.person  # what the conversation was about
        latest = salience.latest
        person = latest is not None and latest.is_person
        described = person and _role_described(text)  # "... Odran Vesk. former midwife."
        if person and (_elided_subject(text) or described):
            topic = latest  # "new volunteer: Ravindra Pelto. retired teacher, loves crosswords"
        restated = False
        users = False  # the clause before in the sentence was the user's own fact
        for number, group in enumerate(self._groups(text, salience, people=people)):
            opening = repairing or listed or described or stated
            group.inherited = group.inherited or (opening and number == 0)
            if restated and _NEW_VALUE.match(group.text):
                continue  # "..., it's at 3pm": the value a restated fact already holds
            club = self._entities.own
            if club is not None and club.slug not in self._named:
                if _another_body(group.text, club):
                    club = None  # "dues are £60 for the tennis club": that club's, not theirs
            here = topic
            if number > 0 and group.at_hand is not None and _we_report_on(group, group.at_hand):
                # "Pressing day for Quince Cider went well, we filled 48 bottles"
                here = group.at_hand
            own = self._own(salience)
            if users and group.inherited and group.ref is None and not group.refs:
                # "I've said I'll run the raffle, two pounds a strip": still the user's
                here = own = club = None
            together = here is not None and here.slug in salience.with_user
            count = len(facts)
            restated = _record(
                group,
                facts,
                here,
                own,
                club,
                together=together,
                earlier=self._earlier,
                undertaking=salience.undertaking,
            )
            if len(facts) > count:
                self._each_of_a_pair(group, facts)
            users = (
                len(facts) > count
                and facts[-1].entity is None
                and _I_OPENS.match(group.text) is not None
            )

    def _groups(self, text: str, salience: Salience, *, people: bool = False) -> list[_Group]:
        """The sentence's clauses as facts-to-be (see :class:`_Group` for how they join).

        A parenthesis right after a name describes whoever the name names ("Dagny Holm (leads
        payroll at Tallowbrook) prefers written updates"): it is a fact of its own about that
        entity, and the sentence around it is read without it.
        """
        groups: list[_Group] = []
        asides = list(ASIDE.finditer(text))
        plain = _blank(text, asides)
        self._introduce(plain, salience, people=people, text=text)
        before: list[Reference] = []  # the sentence's clause before this one
        previous = Clause("", 0, 0)  # that clause
        roles: list[_Group] = []  # people brought in by their role ("a glazier, Ana Quell")
        salience.clause_before = None
        for clause in self._listed(self._named_subjects(self._reasons(split_clauses(plain)))):
            at_hand = salience.thing or salience.person
            refs = references(self._entities, clause.text, salience)
            fresh = {
                ref.entity.slug
                for ref in refs
                if self._entities.introduced(ref.entity.slug) and ref.entity.slug not in self._named
            }
            self._named.update(ref.entity.slug for ref in refs if ref.entity is not None)
            own = self._entities.own
            if own is not None and self._entities.speaks_of_own(clause.text):
                self._named.add(own.slug)
            ref = choose(refs, clause.text, attitude=_someones_belief(clause.text))
            newcomer = _newcomer(refs, fresh, clause.text, ref)
            ref = newcomer or ref
            ref = _thing_as_subject(refs, ref, clause.text, salience.latest) or ref
            if ref is not None and ref.oblique and not ref.entity.is_person:
                thing = salience.thing
                if thing is not None and thing != ref.entity and _held_by(thing, clause.text):
                    # "the recital is on 3 may at St Osric's": the recital's; a firm at
                    # hand is held nowhere ("X sent the plan. The gala is at Y": Y's)
                    ref = _the_thing_said(refs, clause.text, salience)
            if ref is not None and ref.located and salience.thing is not None:
                if an_undertaking(salience.thing):
                    # "we've booked room 2 at the sports hall": the exhibition's
                    ref = _the_thing_said(refs, clause.text, salience)
            ref = _reported_for_the_topic(refs, ref, clause.text, salience.thing) or ref
            ref = (
                _reported_for_their_firm(refs, ref, clause.text, self._entities, salience.latest)
                or ref
            )
            ref = self._headed(clause.text, ref) or ref
            related = named_relation(refs, clause.text)
            if related is not None and _owner_at_hand(refs[0], before):
                ref = refs[0]  # "Alice moved up, her tutor is Mr Brisley": hers
            salience.update(refs, ref)
            salience.named_a_person = salience.named_a_person or any(
                r.entity.is_person for r in refs if r.explicit
            )
            animal = ref is not None and not any(r.entity.is_person for r in refs)
            salience.clause_before = ref.entity if animal and ref is not None else None
            salience.with_user.update(
                r.entity.slug for r in refs if _with_the_user(plain, clause.start, r)
            )
            _named_next(salience, related)
            ahead = _named_at_the_end(before, previous)  # "... with Alice Kemp, who's ..."
            before, previous = refs, clause
            described = _described(asides, clause, refs)
            roles += _by_role(plain, clause, refs, ref)  # after the sentence's own: no join
            if groups and _said_of_the_last(groups, clause, refs, ahead, salience):
                groups.extend(described)
                continue
            user = opens_with_the_user(clause.text)
            if not groups or user:
                groups.append(
                    _Group(
                        plain,
                        clause.start,
                        clause.end,
                        ref,
                        refs,
                        at_hand=at_hand,
                        grounds=clause.grounds,
                    )
                )
                groups.extend(described)
                continue
            last = groups[-1]
            if not refs and _nobodys_clause(last, clause):
                # "they": nobody; "ottilie is booking it, everyone pays £40": not hers
                groups.append(_Group(plain, clause.start, clause.end, None, []))
            elif not refs and _passed_on(last, clause, salience.thing):
                # "ines has just texted, the survey is on the 4th": the move's, not hers
                groups.append(_Group(plain, clause.start, clause.end, None, []))
            elif not refs and (
                clause.grounds or (_says_more(clause.text) and not _compares(clause.text))
            ):
                firm = self._their_firm_s(last, clause, refs)
                groups.append(
                    _Group(plain, clause.start, clause.end, firm or last.ref, [], inherited=True)
                )
            elif (
                _elided_subject(clause.text, refs)
                and (_stands_alone(clause.text) or _informative(clause.text, refs))
                and not _reports_on(clause.text, refs)
            ):
                # "... and did her PhD in Zurich": the same subject's next statement
                told = _told_to(clause.text, refs)
                firm = self._their_firm_s(last, clause, refs)
                groups.append(
                    _Group(
                        plain,
                        clause.start,
                        clause.end,
                        told or newcomer or firm or last.ref,
                        refs,
                        inherited=True,
                    )
                )
            elif _continues(last, ref, refs, clause):
                last.end, last.refs = clause.end, last.refs + refs
            else:
                groups.append(_Group(plain, clause.start, clause.end, ref, refs))
            groups.extend(described)
        return _asides_restored(groups + roles, text, plain, asides)

    def _headed(self, text: str, ref: Reference | None) -> Reference | None:
        """A page whose head is the clause's subject, when nothing named opens the clause.

        "gala's booked at the old mill": the gala's, not the venue's it names.
        """
        if ref is not None and subject(ref, text):
            return None
        found = self._heads.subject_in(text)
        if found is None or (ref is not None and ref.entity == found[0]):
            return None
        page, start, end = found
        return Reference(page, start, end, explicit=False)

    def _their_firm_s(
        self, last: _Group, clause: Clause, refs: list[Reference]
    ) -> Reference | None:
        """The firm of the person before, when the clause reports what "they" do, no subject.

        "... rang back and confirmed they can come friday": the firm's.
        """
        said = last.ref.entity if last.ref is not None else None
        return _reported_for_their_firm(refs, None, clause.text, self._entities, said)

    def _each_of_a_pair(self, group: _Group, facts: list[_Fact]) -> None:
        """A fact two or more people are the subject of is a fact about each of them.

        "Ines and Tomas both passed the first aid course", "Ines, Tomas and Ana are running
        the raffle": the fact is stored once for each. Not when someone else is named before
        them in the clause ("we met Ines and Tomas ...": they are its object).
        """
        people = self._people_as_subject(group.text)
        if not people:
            return
        fact = facts.pop()
        for person in people:
            title = person.title if self._entities.introduced(person.slug) else None
            facts.append(_Fact(fact.text, person, fact.kind, title))

    def _people_as_subject(self, text: str) -> list[Entity]:
        """The people named first in the clause, listed, when the verb after them is theirs.

        Firms too, each a subject of its own ("Ossory Joinery and Quillfield Sportswear
        both quoted"), though never a firm and a person together.
        """
        named = [m for m in self._entities.mentions(text) if m.entity is not None]
        if len(named) < 2 or _PAIR_OPENS.search(text, 0, named[0].start) is None:
            return []
        people: list[Entity] = []
        for index, mention in enumerate(named):
            entity = mention.entity
            if entity is None or not _an_agent(entity, named[0].entity) or entity in people:
                return []
            if mention.possessive:
                return []
            people.append(entity)
            if index + 1 == len(named):
                return []  # no verb after the list
            joint = text[mention.end : named[index + 1].start]
            if _PAIR_JOINT.fullmatch(joint) is not None:
                last = named[index + 1]
                if last.entity is None or not _an_agent(last.entity, entity) or last.possessive:
                    return []
                after = re.match(r"\s*([a-z’']+)\s*([£$€\w’']*)", text[last.end :])
                if after is None or not _a_verb_of_the_pair(after.group(1), after.group(2)):
                    return []
                return people if last.entity in people else [*people, last.entity]
            if _LIST_COMMA.fullmatch(joint) is None:
                return []
        return []

    def _new_people(self, text: str, *, roster: bool) -> set[tuple[int, int]]:
        """Introduce the full names of people in ``text``; the spans of every name in it.

        A firm's one-word short name inside a full name is no mention that keeps the person
        out: "Odran Quarmby" of Quarmby & Sons is somebody.
        """
        named = self._entities.mentions(text)
        known = {(m.start, m.end) for m in named if m.entity is not None}
        firms = {
            (m.start, m.end)
            for m in named
            if m.entity is not None
            and not m.entity.is_person
            and text[m.start : m.end].strip().istitle()  # a family name, not "RFC"
            and " " not in text[m.start : m.end].strip()
            and _a_given_name_before(text, m.start)  # "Odran Quarmby"; "Mr Quarmby" is the firm's
        }
        kin = {
            (m.start, m.end)
            for m in named
            if m.entity is not None
            and m.entity.is_person
            and _another_of_the_family(text, m.start, m.end, m.entity)
            and not any(  # "sam tetteh" of Samantha Tetteh, called Sam: her own name
                o.entity == m.entity and o.end < m.start and not text[o.end : m.start].strip()
                for o in named
            )
        }
        for person in new_people(text, known - firms - kin, roster=roster):
            self._entities.person_named(person.slug, person.name)
            known.add((person.start, person.end))
        return known

    def _own(self, salience: Salience) -> Entity | None:
        """The user's own organisation, once named, unless something else is at hand.

        A project or another firm at hand keeps the "we", and a household's "we" is not
        the club: only a conversation about the organisation
        ("club notes: ... we ordered a trailer") makes its "we" the organisation's.
        """
        own = self._entities.own
        if own is None or own.slug not in self._named:
            return None
        thing = salience.thing
        return own if thing is None or thing.slug == own.slug else None

    def _organisation(self, name: str) -> bool:
        """The name is the whole of an organisation's page name, or has a firm's ending."""
        named = self._entities.mentions(name)
        if len(named) == 1 and named[0].entity is not None:
            entity = named[0].entity
            if named[0].start == 0 and named[0].end == len(name):
                return is_organisation(entity.page_type, entity.slug)
        return bool(new_organisations(name, set()))  # "Widget Co Ltd": a firm's ending

    def _topic_by_its_head(self, sentence: str, salience: Salience) -> None:
        """A page's head noun said in passing makes it the topic at hand (see ``_head_nouns``).

        Never in a sentence that names an organisation, a plan or a place outright ("supper
        menus go from Quill and Ink to Brindle Print": the firms'). A page named outright
        that is at hand gives way only to a sentence that names no one and nothing, "it"
        and "they" included ("best gala we've run, £410 cleared"), never to one that speaks
        of others ("had supper with Wenna after. They want £80": still the printer's).
        """
        page = self._heads.topic_in(sentence)
        if page is None:
            return
        mentions = self._entities.mentions(sentence, things=True)
        if any(m.entity is not None and not m.entity.is_person for m in mentions):
            return
        named = salience.thing is not None and salience.thing != salience.by_its_head
        if named and mentions:
            return
        salience.thing = salience.by_its_head = page  # no mention: no "latest", no person
        if an_undertaking(page):
            salience.undertaking = page

    def _topic_heading(self, sentence: str, salience: Salience) -> None:
        """A sentence headed "<topic> news:" opens a section about what the topic names.

        "Tour news: we fly on the 3rd ..." is the tour's news when a page goes by "the
        tour": its figures are that page's, not the club's (only a page that is no
        person's, and only one). "Club news: ..." of the user's own club is the club's
        again, and a heading of anything else ("Other stuff:") leaves nothing at hand.
        A heading alone ("ok fair prep.") opens its topic only when its words are one page's
        name, no place's; one that only looks like a heading ("Good news!") changes nothing.
        """
        heading = _TOPIC_HEADING.match(sentence)
        if heading is None:
            return
        topic = heading.group("topic")
        said = f"the {topic}"
        named = [
            mention.entity
            for mention in self._entities.mentions(said)
            if mention.entity is not None and mention.start == 0
            and (heading.group("colon") or mention.end == len(said))
        ]  # fmt: skip
        own = self._entities.own
        if len(named) == 1 and not named[0].is_person:
            if heading.group("colon") or not is_place(named[0].page_type, named[0].slug):
                salience.update([Reference(named[0], 0, 0, True)])
        elif own is not None and self._entities.speaks_of_own(f"{topic}:"):
            self._named.add(own.slug)
            salience.update([Reference(own, 0, 0, True)])
        elif heading.group("colon"):
            salience.thing = None
        # a sentence alone that only looks like a heading ("So much prep!", "Good news!")
        # leaves the topic at hand as it was

    def _new_organisations(self, text: str, known: set[tuple[int, int]] | None = None) -> None:
        """Introduce the organisations ``text`` names that have no page yet."""
        if known is None:
            known = {(m.start, m.end) for m in self._entities.mentions(text) if m.entity}
        for firm in new_organisations(text, known):
            if self._entities.get(firm.slug) is None:
                self._entities.introduce(Entity(firm.slug, firm.name, "company"))

    def _introduce(self, plain: str, salience: Salience, *, people: bool, text: str) -> None:
        """Make the people the sentence introduces known before it splits.

        "Bram Okoye and Ambrose Holt" splits before Ambrose, whom only the whole sentence
        shows to be a person.
        """
        known = self._new_people(plain, roster=people)
        for given, start, end in called_by_name(plain, known):
            if self._entities.get(person_slug(given)) is None:
                self._entities.introduce(Entity(person_slug(given), given, "person"))
            known.add((start, end))
        for kin in kin_named(plain, known):
            full = _full_name_aside(text, kin)  # "my sister-in-law Bea (Beatrix Quorn)"
            # "Bram's mum Orla" is Orla Quillet when Bram is Bram Quillet; "his wife
            # Ilinca" is named as said, as her family name may be another
            full = full or kin_full_name(self._entities, plain, kin, salience)
            name = full or kin.given
            if full is not None or self._entities.get(person_slug(name)) is None:
                also = [kin.given] if full else []
                self._entities.introduce(Entity(person_slug(name), name, "person"), also)
                if KIN_PRONOUNS[kin.kin]:  # "his wife Ottilie": a "she" from now on
                    salience.pronouns[person_slug(name)] = KIN_PRONOUNS[kin.kin]
            known.add((kin.start, kin.end))
        self._new_organisations(plain, known)

    def _named_subjects(self, clauses: list[Clause]) -> list[Clause]:
        """Clauses split where "and", "but" or "so" joins a person named as a new subject.

        "tomas wants a shorter set and ines wants the encore back" states one thing of each:
        a name typed in lowercase opens its clause as a capitalised one does, when a verb
        follows it (or it owns what does: "so ines's deputy covers it").
        """
        pieces: list[Clause] = []
        for clause in clauses:
            start = 0
            mentions = self._entities.mentions(clause.text)
            for mention in mentions:
                if mention.entity is None or not mention.entity.is_person:
                    continue
                joined = _JOINED_BEFORE.search(clause.text, start, mention.start)
                if joined is None:
                    continue
                if not (mention.possessive or _a_verb_next(clause.text, mention.end)):
                    continue
                named = any(
                    other.entity is not None
                    and start <= other.start
                    and other.end <= joined.start()
                    for other in mentions
                )
                if not _a_fact_of_its_own(clause.text[start : joined.start()], named=named):
                    continue
                pieces.append(
                    Clause(
                        clause.text[start : joined.start()],
                        clause.start + start,
                        clause.start + joined.start(),
                        clause.grounds,
                    )
                )
                start = joined.end()
            rest = clause.text[start:]
            pieces.append(Clause(rest, clause.start + start, clause.end, clause.grounds))
        return pieces

    def _reasons(self, clauses: list[Clause]) -> list[Clause]:
        """Clauses with a reason that has a subject of its own split off after "because".

        "Widget Co moved the quiz to Fridays because a choir has the hall on Thursdays" says
        two things, and so does "I quit my day job because the band is taking off", and
        "The committee met on Monday, so Orlaith paid the deposit" (", so" and a name);
        "Lambing started early because the tups got in" says one, as its first part alone
        names nothing, holds no figure and is not the user's own.
        """
        pieces: list[Clause] = []
        for clause in clauses:
            so = _so_someone(clause.text)
            reason = self._a_reason_of_its_own(clause.text) or so
            before = clause.text[: reason.start()] if reason is not None else ""
            stated = self._states(before) or opens_with_the_user(before)
            # what someone did as a result is theirs, after any clause ("They can't seat
            # us, so Orlaith is bringing food"): the clause before is kept as its grounds
            grounds = reason is not None and reason is so and _a_clause_before(before)
            if reason is None or not (stated or grounds):
                pieces.append(clause)
                continue
            at = clause.start + reason.start()
            pieces.append(Clause(clause.text[: reason.start()], clause.start, at, grounds))
            start = clause.start + reason.end()
            pieces.append(Clause(clause.text[reason.end() :], start, clause.end))
        return pieces

    def _a_reason_of_its_own(self, text: str) -> re.Match[str] | None:
        """The "because" before a reason with a subject of its own, not the subject's own.

        "... cos his boss Gorran Veor is retiring" names someone else, and "... because her
        daughter starts at Tolver Academy" a page; "kerran moves to fridays cos his back
        cant manage the lifting" gives Kerran's own reason, naming nothing, which stays with
        him.
        """
        reason = BECAUSE.search(text)
        if reason is None:
            return None
        own = _THEIR_OWN_NOUN.match(text, reason.end())
        if own is None or not _a_verb_form(own.group("verb")):
            return reason
        named = self._entities.mentions(text[reason.end() :])
        return reason if any(mention.entity is not None for mention in named) else None

    def _listed(self, clauses: list[Clause]) -> list[Clause]:
        """Clauses with a list of statements split at its commas.

        "Mateus starts Monday on iOS, 3 days a week, his rate is 650 a day" says three
        things: a comma splits a clause where the words before it and after it each state
        something (a cue, an amount or time, or an entity and enough words); otherwise the
        comma only joins a phrase to its clause ("On Monday, three people joined").
        """
        pieces: list[Clause] = []
        for clause in clauses:
            current = clause
            labelled = False  # the piece so far is a value under its own name
            for comma in _COMMA.finditer(clause.text):
                at = clause.start + comma.start()
                before = Clause(current.text[: at - current.start], current.start, at)
                rest = clause.text[comma.end() :].split(",")[0]
                relative = _RELATIVE.match(rest) is not None or _APPOSITION.match(rest) is not None
                stated = (
                    labelled or self._states(before.text) or self._led_to_another(before.text, rest)
                )
                # "..., excess £250": a value under its own name after a clause that states,
                # a piece of its own up to the next comma ("..., excess £250, payable by ...")
                labelled = _labelled_value(rest)
                days = _days_go_on(rest) or _a_phrase_of_the_clause(rest)
                if stated and not days and (relative or labelled or self._states(rest)):
                    pieces.append(before)
                    start = clause.start + comma.end()
                    current = Clause(clause.text[comma.end() :], start, clause.end)
                else:
                    labelled = False
            pieces.append(current)
        return pieces

    def _led_to_another(self, lead: str, rest: str) -> bool:
        """A lead-in phrase before a clause whose own subject is a page.

        "For the kitchen reno, Ossory Joinery quoted £6k" is the firm's quote: the phrase is
        split off, as a clause of its own.
        """
        if not lead_phrase(lead):
            return False
        opening = len(rest) - len(rest.lstrip())
        return any(
            m.entity is not None and m.start == opening for m in self._entities.mentions(rest)
        )

    def _names(self, text: str, entity: Entity) -> bool:
        """The text names ``entity`` itself (not through a pronoun or the clause before)."""
        return any(mention.entity == entity for mention in self._entities.mentions(text))

    def _names_a_page(self, text: str) -> bool:
        return any(m.entity is not None for m in self._entities.mentions(text))

    def _states(self, text: str) -> bool:
        """The words state something of their own (see :meth:`_listed`)."""
        if word_count(text) < MIN_FACT_WORDS or lead_phrase(text):
            return False  # "On Monday", "Tuesday at 4", "For the fete": a phrase of the clause
        if _cue(text) is not None or _QUANTITY.search(text) is not None:
            return True
        return any(m.entity is not None for m in self._entities.mentions(text))


def _a_phrase_of_the_clause(rest: str) -> bool:
    """A phrase that opens on a preposition and has no verb: it goes on with its clause.

    "ysolde wants the rent up 10%, from £700 to £770 a month": how much, said of the
    clause before, and no statement of its own.
    """
    words = rest.split()
    return bool(words) and words[0].casefold() in _PHRASE_PREPOSITIONS and _verbless(rest)


#: Prepositions a phrase that goes on with its clause opens with.
_PHRASE_PREPOSITIONS: Final = frozenset(
    "from to for with at by on in until till via per over under after before between".split()
)


def _days_go_on(rest: str) -> bool:
    """A list of days goes on after the comma ("Mondays, Wednesdays and Fridays in May").

    Days and what dates them only: a day with a verb of its own is a clause ("..., June does
    Tuesdays" of someone called June, "..., Wednesdays I see Orlaith").
    """
    words = [fold(word) for word in re.findall(r"[\w'’]+", rest)]
    return (
        bool(words)
        and a_day_or_days(words[0])
        and all(a_day_or_days(word) or word in _DAYS_LIST_WORDS or word.isdigit() for word in words)
    )


#: Words a list of days may hold besides the days: "and", "every other", "in", "from".
_DAYS_LIST_WORDS: Final = frozenset(
    "and or every other alternate in from until till only mornings afternoons evenings".split()
)


def _a_clause_before(text: str) -> bool:
    """A subject and its verb, a pronoun's, or a verb whose subject came before ("signed ...")."""
    first = re.match(r"\W*([a-z]+)", text)
    verb_first = first is not None and opens_with_verb(first.group(1))
    return _full_clause(text) or verb_first or _PRONOUN_FIRST.match(text) is not None


#: A "his", "her" or "their" and a noun of theirs, then the word after it: its verb, or
#: the name of whoever the noun says they are to them ("his boss Gorran").
_THEIR_OWN_NOUN: Final = re.compile(
    rf"(?i:his|her|their|its)\s+[{LETTER}]+(?:(?P<is>['’]s)\b|\s+(?P<verb>[A-Za-z'’]+))"
)


def _a_verb_form(word: str | None) -> bool:
    """A verb's form, a negated auxiliary's too ("won't"); None stands for an "'s"."""
    if word is None:
        return True  # "his back's shot"
    folded = word.casefold()
    return bool(inflections(folded)) or folded.endswith(("n't", "n’t", "nt"))


def _so_someone(text: str) -> re.Match[str] | None:
    """The ", so" before a name, not before a day ("..., so Monday is out")."""
    match = SO_SOMEONE.search(text)
    if match is None:
        return None
    after = re.match(r"[A-Za-z]+", text[match.end() :])
    return None if after is not None and is_calendar_word(after.group(0).casefold()) else match


def _labelled_value(text: str) -> bool:
    """A noun or two and the value they name: "excess £250", "doors 7pm", "deposit £50".

    Written in a list after a clause that states its own value ("claim ref is WC-1182,
    excess £250"), it is a second fact. A bare amount ("£1,200", "£4 for juniors") or a day
    ("Tuesday 4pm") completes the clause it follows.
    """
    words = text.strip(" .;:!").split()
    if not 2 <= len(words) <= _LABEL_MAX_WORDS + 1 or not _VALUE.fullmatch(words[-1]):
        return False
    if not all(word.isalpha() and word.islower() for word in words[:-1]):
        return False  # "Bob £20": another person's share, "Tuesday 4pm": a day
    label = [fold(word) for word in words[:-1]]
    if any(is_calendar_word(word) or word in _NO_LABELS or sense(word).function for word in label):
        return False  # "him £30", "each £300": whose share, not what the value is
    # a noun and nothing else: "same £600", "extra £50" and "plus £150" qualify the clause's
    return all(sense(word).readings in _LABEL_READINGS for word in label)


#: A value a label names: an amount, or a time of day.
_VALUE = re.compile(r"[£$€]\d[\d,.]*[km]?|\d{1,2}(?:[:.]\d{2})?(?:am|pm)", re.IGNORECASE)
#: The most words of a label before its value.
_LABEL_MAX_WORDS: Final = 2
#: The most words naming a value after a clause: "burglar alarm code 4417".
_NAMED_VALUE_WORDS: Final = 3
#: What a label's words are: nouns, maybe verbs too ("deposit"), never adjectives ("extra").
_LABEL_READINGS: Final = (frozenset({"NOUN"}), frozenset({"NOUN", "VERB"}))
#: Nouns that make no label: the value corrects, estimates or bounds the clause's own.
_NO_LABELS: Final = frozenset(
    "correction ballpark estimate guess max maximum min minimum approx circa tops total "
    "half budget".split()
)


#: A turn's heading naming its topic and that it is news of it: "Tour news:", "fete update -".
_TOPIC_HEADING = re.compile(
    r"^\W*(?:(?:ok|okay|right|so|now|anyway)\W+)?"
    rf"(?P<topic>[{LETTER}][\w'’-]*(?:\s+[{LETTER}][\w'’-]*){{0,2}})\s+"
    r"(?:update|updates|news|notes|latest|admin|stuff|plans|recap|planning|prep|debrief)"
    r"\s*(?:(?P<colon>[:\-–—])|[.!]*\s*$)",  # "Tour news: ...", or alone: "ok fair prep."
    re.IGNORECASE,
)


#: An apposition: a noun phrase after a comma that describes what was just named.
_APPOSITION = re.compile(r"^\W*(?:a|an)\s+\w", re.IGNORECASE)
#: A noun phrase that names someone new, up to the name: "a nurse called Tamsin Quell" is
#: about Tamsin, and so is "a man called wystan brackwater" typed in lowercase.
_INTRODUCES = re.compile(r"^\W*(?:a|an)\s+(?:[\w-]+\s+){0,3}(?:called|named)\s+", re.I)


def _introduces(text: str, refs: list[Reference]) -> bool:
    """The phrase names someone new: a capitalised name, or a newcomer's, after "called"."""
    named = _INTRODUCES.match(text)
    if named is None:
        return False
    if text[named.end() : named.end() + 1].isupper():
        return True
    return any(ref.new_title and ref.start == named.end() for ref in refs)


#: A relative clause about the person just named ("..., who leads payroll").
_RELATIVE = re.compile(r"^\W*(?:who|whose|whom)\b", re.IGNORECASE)


def _named_at_the_end(refs: list[Reference], clause: Clause) -> Reference | None:
    """The person a clause names last, when its name ends the clause.

    A relative clause after it is about them: "Odran is sharing the stall with Alice Kemp,
    who's bringing the float" is Alice's doing, not Odran's. A family name found after
    someone else's given name ("his wife June Oduya", a page's Oduya being Ken) is no one
    the clause names whole.
    """
    last = refs[-1] if refs else None
    if last is None or not (last.explicit and last.entity.is_person):
        return None
    if (
        _GIVEN_BEFORE_IT.search(clause.text, 0, last.start)
        and " " not in clause.text[last.start : last.end].strip()
    ):
        return None
    return last if not clause.text[last.end :].strip(" ,;:-–—") else None


#: A capitalised word right before a one-word name: the name is the end of a longer one.
_GIVEN_BEFORE_IT: Final = re.compile(rf"\b[{UPPER}][{LOWER}]+\s+$")


def _a_given_name_before(text: str, at: int) -> bool:
    """A capitalised word that is no title of address right before ``at`` ("Odran ")."""
    given = _GIVEN_BEFORE.search(text, 0, at)
    return given is not None and fold(given.group(1)) not in HONORIFICS


def _another_of_the_family(text: str, start: int, end: int, person: Entity) -> bool:
    """A person's family name said alone after a given name of another one of that family.

    "idris quarmby emailed me" is Nell Quarmby's father, not Nell: a given name of one sex
    or the other, not the person's own, typed right before the family name, in lowercase
    as it may be.
    """
    said = text[start:end]
    if " " in said.strip() or fold(said) != fold(family_name(person.title, person.slug) or ""):
        return False
    given = _ANY_GIVEN_BEFORE.search(text, 0, start)
    if given is None:
        return False
    word = given.group(1)
    if fold(word).rstrip(".") in HONORIFICS:
        return False  # "mrs quarles": a title, of the person herself
    if word.islower() and sense(word).lowercase_ordinary:
        return False  # "please mark quarles as off": a verb, no given name
    own = person.title.split()[0]
    return fold(word) != fold(own) and name_pronoun(f"{word} {said}") != ""


#: A capitalised word right before a name: the given name of a full name ("Odran Quarmby").
_GIVEN_BEFORE = re.compile(rf"\b([{UPPER}][{LOWER}'’-]+)\.?\s+$")
#: A word right before a name, however typed: "idris " of "idris quarmby".
_ANY_GIVEN_BEFORE = re.compile(rf"(?<![\w'’-])([{LETTER}][{LOWER}'’-]+)\s$")
#: A comma between two parts of a clause (not before a contrast: ", not Monday").
_COMMA = re.compile(r",\s+(?!(?:and\s+)?(?:not|rather than|instead of)\b)", re.IGNORECASE)


@dataclass
class _Group:
    """Clauses that make one fact.

    A clause joins the one before it when it continues it: it names the same entity ("we're
    going with Hollin Barn - it has the big room"), or names nobody and says nothing on its
    own. A clause that names nobody but says something of its own ("..., and asked us to
    bring dessert") is a fact of its own about the same entity (``inherited``). A clause that
    opens with the user ("I always want ...") starts a new fact.
    """

    sentence: str
    start: int
    end: int
    ref: Reference | None
    refs: list[Reference]
    inherited: bool = False
    #: Kept however little it names: another clause follows from it (see ``Clause.grounds``).
    grounds: bool = False
    #: A parenthesis after a name, read apart as that name's fact (:func:`_described`).
    described: bool = False
    #: What was at hand when the clause began, the sentence's earlier clauses included:
    #: "Pressing day for Quince Cider went well, we filled 48 bottles" (set for a user's clause).
    at_hand: Entity | None = None

    @property
    def text(self) -> str:
        return " ".join(self.sentence[self.start : self.end].split())


@dataclass
class _Fact:
    text: str
    entity: Entity | None
    kind: FactKind
    title: str | None = None

    def extracted(self) -> ExtractedFact:
        return ExtractedFact(
            fact=self.text,
            entity_slug=self.entity.slug if self.entity is not None else None,
            kind=self.kind,
            entity_title=self.title,
        )


def _full_name_aside(text: str, kin: KinNamed) -> str | None:
    """The full name an aside right after a relative's given name opens with, if any.

    "my sister-in-law Bea (Beatrix Quorn, a vet)" is Beatrix Quorn.
    """
    aside = ASIDE.match(text, kin.end)
    if aside is None:
        return None
    found = new_people(aside.group("inner"), set(), roster=True)
    if not found or found[0].start != 0:
        return None
    # the short name is a shortening of the full given name ("Bea", "Beatrix"); another
    # name in the aside is someone else's ("my sister Bea (Jane Austen fan)")
    short, given = fold(kin.given), fold(found[0].name.split()[0])
    return found[0].name if given.startswith(short) or short.startswith(given) else None


def _asides_restored(
    groups: list[_Group], text: str, plain: str, asides: list[re.Match[str]]
) -> list[_Group]:
    """The groups, with each parenthesis that describes no one written back into them.

    "he wants the balance (£640) by 2 may": the amount is part of the fact. Only
    a parenthesis right after a name is a fact of its own (:func:`_described`), read apart.
    """
    starts = {group.start for group in groups if group.described}
    described = [aside for aside in asides if aside.start("inner") in starts]
    if len(described) == len(asides):
        return groups
    restored = _blank(text, described)
    for group in groups:
        if not group.described and group.sentence == plain:
            group.sentence = restored
    return groups


def _blank(text: str, asides: list[re.Match[str]]) -> str:
    """``text`` with every parenthesis blanked out by spaces (offsets stay where they were)."""
    chars = list(text)
    for aside in asides:
        chars[aside.start() : aside.end()] = " " * (aside.end() - aside.start())
    return "".join(chars)


def _described(asides: list[re.Match[str]], clause: Clause, refs: list[Reference]) -> list[_Group]:
    """The parentheses in ``clause`` that describe the entity named just before them."""
    groups: list[_Group] = []
    for aside in asides:
        if not clause.start <= aside.start() < clause.end:
            continue
        at = aside.start() - clause.start
        named = [ref for ref in refs if ref.explicit and ref.end == at]
        inner = aside.group("inner")
        if named and word_count(inner) >= MIN_FACT_WORDS:
            start = aside.start("inner")
            groups.append(
                _Group(
                    aside.string,
                    start,
                    start + len(inner),
                    named[0],
                    [],
                    inherited=True,
                    described=True,
                )
            )
    return groups


def _by_role(
    text: str, clause: Clause, refs: list[Reference], ref: Reference | None
) -> list[_Group]:
    """A person brought in by their role, then their name: what the role says is theirs.

    "Ysolde is going over with a glazier, Idris Quell, on Friday", "Bram's deputy, a woman
    called Nia Quarshie, takes over": a glazier, Bram's deputy, is who they are,
    a fact of its own about them beside the clause's own.
    """
    groups: list[_Group] = []
    for match in _ROLE_THEN_NAME.finditer(clause.text):
        role, name = ("role", "name") if match.group("role") else ("own", "full")
        if not person_noun(fold(match.group(role))):
            continue
        at = match.start(name)
        named = [ref for ref in refs if ref.explicit and ref.entity.is_person and ref.start == at]
        # not the clause's own entity, or the clause is the user's doing alongside them
        theirs = bool(named) and (ref is None or named[0].entity != ref.entity)
        if named and (theirs or _alongside(clause.text, refs)):
            start = clause.start + match.start()
            end = clause.start + match.end(name)
            groups.append(_Group(text, start, end, named[0], [], inherited=True))
    return groups


#: A role in apposition before a full name: "a glazier, Idris Quell", "his fiancée, Nia
#: Quarshie", "Bram's deputy, a woman called Nia Quarshie".
_ROLE_THEN_NAME = re.compile(
    rf"\b(?:(?:my|our|his|her|their|the|a|an)|[{UPPER}][\w-]*['’]s)\s+(?:[\w-]+\s+){{0,2}}?"
    # ... and when they start or where they are from: "a new warden starting in May, Ana Quell"
    r"(?P<role>[\w-]+)(?:\s+(?:starting|joining|from|at)\s+[^,]{1,30}?)?,\s+"
    r"(?:an?\s+(?:[\w-]+\s+){0,2}?(?:lad|lass|man|woman|guy|bloke|chap|"
    rf"girl|boy)\s+(?:called|named)\s+)?(?P<name>[{UPPER}][\w'’-]+(?:\s+[{UPPER}][\w'’-]+)+)"
    # no comma: "with my neighbour Priya Shah", "the new owner Nia Quarshie says ..."
    r"|\b(?i:my|our|the|their|his|her)\s+(?:[\w-]+\s+)?(?P<own>[\w-]+)\s+"
    rf"(?P<full>[{UPPER}][\w'’-]+(?:\s+[{UPPER}][\w'’-]+)+)"
)


#: Words that only join a sentence to the one before ("Also, ...", "Oh, and ...").
_CONNECTIVES = re.compile(
    r"^(?:(?:also|and|oh|plus|so|anyway|btw|by the way|another thing|one more thing|"
    r"oh and|and also)\b[\s,:;.!-]*)+"
)


#: A repair that gives only the new value: "it's March 21", "thats 34" (not "its", a possessive).
_NEW_VALUE = re.compile(rf"^(?:it{_APOS}s|it is|that{_APOS}?s|that is)\s+(?P<value>.+)$", _FLAGS)
#: A statement of a value: what comes up to its copula, and the value after it.
_OLD_VALUE = re.compile(r"^(?P<subject>.+?\b(?:is|are|was|were))\s+\S.*$", _FLAGS)


def _answer(sentence: str, question: str, at_hand: Entity | None) -> list[_Fact]:
    """The fact a fragment answering the assistant's question states, if it answers it.

    "How many panels does the shed need?" / "Thirty-six in all.": a fact of what was asked
    about, the one at hand; the user's when it asked of them ("How many can you take?").
    """
    if not _answers(sentence, question):
        return []
    whose = None if _OF_THE_USER.search(question) else at_hand
    return [_Fact(" ".join(sentence.split()), whose, "fact")]


def _question_asked(text: str) -> str | None:
    """The question a turn ends on: "Lovely. How many panels does the shed need?"."""
    sentences = split_sentences(text.strip())
    last = sentences[-1] if sentences else ""
    return last if last.rstrip().endswith("?") else None


def _answers(sentence: str, question: str) -> bool:
    """A figure that answers what was asked ("How many panels?" / "Thirty-six in all").

    The question asks what, how many, when or who; the fragment holds a number and no
    clause of its own (a finite verb, a subject), no question, reply word, reaction, verdict
    or doubt ("So-so.", "Three bits of news.", "Getting there." answer nothing worth keeping).
    """
    if _WH_QUESTION.match(question) is None or _NUMBER.search(sentence) is None:
        return False
    if sentence.rstrip().endswith("?") or re.search(r"\w['’]s\b", sentence):
        return False  # "The invoice's gone.": a clause of its own
    if _VERDICT.match(sentence) or _ASIDE_OPENER.match(sentence) or _FILLER.search(sentence):
        return False
    return not (
        _UNSURE.search(sentence)
        or _OWN_SUBJECT.match(sentence)
        or _REPLY.match(sentence)
        or _FINITE.search(sentence)
        or _NOT_AN_ANSWER.match(sentence)
    )


#: A question asking for something: what, which, how many, when, who, where.
_WH_QUESTION = re.compile(r"^\W*(?:how|what|which|when|who|where)\b", re.IGNORECASE)
#: A number, in figures or in words: "16", "sixteen", "forty-two", "around sixty".
_NUMBER = re.compile(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|"
    r"seventy|eighty|ninety|hundred|thousand|dozen)\b",
    re.IGNORECASE,
)
#: A question about the user: "Which days can you do?", "What's your budget?".
_OF_THE_USER = re.compile(r"\b(?:you|your|yours|yourself)\b", re.IGNORECASE)
#: Words that answer nothing: thanks, a greeting, an exclamation.
_NOT_AN_ANSWER = re.compile(
    r"^\W*(?:thanks|thank you|ta|cheers|hi|hello|hey|morning|evening|afternoon|night|"
    r"ha|haha|lol|wow|god|gosh|blimey|ugh|hmm|er|um|nothing|none|not yet|no idea|"
    r"please|pls|great|good|perfect|brilliant|lovely)\b",
    re.IGNORECASE,
)


def _elaborates(sentence: str) -> bool:
    """A fragment that completes the statement before it: "Tuesdays and Fridays only".

    Not a clause of its own (a finite verb: "pricing is too rich"; a subject: "I do
    Wednesdays"), a question, a thanks, a hedge ("could go either way"), a reply
    ("yeah, ...": it confirms what was said), a word or two of reaction ("Blimey."), a
    verdict ("Good chat overall"), an aside ("Anyway, back to ...") nor the user's own, its
    subject left out ("Need to book the dentist"). It adds a figure or a day.
    """
    words = re.findall(r"[\w'’-]+", sentence)
    if len(words) < _FRAGMENT_MIN_WORDS or sentence.rstrip().endswith("?"):
        return False
    if _VERDICT.match(sentence) or _ASIDE_OPENER.match(sentence):
        return False  # "Good chat overall.", "Anyway, ...", "Need to book ...": no fact of theirs
    if not _FRAGMENT_VALUE.search(sentence):
        return False  # "Long day at work today.", "Milk, eggs, bread.": nothing of the statement
    if _FILLER.search(sentence):
        return False  # "About time, frankly.", "Hence the cake, lol.": a reaction
    return not (
        _UNSURE.search(sentence)
        or _OWN_SUBJECT.match(sentence)
        or _REPLY.match(sentence)
        or _FINITE.search(sentence)
    )


#: Words of a reaction, wherever they stand in a fragment.
_FILLER = re.compile(
    r"\b(?:honestly|frankly|lol|haha|hah|mind|obviously|tbh|seriously|literally|ffs|omg)\b",
    re.IGNORECASE,
)
#: A figure, a day or a month: a value a fragment adds to the statement before it.
_FRAGMENT_VALUE = re.compile(
    rf"\d|\b{WEEKDAY}|\b(?:january|february|march|april|"
    r"june|july|august|september|october|november|december)\b",
    re.IGNORECASE,
)
#: Words that open an aside, a change of subject or the user's own plan with its subject
#: left out ("Need to book the dentist"), no completion of what came before.
_ASIDE_OPENER = re.compile(
    r"^\W*(?:anyway|anyhow|ugh|argh|meh|except|fingers|such|also|btw|ps|lol|haha|oh well|"
    r"need|needs|must|gotta|have to|want|wanna|hate|love|wish|hope|going to|gonna|off to)\b",
    re.IGNORECASE,
)
#: A verdict opening a fragment: how something went ("Good chat overall", "Shame really").
_VERDICT = re.compile(
    r"^\W*(?:not\s+)?(?:really\s+|very\s+|so\s+|such\s+an?\s+|what\s+an?\s+)?(?:good|great|bad|nice|"
    r"lovely|awful|terrible|brilliant|amazing|fine|grand|decent|fair|gutted|shame|pity|typical|"
    r"classic|interesting|weird|funny|mad|wild|cool|sweet|fab|fantastic|excellent|perfect|"
    r"annoying|frustrating|disappointing)\b",
    re.IGNORECASE,
)
#: A fragment this long at least says something ("Blimey.", "Not bad" do not).
_FRAGMENT_MIN_WORDS: Final = 3
#: A guess or an open question inside a fragment: no fact.
_UNSURE = re.compile(
    r"\b(?:maybe|might|perhaps|probably|possibly|think|thinking|reckons?|guess|sure|unsure|"
    r"decided|doubt|knows|know|idk|dunno|if|hopefully|tbc|tbd|may|unclear|thanks|thx|cheers)\b",
    re.IGNORECASE,
)
#: A verb that makes a clause of its own: the sentence's own reading of it stands.
_FINITE = re.compile(
    r"\b(?:is|are|was|were|am|be|been|has|have|had|got|will|would|can|could|did|does|do|"
    r"shall|should|must)\b",
    re.IGNORECASE,
)
#: A reply word opening it: a confirmation of what was said ("Yeah, the blue one, it suits").
_REPLY = re.compile(
    r"^\W*(?:yes|yeah|yep|yup|no|nope|nah|ok|okay|right|sure|actually|sorry|oh|ah|well)\b",
    re.IGNORECASE,
)
#: A clause opening on its own subject.
_OWN_SUBJECT = re.compile(
    r"^\W*(?:i|we|he|she|they|you|it|that|this|there)(?:['’]\w+)?\b", re.IGNORECASE
)


def _value_fixed(sentence: str, previous: list[_Fact]) -> _Fact | None:
    """The fact before whose value this sentence opens by fixing ("sorry, 14 Nov").

    Only an apology or slip with a value alone after it, of a kind a fact before holds: the
    fact whose value of that kind is written most like the new one ("leaves at 8:10 and
    arrives at 11:30. sorry, 8:40" fixes the departure); "sorry, I forgot: Bilal's off next
    week" fixes nothing.
    """
    fix = _value_of(_slip_head(sentence), marked=True)
    if fix is None:
        return None
    value = fix[0]
    held = [(fact, found) for fact in previous if (found := nearest_value(fact.text, value))]
    if not held:
        return None
    return min(reversed(held), key=lambda pair: slip_distance(pair[1].group(0), value))[0]


def _value_of(head: str, *, marked: bool = False) -> tuple[str, str] | None:
    """The value a slip's piece opens with, and the few words after it ("Tuesday", "at 3").

    "sorry, Tuesday at 3": the value is "Tuesday", and "at 3" goes on from it.
    """
    words = head.split()
    for cut in range(len(words), max(len(words) - _TAIL_WORDS, 1) - 1, -1):
        value = bare_value(" ".join(words[:cut]), marked=marked)
        if value is None:
            continue
        tail = " ".join(words[cut:]).rstrip(" .!")
        if tail and (tail.split()[0].casefold() in _LIST_GOES_ON or nearest_value(tail, value)):
            return None  # "Monday and Friday": a list of values, no value and its tail
        if tail and value_kind(value) == "quantity":
            return None  # "sorry, 3 people can't come": a count with more said of it is news
        return value, tail
    return None


#: Words that carry a list of values on: "Monday and Friday", "Mon or Tue".
_LIST_GOES_ON: Final = frozenset("and or & to till until through".split())


#: The most words after a fixed value that still go with it ("6:40 in the morning").
_TAIL_WORDS: Final = 4


def _slip_head(text: str) -> str:
    """The slip and the piece after it: "sorry, 20 Dec" of "sorry, 20 Dec, the 13th's out"."""
    lead = re.split(r"[,;]\s+(?!\d)|\s+[-–—]+\s+", text.strip())
    markers = 0
    while markers < len(lead) - 1 and _SLIP_ONLY.match(lead[markers]):
        markers += 1  # "sorry, no, Wednesday": every marker piece, then the value's
    return ", ".join(lead[: markers + 1])


#: A slip marker said as its own piece before the value: "sorry, 20 Dec", "ugh no, the 9th".
_SLIP_ONLY = re.compile(
    rf"^\W*(?:(?:ugh|argh|oh)\s+)?(?:{SLIP_MARKERS})(?:\s+(?:again|wait|no|sorry))?\W*$",
    re.IGNORECASE,
)


def _restated_value(withdrawn: str, repair: str) -> str:
    """The withdrawn statement with the repair's value in place of its own.

    "the cutover date is March 14. no wait, it's March 21" keeps what the date is of: "the
    cutover date is March 21"; "the jumble sale is Sat 7 Nov at the hall, 9am. sorry, 14 Nov"
    keeps the hall and the time ("the jumble sale is 14 Nov at the hall, 9am"), and what the
    repair goes on to say is a clause of its own. A repair that says more than a value
    stands as it is.
    """
    pieces = re.split(r"[,;]\s+(?!\d)|\s+[-–—]+\s+", repair.strip())
    markers = next((at for at, piece in enumerate(pieces) if not _SLIP_ONLY.match(piece)), 0)
    for count in range(1, max(markers, 1) + 2):  # "sorry, no, Wednesday": past every marker
        head = ", ".join(pieces[:count])
        said = _NEW_VALUE.match(head)
        found = _value_of(said.group("value") if said is not None else head)
        new = substituted(withdrawn.strip(), found[0]) if found is not None else None
        if new is not None and found is not None:
            new = " ".join([new.rstrip(" ."), found[1]]).strip()  # "... 6:40 in the morning"
            rest = ", ".join(pieces[count:])
            return new + (f"; {rest}" if rest else "")
    value = _NEW_VALUE.match(repair.strip())
    old = _OLD_VALUE.match(withdrawn.strip())
    if value is None or old is None:
        return repair
    return f"{old.group('subject')} {value.group('value')}"


def _said(text: str) -> str:
    """A sentence in the form it is compared with a restatement.

    Case, spaces, end marks, a list bullet and the connectives that only join it to the
    sentence before ("Also, ...", "Another thing: ...") do not make it a different statement.
    """
    plain = " ".join(text.casefold().split()).strip(".!?;:, ").lstrip("-*\u2022 ")
    return _CONNECTIVES.sub("", plain)


def _restated(sentence: str, said: set[str]) -> bool:
    """A sentence already said in the segment behind a lead-in ("As I said: <sentence>").

    Whatever precedes the first colon only introduces the rest; when the rest is a sentence
    the user already said, it states nothing new.
    """
    lead, colon, rest = sentence.partition(":")
    return bool(colon and lead.strip() and rest.strip()) and _said(rest) in said


def _same(left: Reference | None, right: Reference | None) -> bool:
    if left is None or right is None:
        return left is right
    return left.entity.slug == right.entity.slug


#: "and", "but" or "so" right before a name that opens a clause of its own.
_JOINED_BEFORE = re.compile(r",?\s+(?:and|but|so)\s+$", re.IGNORECASE)
#: Verbs that follow a subject, typed with or without their apostrophe.
_AFTER_A_SUBJECT: Final = frozenset(
    """
    is isn't isnt was wasn't wasnt has hasn't hasnt had hadn't does doesn't doesnt did didn't
    didnt can can't cant could couldn't will won't wont would wouldn't should shouldn't
    """.split()
)


def _a_fact_of_its_own(piece: str, *, named: bool) -> bool:
    """What comes before "and", "but" or "so" is a statement worth keeping alone.

    It has a verb ("kenji and linh are coming" is one subject of two people), and it names
    someone or something (``named``), or states a cue or a figure ("the tiles are late so
    park is coming" is one fact, on him).
    """
    words = re.findall(r"[a-z]+", piece.casefold())
    verb = _CONTRACTED.search(piece) or any(finite(word) for word in words)
    if not (verb or not _verbless(piece)):  # "folake's leading the walk": "'s" is "is"
        return False
    return named or _cue(piece) is not None or _informative(piece, [])


def _a_verb_next(text: str, end: int) -> bool:
    """The word after ``end`` is a verb its subject takes ("wants", "isn't", "'ll")."""
    found = re.match(r"(?:['’](?:s|ll|d|ve|re)\b)|\s+([a-z][a-z'’]*)", text[end:])
    if found is None:
        return False
    word = found.group(1)
    if word is None:
        return True  # "selam's doing it", "kofi'll sort it"
    return word.replace("’", "'") in _AFTER_A_SUBJECT or opens_with_verb(word)


def _not_a_statement(sentence: str) -> bool:
    """A question, a pleasantry, an opener or speculation: no fact to keep."""
    stripped = sentence.strip()
    return (
        stripped.endswith("?")
        or _PLEASANTRY.match(stripped) is not None
        or _OPENER.search(stripped) is not None
        or hedged(stripped)
    )


def _disbelieved(sentence: str) -> str:
    """A statement said in disbelief, its closing "??", "?!" or "!?!" taken off.

    Two question marks, or one with an exclamation mark, after a sentence that opens as no
    question does voice surprise at what it states. A question stays one: an auxiliary or a
    modal first, negated or not, after "and" or "so" too ("isn't she ...??", "and has she
    ...??"), a question word anywhere ("she did what??") or a closing tag ("..., doesn't
    she??").
    """
    stated = sentence.rstrip().rstrip("?!")
    marks = sentence.rstrip()[len(stated) :]
    if len(marks) < 2 or "?" not in marks:
        return sentence
    opening = _DISCOURSE.sub("", stated)
    if _QUESTION_OPENS.match(opening) or _ASKING_AUXILIARY.match(opening):
        return sentence  # "isn't she coming??", "and has she ever ...??"
    if _WH_WORD.search(stated) or _TAG_QUESTION.search(stated):
        return sentence  # "she did what??", "..., doesn't she??"
    return stated


#: Words that open a question without asking it: "and", "so", "wait", "ok".
_DISCOURSE = re.compile(r"^\W*(?:(?:and|so|but|wait|ok|okay|sorry|hang on|oh)\W+)*", re.IGNORECASE)
#: An auxiliary or a modal, negated or not, opening a question: "isn't", "am", "must".
_ASKING_AUXILIARY = re.compile(
    r"\W*(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|shall|"
    r"am|may|might|must|need)(?:n['’]?t)?\b",
    re.IGNORECASE,
)
#: A question word anywhere: "she did what??".
_WH_WORD = re.compile(r"\b(?:what|who|whom|whose|which|why|how|when|where)\b", re.IGNORECASE)
#: A tag question closing a statement: "..., doesn't she", "..., is it".
_TAG_QUESTION = re.compile(
    r",\s*(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would)(?:n['’]?t)?"
    r"\s+\w+\W*$",
    re.IGNORECASE,
)


def _before_a_question(sentence: str) -> str:
    """The statement a question follows in one sentence, or the sentence as it is.

    "I'd rather we skipped the raffle, could we do a tombola instead?"
    states a preference, then asks; the statement is kept. A sentence that opens as a
    question ("can we, if it rains, move it?") or with a condition ("if Bob can't, could
    we ...?"), or ends on a tag ("Bob moved, did he?", "..., is that true?"), stays whole.
    """
    if not sentence.rstrip().endswith("?") or _QUESTION_OPENS.match(sentence):
        return sentence
    if _SUBORDINATE_OPENS.match(sentence):
        return sentence  # "If Bob can't make it, could we ask Alice?": a condition, no fact
    asked = _ASKED_AFTER.search(sentence)
    if asked is None or _BACK_TO_IT.search(asked.group(0)):
        return sentence  # "Ewan moved to Leeds, can you confirm that?": doubted, not told
    stated = sentence[: asked.start()]
    if not _full_clause(stated):
        return sentence  # "The gala on Saturday, can we ...?", "Bob, Alice - can you ...?"
    return stated + "."


#: A question's first word: the sentence is one question, whatever its commas.
_QUESTION_OPENS = re.compile(
    r"\W*(?:can|could|would|will|shall|should|do|does|did|is|are|was|were|have|has|any|"
    r"what|when|where|who|whom|which|why|how)\b",
    re.IGNORECASE,
)
#: A question opening after a comma or a dash, with its own subject: ", could we ...?".
_ASKED_AFTER = re.compile(
    r"\s*(?:,|;|\s[-–—])\s*(?:(?:so|and|but)\s+)?(?:can|could|would|will|shall|should|do|"
    r"does|did|is|are|what|when|where|who|which|why|how)\s+(?:we|you|i|they|he|she|it|"
    r"someone|anyone|people|the|that|this)(?:\s+[^\s,;?]+){2,}[^,;]*\?\s*$",
    re.IGNORECASE,
)
#: A subordinate clause opening the sentence: what follows its comma is the main clause;
#: or a supposition, or a topic named before a question about it.
_SUBORDINATE_OPENS = re.compile(
    r"\W*(?:if|unless|assuming|once|before|after|when|whenever|while|until|till|since|"
    r"provided|given|as soon as|in case|even if|although|though|because|as|say|suppose|"
    r"supposing|worst case|otherwise|regarding|re|as for|about)\b",
    re.IGNORECASE,
)
#: A question that points back at what was said: "is that true?", "did it include VAT?".
_BACK_TO_IT = re.compile(r"\b(?:that|this|it|so|right|true|correct|case)\b", re.IGNORECASE)


#: Words that hedge only the clause they stand in ("... so the next one might be online").
_MODAL_HEDGE = re.compile(r"\b(?:maybe|perhaps|possibly|might|may be)\b", re.IGNORECASE)
#: A hedged clause that says what follows from the statement before it: "so maybe ...".
_SO_MAYBE = re.compile(r"^(?:so|because|since)\s+(?:maybe|perhaps|possibly)\b", re.IGNORECASE)
#: Where a later clause starts: a comma, a semicolon, a dash, or a conjunction.
_LATER_CLAUSE = re.compile(r"(?:[,;]|\s[-–—])\s*|\s(?:so|and|but|though)\s", re.IGNORECASE)


#: A last remark that the user does not know why or what it means: the statement before it
#: stands ("the boiler's tripped again, no idea why", "..., no idea how that works tbh").
_PUZZLED = re.compile(
    rf"(?:[,;]|\s[-–—]|\s(?:but|though))\s*(?:(?:tbh|honestly|lol)\s+)?(?:{I_AM}\s+|i\s+)?"
    rf"(?:not\s+sure|no\s+idea|dunno|don{_APOS}?t\s+know|not\s+a\s+clue)\s+"
    r"(?:why|what\s+(?:that|it|this)\s+(?:means|involves|is\s+for)|how\s+(?:that|it|this)\s+works)"
    r"\b(?P<tail>[^.!?]*)[.!?]*\s*$",
    re.IGNORECASE,
)
#: What doubts the statement itself after such a remark: "..., not sure why or if".
_DOUBTS_IT: Final = re.compile(r"\b(?:if|whether|when|true|even)\b", re.IGNORECASE)


def _before_hedge(sentence: str) -> str:
    """The sentence up to a later clause that only a modal hedges.

    "she's moving to Porto in May so the next review might be remote" states the move;
    only its second clause is speculation, and so is a last remark that the user does not
    know why or what it means (:data:`_PUZZLED`). A hedge that comments on the whole ("Bob could be
    leaving, not sure yet") or opens the sentence ("maybe we'll revisit it") leaves it as it is.
    """
    puzzled = _PUZZLED.search(sentence)
    if puzzled is not None and _DOUBTS_IT.search(puzzled.group("tail")):
        puzzled = None  # "..., no idea why or even if": the statement is in doubt too
    if puzzled is not None and HEDGE.search(sentence, 0, puzzled.start()) is None:
        before = sentence[: puzzled.start()]
        if _full_clause(before) or _CONTRACTED.search(before) is not None:
            return before  # "he says the van counts, no idea how that works": said so
    hedge = HEDGE.search(sentence)
    if hedge is None or _MODAL_HEDGE.fullmatch(hedge.group(0)) is None:
        return sentence
    cuts = [m.start() for m in _LATER_CLAUSE.finditer(sentence, 0, hedge.start())]
    if not cuts:
        return sentence
    before, hedged_part = sentence[: cuts[-1]], sentence[cuts[-1] :]
    stated = _full_clause(before) or _CONTRACTED.search(before) is not None
    # the hedged part must be a clause of its own ("..., maybe" or "..., or maybe July"
    # hedges the whole) and not the speaker's doubt ("..., I might be wrong")
    rest = hedged_part.strip(" ,;-–—")
    doubt = _SPEAKERS_DOUBT.match(rest) is not None or _MODAL_AND_VERB.match(rest) is not None
    # "... so maybe it's the bank": what follows from the statement is a clause of its own;
    # "..., or maybe it's shellfish", "..., maybe it's the 5th" offer another value of it
    following = _SO_MAYBE.match(rest) is not None and _CONTRACTED.search(rest) is not None
    clause = _full_clause(rest) or following
    own_clause = _a_plan(rest) or (clause and not doubt) or _more_on_a_condition(before, rest)
    if HEDGE.search(sentence, hedge.end()) is not None or not (stated and own_clause):
        return sentence
    return before


def _more_on_a_condition(stated: str, rest: str) -> bool:
    """A hedged figure beyond the one stated, on a condition: "15, maybe 20 if it's dry".

    The stated count holds whatever the condition does. A smaller figure or a date in its
    place ("due on 12 May, maybe 20 depending ...") doubts it, as "..., or maybe 20" does.
    """
    hedge = _MORE_IF.match(rest)
    if hedge is None:
        return False
    counts = _A_COUNT.findall(stated)
    if not counts or _A_DATE.search(stated) or _A_DATE.search(rest):
        return False
    more = hedge.group("more")
    if not more[:1].isdigit():
        return True  # "perhaps more if it's dry"
    return _number(more) > _number(counts[-1])


def _number(figure: str) -> float:
    return float(figure.replace(",", ""))


#: A modal adverb, a larger figure or "more", then its condition.
_MORE_IF: Final = re.compile(
    r"(?:(?:and|but)\s+)?(?:maybe|perhaps|possibly)\s+(?P<more>\d[\d,]*(?:\.\d+)?|more|a few more)"
    r"\b[^;]*?\s(?:if|when|depending)\b",
    re.IGNORECASE,
)
#: A count: a number standing alone ("12 chairs"), not part of a time or a price's pence.
_A_COUNT: Final = re.compile(r"(?<![\d.:/£$€])\b(\d[\d,]*(?:\.\d+)?)\b(?![:/.]\d)")
#: A date or a year: "12 May", "the 3rd", "2027", "May 12".
_A_DATE: Final = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}|\b{MONTH}\s+\d{{1,2}}\b"
    r"|\b\d{1,2}(?:st|nd|rd|th)\b|\b(?:19|20)\d\d\b",
    re.IGNORECASE,
)


def _after_hedge(sentence: str) -> str:
    """What the sentence states after a first clause that only a hedge holds, or the sentence.

    "Maybe Ossian and Bea, though Bea's a soprano now": the doubt is over who sings, and
    that Bea is a soprano is said outright; "We may have to move the quiz: the hall has
    double-booked the Thursday" states the double booking. What follows the break must be a
    clause of its own with no hedge in it ("..., no idea if it's true" doubts it all).
    """
    hedge = HEDGE.search(sentence)
    if hedge is None:
        return sentence
    cut = _CONCESSION.search(sentence, hedge.end())
    if cut is None:
        return _after_a_comma(sentence, hedge.end())
    rest = sentence[cut.end() :]
    if hedged(rest) or not _full_clause(rest) or rest.rstrip().endswith("?"):
        return sentence
    return rest


def _after_a_comma(sentence: str, start: int) -> str:
    """A clause with a subject of its own after the hedge's last comma, or the sentence.

    "might sell the boat next year, the engine's on 9,000 hours" states the hours; "..., or
    maybe july", "..., if it's dry" and "..., depends on the tide" go on with the doubt.
    """
    commas = [found.end() for found in re.finditer(r",\s+", sentence[start:])]
    if not commas:
        return sentence
    rest = sentence[start + commas[-1] :]
    words = [fold(word.strip(".,;:!?")) for word in rest.split()]
    if len(words) < MIN_FACT_WORDS or hedged(rest) or rest.rstrip().endswith("?"):
        return sentence
    if _STILL_SUPPOSED.search(rest) or not words[1][:1].isalnum():
        return sentence  # "..., it would fetch about five grand": the doubt goes on
    if words[0] in SUBJECT_PRONOUNS or _CONTRACTED.match(words[0]):
        return rest  # "..., he said he'd try"
    if words[0] in DETERMINERS:
        words = words[1:]  # "..., the engine's on 9,000 hours"
    first = words[0]
    if _CONTRACTED_IS.search(first) and not sense(first[:-2]).function:
        following = sense(words[1])
        if following.function or not following.readings or words[1][:1].isdigit():
            return rest  # "..., bram's on nights": "'s" is "is"
    if sense(first).function or opens_with_verb(first) or not _full_clause(rest):
        return sentence
    return rest


#: What goes on supposing: a conditional's modal or "probably".
_STILL_SUPPOSED = re.compile(
    r"\b(?:would|could|should|probably|might|may)\b|['’]d\b", re.IGNORECASE
)


#: Where a clause that states something follows one a hedge holds: ", though", ", but",
#: a colon, a semicolon or a spaced dash.
_CONCESSION: Final = re.compile(
    r"(?:,\s*(?:though|but|although)\s+|\s+though\s*:\s*|:\s+|;\s+|\s[-–—]\s+)", re.IGNORECASE
)


#: The speaker's doubt about what they said: it hedges the whole sentence ("..., I might be
#: wrong", "..., though I might have that wrong"), unless it is a plan of their own ("so I
#: might sit that one out", see :func:`_a_plan`).
_SPEAKERS_DOUBT = re.compile(r"^(?:(?:and|but|so|though)\s+)?i\b", re.IGNORECASE)
#: A modal and the verb it hedges, its subject the user or left out ("..., might drop by").
_MODAL_AND_VERB = re.compile(
    r"^(?:(?:and|but|so|though)\s+)?(?:i\s+)?(?:might|may|could)\s+(?:not\s+)?(?P<verb>[a-z]+)\b",
    re.IGNORECASE,
)
#: Verbs that hedge a state or a value rather than name a deed ("might be the 4th", "might
#: have that wrong", "might change though"): they doubt what was said.
_STATES: Final = frozenset(
    "be have change differ vary slip move shift happen end turn need cost".split()
)


def _a_plan(clause: str) -> bool:
    """A deed hedged by a modal, done by the user or by the subject left out."""
    found = _MODAL_AND_VERB.match(clause)
    if found is None:
        return False
    if _WORTH.match(clause, found.end()):
        return True  # "..., might be worth ringing": a suggestion, no doubt of what was said
    return found.group("verb").casefold() not in _STATES


_WORTH = re.compile(r"\s+worth\b", re.IGNORECASE)


#: A pronoun and a contracted verb: a subject and its predicate ("he's moving").
_CONTRACTED = re.compile(
    rf"\b(?:(?:he|she|it|they|we|i|you){_APOS}(?:s|re|m|ll|ve|d)|{TYPED_FAST})\b",
    _FLAGS,
)


def _reports_on(text: str, refs: Sequence[Reference]) -> bool:
    """A report opening the clause, of something named after it: "told me ola has ...".

    What is reported is the news of whom it names, not of the one who said it.
    """
    opening = len(text) - len(text.lstrip())
    report = REPORTED.match(text, opening)
    return report is not None and any(ref.explicit and ref.start >= report.end() for ref in refs)


def _elided_subject(text: str, refs: Sequence[Reference] = ()) -> bool:
    """The clause opens with its verb: its subject is the clause's before it.

    Not when the word opens a name, capitalised ("May Quarrington joins on Monday", "Will
    Tay rang"; "... and will call on Monday" is the modal).
    """
    first = text.split()[0].casefold().strip(".,;:!?") if text.split() else ""
    opening = len(text) - len(text.lstrip())
    if text[opening : opening + 1].isupper() and any(
        ref.start == opening and ref.explicit for ref in refs
    ):
        return False
    return opens_with_verb(first)


def _role_described(text: str) -> bool:
    """A few words that give someone's role, with no verb: "Retired midwife.".

    Said right after a person is named, it describes them ("we've hired Odran Vesk. former
    midwife, very punctual"): the role comes within its first words, and no verb follows.
    """
    words = [word.strip(".,;:!?()").casefold() for word in text.split()]
    if not words or len(words) > MAX_DESCRIPTION_WORDS or words[0] in _SUBJECTS:
        return False
    return describes_a_role(text)


#: How long a verbless description of someone runs, at most (words).
MAX_DESCRIPTION_WORDS: Final = 8
_SUBJECTS: Final = frozenset("i we you he she they it this that there".split())


def _named_next(salience: Salience, related: Relation | None) -> None:
    """The relation a clause named is who a pronoun after it means, as its word says.

    "Bob's wife is Isolde, she runs the cafe": she is Isolde; after "her tutor is Mr
    Brisley", a "she" is not him.
    """
    if related is None:
        return
    if related.pronoun:
        salience.pronouns[related.named.entity.slug] = related.pronoun
    salience.update([related.named])


def _owner_at_hand(owner: Reference, before: list[Reference]) -> bool:
    """A relation's owner the clause names, or a "her" of whom the clause before spoke.

    "Alice moved up a year, her tutor is Mr Brisley" is Alice's; in "Alice's daughter started
    school. Her tutor is ..." the "her" may be the daughter, who has no page.
    """
    return owner.explicit or any(ref.entity == owner.entity for ref in before)


def _we_report_on(group: _Group, entity: Entity) -> bool:
    """A "we" reporting a count or an amount for what the sentence named first: a plan.

    "The fair went well, we raised £1,200" is the fair's; "Widget Co called about my pension,
    we're selling the house" is no news of the firm, nor "the fair's sorted, we're having a
    baby" of the fair.
    """
    text = group.text
    return (
        an_undertaking(entity)
        and _COUNTED.search(text) is not None
        and _PERSONAL_MATTER.search(text) is None
        and _HOUSEHOLD.search(text) is None
    )


#: A count or an amount: a figure or a number word.
_COUNTED = re.compile(
    r"\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|thousand|dozen)\b",
    re.IGNORECASE,
)
#: A household's own news: "we're moving house", "having a baby", "off to bed".
_HOUSEHOLD = re.compile(
    r"\b(?:house|home|flat|baby|bed|moving|mortgage|kids?|children|pregnant)\b", re.IGNORECASE
)


def _about_the_user(text: str, refs: list[Reference]) -> bool:
    """A statement about the user alone: it opens with them, or names only them.

    "I'm vegetarian", "please don't schedule anything for me before 10am".
    """
    return _PERSONAL.match(text) is not None or (
        not refs and _FIRST_PERSON.search(text) is not None
    )


#: A short lead-in before a colon that announces what follows: "Quick one, it's private:",
#: "A note for me:".
_LEAD_IN = re.compile(
    rf"^[^:;.!?]{{1,40}}:\s+(?=(?:i|{I_AM}|{I_HAVE}|i['’]ll|i['’]d|my)\b)", re.IGNORECASE
)


#: The user, anywhere in a clause.
_FIRST_PERSON = re.compile(rf"\b(?:i|{I_AM}|{I_HAVE}|me|my|mine|myself)\b", re.IGNORECASE)


def _restarts(ref: Reference | None, refs: list[Reference], clause: Clause) -> bool:
    """The clause names its entity again and says something of its own.

    "Met Oskar Brandvold, who leads payroll; Oskar prefers written updates" and "Oluwaseun
    goes by Seun, and he prefers Slack" state two facts about one person each, as do "X
    have moved deliveries to Mondays, and from June they're charging for pallets" and "...,
    though he's only free on Sundays", which refer back to it later in the clause.
    """
    if _BACK_TO_A_THING.search(clause.text) is not None:
        return False  # "Odile is drafting the seating plan, she wants the vicar to check it"
    if (
        ref is not None
        and subject(ref, clause.text)
        and (_cue(clause.text) is not None or _informative(clause.text, refs))
    ):
        return True
    return _says_more(clause.text)


#: A clause that opens with "he", "she" or "they" for whom the clause before named.
_A_PERSON_AGAIN = re.compile(rf"^\W*(?:{HE_OR_SHE}|{THEY})\b", re.IGNORECASE)
#: A clause this short after it ("..., she's 74", "..., he starts Monday") says more of the
#: fact before it: why, when, or who they are; a longer one is a fact of its own ("..., she
#: wants the proofs back by Friday").
_SEQUEL_MAX_WORDS: Final = 5
#: A thing the clause before named, referred back to as the object: "... sign it off",
#: "... check it over".
_BACK_TO_A_THING = re.compile(r"(?<!^)\b(?:it|them)\b(?!['’]s)", re.IGNORECASE)


def _continues(last: _Group, ref: Reference | None, refs: list[Reference], clause: Clause) -> bool:
    """The clause goes on with the fact before it rather than stating one of its own.

    It names nothing, or the same entity and says nothing more of it, or it is a condition
    of the clause before, whatever it names ("..., if Widget Co deliver on time").
    """
    if not refs or _CONDITION.match(clause.text):
        return True
    return _same(last.ref, ref) and (_a_sequel(last, clause) or not _restarts(ref, refs, clause))


def _nobodys_clause(last: _Group, clause: Clause) -> bool:
    """The clause's subject is a pronoun or another subject of its own, no one named before."""
    if _PRONOUN_FIRST.match(clause.text) and not _of_them(last, clause):
        return True
    return _anothers_clause(last, clause)


def _anothers_clause(last: _Group, clause: Clause) -> bool:
    """A clause after a person's whose subject is everyone, someone or no one.

    "ottilie is booking it, everyone pays £40 each": what everyone or nobody does is no
    fact of the person named before; the clause is the plan's at hand, or the user's. A
    subject that may be the person's own ("the kids are 4 and 7", "our dad") is left to
    the clause's other words.
    """
    if last.ref is None or not last.ref.entity.is_person:
        return False
    return _ANYONE_SUBJECT.match(clause.text) is not None and _full_clause(clause.text)


#: Subjects that are no one a page names: everyone, someone, no one.
_ANYONE_SUBJECT = re.compile(
    r"^\W*(?:(?:and|but)\W+)?(?:everyone|everybody|nobody|no\s+one|someone|somebody)\b",
    _FLAGS,
)


def _of_them(last: _Group, clause: Clause) -> bool:
    """A few words on the people the clause before named together ("..., they're in Lagos").

    One person named with their own people ("ivo and the kids are coming by coach, they
    still need tickets") is such a pair too: what "they" need, the person named needs.
    """
    people = [ref for ref in last.refs if ref.entity.is_person]
    slugs = {ref.entity.slug for ref in people}
    together = len(slugs) > 1 or (len(slugs) == 1 and _with_their_own(last, people[0]))
    return together and _a_sequel(last, clause)


def _with_their_own(last: _Group, person: Reference) -> bool:
    """The person, then "and" and their own people: "ivo and the kids", "ivo and his wife".

    Right after the name, and "his" or "her" as the person goes by, if the page says: "me and
    the kids" or "sam and his wife" after someone else are not theirs.
    """
    found = _WITH_THEIR_OWN.match(last.sentence, person.end)
    if found is None or not person.explicit:
        return False
    whose = found.group("whose").casefold()
    said = person.entity.pronoun
    return whose in ("the", "their") or not said or {"his": "he", "her": "she"}[whose] == said


#: "and" and a person's own people, right after their name: "... and the kids".
_WITH_THEIR_OWN = re.compile(
    r"\s+and\s+(?P<whose>the|his|her|their)\s+(?:kids|children|boys|girls|family|wife|"
    r"husband|partner|parents|twins)\b",
    re.IGNORECASE,
)


def _a_sequel(last: _Group, clause: Clause) -> bool:
    """A few words on whom the clause before named, after only a comma.

    "Ivo can't make the 9th, he's at a christening", "..., she's 74", "..., she starts Monday":
    why, when, or who they are. A longer clause is a fact of its own ("..., she wants the
    proofs back by Friday"), and so is one a word joins ("..., so he wants ...").
    """
    between = last.sentence[last.end : clause.start]
    return (
        _A_PERSON_AGAIN.match(clause.text) is not None
        and word_count(clause.text) <= _SEQUEL_MAX_WORDS
        and re.search(r"[^\W\d_]|[.!?]", between) is None
    )


def _passed_on(last: _Group, clause: Clause, thing: Entity | None) -> bool:
    """A message someone got in touch with, about the thing at hand: its own subject's clause.

    With nothing at hand, or a clause that goes on with the sender ("... and said ..."), what
    follows stays the sender's.
    """
    if thing is None or not _in_touch(last):
        return False
    return _full_clause(clause.text) and not _elided_subject(clause.text)


def _in_touch(last: _Group) -> bool:
    """The clause before only says that someone got in touch: "Ana rang", "ivo's just texted"."""
    ref = last.ref
    if ref is None or not ref.entity.is_person or not ref.explicit:
        return False
    return _GOT_IN_TOUCH.match(last.sentence[ref.end : last.end]) is not None


#: A verb of getting in touch and nothing more: what follows is the message.
_GOT_IN_TOUCH = re.compile(
    r"^(?:['’]s|\s+has)?\s+(?:just\s+|finally\s+)?(?:messaged|texted|emailed|e-mailed|rang|"
    r"phoned|called|replied|wrote|got\s+back(?:\s+to\s+(?:me|us))?|been\s+in\s+touch)\W*$",
    re.IGNORECASE,
)


def _says_more(text: str) -> bool:
    """The clause states something of its own, not only the condition of the one before.

    "..., if he wants it" qualifies what came before it, and "..., though I doubt it" only
    doubts it; "..., though he's only free on Sundays" says something more of him.
    """
    return _stands_alone(text) and _CONDITION.match(text) is None and not _DOUBT_ALONE.match(text)


#: A clause that only doubts the one before: "..., though I doubt it".
_DOUBT_ALONE = re.compile(
    r"^\W*(?:(?:though|but|although|and)\s+)?i\s+(?:really\s+)?doubt\s+it\W*$", re.IGNORECASE
)
#: A clause that opens with a condition: it qualifies its neighbour.
_CONDITION = re.compile(r"^\W*(?:if|unless|provided|as long as)\b", re.IGNORECASE)


def _stands_alone(text: str) -> bool:
    """The clause says something of its own: a cue, information, or a subject and its verb.

    "..., but churn in the smallest tier went up" is a statement of its own even with no
    entity, amount or cue in it.
    """
    return _cue(text) is not None or _informative(text, []) or _full_clause(text)


def _reported_for_the_topic(
    refs: list[Reference], ref: Reference | None, text: str, topic: Entity | None
) -> Reference | None:
    """What a person reports of a thing, with a figure, is the topic's.

    "Ysane says the weigh-in closes on 12 October", while the show is at hand, is the show's:
    the report is no answer ("said yes to judging", "reported sick"), names no page and
    nobody's ("Odile's van"), holds an amount or a time, and says nothing personal or of
    anyone ("says she can judge", "says the physio lasts 6 weeks" stay the speaker's). A view
    ("X reckons ...") is its holder's.
    """
    if ref is None or topic is None or topic.is_person or not ref.entity.is_person:
        return None
    report = _SAYS_THAT.search(text) or reported_after_a_lead(text)
    if report is None or not ref.explicit or ref.end > report.start():
        return None
    reported = text[report.end() :]
    if any(other.start >= report.end() for other in refs) or _PEOPLE_WORDS.search(reported):
        return None
    if _PERSONAL_MATTER.search(reported) or _SOMEONE_NAMED.search(reported):
        return None
    return Reference(topic, ref.start, ref.end, False) if _QUANTITY.search(reported) else None


def _reported_for_their_firm(
    refs: list[Reference],
    ref: Reference | None,
    text: str,
    entities: EntityIndex,
    latest: Entity | None = None,
) -> Reference | None:
    """What a person reports their firm does is the firm's: "Orvid says they're raising delivery".

    The person (by name or pronoun) is the subject, their page names the firm they work for,
    and the report opens with "they" or "their", names no page of its own and nothing of a
    couple's or a family's life ("says they're getting married" is theirs). A pronoun or a
    subject left out ("he says their yard shuts at 4", "... and confirmed they can come friday")
    is the person named last.
    """
    report = _SAYS_THAT.search(text)
    if report is None or not _THEY_OPEN.match(text[report.end() :]):
        return None
    if ref is None and latest is not None and _BY_THE_ONE_NAMED.fullmatch(text[: report.start()]):
        ref = Reference(latest, 0, 0, False)
    if ref is not None and not ref.entity.is_person:
        # the clause was taken for a page the report names: its teller is who reports
        ref = next((one for one in refs if one.end <= report.start()), None)
    if ref is None or not ref.entity.is_person or ref.end > report.start():
        return None
    firm = entities.firm_of(ref.entity)
    if firm is None or _A_LIFE.search(text):
        return None
    # "their" may already stand for the firm; a page named after it as the firm's verb's
    # object is what the firm does something to ("they're trialling Quillstone"); someone,
    # or a page after a preposition ("... the new layout at Kelmscott"), is news of its own
    if any(
        other.start >= report.end()
        and other.entity != firm
        and (
            other.entity.animate
            or not _THEIR_VERBS_OBJECT.fullmatch(text, report.end(), other.start)
        )
        for other in refs
    ):
        return None
    return Reference(firm, ref.start, ref.end, False)


#: What stands before a report whose speaker is the person named last: "he", "and she
#: also", or nothing ("... rang back and confirmed they can come").
_BY_THE_ONE_NAMED = re.compile(
    r"\W*(?:(?:and|but|so|then)\s+)?(?:(?:he|she)\s+)?(?:(?:also|just|then|has|had)\s+)?",
    re.IGNORECASE,
)
#: "they" and a verb or two, then the page they are doing something to: "they're evaluating ".
_THEIR_VERBS_OBJECT = re.compile(
    # not a verb that opens a clause of its own: "they think tarnwick is cheaper"
    rf"(?:{THEY})\s+(?!(?:at|in|on|to|for|with|from|of|by|about|think|thinks|reckon|heard|"
    r"say|said|believe|feel|know|knew|hope|guess)\b)[a-z'’]+"
    r"(?:\s+(?!(?:at|in|on|to|for|with|from|of|by|about|the|a|an)\b)[a-z'’]+)?\s+",
    re.IGNORECASE,
)
#: A report about a body of people: "they're putting ...", "their office closes ...".
_THEY_OPEN = re.compile(rf"^(?:{THEY}|their)\b", re.IGNORECASE)
#: A couple's or a family's life, not a firm's: "says they're getting married", "their house".
_A_LIFE = re.compile(
    r"\b(?:married|marrying|engaged|wedding|honeymoon|divorc\w*|baby|pregnan\w*|expecting"
    r"|kids|children|son|daughter|twins|holiday|house|home|flat|garden|puppy|dog|cat|kitten|pet"
    r"|sick|ill|hospital|anniversary)\b",
    re.IGNORECASE,
)


#: A verb of saying and a reported statement, no answer or thanks ("said yes", "says thanks").
_SAYS_THAT = re.compile(
    rf"\b(?:says|said|confirmed|confirms|reported|mentioned|{CALLED_TO_SAY}|"
    # "told me at lunch yesterday that ...": when, then what was said
    r"(?:told|tells)\s+(?:me|us)(?:\s+[^,.;:!?]{0,40}?\s+that)?)\s+(?:that\s+)?"
    r"(?!(?:yes|no|thanks|thank|sorry|for|to|sick|ill|ok|okay|so)\b)",
    re.IGNORECASE,
)
#: A reported statement about the user, the hearer or someone: "... says my knee", "she".
_PEOPLE_WORDS = re.compile(
    r"\b(?:i|me|my|mine|we|us|our|you|your|he|she|him|her|his|hers|they|them|their)\b",
    re.IGNORECASE,
)


#: Health, leave and other matters of a person's own.
_PERSONAL_MATTER = re.compile(
    r"\b(?:surgery|operation|physio\w*|injur\w*|sick|ill|hospital|recover\w*|holiday|leave"
    r"|heal\w*|knee|hip|back|ankle|wrist|shoulder|birthday|wedding|baby|pregnan\w*|salary|pay"
    r"|rent|flight|train)\b",
    re.IGNORECASE,
)
#: Somebody's, named in the report ("says Odile's van is due at 6pm").
_SOMEONE_NAMED = re.compile(rf"\b[{UPPER}][{LOWER}]+['’]s\b")


def _compares(text: str) -> bool:
    """A figure set against the one before, with no verb: "..., up from £5,900"."""
    words = [word.strip(".,;:!?").casefold() for word in text.split()]
    if not words:
        return False
    amount = len(words) <= _AMOUNT_WORDS and _AMOUNT.match(words[0]) is not None
    if words[0] not in _COMPARING and not amount:
        return False
    return not any(word.isalpha() and finite(word) for word in words[1:])


#: An amount standing alone after its clause ("paid the deposit — £2,370"), a few words long.
_AMOUNT = re.compile(r"^[£$€]\s?\d")
_AMOUNT_WORDS: Final = 3


#: Words that open a figure's comparison with the one before it ("up from", "down on last
#: year", "compared with", "against £40 last time").
_COMPARING: Final = frozenset("up down compared against versus vs".split())


def _full_clause(text: str) -> bool:
    """Four words or more with a finite verb after the first: a subject and its predicate."""
    words = [word.strip(".,;:!?").casefold() for word in text.split()]
    if len(words) < MIN_CLAUSE_WORDS:
        return False

    return any(
        word.isalpha()
        and finite(word)
        and (word not in _NOT_PREDICATES or _has_an_object(words, index))
        for index, word in enumerate(words[1:], start=1)
    )


def _said_of_the_last(
    groups: list[_Group],
    clause: Clause,
    refs: list[Reference],
    ahead: Reference | None,
    salience: Salience,
) -> bool:
    """Add ``clause`` to what the sentence's last group says, if it says more of it."""
    last = groups[-1]
    if (
        _a_phrase_of(last, clause.text, refs)
        or _how_much_of(last, clause.text, refs)
        or _a_word_more_of(last, clause.text, refs)
    ):
        # "Dara's printing the flyers, 600 of them": the flyers', said in a phrase; "the
        # fee went up, £95 now per van": how much of it, in a clause
        last.end, last.refs = clause.end, last.refs + refs
        return True
    appended = _RELATIVE.match(clause.text) or _APPOSITION.match(clause.text)
    if not appended or _introduces(clause.text, refs):
        return False
    # ", who leads payroll at Tallowbrook", ", a motion designer Hazel recommended": about
    # whoever the clause before named last
    whom = (ahead if _RELATIVE.match(clause.text) else None) or last.ref
    groups.append(_Group(last.sentence, clause.start, clause.end, whom, [], inherited=True))
    if whom is not None:
        salience.update([], whom)  # still the one a "she" refers back to
    return True


def _a_phrase_of(last: _Group, text: str, refs: list[Reference]) -> bool:
    """A phrase with no verb that goes on from the clause before it in the sentence.

    "..., 600 of them", "..., a small boy on a bike", "..., Thursdays 6 to 8" say more of
    the statement they follow, so they are part of its fact; a value under a name of its own
    ("..., excess £250") is a fact of its own, phrases listed one after another ("ground
    floor, 80 sq m, ...") follow no statement, and a phrase that names someone else ("...,
    Ana Quell, a glazier") is about them.
    """
    if any(ref.explicit and (last.ref is None or ref.entity != last.ref.entity) for ref in refs):
        return False
    return _verbless(text) and not _verbless(last.text) and not _a_named_value(text)


def _how_much_of(last: _Group, text: str, refs: list[Reference]) -> bool:
    """A clause opening on an amount, after the statement it measures: "..., 86%, top mark".

    "they raised their hire fee, £95 now per van", "they've started charging for
    tours, £4 each": how much, how many or how long of what was just said, one fact
    with it; not when it names someone else.
    """
    if any(ref.explicit and (last.ref is None or ref.entity != last.ref.entity) for ref in refs):
        return False
    return _AN_AMOUNT_FIRST.match(text) is not None and not _verbless(last.text)


def _a_word_more_of(last: _Group, text: str, refs: list[Reference]) -> bool:
    """A short clause about the one the clause before is about: "..., he was buzzing".

    "ivo passed his theory test, he was thrilled", "can't do the 9th so he's off on the 10th":
    a few words whose pronoun refers back to what the statement was about say more of it.
    """
    if last.ref is None or word_count(text) > _A_WORD_MORE or not _PRONOUN_FIRST.match(text):
        return False
    if _cue(text) in _VIEWS:
        return False  # "..., so he wants us on retries": a wish or a view is one of its own
    return bool(refs) and all(ref.entity == last.ref.entity for ref in refs)


#: Kinds of statement that hold someone's view or wish: a fact of their own.
_VIEWS: Final = frozenset({"preference", "belief"})


#: The most words a clause saying a little more of the one before runs to.
_A_WORD_MORE: Final = 5
#: An amount opening a clause: a sum, a number, or one in words ("£480 now", "six of them").
_AN_AMOUNT_FIRST = re.compile(
    r"^\W*(?:(?:and|but|only|just|so|now)\s+)?(?:[£$€]\s?\d|\d|(?:two|three|four|five|six|"
    r"seven|eight|nine|ten|twelve|twenty|thirty|forty|fifty|half|minimum|maximum|about|"
    r"around|roughly)\b)",
    re.IGNORECASE,
)


def _a_named_value(text: str) -> bool:
    """A noun or a few and the value they name: "alarm code 9902", "breakfast £12 extra".

    So are "excess £250" and "renewal date 3 March"; a day's name is no such name
    ("Wednesdays 6 to 8": when, said of the clause before).
    """
    if _labelled_value(text):
        return True
    words = re.findall(r"\S+", text.strip(" .;:!"))
    for count, word in enumerate(words[: _NAMED_VALUE_WORDS + 1]):
        if any(char.isdigit() for char in word):
            return count > 0
        folded = fold(word)
        if not word.isalpha() or not word.islower() or is_calendar_word(folded):
            return False
        meaning = sense(folded)
        following = words[count + 1] if count + 1 < len(words) else ""
        gerund = folded.endswith("ing") and following.startswith(("£", "$", "€"))  # "parking £12"
        if meaning.function or not (meaning.noun or gerund):
            return False  # "starting 16 Jan": when, said of the clause before
    return False


def _verbless(text: str) -> bool:
    """No verb of its own: no auxiliary, no pronoun subject, no finite verb.

    A word that is a noun as well as a verb's form is the noun after a determiner, a number
    or another function word ("two coats", "of the posters"), and first in the phrase.
    """
    text = re.sub(r"(?<=\S\s)May\b", "month", text)  # "due in May": the month, no modal
    words = [word.replace("’", "'") for word in re.findall(r"[a-z0-9][a-z0-9'’]*", text.casefold())]
    for before, word, after in zip(["", *words], words, [*words[1:], ""], strict=False):
        if word in _AUXILIARY_FORMS or _CONTRACTED_VERB.search(word) or before in _VERB_AFTER:
            return False
        if _TYPED_FAST.fullmatch(word):
            return False  # "theyll", "weve": a verb inside the word, its apostrophe left out
        if word.endswith("'s") and (_predicate(after) or _a_form_in_ing(after)):
            return False  # "Dara's printing"
        if finite(word) and not (sense(word).noun and _opens_a_noun_phrase(before)):
            return False
        if after in _OBJECT_PRONOUNS and not sense(word).function:
            return False  # "the kids love it"
    return True


def _opens_a_noun_phrase(word: str) -> bool:
    return not word or word[0].isdigit() or sense(word).function or word in _NUMBER_WORDS


_OBJECT_PRONOUNS: Final = frozenset("it them him me us".split())
_NUMBER_WORDS: Final = frozenset(
    "two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty "
    "hundred dozen".split()
)


def _a_form_in_ing(word: str) -> bool:
    return word.endswith("ing") and "VERB" in sense(word).readings


_AUXILIARY_FORMS: Final = frozenset(
    "am is are was were be been being has have had do does did will would shall should can "
    "could may might must".split()
)
#: "isn't", "they're", "we've", "it's": a verb inside the word.
_CONTRACTED_VERB: Final = re.compile(
    r"n't$|'(?:re|ve|ll|m|d)$|^(?:it|that|he|she|there|here|what|who|where)'s$"
)
_TYPED_FAST: Final = re.compile(TYPED_FAST)
#: A word after these is a verb: "..., they sold out", "..., who starts Monday".
_VERB_AFTER: Final = frozenset("i we you they he she who which".split())


def _has_an_object(words: list[str], index: int) -> bool:
    """A form of "do" with an object is the verb itself: "he also does a raffle stall"."""
    following = words[index + 1] if index + 1 < len(words) else ""
    return words[index] in ("do", "does", "did") and following in _OBJECT_OPENERS


_OBJECT_OPENERS: Final = frozenset("the a an my our his her their its this that it them".split())


#: A clause this long with a subject and a verb states something on its own.
MIN_CLAUSE_WORDS: Final = 4
#: Finite forms too common as auxiliaries or nouns to mark a predicate on their own.
_NOT_PREDICATES: Final = frozenset("'s do does did".split())


def _held_by(thing: Entity, text: str) -> bool:
    """What is on at a place is the thing at hand's: a project's or event's, or a body's own.

    A body's own is the user's organisation's ("Our club sent the fixtures. The AGM is at
    Meadow Park") or one its clause calls theirs ("Their staff party is at ..."); a firm
    that only sent word holds nothing ("X Travel sent the plan. The gala is at Y": Y's).
    """
    return an_undertaking(thing) or thing.users_own or _THEIRS.match(text) is not None


#: A clause about what belongs to the body just named: "their staff party", "its AGM".
_THEIRS: Final = re.compile(r"^\W*(?:(?:and|but|so)\W+)?(?:their|its)\b", re.IGNORECASE)


def _the_thing_said(refs: list[Reference], text: str, salience: Salience) -> Reference | None:
    """The clause's "it" for the thing at hand, saying where it is held; else None.

    "Planning the Autumn Ceilidh. It's at the Boat House on Saturday": the ceilidh's, as the
    "it" right after it names it, and the clause says where it is. Not a dummy "it" ("It's
    quiet at the Boat House", "It's Friday at ..."), a cleft ("It's at the Roundhouse that
    we first played"), nor an "it" after someone else was named ("Sol's fiddle is being
    repaired. It's at the Guildhall workshop").
    """
    if salience.latest != salience.thing or not _HELD_AT.match(text) or _CLEFT.search(text):
        return None
    return next((ref for ref in refs if ref.entity == salience.thing), None)


#: "It's at ...", "they're on at ...", "it is held in ...": where the thing at hand is held.
_HELD_AT: Final = re.compile(
    r"^\W*(?:(?:and|but|so)\W+)?(?:it|they)(?:['’]s|['’]re|['’]ll be|\s+(?:is|are|was|were|"
    r"will be))?(?:\s+(?:held|on|happening|taking place|running))?\s+(?:at|in)\b",
    re.IGNORECASE,
)
#: "It's at the Roundhouse that we ...": a cleft, whose news is what follows "that".
_CLEFT: Final = re.compile(r"\bthat\b", re.IGNORECASE)


def _thing_as_subject(
    refs: list[Reference], chosen: Reference | None, text: str, latest: Entity | None
) -> Reference | None:
    """The body just named, as the subject "they", over a person's object pronoun.

    "Tiverlow Lodge phoned. They can take him on Fridays": the lodge's news, not
    his. An "it" is as often no referent at all ("It was lovely to see him dancing").
    """
    if chosen is None or chosen.explicit or not chosen.entity.is_person or not refs:
        return None
    first = refs[0]
    if first.explicit or first.entity.is_person or first.entity != latest:
        return None
    opening = _THING_FIRST.match(text)
    return first if opening is not None and opening.end() == first.end else None


#: A clause whose subject is "they": "They can take him ...", "and they want ...".
_THING_FIRST = re.compile(rf"^\W*(?:(?:and|but|so)\W+)?{THEY}\b", re.IGNORECASE)


def _newcomer(
    refs: list[Reference], fresh: set[str], text: str, chosen: Reference | None
) -> Reference | None:
    """A person this clause introduces as someone new: what it says is theirs.

    "Alice found us a helper, Wenna Thorsby, retired joiner", "we've hired a
    tutor, Omar Vell, £30 an hour": a note-taker files a newcomer's description under the
    newcomer, not under whoever found them. Only a person named for the first time after
    an indefinite ("someone", "a tutor", "another chef", "a Wenna Thorsby who ...") counts
    ("her partner Jun-seo Brack" or "my architect friend Layla" is said of the one they
    belong to), and only when the name is described or the clause has no one named for its
    subject: "Alice sold her car to a colleague, Femi Varlow, for £3,000" is Alice's. A
    clause whose subject is left out is the newcomer's too ("... and called in a
    plumber, Sam Orme, for Thursday"). So is a relative or a colleague named as the subject
    of a question the clause asks ("she wondered if her cousin Tamsk Oswy could cover").
    """
    named_subject = chosen is not None and chosen.explicit and subject(chosen, text)
    for ref in refs:
        if not (ref.explicit and ref.entity.is_person and ref.entity.slug in fresh):
            continue
        if _their_own_clause(text, ref, named_subject=named_subject):
            return ref
        if _SOMEONES_OWN_BEFORE.search(text, 0, ref.start) and _a_verb_after(text, ref.end):
            return ref  # "she wondered if her cousin Tamsk Oswy could cover": the cousin's
        if _SOMEONE_NEW.search(text, 0, ref.start) is None:
            continue
        if not named_subject or _DESCRIBED_AFTER.match(text, ref.end):
            return ref
    return None


def _their_own_clause(text: str, ref: Reference, *, named_subject: bool) -> bool:
    """The newcomer is the one the clause speaks of, whoever it names before them.

    They are asked to do it ("Hesketh asked Odile Brannagh to shadow him"); or, when nobody is
    named as the clause's subject, the clause ends by saying who someone is ("the new
    bookkeeper is Ines Varga", "met their account manager today, Sorcha Delane"), unless it asks
    whether or gives a view ("she asked if the new scheduler is Tobi Ekwueme", "she thinks the
    best choice is Tobi Ekwueme").
    """
    if ref.start == 0:
        return False
    after = text[ref.end :]
    if _asked_to_do(text, ref):
        return True
    if named_subject or _WHETHER_OR_VIEW.search(text, 0, ref.start) is not None:
        return False
    if after.strip(" .!,;"):
        return False
    said = _SAID_WHO.search(text, 0, ref.start)
    return said is not None and (said.group("noun") is None or said.group("noun").islower())


def _asked_to_do(text: str, ref: Reference) -> bool:
    """Someone asks, tells, invites or gets the newcomer to do something.

    "to" and a verb follow the name, or a few words about them first ("Dr Imre Vass from the
    maths dept to run a session"), none of which opens another clause ("told Odile Brannagh she
    is moving to Leeds" tells Odile of the speaker's move).
    """
    asked = _ASKED.search(text, 0, ref.start)
    if asked is None:
        return False
    title = (asked.group("title") or "").rstrip(".").casefold()
    if title and title not in HONORIFICS:
        return False  # "asked whether Odile Brannagh would come" asks them nothing
    then = _THEN_TO_DO.match(text, ref.end)
    return then is not None and _CLAUSE_WORD.search(then.group("about") or "") is None


#: The asking, telling or getting, right before the newcomer's name (and a title).
_ASKED: Final = re.compile(
    r"\b(?:ask|asked|asks|asking|tell|told|tells|get|got|invite|invited)\s+"
    r"(?:(?P<title>[a-z]+\.?)\s+)?$",
    re.IGNORECASE,
)
#: What they are to do, or where they are asked to, after a few words about them: "... from
#: the maths dept to run", "invited Odile Brannagh to her book launch".
_THEN_TO_DO: Final = re.compile(r"(?P<about>(?:\s+[\w'’-]+){0,4}?)\s+to\s+[a-z]+\b")
#: Words that open a clause of their own among those about the newcomer.
_CLAUSE_WORD: Final = re.compile(
    r"\b(?:i|you|he|she|we|they|it|that|about|if|whether|is|was|are|were)\b", re.IGNORECASE
)
#: A question, a condition or a view the newcomer's clause is part of.
_WHETHER_OR_VIEW: Final = re.compile(
    r"\b(?:if|whether|unless|thinks?|thought|reckons?|believes?|feels?|guess|hopes?|says|said)\b",
    re.IGNORECASE,
)
#: Who someone is, said at the clause's end: "... is ", or a comma after a word.
_SAID_WHO: Final = re.compile(rf"(?:\b(?:is|was)\s+|\b(?P<noun>[{LETTER}]+)\s*,\s*)$")


#: A description right after a newcomer's name: a role, a workplace, where they live.
_DESCRIBED_AFTER = re.compile(
    r"(?:\s*,\s*(?:[\w'’-]+\s+){0,3}?(?:retired|former|ex-\w+|lives|works|based|who)\b"
    rf"|\s+who\b|\s+(?:at|from)\s+[{UPPER}])",
    re.IGNORECASE,
)


#: Someone's relation or colleague as the subject of a question asked, right before a name:
#: "if her flatmate ", "whether his boss ".
_SOMEONES_OWN_BEFORE: Final = re.compile(
    r"\b(?:if|whether)\s+(?:his|her|their|[\w-]+['’]s)\s+(?:[a-z-]+\s+){1,2}$",
    re.IGNORECASE,
)


def _a_verb_after(text: str, end: int) -> bool:
    """A finite verb or a modal right after a name, the name its subject: "could cover"."""
    word = next_word(text, end)
    return word in MODALS_AND_BE or bool({"VBZ", "VBD"} & inflections(word))


#: An indefinite that introduces the name after it: "someone, ", "a new tutor, ", "another
#: chef, ", "a woman called ", "a woman from the choir, ", or "a " itself ("a Bertil Vangsnes").
_SOMEONE_NEW = re.compile(
    r"\b(?:(?:someone|somebody|(?:a|an|another)(?:\s+[\w'’-]+){1,4}?)"
    r"(?:\s*,|\s+(?:called|named)|\s*:|\s+[-–—])|an?\s)\s*$",
    re.IGNORECASE,
)


def _record(
    group: _Group,
    facts: list[_Fact],
    topic: Entity | None,
    own: Entity | None = None,
    body: Entity | None = None,
    *,
    together: bool = False,
    earlier: list[_Fact] | None = None,
    undertaking: Entity | None = None,
) -> bool:
    """Keep the clauses as a fact when they carry information; apply a correction.

    A correction replaces the latest fact stating its old value in ``facts``, the segment's,
    or else in ``earlier``, the conversation's before it ("this morning", "last week"): a
    fact stored already stays stored, but the correction is about what it was about.

    A "we" or "our" that names nobody else is the organisation the user belongs to, ``own``
    ("we've booked the hall" in the notes of the user's choir); the caller passes none
    when a project or another organisation is at hand ("ferrule launch: we're skipping the
    flyers"). True when a correction
    restated the fact it replaced with the value stated after it.
    """
    text, ref, refs = group.text, group.ref, group.refs
    entity = ref.entity if ref is not None else None
    title = ref.new_title if ref is not None else None
    text, replaced, restated = _corrected(group, facts, earlier or [])
    if restated:
        return True  # "not Lisbon, it's Porto": the fact, now in Porto
    corrects = replaced is not None and (ref is None or not ref.explicit)
    if replaced is not None and corrects:
        entity, title = replaced.entity, replaced.title
    kind = _cue(text)
    if kind is None and not (group.inherited or group.grounds or _informative(text, refs)):
        if topic is None or topic.is_person or not _said_of_the_topic(text):
            return False
    if corrects:
        pass  # about what the fact it corrects was about, the user's own too
    elif _the_users_say(text, ref) or _told_of_the_user(group, refs) or _alongside(text, refs):
        entity, title = None, None  # "the band elected me treasurer": no topic's either
    elif entity is None and body is not None and not refs and _MEMBERSHIP.match(text):
        entity = body  # "annual subs rise to £40 in april": the club's, whatever is at hand
        # (named or not, unless the clause names another body; see _another_body)
    elif entity is None and own is not None and not refs and _WE.match(text):
        entity = own  # "we've booked the hall for the spring show": the choir
    elif entity is None and kind in _ABOUT_THE_TOPIC and opens_with_the_user(text):
        # "we went with the oak": a decision on the topic at hand; "I'll choose the paint":
        # the user's share of the project at hand, or of their own club's work; "I'll pay
        # for the hire myself", said after a caterer's quote, is the user's own
        if topic is not None and not topic.is_person and _shares_in(topic, text):
            entity = topic
        elif undertaking is not None and _WE.match(text) is None and not _own_affair(text):
            # "I'm doing the flyers", said after the caterers the fete can't use: the
            # user's share of the plan at hand, whatever was named since
            entity = undertaking
    elif entity is None and not together and _the_users_own_doing(text, refs, topic):
        pass  # "Morag asked me along. We sail on 3 June": the user's, not Morag's
    elif entity is None and not _about_the_user(text, refs) and not _PRONOUN_FIRST.match(text):
        entity = _at_hand(topic, undertaking, text)  # "usage-based beat seat pricing by 18%"
        if own is not None and (topic is None or topic.slug == own.slug) and not refs:
            entity = own  # "AGM notes: subs up to £30", nothing else named: the choir
    facts.append(_Fact(text, entity, kind or "fact", title))
    return False


def _told_to(text: str, refs: list[Reference]) -> Reference | None:
    """The person told or asked to do a thing, its subject left out: their job to do.

    "... and told mirela to re-pot the ferns by friday" is Mirela's to do.
    """
    found = _TOLD.match(text)
    if found is None:
        return None
    return next(
        (
            ref
            for ref in refs
            if ref.explicit
            and ref.entity.is_person
            and ref.start == found.end()
            and _TO_DO.match(text, ref.end)
        ),
        None,
    )


#: A subject left out, then a verb of telling someone to do something.
_TOLD = re.compile(r"\W*(?:(?:and|but|so|then)\s+)?(?:told|asked|got|reminded)\s+", re.IGNORECASE)
#: "to" and the deed after the person told.
_TO_DO = re.compile(r"\s+to\s+[a-z]", re.IGNORECASE)


def _said_of_the_topic(text: str) -> bool:
    """A whole clause with a verb, and no verdict: about the topic at hand, naming nothing.

    What happened while a topic is at hand ("the gate was left unlocked", "we've agreed two
    coats") is about it. A verdict on the day ("the weather was lovely", "the coffee was
    really strong") is small talk: a form of "be" followed only by words that describe.
    """
    if _words(text) <= MIN_FACT_WORDS or not _full_clause(text):
        return False
    words = [fold(word.strip(".,;:!?")) for word in text.split()]
    if not any(_a_verb_for_sure(word) for word in words[1:]):
        return False  # "back to the garden plans", "milk, eggs, bread": no verb but a noun's
    for index, word in enumerate(words):
        if word in _BE_FORMS:
            return not _a_verdict([w for w in words[index + 1 :] if w])
    return True


def _a_verdict(said: list[str]) -> bool:
    """What follows "be" judges: "so tasty at the dinner", "a total rip-off", "harder".

    Its first word after any that only strengthens describes, or it is "such" or a phrase
    of scorn.
    """
    rest = said
    while rest and (rest[0] in _STRENGTHENERS or sense(rest[0]).readings == {"ADV"}):
        rest = rest[1:]  # "so", "really", "surprisingly", "painfully"
    if not rest or rest[0] == "such" or " ".join(rest[:2]) in _SCORN:
        return True
    if rest[0] in _NOUN_PHRASE_OPENERS or rest[0][:1].isdigit():
        return False  # "to be a tour manager": a noun phrase, no verdict
    if all(_describes(word) for word in rest):
        return True  # "everywhere, even upstairs"
    meaning = sense(rest[0])
    return "ADJ" in meaning.readings and "VBN" not in inflections(rest[0])


#: Words that only strengthen the verdict after them ("so", "really", "a bit").
_STRENGTHENERS: Final = frozenset(
    "so really very too quite pretty super absolutely totally just bit a little way".split()
)
#: A noun phrase that only judges ("a total rip-off", "an absolute nightmare").
_SCORN: Final = frozenset(
    "a total|a complete|an absolute|a real|a right|an utter|a proper|a nightmare".split("|")
)


def _a_verb_for_sure(word: str) -> bool:
    """A verb no noun shares ("agreed", "needs"), or one bound to its subject ("site's")."""
    if _CONTRACTED_IS.search(word) or re.search(r"['’](?:ve|re|ll|d)$", word):
        return True
    meaning = sense(word)
    return finite(word) and not meaning.noun and not meaning.function or word in _FINITE_BE


#: Words that open a noun phrase after "be": what someone or something is, not how it was.
_NOUN_PHRASE_OPENERS: Final = frozenset(
    "a an the my our his her their its this that these those".split()
)
#: The forms of "be" a subject takes.
_FINITE_BE: Final = frozenset("is was are were".split())
#: The forms of "be" that join a subject to a verdict on it.
_BE_FORMS: Final = frozenset("is was are were be been it's that's".split())


def _describes(word: str) -> bool:
    """An adjective, an adverb, or chat's filler ("lovely", "so", "really", "tbh")."""
    meaning = sense(word)
    return "ADJ" in meaning.readings or meaning.readings <= {"ADV"} or meaning.function


def _at_hand(topic: Entity | None, undertaking: Entity | None, text: str) -> Entity | None:
    """What a clause naming nothing is about: the topic, or the plan it was named for.

    "Moorland quoted £520 for the minibus. pickup is 8.15 at the gates": the trip's. A firm,
    place or person named for a plan at hand is no topic of its own, unless the clause's
    subject is a word its title or summary says ("The Grand Hall is the venue. the hall
    holds 300": the hall's).
    """
    if topic is None or undertaking is None or an_undertaking(topic):
        return topic
    return topic if _its_own_subject(topic, text) else undertaking


def _its_own_subject(entity: Entity, text: str) -> bool:
    """The clause opens with "the" and a noun its title or summary says ("the hall")."""
    found = _THE_SUBJECT.match(text)
    if found is None:
        return False
    said = {fold(word) for word in re.findall(r"[\w'’-]+", f"{entity.title} {entity.about}")}
    return not said.isdisjoint(fold(word) for word in found.group("words").split())


#: "the" and the two words after it (a noun, or a word that describes and its noun).
_THE_SUBJECT = re.compile(r"\W*the\s+(?P<words>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?)", re.I)


def _a_verb_of_the_pair(word: str, following: str = "") -> bool:
    """The word after two names that makes them its subject: "both", "are", "passed".

    A verb that is a noun as well is theirs when an object follows it: "Ines and Tomas
    sew the covers", "... get £150 each".
    """
    word = word.replace("’", "'")
    if word in _PAIR_WORDS or word.startswith(("'re", "'ve", "'ll", "'d")):
        return True
    if finite(word) and not sense(word).noun:
        return True
    opens = following[:1] in tuple("£$€0123456789") or fold(following) in OBJECT_OPENERS
    return opens and "VBP" in inflections(word)  # the plural's present, then its object


#: What opens a clause before its subject: nothing, a comma, or a word that links it on.
def _an_agent(entity: Entity, first: Entity | None) -> bool:
    """A person listed with people, or a firm with firms: each a subject of its own."""
    if entity.is_person:
        return first is None or first.is_person
    firm = is_organisation(entity.page_type, entity.slug)
    return firm and (first is None or is_organisation(first.page_type, first.slug))


_PAIR_OPENS = re.compile(
    r"(?:^|[,:;]|^\W*(?:so|and|also|but|oh|plus|then|ok|okay|btw|now|anyway))\W*(?:both\s+)?$",
    re.IGNORECASE,
)
_PAIR_JOINT = re.compile(r",?\s+(?:and|&)\s+", re.IGNORECASE)
_LIST_COMMA = re.compile(r",\s+")
_PAIR_WORDS: Final = frozenset(
    "both all are were have had will would can could should must do did don't didn't "
    "can't won't aren't weren't haven't".split()
)


def _told_of_the_user(group: _Group, refs: list[Reference]) -> bool:
    """News of the user told by someone ("the band elected me treasurer").

    Or a clause going on with it that leaves its subject out ("... and made me their
    librarian").
    """
    if group.inherited:
        return placed_the_user(group.text)
    return the_users_news(refs, group.text)


def _alongside(text: str, refs: list[Reference]) -> bool:
    """The user's own doing, with someone alongside: "I'm on the early shift with Grace".

    The clause opens with "I" and names no one but people it puts beside the user ("with
    my neighbour Priya", "near Nell"): what it says is the user's, as a note of the
    user's week keeps it. Not a deed the user will do with them ("I'll go over the rota
    with Nell"), which is theirs as much; "I'll be on holiday with Nell" and "I'm going to
    the gym with Nell" stay the user's.
    """
    named = [ref for ref in refs if ref.explicit]
    return (
        bool(named)
        and _I_OPENS.match(text) is not None
        and not _a_deed_to_come(text)
        and all(ref.entity.is_person and _BESIDE.search(text, 0, ref.start) for ref in named)
    )


def _a_deed_to_come(text: str) -> bool:
    """The clause opens with what the user will do: "I'll sort it", "I'm going to check".

    A bare verb after "will" or "going to", not "be": "I'll be away" and "I'm going to the
    gym" say where the user will be.
    """
    found = _I_WILL.match(text)
    if found is None:
        return False
    verb = _WORD_AFTER.match(text, found.end())
    if verb is None or verb.group(1).casefold() in ("be", "the", "a", "an"):
        return False
    forms = inflections(verb.group(1).casefold())
    return bool({"VB", "VBP"} & forms)


#: The word after a match: "sort" of "I'll sort it".
_WORD_AFTER: Final = re.compile(r"\s+([A-Za-z'’]+)")


#: A clause whose subject is the user alone: "I'm ...", "and I've ...".
_I_OPENS: Final = re.compile(
    rf"^\W*(?:(?:and|but|so|then|also|oh)\W+)*i(?:{_APOS}(?:m|ve|ll|d))?\b", _FLAGS
)
#: A clause opening with what the user will do: "I'll sort it with Tamsin", "I'm going to".
_I_WILL: Final = re.compile(
    rf"^\W*(?:(?:and|but|so|then|also|oh)\W+)*i(?:{_APOS}ll|\s+will|{_APOS}m\s+going\s+to)\b",
    _FLAGS,
)
#: "with", "near" or "beside" right before a name, a relation's word between: "with my
#: neighbour ".
_BESIDE: Final = re.compile(
    r"\b(?:with|near|beside|alongside)\s+(?:(?:my|our)\s+(?:[\w'’-]+\s+){0,2})?$",
    re.IGNORECASE,
)


def _the_users_say(text: str, ref: Reference | None) -> bool:
    """The clause is the user's own say, whoever it names.

    What they like or would rather ("I'd rather stay there", "I prefer to pay Odile by
    cheque"), or their news after a lead-in whose "it" is no one ("it's private: I'm
    giving up the Thursday rota").
    """
    if _USERS_LIKING.search(text) is not None:
        return True
    return ref is not None and not ref.explicit and _LEAD_IN.match(text) is not None


def _the_users_own_doing(text: str, refs: list[Reference], topic: Entity | None) -> bool:
    """The user ("I", "we") does something, nobody named, just after a person was.

    A person at hand is no undertaking the user's doings pile up on, as a project is.
    """
    return topic is not None and topic.is_person and not refs and opens_with_the_user(text)


def _own_affair(text: str) -> bool:
    """The user's own affair, no share of a plan: a new thing, a visit, a change of topic.

    "I'm doing a pottery course in May", "I'm off to the optician", "Anyway, I'm
    ...": not "I'm doing the flyers", which the plan at hand has.
    """
    if _TOPIC_CHANGE.match(text) or _GOING.search(text):
        return True
    # "I'll build a small shelf for it": a new thing, for the plan at hand
    return bool(_A_NEW_THING.search(text)) and _FOR_IT.search(text) is None


#: Words that leave the topic at hand: "anyway", "btw", "on another note".
_TOPIC_CHANGE = re.compile(
    r"^\W*(?:anyway|btw|by the way|unrelated|different (?:topic|thing)|on another note|"
    r"in other news|separately|totally separate)\b",
    re.IGNORECASE,
)
#: The user doing or having a thing of their own, new to the talk: "I'm doing a pottery course".
_A_NEW_THING = re.compile(
    rf"\bi(?:{_APOS}m| am|{_APOS}ll| will|{_APOS}ve|{_APOS}d)?\s+(?:\w+\s+){{1,2}}?(?:a|an)\s",
    re.IGNORECASE,
)
#: A thing done for what is at hand: "for it", "for them".
_FOR_IT = re.compile(r"\bfor (?:it|them)\b", re.IGNORECASE)
#: Going somewhere of one's own: "I'm off to the optician", "going to my mum's".
_GOING = re.compile(r"\b(?:going|off|heading)\s+(?:to|into)\s+(?:the|a|an|my)\b", re.IGNORECASE)


def _shares_in(topic: Entity, text: str) -> bool:
    """What the user undertakes is the topic's: a project's, their own body's, or "we" do it."""
    return _WE.match(text) is not None or an_undertaking(topic) or topic.users_own


#: A clause whose subject is "we" or "our ...": the user and the people they belong with.
#: What only a body one belongs to has, opening a clause: "annual subs rise to £40 in april".
_MEMBERSHIP = re.compile(
    r"^\W*(?:(?:and|but|so|also|then|oh)\W+)?(?:(?:the|our|club|annual|yearly)\s+)?"
    r"(?:subs|membership|memberships|members|dues|committee|agm)\b"
    r"(?!\s+(?:came|come|off|bench)\b)"  # "subs came on", "the subs bench"
    # "members of the public", "membership with the AA", "dues to the HOA", "subs at work";
    # not "subs to be paid by friday", "membership in April"
    r"(?!\s+(?:of|at|for|from|with|to|in|on)\s+(?:the|a|an|my|our|his|her|their|your|work|"
    rf"(?-i:[{UPPER}])))",
    re.IGNORECASE,
)


def _another_body(text: str, own: Entity) -> bool:
    """The clause names a body of some kind other than the user's own: a club, a shop, a trust.

    "dues are £60 for the tennis club", "members get 10% off at the garden centre",
    "membership renews in may, the National Trust one": subs and members of another body
    than the user's own, which the conversation has not named yet; "members' night at the
    club" is the user's, when their organisation is a club.
    """
    its_own = {own.body, *fold(own.title).split()}  # "the club", of Tarn Rowing Club
    written = [word.strip(".,;:!?()'’>*-") for word in text.split()]
    written = [word for word in written if word[:1].isalpha()]
    for before, word in zip(written, written[1:], strict=False):
        if before.casefold() in _PLACED and word[:1].isupper() and not word.isupper():
            if fold(word) not in its_own and not is_calendar_word(fold(word)):
                return True  # "members get 20% off at Sparrowmart"
    words = [word.casefold() for word in written]
    for at, word in enumerate(words):
        if word not in _BODIES and word not in ORG_WORDS:
            continue
        if word not in its_own:
            return True
        before = words[at - 1] if at else ""
        if before and before not in its_own and before not in _OWNING:
            return True  # "the tennis club": another club than the user's
    return False


#: Prepositions before a body's name: "off at Sparrowmart", "a card from Costco".
_PLACED: Final = frozenset("at from with for".split())
#: Words before the user's own body's word that leave it theirs: "the club", "our club".
_OWNING: Final = frozenset("the our my this at to".split())


#: Words for a body one can be a member of, besides the trades of firms (ORG_WORDS).
_BODIES: Final = frozenset(
    "club clubs gym gyms centre center trust league association union society federation "
    "guild council".split()
)


def _with_the_user(text: str, offset: int, ref: Reference) -> bool:
    """A person named together with the user: "Perpetua and I", "me and Tobin", "with Odran"."""
    if not ref.explicit or not ref.entity.is_person:
        return False
    start, end = offset + ref.start, offset + ref.end
    return bool(_AND_THE_USER.match(text, end) or _THE_USER_AND.search(text, 0, start))


#: The user after a person: "Perpetua and I went shopping".
_AND_THE_USER: Final = re.compile(r"\s+and\s+(?:i|me|myself)\b", re.IGNORECASE)
#: The user, or "with", before a person: "me and Tobin", "I'm driving up with Tobin".
_THE_USER_AND: Final = re.compile(r"\b(?:(?:i|me)\s+and|with)\s+$", re.IGNORECASE)
#: The user's own liking, the clause's news: "I prefer ...", "frankly I'd rather ...".
_USERS_LIKING: Final = re.compile(
    rf"^\W*(?:(?:and|but|so|also|honestly|personally|remind me(?: that)?|for the record)\W+)*"
    rf"i(?:{_APOS}d| would)?\s+(?:(?:much|really|honestly|far|still)\s+)?"
    r"(?:rather|prefer|hate|love|like|can['’]t stand)\b(?!\s+(?:that|how)\b)",
    _FLAGS,
)
_WE = re.compile(rf"^\W*(?:(?:and|but|so|also|then)\W+)?(?:we\b|we{_APOS}|our\b)", _FLAGS)


def _corrected(
    group: _Group, facts: list[_Fact], earlier: list[_Fact]
) -> tuple[str, _Fact | None, bool]:
    """The clause's text corrected, the fact it replaced, and whether that fact was restated.

    A fact is restated with its new value when the clause says nothing else ("not Lisbon,
    it's Porto"). The fact is looked for in the segment's ``facts``, then in ``earlier``, the
    talk before, unless the user contrasts what they do with what was ("I'm paying £250 this
    year, not £200") and owns to no slip ("I got that wrong", "correction").
    """
    text, ref, refs = group.text, group.ref, group.refs
    fixed = correction(text) or _withdrawn_alone(text, group.sentence[group.end :])
    if fixed is None:  # "the van's actually £415": what the van was about
        return text, _what_it_corrects(text, [*earlier, *facts]), False
    about = ref.entity if ref is not None and ref.explicit else None
    said = group.sentence.replace(fixed.old, " ")
    replaced = _supersede(facts, fixed.old, about, said)
    if replaced is None and (_OWNED_SLIP.search(group.sentence) or not opens_with_the_user(text)):
        replaced = _supersede(earlier, fixed.old, about, said)  # "the refund ... on Monday"
    if replaced is not None or starts_as_correction(text):
        text = fixed.text
    # else a contrast that corrects nothing said before: "written updates, not standing
    # meetings" states both sides
    value = bare_value(fixed.text) if replaced is not None else None
    if replaced is not None and value is not None:
        # "open day is the 3rd of June. sorry, not the 3rd, the 10th": the 10th of June
        restated = substituted(replaced.text, value, _stating(fixed.old))
        if restated is not None:
            facts.append(_Fact(restated, replaced.entity, replaced.kind, replaced.title))
            return text, replaced, True
    if replaced is not None and not _informative(text, refs):
        restated = _with_new_value(replaced.text, fixed.old, group.sentence[group.end :])
        if restated is not None:
            facts.append(_Fact(restated, replaced.entity, replaced.kind, replaced.title))
            return text, replaced, True
    return text, replaced, False


#: Words owning to a slip, which a correction reaching back to an earlier talk says.
_OWNED_SLIP = re.compile(
    r"\b(?:wrong|correction|correct(?:ing)?|mistake|misread|misheard|mixed up|typo|"
    r"i meant|actually|sorry|scratch that|should have said|my bad)\b",
    re.IGNORECASE,
)


def _what_it_corrects(text: str, facts: list[_Fact]) -> _Fact | None:
    """The latest fact about something that a correction naming no old value restates.

    "Correction: fête week's actually the 3rd to the 8th" restates what "Fête week for
    Pellingham is 2 to 7 June" said: the words before "actually" name what is
    corrected, a value follows it, and the latest fact holding those words as written is
    the one, whoever's it was (the user's own "my hire car" too). A word said of anything
    ("the time's actually 7pm") names no one fact.
    """
    said = _ACTUALLY_IS.match(text)
    if said is None:
        return None
    what = said.group("what").casefold()
    words = what.split()
    if not words or all(word in _FUNCTION_SUBJECTS for word in words):
        return None  # "it's actually £415": what "it" was is the pronoun's to say
    if len(words) == 1 and sense(words[0]).zipf >= _SAID_OF_ANYTHING_ZIPF:
        return None
    written = re.compile(
        rf"(?<![\w-]){re.escape(what)}(?![\w-])(?:['’]s)?\s*(?P<next>[\w-]*)", re.I
    )
    for fact in reversed(facts):
        found = written.search(fact.text)
        # "kick-off boots" is boots: the words before another noun only describe it
        if found is not None and not _a_noun_after(found.group("next")):
            return fact
    return None


def _a_noun_after(word: str) -> bool:
    """A noun, as the head of a compound is ("boots"; not "is" or "for")."""
    meaning = sense(word.casefold())
    noun = meaning.noun or meaning.plural_noun or bool(meaning.noun_lemmas)
    return noun and not meaning.function


#: A noun this common ("time", "day", "place") is said of too many things to name one fact.
_SAID_OF_ANYTHING_ZIPF: Final = 5.5


#: A subject, then "is actually": "fête week's actually", "the van is actually", after
#: any correction marker ("Correction:", "Small change from yesterday,").
_ACTUALLY_IS = re.compile(
    r"^\W*(?:[\w\s']*?(?:correction|change|mistake|wrong|sorry|oops)\b[^,:;!?]*[,:;!-]+\s*)?"
    r"(?:(?:and|but|so|oh|also)\s+)?(?:the\s+|our\s+|my\s+)?"
    r"(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?:['’]s|\s+(?:is|are|was|were))\s+actually\b"
    # a value follows: a figure, a day or a month ("actually £415", "actually due Saturday")
    r"(?=[^.;!?]{0,20}?(?:\d|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day|\b(?:jan|feb|mar|apr|"
    r"may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b))",
    re.IGNORECASE,
)
#: Subjects that name nothing themselves.
_FUNCTION_SUBJECTS: Final = frozenset("it that this they there he she we i what".split())


def _withdrawn_alone(text: str, after: str) -> Correction | None:
    """A clause that only withdraws a value, the new one stated next: "not Lisbon, it's Porto"."""
    withdrawn = _NOT_VALUE.match(text)
    if withdrawn is None or _NEW_VALUE.match(after.lstrip(" ,;:-–—")) is None:
        return None
    return Correction(text="", old=withdrawn.group("old"))


#: "not Lisbon": a value withdrawn on its own.
_NOT_VALUE = re.compile(r"^\W*not\s+(?:the\s+|a\s+|an\s+)?(?P<old>[^,.;!?]+?)\W*$", _FLAGS)


def _with_new_value(fact: str, old: str, after: str) -> str | None:
    """The superseded fact with the value stated after the correction in place of ``old``.

    "not Lisbon, it's St. Ives now" restates "... in Lisbon" as "... in St. Ives"; a
    preposition both sides share is not doubled ("at 2pm" -> "at 3pm").
    """
    stated = _NEW_VALUE.match(after.lstrip(" ,;:-–—"))
    if stated is None:
        return None
    value = _TRAILING.sub("", _VALUE_END.split(stated.group("value"), maxsplit=1)[0]).strip()
    if not value:
        return None
    pattern = re.compile(rf"(?<!\w)(?P<lead>{_LEADS}\s+)?{re.escape(old)}(?!\w)", re.IGNORECASE)
    found = pattern.search(fact)
    if found is None:
        return None
    lead = found.group("lead") or ""
    if lead and value.casefold().startswith(lead.casefold()):
        value = value[len(lead) :]
    return fact[: found.start()] + lead + value + fact[found.end() :]


#: Where a stated value ends: a clause break, or a full stop that ends a sentence (not the
#: one of an abbreviation: "St. Ives").
_VALUE_END = re.compile(r"\s*[,;!?]|(?<!\b[A-Z][a-z])\.(?=\s|$)")
#: Prepositions a value is given with ("at 3pm", "in Porto").
_LEADS = r"(?:at|on|in|to|by|for)"
#: Words after a value that are no part of it ("it's Porto now", "it's Porto actually").
_TRAILING = re.compile(r"\s+(?:now|actually|instead|then|though|apparently)$", re.IGNORECASE)


def _supersede(facts: list[_Fact], old: str, entity: Entity | None, said: str = "") -> _Fact | None:
    """Drop the latest fact stating ``old`` (about ``entity``, when given); return it.

    Of the facts stating it, one sharing a word with what the correction ``said`` comes
    first: "I got Leon's goals wrong, it was 14, not 12" corrects "Leon scored 12 goals",
    not a later "Gaz has managed for 12 years".
    """
    pattern = _stating(old)
    stating = [
        index
        for index in range(len(facts) - 1, -1, -1)
        if pattern.search(facts[index].text)
        and (entity is None or getattr(facts[index].entity, "slug", None) == entity.slug)
    ]
    hints = _content_words(said)
    shared = [index for index in stating if hints & _content_words(facts[index].text)]
    chosen = (shared or stating)[:1]
    return facts.pop(chosen[0]) if chosen else None


def _content_words(text: str) -> set[str]:
    """The words of ``text`` that say what it is about: no small word, figure or slip."""
    words = {word.casefold() for word in re.findall(rf"[{LETTER}][\w-]{{3,}}", text)}
    meanings = {word: sense(word) for word in words if not _OWNED_SLIP.fullmatch(word)}
    return {
        word.removesuffix("'s")
        for word, meaning in meanings.items()
        if not meaning.function and meaning.zipf < _SAID_OF_ANYTHING_ZIPF
    }


def _stating(old: str) -> re.Pattern[str]:
    """What states the old value: itself, or for a day of the month any way of writing it.

    "not the 20th" withdraws "by 20 February" and "on February 20" too; a figure that is no
    date ("20 volunteers", "£20", "20:30") is another value.
    """
    day = _DAY_OF_MONTH.fullmatch(old.strip())
    if day is None:
        return re.compile(rf"(?<!\w){re.escape(old)}(?!\w)", re.IGNORECASE)
    number = day.group(1)
    return re.compile(
        rf"(?<![\w£$€.,:/]){number}(?:st|nd|rd|th)(?!\w)"
        rf"|(?<![\w£$€.,:/]){number}\s+(?:of\s+)?{_MONTH}"
        rf"|\b{_MONTH}\s+(?:the\s+)?{number}(?:st|nd|rd|th)?(?![\w:])",
        re.IGNORECASE,
    )


#: A day of the month as an ordinal: "20th", "1st".
_DAY_OF_MONTH = re.compile(r"(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)", re.IGNORECASE)
_MONTH: Final = MONTH


def _someones_belief(text: str) -> bool:
    """A belief or a worry someone holds, said in the clause, not the user's own.

    "she's worried the pricing is off" is hers; in "she says Quarrow's hooves look better,
    tho i think it's the dry spell" the belief is the user's, and the clause is what she says.
    """
    if _cue(text) != "belief":
        return False
    return any(not _the_users_own(text, found) for found in _BELIEF.finditer(text))


def _the_users_own(text: str, belief: re.Match[str]) -> bool:
    """A belief the user holds: "i think", "i don't think", "we reckon", "in my view"."""
    if belief.group(0).casefold().startswith(("my ", "in my ")):
        return True
    window = text[max(0, belief.start() - _HOLDER_CHARS) : belief.start()]
    return _USERS_OWN.search(window) is not None


#: What holds a belief in the user's own words right before it: "i think", "im worried",
#: "i really don't think", "we reckon".
_USERS_OWN: Final = re.compile(
    r"\b(?:i|we|i['’]?m|i am|we['’]?re)\s+(?:[\w'’]+\s+){0,2}$", re.IGNORECASE
)
#: How far before a belief's word its holder may stand.
_HOLDER_CHARS: Final = 40


def _cue(text: str) -> FactKind | None:
    for kind, pattern in CUES:
        if pattern.search(text):
            return kind
    return None


def _informative(text: str, refs: list[Reference]) -> bool:
    """About something memory tracks: an entity, an amount or time, or the user's own state."""
    if _words(text) < MIN_FACT_WORDS:
        # "ivo accepted!!", "ottilie resigned": a page's outcome needs no more words
        return _an_outcome(text, refs)
    if bool(refs) or _QUANTITY.search(text) is not None or _SELF.search(text) is not None:
        return True
    return _something_happened(text)


def _an_outcome(text: str, refs: list[Reference]) -> bool:
    """A page named first, then the outcome it came to: "ivo accepted!!", "ottilie resigned".

    The page is the subject ("agreed, tamsin" is a reply, "cancelled tamsin" the user's
    deed), and the outcome is said outright ("tamsin won't." is no win).
    """
    first = refs[0] if refs else None
    if first is None or not first.explicit or text[: first.start].strip(_OPENING_MARKS):
        return False
    return _AN_OUTCOME.match(text, first.end) is not None


#: What may stand before a clause's first word: spaces and marks.
_OPENING_MARKS: Final = " \t\n.,;:!?-–—"
#: Outcomes a person or a body comes to, said in the past right after it: news however short.
_AN_OUTCOME = re.compile(
    r"\s+(?:(?:has|have|had|just|finally)\s+)?(?:accepted|declined|resigned|quit|retired|"
    r"refused|agreed|signed|passed|failed|won|lost|graduated|withdrew|cancell?ed|died|churned)"
    r"\b(?![’'])",
    re.IGNORECASE,
)


def _something_happened(text: str) -> bool:
    """A past event told in a clause of its own: "the van broke down on the bypass".

    A clause of words enough to say what happened to what, and where or when, with a content
    verb's past that is no noun and no plain form too ("put", "set"); not a reply or a
    thanks opening on "that", "ok" or "sorry" ("that really helped, thanks a lot mate"), a
    request or a question, nor what would have happened ("if it rained we would have ...").
    """
    words = [fold(word) for word in re.findall(r"[\w'’-]+", text)]
    if len(words) < _EVENT_WORDS or "?" in text or words[0] in _NO_EVENT_OPENS:
        return False
    if _NOT_SO.intersection(words):
        return False
    return any(_a_past_deed(word) for word in words)


def _a_past_deed(word: str) -> bool:
    forms = inflections(word)
    meaning = sense(word)
    return "VBD" in forms and not {"VB", "VBP"} & forms and not (meaning.noun or meaning.function)


#: Words a reply, a thanks, a request or the speaker's own aside opens with.
_NO_EVENT_OPENS: Final = frozenset(
    "that it this ok okay cool sorry thanks thank cheers yeah yes no lol haha could can would "
    "will please if i i'm im we you so".split()
)
#: Words that make a past form what would have happened, or might: no event.
_NOT_SO: Final = frozenset("if would could might unless".split())


#: Words a clause needs to tell an event: a subject, a verb, and what, where or when.
_EVENT_WORDS: Final = 6


def _words(text: str) -> int:
    """The clause's words, a name's contracted "is" among them: "Yevka's producing" is three.

    "'s" after a name or a noun is the verb before what only a predicate is: a form in
    "-ing" or of the past ("Yevka's producing", "Tom's gone"), or a word that describes
    ("Yevka's asleep", "Sam's away"). Before a noun ("Yevka's idea", "Sam's house") it is
    a possessive, and after a pronoun ("that's £412", "while she's away") it adds to the
    clause before, unless "he's" or "she's" opens the clause ("she's brilliant").
    """
    words = text.split()
    verbs = 0
    for word, after in zip(words, words[1:], strict=False):
        if _CONTRACTED_IS.search(word) and not sense(fold(word[:-2])).function:
            verbs += _predicate(fold(after.strip(".,!?;:")))
    if words and _HE_OR_SHE_IS.match(words[0]):
        verbs += 1  # "she's brilliant": a statement of its own about someone
    return len(words) + verbs


def _predicate(word: str) -> bool:
    """A word that is a predicate after "is" and no thing a possessive could own.

    A verb's form in "-ing" or of the past that is no noun ("producing", "gone"; not
    "wedding" or "shed"), or a word that only describes and stands alone ("away",
    "asleep"; not "pregnant", which a dictionary also lists as a noun, nor "new" or
    "latest", which leave their noun unsaid).
    """
    meaning = sense(word)
    if not meaning.readings:
        return word.endswith("ing")  # "vlogging": a verb chat coined
    if meaning.noun:
        return False
    if {"VBG", "VBN", "VBD"} & inflections(word):
        return True
    if "ADJ" not in meaning.readings:
        return word in _WHERE_ONE_IS  # "Sam's away"; not "Ben's probably", "Mia's too"
    return word not in _ATTRIBUTIVE and not word.endswith("est")


#: Adverbs that say where someone is: a state, as an adjective says one.
_WHERE_ONE_IS: Final = frozenset(
    "away abroad home here there back off out upstairs downstairs outside inside".split()
)
#: Adjectives that stand for a noun left unsaid ("Dad's new", "Bram's usual").
_ATTRIBUTIVE: Final = frozenset(
    "new old usual own favourite favorite main only former late next last first local".split()
)


#: "he's" or "she's" opening a clause: "he" or "she" and "is", two words.
_HE_OR_SHE_IS = re.compile(r"(?:he|she)['’]s$", re.IGNORECASE)
#: A word that ends in "'s": a possessive, or a contracted "is".
_CONTRACTED_IS = re.compile(r"\w['’]s$")
