"""What a candidate mention is, and how one is built from a span of tokens.

Every channel of extraction (:mod:`bb_brain.reflex._extract` for capitalised words, handles
and slugs, :mod:`bb_brain.reflex._lowercase` for lowercase words) builds its candidates with
a :class:`Maker`, which reads the name evidence around the span once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final

from bb_brain._names import GENERATIONS
from bb_brain.pages import SHORT_NAME_ARMS, normalise
from bb_brain.reflex._syntax import (
    ASKED_WHAT_ONE_DOES,
    ASKED_WHO,
    EPISODE_SUBJECT,
    TO_DO_SOMETHING,
)
from bb_brain.reflex._tokens import (
    HEADING,
    HONORIFIC,
    PERSON_VERB,
    PLACE_ABBREVIATIONS,
    Token,
    local_signals,
)

ALL_ARMS: Final = frozenset(
    {"alias", "title", "name-form", "slug-suffix", "surname", "given-name"} | SHORT_NAME_ARMS
)
NAME_ARMS: Final = frozenset({"alias", "title", "name-form", "slug-suffix"})
EXACT_ARMS: Final = frozenset({"alias", "title", "name-form"})
ALIAS_ONLY: Final = frozenset({"alias"})
LOWER_NAME_ARMS: Final = frozenset(
    {"alias", "title", "slug-suffix", "surname", "given-name"} | SHORT_NAME_ARMS
)
#: A family's name is only a page's surname.
FAMILY_ARMS: Final = frozenset({"surname"})
LOWERCASE_PENALTY: Final = 0.05
#: What only a person does or has around a word: a family name may stand alone then, and
#: so it may when asked who someone is or what they do ("who's mason again?").
PERSON_ONLY_SIGNALS: Final = frozenset(
    {PERSON_VERB, EPISODE_SUBJECT, HONORIFIC, TO_DO_SOMETHING, ASKED_WHO, ASKED_WHAT_ONE_DOES}
)


@dataclass(frozen=True)
class Span:
    """Where a candidate's words are among its text's tokens (its evidence is read there)."""

    tokens: list[Token]
    first: int
    last: int


@dataclass(frozen=True)
class Candidate:
    """A possible mention: a normalised lookup key, where it is, and which arms may match it.

    Its name evidence (:attr:`signals`) is read from the words around it on first use: a
    text offers a dozen candidates, and only those a page's name matches are ever judged.
    """

    norm: str
    start: int
    end: int
    tokens: int
    arms: frozenset[str]
    penalty: float = 0.0
    text_index: int = 0
    #: The words as written.
    raw: str = ""
    #: Name evidence known when the candidate was made (its channel's, an honorific cut off).
    extra: tuple[str, ...] = ()
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
    #: Evidence decided outright, instead of read around the mention (a modifier's).
    given: tuple[str, ...] | None = None
    #: Evidence a duplicate of the candidate brought, after what is read around it.
    merged: tuple[str, ...] = ()
    #: Evidence that does not count for this candidate ("the cold store": its own "the").
    dropped: frozenset[str] = frozenset()
    #: Where the evidence is read; None: :attr:`extra` is all there is.
    span: Span | None = field(default=None, compare=False, repr=False)
    #: The word may be a family name alone when its evidence is what only a person has
    #: (:data:`PERSON_ONLY_SIGNALS`): "chandler says the ceiling ...".
    surname_on_evidence: bool = False

    def allowed_arms(self) -> frozenset[str]:
        """The arms that may match it (reading its evidence when a family name may)."""
        if self.surname_on_evidence and PERSON_ONLY_SIGNALS & set(self.signals):
            return self.arms | {"surname"}
        return self.arms

    @cached_property
    def signals(self) -> tuple[str, ...]:
        """Name evidence around the mention (see :mod:`bb_brain.reflex._tokens`)."""
        if self.given is not None:
            return self.given
        read = local_signals(self.span.tokens, self.span.first, self.span.last) if self.span else ()
        found = dict.fromkeys(
            signal for signal in (*self.extra, *read) if signal not in self.dropped
        )
        return tuple(dict.fromkeys((*found, *self.merged)))


#: What ends a heading after its name: a colon, maybe after a word for news of it.
_HEADED = re.compile(
    r"(?:\s+(?:update|updates|news|notes|latest|plans|recap|admin|stuff))?\s*:", re.IGNORECASE
)


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
        surname_on_evidence: bool = False,
    ) -> Candidate:
        after = toks[-1].index + 1
        generation = ""
        if after < len(self.tokens) and self.tokens[after].glued:
            generation = GENERATIONS.get(self.tokens[after].norm, "")
        if len(toks) == 1 and _a_firms_plural(self.tokens, toks[0], norm):
            arms = arms - PERSON_ARMS  # "hosken are delivering the feed": the firm
        if len(toks) > 1 and toks[0].sentence_start and _HEADED.match(self.text, toks[-1].end):
            # "Wool fair: stalls are booked", "Wool fair update: ...": what the note is about
            extra = (*extra, HEADING)
        return Candidate(
            norm=norm,
            start=toks[0].start,
            end=toks[-1].end,
            tokens=len(toks),
            arms=arms,
            penalty=penalty,
            text_index=self.index,
            raw=self.text[toks[0].start : toks[-1].end],
            extra=extra,
            ambiguity=ambiguity,
            calendar=calendar,
            place=place,
            fuzzy=fuzzy,
            generation=generation,
            span=Span(self.tokens, toks[0].index, toks[-1].index),
            surname_on_evidence=surname_on_evidence,
        )


def _a_firms_plural(tokens: list[Token], tok: Token, norm: str) -> bool:
    """A plural verb right after a word that no list joins to another.

    A firm is spoken of in the plural ("Hosken are delivering", "Thursby have sent the
    samples", "hoskens are out of feed", "hosken's have a sale on", "hosken's want half up
    front"); one person never is, so the word is no one's given or family name. Not a
    family by its plural ("the Hoskens are coming"), one of a list ("Tom and Ana are
    coming"), nor a question ("Ravi are you free?", "Wilf have you paid?", "did Long have
    the keys?").
    """
    after = tokens[tok.index + 1] if tok.index + 1 < len(tokens) else None
    if after is None or not after.glued:
        return False
    if after.norm not in _PLURAL_VERBS and not (tok.possessive and after.norm in _FIRMS_VERBS):
        return False  # "brindley's want half up front": the firm's
    following = tokens[after.index + 1] if after.index + 1 < len(tokens) else None
    if following is not None and following.glued and following.norm in _ASKED:
        return False
    before = tokens[tok.index - 1] if tok.index > 0 and tok.glued else None
    if before is not None and before.norm in _JOINERS | _AUXILIARIES | {"the"}:
        return False  # "what did Long have to say", "Tom and Ana are coming"
    if tok.comma_before:
        return False
    return tok.norm in (norm, f"{norm}s")  # the word as written, or typed as the firm's


#: Who a question is put to after its verb: "Ravi are you free?".
_ASKED: Final = frozenset("you we they i he she it".split())

#: The arms of a person's own name, given or family, alone.
PERSON_ARMS: Final = frozenset({"surname", "given-name"})
#: Plural verbs after their subject ("are", "have"): no one person's.
_PLURAL_VERBS: Final = frozenset("are were have".split())
#: Plain verbs a firm in the possessive takes as its plural ("quellmore's want ...").
_FIRMS_VERBS: Final = frozenset("want need say reckon".split())
#: Auxiliaries a question puts before its subject ("did Long have", "can Ravi have").
_AUXILIARIES: Final = frozenset(
    "did does do didn't doesn't don't can could will would should may might must shall".split()
)
#: Words that join a name to another before it in a list.
_JOINERS: Final = frozenset("and & or nor plus with".split())


def join(tokens: list[Token]) -> str:
    """The tokens' words as one name ("drover mkt" is "drover market", as a place's is)."""
    words = (PLACE_ABBREVIATIONS.get(tok.raw.lower(), tok.raw) for tok in tokens)
    return normalise(" ".join(words))
