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

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from bb_brain._letters import UPPER
from bb_brain._names import (
    ABBREVIATED_HONORIFICS,
    HONORIFIC_SUFFIXES,
    HONORIFICS,
    NAME_SUFFIXES,
    fold,
)
from bb_brain.pages import normalise
from bb_brain.reflex._fuzzy import slip_of_a_word
from bb_brain.reflex._lexicon import (
    ANIMAL_KINDS,
    DETERMINERS,
    FAMILY_WORDS,
    FORGOTTEN_NAMES,
    FUNCTION_WORDS,
    INTERVENING_ADVERBS,
    KIND_NOUNS,
    LOCATIVE_PREPOSITIONS,
    MOTION_WORDS,
    MOVING_ON,
    PERSON_VERBS_AFTER,
    PERSON_VERBS_BEFORE,
    ROLE_NOUNS,
    SEASONS,
    SUBJECT_PRONOUNS,
)
from bb_brain.reflex._ordinary import given_name_pronoun, inflections, sense, unknown_word
from bb_brain.reflex._syntax import finite, intensifies, name_readings, ordinary_readings

POSSESSIVE: Final = "possessive"
AFFILIATION: Final = "from or at an organisation"
EMPLOYER: Final = "where someone named works ('zubeida from X')"
SUPPLIER: Final = "whom goods or a job come from ('hiring from X', 'going with X')"
HONORIFIC: Final = "honorific"
NAME_SUFFIX: Final = "name suffix"
FAMILY_BY_NAME: Final = "a family by its name in the plural ('the Vantongerens')"
FAMILY_INITIAL: Final = "the initial of a family name after it"
GIVEN_INITIAL: Final = "the initial of a given name before it"
ROLE_NEARBY: Final = "role noun nearby"
PERSON_VERB: Final = "verb taking a person"
CARED_FOR: Final = "an animal looked after"
ANIMAL_DEED: Final = "what only an animal does"
ANIMAL_KIND: Final = "a kind of animal beside it"
AFTER_DETERMINER: Final = "after a determiner"
DETERMINED_PHRASE: Final = "a whole noun phrase after a determiner"
AFTER_ITS_KIND: Final = "after the kind of body it is ('his firm Tollwick')"
LOCATIVE: Final = "after a preposition of place"
DATED: Final = "a date after a preposition of time"
IN_A_MONTH: Final = "a month after 'in', a time whatever follows"
RELATIVE_DATE: Final = "a month or a weekday after 'last' or 'next', a time whatever follows"
MID_CAPITAL: Final = "capitalised mid-sentence"
INITIAL_CAPITAL: Final = "sentence-initial capital (discounted)"
TITLE_CASE: Final = "capitalised like the words of a title beside it (discounted)"
A_BRAND: Final = "a name labelling a thing, between its article and its noun"
COMPOUND_HEAD: Final = "the head of a compound a sentence-initial noun opens (discounted)"
LINE_LABEL: Final = "labels a line of notes"
DOMAIN: Final = "the domain of an address"
MAILBOX: Final = "the mailbox of an e-mail address"
VERSIONED: Final = "followed by a version"
LOOKED_UP: Final = "what the user asks memory about"
#: "the juniper project": the noun after the word names what kind of thing it is.
KIND_SIGNAL: Final = "followed by its kind"
IN_A_PLACE_NAME: Final = "the first word of a place's name (before 'station', 'road' ...)"
#: A version written after a product's name ("v2", "v1.3").
VERSION = re.compile(r"v\d+(?:\.\d+)*")
#: A version written bare ("quill 0.9 is out"); "sage 2.5 tbsp" is a quantity of something.
BARE_VERSION = re.compile(r"\d+\.\d+(?:\.\d+)*")
#: Plural units a measured amount takes, which are verbs' -s forms too ("2.5 tablets").
_UNITS: Final = frozenset(
    """
    tablets pills capsules doses drops cups spoons teaspoons tablespoons tbsp tsp cans
    bottles jars bags boxes packs pieces slices loaves portions servings pounds grams kilos
    litres liters pints gallons tonnes tons metres meters miles hours minutes days weeks
    months years times points shares units rounds laps sets reps
    """.split()
)
LOWERCASE: Final = "lowercase"
SPEAKERS_OWN: Final = "a phrase the speaker calls their own"
DEFINITE_PHRASE: Final = "a phrase of several words after 'the'"
HEADING: Final = "a heading: it opens the sentence and a colon follows (maybe after 'update')"
HANDLE: Final = "@handle"
SLUG_LIKE: Final = "slug-like token"

#: How far an appositive role may follow a name: "Grace, our new CFO".
APPOSITIVE_REACH: Final = 4

#: A word, with what may stand inside one ("st.ives", "w/e", "o'brien"), but no run of stops:
#: "ok...she's here" is two words and an ellipsis.
_TOKEN = re.compile(r"@?[^\W_](?:(?:[\w'’&/-]|\.(?!\.))*[^\W_])?")
#: An opening single quote right before a word: a quotation starts ("'Garnet jars x 12'").
_OPENING_QUOTE = re.compile(r"(?:^|\s)['‘]$")
#: What ends a sentence before a word: a stop (an ellipsis typed as one character, "…", as
#: its three stops are), a colon, a line break, a quotation mark, a bullet.
_SENTENCE_BREAK = re.compile(r"[.!?…:;\n\"“”(\[{•]|(?:^|\s)[-*>](?=\s)")
_POSSESSIVE = re.compile(r"['’]s$", re.I)
#: "will", "would", "have" or "are" contracted onto a word ("Oye'll drive", "Tamsin'd know").
_CONTRACTION = re.compile(r"['’](?:ll|d|ve|re)$", re.IGNORECASE)
_CONTRACTED_AUXILIARIES: Final = {"ll": "will", "d": "would", "ve": "have", "re": "are"}
#: Words that take those contractions and are no names: "I'll", "We'd", "There've".
CONTRACTING_WORDS: Final = frozenset(
    "i we you they he she it who that there what where when how this".split()
)
#: What may stand between a line break and the line's first word: spaces and a bullet.
_LINE_OPENING = re.compile(r"[^\n]*(?:\n[ \t]*)+(?:[-*•>]|\d+[.)])?[ \t]*")
#: A line opened with a bullet ("- ", "• ") before its first word.
_BULLETED = re.compile(r"[^\n]*(?:\n[ \t]*)+[-*•][ \t]*")


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
    #: The token opens a line (after a newline and any list bullet), or the text.
    line_start: bool = False
    #: A colon follows the token straight away ("kit: scope frozen").
    colon_after: bool = False
    #: A dash set off by spaces follows the token ("priyanka - finished the invoices").
    dash_after: bool = False
    #: The token opens an item of a list: its line starts with a bullet or a number.
    item: bool = False
    #: An arrow separates this token from the previous one ("Lagos -> Accra": a route).
    arrow_before: bool = False
    #: A parenthesis opens between this token and the previous one ("Thorn (our captain)").
    paren_before: bool = False
    #: Quote marks enclose the token alone ("'sorrel' and 'sorrow'"): a word talked about.
    quoted: bool = False
    #: The possessive is an apostrophe alone ("miles' birthday"): never "is" or "has".
    apostrophe_only: bool = False
    #: A capital letter with its period: an initial, after a capitalised word ("Juniper K.")
    #: or before one ("A. Vowles").
    initial: bool = False
    #: The word as typed when a slip was undone for :attr:`norm` ("bonsu" read as "bonus"):
    #: the word itself may still be a name ("cc bonsu on it").
    typed: str = ""
    #: An @handle (read once: the grammar asks for it of every neighbour).
    handle: bool = dataclasses.field(init=False)
    #: Starts with a capital letter (and is no handle).
    capitalised: bool = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        handle = self.raw.startswith("@")
        object.__setattr__(self, "handle", handle)
        object.__setattr__(self, "capitalised", not handle and self.raw[:1].isupper())

    @property
    def contracted(self) -> bool:
        """The "'s" may be "is" or "has" ("reed's driving", "reed's asked")."""
        return self.possessive and not self.apostrophe_only

    @property
    def slug_like(self) -> bool:
        """Contains a dash, slash or underscore: a slug typed as such."""
        return any(mark in self.raw for mark in "-/_")

    @property
    def word(self) -> str:
        """The token as a context word: possessive ``'s`` restored ("let's")."""
        return self.norm + "'s" if self.possessive else self.norm


#: An apostrophe straight after a word, then spaces: a plural's or an s-name's possessive.
_PLURAL_POSSESSIVE = re.compile(r"['’][ \t]+")


def _plural_possessor(token: Token, text: str) -> bool:
    """A word ending in s, not itself opened by a quote mark ("'miles' is a unit")."""
    before = text[token.start - 1 : token.start] if token.start else ""
    return token.raw[-1:] in "sS" and before not in _QUOTES and not token.possessive


#: Distinct words whose normalised form is kept.
NORMAL_WORDS_KEPT: Final = 65536
#: Shorthands chat writes for small words ("sorting the gutters w/ sentry", "w/o the deposit",
#: "abt the quote"; a lowercase "w" alone before a word is "with" too),
#: and contractions typed without their apostrophe ("LOLO CANT MAKE THE REHEARSAL", "im off"):
#: only those no English word is spelt as, and "cant" and "wont", which chat means so.
SHORTHANDS: Final = {
    "w/o": "without",
    "b/c": "because",
    "abt": "about",
    **{
        word.replace("'", ""): word
        for word in (
            "can't won't don't doesn't didn't isn't aren't wasn't weren't couldn't wouldn't"
            " shouldn't haven't hasn't hadn't mustn't i'm i've you're you've they're they've"
            " we've that's what's there's"
        ).split()
    },
}


#: A negation written as one word, read as its contraction in any case ("Cannot make it").
SPELT_AS_ONE: Final = {"cannot": "can't"}


def contraction_of(raw: str) -> str | None:
    """The contraction ``raw`` stands for: "cannot", or one typed without its apostrophe.

    "cant", "IM": in lowercase or capitals only, as "Mrs Cant" and "Mr Im" are family names
    as written (:data:`SHORTHANDS`).
    """
    folded = raw.lower()
    if folded in SPELT_AS_ONE:
        return SPELT_AS_ONE[folded]
    typed = SHORTHANDS.get(folded)
    if typed is None or "'" not in typed or not (raw.islower() or raw.isupper()):
        return None
    return typed


#: Abbreviations of the nouns places are named with ("bay 4 at drover mkt", "Mill Rd"):
#: only those no English word is spelt as, in any case.
PLACE_ABBREVIATIONS: Final = {
    "rd": "road",
    "stn": "station",
    "mkt": "market",
    "sq": "square",
    "ln": "lane",
    "cres": "crescent",
    "hosp": "hospital",
    "ctr": "centre",
}


#: Spaces, then a letter: the next word ("w  sentry" with two spaces reads as with one).
_A_WORD_NEXT: Final = re.compile(r"[ \t]+[^\W\d_]")


