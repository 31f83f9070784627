"""A thing the user calls "the <words>", in notes that drop their articles.

Notes are telegraphic: "hopper wall delayed again", "- gutter programme - 40 of 75 fitted",
"Thurs - fete committee @ 7" each open an item with the thing itself, its article
gone. A page whose aliases give the user's own name for it with "the" ("the hopper wall",
"the gala"), or whose kind is filed so ("the depot", :mod:`bb_brain.reflex._kinds`), is
named there by the same words bare.

Only where an item opens: a line of a text of several lines, or right after the label of
such a line ("all - slipway parking"). Mid-sentence, "gala" is any gala and "hopper wall" a
description; those keep their article when they name the one the user knows. The words are
looked up whole against those keys only and, everyday words as they are, still need the
evidence the item gives: :data:`NOTES_ITEM`.
"""

from __future__ import annotations

from typing import Final

from bb_brain.pages import KIND_ARM
from bb_brain.reflex._candidate import Candidate, Maker
from bb_brain.reflex._kinds import says_when, says_which_one
from bb_brain.reflex._ordinary import sense
from bb_brain.reflex._syntax import finite
from bb_brain.reflex._tokens import Token

#: What opening an item of notes is evidence of (see the module docs).
NOTES_ITEM: Final = "opens an item of notes, its article dropped"
_ARMS: Final = frozenset({"alias", KIND_ARM})
#: The fewest lines a text of notes runs to.
NOTES_MIN_LINES: Final = 3
#: The most words the thing's name runs to after its dropped "the".
_MAX_WORDS: Final = 3
#: The most words a line's label runs to before its dash or colon ("all -", "Thurs -").
_LABEL_WORDS: Final = 2


def dropped_articles(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """Each run of words opening an item of notes, keyed as "the" and the words."""
    if sum(1 for tok in tokens if tok.line_start) < NOTES_MIN_LINES:
        return []
    found: list[Candidate] = []
    for tok in tokens:
        if not _opens_an_item(tokens, tok):
            continue
        if tok.capitalised and sense(tok.norm).place:
            continue  # "Bath - train booked": the city
        words: list[Token] = []
        for word in tokens[tok.index : tok.index + _MAX_WORDS]:
            if (words and (not word.glued or word.line_start)) or not word.norm.isalpha():
                break
            if sense(word.norm).function:
                break
            words.append(word)
            if _names_a_thing(tokens, words):
                key = "the " + " ".join(each.norm for each in words)
                found.append(maker.make(key, list(words), _arms(words), extra=(NOTES_ITEM,)))
            if word.possessive or word.dash_after or word.colon_after:
                break
    return found


#: A noun this frequent has everyday senses besides the kind ("the club", "the kitchen",
#: "the weekend"): a bare note's word ("kitchen flooded") is read as the everyday one.
KIND_COMMON_ZIPF: Final = 4.5


def _arms(words: list[Token]) -> frozenset[str]:
    """A kind filed by a noun said of many things ("the kitchen") is no kind bare."""
    if len(words) == 1 and sense(words[0].norm).zipf >= KIND_COMMON_ZIPF:
        return frozenset({"alias"})
    return _ARMS


def _names_a_thing(tokens: list[Token], words: list[Token]) -> bool:
    """The words, bare, may name the one thing: a label, or a subject; not a word in a list.

    "move - sign lease", "fair is on the 21st", "hopper wall delayed"; not "jersey, bibs,
    gilet" (things listed), "medal for sam" or "tour of the castle" (which one), nor a
    word of many senses before anything but its verb ("fair point", "move car").
    """
    last = words[-1]
    after = tokens[last.index + 1] if last.index + 1 < len(tokens) else None
    if after is None or after.line_start:
        return not _things_listed(tokens)  # "washing / jersey / towels": a list of things
    if last.possessive:
        return True
    if last.dash_after or last.colon_after:
        return True
    if after.comma_before or (says_which_one(after) and not after.capitalised):
        return says_when(tokens, after)
    if len(words) == 1 and sense(words[0].norm).zipf >= KIND_COMMON_ZIPF:
        return after.glued and finite(after.norm)
    return True


def _things_listed(tokens: list[Token]) -> bool:
    """Two lines or more of one word each: a list of things, not of news."""
    alone = sum(
        1
        for tok in tokens
        if tok.line_start and (tok.index + 1 >= len(tokens) or tokens[tok.index + 1].line_start)
    )
    return alone >= _LISTED_LINES


#: Lines of one word each that make a list of things.
_LISTED_LINES: Final = 2


def _opens_an_item(tokens: list[Token], tok: Token) -> bool:
    """The word opens a line, or follows the short label that opens one."""
    if tok.line_start:
        return True
    if tok.glued or tok.index == 0:
        return False
    label = tokens[tok.index - 1]
    if not (label.dash_after or label.colon_after):
        return False
    start = label.index
    while start > 0 and not tokens[start].line_start and tokens[start].glued:
        start -= 1
    return tokens[start].line_start and label.index - start < _LABEL_WORDS
