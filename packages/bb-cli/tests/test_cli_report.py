"""``brainbench report`` and ``history --html``: render saved Results, never re-run them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bb_cli.main import main
from bb_gate import append_run, baseline_from_result, dump_baseline
from bb_schema import FailedItem, Meta, Receipt, Result, ScoreCell, write_json_atomic


def _result(failed: list[tuple[str, str]], *, ts: str = "2026-01-01T00:00:00Z") -> Result:
    cells = [
        ScoreCell(suite="push", harness="codex", seam="contract", gold_total=10,
                  gold_failed=len(failed), metrics={"push_precision": 1.0,
                  "push_recall": 1 - len(failed) / 10}, fixtures=["p1"]),
    ]  # fmt: skip
    items = [
        FailedItem(harness="codex", suite="push", fixture_id=f, item=i,
                   reason=f"should retrieve {i.split()[-1]}: not injected (injected nothing)")
        for f, i in failed
    ]  # fmt: skip
    return Result(
        receipt=Receipt(result_schema_version=1, fixtures_hash="f" * 64, harness_sha="a" * 40,
                        ts=ts, cmd_args=["run"], seed=0, include_holdout=False, llm=False),
        cells=cells,
        turn_rows=[],
        seed_failures=[],
        meta=Meta(failed_items=items, seam_disclosures={"codex": ["a contract row"]},
                  harnesses=["codex"], suites=["push"]),
    )  # fmt: skip


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "result.json"
    write_json_atomic(path, _result([("p1", "turn 2 people/ana"), ("p1", "turn 3 people/bo")]))
    return path


def test_report_prints_the_run_scoreboard(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(saved)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# BrainBench scoreboard")
    assert "- codex/push: 2 of 10 gold items failed; by kind: 2 gold page not injected" in out
    assert "`p1`" not in out
    assert main(["report", str(saved), "--failed"]) == 0
    assert "`p1` turn 2 people/ana" in capsys.readouterr().out


def test_json_keeps_stdout_one_envelope_and_files_are_written(
    saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    html, md = tmp_path / "out" / "report.html", tmp_path / "board.md"
    code = main(["report", str(saved), "--json", "--html", str(html), "--md", str(md),
                 "--ledger", str(tmp_path / "none.jsonl")])  # fmt: skip
    assert code == 0
    envelope = json.loads(capsys.readouterr().out)
    assert envelope["ok"] is True and envelope["html"] == str(html) and envelope["cells"] == 1
    assert md.read_text(encoding="utf-8").startswith("# BrainBench scoreboard")
    page = html.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and 'data-cell="codex/push"' in page


def test_a_missing_fixture_is_said_in_the_page_and_on_stderr(
    saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    html = tmp_path / "report.html"
    code = main(["report", str(saved), "--html", str(html), "--fixtures", str(tmp_path / "nope"),
                 "--gold", str(tmp_path / "nope-gold")])  # fmt: skip
    assert code == 0
    assert "warning: No fixtures" in capsys.readouterr().err
    page = html.read_text(encoding="utf-8")
    assert "Fixture not found among the fixtures given to the report" in page


def test_a_corpus_other_than_the_runs_is_warned_about(
    saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    samples = Path(__file__).resolve().parents[3].parent / "shared" / "interop" / "samples"
    html = tmp_path / "report.html"
    code = main(["report", str(saved), "--html", str(html), "--fixtures",
                 str(samples / "fixtures"), "--gold", str(samples / "gold")])  # fmt: skip
    assert code == 0
    assert "turn text and gold may differ" in capsys.readouterr().err


def test_comparison_with_a_result_lists_flipped_items(
    saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = tmp_path / "before.json"
    write_json_atomic(before, _result([("p1", "turn 3 people/bo"), ("p1", "turn 4 people/cy")]))
    html = tmp_path / "report.html"
    assert main(["report", str(saved), "--baseline", str(before), "--html", str(html)]) == 0
    out = capsys.readouterr().out
    assert "1 newly failed, 1 newly passing" in out
    page = html.read_text(encoding="utf-8")
    part = page[page.index('id="comparison"') : page.index('id="cells"')]
    assert "Newly failed (1)" in part and "turn 2 people/ana" in part
    assert "Newly passing (1)" in part and "turn 4 people/cy" in part


def test_comparison_with_a_baseline_file_uses_the_gate(
    saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    baseline = tmp_path / "main.json"
    baseline.write_bytes(dump_baseline(baseline_from_result(_result([]))))
    assert main(["report", str(saved), "--baseline", str(baseline), "--json"]) == 0
    envelope = json.loads(capsys.readouterr().out)
    assert envelope["comparison"]["status"] == "regression"
    assert envelope["comparison"]["exit_code"] == 1 and envelope["comparison"]["findings"] >= 1


def test_bad_input_is_exit_2_naming_the_file(
    tmp_path: Path, saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", str(tmp_path / "missing.json")]) == 2
    assert "missing.json" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text('{"receipt": {}}', encoding="utf-8")
    assert main(["report", str(broken), "--json"]) == 2
    envelope = json.loads(capsys.readouterr().out)
    assert envelope["error"]["kind"] == "config" and "broken.json" in envelope["error"]["message"]
    assert main(["report", str(saved), "--md", "/dev/null/board.md"]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_history_html_draws_each_cells_trend(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger = tmp_path / "ledger.jsonl"
    append_run(ledger, _result([("p1", "turn 2 people/ana")], ts="2026-01-01T00:00:00Z"))
    append_run(ledger, _result([], ts="2026-01-02T00:00:00Z"))
    html = tmp_path / "history.html"
    assert main(["history", "--ledger", str(ledger), "--html", str(html), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["html"] == str(html)
    page = html.read_text(encoding="utf-8")
    assert "codex/push" in page and "push_recall over runs" in page and "1 → 0" in page
