"""A pasted or forwarded e-mail speaks in its sender's voice, not the user's.

"From: Dana Reyes ... I'm stepping back in January" states a fact about Dana, while the same
words typed by the user state one about the user. Below a ``From:`` header (and the header
lines that follow it), the first person singular is rewritten in the third person with the
sender's name ("Dana Reyes is stepping back in January"), up to the message's end: the next
``From:`` or "On ... wrote:" line, a sign-off or signature line, or the user's own chat after
a blank line. Attribution then reads the e-mail as a note-taker would.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from bb_brain._letters import UPPER

_HEADER = re.compile(r"^[ \t>]*(?:From|Von|De)\s*:\s*(?P<sender>[^\n]*)$", re.MULTILINE)
_OTHER_HEADER = re.compile(
    r"^[ \t>]*(?:To|Cc|Bcc|Subject|Date|Sent|Re)\s*:", re.IGNORECASE | re.MULTILINE
)
_QUOTE_INTRO = re.compile(r"^[ \t>]*On\b[^\n]*\bwrote:\s*$", re.MULTILINE)
_ADDRESS = re.compile(r"<[^>]*>|\S+@\S+|\"")
#: A sender's name: a few capitalised words (an address alone names no one here).
_NAME = re.compile(rf"^[{UPPER}][\w'’-]*(?:\s+[{UPPER}][\w'’-]*){{0,3}}$")
_FIRST_PERSON: Final = (
    (re.compile(r"\bI(?:['’]m| am)\b"), "{} is"),
    (
        re.compile(
            r"\bI(?:['’]d|\s+had)(?=\s+(?:(?:already|just|never|not)\s+)?(?:\w+ed|been|sent|done|made|seen|told|had)\b)"
        ),
        "{} had",
    ),
    (re.compile(r"\bI['’]d\b"), "{} would"),
    (re.compile(r"\bI['’]ll\b"), "{} will"),
    (re.compile(r"\bI(?:['’]ve| have)\b"), "{} has"),
    (re.compile(r"\bI was\b"), "{} was"),
    (
        re.compile(r"(?<![.\w])(?<![A-Z][a-z] )(?<![A-Z][a-z]{2} )(?<![A-Z][a-z]{3} )I(?![.\w'’])"),
        "{}",
    ),
    (re.compile(r"\b[Mm]y\b"), "{}'s"),
    (re.compile(r"\b(?:[Mm]e|[Mm]yself)\b"), "{}"),
)
#: Where a forwarded message ends: a sign-off, a signature or rule line, or the user's
#: own chat after a blank line ("thoughts?").
_BODY_END = re.compile(
    r"^[ \t>]*(?:--+|_{3,}|(?:best|thanks|thank you|cheers|regards|kind regards|best regards|"
    r"all the best|warmly|sincerely)\b[^\n]{0,20})[ \t]*$|\n[ \t]*\n(?=[a-z])",
    re.IGNORECASE | re.MULTILINE,
)


def in_senders_words(text: str, organisation: Callable[[str], bool] | None = None) -> str:
    """``text`` with every e-mail body under a ``From:`` header in its sender's voice.

    A pasted message signed off for an organisation ("... Thanks, Odile Varn, Widget Co")
    speaks for it: its "we" and "our" are the organisation's, when ``organisation`` says
    the name is one (a page the source has, say).
    """
    if organisation is not None:
        text = _signed_for(text, organisation)
    headers = list(_HEADER.finditer(text))
    if not headers:
        return text
    pieces: list[str] = []
    done = 0
    for number, header in enumerate(headers):
        sender = _ADDRESS.sub("", header.group("sender")).strip(" ,;")
        body_start = _after_headers(text, header.end())
        body_end = headers[number + 1].start() if number + 1 < len(headers) else len(text)
        for end in (_QUOTE_INTRO.search(text, body_start, body_end),
                    _BODY_END.search(text, body_start + 1, body_end)):  # fmt: skip
            if end is not None:
                body_end = min(body_end, end.start())
        if not _NAME.match(sender) or body_start >= body_end:
            continue
        pieces += [text[done:body_start], _third_person(text[body_start:body_end], sender)]
        done = body_end
    return "".join([*pieces, text[done:]])


def _after_headers(text: str, position: int) -> int:
    """Where the body starts: past the header lines that follow ``From:``."""
    while position < len(text):
        line_end = text.find("\n", position + 1)
        line_end = len(text) if line_end == -1 else line_end
        if not _OTHER_HEADER.match(text, position + 1 if text[position] == "\n" else position):
            return position
        position = line_end
    return position


def _third_person(body: str, sender: str) -> str:
    for pattern, replacement in _FIRST_PERSON:
        body = pattern.sub(replacement.format(sender), body)
    return body


#: A pasted message: lines quoted with ">", or a passage in quote marks.
_MESSAGE = re.compile(
    r"(?:^[ \t]*>[^\n]*(?:\n|$))+|(?<![\w])['\"“‘][^'\"”’\n]{40,}['\"”’](?![\w])", re.M
)
#: Its signature: a person's name, then the organisation they write for.
_SIGNATURE = re.compile(
    r"(?:^|[.!?,]\s+|\s)(?i:thanks|cheers|best|regards|best wishes|kind regards|many thanks)"
    r"[,!]?\s+(?:>\s*)?"
    rf"(?P<person>[{UPPER}][\w'’-]+(?:\s+[{UPPER}][\w'’-]+)?)\s*(?:@|,|-|–|—|from|at)\s*"
    rf"(?P<org>[{UPPER}][\w'’&-]*(?:\s+(?:&\s+)?[{UPPER}][\w'’&-]*){{0,3}})\s*['\"”’]?\s*$"
)
#: The first person plural, and how the organisation's name stands in for it.
_WE: Final = (
    (re.compile(r"\b[Ww]e(?:['’]ll| will)\b"), "{} will"),
    (re.compile(r"\b[Ww]e(?:['’]re| are)\b"), "{} are"),
    (re.compile(r"\b[Ww]e(?:['’]ve| have)\b"), "{} have"),
    (re.compile(r"\b[Ww]e\b"), "{}"),
    (re.compile(r"\b[Oo]ur\b"), "{}'s"),
)


def _signed_for(text: str, organisation: Callable[[str], bool]) -> str:
    """Each pasted message signed off for an organisation, in the organisation's voice."""
    pieces: list[str] = []
    done = 0
    for message in _MESSAGE.finditer(text):
        body = message.group(0)
        signed = _SIGNATURE.search(body.rstrip())
        if signed is None:
            continue
        org = signed.group("org").rstrip("'’")
        if not organisation(org):
            continue  # "Cheers, Ana, Lisbon": a place, or a name the brain does not know
        voiced = body[: signed.start()]
        for pattern, replacement in _WE:
            voiced = pattern.sub(replacement.format(org), voiced)
        pieces += [text[done : message.start()], voiced, body[signed.start() :]]
        done = message.end()
    return "".join([*pieces, text[done:]]) if pieces else text
