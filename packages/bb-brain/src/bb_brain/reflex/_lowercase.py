"""The lowercase channel: words typed without capitals that may still be names.

A single lowercase word is an alias of a page only when nothing makes it an ordinary word in
an ordinary construction: after a determiner with nothing name-like following ("the lantern
in the lobby", "my compass on"), or after a modal, "to" or "let's" with a determiner following
("should pilot the form"). Names take neither construction ("the alice in", "to alice the"),
while a lowercase nickname used as a modifier ("the acme deal") keeps its reading. A word with
no ordinary reading at all ("okafor") may also be a surname, given name or title; a dictionary
word in common use carries that as its ambiguity and needs evidence to be read as a name. A
dictionary word (a month too) may also be a page's title or a person's given name ("trellis
is blocked on the load test", "heath said"), but only on evidence: it is offered a second
time for those arms with its ambiguity set whatever its frequency.

A single word beside a name-like word (one no dictionary knows: "tamsin okoro") is part of a
longer name and does not resolve alone: somebody who shares a given name with a page is
somebody else.

A multi-word lowercase phrase may match an alias, title or name form exactly, when no
function word stands at either end and at least one word is not ordinary ("widget co"), or
when it runs to three words or more ("the red flag review"). Two everyday words ("house
rules") and a title with its article ("the foundry") match too, on evidence only.
A capitalised name no dictionary knows may open such a phrase, the title's other words
typed in lowercase ("Quarrendon electrics are late"): matched whole only.
Lowercase evidence is weaker, so every candidate here carries a small confidence penalty.

Typing in lowercase is typing fast: a lowercase word of five letters or more that no
dictionary or frequency list knows may be a typo of a name, and is offered to the same bounded
fuzzy matching as a capitalised one (:mod:`bb_brain.reflex._fuzzy`: one typist's edit, a
unique page, never an ordinary word on either side), alone or inside a lowercase name.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Final

from bb_brain._given_names import a_given_name
from bb_brain._names import HONORIFICS, NAME_SUFFIXES
from bb_brain._orgnames import ORG_WORDS
from bb_brain.pages import SHORT_NAME_ARMS, TITLE_PART_ARM, normalise
from bb_brain.reflex._candidate import (
    ALIAS_ONLY,
    EXACT_ARMS,
    FAMILY_ARMS,
    LOWER_NAME_ARMS,
    LOWERCASE_PENALTY,
    Candidate,
    Maker,
    join,
)
from bb_brain.reflex._lexicon import (
    CODENAME_MARKERS,
    DETERMINERS,
    FORGOTTEN_NAMES,
    KIND_NOUNS,
    PERSON_VERBS_AFTER,
    PERSON_VERBS_BEFORE,
    ROLE_NOUNS,
    TITLES_OF_ADDRESS,
    VERB_MARKERS,
)
from bb_brain.reflex._ordinary import (
    LOWERCASE_ORDINARY_ZIPF,
    ORDINARY_ZIPF,
    WordSense,
    a_prefixed_verb,
    inflections,
    is_ordinary,
    sense,
    unknown_word,
)
from bb_brain.reflex._syntax import counts, finite, modal_as_name, one_of_many
from bb_brain.reflex._tokens import (
    DEFINITE_PHRASE,
    LOCATIVE,
    LOWERCASE,
    POSSESSIVE,
    VERSION,
    Token,
    looked_up,
    word_to_someone,
)

MAX_LOWER_TOKENS: Final = 4
#: The arms a lowercase phrase may match: a page's slug words are a form of its title too
#: ("the grain exchange" of "The Grain Exchange", "the ferry run" of "Ferry run fare").
PHRASE_ARMS: Final = EXACT_ARMS | {"slug-suffix", TITLE_PART_ARM} | SHORT_NAME_ARMS
#: The arms a lowercase everyday word may match beside an alias (on evidence only).
TITLE_ARMS: Final = frozenset({"title", "slug-suffix", "given-name"}) | SHORT_NAME_ARMS
#: A phrase this long that matches a title exactly is the title, even in everyday words
#: ("the red flag review"): three ordinary words rarely fall together by chance.
EXACT_PHRASE_TOKENS: Final = 3
#: The most words a person's name runs to when typed ("ana lucia ferrer"); more is a list.
MAX_NAME_WORDS: Final = 3
#: A word this long, unknown to the lexicon, may be a misspelt name (as in the capital channel).
FUZZY_MIN_CHARS: Final = 5
#: Words of the closed classes the lexicon does not know ("cc", "ceo", "dr"): never a name.
_CLOSED_WORDS: Final = (
    PERSON_VERBS_BEFORE
    | PERSON_VERBS_AFTER
    | ROLE_NOUNS
    | HONORIFICS
    | NAME_SUFFIXES
    | frozenset(KIND_NOUNS)  # "the garnet cutover": jargon for a kind, no name
    | FORGOTTEN_NAMES  # "leander whatshisname": no family name of anyone's
)


def ordinary_uses(tokens: list[Token]) -> frozenset[int]:
    """Start offsets of lowercase words standing in an ordinary noun or verb construction."""
    starts: set[int] = set()
    for i, tok in enumerate(tokens):
        if tok.capitalised or tok.handle or i == 0:
            continue
        before = tokens[i - 1].word
        after = tokens[i + 1].word if i + 1 < len(tokens) else ""
        # The noun phrase ends here when a function word follows ("the lantern in the
        # lobby"); a content word after it makes the word a modifier ("the lantern deck").
        ends_phrase = not after or sense(after).function
        # a word no dictionary knows is no ordinary noun: "that rookwood doesn't pay"
        noun = sense(tok.norm).known_word
        if before in DETERMINERS and ends_phrase and not tok.possessive and noun:
            starts.add(tok.start)
        elif before in VERB_MARKERS and after in DETERMINERS:
            if not _told_that(tokens, i):
                starts.add(tok.start)
    return frozenset(starts)


def _told_that(tokens: list[Token], index: int) -> bool:
    """Whom a word goes to, then what it says: "flag to hazel that her visit moved".

    "that" opens the clause said; a month there is a time ("the invite to march this year").
    """
    after = tokens[index + 1] if index + 1 < len(tokens) else None
    if after is None or after.norm != "that" or sense(tokens[index].norm).calendar:
        return False
    return word_to_someone(tokens, tokens[index - 1])


def lowercase(chunk: list[Token], maker: Maker, ordinary: frozenset[int]) -> list[Candidate]:
    found: list[Candidate] = []
    stretch: list[Token] = []
    opener: Token | None = None  # a name right before the stretch ("Quarrendon electrics")
    before: Token | None = None  # the word before the opener
    previous: Token | None = None
    for tok in [*chunk, None]:
        last, previous = previous, tok
        if tok is not None and _joins_the_stretch(tok, stretch):
            stretch.append(tok)
            continue
        if tok is not None and not stretch and _capital_of_position(tok):
            stretch.append(tok)  # "Golden grain millers said": the title, typed as a sentence
            continue
        if opener is not None and not _subject_or_indefinite(before):
            found += _named_titles(opener, stretch, tok, maker)
        found += _stretch_candidates(stretch, maker, ordinary)
        stretch = []
        opener, before = (tok, last) if tok is not None and _name_opening(tok) else (None, None)
    return found


def _stretch_candidates(
    stretch: list[Token], maker: Maker, ordinary: frozenset[int]
) -> list[Candidate]:
    """Every span of a lowercase stretch that may be a name, up to the longest a title runs."""
    found: list[Candidate] = []
    for size in range(1, min(len(stretch), MAX_LOWER_TOKENS) + 1):
        for offset in range(len(stretch) - size + 1):
            span = stretch[offset : offset + size]
            opened = _opened_by_a_capital(span, maker)
            if opened is not None:
                found += opened
            elif size == 1:
                found += _single(stretch, offset, maker, ordinary)
            else:
                found += _phrase_candidates(span, maker)
                if size == 2 and (owner := _a_full_names_own(span, maker)) is not None:
                    found.append(owner)
    return found


def _a_full_names_own(span: list[Token], maker: Maker) -> Candidate | None:
    """A full name whose possessive is typed without its apostrophe: "jessamy marrables van".

    The name is a given name no dictionary has and the family name without its "s", which
    something of theirs follows (see :func:`possessive_typed_without_apostrophe`).
    """
    given, family = span
    if not _name_like(given):
        return None
    stem = possessive_typed_without_apostrophe(maker.tokens, family)
    if stem is None:
        return None
    return maker.make(
        f"{given.norm} {stem}",
        span,
        LOWER_NAME_ARMS,
        penalty=LOWERCASE_PENALTY,
        extra=(LOWERCASE, POSSESSIVE),
    )


def _single(
    stretch: list[Token], offset: int, maker: Maker, ordinary: frozenset[int]
) -> list[Candidate]:
    """One word of the stretch alone: not a run of capitals, nor a word of a longer name."""
    tok = stretch[offset]
    if _acronym(tok):
        return []
    if not _in_name_run(stretch, offset):
        return _one_word(tok, maker, ordinary)
    owner = _owner_before_a_name(stretch, offset, maker)
    return [] if owner is None else [owner]  # "aldos skoda needs a tyre": Aldo's car


def _phrase_candidates(span: list[Token], maker: Maker) -> list[Candidate]:
    """A span of two words or more, as a title, a place with its article or a phrase."""
    size = len(span)
    if all(_acronym(tok) for tok in span):
        return []  # the capitalised channel reads a run of capitals
    if size == 2 and span[0].norm == "the" and _inner(span[1]):
        return [_the_place(span, maker)]  # "at the foundry"
    if span[0].norm == "the" and all(_inner(tok) for tok in span[1:-1]):
        if _inner(span[-1]) or (size > 2 and span[-1].norm == "do"):
            return [_the_title(span, maker)]  # "for the cold store", "the christmas do"
    if size == 2 and _phrasal_name(span, maker):
        # "how much came in at sleep out": an event named by its deed
        return [_lower_phrase(span, maker, EXACT_ARMS, join(span), plain=True)]
    # A function word at either end adds nothing a shorter span lacks, and a
    # phrase of ordinary words only is an ordinary phrase in lowercase.
    if not (_inner(span[0]) and (_inner(span[-1]) or _numbered(span) or _a_do(span, maker))):
        if size == 2 and a_given_name(span[0].norm) and _a_name_word(span[1]):
            # "may tarrant", "will obi": a given name that is a small word, then a name no
            # dictionary knows, matched whole only
            return [_whole_title(span, maker)]
        if size >= EXACT_PHRASE_TOKENS and _two_content_words(span):
            # "the no calls after six rule", "all hands on deck": a title whose own
            # first or last word is a small one, matched whole only
            return [_whole_title(span, maker)]
        return []
    # "house rules", "sunday table": a title on evidence only
    fuzzy = any(_misspelt(tok) for tok in span)
    norm = _phrase(span, maker.text)
    return [_lower_phrase(span, maker, PHRASE_ARMS, norm, fuzzy=fuzzy)]


def _opened_by_a_capital(span: list[Token], maker: Maker) -> list[Candidate] | None:
    """What a span opening on a capital of position is, or None if it opens on none.

    The capitalised channel reads the word alone, and a sentence drops its article before
    everyday words ("Spirit level - do I need one?"): a page's whole title or alias only, on
    evidence ("Summer fair confirmed"); an opening "The" is the article ("The regatta's off"
    is "the regatta").
    """
    opening = _capital_of_position(span[0]) and span[0].norm != "the"
    if not (opening and (len(span) == 1 or _dictionary_phrase(span))):
        return None
    if len(span) == 2 and _numbered(span) and not _a_heading(span, maker.text):
        return None  # "Plot 14 needs weeding": a numbered thing, read as it is mid-sentence
    return [_opening_title(span, maker)] if len(span) > 1 and _inner(span[-1]) else []


def _a_heading(span: list[Token], text: str) -> bool:
    """A colon after the words: they head what follows ("Step 1: preheat ...")."""
    return re.match(r"\s*:", text[span[-1].end :]) is not None


def _named_titles(
    opener: Token, stretch: list[Token], end: Token | None, maker: Maker
) -> list[Candidate]:
    """A name and the lowercase words after it, looked up whole as a title, alias or slug.

    "Quarrendon electrics are late": the title's other words typed in lowercase. Only the
    whole phrase is looked up; the name alone is the capitalised channel's, and the words
    after it are read as they were without it ("tell Marwood quillory is down"). A word
    with an object or a particle after it is the name's verb ("Wyvold move the car",
    "Tanhurst call back"), no word of a title.
    """
    found: list[Candidate] = []
    for size in range(1, min(len(stretch), MAX_LOWER_TOKENS - 1) + 1):
        span = [opener, *stretch[:size]]
        after = stretch[size] if size < len(stretch) else end
        if not _inner(span[-1]) or (after is not None and after.norm in _AFTER_A_VERB):
            continue
        found.append(maker.make(join(span), span, PHRASE_ARMS, penalty=LOWERCASE_PENALTY))
    return found


#: Words that make the one before them a verb: its object or particle ("move the car").
_AFTER_A_VERB: Final = frozenset(
    "the a an my your his her our their its this that these those it him them me us "
    "back up out off away".split()
)
#: Words that make the name after them a subject ("did Wyvold ...") or an ordinary noun's
#: modifier ("a Quarrendon walk").
_BEFORE_A_SUBJECT: Final = frozenset(
    "did does do can could will would should shall may might must a an".split()
)


def _subject_or_indefinite(before: Token | None) -> bool:
    return before is not None and before.norm in _BEFORE_A_SUBJECT


def _name_opening(tok: Token) -> bool:
    """A capitalised word no dictionary knows, which may open a title typed in lowercase."""
    return tok.capitalised and tok.raw[1:].islower() and not sense(tok.norm).lexical


def _capital_of_position(tok: Token) -> bool:
    """A dictionary word capitalised only because it opens the sentence ("Golden grain ...")."""
    if not (tok.sentence_start and tok.capitalised) or not tok.raw[1:].islower():
        return False
    return tok.norm == "the" or sense(tok.norm).lexical  # "The regatta's off": "the regatta"


def _dictionary_phrase(span: list[Token]) -> bool:
    """Fewer than three content words, all of them in the dictionary, however rare."""
    content = [tok for tok in span if _inner(tok)]
    return len(content) < EXACT_PHRASE_TOKENS and all(sense(t.norm).lexical for t in content)


def _two_content_words(span: list[Token]) -> bool:
    return sum(1 for tok in span if _inner(tok)) >= 2


def _opening_title(span: list[Token], maker: Maker) -> Candidate:
    """Everyday words opening a sentence, looked up as a whole title or alias on evidence.

    A colon after them makes them a heading, what the user names a note by.
    """
    norm = join(span)
    return maker.make(
        norm,
        span,
        EXACT_ARMS,
        penalty=LOWERCASE_PENALTY,
        extra=(LOWERCASE,),
        ambiguity=f"everyday phrase {norm!r}",
    )


def _a_name_word(tok: Token) -> bool:
    """A word no dictionary knows, which only a name is: "tarrant", "obi"."""
    return _inner(tok) and not sense(tok.norm).known_word


def _whole_title(span: list[Token], maker: Maker) -> Candidate:
    """A phrase that opens or ends with a small word, looked up as a whole title or alias."""
    return _lower_phrase(span, maker, EXACT_ARMS, join(span))


def _a_do(span: list[Token], maker: Maker) -> bool:
    """A party called a "do" after its article: "the xmas do", "our leaving do".

    Chat's noun for a party is the verb's word: after a determiner and a word, it ends the
    name of the occasion.
    """
    if span[-1].norm != "do" or len(span) < 2:
        return False
    first = span[0]
    before = maker.tokens[first.index - 1] if first.index and first.glued else None
    return before is not None and before.norm in DETERMINERS


def _phrasal_name(span: list[Token], maker: Maker) -> bool:
    """A verb's plain form and its particle right after a preposition: "money for sleep out".

    After a preposition a phrasal verb takes "-ing" ("for sleeping out"); in its plain form
    there it is a noun, and one no dictionary has is what something is called: an event named
    by its deed ("the bake off", "at top out"). Matched whole only, to a title or alias.
    """
    verb, particle = span
    if particle.norm not in _NAMING_PARTICLES or "VB" not in inflections(verb.norm):
        return False
    before = maker.tokens[verb.index - 1] if verb.index and verb.glued else None
    return before is not None and before.norm in _BEFORE_AN_EVENT


#: Particles of the phrasal verbs events are named by ("sleep out", "bake off", "clean up").
_NAMING_PARTICLES: Final = frozenset("out off up in on down over".split())
#: Prepositions that take an event and no plain verb ("at top out", "since lock in").
_BEFORE_AN_EVENT: Final = frozenset("at for before after since from during till until".split())


def _lower_phrase(
    span: list[Token],
    maker: Maker,
    arms: frozenset[str],
    norm: str,
    *,
    fuzzy: bool = False,
    plain: bool = False,
) -> Candidate:
    """A lowercase phrase: a title on evidence only when its words are everyday ones.

    ``plain`` when the grammar around it already settles that it is a name.
    """
    ambiguity = "" if plain else _everyday(span, norm)
    after = maker.tokens[span[-1].index + 1] if span[-1].index + 1 < len(maker.tokens) else None
    following = sense(after.norm) if after is not None and after.glued else None
    ends = (
        following is None or following.function or not following.noun or "ADV" in following.readings
    )
    if not ambiguity and ends and one_of_many(maker.tokens, span[0]):
        # "an early lark cab" is the firm's cab
        if all(sense(tok.norm).lexical for tok in span if not sense(tok.norm).function):
            # "such an early lark": dictionary words after "a" are any such thing
            ambiguity = f"dictionary words {norm!r} after 'a' or the like"
    return maker.make(
        norm,
        span,
        arms,
        penalty=LOWERCASE_PENALTY,
        extra=(LOWERCASE,),
        ambiguity=ambiguity,
        fuzzy=fuzzy,
    )


def _everyday(span: list[Token], norm: str | None = None) -> str:
    """The ambiguity of a phrase of everyday words ("salt and vinegar"), else "".

    Typed in lowercase, any word in common use is an everyday one ("barn owls", "slack
    tide"). A phrase ending in a kind of business ("maple software", "pivot freight") has
    a firm's shape, and one after "project" a codename's ("project kite"): only words of
    everyday vocabulary make those a phrase.
    """
    content = [t for t in span if not sense(t.norm).function]
    if len(content) == len(span) == 2 and span[0].norm == span[1].norm:
        return ""  # "jun jun", "bong bong": a word said twice is a pet name, no phrase
    named = len(content) > 1 and (
        content[-1].norm in ORG_WORDS or content[0].norm in CODENAME_MARKERS
    )
    everyday = len(content) < EXACT_PHRASE_TOKENS and all(
        is_ordinary(t.norm) if named else sense(t.norm).lowercase_ordinary for t in content
    )
    return f"everyday phrase {norm or join(span)!r}" if everyday else ""


def _acronym(tok: Token) -> bool:
    """Two or more capitals and nothing else ("SEN", "KPI")."""
    return len(tok.raw) > 1 and tok.raw.isalpha() and tok.raw.isupper()


def _phrase(span: list[Token], text: str) -> str:
    """The phrase's form, keeping an ampersand between its words ("flax & tansy").

    The ampersand is no word, so it is no token, but a title spells it ("Salt & Pepper");
    any other gap between the words is a space.
    """
    gaps = [text[left.end : right.start] for left, right in zip(span, span[1:], strict=False)]
    if not any(gap.strip() == "&" for gap in gaps):
        return join(span)
    return normalise(text[span[0].start : span[-1].end])


#: Small words no owned thing opens with: prepositions, conjunctions, articles.
_NOTHING_OWNED: Final = frozenset(
    "before after to for from with at in on by of about into onto and or but the a an if when"
    " so than as".split()
)


def after_a_title(tokens: list[Token], tok: Token) -> bool:
    """A title of address right before the word: "mrs", "dr" (its owner is a family name)."""
    before = tokens[tok.index - 1] if tok.index and tok.glued else None
    return before is not None and before.norm in TITLES_OF_ADDRESS


def possessive_typed_without_apostrophe(tokens: list[Token], tok: Token) -> str | None:
    """The name in "osrics RFE": an unknown word, an "s", and something of theirs after it.

    The word is unknown to the lexicon and the word without its "s" is no dictionary word
    (a name may be a frequent one), so no plural of a dictionary word is taken apart; after
    a title of address ("mrs reeds pony", "dr bells surgery") it may be one.
    """
    nxt = tokens[tok.index + 1] if tok.index + 1 < len(tokens) else None
    if nxt is None or not nxt.glued or len(tok.norm) < FUZZY_MIN_CHARS:
        return None
    before = tokens[tok.index - 1] if tok.index and tok.glued else None
    # after a title of address the word is a family name whatever else it is: "mrs reeds
    # pony", "dr bells surgery" ("dr martens", a brand, is a known limit)
    titled = after_a_title(tokens, tok)
    if not tok.norm.endswith("s") or not (titled or unknown_word(tok.norm)):
        return None
    if before is not None and counts(before):
        return None  # "6 rowans for the hedge": a plural, counted
    if finite(nxt.norm) and not sense(nxt.norm).noun:
        return None  # "rowans are cheaper bare root": a plural, the subject of its verb
    if nxt.norm in _NOTHING_OWNED:
        return None  # "fetching jacos after the match": nothing of theirs follows
    stem = tok.norm[:-1]
    meaning = sense(stem)
    if (meaning.known_word and not titled) or meaning.function or stem.endswith("s"):
        return None
    return stem


def _the_place(span: list[Token], maker: Maker) -> Candidate:
    """A place titled with its article ("the foundry"): on evidence only, a place reading.

    A word no one uses in the ordinary way is a name with its article as it stands ("the
    u12s", "the quorbury"): nothing needs deciding.
    """
    norm = join(span)
    first = span[0]
    before = maker.tokens[first.index - 1] if first.index and first.glued else None
    placed = before is not None and before.norm in PLACE_PREPOSITIONS
    return maker.make(
        norm,
        span,
        EXACT_ARMS,
        penalty=LOWERCASE_PENALTY,
        extra=(LOWERCASE, LOCATIVE) if placed else (LOWERCASE,),
        ambiguity="" if _no_word(span[1].norm) else f"everyday phrase {norm!r}",
    )


def _no_word(norm: str) -> bool:
    """No word of the language: letters the lexicon has not, or letters and digits ("u12s")."""
    if any(char.isdigit() for char in norm):
        return any(char.isalpha() for char in norm)
    return unknown_word(norm)


def _the_title(span: list[Token], maker: Maker) -> Candidate:
    """A title of several words with its article ("the cold store"): matched whole, as written.

    Only a page whose own name opens with "the" has it, and as with :func:`_the_place` only
    on evidence: after a preposition of place, a place reading. A phrase of everyday words
    after "the" is as often an idiom ("the big picture", "the long game").
    """
    first = span[0]
    before = maker.tokens[first.index - 1] if first.index and first.glued else None
    placed = before is not None and before.norm in PLACE_PREPOSITIONS
    norm = join(span)
    made = maker.make(
        norm,
        span,
        EXACT_ARMS,
        penalty=LOWERCASE_PENALTY,
        extra=(LOWERCASE, LOCATIVE) if placed else (LOWERCASE,),
        ambiguity=_everyday(span[1:]) and f"everyday phrase {norm!r}",
    )
    # its "the" is its own, no sign of a definite description ("the big picture")
    return dataclasses.replace(made, dropped=frozenset({DEFINITE_PHRASE}))


#: Prepositions before a place ("a shift at the foundry", "back to the annex").
PLACE_PREPOSITIONS: Final = frozenset(
    "at in to from near outside inside into behind beside opposite past round".split()
)


def _lower_word(tok: Token, maker: Maker, ordinary: frozenset[int]) -> list[Candidate]:
    """A single lowercase word: an alias (a word with no ordinary reading: any single name)."""
    word = sense(tok.norm)
    if (
        tok.norm.isdigit()
        or _a_letter(tok)
        or (word.function and not modal_as_name(maker.tokens, tok))
    ):
        return []
    if tok.start in ordinary:
        return []
    arms = ALIAS_ONLY if word.lexical or word.calendar else LOWER_NAME_ARMS
    if arms is ALIAS_ONLY and _labelled(maker.tokens, tok):
        arms = ALIAS_ONLY | {"title", "slug-suffix"}  # "relay v2", "the juniper launch"
    elif arms is ALIAS_ONLY and _asked_for(maker, tok):
        arms = LOWER_NAME_ARMS  # "what do we have on finch?", "dr. finch": a name is asked for

    def offered(
        arms: frozenset[str], ambiguity: str, *, fuzzy: bool = False, surname: bool = False
    ) -> Candidate:
        return maker.make(
            tok.norm,
            [tok],
            arms,
            penalty=LOWERCASE_PENALTY,
            extra=(LOWERCASE,),
            ambiguity=ambiguity,
            calendar=word.calendar,
            place=word.place,
            fuzzy=fuzzy,
            surname_on_evidence=surname,
        )

    # "spotted a wagtail nest": after "a", even a rare dictionary word is that word
    indefinite = word.lexical and one_of_many(maker.tokens, tok)
    needs = _needs_evidence(word) or indefinite
    found = [offered(arms, word.describe() if needs else "", fuzzy=_misspelt(tok))]
    owner = _typed_owner(tok, maker)
    if owner is not None:  # "osrics RFE": a possessive typed fast, modifying nothing
        found.append(owner)
    if arms is ALIAS_ONLY and (word.lexical or word.calendar):
        # "mainly trellis slipping": a page titled with the word, on evidence only; and
        # "chandler says the ceiling ...": a family name, by what only a person does ("nurse
        # says I can go home" is the nurse, with her article left out)
        found.append(offered(TITLE_ARMS, word.describe(), surname=tok.norm not in ROLE_NOUNS))
    return found


def _needs_evidence(word: WordSense) -> bool:
    """A lowercase word a reader takes for something else first.

    A dictionary word in common use, a place ("sydney -> melbourne") or any word frequent in
    English text ("max points") needs evidence to be read as a page's name.
    """
    return word.lowercase_ordinary or word.place or word.zipf >= ORDINARY_ZIPF


def _asked_for(maker: Maker, tok: Token) -> bool:
    """The user asks memory about the word, or an honorific stands before it."""
    before = maker.tokens[tok.index - 1] if tok.index > 0 else None
    if before is not None and tok.glued and before.norm in HONORIFICS:
        return True
    return looked_up(maker.tokens, tok.index)


def _labelled(tokens: list[Token], tok: Token) -> bool:
    """A version or the name of a project's work or an organisation's kind follows the word.

    Then an everyday word typed in lowercase may be a page's title, not only its alias. A
    possessive owns what follows, which labels nothing ("sorrel's team" is Sorrel's).
    """
    nxt = tokens[tok.index + 1] if tok.index + 1 < len(tokens) else None
    if nxt is None or not nxt.glued or tok.possessive:
        return False
    return nxt.norm in KIND_NOUNS or VERSION.fullmatch(nxt.norm) is not None


def _misspelt(tok: Token) -> bool:
    """Long enough for a typo to matter, and in no dictionary or frequency list."""
    if len(tok.norm) < FUZZY_MIN_CHARS or not tok.norm.isalpha() or tok.norm in _CLOSED_WORDS:
        return False
    return unknown_word(tok.norm)


def _name_like(tok: Token) -> bool:
    """A word with no reading in the lexicon and rare in English text: a name, in lowercase.

    A word English text uses often though no dictionary lists it ("rollout", "signup") is
    jargon, not a name.
    """
    if tok.norm in _CLOSED_WORDS or not tok.norm.isalpha() or len(tok.norm) < 2:
        return False
    if _acronym(tok):
        return False  # "osrics RFE": an acronym is no part of a typed name
    word = sense(tok.norm)
    if word.known_word or word.zipf >= LOWERCASE_ORDINARY_ZIPF:
        return False
    return not a_prefixed_verb(tok.norm)  # "retweeting corran's post": a verb made on the spot


def _in_name_run(stretch: list[Token], offset: int) -> bool:
    """The word stands beside a name-like word: one part of a longer name ("tamsin okoro").

    As in a capitalised run, a single word of a longer name never resolves alone: another
    person who shares a given name with a page is somebody else. The whole run may still
    match a page's name exactly. A run longer than any name ("hey teddy ike magda xavier")
    is a list of names, each standing alone.
    """
    if _listed_names(stretch, offset) > MAX_NAME_WORDS:
        return False
    neighbours = stretch[max(offset - 1, 0) : offset] + stretch[offset + 1 : offset + 2]
    if any(_name_like(tok) for tok in neighbours):
        return True
    following = stretch[offset + 1] if offset + 1 < len(stretch) else None
    return following is not None and _a_family_name_after(stretch[offset], following)


def _owner_before_a_name(stretch: list[Token], offset: int, maker: Maker) -> Candidate | None:
    """A possessive typed without its apostrophe before a name-like word ("brunos octavia").

    The "s" ends the owner's name: no full name has it inside, so the word after is what
    they own. Not after a name-like word: "tamsin okoros" is Tamsin Okoro's.
    """
    if offset and _name_like(stretch[offset - 1]):
        return None
    return _typed_owner(stretch[offset], maker)


def _typed_owner(tok: Token, maker: Maker) -> Candidate | None:
    """The owner's name of a possessive typed without its apostrophe, or None."""
    stem = possessive_typed_without_apostrophe(maker.tokens, tok)
    if stem is None:
        return None
    # after a title the owner is a family's: "dr jacobs surgery" is no Jacob's
    arms = FAMILY_ARMS if after_a_title(maker.tokens, tok) else LOWER_NAME_ARMS
    return maker.make(stem, [tok], arms, penalty=LOWERCASE_PENALTY, extra=(LOWERCASE, POSSESSIVE))


def _a_family_name_after(given: Token, following: Token) -> bool:
    """A name no dictionary has, then a word no dictionary has either: "otis garcia".

    A family name famous enough to be frequent in English text ("garcia", "nguyen") is
    still no dictionary word; jargon that frequent is mostly one ("rollout" aside).
    """
    if not following.glued or following.norm in _CLOSED_WORDS or len(following.norm) < 4:
        return False
    if not following.norm.isalpha() or sense(given.norm).lexical:
        return False
    word = sense(following.norm)
    return not (word.known_word or word.function) and word.zipf < ORDINARY_ZIPF


def _listed_names(stretch: list[Token], offset: int) -> int:
    """How many words without an ordinary reading stand together around ``offset``."""
    start = offset
    while start > 0 and not is_ordinary(stretch[start - 1].norm):
        start -= 1
    end = offset
    while end + 1 < len(stretch) and not is_ordinary(stretch[end + 1].norm):
        end += 1
    return end - start + 1


def _inner(tok: Token) -> bool:
    return not sense(tok.norm).function and not tok.norm.isdigit()


def _numbered(span: list[Token]) -> bool:
    """Words, then a number or a letter: a title that counts ("bay 9", "jetty C")."""
    label = span[-1].norm.isdigit() or _a_letter(span[-1])
    return len(span) >= 2 and label and _inner(span[0])


def _one_word(tok: Token, maker: Maker, ordinary: frozenset[int]) -> list[Candidate]:
    """A lowercase word alone, and as typed when a slip was undone ("cc bonsu on it")."""
    found = _lower_word(tok, maker, ordinary)
    return found + (_lower_word(as_typed(tok), maker, ordinary) if tok.typed else [])


def as_typed(tok: Token) -> Token:
    """The token with the letters it was typed with, its slip left as it was."""
    return dataclasses.replace(tok, norm=tok.typed, typed="")


def _a_letter(tok: Token) -> bool:
    """A capital letter alone, not the pronoun: "block B", "jetty C"."""
    return len(tok.raw) == 1 and tok.raw.isupper() and tok.raw != "I"


def _joins_the_stretch(tok: Token, stretch: list[Token]) -> bool:
    """A lowercase word, an acronym ("KPI register") or a letter labelling one ("jetty C")."""
    return _acronym(tok) or not (tok.capitalised or tok.handle) or _a_letter_label(tok, stretch)


def _a_letter_label(tok: Token, stretch: list[Token]) -> bool:
    """A capital letter right after a lowercase word, labelling it ("on jetty C")."""
    if not _a_letter(tok) or not tok.glued or not stretch:
        return False
    return stretch[-1].raw.isalpha() and stretch[-1].raw.islower()
