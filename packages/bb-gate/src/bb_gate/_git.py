"""The few git plumbing calls ``bb-gate ci`` needs, as argument lists (never a shell)."""

from __future__ import annotations

import subprocess
from pathlib import Path, PurePosixPath

from bb_gate._errors import GateUserError


def _git(repo: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(
            ["git", "-C", str(repo), *args],
            capture_output=True,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except FileNotFoundError:
        raise GateUserError("the 'git' executable was not found; install git", kind="git") from None


def _stderr(proc: subprocess.CompletedProcess[bytes]) -> str:
    return proc.stderr.decode("utf-8", "replace").strip()


def repo_root(start: Path) -> Path:
    """The top of the git work tree containing ``start``."""
    proc = _git(start, "rev-parse", "--show-toplevel")
    if proc.returncode != 0:
        raise GateUserError(
            f"{str(start)!r} is not inside a git work tree ({_stderr(proc)}); run bb-gate ci "
            "from the repository or pass --repo",
            kind="git",
        )
    return Path(proc.stdout.decode("utf-8").strip())


def resolve_commit(repo: Path, ref: str) -> str:
    """The commit sha ``ref`` names; fails hard when it does not resolve.

    Why hard: silently treating an unfetched ``origin/main`` as "no baseline on main" would
    run the gate ungated.
    """
    proc = _git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}")
    if proc.returncode != 0:
        raise GateUserError(
            f"git ref {ref!r} does not resolve to a commit; fetch it first (e.g. `git fetch "
            "origin main`) or pass --ref",
            kind="git",
        )
    return proc.stdout.decode("utf-8").strip()


def check_repo_path(path: str) -> str:
    """Validate a repository-relative POSIX path (no absolute paths, no ``..``)."""
    pure = PurePosixPath(path)
    if pure.is_absolute() or ".." in pure.parts or not pure.parts:
        raise GateUserError(
            f"--baseline-path {path!r} must be relative to the repository root, without '..'",
            kind="usage",
        )
    return str(pure)


def show_file(repo: Path, commit: str, path: str) -> bytes | None:
    """The bytes of ``path`` at ``commit``, or None when the commit has no such file."""
    listing = _git(repo, "ls-tree", "-z", "--full-tree", commit, "--", path)
    if listing.returncode != 0:
        raise GateUserError(
            f"git ls-tree {commit[:12]} {path!r} failed: {_stderr(listing)}", kind="git"
        )
    entry = listing.stdout.split(b"\0", 1)[0]
    if not entry:
        return None
    kind = entry.split(b" ", 2)[1] if entry.count(b" ") >= 2 else b""
    if kind != b"blob":
        raise GateUserError(
            f"{path!r} at {commit[:12]} is a {kind.decode('utf-8', 'replace')!s}, not a file",
            kind="git",
        )
    proc = _git(repo, "show", f"{commit}:{path}")
    if proc.returncode != 0:
        raise GateUserError(f"git show {commit[:12]}:{path} failed: {_stderr(proc)}", kind="git")
    return proc.stdout