def _norm(raw: str, text: str, end: int) -> str:
    """The token's normalised form; a shorthand's is the word it stands for."""
    folded = raw.lower()
    if folded == "w" and text.startswith("/", end) and not text[end + 1 : end + 2].isalnum():
        return "with"
    if raw == "w" and _A_WORD_NEXT.match(text, end):
        if not _after_a_title(text, end - len(raw)):
            return "with"  # "stick w sentry": "w" alone before a word; "mrs w" an initial
    if folded in PLACE_ABBREVIATIONS:
        return PLACE_ABBREVIATIONS[folded]
    if folded in SPELT_AS_ONE:
        return SPELT_AS_ONE[folded]
    if folded in SHORTHANDS and (raw.islower() or raw.isupper()):
        return SHORTHANDS[folded]  # "Mrs Cant", "Mr Im": a family name as written
    if raw.islower():
        return _slip_undone(normal_word(raw))
    return normal_word(raw)


def _after_a_title(text: str, start: int) -> bool:
    """An honorific right before: a letter after it is someone's initial ("mrs w wants")."""
    before = _LAST_WORD.search(text, 0, start)
    return before is not None and before.group(1).casefold() in HONORIFICS


#: The last word before a point, with any period after it ("Mrs.", "dr").
_LAST_WORD = re.compile(r"([^\W\d_]+)\.?\s*$")


def _typed(raw: str, norm: str) -> str:
    """The word as typed, when its normal form undid a slip (see :func:`_slip_undone`)."""
    if not raw.islower():
        return ""
    plain = normal_word(raw)
    return plain if plain != norm and _slip_undone(plain) == norm else ""


@lru_cache(maxsize=NORMAL_WORDS_KEPT)
def _slip_undone(norm: str) -> str:
    """A lowercase word no list knows, one slip from a frequent word: that word ("mentoined").

    Chat is typed fast, and the grammar that tells a name from a word reads the words around
    it: "cliff mentoined the pricing" is Cliff mentioning it. A capitalised word keeps its
    letters, for the fuzzy matching of names (:mod:`bb_brain.reflex._fuzzy`).
    """
    if not unknown_word(norm):
        return norm
    return slip_of_a_word(norm) or norm


@lru_cache(maxsize=NORMAL_WORDS_KEPT)
def normal_word(raw: str) -> str:
    """A word's normalised form (conversation repeats its words: each is folded once)."""
    return normalise(raw.lstrip("@"))


def _shorthand_slash(previous: Token, gap: str) -> bool:
    """The gap is the slash of "w/" ("w/ sentry"): the words stand together as written."""
    return gap.strip() == "/" and previous.raw.lower() == "w" and previous.norm == "with"


def _a_given_initial(tokens: list[Token], raw: str) -> bool:
    """A capital letter and its period before a capitalised word: a given name's initial.

    Or a few such letters ("T.J. Quell"). "I" and "A", words of their own ("I got an A.
    Grace said ..."), only where a name opens ("A. Vowles has the books"). Not a letter
    that labels the noun before it ("plan B. Jonah will conduct", "Vitamin D. Hattie swears
    by it", "block C."), nor one that ends a name ("Jonah P. Quell": a middle initial, the
    family name after it).
    """
    letter = tokens[-1]
    if INITIALS.fullmatch(letter.raw) is None or not raw[:1].isupper():
        return False
    before = tokens[-2] if len(tokens) > 1 and letter.glued else None
    if letter.raw in ("I", "A"):
        # "A. Vowles has the books", "coach: I. Goodbrand", "signed by A. Vowles"
        return before is None or before.norm in _BEFORE_A_NAME
    if before is None or before.norm in FUNCTION_WORDS or INITIALS.fullmatch(before.raw):
        return True  # "J. Quell", "with J. Quell", "M. J. Ruddle"
    return not before.capitalised and "NOUN" not in sense(before.norm).readings


#: Prepositions an initial "A." or "I." may follow, as no article or pronoun does.
_BEFORE_A_NAME: Final = frozenset("by from with to for cc and".split())
#: One capital letter, or a few with periods between them ("J", "T.J"): a name's initials.
INITIALS: Final = re.compile(rf"[{UPPER}](?:\.[{UPPER}]){{0,2}}")


def _an_initial(tokens: list[Token]) -> bool:
    """The last token is one capital letter after a capitalised word, as initials are."""
    last = tokens[-1]
    if len(tokens) < 2 or len(last.raw) != 1 or not last.raw.isupper() or not last.glued:
        return False
    return tokens[-2].capitalised and len(tokens[-2].raw) > 1


def _auxiliary_split(raw: str) -> tuple[str, str]:
    """A name and the auxiliary contracted onto it: "Tamsin'll" is "Tamsin" and "will"."""
    contraction = _CONTRACTION.search(raw)
    if contraction is None or not _a_name_stem(raw[: contraction.start()]):
        return raw, ""
    return raw[: contraction.start()], _CONTRACTED_AUXILIARIES[contraction.group(0)[1:].casefold()]


def _a_name_stem(stem: str) -> bool:
    """A word a contraction follows, no pronoun: a name ("Tamsin" of "Tamsin'll").

    Typed in lowercase too, a word no dictionary has ("bill tarrow'll want to see it").
    """
    if len(stem) < _NAME_STEM_MIN_CHARS or not stem.isalpha():
        return False  # "Sa'd", "Al-Sa'd": a name whole
    # "Summer'd be the best time": an everyday word, and no name here
    return stem.casefold() not in CONTRACTING_WORDS and not sense(stem.casefold()).lexical


#: A name this long at least takes a contraction; "Sa'd" or "Jo'd" may be a name whole.
_NAME_STEM_MIN_CHARS: Final = 3


def tokenise(text: str) -> list[Token]:
    """Every token of ``text`` in order."""
    tokens: list[Token] = []
    quote_starts: list[bool] = []  # the token opens a quotation, and nothing else a sentence
    previous_end = 0
    for match in _TOKEN.finditer(text):
        raw = match.group(0)
        possessive = bool(_POSSESSIVE.search(raw)) and len(raw) > 2
        if possessive:
            raw = raw[:-2]
        raw, auxiliary = (raw, "") if possessive else _auxiliary_split(raw)
        suffixed = False
        head, dash, tail = raw.rpartition("-")
        if dash and head[-1:].isalpha() and not raw.startswith("@"):
            if fold(tail) in HONORIFIC_SUFFIXES:
                raw, suffixed = head, True
        gap = text[previous_end : match.start()]
        if tokens and _PLURAL_POSSESSIVE.fullmatch(gap) and _plural_possessor(tokens[-1], text):
            # "ivy and miles' birthday": the apostrophe alone makes a name ending in s its owner
            tokens[-1] = dataclasses.replace(tokens[-1], possessive=True, apostrophe_only=True)
            gap = gap[1:]
        starts = not tokens or bool(_SENTENCE_BREAK.search(gap))
        quote_starts.append(not starts and _OPENING_QUOTE.search(gap) is not None)
        starts = starts or quote_starts[-1]
        # a line break parts words as a stop does: "arrived 16:20 / heron on the desk" counts no
        # herons
        broken = "\n" in gap
        glued = (
            bool(tokens) and not broken and (not gap.strip() or _shorthand_slash(tokens[-1], gap))
        )
        if tokens and gap.strip() == "." and tokens[-1].norm in ABBREVIATED_HONORIFICS:
            starts, glued = False, True  # "Dr. Okafor": the period abbreviates the title
        elif tokens and gap.strip() == "." and _a_given_initial(tokens, raw):
            starts, glued = False, True  # "J. Quell", "T.J. Quell": initials, no full stop
            tokens[-1] = dataclasses.replace(tokens[-1], initial=True)
        elif tokens and gap.strip() == "." and _an_initial(tokens):
            tokens[-1] = dataclasses.replace(tokens[-1], initial=True)
            if raw[:1].islower():  # "Juniper K. asked": the period abbreviates a family name
                starts, glued = False, True
        start = match.start()
        norm = _norm(raw, text, start + len(raw))
        tokens.append(
            Token(
                index=len(tokens),
                raw=raw,
                norm=norm,
                typed=_typed(raw, norm),
                start=start,
                end=start + len(raw),
                sentence_start=starts,
                glued=glued,
                possessive=possessive,
                suffixed=suffixed,
                comma_before=gap.strip() == ",",
                arrow_before=gap.strip() in _ARROWS,
                paren_before=gap.strip() == "(",
                line_start=(
                    not tokens
                    or _LINE_OPENING.fullmatch(gap) is not None
                    or _numbered_item(tokens[-1], gap)
                ),
                item=_BULLETED.fullmatch(gap) is not None or _numbered_item(tokens[-1], gap)
                if tokens
                else _BULLETED.fullmatch("\n" + gap) is not None,
            )
        )
        if auxiliary:
            end = start + len(raw)
            tokens.append(
                Token(
                    index=len(tokens),
                    raw=text[end : match.end()],
                    norm=auxiliary,
                    start=end,
                    end=match.end(),
                    sentence_start=False,
                    glued=True,
                    possessive=False,
                )
            )
            quote_starts.append(False)
        previous_end = match.end()
    for index, token in enumerate(tokens):
        if text.startswith(":", token.end):
            tokens[index] = dataclasses.replace(token, colon_after=True)
        elif _DASH_AFTER.match(text, token.end):
            tokens[index] = dataclasses.replace(token, dash_after=True)
        opening = text[token.start - 1 : token.start] if token.start else ""
        if opening in _QUOTES and text.startswith(_QUOTES[opening], token.end):
            # a word quoted alone: no quotation opens there ("how is 'Quill' going?")
            starts = token.sentence_start and not quote_starts[index]
            tokens[index] = dataclasses.replace(tokens[index], quoted=True, sentence_start=starts)
    return tokens


#: A dash set off by spaces, as notes put one after a line's label (and an aside before it:
#: "biscuit (spaniel) - bath at 10").
_DASH_AFTER = re.compile(r"(?:[ \t]*\([^()\n]{1,40}\))?[ \t]+[-–—][ \t]+")
#: The number and stop of a numbered item before its first word ("2. Pepper - nails only").
_ITEM_NUMBER_GAP = re.compile(r"[.)][ \t]+")
#: Gaps between two words that make a route or a sequence of them.
_ARROWS: Final = frozenset({"->", "→", "=>", ">", "—>", "-->"})
#: Opening quote marks and the mark that closes each.
_QUOTES: Final = {"'": "'", '"': '"', "‘": "’", "“": "”"}


def local_signals(tokens: list[Token], first: int, last: int) -> list[str]:
    """Name evidence in the words around ``tokens[first..last]`` (see module docs)."""
    found: list[str] = []
    mention = tokens[last]
    if mention.possessive and not _is_or_has(tokens, mention, alone=first == last):
        found.append(POSSESSIVE)
    if mention.suffixed:
        found.append(HONORIFIC)
    found += _signals_before(tokens, first, last)
    found += _signals_after(tokens, last) if not mention.possessive else _has_done(tokens, mention)
    if _role_said(tokens, first, last):
        found.append(ROLE_NEARBY)
    if _kind_of_animal_beside(tokens, last):
        found.append(ANIMAL_KIND)
    if _labels_line(tokens, first) if first == last else _labels_a_listed_line(tokens, first, last):
        found.append(LINE_LABEL)  # "kit: relay scope frozen", "gutter programme - 40 fitted"
    if first < last and _speakers_own(tokens, first):
        found.append(SPEAKERS_OWN)
    if first < last and _definite(tokens, first, last):
        found.append(DEFINITE_PHRASE)
    if _asked_about(tokens, first, last):
        found.append(PERSON_VERB)
    if looked_up(tokens, first):
        found.append(LOOKED_UP)
    after = next_glued(tokens, last)
    if after is not None and after.norm in KIND_NOUNS and not mention.possessive:
        found.append(f"{KIND_SIGNAL}: {KIND_NOUNS[after.norm]}")
    if first == last and after is not None and after.norm in _PLACE_HEADS:
        found.append(IN_A_PLACE_NAME)  # "Heath station", "Ravelock Road", "Tamsworth Street"
    if after is not None and _versioned(tokens, after):
        found.append(VERSIONED)  # "relay v2": a product or project with its version
    found += name_readings(tokens, first, last)
    if first == last:
        found += ordinary_readings(tokens, last)
    if _a_brand(tokens, first, last):
        found.append(A_BRAND)
    return list(dict.fromkeys(found))


