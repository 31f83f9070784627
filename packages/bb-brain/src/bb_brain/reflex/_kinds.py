"""A page called by what it is: "the bakery wants an a-board out", "is the league still on".

Someone who deals with one bakery, one league, one depot calls it that, and a page whose
title ends in that noun ("Crumb & Co Bakery", "Spring Bouldering League") is filed under
"the <noun>" in the alias index (:func:`bb_brain._orgnames.kind_head`, arm ``kind``). This
channel offers "the" and the noun after it, read as a whole noun phrase: the noun ends the
phrase or owns what follows ("the court's ruling"). Not when a noun follows it ("the court
tender", "the club secretary": a tender, a secretary), nor "of" ("the court of appeal"),
nor a preposition and a name ("the bakery in Selby": another one). Whether the kind
picks a page, and only one, is the index's to say: the arm is tried last, after every name.
"""

from __future__ import annotations

from typing import Final

from bb_brain.pages import KIND_ARM
from bb_brain.reflex._candidate import Candidate, Maker
from bb_brain.reflex._ordinary import inflections, sense
from bb_brain.reflex._tokens import Token

#: What a kind of thing named after "the" is evidence of (see the module docs).
KIND_KNOWN: Final = "the kind said as one the user knows"
KIND_ARMS: Final = frozenset({KIND_ARM})
#: Prepositions that place a thing: "the bakery in Selby", "the depot at Thorne".
_PLACING: Final = frozenset("to in at from near for on by".split())


def kinds(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """Each "the <noun>" ending its noun phrase, keyed as the index files a page's kind."""
    found: list[Candidate] = []
    for tok in tokens:
        if tok.norm != "the" or tok.possessive or tok.index + 1 >= len(tokens):
            continue
        noun = tokens[tok.index + 1]
        if not noun.glued or not noun.norm.isalpha() or not _ends_its_phrase(tokens, noun):
            continue
        # the noun's own span: a name the noun is as well ("masterplan", an alias) outranks it
        found.append(maker.make(f"the {noun.norm}", [noun], KIND_ARMS, extra=(KIND_KNOWN,)))
    return found


def _ends_its_phrase(tokens: list[Token], noun: Token) -> bool:
    """Nothing after the noun makes it another noun's modifier or some other one."""
    if noun.possessive:
        return True  # "the court's ruling": the court's
    after = tokens[noun.index + 1 : noun.index + 3]
    if not after or not after[0].glued:
        return True
    word = after[0].norm
    if word == "of":
        return False  # "the court of appeal", "the league of nations"
    if word in _PLACING and len(after) == 2 and after[1].glued and after[1].capitalised:
        return False  # "the bakery in Selby": that one, wherever the user's is
    meaning = sense(word)
    return not (meaning.noun and not meaning.function and not {"VBZ", "VBD"} & inflections(word))
