from __future__ import annotations

import json
import subprocess
import sys

import jsonschema
import pytest
from bb_gate import (
    baseline_from_result,
    baseline_set_from_result,
    dump_baseline,
    dump_items,
    items_from_result,
    write_baseline_set,
)
from bb_gate.cli import main


@pytest.fixture(autouse=True)
def _local(monkeypatch):
    monkeypatch.delenv("CI", raising=False)


def _worse(make_result, cells, edit_cells):
    return make_result(edit_cells(cells, "codex/push", metrics={"push_recall": 0.5}))


def test_compare_pass_prints_markdown(make_result, write_result, write_baseline, capsys):
    code = main(
        [
            "compare",
            "--current",
            str(write_result(make_result())),
            "--baseline",
            str(write_baseline(make_result())),
        ]
    )
    out = capsys.readouterr()
    assert code == 0
    assert out.out.startswith("## BrainBench gate: pass (exit 0, mode same-hash)")


def test_compare_regression_json_envelope(
    make_result, cells, edit_cells, write_result, write_baseline, capsys
):
    current = write_result(_worse(make_result, cells, edit_cells))
    code = main(
        [
            "compare",
            "--current",
            str(current),
            "--baseline",
            str(write_baseline(make_result())),
            "--json",
        ]
    )
    out = capsys.readouterr()
    assert code == 1
    envelope = json.loads(out.out)
    assert list(envelope) == ["verdict"]
    assert envelope["verdict"]["status"] == "regression"
    assert envelope["verdict"]["rows"][0]["metric"] == "push_recall"
    assert "BrainBench gate: regression" in out.err


