"""When a process started, as ``psutil.Process(pid).create_time()`` reports it, read cheaply.

Every run stamps the directories and schemas it owns with its own start time, so that a later
run can tell a dead owner from a live one whose pid was reused. On Linux the kernel states it in
``/proc``: the process's start in clock ticks since boot, and the boot time. Reading them there
is what psutil does; importing psutil for it cost every run's start-up a few milliseconds.
Elsewhere, psutil answers.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

_PROC = Path("/proc")


def started(pid: int | None = None) -> float:
    """Seconds since the epoch when process ``pid`` (default: this one) started.

    Raises:
        psutil.NoSuchProcess: There is no such process (from psutil itself off Linux).
    """
    pid = os.getpid() if pid is None else pid
    boot = _boot_time()
    if boot is not None:
        try:
            stat = (_PROC / str(pid) / "stat").read_text(encoding="ascii", errors="replace")
            # the command name (field 2) is in parentheses and may hold spaces: count after it
            ticks = int(stat[stat.rindex(")") + 2 :].split()[19])
            return boot + ticks / _clock_ticks()
        except (OSError, ValueError, IndexError):
            pass
    import psutil

    return float(psutil.Process(pid).create_time())


def _boot_time() -> float | None:
    # read on every call, as psutil does: a clock stepped since start moves it
    try:
        for line in (_PROC / "stat").read_text(encoding="ascii").splitlines():
            if line.startswith("btime "):
                return float(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


@cache
def _clock_ticks() -> int:
    return int(os.sysconf("SC_CLK_TCK"))
