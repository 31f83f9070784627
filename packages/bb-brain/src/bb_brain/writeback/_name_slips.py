"""A name said by mistake and put right at once: "Ysella, sorry, Orla is on the till".

People mend a slipped name the way they mend a slipped value, by saying the right one next:
"Ysella — sorry, not Ysella, ORLA — is off on the 12th", "Ysella... no wait, Orla Quell is
opening up". What follows is the right person's news, and the wrong name is no part of it,
so the turn is read as if the right name had been said alone. Only two names of the conversation's
entities qualify, with nothing between them but a marker of the repair ("sorry", "no wait",
"I mean") and, at most, the wrong name said again after "not": a list ("Ysella, Orla and
Bram") or a contrast ("Ysella, not Orla, is on the till") has no marker and is left alone.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from bb_brain.writeback._entities import EntityIndex, Mention


def names_mended(text: str, index: EntityIndex) -> str:
    """``text`` with each slipped name and its repair replaced by the right name alone."""
    if _MARKER.search(text) is None:
        return text  # no repair said: most turns, spared a second reading of their names
    named = [
        replace(mention, end=_whole_word_end(text, mention.end))
        for mention in index.mentions(text)
        if mention.entity is not None
    ]
    cuts: list[tuple[int, int]] = []
    at = 0
    while at < len(named):
        wrong = named[at]
        right_at = _the_repair(text, named, at)
        if right_at is None:
            at += 1
            continue
        right = named[right_at]
        cuts.append((wrong.start, right.start))
        if _OPENING_DASH.match(text, wrong.end) is not None:
            closing = _CLOSING_DASH.match(text, right.end)  # "— sorry, not X, ORLA — is"
            if closing is not None:
                cuts.append((right.end, closing.end() - 1))
        at = right_at + 1
    for start, end in sorted(cuts, reverse=True):
        text = text[:start] + text[end:]
    return text


def _whole_word_end(text: str, end: int) -> int:
    """Where the name ends: a mention may stop at a hyphen ("Min" of "Min-ja")."""
    rest = _HYPHENED.match(text, end)
    return rest.end() if rest is not None else end


def _the_repair(text: str, named: list[Mention], at: int) -> int | None:
    """The index of the mention that mends ``named[at]``, or None when none does."""
    wrong = named[at]
    gap_start = wrong.end
    for later in range(at + 1, min(at + 3, len(named))):
        mention = named[later]
        between = text[gap_start : mention.start]
        if mention.entity == wrong.entity:
            # "not Ysella" said again: look past it, once the marker has come
            if _MARKER.search(text[wrong.end : mention.start]) is None:
                return None
            if _NOT.search(between) is None:
                return None
            gap_start = mention.end
            continue
        whole = text[wrong.end : mention.start]
        if mention.entity is None or wrong.entity is None:
            return None
        if _MARKER.search(whole) is None or _FULL_STOP.search(whole) is not None:
            return None  # "Orlaith no, Ysolde yes", "Orlaith, wait. Ysolde is ...": no repair
        if not _opens_its_clause(text, wrong.start):
            return None  # "tell Orlaith sorry, Ysolde can't come": the name is an object
        if mention.entity.is_person != wrong.entity.is_person:
            return None  # "Ysella, sorry, the bakery": no name for a name
        if _REPAIR.fullmatch(_blank_again(whole, text, named, at, later)) is None:
            return None
        return later
    return None


def _opens_its_clause(text: str, start: int) -> bool:
    """Nothing but a pause, a conjunction or an interjection before the name in its clause."""
    before = _CLAUSE_START.search(text, 0, start)
    return before is not None


def _blank_again(whole: str, text: str, named: list[Mention], at: int, later: int) -> str:
    """The gap between two names with the wrong name, said again, taken out."""
    offset = named[at].end
    for mention in reversed(named[at + 1 : later]):
        start, end = mention.start - offset, mention.end - offset
        whole = whole[:start] + "X" + whole[end:]
    return whole


#: What may stand between a slipped name and the right one: a pause, a marker of the repair,
#: and the wrong name again after "not" (blanked to "X").
_REPAIR: Final = re.compile(
    r"\s*(?:\.{2,}|…|[,—–-])?\s*"
    r"(?:(?:sorry|no|wait|oops|i\s+mean|i\s+meant|my\s+bad|scratch\s+that)\b[\s,.!—–-]*)+"
    r"(?:not\s+X\b[\s,.!—–-]*)?",
    re.IGNORECASE,
)
#: A marker that the name before was a slip (a bare "no" is too common to count alone).
_MARKER: Final = re.compile(
    r"\b(?:sorry|wait|oops|i\s+mean|i\s+meant|my\s+bad|scratch\s+that)\b", re.IGNORECASE
)
#: A full stop that is no pause ("..."): the sentence ended between the names.
_FULL_STOP: Final = re.compile(r"(?<!\.)\.(?!\.)")
#: The start of a clause, then at most a conjunction or an interjection, right before a name.
_CLAUSE_START: Final = re.compile(
    r"(?:^|[.!?:;,(—–-]\s*|\s[-–—]\s+)(?:(?:and|but|so|oh|ok|okay|yeah|also|then|um|er)\b"
    r"[\s,]*)*\s*$",
    re.IGNORECASE,
)
#: The rest of a hyphened name a mention may stop short of.
_HYPHENED: Final = re.compile(r"(?:-\w+)*")
_NOT: Final = re.compile(r"\bnot\s*$", re.IGNORECASE)
#: A spaced dash after the slipped name opens an aside that a dash after the right name shuts.
_OPENING_DASH: Final = re.compile(r"\s+[—–-]\s")
_CLOSING_DASH: Final = re.compile(r"\s+[—–-]\s+")
