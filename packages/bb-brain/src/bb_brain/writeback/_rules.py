"""The ``rules`` extractor: deterministic extraction from the conversation alone (no gold).

It is the honest baseline for extraction quality. Mechanism, per segment:

1. Split every user turn into sentences (abbreviations such as "Dr." do not end one).
2. Drop what carries no durable information: questions, pleasantries ("Thanks!", "Sounds
   good."), and "just got off the call" style openers.
3. Keep a sentence only when a cue marks it as information-bearing, and set the fact kind
   from the strongest cue: a commitment or decision ("I'll", "I committed to", "we will",
   "decided to", "we'll pass"), a preference ("prefers", "likes", "wants"), a belief
   ("worried", "thinks", "concerned"), an amount (kind ``fact``), a date (kind ``event``),
   or any other number (kind ``fact``).
4. Attribute the sentence to the earliest entity reference in it: a title or alias of one of
   the source's pages, or a third-person pronoun resolved to the person mentioned last in the
   segment (assistant turns count as mentions, since a user answers them).
"""

from __future__ import annotations

import re
from typing import Final

from bb_schema import FactKind
from bb_schema.turn_context import ExtractedFact

from bb_brain.writeback._entities import Entity, EntityIndex, Mention
from bb_brain.writeback._segment import Segment

_FLAGS = re.IGNORECASE
_APOS = "['\u2019]"

#: Cue patterns, strongest first: the first that matches sets the kind.
CUES: Final[tuple[tuple[FactKind, re.Pattern[str]], ...]] = (
    (
        "commitment",
        re.compile(
            rf"\b(?:i{_APOS}ll|i will|i{_APOS}m going to|i am going to|i(?:{_APOS}ve| have)? "
            rf"(?:committed|promised|agreed)|(?:we|she|he|they){_APOS}ll|(?:we|she|he|they) "
            rf"will|we(?:{_APOS}re| are) going to|we (?:committed|promised|agreed)|decided to|"
            r"(?:made|reached) (?:a|the) decision|going to pass|pass(?:ing)? on|"
            r"plan(?:s|ning)? to|commit(?:s|ted)? to)\b",
            _FLAGS,
        ),
    ),
    (
        "preference",
        re.compile(
            r"\b(?:prefers?|preferred|preference|likes|liked|would like|loves?|loved|"
            r"wants?|wanted|would rather|favou?rite|hates?|hated|dislikes?|enjoys?)\b",
            _FLAGS,
        ),
    ),
    (
        "belief",
        re.compile(
            r"\b(?:worried|worries|worry|thinks?|thought|concerns?|concerned|believes?|"
            r"believed|feels?|felt|afraid|skeptical|sceptical|confident|doubts?|suspects?|"
            r"expects?|nervous|convinced|unsure)\b",
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
            r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tonight|"
            r"tomorrow|yesterday|january|february|march|april|june|july|august|september|"
            r"october|november|december|(?:next|last|this) (?:week|month|quarter|year)|"
            r"q[1-4]|\d{4}-\d{2}-\d{2})\b",
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
_ABBREVIATIONS = frozenset(
    {"mr", "mrs", "ms", "dr", "prof", "inc", "co", "ltd", "corp", "vs", "etc", "st", "jr", "sr"}
)
_BOUNDARY = re.compile(r"(?<=[.!?])[\"')\]]*\s+|\n+")
_LAST_WORD = re.compile(r"(\w+)\W*$")


def split_sentences(text: str) -> list[str]:
    """Sentences of ``text``, whitespace-collapsed; "Dr." and "e.g." do not end one."""
    pieces: list[str] = []
    start = 0
    for boundary in _BOUNDARY.finditer(text):
        piece = text[start : boundary.start()]
        last = _LAST_WORD.search(piece)
        if "\n" not in boundary.group(0) and last and _is_abbreviation(piece, last.group(1)):
            continue
        pieces.append(piece)
        start = boundary.end()
    pieces.append(text[start:])
    return [" ".join(piece.split()) for piece in pieces if piece.strip()]


def _is_abbreviation(piece: str, word: str) -> bool:
    return word.casefold() in _ABBREVIATIONS or bool(re.search(r"\b(?:e\.g|i\.e)\.$", piece))


def classify(sentence: str) -> FactKind | None:
    """The fact kind a sentence's strongest cue gives, or None when it carries no information."""
    if sentence.endswith("?") or _PLEASANTRY.match(sentence) or _OPENER.search(sentence):
        return None
    for kind, pattern in CUES:
        if pattern.search(sentence):
            return kind
    return None


class RulesExtractor:
    """Deterministic sentence-level extraction with entity attribution (see module docs)."""

    def __init__(self, entities: EntityIndex) -> None:
        """Attribute against ``entities``, the source's pages."""
        self._entities = entities

    def extract(self, segment: Segment) -> list[ExtractedFact]:
        """Facts stated in the segment's user turns, in order."""
        facts: list[ExtractedFact] = []
        last_person: Entity | None = None
        for turn in segment.turns:
            for sentence in split_sentences(turn.text):
                mentions = self._entities.mentions(sentence)
                if turn.role == "user":
                    kind = classify(sentence)
                    if kind is not None:
                        entity = _attribute(mentions, last_person)
                        slug = entity.slug if entity is not None else None
                        facts.append(ExtractedFact(fact=sentence, entity_slug=slug, kind=kind))
                people = [m.entity for m in mentions if m.entity is not None and m.entity.is_person]
                if people:
                    last_person = people[-1]
        return facts


def _attribute(mentions: list[Mention], last_person: Entity | None) -> Entity | None:
    """The earliest reference wins: an explicit mention, or a pronoun for the last person."""
    for mention in mentions:
        if mention.entity is not None:
            return mention.entity
        if mention.pronoun and last_person is not None:
            return last_person
    return None
