"""How much of a turn the engine reads: a bounded prefix, so a call's cost is bounded.

A turn can be a pasted log or a whole document (megabytes). The reflex, the volunteer stage
and the rules extractor are linear in what they read, but at tens of microseconds a
character, so each reads only a documented prefix of every text, cut back to a word
boundary; mentions and statements beyond it are not looked for. The stored conversation
page keeps the whole text. Real turns are far shorter than every cap (the corpus's longest
is a few hundred characters), so the caps change no result there.
"""

from __future__ import annotations

from typing import Final

#: The user turn a TurnContext call reads for mentions (reflex and volunteer).
TURN_EXAMINED_CHARS: Final = 8_192
#: Each window turn the volunteer stage reads.
WINDOW_EXAMINED_CHARS: Final = 2_048
#: The latest part of the prior context read for suppression and evidence.
PRIOR_EXAMINED_CHARS: Final = 262_144
#: Each turn the rules extractor reads for statements on write-back.
WRITEBACK_EXAMINED_CHARS: Final = 16_384


def examined(text: str, limit: int) -> str:
    """The first ``limit`` characters of ``text``, not ending inside a word."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    cut = max(head.rfind(" "), head.rfind("\n"), head.rfind("\t"))
    return head[:cut] if cut > limit // 2 else head
