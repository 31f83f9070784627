"""The MCP stdio transport over a ``bb-brain mcp`` process started by the fork server.

The same framing as the MCP client's own stdio transport (one JSON-RPC message per line on
the server's stdin and stdout, stderr to a log), over pipes handed to a forked child instead
of a process the client spawns: the server is still its own process reading its stdin.
Closing follows the MCP stdio shutdown: close the server's stdin, wait for it to exit, kill
it after a grace period.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Final, TextIO

import anyio
import anyio.to_thread
from anyio.streams.file import FileReadStream, FileWriteStream
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from anyio.streams.text import TextReceiveStream
from mcp import types
from mcp.shared.message import SessionMessage

from bb_brain.trust.forkserver import ForkServer

#: Seconds the server has to exit once its stdin closed, before it is killed.
GRACE: Final = 2.0

Streams = tuple[
    MemoryObjectReceiveStream[SessionMessage | Exception], MemoryObjectSendStream[SessionMessage]
]


@asynccontextmanager
async def forked_stdio_client(
    launcher: ForkServer, args: list[str], env: dict[str, str], errlog: TextIO
) -> AsyncIterator[Streams]:
    """Read and write streams of a ``bb-brain ARGS`` MCP server forked by ``launcher``."""
    server_in, to_server = os.pipe()
    from_server, server_out = os.pipe()
    try:
        proc = launcher.spawn(args, env, (server_in, server_out, errlog.fileno()))
    finally:
        os.close(server_in)
        os.close(server_out)
    stdin = FileWriteStream(os.fdopen(to_server, "wb", buffering=0))
    stdout = FileReadStream(os.fdopen(from_server, "rb", buffering=0))
    reader_send, reader_recv = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    writer_send, writer_recv = anyio.create_memory_object_stream[SessionMessage](0)

    async def read_server() -> None:
        with contextlib.suppress(anyio.ClosedResourceError):
            async with reader_send:
                buffer = ""
                async for chunk in TextReceiveStream(stdout, encoding="utf-8"):
                    lines = (buffer + chunk).split("\n")
                    buffer = lines.pop()
                    for line in lines:
                        try:
                            message = types.JSONRPCMessage.model_validate_json(line)
                        except Exception as exc:  # a malformed line is the session's error
                            await reader_send.send(exc)
                            continue
                        await reader_send.send(SessionMessage(message))

    async def write_server() -> None:
        with contextlib.suppress(anyio.ClosedResourceError, BrokenPipeError):
            async with writer_recv:
                async for message in writer_recv:
                    text = message.message.model_dump_json(by_alias=True, exclude_none=True)
                    await stdin.send((text + "\n").encode("utf-8"))

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(read_server)
        tasks.start_soon(write_server)
        try:
            yield reader_recv, writer_send
        finally:
            with contextlib.suppress(OSError):
                await stdin.aclose()
            try:
                await anyio.to_thread.run_sync(proc.wait, GRACE)
            except subprocess.TimeoutExpired:
                proc.kill()
                await anyio.to_thread.run_sync(proc.wait)
            for stream in (reader_recv, writer_send, reader_send, writer_recv):
                await stream.aclose()
            await stdout.aclose()
            tasks.cancel_scope.cancel()


__all__ = ["forked_stdio_client"]
