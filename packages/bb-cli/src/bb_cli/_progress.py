"""Progress of long work on stderr: what is running, done/total, elapsed, remaining.

Three ways to show it, chosen once per command (``--progress``):

* ``bar``: a live display (rich) that redraws in place: for a person at a terminal;
* ``lines``: one plain line at most every :data:`LINE_INTERVAL` seconds per phase, plus one
  when a phase ends: for CI logs, which keep every byte and cannot redraw;
* ``off``: nothing.

``auto`` (the default) is ``bar`` when stderr is a terminal, ``lines`` when it is not but the
``CI`` environment variable is set, and ``off`` otherwise (a pipe or a file gets no noise);
``--quiet`` is always ``off``. Progress never touches stdout, so ``--json`` keeps it one
envelope.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Final, Literal, TextIO

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

__all__ = [
    "LINE_INTERVAL",
    "MODES",
    "ProgressDisplay",
    "Tick",
    "add_progress_flag",
    "resolve_mode",
]

Mode = Literal["auto", "bar", "lines", "off"]
MODES: Final[tuple[Mode, ...]] = ("auto", "bar", "lines", "off")
#: Seconds between two plain lines of one phase.
LINE_INTERVAL: Final = 30.0

#: A phase's callback: (done, total, what just finished).
Tick = Callable[[int, int, str], None]


def add_progress_flag(parser: argparse.ArgumentParser) -> None:
    """``--progress auto|bar|lines|off`` for a command that does long work."""
    parser.add_argument(
        "--progress",
        choices=MODES,
        default="auto",
        help="progress on stderr: bar (live), lines (a plain line every 30 s, for CI logs) or "
        "off; auto: bar on a terminal, lines when CI is set, else off (default: %(default)s; "
        "--quiet turns it off)",
    )


def resolve_mode(flag: str, *, quiet: bool, stream: TextIO) -> Literal["bar", "lines", "off"]:
    """The display to use for ``--progress flag`` (see the module docstring)."""
    if quiet or flag == "off":
        return "off"
    if flag in ("bar", "lines"):
        return "bar" if flag == "bar" else "lines"
    if stream.isatty():
        return "bar"
    return "lines" if os.environ.get("CI") else "off"


def _clock(seconds: float) -> str:
    return str(timedelta(seconds=round(max(seconds, 0.0))))


@dataclass
class _Phase:
    name: str
    started: float
    last_line: float
    done: int = 0
    total: int = 0
    task: TaskID | None = None


class ProgressDisplay:
    """One command's progress: phases (replay, trust sweep, ...) each with done/total."""

    def __init__(
        self,
        stream: TextIO,
        mode: Literal["bar", "lines", "off"],
        *,
        interval: float = LINE_INTERVAL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._stream = stream
        self._mode = mode
        self._interval = interval
        self._clock = clock
        self._bar: Progress | None = None
        self._phases: dict[str, _Phase] = {}

    @property
    def mode(self) -> Literal["bar", "lines", "off"]:
        """The resolved display."""
        return self._mode

    @contextmanager
    def running(self) -> Iterator[ProgressDisplay]:
        """Show progress while the block runs; the live display is closed on the way out."""
        if self._mode == "bar":
            # rich is imported for the live bar only: lines, off and --quiet never load it.
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            console = Console(file=self._stream, stderr=True)
            self._bar = Progress(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("elapsed"),
                TimeElapsedColumn(),
                TextColumn("left"),
                TimeRemainingColumn(),
                TextColumn("{task.fields[label]}", style="dim"),
                console=console,
                redirect_stdout=False,
                redirect_stderr=False,
            )
            self._bar.start()
        try:
            yield self
        finally:
            if self._bar is not None:
                self._bar.stop()
                self._bar = None

    def narrate(self, text: str) -> None:
        """A line of narration that does not break the live display."""
        if self._bar is not None:
            self._bar.console.print(text, markup=False, highlight=False)
        else:
            self._stream.write(text.rstrip("\n") + "\n")

    def phase(self, name: str) -> Tick | None:
        """The callback of phase ``name`` (None when progress is off)."""
        if self._mode == "off":
            return None
        now = self._clock()  # the work starts now, before its first item is done
        self._phases[name] = _Phase(name, started=now, last_line=now)

        def tick(done: int, total: int, label: str) -> None:
            self._tick(name, done, total, label)

        return tick

    def _tick(self, name: str, done: int, total: int, label: str) -> None:
        now = self._clock()
        phase = self._phases.get(name)
        if phase is None or done < phase.done:  # a new phase, or the same one run again
            phase = _Phase(name, started=now, last_line=now)
            self._phases[name] = phase
        phase.done, phase.total = done, total
        if self._bar is not None:
            if phase.task is None:
                phase.task = self._bar.add_task(name, total=total, label="")
            self._bar.update(phase.task, completed=done, total=total, label=label)
            return
        if done >= total or now - phase.last_line >= self._interval:
            phase.last_line = now
            self._stream.write(self.line(phase, now, label) + "\n")
            self._stream.flush()

    @staticmethod
    def line(phase: _Phase, now: float, label: str) -> str:
        """One plain progress line: ``brainbench: replay 120/361 (33%), 0:00:31 elapsed, ...``."""
        elapsed = now - phase.started
        share = phase.done / phase.total if phase.total else 1.0
        text = (
            f"brainbench: {phase.name} {phase.done}/{phase.total} ({share:.0%}), "
            f"{_clock(elapsed)} elapsed"
        )
        if phase.done >= phase.total:
            return text + ", done"
        if phase.done:
            text += f", about {_clock(elapsed / phase.done * (phase.total - phase.done))} left"
        return text + (f" ({label})" if label else "")
