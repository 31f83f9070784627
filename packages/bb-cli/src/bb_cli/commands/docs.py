"""``brainbench docs methodology``: keep the methodology's observed numbers true.

``--write`` regenerates the block of ``docs/METHODOLOGY.md`` between its ``observed`` markers
from the committed baseline; ``--check`` writes nothing and fails (exit 1) when the block
differs from what the baseline yields, so re-blessing a baseline without refreshing the
document, or editing the numbers by hand, is caught.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bb_gate import load_baseline

from bb_cli._methodology import (
    DEFAULT_BASELINE,
    DEFAULT_DOC,
    MethodologyError,
    refresh,
    stale_lines,
)
from bb_cli._output import EXIT_REGRESSION, Output
from bb_cli._parser import Subparsers, add_command, add_output_flags
from bb_cli.commands import SUMMARIES


def _methodology(args: argparse.Namespace, out: Output) -> int:
    doc: Path = args.doc
    baseline_path: Path = args.baseline
    baseline = load_baseline(baseline_path)
    try:
        current = doc.read_text(encoding="utf-8")
    except OSError as exc:
        return out.fail("config", f"cannot read the methodology {str(doc)!r}: {exc.strerror}")
    try:
        wanted = refresh(current, baseline, baseline_path.as_posix())
    except MethodologyError as exc:
        return out.fail("config", f"{doc}: {exc.message}")
    fields = {"doc": str(doc), "baseline": str(baseline_path)}
    if args.write:
        if wanted != current:
            from bb_cli._gating import write_bytes_atomic

            try:
                write_bytes_atomic(doc, wanted.encode("utf-8"))
            except OSError as exc:
                return out.fail("runtime", f"cannot write {str(doc)!r}: {exc.strerror}")
        return out.succeed(f"{doc}: observed numbers written from {baseline_path}", **fields)
    if wanted != current:
        detail = "\n".join(stale_lines(current, wanted))
        out.fail(
            "regression",
            f"{doc}: the observed numbers differ from {baseline_path}; run `brainbench docs "
            "methodology --write` and commit",
            detail=f"{doc}: the observed numbers differ from {baseline_path}:\n{detail}\n"
            "run `brainbench docs methodology --write` and commit",
        )
        return EXIT_REGRESSION
    return out.succeed(f"{doc}: observed numbers match {baseline_path}", **fields)


def register(subparsers: Subparsers) -> None:
    """Add ``docs methodology``."""
    group = add_command(
        subparsers,
        "docs",
        summary=SUMMARIES["docs"],
        description="Generate or check the parts of the project's documents that come from data.",
    )
    leaves = group.add_subparsers(
        dest="docs_command", metavar="DOCUMENT", required=True, title="documents"
    )
    parser = add_command(
        leaves,
        "methodology",
        summary="the observed numbers of docs/METHODOLOGY.md, from the committed baseline",
        description=(
            "Regenerate (--write) or check (--check) the block of the methodology between its\n"
            "`observed` markers: the pre-registered expectations with the numbers the committed\n"
            "baseline observes, every core cell, the invariants and the floors."
        ),
        notes=(
            "exit 0: written, or up to date; 1: --check found the numbers stale; 2: a missing\n"
            "file, a baseline that does not validate, or a document without the markers",
        ),
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="fail when the numbers are stale")
    mode.add_argument("--write", action="store_true", help="write the numbers")
    parser.add_argument("--doc", type=Path, default=DEFAULT_DOC, metavar="FILE")
    parser.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE, metavar="FILE")
    add_output_flags(parser)
    parser.set_defaults(handler=_methodology)
