"""Text is read in one Unicode form, NFC, whatever form it arrives in.

"José" can arrive as five code points, the "é" one precomposed letter (NFC, what most
keyboards send), or as six, "e" followed by a combining acute accent (NFD, what text copied
from macOS file names and some phone keyboards holds). The two are the same text, but the
engine's patterns match letters, and a combining mark is not one: read as sent, NFD "José" is
the name "Jose" cut off before a stray mark. So every text the engine reads (the turn, the
window, the prior context, a conversation handed to write-back, a seeded page) is first put
in NFC, and everything downstream (offsets in a pointer's evidence, the stored conversation
page, the facts the rules extractor writes) is in that form.
"""

from __future__ import annotations

import unicodedata


def is_nfc(text: str) -> bool:
    """Whether ``text`` is already in NFC (a quick check, for nearly all text it is)."""
    return unicodedata.is_normalized("NFC", text)


def nfc(text: str) -> str:
    """``text`` in NFC; already-NFC text comes back as is."""
    return text if is_nfc(text) else unicodedata.normalize("NFC", text)
