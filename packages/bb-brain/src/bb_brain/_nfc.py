"""Text is read in one Unicode form, NFC, whatever form it arrives in.

"José" can arrive as five code points, the "é" one precomposed letter (NFC, what most
keyboards send), or as six, "e" followed by a combining acute accent (NFD, what text copied
from macOS file names and some phone keyboards holds). The two are the same text, but the
engine's patterns match letters, and a combining mark is not one: read as sent, NFD "José" is
the name "Jose" cut off before a stray mark.

So the engine puts in NFC, before it reads them: the turn, the window and the prior context of
a TurnContext call (after the cut to the examined prefix, so a huge turn costs what its
prefix costs); a conversation handed to write-back and the facts its extractor returns; a
seeded page, a seed fact and a page file's name; a recall question and ProbeFacts keywords.
Everything downstream (offsets in a pointer's evidence, the stored conversation page, stored
facts, created pages' titles) is in that form. The trust store (:mod:`bb_brain.trust`) does
not normalise the form: its pages round-trip as written, and it matches text as stored.
"""

from __future__ import annotations

import unicodedata


def nfc(text: str) -> str:
    """``text`` in NFC; text already in NFC (nearly all of it) is returned as is, cheaply."""
    return unicodedata.normalize("NFC", text)