def _is_or_has(tokens: list[Token], mention: Token, *, alone: bool) -> bool:
    """The "'s" is "is" or "has" before a verb: "the curlew's been calling all morning".

    Whatever is said to have been or to be doing something owns nothing there, so the
    "'s" is no possessive's evidence of a name ("'s" before a person's past participle is
    read by :func:`_has_done`). An "-ing" word is the verb only where an object, an adverb
    or a particle follows it: "the curlew's mooring is by the slipway" is its mooring. A
    one-word name after "the" that has done something is a thing ("the vortek's packed in");
    a name that takes its "the" with it (``alone`` false: "the assessor's signed off") may
    be someone's.
    """
    if not mention.contracted:
        return False
    after = next_glued(tokens, mention.index)
    if after is None:
        return False
    if after.norm in _AUXILIARY_PARTICIPLES or after.norm in _ADVERBS_OF_A_VERB:
        return True  # "wren's basically done", "gable's not in": no owner takes an adverb
    if alone and _a_things_deed(tokens, mention, after):
        return True  # "the vortek's packed in": a thing with "the" has done it
    if not after.norm.endswith("ing") or "VBG" not in inflections(after.norm):
        return False
    # "the curlew's calling again" is a deed; "the curlew's mooring line" is its line
    following = next_glued(tokens, after.index)
    if following is None or following.norm in _AUXILIARIES:
        return False
    return sense(following.norm).function or _adverb(following)


def _a_things_deed(tokens: list[Token], mention: Token, after: Token) -> bool:
    """After "the", a past participle and a particle or nothing: "the vortek's packed in".

    What "the" goes before is a thing, and a participle ending its verb there, or with
    only a particle after it, is what it has done ("the kiln's packed up"), while one
    before a noun is what it owns ("the kiln's packed shelves").
    """
    before = tokens[mention.index - 1] if mention.index else None
    if before is None or before.norm != "the" or not mention.glued:
        return False
    if not {"VBN", "VBD"} & inflections(after.norm) or not sense(after.norm).verb_lemmas:
        return False
    following = next_glued(tokens, after.index)
    return following is None or following.norm in _PARTICLES


#: Verbs that follow a subject, so the "-ing" word before one is a noun ("the curlew's
#: mooring is by the slipway").
_AUXILIARIES: Final = frozenset(
    "is was are were has had have will would can could should must might may does did".split()
)
#: Participles only "has" takes ("'s been", "'s got"): never a possession.
_AUXILIARY_PARTICIPLES: Final = frozenset("been got gotten gone".split())
#: Adverbs that stand between "is" or "has" and the rest of the verb, never between an
#: owner and what it owns ("still" is left out: "Nell's still life").
_ADVERBS_OF_A_VERB: Final = (INTERVENING_ADVERBS - {"still", "once"}) | {"not"}


def _a_brand(tokens: list[Token], first: int, last: int) -> bool:
    """A name between "a" and a made thing it labels: "a tom ford suit", "a Hattie Lowe print".

    The article is the thing's; the name labels it as a maker's or a designer's, the way
    a brand does: a person's whole name there names no one the user deals with. An
    invoice, a quote or a meeting is a dealing with the person ("a Tom Hale invoice").
    One word does so after an owner too: "my Ostler card", "her Vantor laptop".
    """
    if tokens[last].possessive:
        return False  # "my Perpetua's bike": hers
    before = _previous_glued(tokens, first)
    after = next_glued(tokens, last)
    if first == last and _works_or_gear(tokens, before, after):
        return True
    owners = _OWNERS if first == last else ("a", "an")
    if before is not None and before.norm in _OWNERS_ADJECTIVES and first == last:
        before = _previous_glued(tokens, before.index)  # "my old Velbourne amp"
    if before is None or before.norm not in owners or after is None or after.capitalised:
        return False
    if after.possessive or after.norm not in _MADE_THINGS:
        return False  # "a Tom Hale invoice" is a dealing with him
    following = next_glued(tokens, after.index)  # "my Ruskin piano lesson" is his lesson
    return following is None or not sense(following.norm).noun or following.norm in FUNCTION_WORDS


def _works_or_gear(tokens: list[Token], before: Token | None, after: Token | None) -> bool:
    """A name labelling works or gear in the plural, counted or played.

    "three more Quarrendon stacks", "played Ossery covers all night": the maker's or the
    artist's name, a namesake of anyone the user knows.
    """
    if before is None or after is None or after.capitalised or after.possessive:
        return False
    if after.norm not in _WORKS_AND_GEAR:
        return False
    if before.norm == "more":
        before = _previous_glued(tokens, before.index) or before
    counted = before.norm.isdigit() or before.norm in _QUANTIFIERS
    return counted or before.norm in _PERFORMED


#: Works and gear a name labels in the plural as its maker's or its artist's.
_WORKS_AND_GEAR: Final = frozenset(
    "covers songs tracks records albums tunes stacks amps amplifiers guitars cabs".split()
)
#: Counting words before a plural ("two more ... stacks", "some ... songs").
_QUANTIFIERS: Final = frozenset(
    "two three four five six seven eight nine ten twelve twenty some more few several any"
    " many".split()
)
#: Verbs that perform or play works ("played ... covers", "sang ... songs").
_PERFORMED: Final = frozenset("play plays played playing sing sings sang singing".split())


#: Adjectives an owner gives a thing before its brand ("my old Velbourne amp"); "my little
#: Perpetua" and "her late Oswin" describe people.
_OWNERS_ADJECTIVES: Final = frozenset(
    "old new spare trusty favourite favorite second first battered ancient beloved".split()
)


#: What a branded thing's name may follow: its article or its owner.
_OWNERS: Final = frozenset("a an my your his her our their".split())
#: Nouns a place's name ends in: a word before one is the place's own, not a person's.
_PLACE_HEADS: Final = frozenset(
    "station street road avenue lane airport bridge square terrace crescent hospital church "
    "cathedral chapel academy college university stadium arena hotel gardens quay wharf "
    "harbour harbor pier beach estate market hall library museum school centre center".split()
)


#: What a maker's or a designer's name labels: "a hattie lowe print", "a tom ford suit".
_MADE_THINGS: Final = frozenset(
    "print prints mug vase bowl jug plate lamp chair table rug cushion quilt scarf shirt "
    "dress suit jacket coat jumper cardigan bag handbag shoes boots watch perfume poster "
    "painting original sculpture necklace ring earrings bracelet guitar kettle teapot wallet "
    "tie belt purse candle trainers sunglasses card account app phone laptop car van "
    "amp amplifier speaker speakers headphones keyboard piano drums bike bicycle camera lens "
    "tent tractor mower oven fridge freezer boiler cooker hoover helmet saddle racket "
    "tablet printer router radio telly".split()
)


#: Words before "on"/"about" that ask memory for what it holds ("anything on X",
#: "what do we have on X", "a refresher on X", "what do my notes say about X").
_LOOKUP_WORDS: Final = frozenset(
    "anything something everything notes note info information update updates context "
    "background summary details refresher brief have say know news latest threads thread".split()
)


def looked_up(tokens: list[Token], first: int) -> bool:
    """The word is what the user asks memory about: "anything on adelaide", "news on hazel".

    Also a name the question follows: "Quiver, anything new?".
    """
    on = _previous_glued(tokens, first)
    after = next_glued(tokens, first)
    if after is not None and after.norm not in FUNCTION_WORDS and sense(after.norm).noun:
        return False  # "anything on cash flow": the word modifies a noun after it
    if on is not None and on.norm in ("on", "about", "re", "with"):
        asked = _previous_glued(tokens, on.index)
        if asked is not None and asked.norm in _LOOKUP_WORDS:
            return True
        if asked is not None and on.norm == "about" and asked.norm in ("what", "how"):
            # "what about frank?", "what about earnest then?": someone put forward, the
            # question ending on them ("what about tuesday?" is a day)
            ends = after is None or after.norm in _ENDING_A_QUESTION
            if ends and not sense(tokens[first].norm).calendar:
                return True
    return _asked_after(tokens, first)


#: Words that may end a question after what it puts forward: "what about earnest then?".
_ENDING_A_QUESTION: Final = frozenset({"then", "instead"})


def _asked_after(tokens: list[Token], first: int) -> bool:
    """The question follows the name: "Quiver, anything new?", "finch - any news?"."""
    if first + 2 >= len(tokens):
        return False
    ask, what = tokens[first + 1], tokens[first + 2]
    return (
        ask.norm in ("anything", "any")
        and what.glued
        and what.norm in ("new", "news", "update", "updates")
    )


def _asked_about(tokens: list[Token], first: int, last: int) -> bool:
    """A question's subject before a person's verb: "does April know?", "did Ray approve"."""
    before = _previous_glued(tokens, first)
    after = next_glued(tokens, last)
    if after is not None and (_adverb(after) or after.norm in _QUESTION_ADVERBS):
        # "did alice ever reply"
        after = next_glued(tokens, after.index)
    if before is None or after is None or before.norm not in _QUESTION_AUXILIARIES:
        return False
    return after.norm in person_verb_lemmas()


@lru_cache(maxsize=1)
def person_verb_lemmas() -> frozenset[str]:
    """The bare forms of the verbs only a person does ("reply", "say", "email")."""
    return frozenset(
        lemma for verb in PERSON_VERBS_AFTER for lemma in sense(verb).verb_lemmas
    ) | frozenset(PERSON_VERB_FORMS)


#: Bare forms of getting in touch, after a modal ("sage will text you", "sage might phone");
#: not "ring" or "ping", which bells and ovens do too.
_CONTACT_VERBS: Final = frozenset("text phone email call message".split())


def _turns_up(tokens: list[Token], verb: Token) -> bool:
    """Turning up, or picking up the phone: "dawn didn't show up", "rose won't pick up"."""
    particle = next_glued(tokens, verb.index)
    if verb.norm == "answer":
        return True
    return verb.norm in _UP_VERBS and particle is not None and particle.norm == "up"


#: Verbs that, with "up", are a person arriving or answering the phone.
_UP_VERBS: Final = frozenset("show turn pick".split())


def _a_persons_deed(verb: Token) -> bool:
    """A verb only a person does, in its bare form after a modal ("sage will decide")."""
    return verb.norm in _CONTACT_VERBS | _HANDED_OVER or verb.norm in person_verb_lemmas()


#: Handing something over, in or back: done by hand, by someone ("ottilie can hand the keys back").
_HANDED_OVER: Final = frozenset({"hand"})


