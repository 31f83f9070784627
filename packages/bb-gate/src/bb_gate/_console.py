"""What every ``bb-gate`` subcommand shares: narration, the JSON envelope, reading the run."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from bb_schema import Result

from bb_gate._errors import GateUsageError
from bb_gate._jsonio import atomic_write_bytes
from bb_gate.baseline import load_result, parse_result
from bb_gate.verdict import Verdict, dump_verdict, render_verdict_markdown


def narrate(text: str) -> None:
    """Human narration: always stderr, so stdout stays one document."""
    sys.stderr.write(text.rstrip("\n") + "\n")


def emit_json(envelope: dict[str, Any]) -> None:
    """The one JSON envelope of a ``--json`` run, on stdout."""
    sys.stdout.write(json.dumps(envelope, sort_keys=True, indent=2, ensure_ascii=False) + "\n")


def in_ci() -> bool:
    """Whether ``CI`` is set and non-empty (the escape hatch and local fallbacks are off)."""
    return bool(os.environ.get("CI"))


def load_current(value: str) -> Result:
    """The run's Result from a file, or from stdin for ``-``."""
    if value != "-":
        return load_result(Path(value))
    if sys.stdin is None or sys.stdin.isatty():
        raise GateUsageError("no --current RESULT given and stdin is a terminal; pass --current")
    return parse_result(sys.stdin.read(), source="result <stdin>")


def emit_verdict(verdict: Verdict, ns: argparse.Namespace) -> int:
    """Write ``--verdict-out``, print the verdict (markdown or envelope); return its exit code."""
    if ns.verdict_out:
        atomic_write_bytes(Path(ns.verdict_out), dump_verdict(verdict))
    markdown = render_verdict_markdown(verdict)
    if ns.json:
        narrate(markdown)
        emit_json({"verdict": verdict.model_dump(mode="json")})
    else:
        sys.stdout.write(markdown)
    return verdict.exit_code
