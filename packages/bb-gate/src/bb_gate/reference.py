"""Which baseline ``bb-gate ci`` gates a run against: one the change did not write.

1. The ref: ``--ref REF``, else ``$BRAINBENCH_GATE_REF``, else the first of ``origin/main``
   and ``main`` that resolves. A ref that was named (flag or environment) and does not
   resolve fails hard: treating an unfetched main as "no baseline" would run ungated.
2. When the ref's commit is not HEAD, the baseline files at that commit (``ref``).
3. When it is HEAD itself (CI checked out main, or a clone of main) or no ref resolves, the
   *previous version* of the committed baseline: the files as of the first parent of the
   newest first-parent commit that changed either of them (``history``). So a regression
   banked in the pushed commits is judged against what was there before, and still needs
   its justification. A baseline first added by the root commit has no previous version:
   the committed one is then a first landing (it must match the run).
4. When history cannot tell (a shallow clone whose boundary hides that commit's parent):
   with ``CI`` set there is no usable reference and the gate exits 2 saying how to fetch the
   history; locally it falls back to HEAD's own committed baseline with a loud notice
   (``head``): uncommitted regressions are still caught, one committed in HEAD is not.

It never compares a baseline with itself silently: every choice is recorded with its reason
in the verdict (``reference``) and printed by ``bb-gate ci --explain``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

from bb_gate._errors import GateUserError
from bb_gate._git import (
    first_parent,
    last_change,
    resolve_commit,
    shallow_commits,
    try_resolve,
)
from bb_gate.verdict import Reference

#: Names the reference ref when ``--ref`` is not given (e.g. ``origin/release`` in CI).
GATE_REF_ENV: Final = "BRAINBENCH_GATE_REF"
#: Tried in order when no ref is named.
AUTO_REFS: Final[tuple[str, ...]] = ("origin/main", "main")

FETCH_HINT: Final = (
    "fetch the history (`git fetch --unshallow`; in GitHub Actions, actions/checkout with "
    "fetch-depth: 0) or name the target branch with --ref / $" + GATE_REF_ENV
)


def _short(sha: str | None) -> str:
    return "-" if sha is None else sha[:12]


def _pick_ref(
    repo: Path, named: str | None, env: Mapping[str, str]
) -> tuple[str | None, str | None, str]:
    """(ref, its commit, how it was chosen); a named ref that does not resolve raises."""
    if named is not None:
        return named, resolve_commit(repo, named), f"--ref {named}"
    from_env = env.get(GATE_REF_ENV, "").strip()
    if from_env:
        return from_env, resolve_commit(repo, from_env), f"${GATE_REF_ENV}={from_env}"
    for candidate in AUTO_REFS:
        commit = try_resolve(repo, candidate)
        if commit is not None:
            return candidate, commit, f"{candidate} (the first of {', '.join(AUTO_REFS)} here)"
    return None, None, f"none of {', '.join(AUTO_REFS)} resolves"


def select_reference(
    repo: Path,
    paths: Sequence[str],
    *,
    ref: str | None,
    ci: bool,
    env: Mapping[str, str],
) -> Reference:
    """Choose the reference commit for the baseline files ``paths`` (baseline first).

    Args:
        repo: the top of the git work tree.
        paths: repository-relative baseline file and sidecar.
        ref: ``--ref`` when given.
        ci: whether ``CI`` is set (no local fallback then).
        env: the environment (for ``$BRAINBENCH_GATE_REF``).

    Raises:
        GateUserError: a named ref does not resolve, the repository has no commit, or (under
            CI) there is no usable reference.
    """
    head = try_resolve(repo, "HEAD")
    if head is None:
        raise GateUserError("the repository has no commit yet: nothing to gate against", kind="git")
    name, commit, chosen = _pick_ref(repo, ref, env)
    if name is not None and commit != head:
        return Reference(
            how="ref",
            ref=name,
            ref_commit=commit,
            head=head,
            baseline_commit=commit,
            reason=f"the baseline at {name} ({_short(commit)}), a commit other than HEAD "
            f"({_short(head)}); ref chosen by {chosen}",
        )
    why = (
        f"{chosen} resolves to HEAD itself ({_short(head)})"
        if name is not None
        else f"no separate main here ({chosen})"
    )
    return _previous_version(repo, head, list(paths), why, name=name, commit=commit, ci=ci)


def _previous_version(
    root: Path,
    head: str,
    paths: list[str],
    why: str,
    *,
    name: str | None,
    commit: str | None,
    ci: bool,
) -> Reference:
    files = " / ".join(paths)
    changed = last_change(root, head, paths)

    def history(baseline_commit: str | None, reason: str) -> Reference:
        return Reference(
            how="history",
            ref=name,
            ref_commit=commit,
            head=head,
            baseline_commit=baseline_commit,
            reason=f"{why}: {reason}",
        )

    if changed is None:
        return history(None, f"no commit in HEAD's first-parent history has {files}")
    if changed in shallow_commits(root):
        problem = (
            f"HEAD's history is shallow: {_short(changed)}, where {files} last changed as far "
            "as this clone can see, is a shallow boundary whose parent was not fetched"
        )
        if ci:
            raise GateUserError(
                f"no usable reference baseline: {why}, and {problem}; {FETCH_HINT}", kind="git"
            )
        return Reference(
            how="head",
            ref=name,
            ref_commit=commit,
            head=head,
            baseline_commit=head,
            reason=f"{why}, and {problem}: comparing against HEAD's own committed baseline "
            "(a regression committed in HEAD itself cannot be seen; CI refuses this)",
        )
    parent = first_parent(root, changed)
    if parent is None:
        return history(
            None,
            f"{files} first appeared in the root commit {_short(changed)}: no previous version",
        )
    return history(
        parent,
        f"the previous version of the committed baseline, at {_short(parent)} (first parent "
        f"of {_short(changed)}, the last commit that changed {files})",
    )


def render_reference(reference: Reference, paths: Sequence[str], found: Sequence[str]) -> str:
    """The ``--explain`` block: which ref, which baseline version, and why."""
    ref = (
        "(none)" if reference.ref is None else f"{reference.ref} -> {_short(reference.ref_commit)}"
    )
    if reference.baseline_commit is None:
        baseline = "none (no reference baseline)"
    else:
        read = ", ".join(found) if found else f"neither of {', '.join(paths)} exists there"
        baseline = f"{read} at {_short(reference.baseline_commit)}"
    lines = [
        "bb-gate ci: reference baseline",
        f"  how:      {reference.how}",
        f"  ref:      {ref} (HEAD is {_short(reference.head)})",
        f"  baseline: {baseline}",
        f"  why:      {reference.reason}",
    ]
    return "\n".join(lines) + "\n"