#: Adverbs between a question's subject and its verb ("did alice ever reply").
_QUESTION_ADVERBS: Final = frozenset("ever already still even never just also really".split())
#: Auxiliaries that open a question before its subject.
_QUESTION_AUXILIARIES: Final = frozenset("does did do can could will would should has have".split())


#: Labels of a line that are the speaker: notes of who does what ("me - chasing invoices").
_SPEAKER_LABELS: Final = frozenset({"me", "i", "us", "we"})


def _numbered_item(previous: Token, gap: str) -> bool:
    """The word opens a numbered item: the number opened the line, then "." or ")"."""
    return previous.line_start and previous.norm.isdigit() and bool(_ITEM_NUMBER_GAP.fullmatch(gap))


def _labels_line(tokens: list[Token], index: int) -> bool:
    """The word that opens a line of notes before a colon, or before a dash among people's.

    Notes label a line by who said or owns it; the word is no part of the sentence.
    """
    token = tokens[index]
    nxt = tokens[index + 1] if index + 1 < len(tokens) else None
    if token.raw.isupper() or sense(token.norm).calendar:
        return False  # "APRIL: board prep", "TODO:": a heading's label
    if not token.line_start or (nxt is not None and nxt.glued):
        return False
    if token.colon_after:
        return True  # "kit: relay scope frozen"
    # "autumn - off till weds" in notes where "me - ..." labels another line: who does
    # what; a line alone, or a list of things, glosses ("rose - pruned back hard")
    return token.dash_after and any(
        other.index != token.index
        and other.line_start
        and other.dash_after
        and other.norm in _SPEAKER_LABELS
        for other in tokens
    )


def _labels_a_listed_line(tokens: list[Token], first: int, last: int) -> bool:
    """Words that are the whole label of a line, among lines labelled alike.

    Pasted notes list what the writer tracks, a label and a dash or colon each
    ("gutter programme - 40 of 75 fitted" / "quillet - sills late").
    """
    if not tokens[first].line_start or not (tokens[last].dash_after or tokens[last].colon_after):
        return False
    return any(
        other.line_start and (other.dash_after or other.colon_after or _labels_at(tokens, other))
        for other in tokens
        if other.index < first or other.index > last
    )


def _labels_at(tokens: list[Token], start: Token) -> bool:
    """A line whose first few words end in a dash or colon ("dinghy rack - two bays left")."""
    for tok in tokens[start.index : start.index + _LABEL_WORDS]:
        if tok.index > start.index and (tok.line_start or not tok.glued):
            return False
        if tok.dash_after or tok.colon_after:
            return True
    return False


#: The most words a line's label runs to.
_LABEL_WORDS: Final = 4


def _signals_before(tokens: list[Token], first: int, last: int) -> list[str]:
    before = _previous_glued(tokens, first)
    if before is None or before.initial:
        return []  # "A. Vowles": an initial says nothing of the grammar
    if before.norm in HONORIFICS:
        return [HONORIFIC]
    if before.norm in ROLE_NOUNS and not before.possessive and not _role_then_verb(tokens, before):
        return [ROLE_NEARBY]  # "our CFO Grace"; "dad's will" is a thing dad has
    if before.norm in _BODY_KINDS and not before.possessive and tokens[first].capitalised:
        return [AFTER_ITS_KIND]  # "his firm Tollwick", "the band Quenby": in apposition
    if (verb := _person_verb_before(tokens, before, last)) is not None:
        return verb
    if before.norm in _CARE_VERBS and _cared_for(tokens, last):
        return [CARED_FOR]  # "who walks biscuit tonight": an animal looked after
    if (provider := _employer_or_supplier(tokens, before, last)) is not None:
        return [provider]
    if before.norm == "that" and _verb_follows(tokens, last):
        return []  # "odd that rookwood doesn't pay": "that" opens a clause
    if _our_own(tokens, first, before):
        return []  # "our Tomasz is running the raffle": a name, as families and teams say it
    if _pointed_at(tokens, first, last, before) or _it_is(tokens, last, before):
        return []  # "or is that Wendt?", "its ines, ...": the name is what "it" or "that" is
    if _determined(tokens, first):
        return (
            [AFTER_DETERMINER, DETERMINED_PHRASE]
            if _phrase_ends(tokens, last)
            else [AFTER_DETERMINER]
        )
    if first == last and (date := _date_reading(tokens, before, first)):
        return [date]
    if _sender_or_addressee(tokens, before, last):
        return [PERSON_VERB]  # "still waiting to hear from Jan", "a text to Odile"
    if _climate_before(tokens, before):
        return [LOCATIVE]  # "how hot is X in late July": the weather of a place
    place = first == last and sense(tokens[first].norm).place
    return [LOCATIVE] if _locative(tokens, before, place=place) else []


def _role_then_verb(tokens: list[Token], role: Token) -> bool:
    """Any one of a role, then a verb: "a client said", "the manager will sort it".

    The role noun is the subject and the word its verb, where "our CFO Grace" names her.
    """
    word = tokens[role.index + 1]
    finite_form = bool({"VBD", "VBZ"} & inflections(word.norm)) or word.norm in MODALS_BEFORE_VERB
    if word.capitalised or not finite_form:
        return False
    following = next_glued(tokens, word.index)
    if following is not None and finite(following.norm):
        return False  # "the accountant bill sent the figures": "sent" is the verb
    article = _previous_glued(tokens, role.index)
    return article is not None and article.norm in _ANY_ONE


#: Articles before a role noun that is the subject, not a title ("a client said", "the
#: manager will"); after "our" a role names its holder ("our CFO Grace").
_ANY_ONE: Final = frozenset("a an the some any another every each".split())


def _climate_before(tokens: list[Token], before: Token) -> bool:
    """A question of the weather before a place: "how hot is X in July" (a month after)."""
    if before.norm not in ("is", "does", "gets"):
        return False
    weather = _previous_glued(tokens, before.index)
    how = _previous_glued(tokens, weather.index) if weather is not None else None
    if weather is None or weather.norm not in _WEATHER or how is None or how.norm != "how":
        return False
    place = next_glued(tokens, before.index)  # "how cold is Ruth being" is about Ruth
    return place is not None and _in_a_time_of_year(tokens, place)


def _climate_after(tokens: list[Token], after: Token) -> bool:
    """The weather of a place in a month or a season asked of: "is X nice in October?".

    "keep X warm in winter" keeps someone warm: only a question's "is" opens it.
    """
    if after.norm not in _WEATHER or not _in_a_time_of_year(tokens, after):
        return False
    name = _previous_glued(tokens, after.index)
    asked = _previous_glued(tokens, name.index) if name is not None else None
    return asked is not None and asked.norm in ("is", "was")


def _in_a_time_of_year(tokens: list[Token], token: Token) -> bool:
    """The word "in" and a month or a season right after ``token`` ("in late July")."""
    word = next_glued(tokens, token.index)
    if word is None or word.norm != "in":
        return False
    word = next_glued(tokens, word.index)
    while word is not None and word.norm in _TIME_OF_YEAR_MODIFIERS:
        word = next_glued(tokens, word.index)
    if word is None or not (sense(word.norm).calendar or word.norm in SEASONS):
        return False
    # the question ends there ("in late July?", "in March or just wet"); "in January in that
    # flat" asks after someone living somewhere
    after = next_glued(tokens, word.index)
    return after is None or after.norm in ("or", "and")


#: Words of the weather a place has ("is X nice in October", "how hot is X in July").
_WEATHER: Final = frozenset(
    "hot cold warm wet rainy sunny dry humid windy snowy chilly mild freezing nice".split()
)
_TIME_OF_YEAR_MODIFIERS: Final = frozenset("late early mid the".split())


def _word_from_someone(tokens: list[Token], before: Token) -> bool:
    """The "from" of a word people send or hear: what follows is who sent it."""
    sent = _previous_glued(tokens, before.index)
    if sent is not None and sent.norm == "back":
        sent = _previous_glued(tokens, sent.index)  # "heard back from"
    if sent is not None and sent.norm in _SENT_TO:
        to = _previous_glued(tokens, sent.index)  # "a card to her from"
        sent = _previous_glued(tokens, to.index) if to is not None and to.norm == "to" else None
    return sent is not None and sent.norm in _WORD_FROM


def _sender_or_addressee(tokens: list[Token], before: Token, last: int) -> bool:
    """Who a word people send or say comes from, or goes to: "a text from May", "talk to Jan".

    Not a word heading a noun after it: "a letter to faith leaders" goes to the leaders.
    """
    if before.norm == "from":
        sent = _previous_glued(tokens, before.index)
        if sent is not None and sent.norm in _GOODS_FROM:
            return not (sense(tokens[last].norm).calendar or _fetched(tokens, sent))
        return _word_from_someone(tokens, before)
    return (
        before.norm == "to" and word_to_someone(tokens, before) and not _heads_a_noun(tokens, last)
    )


def _ring_a_thing(tokens: list[Token], before: Token, last: int) -> bool:
    """A "ring" before a word that heads a noun: "ring summer camp" rings the camp."""
    return before.norm in _RING and _heads_a_noun(tokens, last)


def _heads_a_noun(tokens: list[Token], last: int) -> bool:
    """The word before a noun it describes: "summer camp", "sterling silver", "anchor bolts".

    Not a word of time or manner after a name ("ring Hope tomorrow", "hiring from
    Sterling again").
    """
    nxt = next_glued(tokens, last)
    if nxt is None or nxt.capitalised or not nxt.norm.isalpha():
        return False
    word = sense(nxt.norm)
    if word.function or word.calendar or nxt.norm in _TIME_AFTER or not word.noun:
        return False
    return "ADV" not in word.readings


def word_to_someone(tokens: list[Token], before: Token) -> bool:
    """The "to" of a word people send or say: what follows is who it goes to."""
    said = _previous_glued(tokens, before.index)
    return said is not None and said.norm in _WORD_TO


def _date_reading(tokens: list[Token], before: Token, index: int) -> str:
    """The signal of a month or weekday read as a date after its preposition, or ""."""
    if _in_a_month(tokens, before, index):
        return IN_A_MONTH
    if _last_or_next(tokens, before, index):
        return RELATIVE_DATE
    return DATED if _dated(tokens, before, index) or _part_of(tokens, before, index) else ""


def _part_of(tokens: list[Token], before: Token, index: int) -> bool:
    """A month or a weekday with the part of it meant: "early April", "mid May", "late Friday".

    "the late April" is someone who has died, and "our early May" is hers.
    """
    if before.norm not in _PARTS_OF_A_TIME or not sense(tokens[index].norm).calendar:
        return False
    if tokens[index].possessive:
        return False  # "by late June's reckoning": hers
    owner = _previous_glued(tokens, before.index)
    return owner is None or owner.norm not in DETERMINERS


#: Words for the part of a month or a day: "early April", "mid May", "late Friday".
_PARTS_OF_A_TIME: Final = frozenset("early late mid".split())


def _last_or_next(tokens: list[Token], before: Token, index: int) -> bool:
    """A month or a weekday counted from now: "last August rained every day", "next June".

    Said so it is a date whatever follows, as a name never is; "the last June I knew" and
    "our next May" count people, "last June's" may be hers, and after "and" or "then" the
    word is a step in a sequence ("... and next June told us").
    """
    if before.norm not in _COUNTED_FROM_NOW or not sense(tokens[index].norm).calendar:
        return False
    if tokens[index].possessive:
        return False
    owner = _previous_glued(tokens, before.index)
    # "Tom spoke first and next June told us": "next" in a sequence, and June someone
    return owner is None or owner.norm not in DETERMINERS | _SEQUENCE_JOINERS


