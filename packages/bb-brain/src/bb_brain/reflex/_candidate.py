"""What a candidate mention is, and how one is built from a span of tokens.

Every channel of extraction (:mod:`bb_brain.reflex._extract` for capitalised words, handles
and slugs, :mod:`bb_brain.reflex._lowercase` for lowercase words) builds its candidates with
a :class:`Maker`, which reads the name evidence around the span once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bb_brain._names import GENERATIONS
from bb_brain.pages import SHORT_NAME_ARM, normalise
from bb_brain.reflex._tokens import Token, local_signals

ALL_ARMS: Final = frozenset(
    {"alias", "title", "name-form", "slug-suffix", "surname", "given-name", SHORT_NAME_ARM}
)
NAME_ARMS: Final = frozenset({"alias", "title", "name-form", "slug-suffix"})
EXACT_ARMS: Final = frozenset({"alias", "title", "name-form"})
ALIAS_ONLY: Final = frozenset({"alias"})
LOWER_NAME_ARMS: Final = frozenset(
    {"alias", "title", "slug-suffix", "surname", "given-name", SHORT_NAME_ARM}
)
LOWERCASE_PENALTY: Final = 0.05


@dataclass(frozen=True)
class Candidate:
    """A possible mention: a normalised lookup key, where it is, and which arms may match it."""

    norm: str
    start: int
    end: int
    tokens: int
    arms: frozenset[str]
    penalty: float = 0.0
    text_index: int = 0
    #: The words as written.
    raw: str = ""
    #: Name evidence read around the mention (see :mod:`bb_brain.reflex._tokens`).
    signals: tuple[str, ...] = ()
    #: The lexicon's description when the form is an ordinary word, else "".
    ambiguity: str = ""
    #: A weekday or month: capitalisation is no evidence of a name for it.
    calendar: bool = False
    #: The name of a well-known place as well ("Adelaide"): a place reading is possible.
    place: bool = False
    #: Long enough and unknown enough to be a misspelt name (fuzzy matching may try it).
    fuzzy: bool = False
    #: The generational suffix written after the name ("jr" for "King Jr."), else "".
    generation: str = ""


class Maker:
    """Builds candidates for one text, reading the signals around each span."""

    def __init__(self, text: str, tokens: list[Token], index: int) -> None:
        self.text = text
        self.tokens = tokens
        self.index = index

    def make(
        self,
        norm: str,
        toks: list[Token],
        arms: frozenset[str],
        *,
        penalty: float = 0.0,
        extra: tuple[str, ...] = (),
        ambiguity: str = "",
        calendar: bool = False,
        place: bool = False,
        fuzzy: bool = False,
    ) -> Candidate:
        signals = (*extra, *local_signals(self.tokens, toks[0].index, toks[-1].index))
        after = toks[-1].index + 1
        generation = ""
        if after < len(self.tokens) and self.tokens[after].glued:
            generation = GENERATIONS.get(self.tokens[after].norm, "")
        return Candidate(
            norm=norm,
            start=toks[0].start,
            end=toks[-1].end,
            tokens=len(toks),
            arms=arms,
            penalty=penalty,
            text_index=self.index,
            raw=self.text[toks[0].start : toks[-1].end],
            signals=tuple(dict.fromkeys(signals)),
            ambiguity=ambiguity,
            calendar=calendar,
            place=place,
            fuzzy=fuzzy,
            generation=generation,
        )


def join(tokens: list[Token]) -> str:
    return normalise(" ".join(tok.raw for tok in tokens))
