"""A value said again in place of a slip: "sorry, 14 Nov", "not the 3rd, the 10th".

People fix a slipped value by saying only the new one. What the fact was about is in the
statement they fixed, so the fact to keep is that statement with the new value in place of
the old one of the same kind ("the jumble sale is Sat 7 Nov at the hall, 9am" then "sorry, 14
Nov" keeps "the jumble sale is 14 Nov at the hall, 9am"), not the bare value.
"""

from __future__ import annotations

import re
from typing import Final

#: A month's name, whole or cut short ("Feb", "Sept").
MONTH: Final = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b"
)
_MONTH: Final = rf"{MONTH}\.?"
_WEEKDAY: Final = (
    r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|rsday|urday)?\b\.?"
)
_ORDINAL: Final = r"\d{1,2}(?:st|nd|rd|th)\b"
#: Each kind of value a slip is fixed with, as it may stand in a statement.
_KINDS: Final = {
    "date": re.compile(
        rf"(?:{_WEEKDAY}\s+)?(?:the\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}"
        rf"|{_MONTH}\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\b|{_ORDINAL})",
        re.IGNORECASE,
    ),
    # a clock time, or an hour alone after "at" ("starts at 5")
    "time": re.compile(
        r"\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)\b|\b\d{1,2}:\d{2}\b|(?<=\bat )\d{1,2}\b(?![:.,]?\d)",
        re.IGNORECASE,
    ),
    # hours from one time to another: "12-3", "10am-2pm", "9 till 5"
    "span": re.compile(
        r"\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?\s*(?:[-–]|(?:to|till|til|until)\b)\s*"
        r"\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?\b",
        re.IGNORECASE,
    ),
    "weekday": re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b", re.IGNORECASE),
    "month": re.compile(
        r"\b(?:january|february|march|april|june|july|august|september|october|november|"
        r"december|(?-i:May))\b",  # "may" in lowercase is the modal
        re.IGNORECASE,
    ),
    "percent": re.compile(r"\b\d+(?:\.\d+)?\s?%"),
    "money": re.compile(
        r"[£$€]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn)\b)?|\b\d[\d,]*(?:\.\d+)?\s?(?:quid|grand)\b",
        re.IGNORECASE,
    ),
}
#: What may open a clause that only fixes a value: an apology, a slip owned, "I mean".
#: Words that own to a slip said as a piece of their own: "sorry, 20 Dec", "hang on, the 9th".
SLIP_MARKERS: Final = (
    r"sorry|oops|whoops|no|nope|wait|i mean|hang on|hold on|scratch that|correction|my bad"
)
_SLIP: Final = re.compile(
    rf"^\W*(?:(?:{SLIP_MARKERS}|again|i meant|make that|rather|ugh)\b[\s,.!:;-]*)+",
    re.IGNORECASE,
)
#: A preposition a fixed value may keep from the statement it fixes ("hang on, from the 27th").
_LEADING_PREPOSITION: Final = re.compile(r"^(?:from|on|at|by|till|until|in)\s+", re.IGNORECASE)
#: Words after a value that are no part of it ("the 10th now", "14 Nov instead").
_AFTER: Final = re.compile(
    r"(?:\s+(?:now|then|instead|actually|not\s+\S+))*[^\w%]*$", re.IGNORECASE
)


def value_kind(value: str) -> str | None:
    """Which kind of value ``value`` is, when it is one value and nothing else."""
    for kind, pattern in _KINDS.items():
        if pattern.fullmatch(value.strip()):
            return kind
    return None


def bare_value(clause: str, *, marked: bool = False) -> str | None:
    """The value a clause says and nothing else, after any slip marker ("sorry, the 19th").

    With ``marked`` the clause must open with such a marker: a bare value after a full
    statement may be a new detail ("Thursday. 6pm") rather than a fix.
    """
    slip = _SLIP.match(clause)
    if marked and (slip is None or not slip.group(0).strip(" ,.!:;-")):
        return None
    rest = clause[slip.end() :] if slip is not None else clause
    trailing = _AFTER.search(rest)
    rest = (rest[: trailing.start()] if trailing is not None else rest).strip()
    if rest and value_kind(rest) is None and slip is not None and slip.group(0).strip():
        rest = _LEADING_PREPOSITION.sub("", rest)  # "hang on, from the 27th": the 27th
    return rest if rest and value_kind(rest) is not None else None


def substituted(statement: str, value: str, old: re.Pattern[str] | None = None) -> str | None:
    """``statement`` with ``value`` in place of ``old``, or of the value of its kind slipped.

    A day of the month alone replaces only the day of a date that gives its month too ("the
    3rd of June" and "the 10th" give "the 10th of June"); None when the statement holds no
    value of its kind to replace; of several, the one the slip most likely made
    (:func:`nearest_value`).
    """
    kind = value_kind(value)
    if kind is None:
        return None
    found = old.search(statement) if old is not None else nearest_value(statement, value)
    if found is None:
        return None
    was = found.group(0)
    new = value.strip()
    if kind == "date" and re.fullmatch(rf"(?:the\s+)?{_ORDINAL}", new, re.IGNORECASE):
        day = int(re.sub(r"\D", "", new))
        if re.search(_MONTH, was, re.IGNORECASE):
            written = f"{day}{_suffix(was, day)}"
            new = re.sub(r"\d{1,2}(?:st|nd|rd|th)?", written, was, count=1, flags=re.IGNORECASE)
    elif kind == "date" and not re.search(_MONTH, new, re.IGNORECASE):
        month = re.search(_MONTH, was, re.IGNORECASE)
        if month is not None and re.search(_ORDINAL, new, re.IGNORECASE):
            new = f"{new} of {month.group(0)}"  # "Friday the 10th" of "Friday 3 July"
    if re.search(r"\bthe\s+$", statement[: found.start()], re.IGNORECASE):
        new = re.sub(r"^the\s+", "", new, flags=re.IGNORECASE)
    return statement[: found.start()] + new + statement[found.end() :]


def nearest_value(statement: str, value: str) -> re.Match[str] | None:
    """The value of ``value``'s kind in ``statement`` that a slip most likely made.

    A slip changes a character or two ("8:10" for "8:40"): of several values of the kind,
    the one written most like the new value, the later on a tie.
    """
    kind = value_kind(value)
    if kind is None:
        return None
    every = list(_KINDS[kind].finditer(statement))
    if not every:
        return None
    return min(reversed(every), key=lambda found: slip_distance(found.group(0), value))


def slip_distance(was: str, new: str) -> int:
    """How many characters a slip changed between two writings of a value (case aside)."""
    from rapidfuzz.distance import Levenshtein  # on first use: a run's start-up skips it

    return int(Levenshtein.distance(was.strip().casefold(), new.strip().casefold()))


def _suffix(was: str, day: int) -> str:
    """The ending the new day takes when the old date was written with one ("12th" -> "19th")."""
    if re.search(r"\d(?:st|nd|rd|th)", was, re.IGNORECASE) is None:
        return ""
    if day % 100 in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