#: Words before "next" or "last" that make it a step in a sequence.
_SEQUENCE_JOINERS: Final = frozenset("and then or but".split())
#: Words that count a month or a weekday from now: "last August", "next Friday".
_COUNTED_FROM_NOW: Final = frozenset("last next".split())


def _in_a_month(tokens: list[Token], before: Token, index: int) -> bool:
    """A month or a weekday after "in": "two christenings in May at St Ives".

    No one is "in" a person, whatever follows, but for trust ("faith in April"); "in June's
    car" is hers.
    """
    if before.norm != "in" or tokens[index].possessive:
        return False
    held = _previous_glued(tokens, before.index)
    if held is not None and held.norm in _IN_SOMEONE:
        return False  # "faith in April", "confided in June": someone trusted
    return sense(tokens[index].norm).calendar


#: Words whose "in" takes a person: "faith in April", "confided in June".
_IN_SOMEONE: Final = frozenset(
    "faith trust confidence belief believe believes believed believing confide confides "
    "confided confiding interest interested invested".split()
)


def _dated(tokens: list[Token], before: Token, index: int) -> bool:
    """A month or a weekday as a date: "done by May", "until May", "the end of June".

    "the end of June" is a date whatever follows; after another preposition of time the
    word is one only where the clause stops there, or goes on with a date's own words ("by
    May 3", "by May I reckon"). "from" makes a date only of a range ("from May to
    July": a list "from June." is hers), and "sent by June" or "handed over by June" (an
    agent after a participle) stays open to a name, as does "after May rang".
    """
    if not sense(tokens[index].norm).calendar:
        return False
    after = next_glued(tokens, index)
    if before.norm == "of":
        head = _previous_glued(tokens, before.index)
        return head is not None and head.norm in _PARTS_OF_A_SPAN
    if before.norm == "from":
        return after is not None and _a_range_closes(tokens, after)
    if before.norm not in _TIME_PREPOSITIONS:
        return False
    if before.norm == "by" and _participle_before(tokens, before.index):
        return False
    return after is None or after.norm.isdigit() or after.norm in _AFTER_A_DATE


def _a_range_closes(tokens: list[Token], word: Token) -> bool:
    """The other end of a range "from" opened: "to July", "until the 9th", "onwards".

    "a note from June to the committee" goes to someone: only a date closes a range.
    """
    if word.norm == "onwards":
        return True
    if word.norm not in _RANGE_ENDS:
        return False
    end = next_glued(tokens, word.index)
    if end is not None and end.norm == "the":
        end = next_glued(tokens, end.index)
    return end is not None and (sense(end.norm).calendar or end.norm[:1].isdigit())


def _participle_before(tokens: list[Token], index: int) -> bool:
    """A past participle ends right before ``index``, maybe with its particle ("handed over")."""
    verb = _previous_glued(tokens, index)
    if verb is not None and verb.norm in _PARTICLES:
        verb = _previous_glued(tokens, verb.index)
    return verb is not None and bool(inflections(verb.norm) & {"VBN", "VBD"})


#: Prepositions of time before a month or a weekday ("from" only opens a range).
_TIME_PREPOSITIONS: Final = frozenset("by until till til since before after during".split())
#: Words that close a range "from" opened ("from May to July", "from June onwards").
_RANGE_ENDS: Final = frozenset("to till until through thru".split())
#: Particles between a participle and its agent ("handed over by", "signed off by").
_PARTICLES: Final = frozenset("off up over out down in back".split())
#: Nouns of a span that "of" ties to a month ("the end of April").
_PARTS_OF_A_SPAN: Final = frozenset("end start beginning middle rest half".split())
#: Words a clause goes on with after a date (subjects, conjunctions, a date's own words).
_AFTER_A_DATE: Final = frozenset(
    "i we you they he she it and but so or then at for as when if because though "
    "anyway hopefully latest probably maybe too either onwards the".split()
)


def _signals_after(tokens: list[Token], last: int) -> list[str]:
    after = next_glued(tokens, last)
    if after is None:
        return []
    if after.norm in NAME_SUFFIXES:
        return [NAME_SUFFIX]
    if _family_name_forgotten(tokens, after):
        return [PERSON_VERB]  # "tilly something", "leander whatshisname": someone's surname
    if _climate_after(tokens, after):
        return [LOCATIVE]
    if after.norm in PERSON_VERBS_AFTER or after.norm in _CALLED or _lands_at_a_time(tokens, after):
        return [PERSON_VERB]
    if _affiliation(tokens, after):
        return [AFFILIATION]
    if after.norm in _ANIMAL_DEEDS:
        return [ANIMAL_DEED]  # "biscuit barked all night"
    if _where_from_then_says(tokens, after):
        return [PERSON_VERB]
    if _adverb(after):
        following = next_glued(tokens, after.index)
        if following is not None and following.norm in PERSON_VERBS_AFTER:
            return [PERSON_VERB]
    if after.norm in MODALS_BEFORE_VERB or after.norm in _GOING_TO or after.norm in _NOT_DOING:
        # "Rusty will want to see this", "rusty is going to ask": then a verb only a person does
        following = _after_going_to(tokens, after)
        if following is not None and (_a_persons_deed(following) or _turns_up(tokens, following)):
            return [PERSON_VERB]  # every such verb's bare form: "sage will decide"
    if _obliged_to(tokens, after) or _a_perfect_deed(tokens, after):
        return [PERSON_VERB]  # "dawn needs to know", "rusty has agreed to it"
    if after.norm in _GOING_TO and _doing_a_persons_deed(tokens, after):
        return [PERSON_VERB]  # "thatcher is asking about the rota"
    return []


def _it_is(tokens: list[Token], last: int, before: Token) -> bool:
    """An "its" before a name that ends its phrase: "it's", its apostrophe left out.

    "its ines, the collie needs a trim" says who it is; "its grace period" is a thing's.
    """
    return before.norm == "its" and next_glued(tokens, last) is None


def _family_name_forgotten(tokens: list[Token], after: Token) -> bool:
    """A word that stands for a family name the speaker can't recall: "alex something".

    "whatshisname" and the like say so anywhere; "something" and "summat" only where the
    name ends its clause ("can you find the warden's number, tilly something"), not before
    more of it ("prices rose something like 5%").
    """
    if after.norm in FORGOTTEN_NAMES:
        return True
    if after.norm not in _FORGOTTEN_BY_A_PRONOUN or next_glued(tokens, after.index) is not None:
        return False
    # "need to mark something", "let's hope something": the word is a verb, "something" its
    # object
    before = _previous_glued(tokens, after.index - 1)
    return before is None or before.norm not in _BEFORE_A_VERB


#: A telephone call made, in the past: "hope rang", "marigold phoned" (a bell rings too, but
#: takes its article: "the bell rang").
_CALLED: Final = frozenset({"rang", "phoned"})
#: Words that end a name where the speaker forgot the rest of it, only when the name ends.
_FORGOTTEN_BY_A_PRONOUN: Final = frozenset({"something", "summat", "sumthing"})


def _doing_a_persons_deed(tokens: list[Token], be: Token) -> bool:
    """A person's deed or a call, in progress after "is" or "was": "is asking", "was texting"."""
    following = next_glued(tokens, be.index)
    if following is None or not following.norm.endswith("ing"):
        return False
    lemmas = sense(following.norm).verb_lemmas
    return bool(lemmas & (person_verb_lemmas() | _CONTACT_VERBS))


def _a_perfect_deed(tokens: list[Token], after: Token) -> bool:
    """A perfect of a verb only a person does: "rusty has agreed", "heath hasn't answered"."""
    if after.norm not in _PERFECT:
        return False
    following = next_glued(tokens, after.index)
    if following is not None and _adverb(following):
        following = next_glued(tokens, following.index)
    return following is not None and following.norm in PERSON_VERBS_AFTER


def _obliged_to(tokens: list[Token], after: Token) -> bool:
    """A need or a duty to do what only a person does: "needs to know", "will have to sign".

    The subject of "need to" or "have to" is the doer of the verb after it.
    """
    verb: Token | None = after
    if after.norm in MODALS_BEFORE_VERB:
        verb = next_glued(tokens, after.index)
        if verb is None or verb.norm not in ("need", "have"):
            return False
    elif after.norm not in _NEEDING:
        return False
    to = next_glued(tokens, verb.index) if verb is not None else None
    deed = next_glued(tokens, to.index) if to is not None and to.norm == "to" else None
    return deed is not None and _a_persons_deed(deed)


#: Verbs of need or duty that take "to" and a verb of their subject's: "needs to", "has to".
_NEEDING: Final = frozenset("need needs needed has have had".split())
_GOING_TO: Final = frozenset({"is", "was", "'s"})
#: Auxiliaries of the perfect, said or denied ("has agreed", "hasn't answered").
_PERFECT: Final = frozenset("has had have hasn't hadn't haven't".split())
#: A deed denied: "park didn't reply", "sunday won't answer" (then the verb's bare form).
_NOT_DOING: Final = frozenset(
    "didn't doesn't won't can't couldn't wouldn't shouldn't mustn't".split()
)
#: Verbs whose object is an animal someone keeps ("feed biscuit", "walk biscuit").
_CARE_VERBS: Final = frozenset(
    """
    feed feeds fed feeding walk walks walked walking groom grooms groomed worm wormed
    vaccinate vaccinated neuter neutered spay spayed microchip microchipped rehome rehomed
    foster fostered adopt adopted
    """.split()
)


def _cared_for(tokens: list[Token], last: int) -> bool:
    """The word ends its clause or a time follows: "who walks biscuit tonight", "feed it at 6".

    "feed nutmeg into the grinder", "walk nutmeg through the recipe" and "adopt nutmeg as
    the team colour" treat the word as a thing.
    """
    after = next_glued(tokens, last)
    return after is None or after.norm in _CARE_TIMES


#: Words of when, after an animal looked after ("walk biscuit tonight", "feed her at 6").
_CARE_TIMES: Final = frozenset(
    "tonight today tomorrow later first please again every each after before while when at "
    "on twice once this".split()
)
#: What only an animal does, right after its name ("biscuit barked at the postman").
_ANIMAL_DEEDS: Final = frozenset(
    """
    bark barks barked barking purr purrs purred purring meow meows meowed miaowed howled
    howls growled growls whined whines wagged wags
    """.split()
)


def _where_from_then_says(tokens: list[Token], after: Token) -> bool:
    """Where someone lives or works, then a verb only a person does: "gable from number 9 says".

    The phrase is a few words with no verb of its own ("wren across the road said").
    """
    if after.norm not in _WHEREABOUTS:
        return False
    token: Token | None = after
    for _ in range(_WHEREABOUTS_REACH):
        token = _next_in_address(tokens, token) if token is not None else None
        if token is None or token.possessive:
            return False
        if token.norm in PERSON_VERBS_AFTER:
            return True
        if finite(token.norm) and not sense(token.norm).noun:
            return False
    return False


