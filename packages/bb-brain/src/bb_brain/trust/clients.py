"""Driving the real channels from Python: the CLI subprocess and the MCP client over stdio.

The CLI runs with or without a pseudo-terminal; the MCP server is driven by the official
MCP client over stdio. Given a :class:`~bb_brain.trust.forkserver.ForkServer`, both processes
are forked from it (already imported) instead of started from scratch: the same argv, stdio,
session and environment, without the start-up.

These are what tests and the trust scenario runner use to act as a person at a terminal, a
script, or a remote agent; nothing here bypasses the channel it drives.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import pty
import select
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Final

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from bb_brain._errors import BrainRuntimeError, BrainUserError
from bb_brain.trust.errors import TrustRefused
from bb_brain.trust.forkserver import ForkedProcess, ForkServer
from bb_brain.trust.mcp_transport import forked_stdio_client


@dataclass(frozen=True)
class CliResult:
    """A finished ``bb-brain`` run: exit code, output, and its JSON object if it printed one."""

    code: int
    stdout: str
    stderr: str

    @property
    def json(self) -> Any:
        """The last line of stdout that parses as JSON (``--json`` output), or None."""
        for line in reversed(self.stdout.splitlines()):
            line = line.strip()
            if line.startswith(("{", "[")):
                try:
                    return json.loads(line)
                except json.JSONDecodeError:
                    continue
        return None


def _command(args: Sequence[str]) -> list[str]:
    return [sys.executable, "-m", "bb_brain.cli", *args]


def run_cli(
    args: Sequence[str],
    env: Mapping[str, str],
    *,
    tty: bool = False,
    stdin: str | None = None,
    timeout: float = 60.0,
    launcher: ForkServer | None = None,
) -> CliResult:
    """Run ``bb-brain ARGS`` with ``env`` added to the environment.

    With ``tty=True`` stdin and stdout are a fresh pseudo-terminal (what an owner at a
    terminal has); ``stdin`` is then typed into it. Without, stdin is a pipe (or empty).
    ``launcher`` forks the process from a fork server instead of starting a new interpreter.
    """
    full_env = {**os.environ, **env}
    if launcher is not None and launcher.accepts(full_env):
        return _run_forked(launcher, list(args), full_env, tty, stdin, timeout)
    if not tty:
        done = subprocess.run(
            _command(args), input=stdin or "", capture_output=True, text=True,
            env=full_env, timeout=timeout, check=False,
        )  # fmt: skip
        return CliResult(done.returncode, done.stdout, done.stderr)
    master, slave = pty.openpty()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(
            _command(args), stdin=slave, stdout=slave, stderr=err, env=full_env,
            start_new_session=True,
        )  # fmt: skip
        os.close(slave)
        if stdin:
            os.write(master, stdin.encode("utf-8"))
        out = _drain(master, proc, timeout)
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
    return CliResult(proc.returncode, out.replace("\r\n", "\n"), stderr)


def _run_forked(
    launcher: ForkServer,
    args: list[str],
    env: dict[str, str],
    tty: bool,
    stdin: str | None,
    timeout: float,
) -> CliResult:
    """``run_cli`` through the fork server: a pipe or a pseudo-terminal, stderr to a file."""
    with tempfile.TemporaryFile() as err:
        if tty:
            master, slave = pty.openpty()
            try:
                proc = launcher.spawn(args, env, (slave, slave, err.fileno()), new_session=True)
            except BaseException:
                os.close(master)
                raise
            finally:
                os.close(slave)
            if stdin:
                os.write(master, stdin.encode("utf-8"))
            out = _drain(master, proc, timeout).replace("\r\n", "\n")
        else:
            read_end, write_end = os.pipe()
            with tempfile.TemporaryFile() as stdout:
                try:
                    # The input of a channel step is small: it fits the pipe's buffer.
                    os.write(write_end, (stdin or "").encode("utf-8"))
                    os.close(write_end)
                    proc = launcher.spawn(args, env, (read_end, stdout.fileno(), err.fileno()))
                finally:
                    os.close(read_end)
                try:
                    proc.wait(timeout)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
                    raise
                stdout.seek(0)
                out = stdout.read().decode("utf-8", "replace")
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
    return CliResult(proc.returncode or 0, out, stderr)


def _drain(master: int, proc: subprocess.Popen[bytes] | ForkedProcess, timeout: float) -> str:
    """Everything the child wrote to its terminal, read until the terminal closes.

    The kernel hands a pseudo-terminal's output to the reading side in deferred work, so on a
    busy machine the child may have exited while its last lines are still on their way: an
    exited child ends the read only once the terminal reports closed (EIO) or stays silent
    for :data:`PTY_SETTLE_S`.
    """
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    quiet_since: float | None = None
    try:
        while True:
            now = time.monotonic()
            if now > deadline:
                proc.kill()
                raise BrainRuntimeError(f"bb-brain did not finish within {timeout:g}s")
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:  # EIO: the terminal closed and everything was read
                    data = b""
                if not data:
                    break
                chunks.append(data)
                quiet_since = None
            elif proc.poll() is not None:
                quiet_since = now if quiet_since is None else quiet_since
                if now - quiet_since >= PTY_SETTLE_S:
                    break
        proc.wait(timeout=max(0.1, deadline - time.monotonic()))
    finally:
        os.close(master)
    return b"".join(chunks).decode("utf-8", "replace")


#: How long an exited child's terminal may stay silent before its output counts as complete.
PTY_SETTLE_S: Final = 1.0


class McpAgent:
    """A remote agent: ``bb-brain mcp`` started over stdio and driven by the MCP client.

    Use as a context manager; :meth:`call` is synchronous (the client runs on its own event
    loop thread). Refusals raise :class:`TrustRefused`, other tool errors
    :class:`BrainUserError`.
    """

    def __init__(
        self, env: Mapping[str, str], *, timeout: float = 30.0, launcher: ForkServer | None = None
    ) -> None:
        self.env = {**os.environ, **env}
        self.timeout = timeout
        self.launcher = launcher
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._session: ClientSession | None = None
        self._stop: asyncio.Event | None = None
        self._main: concurrent.futures.Future[None] | None = None
        self._errlog = tempfile.TemporaryFile(mode="w+", encoding="utf-8")

    def __enter__(self) -> McpAgent:
        self._thread.start()
        ready: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._main = asyncio.run_coroutine_threadsafe(self._serve(ready), self._loop)
        try:
            ready.result(self.timeout)
        except BaseException:
            self.close()
            raise
        return self

    async def _serve(self, ready: concurrent.futures.Future[None]) -> None:
        args = ["-m", "bb_brain.cli", "mcp"]
        params = StdioServerParameters(command=sys.executable, args=args, env=self.env)
        if self.launcher is not None and self.launcher.accepts(self.env):
            transport = forked_stdio_client(self.launcher, ["mcp"], self.env, self._errlog)
        else:
            transport = stdio_client(params, errlog=self._errlog)
        try:
            async with transport as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    self._session = session
                    self._stop = asyncio.Event()
                    ready.set_result(None)
                    await self._stop.wait()
        except BaseException as exc:
            if not ready.done():
                ready.set_exception(BrainRuntimeError(f"MCP server failed: {exc}; "
                                                      f"stderr: {self.stderr()}"))  # fmt: skip
            else:
                raise

    def stderr(self) -> str:
        """What the server wrote to stderr so far."""
        self._errlog.flush()
        self._errlog.seek(0)
        return self._errlog.read()

    def tools(self) -> list[str]:
        """The tool names the server lists."""
        assert self._session is not None
        listed = asyncio.run_coroutine_threadsafe(self._session.list_tools(), self._loop)
        return sorted(tool.name for tool in listed.result(self.timeout).tools)

    def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        """Call a tool; its structured result.

        Raises:
            TrustRefused: The trust rules refused the call.
            BrainUserError: Any other tool error.
        """
        assert self._session is not None, "use McpAgent as a context manager"
        future = asyncio.run_coroutine_threadsafe(
            self._session.call_tool(tool, arguments), self._loop
        )
        result = future.result(self.timeout)
        text = "".join(getattr(part, "text", "") for part in result.content)
        if result.isError:
            try:
                error = json.loads(text[text.index("{") :])["error"]
            except (ValueError, KeyError):
                raise BrainUserError(f"MCP tool {tool!r} failed: {text}") from None
            if error.get("kind") == "refused":
                raise TrustRefused(error["reason"], error["message"])
            raise BrainUserError(error.get("message", text))
        if result.structuredContent is not None:
            content = dict(result.structuredContent)
            inner = content.get("result", content)
            return inner if isinstance(inner, dict) else content
        parsed = json.loads(text)
        return parsed if isinstance(parsed, dict) else {"result": parsed}

    def close(self) -> None:
        """Stop the server and the client's loop."""
        if self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._main is not None:
            try:
                self._main.result(self.timeout)
            except BaseException:
                pass
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(self.timeout)
        self._loop.close()
        self._errlog.close()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
