"""Where a command writes: checked before any work, written together, only on success.

A run can take many minutes, so a path it cannot write (a directory, a read-only place, a
path below a file) must fail in the first second, not after the work: :func:`check_outputs`
tries each path before anything runs. A missing directory is fine when it can be created (it
is created at write time). Outputs are then written as one set (:class:`OutputSet`): each is
staged as a temp file beside its destination and fsynced, and only when the command has
succeeded are they renamed into place, with SIGINT and SIGTERM held back for those few
renames, so an interrupted or failed command leaves no output at all and never half of one.
"""

from __future__ import annotations

import os
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from bb_cli._parser import UsageError

#: (flag, path) pairs; a path of None was not asked for.
Targets = Sequence[tuple[str, Path | None]]


def unwritable(path: Path) -> str | None:
    """Why ``path`` cannot be written as a file, or None when it can (nothing is left behind)."""
    path = Path(os.path.abspath(path))
    if path.is_dir():
        return "it is a directory; give a file name"
    ancestor = path.parent
    while not ancestor.exists():
        if ancestor.is_symlink():  # a dangling link in the way
            return f"{str(ancestor)!r} is a broken symbolic link"
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        return f"{str(ancestor)!r} is not a directory"
    try:
        fd, probe = tempfile.mkstemp(prefix=".brainbench-probe-", dir=ancestor)
    except OSError as exc:
        return f"cannot create files in {str(ancestor)!r}: {exc.strerror or exc}"
    os.close(fd)
    os.unlink(probe)
    return None


def check_outputs(targets: Targets, usage: str) -> None:
    """Refuse the first output path that cannot be written, before anything runs.

    Raises:
        UsageError: The flag, the path and why (exit 2).
    """
    for flag, path in targets:
        if path is None:
            continue
        problem = unwritable(path)
        if problem is not None:
            raise UsageError(
                f"{flag} {str(path)!r} cannot be written: {problem}; choose another path", usage
            )


class OutputSet:
    """Outputs staged now and put in place together by :meth:`commit` (see module docs)."""

    def __init__(self) -> None:
        self._staged: list[tuple[Path, Path]] = []
        self._after: list[Callable[[], None]] = []

    def stage(self, path: Path, data: bytes) -> None:
        """Write ``data`` to a temp file beside ``path`` (creating missing directories).

        Raises:
            OSError: The temp file cannot be written.
        """
        self.stage_with(path, lambda handle: handle.write(data))

    def stage_with(self, path: Path, write: Callable[[IO[bytes]], object]) -> None:
        """:meth:`stage` of what ``write`` writes to the open temp file (a streamed output).

        Raises:
            OSError: The temp file cannot be written.
        """
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            os.fchmod(fd, path.stat().st_mode & 0o777 if path.exists() else 0o644)
            with os.fdopen(fd, "wb") as handle:
                write(handle)
                handle.flush()
                os.fsync(handle.fileno())
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        self._staged.append((Path(temp), path))

    def then(self, action: Callable[[], None]) -> None:
        """Run ``action`` as part of the commit, after the renames (e.g. a ledger record)."""
        self._after.append(action)

    def commit(self) -> None:
        """Rename every staged file into place and run the after-actions, signals held."""
        with _signals_held():
            staged, self._staged = self._staged, []
            for temp, path in staged:
                os.replace(temp, path)
            for action in self._after:
                action()
            self._after = []

    def discard(self) -> None:
        """Drop everything staged (idempotent)."""
        for temp, _ in self._staged:
            temp.unlink(missing_ok=True)
        self._staged = []
        self._after = []

    @contextmanager
    def writing(self) -> Iterator[OutputSet]:
        """Stage inside the block; commit when it ends normally, discard when it raises."""
        try:
            yield self
        except BaseException:
            self.discard()
            raise
        try:
            self.commit()
        finally:
            self.discard()


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back (delivered right after the block), on the main thread."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held = {signal.SIGINT, signal.SIGTERM}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
