"""What the conversation itself said before this turn, and which pages it named in full.

A page is in the agent's context from the turn where it was said in full (by the user or
by the assistant), pushed or not: the prior-context seam does not push it again. Only the
conversation's own words count, never the blocks memory injected (a name inside an
injected summary was shown to the agent, not said to it), and only a title written as a
name: "the contract went to Green Lane" names no Green Lane Garage, "an open day" is no
Open Day, and "Osgood Tarrant Jr." is not Osgood Tarrant.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from bb_brain.reflex._lexicon import is_calendar_word
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


def _pattern(words: list[str]) -> re.Pattern[str]:
    body = r"[\s\-]+".join(re.escape(word).replace("'", "['’]") for word in words)
    return re.compile(rf"(?<![\w'’]){body}(?![\w'’])", re.IGNORECASE)


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


#: A title this many words long or more is a name when written in full.
MIN_TITLE_WORDS: Final = 2
_WORD: Final = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
#: A generational suffix after a name: "Osgood Tarrant Jr." is his son.
_SUFFIX: Final = re.compile(r",?[ \t]+(?:jr|sr|ii|iii|iv)\b", re.IGNORECASE)
#: The word right after a name, on the same line with nothing but spaces between.
_NEXT_WORD: Final = re.compile(r"[ \t]+([^\W\d_][\w'’]*)")
#: Capitalised words that start no name: the speaker.
_NOT_A_NAME: Final = frozenset({"I", "I'm", "I've", "I'll", "I'd", "I’m", "I’ve", "I’ll", "I’d"})
