"""A gRPC server bound to a private unix socket and/or a TCP address, auth enforced."""

from __future__ import annotations

import os
import socket
import stat
from collections.abc import Sequence
from concurrent import futures
from pathlib import Path
from types import TracebackType
from typing import Any, Final

import grpc

from bb_schema._errors import SchemaUserError
from bb_schema._rpc._auth import BearerAuthInterceptor
from bb_schema._rpc._limits import DEFAULT_MAX_MESSAGE_BYTES

#: sockaddr_un.sun_path holds 108 bytes including the terminating NUL.
_MAX_SOCKET_PATH: Final = 107


def message_options(max_message_bytes: int) -> list[tuple[str, int]]:
    """Channel/server options capping message sizes in both directions."""
    if max_message_bytes <= 0:
        raise SchemaUserError(
            f"max_message_bytes {max_message_bytes!r} must be positive (e.g. 16 MiB)"
        )
    return [
        ("grpc.max_receive_message_length", max_message_bytes),
        ("grpc.max_send_message_length", max_message_bytes),
    ]


def clear_stale_socket(path: Path) -> None:
    """Remove a socket file left by a dead server; refuse a live one or a non-socket."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(mode):
        raise SchemaUserError(
            f"{str(path)!r} exists and is not a socket; refusing to replace it, "
            "choose another socket path"
        )
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(str(path))
    except (ConnectionRefusedError, FileNotFoundError):
        path.unlink(missing_ok=True)
        return
    finally:
        probe.close()
    raise SchemaUserError(
        f"a server is already listening on {str(path)!r}; stop it or choose another socket path"
    )


class BoundServer:
    """A not-yet-started ``grpc.Server`` with its listening addresses and auth installed.

    Add services to :attr:`server` (see :func:`bb_schema.rpc.add_memory_services`), then
    :meth:`start`. Usable as a context manager that starts and stops it. ``reuse_port`` lets
    several processes listen on one TCP port (SO_REUSEPORT: the kernel spreads connections).
    """

    def __init__(
        self,
        *,
        secret: str,
        unix_socket: Path | None = None,
        tcp_address: str | None = None,
        max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
        max_workers: int = 8,
        interceptors: Sequence[grpc.ServerInterceptor[Any, Any]] = (),
        reuse_port: bool = False,
    ) -> None:
        if unix_socket is None and tcp_address is None:
            raise SchemaUserError(
                "a server needs somewhere to listen: give a unix socket path, a TCP address "
                "(host:port), or both"
            )
        options: list[tuple[str, int]] = [*message_options(max_message_bytes)]
        # Off by default: a second server on a busy port must fail, not share it silently.
        # Pre-forked workers of one server turn it on to share their TCP port.
        options.append(("grpc.so_reuseport", 1 if reuse_port else 0))
        self.server: grpc.Server = grpc.server(
            futures.ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="bb-grpc"),
            # authentication first: extra interceptors only ever see authenticated calls
            interceptors=[BearerAuthInterceptor(secret), *interceptors],
            options=options,
        )
        self.unix_socket: Path | None = None
        self.tcp_port: int | None = None
        if unix_socket is not None:
            self.unix_socket = self._bind_unix(unix_socket)
        if tcp_address is not None:
            self.tcp_port = self._bind(tcp_address, tcp_address)

    def _bind(self, address: str, shown: str) -> int:
        try:
            port = self.server.add_insecure_port(address)
        except RuntimeError as exc:
            raise SchemaUserError(
                f"cannot listen on {shown!r} ({exc}); choose a free address"
            ) from exc
        if port == 0:
            raise SchemaUserError(f"cannot listen on {shown!r}; choose a free address")
        return port

    def _bind_unix(self, path: Path) -> Path:
        path = path.absolute()
        if len(os.fsencode(path)) > _MAX_SOCKET_PATH:
            raise SchemaUserError(
                f"unix socket path {str(path)!r} is longer than {_MAX_SOCKET_PATH} bytes; "
                "choose a shorter path"
            )
        if not path.parent.is_dir():
            raise SchemaUserError(f"directory {str(path.parent)!r} of the socket does not exist")
        clear_stale_socket(path)
        self._bind(f"unix:{path}", str(path))
        # Bound but not yet serving: only the owner may connect from here on.
        os.chmod(path, 0o600)
        return path

    @property
    def local_targets(self) -> list[str]:
        """Client targets reaching this server from this machine (unix socket first)."""
        found = [] if self.unix_socket is None else [f"unix:{self.unix_socket}"]
        if self.tcp_port is not None:
            found.append(f"127.0.0.1:{self.tcp_port}")
        return found

    def start(self) -> None:
        """Start serving."""
        self.server.start()

    def stop(self, grace: float | None = None) -> None:
        """Stop serving (in-flight calls get ``grace`` seconds) and wait until stopped."""
        self.server.stop(grace).wait()
        if self.unix_socket is not None:
            self.unix_socket.unlink(missing_ok=True)

    def __enter__(self) -> BoundServer:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
