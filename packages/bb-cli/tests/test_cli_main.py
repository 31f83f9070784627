from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, get_args

import pytest
from bb_cli import _output
from bb_cli.commands import COMMANDS, named_command
from bb_cli.main import build_parser, main
from bb_schema import SchemaUserError

EXIT_LINE = "exit codes: 0 pass, 1 regression, 2 error or usage"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        ([], ["COMMAND", "corpus", "--json"]),
        (["corpus"], ["validate", "hash", "sealed"]),
        (["corpus", "validate"], ["default: evals/brainbench/fixtures", "file: json.path"]),
        (["corpus", "hash"], ["default: evals/brainbench/gold", "fixtures/<rel>"]),
    ],
)
def test_help_at_every_level(
    capsys: pytest.CaptureFixture[str], argv: list[str], needles: list[str]
) -> None:
    code, out, err = run(capsys, *argv, "--help")
    assert code == 0
    assert err == ""
    assert EXIT_LINE in out
    flat = " ".join(out.split())
    for needle in needles:
        assert needle in flat


def test_help_in_json_mode_is_one_envelope(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--json", "corpus", "--help")
    assert code == 0
    doc = json.loads(out)
    assert doc["ok"] is True
    assert EXIT_LINE in doc["help"]
    assert doc["help"] == err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert out.startswith("brainbench ")


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        ([], "required: COMMAND"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        (["corpus"], "required: COMMAND"),
        (["corpus", "validate", "--bogus"], "unrecognized arguments: --bogus"),
        (["corpus", "validate", "--fixtures"], "expected one argument"),
        (["run", "--workers", "0"], "--workers '0' is not a positive count"),
        (["run", "--workers", "99999"], "--workers '99999' is more than 64"),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("usage: brainbench")
    assert needle in err
    assert "Traceback" not in err

    code, out, err = run(capsys, "--json", *argv)
    assert code == 2
    doc = json.loads(out)
    assert doc["error"]["kind"] == "usage"
    assert needle in doc["error"]["message"]
    assert doc["error"]["errors"] == []


def test_json_after_double_dash_is_not_a_flag(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "corpus", "--", "--json")
    assert code == 2
    assert out == ""
    assert "usage:" in err


def _patch_handler(monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    corpus = importlib.import_module("bb_corpus")  # the corpus commands call it through here

    def boom(*_: Any, **__: Any) -> None:
        raise error

    monkeypatch.setattr(corpus, "load_corpus", boom)


def test_schema_user_error_is_exit_2_without_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _patch_handler(monkeypatch, SchemaUserError("document 'x' is not schema_version 1"))
    code, out, err = run(capsys, "corpus", "hash", "--json")
    assert code == 2
    assert json.loads(out) == {
        "error": {"kind": "schema", "message": "document 'x' is not schema_version 1", "errors": []}
    }
    assert "Traceback" not in err


def test_a_bug_is_exit_2_with_traceback_and_internal_kind(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _patch_handler(monkeypatch, ZeroDivisionError("oops"))
    code, out, err = run(capsys, "corpus", "validate", "--json")
    assert code == 2  # never 1: that would read as a regression
    doc = json.loads(out)
    assert doc["error"]["kind"] == "internal"
    assert "ZeroDivisionError" in doc["error"]["message"]
    assert "Traceback" in err


def test_every_listed_command_module_registers() -> None:
    for name in COMMANDS:
        module = importlib.import_module(f"bb_cli.commands.{name}")
        assert callable(module.register)
    parser = build_parser()
    assert "corpus" in parser.format_help()


def test_the_parser_of_one_command_lists_every_group_as_the_full_parser_does() -> None:
    assert named_command(["--json", "run", "--suite", "push"]) == "run"
    assert named_command(["--help"]) == "" and named_command(["nosuch", "run"]) == ""
    assert named_command(["--", "run"]) == ""
    full = build_parser().format_help()
    assert build_parser(["--help"]).format_help() == full
    assert build_parser(["report", "x.json"]).format_help() == full


def test_help_imports_no_package_stack() -> None:
    probe = (
        "import sys, contextlib, io\n"
        "from bb_cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['--help']) == 0\n"
        "stack = ('pydantic', 'grpc', 'psycopg', 'mcp', 'bb_adapters')\n"
        "heavy = [m for m in stack if m in sys.modules]\n"
        "print(heavy)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_error_kinds_are_a_closed_vocabulary_documented_in_help() -> None:
    kinds = get_args(_output.ErrorKind)
    assert {"usage", "corpus", "schema", "config", "runtime", "internal"} <= set(kinds)
    text = " ".join(build_parser().format_help().split())
    assert "kind: " + ", ".join(kinds) + "." in text


def test_envelopes_reserve_their_keys() -> None:
    assert _output.ok_envelope({"n": 1}) == {"ok": True, "n": 1}
    with pytest.raises(ValueError):
        _output.ok_envelope({"ok": False})
    text = _output.dump_envelope(_output.error_envelope("config", "bad", [{"b": 1, "a": 2}]))
    assert text == (
        '{\n  "error": {\n    "errors": [\n      {\n        "a": 2,\n        "b": 1\n      }\n'
        '    ],\n    "kind": "config",\n    "message": "bad"\n  }\n}\n'
    )


def test_a_foreign_row_without_its_secret_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("BRAINBENCH_FOREIGN_SECRET", raising=False)
    code, out, err = run(capsys, "--json", "run", "--harness", "grpc:peer=unix:/nowhere.sock")
    assert code == 2
    doc = json.loads(out)
    assert doc["error"]["kind"] == "usage"
    assert "BRAINBENCH_FOREIGN_SECRET" in doc["error"]["message"]


def test_an_unreachable_database_is_a_config_error_without_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRAINBENCH_DSN", "postgresql://nobody@127.0.0.1:1/none")
    samples = Path(__file__).resolve().parents[3].parent / "shared" / "interop" / "samples"
    code, out, err = run(
        capsys, "--json", "run", "--fixtures", str(samples / "fixtures"),
        "--gold", str(samples / "gold"),
    )  # fmt: skip
    assert code == 2
    assert json.loads(out)["error"]["kind"] == "config"
    assert "BRAINBENCH_DSN" in json.loads(out)["error"]["message"]
    assert "Traceback" not in err


def test_a_short_foreign_secret_is_refused_before_any_work(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BRAINBENCH_FOREIGN_SECRET", "abc")
    code = main(["run", "--harness", "grpc:peer=unix:/nowhere.sock", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 2 and doc["error"]["kind"] == "usage"
    assert "at least 32 bytes" in doc["error"]["message"]
