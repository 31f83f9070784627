"""Tokens of a conversation text, with what the text around each one says about it.

A token knows whether it starts a sentence, whether only whitespace separates it from the
previous one (so the two can form one name), whether it was possessive ("Alice's") and
whether it carried a hyphenated honorific ("Tanaka-san"). The period of an honorific
abbreviation ("Dr. Okafor") neither ends a sentence nor separates the name from its title.

:func:`local_signals` reads the name evidence around a span of tokens: a possessive, an
honorific or name suffix, a role noun next to it ("our CFO Grace", "Grace, the designer"),
a verb that takes a person ("Grace said", "ask Grace"), a determiner before it (the mark
of an ordinary noun: "the pilot", "a decent lantern"), whether a determiner makes a whole
noun phrase of it ("the Nile"), or a preposition that puts it in a place ("days in Paris",
"flying to Peru"), and what the grammar around it says (:mod:`bb_brain.reflex._syntax`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from bb_brain._names import HONORIFIC_SUFFIXES, HONORIFICS, NAME_SUFFIXES, fold
from bb_brain.pages import normalise
from bb_brain.reflex._lexicon import (
    DETERMINERS,
    FUNCTION_WORDS,
    INTERVENING_ADVERBS,
    LOCATIVE_PREPOSITIONS,
    MOTION_WORDS,
    PERSON_VERBS_AFTER,
    PERSON_VERBS_BEFORE,
    ROLE_NOUNS,
)
from bb_brain.reflex._ordinary import sense
from bb_brain.reflex._syntax import name_readings, ordinary_readings

POSSESSIVE: Final = "possessive"
AFFILIATION: Final = "from or at an organisation"
HONORIFIC: Final = "honorific"
NAME_SUFFIX: Final = "name suffix"
ROLE_NEARBY: Final = "role noun nearby"
PERSON_VERB: Final = "verb taking a person"
AFTER_DETERMINER: Final = "after a determiner"
DETERMINED_PHRASE: Final = "a whole noun phrase after a determiner"
LOCATIVE: Final = "after a preposition of place"
MID_CAPITAL: Final = "capitalised mid-sentence"
INITIAL_CAPITAL: Final = "sentence-initial capital (discounted)"
LOWERCASE: Final = "lowercase"
HANDLE: Final = "@handle"
SLUG_LIKE: Final = "slug-like token"

#: How far an appositive role may follow a name: "Grace, our new CFO".
APPOSITIVE_REACH: Final = 3

_TOKEN = re.compile(r"@?[^\W_](?:[\w'’&./-]*[^\W_])?")
_SENTENCE_BREAK = re.compile(r"[.!?:;\n\"“”(\[{•]|(?:^|\s)[-*>](?=\s)")
_POSSESSIVE = re.compile(r"['’]s$", re.I)


@dataclass(frozen=True)
class Token:
    """One word of a text and its surroundings."""

    index: int
    raw: str
    norm: str
    start: int
    end: int
    sentence_start: bool
    #: Only whitespace separates this token from the previous one (same chunk).
    glued: bool
    possessive: bool
    #: A hyphenated honorific followed the word and was cut off ("Tanaka-san").
    suffixed: bool = False
    #: A comma separates this token from the previous one.
    comma_before: bool = False

    @property
    def handle(self) -> bool:
        """An @handle."""
        return self.raw.startswith("@")

    @property
    def capitalised(self) -> bool:
        """Starts with a capital letter (and is no handle)."""
        return not self.handle and self.raw[:1].isupper()

    @property
    def slug_like(self) -> bool:
        """Contains a dash, slash or underscore: a slug typed as such."""
        return any(mark in self.raw for mark in "-/_")

    @property
    def word(self) -> str:
        """The token as a context word: possessive ``'s`` restored ("let's")."""
        return self.norm + "'s" if self.possessive else self.norm


def tokenise(text: str) -> list[Token]:
    """Every token of ``text`` in order."""
    tokens: list[Token] = []
    previous_end = 0
    for match in _TOKEN.finditer(text):
        raw = match.group(0)
        possessive = bool(_POSSESSIVE.search(raw)) and len(raw) > 2
        if possessive:
            raw = raw[:-2]
        suffixed = False
        head, dash, tail = raw.rpartition("-")
        if dash and head[-1:].isalpha() and not raw.startswith("@"):
            if fold(tail) in HONORIFIC_SUFFIXES:
                raw, suffixed = head, True
        gap = text[previous_end : match.start()]
        starts = not tokens or bool(_SENTENCE_BREAK.search(gap))
        glued = bool(tokens) and not gap.strip()
        if tokens and gap.strip() == "." and tokens[-1].norm in HONORIFICS:
            starts, glued = False, True  # "Dr. Okafor": the period abbreviates the title
        start = match.start()
        tokens.append(
            Token(
                index=len(tokens),
                raw=raw,
                norm=normalise(raw.lstrip("@")),
                start=start,
                end=start + len(raw),
                sentence_start=starts,
                glued=glued,
                possessive=possessive,
                suffixed=suffixed,
                comma_before=gap.strip() == ",",
            )
        )
        previous_end = match.end()
    return tokens


