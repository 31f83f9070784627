"""A page called by what it is: "the bakery wants tables outside", "is the depot open".

Someone who deals with one bakery, one depot, one gala calls it that, and a page whose title
ends in that noun ("Quenwick Bakery", "Ashlow Road Depot") and whose summary calls it one
is filed under "the <noun>" in the alias index (:func:`bb_brain._orgnames.kind_head`, arm
``kind``). This channel offers "the" and the noun after it, read as a whole noun phrase that
names the one the user knows, and nothing else:

* the noun ends its phrase, or owns what follows ("the depot's gates"): not before another
  noun ("the bakery van", "the trial results for ..."), a preposition ("the court of
  appeal", "the bakery near my mum's", "the extension to the library", "the gala for the
  hospice") or a clause saying which one ("the trial she's on", "the bakery there", "the
  lab Orsolya recommended");
* the turn, or one of the last few, has not brought in another one ("my brother's in a
  darts league, the league's got 12 teams", "my dad's knee surgery ... the surgery
  itself": :func:`another_one_before`);
* a noun said of many things ("court", "hall", "market", "league") counts in lowercase too:
  someone whose world holds one court, and a page that says it is one, means it by "so the
  court wants the bundle" as often as by "the Court"; a noun said of everything
  ("the house", "the day") is never filed as a kind, and the everyday idioms are no "the"
  phrase ending its noun phrase ("the ball's in their court", "the court of appeal").

Whether the kind picks a page, and only one, is the index's to say: the arm is tried last,
after every name.

A project is called by what it works on the same way: "the roof job", "the cold store
project" (:func:`bb_brain._orgnames.work_keys`), read here as "the", a word or two and a work
noun ending the phrase, and not after another one was brought in ("his roof", "a roof job").

A plan goes by the nouns of its title its summary says too ("the footbridge" of Hobbard
Footbridge Appeal, :func:`bb_brain._orgnames.title_nouns`), read as a kind is, and with what
is said of it ("the footbridge budget", :func:`_aspects`); "the coat one" says which of others
by what it is about, no kind, and a date after the noun says when, not which one ("the
footbridge by june", :func:`says_when`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from bb_brain._orgnames import WORK_KEY, WORK_NOUNS
from bb_brain.pages import KIND_ARM, SUMMARY_KIND_ARM
from bb_brain.reflex._candidate import Candidate, Maker
from bb_brain.reflex._lexicon import (
    DETERMINERS,
    MOVING_ON,
    OBJECT_OPENERS,
    POSSESSIVE_DETERMINERS,
    SEASONS,
    SUBJECT_VERBS,
    is_calendar_word,
)
from bb_brain.reflex._ordinary import inflections, sense
from bb_brain.reflex._tokens import Token

#: Words before a kind that make it the one the user knows: "the bakery".
_KNOWN_ONES: Final = frozenset({"the"})
#: What a kind of thing named after "the" is evidence of (see the module docs).
KIND_KNOWN: Final = "the kind said as one the user knows"
KIND_ARMS: Final = frozenset({KIND_ARM, SUMMARY_KIND_ARM})
#: Words after the noun that say which one it is: where it is, or a clause about it.
_WHICH_ONE: Final = (
    frozenset(
        """
    of near at in on by behind beside next opposite outside inside round around across down up
    off from over under past along to for against into with about between among amongst
    there here that which who
    whose where i we you he she they itself
    """.split()
    )
    | POSSESSIVE_DETERMINERS
)
#: Words that open what a verb takes ("needs a clean", "want everyone's subs", "wants to").
_OBJECT_OPENERS: Final = (
    OBJECT_OPENERS
    | DETERMINERS
    | frozenset(
        "it everyone everybody everything someone something nothing to not all both more".split()
    )
)
#: Determiners that bring in one of a kind, or someone else's ("a darts league", "my league").
_ANOTHER: Final = frozenset("a an another some".split()) | POSSESSIVE_DETERMINERS
#: The same, but the user's own: what a piece of work is done on may be the user's.
_OTHERS: Final = _ANOTHER - {"my", "our"}
#: How many words may stand between such a determiner and the noun ("a new bakery").
_ANOTHER_REACH: Final = 3


def kinds(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """Each "the <noun>" ending its noun phrase, keyed as the index files a page's kind."""
    found: list[Candidate] = []
    for tok in tokens:
        if tok.index + 1 >= len(tokens) or not _the(tok):
            continue
        noun = tokens[tok.index + 1]
        if not noun.glued or not noun.norm.isalpha():
            continue
        place = None if _ends_its_phrase(tokens, noun) else _in_a_named_place(tokens, noun)
        if not _ends_its_phrase(tokens, noun) and place is None:
            continue
        if _another_before(tokens, noun) or _an_everyday_sense(tokens, noun, maker.text):
            continue
        # the noun's own span: a name the noun is as well ("masterplan", an alias) outranks it
        extra = (KIND_KNOWN,) if place is None else (KIND_KNOWN, f"{PLACED_IN} {place}")
        found.append(maker.make(f"the {noun.norm}", [noun], KIND_ARMS, extra=extra))
    found += _described(tokens, maker)
    found += _works(tokens, maker) + _aspects(tokens, maker) + _topics(tokens, maker)
    return found + _article_dropped(tokens, maker)


