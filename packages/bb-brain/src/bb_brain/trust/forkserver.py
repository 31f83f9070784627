"""A pre-imported fork server for the ``bb-brain`` channel processes (CLI and MCP server).

Every trust step that arrives by the CLI or by an agent is its own ``bb-brain`` process with
real argv, its own stdin/stdout/stderr (a pseudo-terminal, pipes, a file), its own session and
its own environment. Starting one with ``python -m bb_brain.cli`` spends most of its time
importing (psycopg, pydantic, the MCP server): a second or more per step on a busy 2-core
machine. The fork server imports the command modules once and forks a child per request; the
child takes the file descriptors it was sent as its fd 0/1/2, the argv and environment of the
request, a new session when asked, and runs ``bb_brain.cli`` as ``python -m`` does. Its exit
status (a signal included) is reported back through a pidfd, so the caller sees exactly what
``subprocess`` would have shown.

Protocol (one unix-socket connection per child): the caller sends one JSON line
``{"argv", "env", "cwd", "new_session"}`` with three descriptors attached (SCM_RIGHTS); the
server answers ``pid N`` when the child runs, then ``exit STATUS`` when it ends (STATUS as
``Popen.returncode``: negative for a signal). The server's socket lives in a private 0700
directory and is 0600; the server exits when its stdin (a pipe from its owner) closes.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import importlib
import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import traceback
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from bb_brain._errors import BrainRuntimeError

#: What the server imports before its first fork (the children never import them again).
PRELOAD: Final = (
    "bb_brain.cli",
    "bb_brain.trust.commands.sync",
    "bb_brain.trust.commands.remember",
    "bb_brain.trust.commands.recall",
    "bb_brain.trust.commands.confirm",
    "bb_brain.trust.commands.forget",
    "bb_brain.trust.commands.pages",
    "bb_brain.trust.commands.connector",
    "bb_brain.trust.commands.token",
    "bb_brain.trust.commands.mcp",
    "bb_brain.trust.channels.mcp_server",
    # what the MCP server imports only once it runs (its event loop, its stdio streams)
    "anyio._backends._asyncio",
    "anyio._core._sockets",
    "anyio.streams.stapled",
    "anyio.streams.tls",
)
_MAX_REQUEST: Final = 1 << 20
#: Interpreter variables the server starts with (and honours in its children). Any other
#: ``PYTHON*`` variable (``PYTHONPATH`` above all: a ``sitecustomize`` on it runs at start-up)
#: changes how a fresh interpreter starts, so a request carrying one is not forked.
SAFE_PYTHON_VARS: Final = frozenset(
    {"PYTHONHASHSEED", "PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX", "PYTHONUNBUFFERED",
     "PYTHONIOENCODING", "PYTHONUTF8"}
)  # fmt: skip


#: Variables that only decide where bytecode is cached: a child may differ from the server there.
CACHE_ONLY_VARS: Final = frozenset({"PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX"})


def interpreter_vars(env: Mapping[str, str]) -> dict[str, str]:
    """The ``PYTHON*`` variables of ``env`` that decide how an interpreter starts and runs."""
    return {
        key: value
        for key, value in env.items()
        if key.startswith("PYTHON") and key not in CACHE_ONLY_VARS
    }


class ForkedProcess:
    """A child of the fork server, seen like a ``subprocess.Popen`` (pid, wait, kill)."""

    def __init__(self, conn: socket.socket, pid: int) -> None:
        self._conn = conn
        self.pid = pid
        self.returncode: int | None = None
        self._lock = threading.Lock()

    def wait(self, timeout: float | None = None) -> int:
        """The exit status; raises ``subprocess.TimeoutExpired`` after ``timeout`` seconds."""
        with self._lock:
            if self.returncode is None:
                self._conn.settimeout(timeout)
                try:
                    line = _read_line(self._conn)
                except (TimeoutError, BlockingIOError):
                    raise subprocess.TimeoutExpired(["bb-brain"], timeout or 0.0) from None
                self._conn.close()
                word, _, status = line.partition(" ")
                self.returncode = int(status) if word == "exit" else -int(signal.SIGKILL)
            return self.returncode

    def poll(self) -> int | None:
        """The exit status when the child has ended, else None."""
        try:
            return self.wait(0)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        """SIGKILL the child (while it runs)."""
        if self.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)


def _read_line(conn: socket.socket) -> str:
    data = b""
    while not data.endswith(b"\n"):
        chunk = conn.recv(256)
        if not chunk:
            break
        data += chunk
    return data.decode("ascii", "replace").strip()


class ForkServer:
    """The caller's side: starts the server on first use, spawns children through it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._server: subprocess.Popen[bytes] | None = None
        self._dir: tempfile.TemporaryDirectory[str] | None = None
        self._path = ""
        self._finalizer: weakref.finalize[Any, ForkServer] | None = None
        self._unusable = not hasattr(os, "pidfd_open")
        self._env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith("PYTHON") or key in SAFE_PYTHON_VARS
        }
        self._interpreter = interpreter_vars(self._env)

    def accepts(self, env: Mapping[str, str]) -> bool:
        """Would a fresh interpreter with ``env`` start like the server's children do?

        A caller runs anything else (a probe's ``PYTHONPATH`` with its ``sitecustomize``) as a
        plain subprocess, and everything when the server cannot run here (no pidfds: not
        Linux, or a kernel older than 5.3).
        """
        if interpreter_vars(env) != self._interpreter or self._unusable:
            return False
        try:
            self._start()
        except BrainRuntimeError:
            self._unusable = True
            return False
        return True

    def _start(self) -> str:
        with self._lock:
            if self._server is None or self._server.poll() is not None:
                self._dir = tempfile.TemporaryDirectory(prefix="bb-forkserver-")
                self._path = str(Path(self._dir.name) / "fork.sock")
                self._server = subprocess.Popen(
                    [sys.executable, "-m", "bb_brain.trust.forkserver", self._path],
                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=self._env,
                )  # fmt: skip
                assert self._server.stdout is not None
                if self._finalizer is not None:
                    self._finalizer()  # a server that died: reap it, remove its directory
                self._finalizer = weakref.finalize(self, _stop, self._server, self._dir)
                if self._server.stdout.readline().strip() != b"ready":
                    raise BrainRuntimeError("the bb-brain fork server did not start")
            return self._path

    def spawn(
        self,
        args: list[str],
        env: dict[str, str],
        fds: tuple[int, int, int],
        *,
        new_session: bool = False,
        cwd: str | None = None,
    ) -> ForkedProcess:
        """``bb-brain ARGS`` with ``fds`` as its stdin, stdout and stderr."""
        path = self._start()
        request = {"argv": ["bb-brain", *args], "env": env, "cwd": cwd or os.getcwd(),
                   "new_session": new_session}  # fmt: skip
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            conn.connect(path)
            payload = json.dumps(request).encode("utf-8") + b"\n"
            socket.send_fds(conn, [payload], list(fds))
            word, _, pid = _read_line(conn).partition(" ")
            if word != "pid":
                raise BrainRuntimeError("the bb-brain fork server could not start the command")
        except BaseException:
            conn.close()
            raise
        return ForkedProcess(conn, int(pid))

    def close(self) -> None:
        """Stop the server (its running children finish on their own); also when collected."""
        with self._lock:
            if self._finalizer is not None:
                self._finalizer()
                self._finalizer = None
            self._server = None
            self._dir = None


