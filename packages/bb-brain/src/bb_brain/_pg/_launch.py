"""Start a PostgreSQL binary as the server user without forking this (threaded) process.

``subprocess`` with ``user=`` or ``preexec_fn`` must ``fork()`` the whole parent: every
``pthread_atfork`` handler of a loaded native library then runs in the child, and gRPC's
event engine, busy on its own threads, aborts there now and then ("epoll_wait error: Bad
file descriptor", the server start dies with SIGABRT). A plain spawn (no user, no preexec)
lets ``subprocess`` use ``vfork``, which runs no such handler, so the privilege drop and the
parent-death signal happen in a tiny launcher interpreter that then ``exec``s the binary in
place (same process, same pid).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence

from bb_brain._pg._runtime import ServerUser

#: Runs in ``python -I -S``: no site, no environment, nothing but the standard library. Every
#: import happens before the privilege drop (the server user may not read our interpreter's
#: files). A ``copy`` (the template data directory, with ``cp -a``, before the drop, so its
#: ownership is kept) and ``dirs`` to create for the server user let a caller hand the whole
#: start of a server to this process and go on with its own work meanwhile. ``parent`` is the
#: pid that spawned us: if it is gone by the time the parent-death signal is armed, the
#: signal would never come, so we stop instead of serving nobody.
_LAUNCHER = """\
import ctypes, json, os, subprocess, sys
spec = json.loads(sys.argv[1])
if spec["copy"]:
    src, dst = spec["copy"]
    if subprocess.call(["cp", "-a", src, dst], stdin=subprocess.DEVNULL) != 0:
        sys.exit("could not copy the data directory " + src + " to " + dst)
for path in spec["dirs"]:
    os.mkdir(path, 0o700)
    if spec["uid"] is not None:
        os.chown(path, spec["uid"], spec["gid"])
for path in spec["private"]:
    os.chmod(path, 0o700)
if spec["setsid"]:
    os.setsid()
if spec["uid"] is not None:
    os.setgroups([])
    os.setgid(spec["gid"])
    os.setuid(spec["uid"])
if spec["pdeathsig"]:
    ctypes.CDLL(None, use_errno=True).prctl(1, spec["pdeathsig"], 0, 0, 0)
    if os.getppid() != spec["parent"]:
        sys.exit("the process that started this server is gone")
os.execv(spec["argv"][0], spec["argv"])
"""


def launcher_argv(
    argv: Sequence[str],
    user: ServerUser,
    *,
    setsid: bool = False,
    pdeathsig: int = 0,
    copy: tuple[str, str] | None = None,
    dirs: Sequence[str] = (),
    private: Sequence[str] = (),
) -> list[str]:
    """The command that runs ``argv`` as ``user`` (a new session, a parent-death signal).

    ``pdeathsig`` is set after the privilege drop (a credential change clears it) and only
    applies on Linux; 0 sets none. ``copy`` (source, destination) is copied first, as the
    caller; then ``dirs`` are created (0700, owned by ``user``) and ``private`` made 0700.
    """
    spec = {
        "argv": list(argv),
        "uid": user.uid if user.is_other else None,
        "gid": user.gid,
        "setsid": setsid,
        "pdeathsig": pdeathsig if sys.platform.startswith("linux") else 0,
        "parent": os.getpid(),
        "copy": list(copy) if copy is not None else None,
        "dirs": list(dirs),
        "private": list(private),
    }
    return [sys.executable, "-I", "-S", "-c", _LAUNCHER, json.dumps(spec)]