def _next_in_address(tokens: list[Token], token: Token) -> Token | None:
    """The next word of the phrase: "no. 14" keeps its number past the abbreviation's period."""
    following = next_glued(tokens, token.index)
    if following is None and token.norm == "no" and token.index + 1 < len(tokens):
        number = tokens[token.index + 1]
        return number if number.norm.isdigit() else None
    return following


#: Words that open where someone lives or works ("from number 9", "next door"); "in" and
#: "at" say where a thing is too ("penny in the jar says 1987").
_WHEREABOUTS: Final = frozenset("from next upstairs downstairs across".split())
#: Words of that phrase searched for the verb after it.
_WHEREABOUTS_REACH: Final = 4


def _after_going_to(tokens: list[Token], after: Token) -> Token | None:
    """The verb after a modal, or after "is going to" ("... is going to ask")."""
    following = next_glued(tokens, after.index)
    if after.norm not in _GOING_TO:
        return following
    words = [following]
    for _ in range(2):
        last = words[-1]
        words.append(next_glued(tokens, last.index) if last is not None else None)
    going, to, verb = words
    if going is None or to is None or going.norm != "going" or to.norm != "to":
        return None
    return verb


def _affiliation(tokens: list[Token], after: Token) -> bool:
    """A person and where they work: "Lincoln from Harbourview", "Ana at Brightline".

    A place after "from" or "at" is an origin or a location, not an employer ("Austin from
    Dallas").
    """
    if after.norm not in ("from", "at"):
        return False
    where = next_glued(tokens, after.index)
    if where is None or sense(where.norm).place:
        return False
    if where.capitalised or where.norm in _WHERE_PEOPLE_MEET:
        return True  # "Sorrel from work", "tam from book club"
    if where.norm == "the" and _a_group_follows(tokens, where):
        return True  # "Heath from the church choir", "Tam at the sailing club"
    said = next_glued(tokens, where.index)  # "joy from community said ...": a team
    return said is not None and said.norm in PERSON_VERBS_AFTER


def _employer_or_supplier(tokens: list[Token], before: Token, last: int) -> str | None:
    """Where someone named works ("zubeida from shale"), or whom goods or a job come from.

    "hiring from sterling again", "we're going with sterling", "ordered it through quell":
    after a verb of buying, hiring or choosing, "from", "with", "through" or "via" brings in
    the business it is done with.
    """
    if _employer(tokens, before):
        return EMPLOYER
    if before.norm not in _SUPPLIED_BY:
        return None
    verb = _previous_glued(tokens, before.index)
    if verb is not None and verb.norm in _OBJECT_WORDS:
        verb = _previous_glued(tokens, verb.index)  # "ordered it from", "bought them via"
    elif verb is not None and before.norm == "from":
        verb = _before_what_was_got(tokens, verb)  # "rent a van from", "order six crates from"
    if verb is None:
        return None
    chose = before.norm == "with" and verb.norm in _CHOOSING_VERBS  # "going with", not "via"
    if _heads_a_noun(tokens, last):
        return None  # "going with sterling silver": the silver
    return SUPPLIER if verb.norm in _TRADING_VERBS or chose else None


def _before_what_was_got(tokens: list[Token], last: Token) -> Token | None:
    """The word before a short object ending at ``last``: "hire [a bike]", "order [two pallets]".

    The object opens with an article, a number or "some" and runs a word or two more; when no
    such object ends at ``last``, ``last`` itself is the verb's place.
    """
    word: Token | None = last
    for _ in range(_OBJECT_REACH):
        if word is None or word.capitalised:
            return last
        if word.norm in _OBJECT_OPENERS or word.norm.isdigit():
            return _previous_glued(tokens, word.index)
        word = _previous_glued(tokens, word.index)
    return last


#: The most words of an object between a verb of trading and its "from" ("a new bike").
_OBJECT_REACH: Final = 3
#: What opens such an object: an article, "some", a number in words.
_OBJECT_OPENERS: Final = frozenset("a an the some two three four five six ten".split())


def _employer(tokens: list[Token], before: Token) -> bool:
    """After "from" that follows a person's name: "zubeida from shale", "Ana from X".

    The name is a word no dictionary has ("zubeida", "Ana"), and no day, month or place ("see
    you Monday from ..."). "at" also takes a time ("Ana at sunrise"), so only "from" counts.
    """
    if before.norm != "from":
        return False
    person = _previous_glued(tokens, before.index)
    if person is None or person.possessive or not person.norm.isalpha():
        return False
    word = sense(person.norm)
    return not (word.known_word or word.place)


def _a_group_follows(tokens: list[Token], the: Token) -> bool:
    """A group of people or a service closes the phrase after "the" within three words."""
    following: Token | None = the
    for _ in range(3):
        following = next_glued(tokens, following.index) if following is not None else None
        if following is None:
            return False
        if following.norm in _GROUPS or following.norm in _SERVICES:
            return True
    return False


#: Groups of people one is "from": "from the church choir", "at the sailing club".
_GROUPS: Final = frozenset(
    "group team club society committee choir band class office department crew union "
    "council board charity league".split()
)
#: Businesses and services someone comes from to the user: "kasimir from the depot", "Ana at
#: the surgery".
_SERVICES: Final = frozenset(
    "courier couriers garage surgery clinic hospital bank pharmacy agency depot printers"
    " lettings estate".split()
)
#: Places one knows people from: "X from work" is a colleague, whatever X is.
_WHERE_PEOPLE_MEET: Final = frozenset("work school uni college church gym nursery".split())
#: Kinds of firm or group a name follows in apposition ("his firm Tollwick").
_BODY_KINDS: Final = frozenset(
    "firm company business agency studio practice charity band choir club shop bakery "
    "restaurant cafe café pub brewery supplier contractor builders landlord lender bank".split()
)
#: Verbs that take "in" as a particle before a person ("loop in Oswy", "copy in Sam").
VERBS_WITH_IN: Final = frozenset(
    "loop looped looping bring brought bringing rope roped roping fill filled filling let "
    "letting call called calling pull pulled pulling keep kept keeping cc cc'd copy copied "
    "copying".split()
)
#: Modals between a subject and its bare verb.
MODALS_BEFORE_VERB: Final = frozenset("will would can could should must might may 'll".split())
#: Words before a verb's plain form: "to", a modal, "let's", a subject pronoun.
_BEFORE_A_VERB: Final = (
    MODALS_BEFORE_VERB | SUBJECT_PRONOUNS | frozenset("to let's lets let 'd".split())
)
#: The bare form of a person's verb and its third-person form ("want" -> "wants").
PERSON_VERB_FORMS: Final = {
    verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb: verb
    for verb in PERSON_VERBS_AFTER
    if verb.endswith("s")
}


def _speakers_own(tokens: list[Token], first: int) -> bool:
    """A phrase the speaker's group owns: "our house rules", "our usual interview loop"."""
    before = _previous_glued(tokens, first)
    if before is not None and before.norm not in ("our", "my"):
        before = _previous_glued(tokens, before.index)
    return before is not None and before.norm in ("our", "my")


def _definite(tokens: list[Token], first: int, last: int) -> bool:
    """Several words right after "the" and opening with none: "the copper desk".

    A definite description the speaker does not introduce presumes the hearer knows which
    thing it is; when it is a page's whole title, the hearer's memory is that page. One
    that a phrase or clause after it identifies presumes nothing ("the weekly review of my
    budget", "the copper desk that we ordered").
    """
    if tokens[first].norm == "the":  # a title that has its article: "The Old Mill"
        pass  # "the foundry" is any foundry unless the page's own alias says so (_evidence)
    else:
        before = _previous_glued(tokens, first)
        if before is None or before.norm != "the" or tokens[first].norm in DETERMINERS:
            return False
    after = next_glued(tokens, last)
    one_word = last == first + 1 if tokens[first].norm == "the" else last == first
    if one_word and after is not None and _a_noun_goes_on(after):
        # "how long does the heron dance last": the phrase is "the heron dance"; a title of several
        # words is known whole as a modifier too ("the rainbow garden stuff")
        return False
    if after is not None and after.norm == "that":
        # "the open day that week": "that" is the next phrase's determiner, no relative
        following = next_glued(tokens, after.index)
        return (
            following is not None
            and following.norm not in FUNCTION_WORDS
            and sense(following.norm).noun
            and not finite(following.norm)
        )
    return after is None or after.norm not in _IDENTIFYING


def _a_noun_goes_on(after: Token) -> bool:
    """A lowercase noun that no singular subject's verb can be: the phrase runs on into it."""
    if after.capitalised:
        return False
    word = sense(after.norm)
    if word.function or word.calendar or not word.readings <= {"NOUN", "VERB"}:
        return False
    return "NOUN" in word.readings and not finite(after.norm)


#: Words after a noun phrase that say which one it is: "of", or a relative clause.
_IDENTIFYING: Final = frozenset("of that which who whom whose where".split())


def _person_verb_before(tokens: list[Token], before: Token, last: int) -> list[str] | None:
    """A verb that takes a person right before the mention, if one: its evidence, or none."""
    if _a_person_verb(before) and not _determined(tokens, before.index):
        # "phone Tamsin", but not "the phone socket" (a noun there), nor "ring summer camp"
        return [] if _ring_a_thing(tokens, before, last) else [PERSON_VERB]
    if _made_to(tokens, before, last):
        return [PERSON_VERB]  # "let dawn know", "get dawn to sort it": whom one has act
    if before.norm == "with" and _talked_with(tokens, before):
        # "i'll check with des", "catch up with hope"; not "with sunny forecast", "with ivy
        # growing": a word before a noun or a participle it describes
        return (
            []
            if _heads_a_noun(tokens, last) or _a_participle_after(tokens, last)
            else [PERSON_VERB]
        )
    return None


def _made_to(tokens: list[Token], before: Token, last: int) -> bool:
    """Whom one lets know, or gets to do something: "let dawn know", "get dawn to ring them".

    "let" before "know" or "see", "get" before "to" and a verb only a person does.
    """
    after = next_glued(tokens, last)
    if after is None:
        return False
    if before.norm in ("let", "lets") and after.norm in ("know", "see"):
        return True
    if before.norm not in ("get", "got", "getting") or after.norm != "to":
        return False
    verb = next_glued(tokens, after.index)
    return verb is not None and _a_persons_deed(verb)


def _a_person_verb(word: Token) -> bool:
    """A verb that takes a person, in any of its forms: "meet", "meeting", "emails"."""
    if word.norm in PERSON_VERBS_BEFORE:
        return True
    if not word.norm.endswith(("ing", "s")):
        return False  # a past form is listed as such ("met", "rang")
    lemmas = sense(word.norm).verb_lemmas
    return bool(lemmas) and lemmas <= PERSON_VERBS_BEFORE


def _a_participle_after(tokens: list[Token], last: int) -> bool:
    """An "-ing" form right after the word: "ivy growing over the fence" is the plant."""
    nxt = next_glued(tokens, last)
    return nxt is not None and nxt.norm.endswith("ing") and "VERB" in sense(nxt.norm).readings


def _talked_with(tokens: list[Token], joint: Token) -> bool:
    """A verb of talking things over before "with": one does that with someone."""
    verb = _previous_glued(tokens, joint.index)
    if verb is not None and verb.norm in _PARTICLE_TALK:
        particle, verb = verb, _previous_glued(tokens, verb.index)
        return verb is not None and verb.norm in _PARTICLE_TALK[particle.norm]
    return verb is not None and verb.norm in _TALK_WITH


