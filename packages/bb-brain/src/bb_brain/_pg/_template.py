"""The initdb'd template data directory: created once per PostgreSQL version, copied per run.

initdb costs about half a second; copying its ~40 MB result costs a fraction of that, so
every run after the first starts from a copy. Creation is atomic (built aside, renamed into
place) and serialised by a file lock, so concurrent first runs neither race nor see a
half-written template.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import uuid
from pathlib import Path

from bb_brain._errors import DatabaseStartError
from bb_brain._pg._launch import launcher_argv
from bb_brain._pg._runtime import bin_dir, cache_dir, chown_tree, pg_version, run_base, server_user

#: Bump when the way the template is built changes, so stale caches are not reused.
TEMPLATE_FORMAT = 2


def copy_tree(src: Path, dst: Path) -> None:
    """Copy a data directory keeping modes and (as root) ownership.

    ``cp -a`` is about three times faster than ``shutil.copytree`` on a thousand small files
    and keeps the server user's ownership, so a run needs no chown walk afterwards.
    """
    cp = shutil.which("cp")
    if cp is not None:
        done = subprocess.run([cp, "-a", str(src), str(dst)], capture_output=True, check=False)
        if done.returncode == 0:
            return
        shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(src, dst, symlinks=True)


def template_path() -> Path:
    """Where this version's template lives (it may not exist yet)."""
    return cache_dir() / f"pg-{pg_version()}-template-v{TEMPLATE_FORMAT}"


def ensure_template() -> tuple[Path, bool]:
    """Return the template path, building it first when missing; the flag says it was built."""
    final = template_path()
    if (final / "PG_VERSION").exists():
        return final, False
    lock_path = final.with_name(final.name + ".lock")
    with lock_path.open("a", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if (final / "PG_VERSION").exists():
                return final, False
            _build(final)
            return final, True
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _build(final: Path) -> None:
    user = server_user()
    token = uuid.uuid4().hex[:12]
    # initdb runs as the server user, so it must write somewhere that user can reach: the run
    # base, not the (possibly 0700) home directory. The result is then moved into the cache.
    work = run_base() / f"template-build-{os.getpid()}-{token}"
    work.mkdir(mode=0o711)
    data = work / "data"
    data.mkdir(mode=0o700)
    staged = final.with_name(f"{final.name}.tmp-{token}")
    try:
        chown_tree(data, user)
        cmd = [
            str(bin_dir() / "initdb"),
            "-D",
            str(data),
            "--auth=trust",
            "--auth-local=trust",
            "--encoding=UTF8",
            "--locale=C",
            "--no-sync",
            # 1 MB WAL segments instead of 16: the WAL is most of what each run copies.
            "--wal-segsize=1",
            "-U",
            "postgres",
        ]
        done = subprocess.run(
            launcher_argv(cmd, user), capture_output=True, text=True, check=False, cwd=work
        )
        if done.returncode != 0:
            raise DatabaseStartError(
                f"initdb failed for template {str(final)!r} (exit {done.returncode}): "
                f"{done.stderr.strip()!r}; check disk space and permissions of the cache dir"
            )
        copy_tree(data, staged)
        os.rename(staged, final)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(staged, ignore_errors=True)
