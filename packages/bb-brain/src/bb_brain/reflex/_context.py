"""What the conversation itself said before this turn, and which pages it named in full.

A page is in the agent's context from the turn where it was said in full (by the user or
by the assistant), pushed or not: the prior-context seam does not push it again. Only the
conversation's own words count, never the blocks memory injected (a name inside an
injected summary was shown to the agent, not said to it), and only a title written as a
name: "the contract went to Green Lane" names no Green Lane Garage, "an open day" is no
Open Day, and "Osgood Tarrant Jr." is not Osgood Tarrant. The same holds of the words a
turn names a page by, written before as a name of it (:func:`named_as_here`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from bb_brain._letters import UPPER
from bb_brain._names import HONORIFICS, TITLE_ADDRESSES, fold
from bb_brain.reflex._lexicon import is_calendar_word
from bb_brain.reflex._ordinary import sense
from bb_brain.reflex._render import MEMORY_HEADING, VOLUNTEER_HEADING


def said_before(prior_context: str) -> str:
    """The prior context without what memory injected into it, line by line.

    Injected lines are told by their shape (a heading of the block, a pointer line with its
    ``brain://`` link, a fragment render), wherever they sit: a seam may interleave blocks
    with turns, or trim a block in half.
    """
    if "brain://" not in prior_context and MEMORY_HEADING not in prior_context:
        return prior_context
    kept = [line for line in prior_context.splitlines() if not _injected(line)]
    return "\n".join(kept)


def _injected(line: str) -> bool:
    stripped = line.strip()
    if stripped in (MEMORY_HEADING, VOLUNTEER_HEADING):
        return True
    return "brain://" in stripped and stripped.startswith(("- ", "Memory: "))


def named_in_full(said: str, titles: Mapping[str, str]) -> set[str]:
    """The slugs of ``titles`` whose title ``said`` writes in full, as a name.

    A title of two words or more, its capitals as the page writes them, and no longer name
    running on after it (another capitalised word, or a generational suffix).
    """
    found: set[str] = set()
    folded = said.lower()
    for slug, title in titles.items():
        words = _WORD.findall(title.split("(", 1)[0])  # "Ash Barn (venue)" is Ash Barn
        if words and words[0].lower() == "the":
            words = words[1:]  # "the Tolland Arms" as often as "The Tolland Arms"
        if len(words) < MIN_TITLE_WORDS or words[0].lower() not in folded:
            continue
        if any(_as_a_name(match, words, said) for match in _pattern(words).finditer(said)):
            found.add(slug)
    return found


def named_as_here(said: str, mentions: Mapping[str, Mention]) -> set[str]:
    """The slugs whose mention here an earlier turn wrote too, as a name of the same page.

    The conversation named the page then, whoever did ("Did Ossian check the pitch?", and
    "tell Ossian" eight turns on), so the agent has it. Written as a name: capitalised,
    with no other name running on before or after it ("C.S. Lewis", "Ossian Quarmby", "the
    Rose and Crown", "a Season of Joy" are something else), and a person's name with no
    article ("a Bentley", "an Elvis tribute").
    """
    found: set[str] = set()
    for slug, mention in mentions.items():
        words = _WORD.findall(mention.words)
        if not words or words[0].lower() not in said.lower():
            continue
        for match in _pattern(words, possessive=True).finditer(said):
            if _the_same_name(said, match, mention):
                found.add(slug)
                break
    return found


@dataclass(frozen=True)
class Mention:
    """A page's mention in the turn: its words, the page's own name words, whose it is."""

    words: str
    #: The folded words of the page's title, which may run on from the mention.
    own: frozenset[str]
    #: The page is a person's: no article comes before their name.
    person: bool


def _the_same_name(said: str, match: re.Match[str], mention: Mention) -> bool:
    written = _WORD.findall(match.group(0))
    if not all(word[:1].isupper() for word in written):
        return False  # "let ned know" may be lowercase typing; only a capital is sure
    before = said[: match.start()]
    previous = _PREVIOUS_WORD.search(before)
    if previous is not None and _another_name_before(before, previous, mention):
        return False
    following = _NEXT_WORD.match(said, match.end())
    if following is not None and fold(following.group(1)) in mention.own:
        return True  # "Ossian Vail" for Ossian
    if _JOINED_NAME.match(said, match.end()):
        return False  # "the Rose and Crown", "Joy & Peace"
    return not _runs_on(said, match.end())


def _another_name_before(before: str, previous: re.Match[str], mention: Mention) -> bool:
    """What stands before the words makes them part of something else."""
    word = previous.group(1)
    if _INITIALS.fullmatch(word):
        return True  # "C.S. Lewis": initials make it a family name, someone else's
    if mention.person and word.lower() in _ARTICLES:
        return True  # "test drove a Bentley", "the Bill went through"
    opening = _OPENS.search(before[: previous.start()]) is not None
    if word.lower() in _TITLE_JOINERS:
        joined = _PREVIOUS_WORD.search(before[: previous.start()])
        # "a Season of Joy": the words close a capitalised title
        return (
            joined is not None
            and joined.group(1)[:1].isupper()
            and not _OPENS.search(before[: joined.start()])
        )
    name = word[:1].isupper() and word not in _NOT_A_NAME
    name = name and fold(word.rstrip(".")) not in _ADDRESS and fold(word) not in mention.own
    # "Quarmby Ossian"; a sentence's opening capital is a name's only on a word no dictionary
    # has ("Quarmby Ossian wrote it"; "Has Ossian ...", "Thanks Ossian", "Dr Ossian" are his)
    return name and (not opening or not sense(fold(word)).lexical)


def _pattern(words: list[str], *, possessive: bool = False) -> re.Pattern[str]:
    """The words as written, with their "'s" too if ``possessive`` ("Ossian's away")."""
    body = r"[\s\-]+".join(re.escape(word).replace("'", "['’]") for word in words)
    end = r"(?=['’]s\b|[^\w'’]|$)" if possessive else r"(?![\w'’])"
    return re.compile(rf"(?<![\w'’]){body}{end}", re.IGNORECASE)


def _as_a_name(match: re.Match[str], words: list[str], said: str) -> bool:
    written = _WORD.findall(match.group(0))
    if len(written) != len(words):
        return False
    for page_word, said_word in zip(words, written, strict=True):
        if page_word[:1].isupper() and not said_word[:1].isupper():
            return False  # "green lane" is a lane; "Green Lane" may be the garage
    return not _runs_on(said, match.end())


def _runs_on(said: str, end: int) -> bool:
    """A longer name goes on after ``end``: "Marsh Road Surgery", "Osgood Tarrant Jr."."""
    if _SUFFIX.match(said, end):
        return True
    following = _NEXT_WORD.match(said, end)
    if following is None:
        return False
    word = following.group(1)
    return word[:1].isupper() and word not in _NOT_A_NAME and not is_calendar_word(word.lower())


#: Nothing but a sentence's break or the text's start before the words.
_OPENS: Final = re.compile(r"(?:^|[.!?:;\n]['’\"”)]?)\s*['‘\"“(]?$")
#: The word right before a mention, with nothing but spaces between.
_PREVIOUS_WORD: Final = re.compile(r"([^\W\d_][\w.'’]*)[ \t]+$")
#: Articles, which no person's name takes.
_ARTICLES: Final = frozenset({"a", "an", "the"})
#: Small words inside a capitalised title ("Bank of England", "Season of Joy").
_TITLE_JOINERS: Final = frozenset({"of", "&"})
#: Another capitalised word joined on after the words: a longer name ("the Rose and Crown").
_JOINED_NAME: Final = re.compile(rf"[ \t]+(?:and|&|of)[ \t]+[{UPPER}]")
#: Initials written with their periods ("W.G.", "J.", "J.R.R.").
_INITIALS: Final = re.compile(rf"(?:[{UPPER}]\.)+[{UPPER}]?\.?")
#: Words of address before a name, which run no other name on ("Dr Vail").
_ADDRESS: Final = HONORIFICS | TITLE_ADDRESSES
#: A title this many words long or more is a name when written in full.
MIN_TITLE_WORDS: Final = 2
_WORD: Final = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
#: A generational suffix after a name: "Osgood Tarrant Jr." is his son.
_SUFFIX: Final = re.compile(r",?[ \t]+(?:jr|sr|ii|iii|iv)\b", re.IGNORECASE)
#: The word right after a name, on the same line with nothing but spaces between.
_NEXT_WORD: Final = re.compile(r"[ \t]+([^\W\d_][\w'’]*)")
#: Capitalised words that start no name: the speaker.
_NOT_A_NAME: Final = frozenset({"I", "I'm", "I've", "I'll", "I'd", "I’m", "I’ve", "I’ll", "I’d"})