#: Verbs of talking things over that take "with" and a person: "check with des".
_TALK_WITH: Final = frozenset(
    """
    check checked checking speak spoke speaking talk talked talking chat chatted chatting
    liaise liaised liaising consult consulted consulting
    """.split()
)
#: The same with a particle between: "catch up with", "follow up with", "touch base with".
_PARTICLE_TALK: Final = {
    "up": frozenset("catch caught catching follow followed following".split()),
    "base": frozenset("touch touched touching".split()),
}


def _previous_glued(tokens: list[Token], index: int) -> Token | None:
    if index > 0 and tokens[index].glued:
        return tokens[index - 1]
    return None


def _verb_follows(tokens: list[Token], last: int) -> bool:
    after = next_glued(tokens, last)
    return after is not None and finite(after.norm)


def _pointed_at(tokens: list[Token], first: int, last: int, before: Token) -> bool:
    """A capitalised name after a question's "is that": who "that" is, no determiner.

    "is that Wendt?", "or was this Priya", "is that Ottilie at the desk?": the demonstrative is
    the subject of "is" and the name its complement: nothing before "is that" asks for
    another ("how", "what"), and the clause ends on the name or says where they are. "is
    that Ford a diesel?" runs on, and in "how old is that Ford?" the question has its own
    complement: a determiner in both.
    """
    if before.norm not in _DEMONSTRATIVES or not tokens[first].capitalised:
        return False
    verb = _previous_glued(tokens, before.index)
    following = next_glued(tokens, last)
    if verb is None or verb.norm not in _BE_ASKED:
        return False
    opener = _previous_glued(tokens, verb.index)
    if opener is not None and sense(opener.norm).noun and not sense(opener.norm).function:
        return False  # "the good news is that Summer ...": a clause "that" opens
    if following is not None and following.norm not in _WHERE_OR_WHO:
        return False  # "is that Ford a diesel?": the determiner's noun, and its complement
    earlier: Token | None = _previous_glued(tokens, verb.index)
    while earlier is not None:
        if earlier.norm in _ASKING:
            return False  # "how old is that Ford?": the question has its own complement
        earlier = _previous_glued(tokens, earlier.index)
    return True


#: Words after the name that say where the one pointed at is, or which one: "is that Ottilie
#: at the desk?", "was that Priya from accounts?", "is that Ana on the phone?" ("in" as often
#: places a thing: "is that Ford in the garage yours?").
_WHERE_OR_WHO: Final = frozenset("from at on with who".split())
#: Demonstratives that point at someone as the subject of "is".
_DEMONSTRATIVES: Final = frozenset({"that", "this"})
#: Words that ask for something other than who "that" is ("how old is that Ford").
_ASKING: Final = frozenset("how what which where when why who whose".split())
#: Forms of "be" that open a question about who something is.
_BE_ASKED: Final = frozenset({"is", "was", "isn't", "wasn't"})


def _our_own(tokens: list[Token], first: int, before: Token) -> bool:
    """After "our" or "my", one capitalised word no dictionary has: "our Tomasz", "my Ines".

    Typed in lowercase, a given name no dictionary has ("our shauna").

    People say it of family and teammates; a product ("my Kindle") or a thing ("our
    Garden") is a word the lexicon knows, unless it is a given name as well ("our Jasper
    would know").
    """
    token = tokens[first]
    if before.norm not in ("our", "my") or token.sentence_start:
        return False
    word = sense(token.norm)
    if word.function or word.calendar or word.place:
        return False
    if not token.capitalised:
        # "our niamh could do it": typed fast, a given name no dictionary has
        return not word.lexical and bool(given_name_pronoun(token.norm))
    if not word.lexical:
        return True
    return bool(given_name_pronoun(token.norm)) and not _says_what_it_is(tokens, token)


def _says_what_it_is(tokens: list[Token], token: Token) -> bool:
    """The noun, with what it holds in a clause after "is": "our hope is that ...".

    "our Jasper is a joiner" says who he is; "my hope is we finish" what the hope is.
    """
    verb = next_glued(tokens, token.index)
    opener = next_glued(tokens, verb.index) if verb is not None else None
    if verb is None or opener is None or verb.norm not in ("is", "was"):
        return False
    return opener.norm in _WHAT_IT_HOLDS


#: What opens a clause after "is": "that", or the clause's subject.
_WHAT_IT_HOLDS: Final = SUBJECT_PRONOUNS | {"that"}


def _determined(tokens: list[Token], first: int) -> bool:
    """A determiner before the word, possibly across adjectives ("a decent lantern")."""
    index = first
    for _ in range(3):
        before = _previous_glued(tokens, index)
        if before is None or before.possessive or before.initial:
            return False  # "A. Vowles": an initial, no article
        if before.norm in DETERMINERS:
            return True
        word = sense(before.norm)
        if before.capitalised or word.function:
            return False
        strengthens = index != first and intensifies(before, tokens[index])
        if not (word.adjective or strengthens):
            return False  # "a brand new kia": "brand" makes "new" stronger
        index = before.index
    return False


def _phrase_ends(tokens: list[Token], last: int) -> bool:
    """Nothing but a function word or punctuation follows: the word ends its noun phrase.

    "one" or "do" after a capitalised name, or a name the frequency list knows and no
    dictionary does, stands for the noun it modifies: "the Quennell one", "the Quennell do",
    "the kershaw one" (a "guillemot one" is any guillemot, a word too rare for the list).
    """
    after = next_glued(tokens, last)
    if after is None or after.norm not in FUNCTION_WORDS:
        return after is None
    word = sense(tokens[last].norm)
    name = tokens[last].capitalised or (not word.lexical and word.zipf > 0)
    return not (after.norm in _PRO_NOUNS and name)


#: Words that stand for a noun after a name ("the Quennell one", "the Quennell do").
_PRO_NOUNS: Final = frozenset({"one", "ones", "do"})


def _locative(tokens: list[Token], before: Token, *, place: bool = False) -> bool:
    """In a place: "in X", or "to X" / "from X" after a word of travel ("flying to X").

    "in" after a verb it makes a phrasal verb of ("loop in X", "bring in X") is no place.
    A direction between the journey and its "to" ("heading up to X") counts for a ``place``
    the word lists know only: "head over to Kjell" is as often a visit to someone.
    """
    if before.norm in LOCATIVE_PREPOSITIONS:
        verb = _previous_glued(tokens, before.index)
        return not (before.norm == "in" and verb is not None and verb.norm in VERBS_WITH_IN)
    if before.norm == "on":
        stay = _previous_glued(tokens, before.index)  # "away on X", "a wedding on X": an island
        return stay is not None and stay.norm in _STAYING_ON
    if before.norm not in ("to", "from", "into", "through", "via"):
        return False
    travel = _previous_glued(tokens, before.index)
    if travel is not None and travel.capitalised and sense(travel.norm).place:
        return True  # "from London to X": the other end of a journey
    if travel is not None and travel.norm == "back" and _heard_back(tokens, travel.index):
        return False  # "got the redlines back from Brennan": from whom, not from where
    if travel is not None and travel.norm == "off":
        return _setting_off(tokens, travel.index)  # "we're off to X", "set off to X"
    if travel is not None and travel.norm in _HEADINGS and before.norm == "into":
        return True  # "going up into X": no one goes up into a person, as one runs into one
    if travel is not None and travel.norm in _HEADINGS and place:
        # "heading up to X", "driving down to X": the journey's direction between; "went up
        # to X" and "came over to X" may approach someone, so only a word of travel proper
        mover = _previous_glued(tokens, travel.index)
        return mover is not None and mover.norm in MOTION_WORDS and mover.norm not in _APPROACH
    return travel is not None and travel.norm in MOTION_WORDS


#: Directions a journey takes between its verb and "to": "heading up to", "flying out to"
#: ("over to" and "round to" are as often a visit: "heading over to Charlotte's").
_HEADINGS: Final = frozenset("up down out across north south east west".split())
#: Verbs of motion that also approach a person: "went up to X at the bar", "came over to X".
_APPROACH: Final = frozenset("go going went gone come coming came back".split())


#: Words after which "on X" is where someone is: an island ("away on X", "born on X"); not
#: "stay on X" (keep after someone) or "based on X".
_STAYING_ON: Final = frozenset(
    "away holiday holidays holidaying live lives lived living born raised wedding honeymoon".split()
)


def _setting_off(tokens: list[Token], off: int) -> bool:
    """The "off" of a journey: "we're off to", "she's off to", "set off to", "Off to ...".

    A journey's "off" follows its traveller: a person, or a word of travel. "the contract
    is off to X" and "sent it off to X" are sent to someone.
    """
    before = _previous_glued(tokens, off)
    if before is None:
        return tokens[off].sentence_start  # "Off to Geneva tomorrow!"
    if before.norm in _TRAVELLERS_BEING or before.norm in MOTION_WORDS:
        return True
    if before.norm in _SETTING_OUT:
        return True
    if before.possessive:  # "she's off", "dad's off", "Wilf's off": somebody is
        return (
            before.norm in _TRAVELLERS
            or before.norm in FAMILY_WORDS
            or (before.capitalised and not before.sentence_start)
        )
    if before.norm in _BEING:  # "we are off", not "the contract is off"
        subject = _previous_glued(tokens, before.index)
        return subject is not None and subject.norm in _TRAVELLERS
    return False


#: Words people send, from someone and to someone: "a text from May", "a card to Jan".
_WORDS_SENT: Final = frozenset(
    "text texts email emails message messages letter letters note card reply replies invite "
    "invitation".split()
)
#: What people hear or get from someone: "heard from X", "a text from X", "an email from X".
_WORD_FROM: Final = _WORDS_SENT | frozenset("hear heard hearing call calls voicemail".split())


def _fetched(tokens: list[Token], goods: Token) -> bool:
    """Goods a verb of fetching takes: "pick up the order from chandler" is where it waits."""
    start = max(goods.index - _FETCH_REACH, 0)
    return any(tok.norm in _FETCHING for tok in tokens[start : goods.index])


