"""`brainbench run` end to end on the interop samples: targets, teeth, schema, determinism."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from bb_cli.main import main

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "interop"
SAMPLES = SHARED / "samples"


def _run(tmp_path: Path, name: str, *extra: str) -> dict[str, Any]:
    out = tmp_path / f"{name}.json"
    code = main(
        [
            "run",
            "--quiet",
            "--fixtures",
            str(SAMPLES / "fixtures"),
            "--gold",
            str(SAMPLES / "gold"),
            "--out",
            str(out),
            *extra,
        ]
    )
    assert code == 0
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return result


def _cells(result: dict[str, Any]) -> dict[str, dict[str, float]]:
    return {f"{c['harness']}/{c['suite']}": c["metrics"] for c in result["cells"]}


@pytest.fixture(scope="module")
def core(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _run(tmp_path_factory.mktemp("core"), "core")


def test_core_result_validates_against_the_published_v1_schema(core: dict[str, Any]) -> None:
    schema = json.loads((SHARED / "schema-v1" / "result.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(core, schema)


def test_sample_targets_hold_on_every_harness(core: dict[str, Any]) -> None:
    cells = _cells(core)
    for harness in ("openclaw", "claude-code", "codex"):
        assert cells[f"{harness}/know-to-ask"]["know_to_ask_failure_rate"] == 0
        assert cells[f"{harness}/know-to-ask"]["false_fire_rate"] == 0
        assert cells[f"{harness}/push"]["push_precision"] == 1.0
        for suite in ("know-to-ask", "push"):
            assert cells[f"{harness}/{suite}"]["source_isolation_violations"] == 0
        assert cells[f"{harness}/write-back"]["write_back_fidelity"] == 1.0
        assert cells[f"{harness}/write-back"]["provenance_accuracy"] == 1.0
        assert cells[f"{harness}/continuity"]["continuity_rate"] == 1.0


def test_every_injection_of_the_engine_rows_explains_itself(core: dict[str, Any]) -> None:
    evidence = {
        (item["harness"], item["fixture_id"], item["turn_id"]): item
        for item in core["_meta"]["turn_evidence"]
    }
    injected = [
        row
        for row in core["turn_rows"]
        if row["harness"] in ("openclaw", "codex") and row["injected_slugs"]
    ]
    assert injected
    for row in injected:
        item = evidence[(row["harness"], row["fixture_id"], row["turn_id"])]
        assert [p["slug"] for p in item["pointers"]] == row["injected_slugs"]
        for pointer in item["pointers"]:
            found = pointer["evidence"]
            assert found["matched"] and found["surface"] and found["end"] > found["start"]
            assert 0 < found["score"] <= 1 and pointer["arm"]
    # the hook's wire is text: its pointers carry no evidence, so nothing is filed for it
    assert not any(harness == "claude-code" for harness, _, _ in evidence)


def test_trivial_rows_prove_the_metrics_have_teeth(tmp_path: Path) -> None:
    result = _run(
        tmp_path, "teeth", "--harness", "always-silent,inject-all", "--suite", "know-to-ask,push"
    )
    cells = _cells(result)
    assert cells["always-silent/know-to-ask"]["know_to_ask_failure_rate"] == 1.0
    assert cells["inject-all/know-to-ask"]["false_fire_rate"] > 0


def _stable(result: dict[str, Any]) -> dict[str, Any]:
    result = json.loads(json.dumps(result))
    result["receipt"].pop("ts")
    for row in result["turn_rows"]:
        row.pop("latency_ms")
    return result


def test_two_runs_are_identical_apart_from_time_and_latency(
    core: dict[str, Any], tmp_path: Path
) -> None:
    assert _stable(_run(tmp_path, "again")) == _stable(core)


def test_json_run_writes_the_markdown_board_and_report_renders_the_saved_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, md, html = tmp_path / "r.json", tmp_path / "board.md", tmp_path / "report.html"
    samples = ["--fixtures", str(SAMPLES / "fixtures"), "--gold", str(SAMPLES / "gold")]
    code = main(["run", "--json", *samples, "--out", str(out), "--md", str(md),
                 "--progress", "lines", "--ledger", str(tmp_path / "ledger.jsonl")])  # fmt: skip
    assert code == 0
    captured = capsys.readouterr()
    envelope = json.loads(captured.out)  # stdout is exactly one envelope, progress or not
    assert "brainbench: replay 7/7 (100%)" in captured.err
    assert envelope["ok"] is True and envelope["md"] == str(md)
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert envelope["scores"] == {  # the numbers, without --out too
        f"{cell['harness']}/{cell['suite']}": cell["metrics"] for cell in saved["cells"]
    }
    board = md.read_text(encoding="utf-8")
    assert "## know-to-ask" in board and "docs/METRIC_GLOSSARY.md" in board
    assert max(len(line) for line in board.splitlines()) <= 100
    code = main(["report", str(out), *samples, "--html", str(html), "--baseline", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert printed.startswith(board)  # the same renderer as run, then the comparison line
    assert " ".join(printed[len(board) :].split()) == (
        f"Against {out}: gate pass (exit 0), 0 newly failed, 0 newly passing, 0 finding(s)."
    )
    page = html.read_text(encoding="utf-8")
    assert "Fixture not found" not in page and 'id="comparison"' in page
