"""Segmentation: a conversation splits where the speakers went quiet for over 30 minutes.

A long pause usually means a new topic or a new meeting; extracting per segment keeps an
extractor's pronoun and context resolution from reaching across it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bb_schema import PublicTurn

#: A gap strictly longer than this between consecutive timestamped turns starts a segment.
SEGMENT_GAP = timedelta(minutes=30)


@dataclass(frozen=True)
class Segment:
    """A run of consecutive turns with no gap over :data:`SEGMENT_GAP` inside it."""

    index: int
    turns: tuple[PublicTurn, ...]

    @property
    def start(self) -> str | None:
        """The first timestamp in the segment, if any turn carries one."""
        return next((turn.ts for turn in self.turns if turn.ts is not None), None)

    @property
    def end(self) -> str | None:
        """The last timestamp in the segment, if any turn carries one."""
        return next((turn.ts for turn in reversed(self.turns) if turn.ts is not None), None)

    @property
    def texts(self) -> frozenset[str]:
        """Every turn text in the segment, for verbatim lookups."""
        return frozenset(turn.text for turn in self.turns)


def segment_turns(turns: Sequence[PublicTurn], gap: timedelta = SEGMENT_GAP) -> list[Segment]:
    """Split ``turns`` (in conversation order) into segments.

    A turn without a timestamp never splits: it joins the current segment, and the next
    timestamped turn is compared with the latest earlier timestamp. A timestamp earlier than
    its predecessor (clock skew) does not split either.
    """
    groups: list[list[PublicTurn]] = []
    last_seen: datetime | None = None
    for turn in turns:
        when = turn.when
        if not groups or (when is not None and last_seen is not None and when - last_seen > gap):
            groups.append([])
        groups[-1].append(turn)
        if when is not None:
            last_seen = when
    return [Segment(index, tuple(group)) for index, group in enumerate(groups)]