def _stop(server: subprocess.Popen[bytes], directory: tempfile.TemporaryDirectory[str]) -> None:
    """Close the server's stdin (it exits on EOF), reap it, remove its socket directory."""
    assert server.stdin is not None and server.stdout is not None
    server.stdin.close()
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
    server.stdout.close()
    directory.cleanup()


# -- the server ---------------------------------------------------------------------------------


def _receive(conn: socket.socket) -> tuple[dict[str, Any], list[int]]:
    data = b""
    fds: list[int] = []
    while not data.endswith(b"\n"):
        chunk, got, _, _ = socket.recv_fds(conn, _MAX_REQUEST, 3)
        fds += got
        if not chunk:
            break
        data += chunk
    return json.loads(data), fds


def _child(request: dict[str, Any], fds: list[int]) -> None:
    """In the forked child: become the requested ``bb-brain`` process, then run it."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if request.get("new_session"):
        os.setsid()
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    for fd in set(fds):
        if fd > 2:
            os.close(fd)
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    sys.argv = list(request["argv"])
    tty = 1 if os.isatty(1) else -1
    unbuffered = bool(os.environ.get("PYTHONUNBUFFERED"))
    sys.stdin = open(0, encoding="utf-8", closefd=False)
    out = open(1, "w", buffering=tty, encoding="utf-8", closefd=False)
    err = open(2, "w", buffering=1, encoding="utf-8", errors="backslashreplace", closefd=False)
    for stream in (out, err):
        stream.reconfigure(write_through=unbuffered)
    sys.stdout, sys.stderr = out, err


def serve(path: str) -> tuple[dict[str, Any], list[int]] | None:
    """Accept requests until stdin closes; returns (in a child only) the child's request."""
    for name in PRELOAD:
        importlib.import_module(name)
    from bb_brain.trust.channels.mcp_server import prepared

    prepared()  # the MCP tools' schemas, derived once for every forked `bb-brain mcp`
    gc.freeze()  # what the children inherit stays out of their collections (and shared)
    try:
        os.close(os.pidfd_open(os.getpid()))
    except OSError:  # no pidfds on this kernel: the owner starts fresh interpreters instead
        sys.stdout.write("unsupported\n")
        sys.stdout.flush()
        return None
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    os.chmod(path, 0o600)
    listener.listen(64)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ, "accept")
    selector.register(sys.stdin, selectors.EVENT_READ, "owner")
    running: dict[int, tuple[int, socket.socket]] = {}  # pidfd -> (pid, conn)
    while True:
        for key, _ in selector.select():
            if key.data == "owner":
                if not os.read(0, 4096):
                    return None
            elif key.data == "accept":
                conn, _ = listener.accept()
                try:
                    request, fds = _receive(conn)
                except (OSError, ValueError):
                    conn.close()
                    continue
                pid = os.fork()
                if pid == 0:
                    selector.close()
                    listener.close()
                    for pidfd, (_, other) in running.items():
                        os.close(pidfd)
                        other.close()
                    conn.close()
                    return request, fds
                for fd in fds:
                    os.close(fd)
                pidfd = os.pidfd_open(pid)
                running[pidfd] = (pid, conn)
                selector.register(pidfd, selectors.EVENT_READ, "child")
                with contextlib.suppress(OSError):
                    conn.sendall(f"pid {pid}\n".encode("ascii"))
            else:
                pidfd = key.fd
                pid, conn = running.pop(pidfd)
                selector.unregister(pidfd)
                os.close(pidfd)
                _, status = os.waitpid(pid, 0)
                code = os.waitstatus_to_exitcode(status)
                with contextlib.suppress(OSError):
                    conn.sendall(f"exit {code}\n".encode("ascii"))
                conn.close()


def _run_child() -> int:
    """``bb-brain`` in the child, as the interpreter would run it; its exit code.

    The child leaves with ``os._exit`` after the exit handlers and a flush: tearing down the
    inherited interpreter would copy most of its pages for nothing (a third of a second).
    """
    from bb_brain.cli import main as cli_main

    try:
        code: object = cli_main()
    except SystemExit as exc:
        code = exc.code
    except BaseException:
        traceback.print_exc()
        code = 1
    finally:
        atexit._run_exitfuncs()
    if code is None:
        code = 0
    elif not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    return code


def main() -> None:
    """``python -m bb_brain.trust.forkserver SOCKET``; a child goes on as ``bb-brain``."""
    forked = serve(sys.argv[1])
    if forked is None:
        return
    _child(*forked)
    os._exit(_run_child())


if __name__ == "__main__":
    main()


__all__ = [
    "PRELOAD",
    "SAFE_PYTHON_VARS",
    "ForkServer",
    "ForkedProcess",
    "interpreter_vars",
    "serve",
]
