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
#: A weekday before a date ("Sat 7 Nov", "weds the 3rd"): the date makes any short form the day.
_DATE_WEEKDAY: Final = (
    r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|rsday|urday)?\b\.?"
)
#: A weekday as typed: whole ("tuesday", "fridays"), or shortened as chat does ("tues",
#: "thurs", "weds", "fri"). Not the short forms that are words of their own ("sat nav", "sun
#: cream", "c'mon", "to wed"): alone, nothing says they are a day.
WEEKDAY: Final = r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|tues?|thu(?:rs?)?|weds|fri)\b"
#: A day next to today, as chat types it too: "tmrw", "tonite", "yday".
NEXT_TO_TODAY: Final = r"(?:tonight|tonite|tomorrow|tmrw|tmw|tomoz|yesterday|yday)\b"
_ORDINAL: Final = r"\d{1,2}(?:st|nd|rd|th)\b"
#: A figure, its thousands grouped by commas or not: "21,000", "16", "4.2".
_FIGURE: Final = r"(?:\d{1,3}(?:,\d{3})++|\d++)(?:\.\d++)?"
#: Words after a figure that are no unit of it: "16, ok", "18 then", "2 of them".
_NO_UNIT: Final = "a|an|the|of|at|in|on|to|for|by|from|with|per|and|or|but|so|then|ok|now|more|less"
#: Each kind of value a slip is fixed with, as it may stand in a statement.
_KINDS: Final = {
    "date": re.compile(
        rf"(?:{_DATE_WEEKDAY}\s+)?(?:the\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}"
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
    "weekday": re.compile(rf"\b{WEEKDAY}", re.IGNORECASE),
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
    # a count or an amount, with the word it counts or the unit it is in, or bare ("8 rooms",
    # "21,000 pesos", "12,400 zł", "16"); the last kind tried, so a new date or time stays one
    "quantity": re.compile(
        rf"(?<![\w.,/:£$€-]){_FIGURE}(?![.,]?\d|[/:%-])"
        rf"(?:\s?(?!(?:{MONTH}|am|pm|{_NO_UNIT})\b)(?P<unit>[^\W\d_]++))?",
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
#: "it's" or "that's" before the value a slip gives, with its apostrophe or without.
_SAID_IS: Final = re.compile(r"^(?:it['’]s|that['’]?s|(?:it|that)\s+is)\s+", re.IGNORECASE)
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
    if slip is not None and slip.group(0).strip():
        rest = _SAID_IS.sub("", rest)  # "sorry thats the 23rd": the 23rd
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
    if kind == "quantity" and _NUMBER.fullmatch(new) and not _NUMBER.fullmatch(was):
        new = _NUMBER.sub(new, was, count=1)  # "18 performances, no wait, 16": 16 of them
    if re.search(r"\bthe\s+$", statement[: found.start()], re.IGNORECASE):
        new = re.sub(r"^the\s+", "", new, flags=re.IGNORECASE)
    return statement[: found.start()] + new + statement[found.end() :]


#: A figure alone: what a bare quantity replaces of one written with its unit.
_NUMBER: Final = re.compile(_FIGURE)


def nearest_value(statement: str, value: str) -> re.Match[str] | None:
    """The value of ``value``'s kind in ``statement`` that a slip most likely made.

    A slip changes a character or two ("8:10" for "8:40"): of several values of the kind,
    the one written most like the new value, the later on a tie. A count or an amount
    fixes one in the same unit ("8 rooms" no "30 staff"), or the same figure in another
    unit ("2 kids. Sorry, 2 dogs"), or, when it is a figure alone, one of any unit compared
    figure to figure: an hour with its "am" or "pm" too, never a part of a date, a sum or
    another time, nor a year ("hired 3 people in 2023. sorry, 4" fixes the 3).
    """
    kind = value_kind(value)
    if kind is None:
        return None
    every = list(_KINDS[kind].finditer(statement))
    if kind == "quantity":
        every = _quantities_fixed_by(statement, every, value)
        if _NUMBER.fullmatch(value.strip()):
            every += _HOUR.finditer(statement)  # "the 9th, 2pm. no, 3": 3pm
            every.sort(key=lambda found: found.start())
        figure = _figure_of(value)
        return min(
            reversed(every),
            key=lambda found: slip_distance(_figure_of(found.group(0)), figure),
            default=None,
        )
    if not every:
        return None
    return min(reversed(every), key=lambda found: slip_distance(found.group(0), value))


def _quantities_fixed_by(
    statement: str, every: list[re.Match[str]], value: str
) -> list[re.Match[str]]:
    """The counts and amounts of ``statement`` that ``value`` may fix (see nearest_value)."""
    taken = [
        found.span()
        for kind, pattern in _KINDS.items()
        if kind != "quantity"
        for found in pattern.finditer(statement)
    ]
    said = _KINDS["quantity"].fullmatch(value.strip())
    unit = _unit(said.group("unit")) if said is not None and said.group("unit") else ""
    kept: list[re.Match[str]] = []
    for found in every:
        if any(start < found.end() and found.start() < end for start, end in taken):
            continue  # "at 10am", "on 12 June", "£40": a value of another kind
        figure = _NUMBER.match(found.group(0))
        if unit and _unit(found.group("unit") or "") != unit and not _same_figure(found, value):
            continue  # "30 staff. Sorry, 2 mins" fixes nothing; "2 kids. Sorry, 2 dogs" does
        if figure is not None and _YEAR.fullmatch(figure.group(0)) and len(value.strip()) < 4:
            continue
        kept.append(found)
    return kept


#: An hour and its "am" or "pm": a figure alone fixes it as it fixes a count.
_HOUR: Final = re.compile(r"(?<![\d:.])\b\d{1,2}\s?(?:am|pm)\b", re.IGNORECASE)
#: A year: no count a short figure fixes.
_YEAR: Final = re.compile(r"(?:19|20)\d\d")


def _same_figure(found: re.Match[str], value: str) -> bool:
    return _figure_of(found.group(0)) == _figure_of(value)


def _figure_of(written: str) -> str:
    """The figure of a count, an amount or an hour as written: "18" of "18 shows"."""
    figure = _NUMBER.search(written)
    return figure.group(0) if figure is not None else written


def _unit(word: str) -> str:
    """A unit's word as written either way: "room" and "rooms" are one unit.

    Lengths of time are one unit whatever they count in: "9 days. sorry, 3 weeks".
    """
    folded = word.casefold()
    folded = folded[:-1] if folded.endswith("s") and len(folded) > 3 else folded
    return "length of time" if folded in _DURATIONS else folded


#: Words for lengths of time, singular (and short plurals too short to lose their "s").
_DURATIONS: Final = frozenset(
    "sec second min minute hr hrs hour day night week wk wks fortnight month mo mos mth mths"
    " year yr yrs".split()
)


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