def _article_dropped(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """A kind opening a sentence with its "the" left out: "printer's jammed again".

    Chat drops the article of a subject it opens on ("van failed its mot"): a singular
    noun takes none only so, before its verb. Keyed as
    "the <noun>", as :func:`kinds` keys it: only a page of that kind, the one the user has,
    can match.
    """
    found: list[Candidate] = []
    for noun in tokens:
        if not _opens_a_sentence(tokens, noun) or not noun.norm.isalpha():
            continue
        if noun.capitalised and not noun.sentence_start:
            continue  # a sentence's first capital says nothing; another says a name
        meaning = sense(noun.norm)
        if not (meaning.noun or not meaning.lexical) or meaning.plural_noun:
            continue  # a noun, or a word the dictionary lacks ("website")
        if meaning.function or meaning.calendar or meaning.place:
            continue
        if noun.possessive and not noun.contracted:
            continue
        verb = tokens[noun.index + 1] if noun.index + 1 < len(tokens) else None
        if not (noun.contracted or (verb is not None and verb.glued and _a_verb(verb))):
            continue  # "washing / gala / fair": a word a line lists things
        if _an_everyday_sense(tokens, noun, maker.text):
            continue
        extra = (KIND_KNOWN, ARTICLE_DROPPED)
        found.append(maker.make(f"the {noun.norm}", [noun], KIND_ARMS, extra=extra))
    return found


#: The evidence of a kind whose article chat left out.
ARTICLE_DROPPED: Final = "its article dropped, opening the sentence"


def _a_verb(word: Token) -> bool:
    """A finite verb or an auxiliary right after a subject ("is", "failed", "needs")."""
    forms = inflections(word.norm)
    finite_form = "VBD" in forms or "VBZ" in forms
    return word.norm in SUBJECT_VERBS or (finite_form and not sense(word.norm).noun)


def _described(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """Each "the <word> <noun>" ending its phrase: the kind, said with what its page says of it.

    "the parking survey" of a survey whose summary calls it a parking survey: the word
    before the noun must be one the page's summary says
    (:func:`described_as_its_page_says`), and "the new bakery" is another one.
    """
    found: list[Candidate] = []
    for tok in tokens:
        if tok.index + 2 >= len(tokens) or not _the(tok):
            continue
        word, noun = tokens[tok.index + 1], tokens[tok.index + 2]
        if not (word.glued and noun.glued and word.norm.isalpha() and noun.norm.isalpha()):
            continue
        if word.possessive or word.capitalised or sense(word.norm).function:
            continue
        if word.norm in _ANOTHER_ONES or not _ends_its_phrase(tokens, noun):
            continue
        if _another_before(tokens, noun) or _an_everyday_sense(tokens, noun, maker.text):
            continue
        extra = (KIND_KNOWN, f"{DESCRIBED_AS} {word.norm}")
        found.append(maker.make(f"the {noun.norm}", [word, noun], KIND_ARMS, extra=extra))
    return found


#: What a word said before a kind is evidence of, and the word.
DESCRIBED_AS: Final = "described as"
#: Words before a kind that say it is another one than the user's own: "the new bakery".
_ANOTHER_ONES: Final = frozenset(
    "new old other another second first last next same previous former different".split()
)


def described_as_its_page_says(signals: Sequence[str], about: str) -> bool | None:
    """Whether the word said before a kind is one its page says; None: no word was."""
    said = next((signal for signal in signals if signal.startswith(DESCRIBED_AS + " ")), None)
    if said is None:
        return None
    return said.removeprefix(DESCRIBED_AS + " ") in _WORD.findall(about.casefold())


def _the(tok: Token) -> bool:
    return tok.norm in _KNOWN_ONES and not tok.possessive


def _an_everyday_sense(tokens: list[Token], noun: Token, text: str) -> bool:
    """A noun of many senses in lowercase, said as something that happens or a ranking.

    "the surgery went well", "the surgery is scheduled for may", "the match was cancelled":
    an operation or an event, which no place or firm is; "the market crashed": prices, as
    no market square does; "top of the league", "bottom of the list": where one ranks, in
    any league or list.
    """
    if noun.capitalised or sense(noun.norm).zipf < EVERYDAY_SENSES_ZIPF:
        return False
    ranked = tokens[max(0, noun.index - 3) : noun.index - 1]
    if [tok.norm for tok in ranked] in (["top", "of"], ["bottom", "of"]):
        return True
    return _HAPPENED.match(text, noun.end) is not None


#: A noun this frequent has everyday senses besides the page's kind ("surgery", "market").
EVERYDAY_SENSES_ZIPF: Final = 4.5
#: What is said of an event, right after its noun: "... went well", "'s been postponed".
_HAPPENED: Final = re.compile(
    r"(?:['’]s|\s+(?:is|was|were|has|had))?(?:\s+been)?\s+(?:a\s+)?"
    r"(?:success|successful|disaster|scheduled|cancell?ed|postponed|delayed|underway)\b"
    r"|\s+(?:went|goes|took|takes|lasted|lasts|overran)\b"
    # what a price or an index does, with no object: "the market crashed again", "... rallied"
    r"|\s+(?:crashed|slumped|rallied|tanked|plunged|plummeted|soared|dipped)"
    r"(?=\s*(?:[,.;:!?]|$|(?:again|today|yesterday|overnight|this|last)\b))",
    re.IGNORECASE,
)


def _works(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """Each "the <word> job" (or project, build) ending its noun phrase.

    Keyed as the index files a piece of work (:func:`bb_brain._orgnames.work_keys`): "the
    roof job", "the cold store job". Not when another one came first ("a roof job for the
    Okafors ... the roof job").
    """
    found: list[Candidate] = []
    for tok in tokens:
        if tok.norm != "the" or tok.possessive:
            continue
        words = _words_before_work(tokens, tok.index + 1)
        if not words or not _work_ends_its_phrase(tokens, tokens[words[-1].index + 1]):
            continue
        if _another_before(tokens, tokens[words[-1].index + 1]):
            continue
        # the words' own span, as a kind's: the name they are as well outranks them ("the
        # Quillan project" of Project Quillan, alias "quillan")
        key = f"the {' '.join(word.norm for word in words)} {WORK_KEY}"
        found.append(maker.make(key, words, KIND_ARMS, extra=(KIND_KNOWN,)))
    return found


def _aspects(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """Each "the <noun> <aspect>" ending its phrase, keyed as the kind "the <noun>".

    What is said of a plan is said of the one the user knows (:data:`WORK_ASPECTS`): "the
    footbridge budget" is the footbridge appeal's when "the footbridge" is its kind, as its
    title and summary say; a word the page never says of itself ("the payroll deadline" of a
    Payroll Rewrite that rewrites a "payroll service") is anyone's.
    """
    found: list[Candidate] = []
    for tok in tokens:
        if tok.norm != "the" or tok.possessive or tok.index + 2 >= len(tokens):
            continue
        noun, aspect = tokens[tok.index + 1], tokens[tok.index + 2]
        if aspect.norm not in WORK_ASPECTS or not (noun.glued and aspect.glued):
            continue
        if noun.possessive or not noun.norm.isalpha() or noun.norm in WORK_ASPECTS:
            continue
        if sense(noun.norm).zipf >= ASPECT_MAX_ZIPF and not _a_capital_inside(noun):
            continue  # "the day stuff": what is said of it says nothing of which
        if not _work_ends_its_phrase(tokens, aspect) or _another_before(tokens, noun):
            continue
        found.append(maker.make(f"the {noun.norm}", [noun], KIND_ARMS, extra=(KIND_KNOWN,)))
    return found


def _topics(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """A sentence of a plan's noun and what is said of it alone ("anyway, jersey stuff").

    Such a sentence announces what the talk turns to, the article dropped as in a heading
    ("fair planning:", "right, tour stuff"); keyed as the kind "the <noun>", as
    :func:`_aspects` keys "the jersey stuff".
    """
    found: list[Candidate] = []
    for noun in tokens[:-1]:
        aspect = tokens[noun.index + 1]
        if (
            aspect.norm not in TOPIC_ASPECTS
            or not aspect.glued
            or not _opens_a_sentence(tokens, noun)
        ):
            continue
        if noun.possessive or aspect.possessive or not noun.norm.isalpha():
            continue
        if noun.norm in TOPIC_ASPECTS or sense(noun.norm).function:
            continue
        if noun.capitalised and sense(noun.norm).place:
            continue  # "Bath stuff": the city
        if sense(noun.norm).zipf >= ASPECT_MAX_ZIPF and not _a_capital_inside(noun):
            continue
        if not _ends_the_sentence(maker.text, tokens, aspect):
            continue
        found.append(maker.make(f"the {noun.norm}", [noun], _TOPIC_ARMS, extra=(KIND_KNOWN,)))
    return found


def _opens_a_sentence(tokens: list[Token], word: Token) -> bool:
    """The word opens its sentence, maybe after a word that only moves the talk on."""
    if word.sentence_start or word.line_start:
        return True
    before = tokens[word.index - 1] if word.index else None
    return (
        before is not None
        and word.comma_before
        and before.norm in MOVING_ON
        and (before.sentence_start or before.line_start)
    )


def _ends_the_sentence(text: str, tokens: list[Token], word: Token) -> bool:
    """Nothing but a stop, a colon or a dash follows the word before the next sentence."""
    nxt = tokens[word.index + 1] if word.index + 1 < len(tokens) else None
    gap = text[word.end : nxt.start if nxt is not None else len(text)].strip()
    return gap in _SENTENCE_ENDS and (nxt is None or not nxt.glued or nxt.sentence_start)


#: A plan's kind, or the user's own "the <noun>" for it ("the fair").
_TOPIC_ARMS: Final = KIND_ARMS | {"alias"}
#: What is said of a plan in a sentence of its own that announces it.
TOPIC_ASPECTS: Final = frozenset({"stuff", "planning", "admin", "update", "news", "prep"})
#: What may end such a sentence.
_SENTENCE_ENDS: Final = frozenset({"", ".", ":", "!", "-", "—", "–", "...", "!!"})


def _words_before_work(tokens: list[Token], first: int) -> list[Token]:
    """One or two words from ``first`` that a work noun follows ("roof job", "cold store job")."""
    for count in (1, 2):
        end = first + count
        if end >= len(tokens) or tokens[end].norm not in WORK_NOUNS or not tokens[end].glued:
            continue
        words = tokens[first:end]
        if all(word.glued and not word.possessive and word.norm.isalpha() for word in words):
            return words
    return []


def _work_ends_its_phrase(tokens: list[Token], work: Token) -> bool:
    """Nothing after the work noun makes it a modifier or says which one it is.

    A word that is a verb and a noun is the verb after a piece of work ("the pontoon job
    starts in june", "costs too much"), unless a verb follows it ("the job costs are ...").
    """
    after = tokens[work.index + 1 : work.index + 3]
    if work.possessive or not after or not after[0].glued:
        return True
    if says_which_one(after[0]):
        return False  # "the roof job at my mum's", "the roof job next door"
    meaning = sense(after[0].norm)
    if meaning.function or not meaning.noun:
        return True  # "the roof job is done", "the roof job still isn't finished"
    if not {"VBZ", "VBD"} & inflections(after[0].norm):
        return False  # "the roof job list": a list
    following = after[1] if len(after) == 2 and after[1].glued else None
    return following is None or following.norm not in _VERBS_OF_A_NOUN


#: A noun this frequent before what is said of a plan is anyone's ("the day budget"); a
#: rarer one is the plan's, as before "job" ("the appeal leaflet", "the roof job").
ASPECT_MAX_ZIPF: Final = 5.0
#: What is said of a plan as the plan itself: "the footbridge budget", "the footbridge thing",
#: "the kiln update" are the footbridge appeal's and the kiln build's (see :func:`_aspects`).
WORK_ASPECTS: Final = frozenset(
    """
    thing stuff plans budget deadline meeting update figures paperwork leaflet posters
    schedule rota money numbers list costs
    """.split()
)


#: Verbs after a plural or a noun, which make the word before them a noun: "the job costs
#: are", "the roof job estimate needs ...".
_VERBS_OF_A_NOUN: Final = frozenset("are were is was have has need needs".split())


def _a_capital_inside(tok: Token) -> bool:
    return tok.capitalised and not tok.sentence_start


def _in_a_named_place(tokens: list[Token], noun: Token) -> str | None:
    """The named place "in" or "at" after the noun says which one: "the deli in Harrowby".

    The one the user knows is there if its page says so (:func:`placed_as_its_page_says`);
    "the bakery in Tasbury" is another bakery when the page's is elsewhere.
    """
    after = tokens[noun.index + 1 : noun.index + 3]
    if len(after) < 2 or not (after[0].glued and after[1].glued):
        return None
    if after[0].norm not in _PLACED or not after[1].capitalised or after[1].sentence_start:
        return None
    return after[1].norm


#: What a named place "in" or "at" after a kind is evidence of, and the place.
PLACED_IN: Final = "placed in"
_PLACED: Final = frozenset({"in", "at", "on"})


def placed_as_its_page_says(signals: Sequence[str], about: str) -> bool | None:
    """Whether the place a kind was said to be in is one its page names; None: no place."""
    place = next((signal for signal in signals if signal.startswith(PLACED_IN + " ")), None)
    if place is None:
        return None
    return place.removeprefix(PLACED_IN + " ") in _WORD.findall(about.casefold())


_WORD: Final = re.compile(r"[\w'’-]+")


def _ends_its_phrase(tokens: list[Token], noun: Token) -> bool:
    """Nothing after the noun makes it another noun's modifier or says which one it is."""
    if noun.possessive:
        return True  # "the court's ruling": the court's
    after = tokens[noun.index + 1 : noun.index + 3]
    if not after or not after[0].glued:
        return True
    word = after[0].norm
    if word in ("one", "ones"):
        return False  # "the coat one": which one of others, by what it is about
    if says_which_one(after[0]) and not says_when(tokens, after[0]):
        # "the court of appeal", "the bakery near my mum's", "the trial she's on", "the
        # extension to the library", "the lab Orsolya recommended"; a particle closing the
        # clause has no object to place it by ("handing the bakery over.")
        return _a_closing_particle(tokens, after[0])
    meaning = sense(word)
    if meaning.function or not meaning.noun:
        return True  # "the depot is shut", "the league still running", "the showcase with ..."
    return a_verb_after_it(tokens, after[0])


def a_verb_after_it(tokens: list[Token], word: Token) -> bool:
    """A noun that is a verb as well, right after a noun phrase, read as its verb.

    "needs", "results", "want": a verb when what follows is what a verb takes ("the bakery
    needs a clean", "the hospice needs volunteers"), a noun before a preposition ("the trial
    results for ...") or as the head of a compound ("the bakery van").
    """
    if not {"VBZ", "VBD", "VBP"} & inflections(word.norm):
        return False  # "the bakery van": a van
    nxt = word.index + 1
    following = tokens[nxt] if nxt < len(tokens) and tokens[nxt].glued else None
    if following is None:
        return True
    reading = sense(following.norm)
    marked = bool({"VBZ", "VBD"} & inflections(word.norm))  # "needs", "rang": no base form
    return (
        following.norm in _OBJECT_OPENERS
        or following.norm.isdigit()
        or (marked and reading.noun and not reading.function)  # "needs volunteers"
        or (marked and following.capitalised)  # "needs Maya's form": a name is its object
        # "the bakery looks great"; not a preposition ("the hospice shop on the high street")
        or (not reading.noun and not reading.function and bool(reading.readings & {"ADJ", "ADV"}))
    )


def says_when(tokens: Sequence[Token], after: Token) -> bool:
    """A preposition that says when, not which one: "the cold store in march", "by june".

    "the bakery by the station" is placed; "the footbridge by june" is wanted by then, and
    "the office at 7:30" is the office then.
    """
    time = tokens[after.index + 1] if after.index + 1 < len(tokens) else None
    if time is None or not time.glued:
        return False
    if after.norm == "that":
        return time.norm in _TIME_NOUNS  # "at the depot that day": no clause about it
    if after.norm == "at":
        return time.norm.isdigit() or time.norm in _HOURS  # "in the office at 7:30"
    if after.norm not in _WHEN:
        return False
    return is_calendar_word(time.norm) or time.norm in SEASONS or time.norm.isdigit()


#: Prepositions that say when before a date.
_WHEN: Final = frozenset("in on by from until till".split())
#: Hours named by a word after "at" ("at noon"): a time, not a place.
_HOURS: Final = frozenset("noon midday midnight lunchtime teatime dawn dusk".split())
#: Spans of time "that" points at as a demonstrative ("that day"), opening no clause.
_TIME_NOUNS: Final = frozenset(
    "day week weekend morning afternoon evening night time month year season".split()
)


def _a_closing_particle(tokens: list[Token], word: Token) -> bool:
    """A verb's particle after its object, the clause ending there: "hand the keys over"."""
    if word.norm not in _PARTICLES:
        return False
    return word.index + 1 >= len(tokens) or not tokens[word.index + 1].glued


#: Adverbs a phrasal verb puts after its object ("hand it over", "lock the hall up"); not
#: "round" or "back", nouns a compound ends in ("the ward round").
_PARTICLES: Final = frozenset("over off in on around through away up down".split())


def says_which_one(after: Token) -> bool:
    """The word right after a noun phrase places it or opens a clause about it."""
    return after.glued and (after.norm in _WHICH_ONE or after.capitalised)


def _another_before(tokens: list[Token], noun: Token) -> bool:
    """The turn brought in another one earlier.

    "a new bakery ..., the bakery there", "the Hunt Ball in March, the Ball is black tie".
    """
    for earlier in tokens[: noun.index - 1]:
        if earlier.norm != noun.norm:
            continue
        window = tokens[max(0, earlier.index - _ANOTHER_REACH) : earlier.index]
        if any(tok.norm in _ANOTHER or (tok.possessive and tok.norm != "the") for tok in window):
            return True
        if window and window[-1].capitalised and not window[-1].sentence_start:
            return True  # a name of its own before it: "the Hunt Ball"
    return False


def another_one_before(noun: str, texts: Sequence[str]) -> bool:
    """One of the last few turns brought in another one.

    "a workshop in Leeds", "my garage", "the workshop on safeguarding". For a piece of work
    ("the boiler job"), another's thing it works on as well: "my neighbour's getting his
    boiler replaced", "my sister is having a kitchen extension done" (not the user's own,
    "my boiler": the user's job is the page's).
    """
    if not noun.endswith(f" {WORK_KEY}"):
        return _brought_in(re.escape(noun), _ANOTHER, texts)
    worked_on = noun.removesuffix(f" {WORK_KEY}")
    return _brought_in(f"(?:{re.escape(noun)}|{re.escape(worked_on)})", _OTHERS, texts)


def _brought_in(words: str, owners: frozenset[str], texts: Sequence[str]) -> bool:
    pattern = re.compile(
        rf"\b(?:{'|'.join(sorted(owners))})\s+(?:[\w-]+\s+){{0,{_ANOTHER_REACH - 1}}}"
        rf"{words}\b"
        rf"|\bthe\s+{words}\s+(?:{'|'.join(sorted(_PLACING_AFTER))})\b",
        re.IGNORECASE,
    )
    return any(pattern.search(text) for text in texts)


#: Prepositions after a noun that say which one it is, in an earlier turn: "the workshop on
#: safeguarding", "the bakery near my mum's".
_PLACING_AFTER: Final = frozenset("of near at in on about behind opposite for with".split())
