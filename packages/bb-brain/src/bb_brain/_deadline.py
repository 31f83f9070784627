"""The hook's deadline as a process-wide timer, counted from the process start.

Claude Code waits for the hook process, all of it: interpreter start, imports (over a second
when no bytecode is cached), the call. :func:`arm` sets a timer that ends the process silently
(exit 0, no output) when the deadline passes; the console script (:mod:`bb_brain._entry`) arms
it for ``hook user-prompt`` before importing anything else, and the hook re-arms it once it
has read its configuration. A signal handler runs between bytecodes, so it also cuts an import
short between two modules. Imports only ``os``, ``signal`` and ``time``.
"""

from __future__ import annotations

import os
import signal
import time

DEFAULT_DEADLINE_MS = 800


def process_started() -> float:
    """The ``time.monotonic()`` value at which this process started (Linux: from /proc).

    Falls back to now where ``/proc/self/stat`` or ``CLOCK_BOOTTIME`` is unavailable.
    """
    now = time.monotonic()
    try:
        with open("/proc/self/stat", "rb") as handle:
            stat = handle.read()
        start_ticks = int(stat[stat.rindex(b")") + 2 :].split()[19])
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - start_ticks / os.sysconf("SC_CLK_TCK")
        if 0.0 <= age < 3600.0:
            return now - age
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    return now


def remaining_s(started: float, deadline_ms: int) -> float:
    """Seconds left of ``deadline_ms`` counted from ``started``."""
    return deadline_ms / 1000.0 - (time.monotonic() - started)


def _expire(signum: int, frame: object) -> None:
    os._exit(0)


def arm(started: float, deadline_ms: int) -> None:
    """End the process silently at ``started`` + ``deadline_ms`` (replaces an earlier timer)."""
    if not hasattr(signal, "setitimer"):
        return
    signal.signal(signal.SIGALRM, _expire)
    signal.setitimer(signal.ITIMER_REAL, max(remaining_s(started, deadline_ms), 0.001))


def disarm() -> None:
    """Cancel the timer (before printing: output is never cut in half)."""
    if hasattr(signal, "setitimer"):
        signal.setitimer(signal.ITIMER_REAL, 0)


def guard_hook(argv: list[str]) -> None:
    """Arm the timer for ``bb-brain hook user-prompt ARGS`` before anything heavy is imported.

    First with ``$BRAINBENCH_HOOK_DEADLINE_MS`` or the default (so reading the configuration
    is bounded too), then with the deadline the configuration sets, if it sets one.
    """
    started = process_started()
    raw = os.environ.get("BRAINBENCH_HOOK_DEADLINE_MS", "")
    arm(started, max(int(raw) if raw.isdigit() else 0, DEFAULT_DEADLINE_MS))
    from bb_brain.hook_config import configured_deadline_ms

    configured = configured_deadline_ms(config_path_in(argv), os.environ)
    if configured is not None:
        arm(started, configured)


def config_path_in(argv: list[str]) -> str | None:
    """The value of ``--config`` in ``hook user-prompt``'s arguments, read before argparse."""
    for index, arg in enumerate(argv):
        if arg == "--config" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--config="):
            return arg.partition("=")[2]
    return None