#: Verbs of fetching, a few words before the goods they take ("pick up the big order").
_FETCHING: Final = frozenset(
    "pick picked picking collect collected collecting fetch fetched fetching get got getting"
    " grab grabbed grabbing".split()
)
_FETCH_REACH: Final = 4
#: What a supplier sends: "the box from X came", "an invoice from X" ("the quotes from
#: jan" are January's).
_GOODS_FROM: Final = frozenset(
    "invoice invoices quote quotes parcel parcels package packages delivery deliveries box"
    " boxes order orders".split()
)
#: "ring" and "rang": a verb that takes a person, unless the word after it heads a noun.
_RING: Final = frozenset({"ring", "rang"})
#: Nouns of time after a name that it describes nothing of: "ring Hope tomorrow".
_TIME_AFTER: Final = frozenset(
    "tomorrow tonight today yesterday later now again first back instead anyway".split()
)
#: Prepositions that bring in a business after a verb of trade: "from", "with", "through".
_SUPPLIED_BY: Final = frozenset("from with through via".split())
#: Verbs of buying or hiring from a business ("hiring from", "booked with", "ordered via").
_TRADING_VERBS: Final = frozenset(
    "hire hiring hired order ordering ordered buy buying bought source sourcing sourced book "
    "booking booked rent renting rented lease leasing leased insure insuring insured".split()
)
#: Verbs of choosing one, before "with" only ("going with", "stick with"; "going via" travels).
_CHOOSING_VERBS: Final = frozenset(
    "going went gone go stick sticking stuck stay staying stayed".split()
)
#: Objects between such a verb and its preposition: "ordered it from", "bought them through".
_OBJECT_WORDS: Final = frozenset("it them one some".split())
#: Words people send or say to someone, before "to" and whom: "a text to Odile".
_WORD_TO: Final = _WORDS_SENT | frozenset(
    "talk talked talking speak spoke spoken speaking chat chatted chatting write wrote written "
    "writing mention mentioned mentioning flag flagged flagging explain explained explaining "
    "say said saying".split()
)
#: Whom a word people send goes to, between it and its "from": "a card to her from".
_SENT_TO: Final = frozenset("me him her them us you".split())
#: Forms of "be" a traveller's "off" follows.
_BEING: Final = frozenset("is are am was were be been being".split())
#: A traveller and "be" in one contracted word ("we're off to").
_TRAVELLERS_BEING: Final = frozenset("we're i'm you're they're".split())
#: Subjects of "be off" that travel (the pronouns of people).
_TRAVELLERS: Final = frozenset("i we you they he she".split())
#: Verbs that set out on a journey with "off".
_SETTING_OUT: Final = frozenset(
    "set sets setting jet jets jetted jetting swan swans swanned swanning".split()
)


#: Verbs that get something back from someone: "heard back from X", "got it back from X".
_RECEIVING: Final = frozenset("hear heard hearing get got getting received receive".split())


def _heard_back(tokens: list[Token], back: int) -> bool:
    return any(tok.norm in _RECEIVING for tok in tokens[max(back - 4, 0) : back])


def opens_its_sentence(tokens: Sequence[Token], index: int) -> bool:
    """The word opens its sentence, maybe after a word that only moves the talk on ("oh")."""
    if tokens[index].sentence_start or tokens[index].line_start:
        return True
    before = tokens[index - 1] if index else None
    return (
        before is not None
        and before.norm in MOVING_ON
        and (before.sentence_start or before.line_start)
    )


def next_glued(tokens: list[Token], index: int) -> Token | None:
    """The word right after ``tokens[index]`` in the same phrase, if any."""
    if index + 1 < len(tokens) and tokens[index + 1].glued:
        return tokens[index + 1]
    return None


def _adverb(token: Token) -> bool:
    """A word that may stand between a subject and its verb ("Grace also said")."""
    return token.norm in INTERVENING_ADVERBS or (token.norm.endswith("ly") and len(token.norm) > 4)


def _as_role(tokens: list[Token], last: int) -> bool:
    """A role the person is given: "add sydney as owner", "Kit as the new lead"."""
    word = next_glued(tokens, last)
    if word is None or word.norm != "as":
        return False
    role = next_glued(tokens, word.index)
    if role is not None and role.norm in ("the", "a", "an", "our", "their", "new"):
        role = next_glued(tokens, role.index)
    return role is not None and role.norm in _GIVEN_ROLES


#: Roles a person is given for a task ("as owner", "as reviewer"), besides job titles.
_GIVEN_ROLES: Final = ROLE_NOUNS | frozenset(
    "owner reviewer approver sponsor contact dri moderator host speaker organiser organizer "
    "signatory lead point".split()
)


def _versioned(tokens: list[Token], after: Token) -> bool:
    """A version after the word: "v2", or a bare "0.9" that ends its phrase (no unit after).

    A verb may follow it ("since quill 2.1 shipped", "quill 2.1 crashes"), not a unit.
    """
    if VERSION.fullmatch(after.norm):
        return True
    if not BARE_VERSION.fullmatch(after.norm):
        return False
    unit = next_glued(tokens, after.index)
    if unit is None or unit.norm in FUNCTION_WORDS:
        return True
    return finite(unit.norm) and unit.norm not in _UNITS  # "iron 2.5 tablets" is a dose


def _the_role(tokens: list[Token], last: int) -> bool:
    """The name, then "the" and a role noun: "Thorn the DJ", "mo the new plumber".

    A word or two may say which such one they are ("the yard manager", "the sous chef"); a
    function word or a mark between ends the phrase ("the day the plumber came").
    """
    article = next_glued(tokens, last)
    if article is None or article.norm != "the":
        return False
    role = next_glued(tokens, article.index)
    modified = False
    for _ in range(_ROLE_MODIFIERS):
        if role is None or role.norm in ROLE_NOUNS or role.norm in FUNCTION_WORDS:
            break
        role, modified = next_glued(tokens, role.index), True
    if role is None or role.norm not in ROLE_NOUNS:
        return False
    # "nudge the night porter again", "mark the lodger as paid": a verb and its
    # object; in apposition the phrase ends, or the clause's verb follows it
    after = next_glued(tokens, role.index)
    ends = after is None or finite(after.norm)  # "Lance the yard manager is in", "... will"
    return ends and not (modified and _a_verbs_place(tokens, last))


def _a_verbs_place(tokens: list[Token], index: int) -> bool:
    """The word stands where a verb does: after a modal, "to", "pls" or a subject pronoun."""
    before = _previous_glued(tokens, index)
    return before is not None and (
        before.norm in MODALS_BEFORE_VERB
        or before.norm in _BEFORE_A_VERB
        or before.norm in ("pls", "please", "plz")
        or before.norm.endswith(("'ll", "’ll"))
    )


def _role_said(tokens: list[Token], first: int, last: int) -> bool:
    """A role said of the name beside it: in apposition, "as" one, or who holds one."""
    return (
        _appositive_role(tokens, last)
        or _as_role(tokens, last)
        or _the_role(tokens, last)
        or _who_holds_the_role(tokens, first, last)
    )


def _who_holds_the_role(tokens: list[Token], first: int, last: int) -> bool:
    """Said to be who holds a role: "our CTO there is ivo", "the treasurer is ottilie".

    "Is" after someone's role says who they are; an adjective says what they are like
    ("my boss is frank with me"), so a word that can be one is left to other evidence.
    """
    verb = _previous_glued(tokens, first)
    if verb is None or verb.norm not in ("is", "was") or verb.possessive:
        return False
    if first == last and sense(tokens[first].norm).adjective:
        return False
    after = next_glued(tokens, last)
    if after is not None and after.norm in _OBJECTS_AFTER_A_VERB:
        return False  # "the trick is mark them all as done": a verb and its object
    role = _previous_glued(tokens, verb.index)
    if role is not None and role.norm in ("there", "here", "now"):
        role = _previous_glued(tokens, role.index)  # "my contact there is ..."
    if role is None or not {role.norm, role.typed} & _HELD_ROLES:
        return False  # as typed too: "carer" is no slip for "career"
    owner = _previous_glued(tokens, role.index)
    return owner is not None and owner.norm in _ROLE_OWNERS


#: Roles someone is said to hold: a job ("my PM", "the organiser"), not a task's part.
_HELD_ROLES: Final = ROLE_NOUNS | frozenset("pm contact organiser organizer host sponsor".split())
#: Pronouns and articles that open a verb's object: "... is mark them as read".
_OBJECTS_AFTER_A_VERB: Final = frozenset("them it him her me us the a an".split())
#: Words that make a role someone's or a particular one: "my PM", "the organiser".
_ROLE_OWNERS: Final = frozenset("my our your their his her the new".split())
#: Words that may stand between "the" and a role noun after a name: "the yard manager".
_ROLE_MODIFIERS: Final = 2


def _lands_at_a_time(tokens: list[Token], verb: Token) -> bool:
    """Landing at a time, as a traveller does ("adelaide lands at 7:50"); not a flight's.

    Things land somewhere ("rose lands in the gutter"), and "the lagos flight ... lands at 9"
    is the flight's.
    """
    if verb.norm not in ("lands", "landed", "landing"):
        return False
    when = next_glued(tokens, verb.index)
    if when is None:
        return False
    at_a_time = when.norm in _LANDING_TIMES or (
        when.norm in ("at", "on", "around", "about")
        and (nxt := next_glued(tokens, when.index)) is not None
        and (nxt.norm[:1].isdigit() or sense(nxt.norm).calendar or nxt.norm in _LANDING_TIMES)
    )
    return at_a_time and not any(tok.norm in _FLIGHTS for tok in tokens)


#: Times a traveller lands: "lands tomorrow", "landed tonight".
_LANDING_TIMES: Final = frozenset(
    "today tonight tomorrow tmrw morning afternoon evening noon".split()
)
#: Words that make the landing a flight's.
_FLIGHTS: Final = frozenset("flight flights plane planes jet ferry".split())


def _has_done(tokens: list[Token], mention: Token) -> list[str]:
    """The "'s" as "has" before a person's past participle: "chandler's emailed the landlord".

    A participle of liking or knowing, or one before "by", is the passive's ("ivy's hated by
    every gardener", "sage's preferred in the stuffing"): the "'s" is "is".
    """
    if not mention.contracted:
        return []
    done = next_glued(tokens, mention.index)
    if done is None or done.norm not in PERSON_VERBS_AFTER or not done.norm.endswith("ed"):
        return []
    if done.norm in _OF_LIKING_OR_KNOWING:
        return []
    by = next_glued(tokens, done.index)
    return [] if by is not None and by.norm == "by" else [PERSON_VERB]


#: Participles a thing is as often as a person ("sage's preferred", "bay's noted for").
_OF_LIKING_OR_KNOWING: Final = frozenset("liked loved hated preferred felt believed noted".split())


def _kind_of_animal_beside(tokens: list[Token], last: int) -> bool:
    """An aside or a dash, then a kind of animal within a few words: a pet's name.

    "nutmeg (vizsla) - 10am", "nutmeg - samoyed, nails", "nutmeg, the dalmatian".
    """
    if last + 1 >= len(tokens):
        return False
    following = tokens[last + 1]
    aside = following.paren_before or tokens[last].dash_after
    if not (aside or following.comma_before):
        return False
    determined = False
    for offset in range(1, APPOSITIVE_REACH + 1):
        index = last + offset
        if index >= len(tokens) or (offset > 1 and not tokens[index].glued):
            return False
        determined = determined or tokens[index].norm in DETERMINERS
        if tokens[index].norm in ANIMAL_KINDS:
            # the kind closes its aside ("(lab grade)", "- chicken goes in" go on), and after
            # a comma it takes its article ("pepper, chicken, rice" is a list of food)
            after = tokens[index + 1] if index + 1 < len(tokens) else None
            closes = after is None or not after.glued or after.comma_before
            return closes and (aside or determined)
    return False


def _appositive_role(tokens: list[Token], last: int) -> bool:
    """A comma or a parenthesis, then a role noun within a few words, nothing between.

    "Grace, our CFO", "Thorn (our club captain)".
    """
    if last + 1 >= len(tokens):
        return False
    if not (tokens[last + 1].comma_before or tokens[last + 1].paren_before):
        return False
    if tokens[last + 1].paren_before and tokens[last + 1].norm == "my":
        return True  # "Sorrel (my job share)": what the person is to the speaker
    for offset in range(1, APPOSITIVE_REACH + 1):
        index = last + offset
        if index >= len(tokens) or (offset > 1 and not tokens[index].glued):
            return False
        if tokens[index].norm in ROLE_NOUNS:
            return True
    return False
