"""The one form the engine reads text in: Unicode NFC, every space a plain space.

"José" can arrive as five code points, the "é" one precomposed letter (NFC, what most
keyboards send), or as six, "e" followed by a combining acute accent (NFD, what text copied
from macOS file names and some phone keyboards holds). The two are the same text, but the
engine's patterns match letters, and a combining mark is not one: read as sent, NFD "José" is
the name "Jose" cut off before a stray mark. Likewise a no-break space (U+00A0, typed by an
Option-space on a Mac, pasted from web pages) or a narrow or ideographic one is a space to
whoever reads the text, while a pattern that joins "Hvidsten Joinery" by " " does not see one.
Each space separator (Unicode category Zs) becomes " ", one character for one, so offsets do
not move for it.

So the engine puts in this form, before it reads them: the turn, the window and the prior
context of a TurnContext call (after the cut to the examined prefix, so a huge turn costs what
its prefix costs); a conversation handed to write-back and the facts its extractor returns; a
seeded page, a seed fact and a page file's name; a recall question and ProbeFacts keywords.
Everything downstream (offsets in a pointer's evidence, the stored conversation page, stored
facts, created pages' titles) is in that form. The trust store (:mod:`bb_brain.trust`) does
not change the form: its pages round-trip as written, and it matches text as stored.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

#: Every space separator (Zs) but the plain space: no-break, en to hair, narrow, ideographic.
_SPACE_CHARS: Final = (
    "\u00a0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u202f\u205f\u3000"
)
_SPACES: Final = re.compile(f"[{_SPACE_CHARS}]")


def read_form(text: str) -> str:
    """``text`` in NFC with plain spaces; text already so (nearly all) is returned as is."""
    text = unicodedata.normalize("NFC", text)
    # a substring test per character is a fast scan; a regex search over a long prior
    # context is not
    if any(char in text for char in _SPACE_CHARS):
        return _SPACES.sub(" ", text)
    return text