def local_signals(tokens: list[Token], first: int, last: int) -> list[str]:
    """Name evidence in the words around ``tokens[first..last]`` (see module docs)."""
    found: list[str] = []
    mention = tokens[last]
    if mention.possessive:
        found.append(POSSESSIVE)
    if mention.suffixed:
        found.append(HONORIFIC)
    found += _signals_before(tokens, first, last)
    if not mention.possessive:
        found += _signals_after(tokens, last)
    if _appositive_role(tokens, last):
        found.append(ROLE_NEARBY)
    found += name_readings(tokens, first, last)
    if first == last:
        found += ordinary_readings(tokens, last)
    return list(dict.fromkeys(found))


def _signals_before(tokens: list[Token], first: int, last: int) -> list[str]:
    before = _previous_glued(tokens, first)
    if before is None:
        return []
    if before.norm in HONORIFICS:
        return [HONORIFIC]
    if before.norm in ROLE_NOUNS:
        return [ROLE_NEARBY]
    if before.norm in PERSON_VERBS_BEFORE and not _determined(tokens, before.index):
        return [PERSON_VERB]  # "phone Tamsin", but not "the phone socket" (a noun there)
    if _determined(tokens, first):
        return (
            [AFTER_DETERMINER, DETERMINED_PHRASE]
            if _phrase_ends(tokens, last)
            else [AFTER_DETERMINER]
        )
    return [LOCATIVE] if _locative(tokens, before) else []


def _signals_after(tokens: list[Token], last: int) -> list[str]:
    after = _next_glued(tokens, last)
    if after is None:
        return []
    if after.norm in NAME_SUFFIXES:
        return [NAME_SUFFIX]
    if after.norm in PERSON_VERBS_AFTER:
        return [PERSON_VERB]
    if _affiliation(tokens, after):
        return [AFFILIATION]
    if _adverb(after):
        following = _next_glued(tokens, after.index)
        if following is not None and following.norm in PERSON_VERBS_AFTER:
            return [PERSON_VERB]
    if after.norm in MODALS_BEFORE_VERB:
        # "Rusty will want to see this": a modal, then a verb only a person does
        following = _next_glued(tokens, after.index)
        if (
            following is not None
            and PERSON_VERB_FORMS.get(following.norm, "") in PERSON_VERBS_AFTER
        ):
            return [PERSON_VERB]
    return []


def _affiliation(tokens: list[Token], after: Token) -> bool:
    """A person and where they work: "Lincoln from Harbourview", "Ana at Brightline".

    A place after "from" or "at" is an origin or a location, not an employer ("Austin from
    Dallas").
    """
    if after.norm not in ("from", "at"):
        return False
    where = _next_glued(tokens, after.index)
    return where is not None and where.capitalised and not sense(where.norm).place


#: Verbs that take "in" as a particle before a person ("loop in Obinna", "rope in Sam").
VERBS_WITH_IN: Final = frozenset(
    "loop looped looping bring brought bringing rope roped roping fill filled filling let "
    "letting call called calling pull pulled pulling keep kept keeping cc cc'd".split()
)
#: Modals between a subject and its bare verb.
MODALS_BEFORE_VERB: Final = frozenset("will would can could should must might may 'll".split())
#: The bare form of a person's verb and its third-person form ("want" -> "wants").
PERSON_VERB_FORMS: Final = {
    verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb: verb
    for verb in PERSON_VERBS_AFTER
    if verb.endswith("s")
}


def _previous_glued(tokens: list[Token], index: int) -> Token | None:
    if index > 0 and tokens[index].glued:
        return tokens[index - 1]
    return None


def _determined(tokens: list[Token], first: int) -> bool:
    """A determiner before the word, possibly across adjectives ("a decent lantern")."""
    index = first
    for _ in range(3):
        before = _previous_glued(tokens, index)
        if before is None or before.possessive:
            return False
        if before.norm in DETERMINERS:
            return True
        word = sense(before.norm)
        if before.capitalised or word.function or not word.adjective:
            return False
        index = before.index
    return False


def _phrase_ends(tokens: list[Token], last: int) -> bool:
    """Nothing but a function word or punctuation follows: the word ends its noun phrase."""
    after = _next_glued(tokens, last)
    return after is None or after.norm in FUNCTION_WORDS


def _locative(tokens: list[Token], before: Token) -> bool:
    """In a place: "in X", or "to X" / "from X" after a word of travel ("flying to X").

    "in" after a verb it makes a phrasal verb of ("loop in X", "bring in X") is no place.
    """
    if before.norm in LOCATIVE_PREPOSITIONS:
        verb = _previous_glued(tokens, before.index)
        return not (before.norm == "in" and verb is not None and verb.norm in VERBS_WITH_IN)
    if before.norm not in ("to", "from", "into", "through", "via"):
        return False
    travel = _previous_glued(tokens, before.index)
    return travel is not None and travel.norm in MOTION_WORDS


def _next_glued(tokens: list[Token], index: int) -> Token | None:
    if index + 1 < len(tokens) and tokens[index + 1].glued:
        return tokens[index + 1]
    return None


def _adverb(token: Token) -> bool:
    """A word that may stand between a subject and its verb ("Grace also said")."""
    return token.norm in INTERVENING_ADVERBS or (token.norm.endswith("ly") and len(token.norm) > 4)


def _appositive_role(tokens: list[Token], last: int) -> bool:
    """A comma, then a role noun within a few words ("Grace, our CFO"), nothing between."""
    if last + 1 >= len(tokens) or not tokens[last + 1].comma_before:
        return False
    for offset in range(1, APPOSITIVE_REACH + 1):
        index = last + offset
        if index >= len(tokens) or (offset > 1 and not tokens[index].glued):
            return False
        if tokens[index].norm in ROLE_NOUNS:
            return True
    return False
