"""The shape of what a user says: clauses, hedges, corrections and messages to relay.

The rules extractor reads a sentence as one or more clauses and asks of each:

* is it **hedged**? Speculation is not a fact: "maybe", "might", "perhaps", "not sure",
  "no idea", "a rumour", "could be nothing". A plain opinion ("I think the price is high")
  is no hedge: it is the user's belief.
* is it a **correction**? "Actually it's Thursday, not Wednesday": the fact keeps only the
  corrected value (the ", not ..." phrase goes) and the old value names what it replaces
  (the extractor keeps the contrast whole when it replaces nothing said before and opens
  with no correction marker).
  A contrast only counts after a comma ("X, not Y", "X rather than Y", "X instead of Y"), so
  an ordinary negation ("she is not coming") is left alone.
* is it a **self-repair**? "Widget Co has 30 staff. No, make that 34": a sentence that
  opens with an editing term withdraws what the sentence before it stated, and the repair
  keeps that statement's entity when it names none (:func:`repair`).
* is it a **message to relay**? "Can you tell Ravi I'm pausing the sessions?" is a question
  to the assistant that carries a fact about Ravi.

Clauses split at spaced dashes, semicolons, ", and"/", but", a comma before a subject pronoun
(its contraction typed without the apostrophe too, "shes", "theyre") or before a name no
dictionary has and its verb,
and "and"/"but" when a new subject (a pronoun or a capitalised name, not a day or a month
with no verb after it) follows: "He prefers
email, and they renew in April" says two things about two entities; also before a second
verb phrase of the same subject ("leads payroll and would rather get memos"), read from
the lexicon: a modal, or a finite verb form that is no noun. (The extractor joins a
clause back to the one before it when it continues it: it names nobody, or the same entity,
and does not open with the user as a new subject, see :func:`opens_with_the_user`.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from bb_brain._letters import LETTER, LOWER, UPPER
from bb_brain.writeback._contractions import (
    HE_OR_SHE,
    I_AM,
    I_HAVE,
    THEY,
    TYPED_FAST,
    with_apostrophe,
)

_I = re.IGNORECASE

HEDGE: Final = re.compile(
    r"\b(?:maybe|perhaps|possibly|might|may (?:be|have|not|well)|not (?:sure|certain)|unsure|"
    r"no idea|dunno|don'?t know|rumou?rs?|rumou?red|speculat\w*|could be nothing|i guess|"
    r"i wonder|who knows|supposedly|"
    # doubt said as an idiom: "..., but she wouldn't bet on it"
    r"(?:wouldn['’]?t|won['’]?t|not)\s+(?:bet|betting|count|counting|put\s+money)\s+on\s+it|"
    r"(?:wouldn['’]?t|won['’]?t|not)\s+hold(?:ing)?\s+(?:my|your|our|his|her|their)\s+breath)\b",
    _I,
)
CORRECTION_START: Final = re.compile(
    r"^(?:actually|correction|sorry,? i meant|i meant|scratch that|make that|oops|my mistake)"
    r"\b[\s,:;.!-]*",
    _I,
)
#: ", not Wednesday" / ", rather than the quartz": the old value after a comma.
CONTRAST: Final = re.compile(
    r",\s*(?:and\s+)?(?:not|rather than|instead of)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<old>(?:[^,.;!?]|(?<=\d)[,.](?=\d))+?)\s*(?=[,.](?!\d)|[;!?]|$)",  # "£1,200"
    _I,
)
#: A self-repair opening a sentence: the editing term ("no, hold on", "make that") and the
#: repair after it replace what the sentence before it said.
REPAIR_START: Final = re.compile(
    r"^(?:(?:wait|hold on|oh|hmm|er|um|actually)[,.!]*\s+)?(?:no|nope)"
    r"(?:[,.!]+\s*|\s+(?=wait|sorry|hold))"
    r"(?:(?:wait|hold on|sorry|scratch that|make that|i mean|i meant|rather)\b[\s,:;.!-]*)*"
    r"|^(?:(?:sorry,?\s+)?(?:i mean(?!\s+it\b)|i meant|i misspoke|i mis-spoke)|my mistake|my bad|"
    r"(?:actually[,.!]*\s+)?(?:scratch that|strike that|make that|correction|"
    r"let me correct (?:that|myself)))\b[\s,:;.!-]*",
    _I,
)
RELAY: Final = re.compile(
    r"^(?:can|could|would|will) you (?:please )?(?:tell|let|remind|ask|email|text|message|ping|"
    r"inform|warn) (?P<rest>.+?)\s*\?*$",
    _I,
)
#: "because" as chat spells it too: "cos", "coz", "cuz", "'cause", "bc".
BECAUSE_WORDS: Final = r"because|cos|coz|cuz|['’]cause|bc"
#: A subject pronoun of someone, its contraction typed without the apostrophe too ("shes",
#: "theyre"), and with "it" any subject pronoun.
_SOMEONE: Final = rf"(?:{HE_OR_SHE}|{THEY}|we|i|{TYPED_FAST}|{I_AM}|{I_HAVE})"
_SUBJECT: Final = rf"(?:{_SOMEONE}|it)"
_SPLIT: Final = re.compile(
    r"\s+(?:[-–—]|--)\s+|;\s+|,\s+(?:and|but)\s+|"
    rf",\s+(?=(?i:{_SUBJECT}|there|theres)\b)|"
    rf":\s+(?=(?i:{THEY})\b)|"
    rf"\s+(?:and|but)\s+(?=(?i:{_SUBJECT}|you)\b"
    rf"|(?P<named>[{UPPER}][{LOWER}]))|"
    r"\s+(?:and|but)\s+(?i:honestly|frankly|personally|obviously|to be honest),?\s+"
    r"(?=(?i:i|we)\b)|"
    rf"\s+and\s+(?=(?i:an?)\s+(?:[\w-]+\s+){{0,3}}(?i:called|named)\s+[{UPPER}])|"
    rf"\s+(?:so|{BECAUSE_WORDS}|since|while)\s+(?=(?i:{_SOMEONE})\b)|"
    rf",?\s+(?:and|so)\s+(?=(?P<kin>(?i:his|her|their|our|my))\s+[{LOWER}]+\s+[{UPPER}][{LOWER}])"
)
#: "because" before a subject of its own: a reason that may state a fact of its own
#: (split when what comes before states one too, see the rules extractor).
BECAUSE: Final = re.compile(
    rf",?\s+(?i:{BECAUSE_WORDS})\s+(?=(?i:the|a|an|my|our|his|her|their|its|you|there)\b|[{UPPER}])"
)
#: ", so" before a name: what followed from it, by someone of its own ("..., so Orlaith paid
#: the deposit"); split as "because" is, when what comes before is a clause of its own.
SO_SOMEONE: Final = re.compile(rf",\s+so\s+(?=[{UPPER}][{LOWER}])")


@dataclass(frozen=True)
class Clause:
    """A stretch of a sentence: its text and where it sits in the sentence."""

    text: str
    start: int
    end: int
    #: What another clause follows from, kept as a fact of its own however little it names
    #: ("The council signed off the plans" before ", so Orlaith ordered the goalposts").
    grounds: bool = False


#: "and"/"but" before a word that may open a verb phrase whose subject is left out.
_AND_VERB: Final = re.compile(r"\s+(?:and|but)\s+(?=(?P<verb>[a-z][a-z']*)\b)")
_AUXILIARIES: Final = frozenset("would will can could should must".split())


def _verb_phrase(word: str) -> bool:
    """A word that opens a second verb phrase of the same subject ("... and prefers email").

    A modal, or a finite verb form that is no noun (in "tea and cakes" the nouns stay
    together).
    """
    if word in _AUXILIARIES:
        return True
    from bb_brain.reflex._ordinary import sense
    from bb_brain.reflex._syntax import finite

    return finite(word) and not sense(word).noun


def opens_with_verb(word: str) -> bool:
    """The word may open a verb phrase whose subject is left out (see :func:`_verb_phrase`)."""
    return bool(word) and word.isalpha() and _verb_phrase(word)


def lead_phrase(text: str) -> bool:
    """A phrase that only says what follows is about: "For the fete", "About the hall".

    A preposition opening the sentence and no verb: it states nothing of its own, and the
    clause after its comma is what it leads into ("For the fete, I'll bring the urn").
    """
    from bb_brain.reflex._syntax import finite

    words = re.findall(r"[\w'’]+", text)
    if not words or len(words) > _LEAD_WORDS or _LEAD.match(text) is None:
        return False
    return not any(finite(word.casefold()) or "'" in word or "’" in word for word in words[1:])


_LEAD: Final = re.compile(r"^\W*(?:as\s+for|as\s+to|for|about|re|regarding)\s", _I)
#: The most words a lead-in phrase has ("As for the summer fete at the hall").
_LEAD_WORDS: Final = 8


def _boundaries(sentence: str) -> list[re.Match[str]]:
    found = [match for match in _SPLIT.finditer(sentence) if not _days_listed(sentence, match)]
    found += [m for m in _COMMA_SUBJECT.finditer(sentence) if _a_subject_and_its_verb(m)]
    # "As for the summer fete, quellyn will do the teas": what leads in is no clause
    found = [match for match in found if not lead_phrase(sentence[: match.start()])]
    found += [m for m in _AND_VERB.finditer(sentence) if _verb_phrase(m.group("verb"))]
    found.sort(key=lambda match: match.start())
    kept: list[re.Match[str]] = []
    for match in found:
        if kept and match.start() < kept[-1].end():
            continue
        before = sentence[kept[-1].end() if kept else 0 : match.start()]
        joined = match.groupdict().get("named") or match.groupdict().get("kin")
        if match.re is _COMMA_SUBJECT and _a_name_alone(before):
            continue  # "Tamsworth, Sachi got me a price": what the clause is about, first
        if joined and _a_name_alone(before):
            # "Ana and Rui both want ...", "Ana and her partner Rui booked ...": one subject
            continue
        kept.append(match)
    return kept


#: A comma, then a word and the word after it: a subject and its verb, perhaps.
_COMMA_SUBJECT: Final = re.compile(
    rf",\s+(?=(?P<subject>[{LETTER}][\w'’-]*)\s+(?P<verb>[a-z][a-z'’]*)\b)"
)


def _a_subject_and_its_verb(match: re.Match[str]) -> bool:
    """A name, then a finite verb no noun shares, after a comma: a clause of its own.

    "skerrow's at the vets overnight, quellyn will phone by 8": two things, the second Quellyn's.
    A word with a contraction, its apostrophe typed or not, or a verb of its own opens no
    subject ("..., took a photo", "..., weve agreed"); in lowercase, only a given name many
    bear or a word English all but never uses does ("..., sarah will drive"; not "...,
    physio says", "..., hubby will drive", a role, maybe, of someone named before).
    """
    from bb_brain._given_names import a_given_name
    from bb_brain.reflex._ordinary import sense
    from bb_brain.reflex._syntax import finite
    from bb_brain.writeback._people import no_word_at_all

    raw, verb = match.group("subject"), match.group("verb")
    subject = raw.casefold()
    if "'" in subject or "’" in subject or sense(subject).function or finite(subject):
        return False
    if with_apostrophe(subject) is not None:
        return False  # "weve": a contraction typed fast, no name
    named = raw[:1].isupper() or a_given_name(subject) or no_word_at_all(sense(subject))
    if not named:
        return False  # "..., physio says", "..., hubby will drive": a role, or anyone's word
    said = sense(verb)
    return verb in _AUXILIARIES or (finite(verb) and not said.noun and not said.adjective)


def _a_name_alone(piece: str) -> bool:
    """A few words and no verb, or a list of such: names that share the verb after them."""
    from bb_brain.reflex._syntax import finite

    parts = [re.findall(r"[\w'’]+", part) for part in piece.split(",")]
    return all(
        0 < len(words) <= _NAME_WORDS
        and not any(finite(word.casefold()) or "'" in word or "’" in word for word in words)
        for words in parts
    )


#: The most words a name said before "and" and a second name has ("Dr Ana Quell").
_NAME_WORDS: Final = 3


def _days_listed(sentence: str, match: re.Match[str]) -> bool:
    """A day or a month after "and" ("Monday and Friday", "evenings and Sundays"): no subject.

    "... and June did the urn" and "... and Sunday is hers" open one: a verb follows.
    """
    if match.group("named") is None:
        return False
    after = _WORDS_AFTER.match(sentence, match.end())
    if after is None:
        return False
    second, third = after.group(1), after.group(2) or ""
    if not a_day_or_days(second):
        return False
    if _days_as_subject(sentence, match):
        return True  # "Mondays and Tuesdays are quiet": the days together are the subject
    if third[:1].isupper() and not a_day_or_days(third):
        return False  # "Friday and Saturday Alice opens up": Alice's clause
    return not _verb_phrase(third.casefold())


def _days_as_subject(sentence: str, match: re.Match[str]) -> bool:
    """The day before "and" opens the clause: "Mondays and Tuesdays are quiet"."""
    before = sentence[: match.start()].split()
    return len(before) == 1 and a_day_or_days(before[0].strip("\"'(“‘"))


def a_day_or_days(word: str) -> bool:
    """A weekday or a month, or a weekday's every week ("Wednesdays and Fridays")."""
    from bb_brain.reflex._lexicon import is_calendar_word

    return is_calendar_word(word.casefold()) or every_week(word)


def every_week(word: str) -> bool:
    """A weekday in the plural: that day each week ("Tuesdays"; "Friday" may be a name)."""
    from bb_brain.reflex._lexicon import is_calendar_word

    folded = word.casefold()
    return folded.endswith("days") and is_calendar_word(folded[:-1])


_WORDS_AFTER: Final = re.compile(r"(\w+)(?:\W+(\w+))?")


def split_clauses(sentence: str) -> list[Clause]:
    """The sentence's clauses in order (the whole sentence when nothing splits it)."""
    clauses: list[Clause] = []
    start = 0
    for match in _boundaries(sentence):
        if match.start() > start:
            clauses.append(Clause(sentence[start : match.start()], start, match.start()))
        start = match.end()
    if start < len(sentence):
        clauses.append(Clause(sentence[start:], start, len(sentence)))
    return [clause for clause in clauses if clause.text.strip()]


_USER_SUBJECT: Final = re.compile(
    rf"^\W*(?:(?:and|but|so|then|also|actually|personally|honestly)\W+)*(?:i|we|weve|{I_AM}|{I_HAVE})\b",
    _I,
)


def opens_with_the_user(text: str) -> bool:
    """The clause starts a new statement by the user ("I always want ...", "we'll ...")."""
    return _USER_SUBJECT.match(text) is not None


def hedged(text: str) -> bool:
    """Speculation rather than a statement."""
    return HEDGE.search(text) is not None


@dataclass(frozen=True)
class Correction:
    """A clause that corrects an earlier statement: its text without the old value."""

    text: str
    old: str


#: "45 covers not 40", "the 7th not the 6th": a number replaced, no comma needed.
NUMBER_CONTRAST: Final = re.compile(
    r"\s+(?:not|rather than|instead of)\s+(?:the\s+)?"
    r"(?P<old>\d[\d,.:/]*(?:\s*(?:am|pm|st|nd|rd|th|k|%))?)(?=\s*(?:[,.;!?]|$))",
    _I,
)


def correction(text: str) -> Correction | None:
    """The corrected statement and the value it replaces, or None when nothing is replaced."""
    contrast = CONTRAST.search(text) or NUMBER_CONTRAST.search(text)
    if contrast is None:
        return None
    kept = (text[: contrast.start()] + text[contrast.end() :]).strip()
    return Correction(text=kept, old=contrast.group("old").strip())


def starts_as_correction(text: str) -> bool:
    """Opens with a correction marker ("Actually", "Correction -", "Sorry, I meant")."""
    return CORRECTION_START.match(text) is not None


def repair(sentence: str) -> str | None:
    """The repair of a sentence that opens as a self-repair ("No, make that 34"), or None.

    Speakers fix a slip with an editing term and the corrected material: what they said just
    before (the reparandum) is withdrawn, and the repair stands in its place. None when the
    sentence opens with no editing term or nothing follows it ("No, that's it" has no repair
    worth a fact; the caller still needs the repair to be informative on its own).
    """
    match = REPAIR_START.match(sentence.strip())
    if match is None:
        return None
    rest = sentence.strip()[match.end() :].strip()
    return rest or None


def relayed(sentence: str) -> str | None:
    """The message of a request to pass something on, or None."""
    match = RELAY.match(sentence.strip())
    return match.group("rest") if match else None
