"""Start-up: the command line imports what a command needs, and a run starts its server first."""

from __future__ import annotations

import subprocess
import sys

import bb_brain._pg
import pytest
from bb_cli.main import start_database_early

HEAVY = ("grpc", "psycopg", "pydantic", "bb_brain.engine", "bb_score", "bb_gate", "lemminflect")


def test_importing_the_command_line_loads_no_engine_wire_or_database_library() -> None:
    code = f"import sys, bb_cli.main; print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("argv", "starts"),
    [
        (["run", "--suite", "push"], True),
        (["--json", "run"], True),
        (["run", "--help"], False),
        (["run", "-h"], False),
        (["run", "--dask", "local"], False),
        (["corpus", "validate"], False),
        (["report", "run"], False),
        ([], False),
    ],
)
def test_only_a_run_on_the_embedded_server_starts_it_early(
    argv: list[str], starts: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    monkeypatch.setattr(bb_brain._pg, "start_database_early", lambda: calls.append(1))
    monkeypatch.delenv("BRAINBENCH_DSN", raising=False)
    start_database_early(argv)
    assert bool(calls) is starts
    monkeypatch.setenv("BRAINBENCH_DSN", "host=/nowhere dbname=postgres")
    calls.clear()
    start_database_early(argv)
    assert calls == []  # a shared server needs no early start


def test_a_failing_early_start_is_left_for_the_run_to_report(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def failing() -> None:
        raise OSError("no room")

    monkeypatch.setattr(bb_brain._pg, "start_database_early", failing)
    monkeypatch.delenv("BRAINBENCH_DSN", raising=False)
    start_database_early(["run"])  # no exception: the run's own start meets it


def test_the_help_names_the_sidecar_bb_gate_writes() -> None:
    from bb_cli._gating import DEFAULT_BASELINE, DEFAULT_SIDECAR
    from bb_gate import sidecar_path

    assert DEFAULT_SIDECAR == sidecar_path(DEFAULT_BASELINE)
