"""``bb-gate ci`` and ``bb-gate reference``: the reference baseline from git, then the gate.

The reference baseline (and its sidecar) is read from a commit the change did not write
(:mod:`bb_gate.reference`); the committed one from the working tree. Deleting either file
from the working tree while the reference has it is refused: a change cannot drop the
evidence it is judged against.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from bb_gate._console import emit_json, emit_verdict, in_ci, load_current, narrate
from bb_gate._errors import GateUserError
from bb_gate._git import check_repo_path, repo_root, show_file
from bb_gate.baseline import parse_baseline
from bb_gate.compare import compare
from bb_gate.items import BaselineSet, check_pair, load_baseline_set, parse_items, sidecar_repo_path
from bb_gate.reference import render_reference, select_reference
from bb_gate.verdict import Reference


@dataclass(frozen=True)
class _Located:
    root: Path
    paths: tuple[str, str]
    reference: Reference


def _locate(ns: argparse.Namespace) -> _Located:
    root = repo_root(Path(ns.repo))
    path = check_repo_path(ns.baseline_path)
    paths = (path, sidecar_repo_path(path))
    reference = select_reference(root, paths, ref=ns.ref, ci=in_ci(), env=os.environ)
    return _Located(root, paths, reference)


def _text(blob: bytes, source: str) -> str:
    try:
        return blob.decode("utf-8")
    except UnicodeDecodeError:
        raise GateUserError(f"{source} is not UTF-8") from None


def _read_reference(located: _Located) -> BaselineSet | None:
    """The reference commit's baseline and sidecar (None when it has no baseline)."""
    commit = located.reference.baseline_commit
    if commit is None:
        return None
    path, side = located.paths
    where = located.reference.ref if located.reference.how == "ref" else commit[:12]
    blob = show_file(located.root, commit, path)
    if blob is None:
        narrate(f"bb-gate ci: {commit[:12]} has no {path}")
        return None
    source = f"the reference baseline {where}:{path}"
    baseline = parse_baseline(_text(blob, source), source=source)
    side_blob = show_file(located.root, commit, side)
    if side_blob is None:
        narrate(f"bb-gate ci: reference baseline from {where}:{path} ({commit[:12]}), no sidecar")
        return BaselineSet(baseline)
    side_source = f"the reference baseline items {where}:{side}"
    items = parse_items(_text(side_blob, side_source), source=side_source)
    check_pair(baseline, items, source=side_source)
    narrate(f"bb-gate ci: reference baseline from {where}:{path} + {side} ({commit[:12]})")
    return BaselineSet(baseline, items)


def _refuse_deletions(located: _Located, reference: BaselineSet | None) -> None:
    """Refuse a working-tree deletion of a file the reference or HEAD itself has."""
    path, side = located.paths
    head = located.reference.head
    for name in (path, side):
        if (located.root / name).exists():
            continue
        if reference is not None and (name == path or reference.items is not None):
            how, commit = located.reference.how, located.reference.baseline_commit
            where = f"the reference baseline ({how}, {commit})"
        elif head is not None and show_file(located.root, head, name) is not None:
            where = f"HEAD ({head})"
        else:
            continue
        raise GateUserError(
            f"the committed baseline file {name!r} exists in {where} but was deleted from "
            f"the working tree; deleting it is refused, restore it (`git checkout -- "
            f"{name}`, or from that commit) or update it with --update-baseline",
            kind="refused",
        )


def _found(located: _Located, reference: BaselineSet | None) -> list[str]:
    if reference is None:
        return []
    path, side = located.paths
    return [path] + ([side] if reference.items is not None else [])


def cmd_ci(ns: argparse.Namespace) -> int:
    """Gate the run against the reference baseline read from git."""
    located = _locate(ns)
    reference = _read_reference(located)
    if ns.explain:
        block = render_reference(located.reference, located.paths, _found(located, reference))
        (narrate if ns.json else sys.stdout.write)(block)
    _refuse_deletions(located, reference)
    working = located.root / located.paths[0]
    committed = load_baseline_set(working) if working.exists() else None
    current = load_current(ns.current)
    verdict = compare(
        current, reference, committed, allow_regression=ns.allow_regression, ci=in_ci()
    )
    return emit_verdict(verdict.model_copy(update={"reference": located.reference}), ns)


def cmd_reference(ns: argparse.Namespace) -> int:
    """Print which reference ``ci`` would use, and why; fail fast when there is none."""
    located = _locate(ns)
    reference = _read_reference(located)
    block = render_reference(located.reference, located.paths, _found(located, reference))
    if ns.json:
        narrate(block)
        emit_json({"reference": located.reference.model_dump(mode="json")})
    else:
        sys.stdout.write(block)
    return 0
