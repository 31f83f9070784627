"""Plain-text building blocks of the scoreboard: padded markdown tables, wrapped lines.

The scoreboard is one text that reads the same in a terminal and as markdown, so tables are
pipe tables padded to aligned columns, and nothing may exceed the board's width: a table
whose value columns do not fit is cut into several tables that repeat the leading columns.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Final, Literal

Align = Literal["left", "right"]

#: The width every scoreboard line fits in.
BOARD_WIDTH: Final = 100


def md(text: str) -> str:
    """Text safe inside a markdown table cell or list item (one line, pipes escaped)."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def table(header: Sequence[str], rows: Sequence[Sequence[str]], align: Sequence[Align]) -> str:
    """One padded pipe table (cells are used as given: escape them with :func:`md`)."""
    widths = [max(3, len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]

    def line(cells: Sequence[str]) -> str:
        padded = [
            cell.rjust(width) if how == "right" else cell.ljust(width)
            for cell, width, how in zip(cells, widths, align, strict=True)
        ]
        return "| " + " | ".join(padded) + " |"

    rule = [
        "-" * (w - 1) + ":" if how == "right" else "-" * w
        for w, how in zip(widths, align, strict=True)
    ]
    return "\n".join([line(header), line(rule), *(line(r) for r in rows)])


def table_width(columns: Sequence[Sequence[str]]) -> int:
    """The printed width of a table whose columns hold these cells (header included)."""
    return sum(max(3, *(len(c) for c in col)) for col in columns) + 3 * len(columns) + 1


def split_columns(
    lead: Sequence[Sequence[str]], values: Sequence[Sequence[str]], width: int = BOARD_WIDTH
) -> list[list[int]]:
    """Indices of ``values`` columns per table, so each table (``lead`` + its chunk) fits.

    Every chunk holds at least one value column, so a single too-wide column still shows.
    """
    chunks: list[list[int]] = []
    current: list[int] = []
    for index in range(len(values)):
        trial = [*lead, *(values[i] for i in current), values[index]]
        if current and table_width(trial) > width:
            chunks.append(current)
            current = []
        current.append(index)
    if current:
        chunks.append(current)
    return chunks


def wrap(text: str, *, indent: str = "", first: str = "", width: int = BOARD_WIDTH) -> list[str]:
    """``text`` wrapped to ``width`` (a list item: ``first="- "`` and ``indent="  "``)."""
    return textwrap.wrap(
        text,
        width=width,
        initial_indent=first,
        subsequent_indent=indent,
        break_long_words=True,
        break_on_hyphens=False,
    ) or [first.rstrip()]
