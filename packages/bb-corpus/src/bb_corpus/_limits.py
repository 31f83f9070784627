"""How big a corpus may be: per turn, per page, per file; and the wire limit they imply.

A corpus that passes validation must also fit through the seam, so the size rules are
checked at load time (one clear line per offender, exit 2) and the gRPC message limit of a
run is derived from them (:meth:`CorpusLimits.message_bytes`) instead of being discovered as
RESOURCE_EXHAUSTED in the middle of a run. The defaults fit every corpus written so far with
room to spare; ``--max-turn-bytes``, ``--max-page-bytes`` and ``--max-fixture-bytes`` raise
them (``corpus validate`` and ``run`` take the same flags).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

KIB: Final = 1024
MIB: Final = 1024 * KIB
#: gRPC's own default, and the floor of every derived limit.
MIN_MESSAGE_BYTES: Final = 16 * MIB

_SIZE = re.compile(r"\s*(\d+)\s*(|k|kb|kib|m|mb|mib|g|gb|gib)\s*", re.I)
_UNIT = {"": 1, "k": KIB, "m": MIB, "g": 1024 * MIB}


@dataclass(frozen=True)
class CorpusLimits:
    """Size limits in UTF-8 bytes.

    Attributes:
        max_turn_bytes: One turn's text.
        max_page_bytes: One page's content (a seeded page, or a trust step's canonical file).
        max_fixture_bytes: One fixture or gold file on disk.
    """

    max_turn_bytes: int = 1 * MIB
    max_page_bytes: int = 1 * MIB
    max_fixture_bytes: int = 8 * MIB

    def __post_init__(self) -> None:
        for name in ("max_turn_bytes", "max_page_bytes", "max_fixture_bytes"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be positive, got {getattr(self, name)!r}")

    def message_bytes(self) -> int:
        """The gRPC message limit a run under these limits needs, never below 16 MiB.

        The largest requests are a continuity pair's Seed (the pages of two fixtures) and a
        late turn's TurnContext (the conversation so far plus what was injected into it):
        four fixtures' worth covers both with room.
        """
        return max(MIN_MESSAGE_BYTES, 4 * self.max_fixture_bytes)


def parse_size(text: str) -> int:
    """``"1048576"``, ``"512KiB"``, ``"8M"``, ``"1g"`` -> bytes (binary units).

    Raises:
        ValueError: Not a positive size.
    """
    found = _SIZE.fullmatch(text)
    if found is None or int(found[1]) <= 0:
        raise ValueError(f"{text!r} is not a size; write bytes or e.g. 512KiB, 8MiB")
    return int(found[1]) * _UNIT[found[2][:1].lower()]


def show_size(size: int) -> str:
    """A byte count for a message: ``1.0 MiB``, ``52.4 MB`` style, exact below 1 KiB."""
    if size < KIB:
        return f"{size} bytes"
    if size < MIB:
        return f"{size / KIB:.1f} KiB"
    return f"{size / MIB:.1f} MiB"


def utf8_over(text: str, limit: int) -> int | None:
    """The UTF-8 size of ``text`` when it is over ``limit``, else None (cheap when short)."""
    if 4 * len(text) <= limit:
        return None
    size = len(text.encode("utf-8", "surrogatepass"))
    return size if size > limit else None