def test_verdict_out_is_its_own_document_and_result_stays_valid(
    tmp_path, make_result, cells, edit_cells, write_result, write_baseline, schema_dir
):
    current = write_result(_worse(make_result, cells, edit_cells))
    before = current.read_bytes()
    out = tmp_path / "verdict.json"
    code = main(
        [
            "compare",
            "--current",
            str(current),
            "--baseline",
            str(write_baseline(make_result())),
            "--verdict-out",
            str(out),
        ]
    )
    assert code == 1
    assert json.loads(out.read_text(encoding="utf-8"))["exit_code"] == 1
    assert current.read_bytes() == before
    schema = json.loads((schema_dir / "result.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(json.loads(before), schema)


def test_committed_flag(make_result, cells, edit_cells, write_result, write_baseline, capsys):
    worse = _worse(make_result, cells, edit_cells)
    args = [
        "compare",
        "--current",
        str(write_result(worse)),
        "--baseline",
        str(write_baseline(make_result())),
    ]
    committed = write_baseline(worse, name="committed.json", justification="accepted trade")
    assert main([*args, "--committed", str(committed)]) == 0
    assert "justification: accepted trade" in capsys.readouterr().out


def test_allow_regression_local_and_refused_under_ci(
    monkeypatch, make_result, cells, edit_cells, write_result, write_baseline, capsys
):
    args = [
        "compare",
        "--current",
        str(write_result(_worse(make_result, cells, edit_cells))),
        "--baseline",
        str(write_baseline(make_result())),
        "--allow-regression",
        "bisecting a flake",
        "--json",
    ]
    assert main(args) == 0
    assert (
        json.loads(capsys.readouterr().out)["verdict"]["allowed_regression"] == "bisecting a flake"
    )
    monkeypatch.setenv("CI", "true")
    assert main(args) == 2
    assert "refused in CI" in json.loads(capsys.readouterr().out)["verdict"]["messages"][0]
    monkeypatch.setenv("CI", "")
    assert main(args) == 0


def test_missing_file_error_envelope_without_traceback(
    tmp_path, write_baseline, make_result, capsys
):
    code = main(
        [
            "compare",
            "--current",
            str(tmp_path / "nope.json"),
            "--baseline",
            str(write_baseline(make_result())),
            "--json",
        ]
    )
    out = capsys.readouterr()
    assert code == 2
    error = json.loads(out.out)["error"]
    assert error["kind"] == "invalid-input" and "nope.json" in error["message"]
    assert "Traceback" not in out.err


def test_invalid_json_reports_line_and_column(tmp_path, write_baseline, make_result, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{\n  "receipt": ]\n}', encoding="utf-8")
    code = main(
        ["compare", "--current", str(bad), "--baseline", str(write_baseline(make_result()))]
    )
    err = capsys.readouterr().err
    assert code == 2 and "line 2, column 14" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "argv", [["compare"], ["bogus"], [], ["compare", "--current", "x", "--nope"]]
)
def test_usage_errors_exit_2_with_envelope(argv, capsys):
    assert main([*argv, "--json"]) == 2
    out = capsys.readouterr()
    assert json.loads(out.out)["error"]["kind"] == "usage"
    assert "Traceback" not in out.err


def test_help_explains_rules_and_exit_codes(capsys):
    assert main(["--help"]) == 0
    text = capsys.readouterr().out
    for phrase in [
        "zero-gated",
        "corpus bless",
        "first landing",
        "--allow-regression",
        "exit codes: 0 pass",
    ]:
        assert phrase in text
    assert main(["ci", "--help"]) == 0
    assert "origin/main" in capsys.readouterr().out


def test_canonical_stdout_and_atomic_out(tmp_path, make_result, write_result, capsys):
    current = write_result(make_result())
    assert main(["canonical", "--current", str(current)]) == 0
    printed = capsys.readouterr().out.encode()
    assert printed == dump_baseline(baseline_from_result(make_result()))
    out = tmp_path / "sub" / "main.json"
    assert (
        main(["canonical", "--current", str(current), "--out", str(out), "--justification", "why"])
        == 0
    )
    assert out.read_bytes() == dump_baseline(
        baseline_from_result(make_result(), justification="why")
    )
    assert capsys.readouterr().out == ""
    assert [p.name for p in out.parent.iterdir()] == ["main.json"]  # no temp file left behind


def test_canonical_out_writes_the_sidecar_beside_the_baseline(
    tmp_path, make_result, write_result, capsys
):
    run = make_result(failed={"codex/push": ["p-9#turn 1 z"]}, scorer="sha256:ab")
    out = tmp_path / "main.json"
    assert main(["canonical", "--current", str(write_result(run)), "--out", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "main.items.json",
        "main.json",
        "result.json",
    ]
    assert (tmp_path / "main.items.json").read_bytes() == dump_items(items_from_result(run))
    assert main(["canonical", "--current", str(write_result(run)), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["items"]["cells"]["codex/push"] == ["p-9#turn 1 z"]


def test_compare_reads_each_sidecar_beside_its_file(tmp_path, make_result, write_result, capsys):
    base = make_result(failed={"codex/push": ["p-9#turn 1 z"]}, scorer="sha256:ab")
    main_file = tmp_path / "main" / "main.json"
    write_baseline_set(main_file, baseline_set_from_result(base))
    swapped = make_result(failed={"codex/push": ["p-8#turn 1 y"]}, scorer="sha256:ab")
    argv = ["compare", "--current", str(write_result(swapped)), "--baseline", str(main_file)]
    assert main([*argv, "--json"]) == 1
    rows = json.loads(capsys.readouterr().out)["verdict"]["rows"]
    assert [(r["kind"], r["item"]) for r in rows] == [
        ("regression", "p-8#turn 1 y"),
        ("improvement", "p-9#turn 1 z"),
    ]


def test_canonical_from_stdin(monkeypatch, make_result, capsys):
    import io

    text = make_result().model_dump_json(by_alias=True)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["canonical", "--current", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["baseline"]["fixtures_hash"] == "hash-a"


def test_canonical_refuses_seed_failures(make_result, write_result, capsys):
    current = write_result(make_result(seed_failures=(("fx-9", "db down"),)))
    assert main(["canonical", "--current", str(current)]) == 2
    assert "fx-9" in capsys.readouterr().err


def test_ratchet_write(
    tmp_path, make_result, cells, edit_cells, write_result, write_baseline, capsys
):
    better = make_result(edit_cells(cells, "codex/push", metrics={"push_recall": 0.7}))
    out = tmp_path / "tight.json"
    args = [
        "ratchet",
        "--current",
        str(write_result(better)),
        "--baseline",
        str(write_baseline(make_result())),
    ]
    assert main([*args, "--write", str(out)]) == 0
    assert out.read_bytes() == dump_baseline(baseline_from_result(better))
    assert "improvements" in capsys.readouterr().out


def test_ratchet_refuses_to_write_a_regression(
    tmp_path, make_result, cells, edit_cells, write_result, write_baseline, capsys
):
    out = tmp_path / "tight.json"
    current = write_result(_worse(make_result, cells, edit_cells))
    args = ["ratchet", "--current", str(current), "--baseline", str(write_baseline(make_result()))]
    assert main([*args, "--write", str(out), "--json"]) == 1
    document = json.loads(capsys.readouterr().out)["ratchet"]
    assert document["written"] is None and document["blockers"]
    assert not out.exists()


def test_floors_command(tmp_path, make_result, cells, edit_cells, write_baseline, capsys):
    assert main(["floors", "--baseline", str(write_baseline(make_result()))]) == 0
    capsys.readouterr()
    broken = write_baseline(
        make_result(edit_cells(cells, "openclaw/push", metrics={"push_recall": 0.5}))
    )
    assert main(["floors", "--baseline", str(broken), "--json"]) == 1
    violations = json.loads(capsys.readouterr().out)["floors"]["violations"]
    assert [(v["cell"], v["metric"]) for v in violations] == [("openclaw/push", "push_recall")]


def test_console_script_exit_code(make_result, write_result, write_baseline):
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "from bb_gate.cli import run; run()",
            "floors",
            "--baseline",
            "/nonexistent",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (
        proc.returncode == 2 and "does not exist" in proc.stderr and "Traceback" not in proc.stderr
    )
