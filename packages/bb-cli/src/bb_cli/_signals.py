"""Signals and lost dependencies end a command at once, with one line and nothing left behind.

While a command runs, SIGINT, SIGTERM and SIGHUP raise :class:`Interrupted` in the main thread,
so every ``with`` block unwinds (the embedded PostgreSQL stops, workers are terminated, staged
outputs are dropped) and :func:`bb_cli.main.main` reports one line, or the ``interrupted``
envelope under ``--json``, with exit 128 + the signal (130, 143). A second signal quits at
once (``os._exit``), leaving whatever is left to the next run's sweep of dead run directories.

The same path ends a run whose embedded PostgreSQL exits under it (:func:`end_run_if_exits`):
the server's watcher notices within a fraction of a second and raises :class:`Aborted` in the
main thread (through SIGUSR1, which also wakes a blocking wait), so the run stops with exit 2
naming the cause instead of timing out call by call.

From the first signal or abort on, logging is muted: what fails while the run is torn down
(calls cancelled mid-flight, connections closed under a query) is a consequence, not news.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bb_brain import Database

HANDLED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
#: Delivered to the main thread by :func:`abort` (any thread) to raise :class:`Aborted`.
WAKE = signal.SIGUSR1


class Interrupted(BaseException):
    """A signal asked the command to stop; ``exit_code`` is 128 + the signal number."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        """The signal's name, e.g. ``SIGINT``."""
        return signal.Signals(self.signum).name

    @property
    def exit_code(self) -> int:
        """The shell convention: 130 for SIGINT, 143 for SIGTERM."""
        return 128 + self.signum


class Aborted(BaseException):
    """Something the run depends on is gone (the database server exited): exit 2."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


_first: list[int] = []
_reasons: list[str] = []
_watched: list[Any] = []  # EmbeddedServer


def mute() -> None:
    """Silence logging for the rest of the process (the run is ending for a known reason)."""
    logging.disable(logging.CRITICAL)


def _on_signal(signum: int, frame: FrameType | None) -> None:
    if _first:
        os._exit(128 + _first[0])  # asked twice: quit now, the next run sweeps what is left
    _first.append(signum)
    mute()
    raise Interrupted(signum)


def _on_wake(signum: int, frame: FrameType | None) -> None:
    if _reasons and not _first:
        _first.append(signum)
        raise Aborted(_reasons[0])


def abort(message: str) -> None:
    """From any thread: end the command in its main thread with ``message`` (exit 2).

    Does nothing outside :func:`interruptible` (a library caller gets the failing calls
    instead) or once the command is already ending.
    """
    if _reasons or signal.getsignal(WAKE) is not _on_wake:
        return
    _reasons.append(message)
    mute()
    main = threading.main_thread().ident
    if main is not None:
        signal.pthread_kill(main, WAKE)


def _gone(code: int) -> str:
    from bb_brain._pg._server import exit_text

    return f"the database server exited ({exit_text(code)}) during the run; nothing was written"


def end_run_if_exits(db: Database) -> None:
    """Abort the command as soon as ``db``'s embedded server exits on its own."""
    server = db.server
    if server is None:
        return
    _watched.append(server)
    server.on_exit(lambda code: abort(_gone(code)))


def cause() -> str | None:
    """Why the command is failing, when a watched dependency is gone (checked right now).

    A failure raised before the watcher spoke (a worker saw its connection close first) is
    then reported as what it really is.
    """
    if _reasons:
        return _reasons[0]
    for server in _watched:
        code = server.exit_code if server.exit_code is not None else server.process.poll()
        if code is not None and server.exit_code is not None:
            return _gone(code)
    return None


@contextmanager
def interruptible() -> Iterator[None]:
    """Signals and aborts end the block with Interrupted / Aborted (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _first.clear()
    _reasons.clear()
    _watched.clear()
    previous: list[tuple[signal.Signals, Any]] = []
    for sig in HANDLED:
        previous.append((sig, signal.signal(sig, _on_signal)))
    previous.append((WAKE, signal.signal(WAKE, _on_wake)))
    try:
        yield
    finally:
        for sig, handler in previous:
            signal.signal(sig, handler)
        if _first or _reasons:
            logging.disable(logging.NOTSET)
