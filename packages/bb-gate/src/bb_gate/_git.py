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


def try_resolve(repo: Path, ref: str) -> str | None:
    """The commit ``ref`` names, or None when it does not resolve."""
    proc = _git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}")
    return proc.stdout.decode("utf-8").strip() if proc.returncode == 0 else None


def shallow_commits(repo: Path) -> frozenset[str]:
    """The boundary commits of a shallow clone (their parents are missing); empty otherwise."""
    proc = _git(repo, "rev-parse", "--is-shallow-repository")
    if proc.returncode != 0 or proc.stdout.strip() != b"true":
        return frozenset()
    where = _git(repo, "rev-parse", "--git-path", "shallow")
    path = Path(where.stdout.decode("utf-8").strip())
    if not path.is_absolute():
        path = repo / path
    try:
        return frozenset(path.read_text(encoding="utf-8").split())
    except OSError:
        return frozenset()


def last_change(repo: Path, commit: str, paths: list[str]) -> str | None:
    """The newest commit on ``commit``'s first-parent chain that changed any of ``paths``.

    A merge counts as changing a path when it differs from its first parent there (what the
    branch it landed on saw change).
    """
    proc = _git(repo, "log", "--first-parent", "-1", "--format=%H", commit, "--", *paths)
    if proc.returncode != 0:
        raise GateUserError(
            f"git log {commit[:12]} -- {' '.join(paths)} failed: {_stderr(proc)}", kind="git"
        )
    found = proc.stdout.decode("utf-8").strip()
    return found or None


def first_parent(repo: Path, commit: str) -> str | None:
    """``commit``'s first parent, or None for a root commit."""
    proc = _git(repo, "rev-list", "--parents", "-n", "1", commit)
    if proc.returncode != 0:
        raise GateUserError(f"git rev-list {commit[:12]} failed: {_stderr(proc)}", kind="git")
    shas = proc.stdout.decode("utf-8").split()
    return shas[1] if len(shas) > 1 else None
