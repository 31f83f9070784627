"""`brainbench run` gate flags, the run ledger and `brainbench history`, on the interop samples."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from bb_brain.engine import Engine
from bb_cli.main import main
from bb_gate import (
    append_run,
    baseline_from_result,
    dump_baseline,
    dump_items,
    items_from_result,
    load_baseline,
    load_result,
    parse_baseline,
)
from bb_schema import Meta, Receipt, Result, ScoreCell
from bb_schema.turn_context import TurnContextRequest, TurnContextResponse
from bb_score import scorer_digest

SHARED = Path(__file__).resolve().parents[3].parent / "shared" / "interop"
SAMPLES = SHARED / "samples"
#: One harness keeps each run well under a second; the config is bound into every baseline.
CORPUS = [
    "--fixtures",
    str(SAMPLES / "fixtures"),
    "--gold",
    str(SAMPLES / "gold"),
    "--harness",
    "openclaw",
]


@pytest.fixture(autouse=True)
def _private_ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    ledger = tmp_path / "ledger.jsonl"
    monkeypatch.setenv("BRAINBENCH_LEDGER", str(ledger))
    monkeypatch.delenv("CI", raising=False)
    return ledger


def bench(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["run", "--quiet", *CORPUS, *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture(scope="module")
def banked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """One unmutated run: its Result and the baseline --update-baseline wrote for it."""
    base = tmp_path_factory.mktemp("banked")
    result, baseline = base / "result.json", base / "baselines" / "main.json"
    code = main(
        [
            "run",
            "--quiet",
            *CORPUS,
            "--out",
            str(result),
            "--update-baseline",
            str(baseline),
            "--ledger",
            str(base / "ledger.jsonl"),
        ]
    )
    assert code == 0
    return result, baseline


def _silent(self: Engine, request: TurnContextRequest) -> TurnContextResponse:
    return TurnContextResponse()


def test_update_baseline_writes_the_canonical_baseline_of_the_run(
    banked: tuple[Path, Path],
) -> None:
    result, baseline = banked
    run = load_result(result)
    assert baseline.read_bytes() == dump_baseline(baseline_from_result(run))
    # The sidecar beside it: every cell's failed item ids and the scorer, no temp file left.
    assert sorted(p.name for p in baseline.parent.iterdir()) == ["main.items.json", "main.json"]
    items = items_from_result(run)
    assert items is not None and items.scorer == scorer_digest()
    assert (baseline.parent / "main.items.json").read_bytes() == dump_items(items)
    assert set(items.cells) == {c.harness + "/" + c.suite for c in run.cells}


def test_update_baseline_defaults_to_the_committed_path_and_records_the_justification(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, _ = bench(capsys, "--update-baseline", "--justification", "corpus grew")
    assert code == 0
    written = load_baseline(tmp_path / "evals" / "brainbench" / "baselines" / "main.json")
    assert written.justification == "corpus grew"
    assert written.config.harnesses == ["openclaw"]


def test_compare_pass_writes_the_verdict_apart_and_the_result_still_validates(
    capsys: pytest.CaptureFixture[str], banked: tuple[Path, Path], tmp_path: Path
) -> None:
    _, baseline = banked
    result, verdict = tmp_path / "r.json", tmp_path / "verdict.json"
    code, out, _ = bench(
        capsys, "--compare", str(baseline), "--out", str(result), "--verdict-out", str(verdict)
    )
    assert code == 0
    assert "## BrainBench gate: pass (exit 0, mode same-hash)" in out
    document = json.loads(verdict.read_text(encoding="utf-8"))
    assert (document["exit_code"], document["status"]) == (0, "pass")
    schema = json.loads((SHARED / "schema-v1" / "result.schema.json").read_text(encoding="utf-8"))
    written = json.loads(result.read_text(encoding="utf-8"))
    jsonschema.validate(written, schema)
    assert set(written) <= {"receipt", "cells", "turn_rows", "seed_failures", "_meta"}
    # The scoring code is named in the Result, for the gate to bind the baseline to.
    assert written["_meta"]["scorer"] == scorer_digest().model_dump()


def test_compare_json_envelope_carries_the_verdict(
    capsys: pytest.CaptureFixture[str], banked: tuple[Path, Path]
) -> None:
    code, out, _ = bench(capsys, "--compare", str(banked[1]), "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["ok"] is True
    assert doc["verdict"]["status"] == "pass"
    assert doc["baseline"] is None


def test_a_regression_exits_1_with_a_regression_envelope(
    capsys: pytest.CaptureFixture[str], banked: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Engine, "turn_context", _silent)
    code, out, err = bench(capsys, "--compare", str(banked[1]), "--json")
    assert code == 1
    doc = json.loads(out)
    assert doc["error"]["kind"] == "regression"
    metrics = {(row["cell"], row["metric"]) for row in doc["error"]["errors"]}
    assert ("openclaw/know-to-ask", "know_to_ask_failure_rate") in metrics
    assert "Traceback" not in err
    assert "brainbench report RESULT --failed" in doc["error"]["message"]  # the next step


def test_allow_regression_passes_locally_and_records_the_reason(
    capsys: pytest.CaptureFixture[str],
    banked: tuple[Path, Path],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setattr(Engine, "turn_context", _silent)
    verdict = tmp_path / "v.json"
    code, out, err = bench(
        capsys,
        "--compare",
        str(banked[1]),
        "--allow-regression",
        "bisecting the reflex",
        "--verdict-out",
        str(verdict),
    )
    assert code == 0
    assert out.count("bisecting the reflex") == 1  # said once, as the allowed regression
    assert "allowed regression (local): bisecting the reflex" in out
    assert "waived locally by --allow-regression (bisecting the reflex)" in err
    assert json.loads(verdict.read_text(encoding="utf-8"))["allowed_regression"] == (
        "bisecting the reflex"
    )


def test_allow_regression_is_refused_under_ci_before_anything_runs(
    capsys: pytest.CaptureFixture[str],
    banked: tuple[Path, Path],
    monkeypatch: pytest.MonkeyPatch,
    _private_ledger: Path,
) -> None:
    monkeypatch.setenv("CI", "true")
    code, out, err = bench(capsys, "--compare", str(banked[1]), "--allow-regression", "x")
    assert code == 2
    assert "refused in CI" in err
    assert not _private_ledger.exists()  # refused before the run, so nothing was recorded


def test_config_mismatch_is_inconclusive(
    capsys: pytest.CaptureFixture[str], banked: tuple[Path, Path], _private_ledger: Path
) -> None:
    code, out, err = bench(capsys, "--compare", str(banked[1]), "--suite", "push", "--json")
    assert code == 2
    doc = json.loads(out)
    assert doc["error"]["kind"] == "inconclusive"
    assert doc["error"]["errors"][0]["detail"] == "suite set differs: numbers are not comparable"
    assert "nothing was run" in err and "--suite " in err  # refused up front, the fix named
    assert not _private_ledger.exists()


def test_a_committed_baseline_that_does_not_match_the_run_is_inconclusive(
    capsys: pytest.CaptureFixture[str], banked: tuple[Path, Path], tmp_path: Path
) -> None:
    data: dict[str, Any] = json.loads(banked[1].read_text(encoding="utf-8"))
    data["cells"]["openclaw/push"]["push_recall"] = 0.5  # self-approval of a worse number
    committed = tmp_path / "committed.json"
    committed.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = bench(
        capsys, "--compare", str(banked[1]), "--committed-baseline", str(committed)
    )
    assert code == 2
    assert "the committed baseline does not match this run" in out
    # the fix named with the run's own configuration, not a bare --update-baseline
    assert "brainbench run --suite " in out and "--update-baseline" in out


def test_a_swapped_item_fails_the_run_whatever_the_counts(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A silent engine fails items; main's files say the same counts and metrics, but its
    # sidecar lists one other item in place of one this run fails: the footprint of a change
    # that fixes one item and breaks another.
    monkeypatch.setattr(Engine, "turn_context", _silent)
    main_file = tmp_path / "main.json"
    assert bench(capsys, "--update-baseline", str(main_file))[0] == 0
    sidecar = tmp_path / "main.items.json"
    data: dict[str, Any] = json.loads(sidecar.read_text(encoding="utf-8"))
    cell = "openclaw/know-to-ask"
    moved = data["cells"][cell][0]
    data["cells"][cell] = sorted([*data["cells"][cell][1:], moved + " (elsewhere)"])
    sidecar.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = bench(capsys, "--compare", str(main_file), "--json")
    assert code == 1
    rows = json.loads(out)["error"]["errors"]
    assert [(row["kind"], row["item"]) for row in rows if row["item"]] == [
        ("regression", moved),
        ("improvement", moved + " (elsewhere)"),
    ]
    assert not [row for row in rows if row["metric"] == "gold_failed"]


def test_update_after_compare_compares_against_the_file_as_it_was(
    capsys: pytest.CaptureFixture[str], banked: tuple[Path, Path], tmp_path: Path
) -> None:
    target = tmp_path / "main.json"
    target.write_bytes(banked[1].read_bytes())
    code, _, _ = bench(capsys, "--compare", str(target), "--update-baseline", str(target))
    assert code == 0
    assert parse_baseline(target.read_text(encoding="utf-8"), source="x") == load_baseline(
        banked[1]
    )


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--justification", "why"], "add --update-baseline"),
        (["--committed-baseline", "x.json"], "--committed-baseline needs --compare"),
        (["--verdict-out", "v.json"], "--verdict-out needs --compare"),
        (["--compare", "missing.json"], "does not exist"),
    ],
)
def test_flag_mistakes_exit_2_before_the_run(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str, _private_ledger: Path
) -> None:
    code, _, err = bench(capsys, *argv)
    assert code == 2
    assert needle in err
    assert "Traceback" not in err
    assert not _private_ledger.exists()


def test_every_run_appends_to_the_ledger_and_history_prints_the_trend(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = tmp_path / "runs.jsonl"
    assert bench(capsys, "--ledger", str(ledger))[0] == 0
    monkeypatch.setattr(Engine, "turn_context", _silent)
    assert bench(capsys, "--ledger", str(ledger))[0] == 0
    assert len(ledger.read_text(encoding="utf-8").splitlines()) == 2

    code = main(["history", "--ledger", str(ledger), "--cell", "openclaw/know-to-ask"])
    out = capsys.readouterr().out
    assert code == 0
    assert "## openclaw/know-to-ask (2 runs)" in out
    assert "- know_to_ask_failure_rate: 0.0000 -> 1.0000 (worse)" in out
    assert "- avg_injected_tokens:" in out and "(not gated)" in out

    code = main(["history", "--ledger", str(ledger), "--metric", "push_recall", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    points = doc["cells"]["openclaw/push"]
    assert [p["metrics"]["push_recall"] for p in points] == [1.0, 0.0]
    # push_recall is scored on push cells and on the continuity reader's own turns
    assert set(doc["cells"]) == {"openclaw/push", "openclaw/continuity"}


def test_history_uses_the_ledger_env_and_handles_an_empty_ledger(
    capsys: pytest.CaptureFixture[str], _private_ledger: Path
) -> None:
    assert main(["history"]) == 0
    assert "no runs recorded" in capsys.readouterr().out
    assert bench(capsys)[0] == 0
    assert _private_ledger.exists()
    assert main(["history", "--cell", "nope/push"]) == 2
    assert "is not in the ledger" in capsys.readouterr().err


def _synthetic(fixtures_hash: str, rate: float, ts: str) -> Result:
    receipt = Receipt(
        result_schema_version=1, fixtures_hash=fixtures_hash, harness_sha="abc", ts=ts,
        cmd_args=[], seed=0, include_holdout=False, llm=False,
    )  # fmt: skip
    cell = ScoreCell(
        suite="know-to-ask", harness="openclaw", seam="production", gold_total=40,
        gold_failed=round(rate * 40), metrics={"know_to_ask_failure_rate": rate}, fixtures=[],
    )  # fmt: skip
    meta = Meta(scorer=scorer_digest())
    return Result(receipt=receipt, cells=[cell], turn_rows=[], seed_failures=[], _meta=meta)


def test_history_never_calls_a_move_across_corpora_better_or_worse(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ledger = tmp_path / "l.jsonl"
    # 0.5 on an old corpus, then 0.1 and 0.2 on a new one: only 0.1 -> 0.2 is a trend.
    for fixtures_hash, rate, ts in (("old", 0.5, "t1"), ("new", 0.1, "t2"), ("new", 0.2, "t3")):
        append_run(ledger, _synthetic(fixtures_hash, rate, ts))
    assert main(["history", "--ledger", str(ledger)]) == 0
    out = capsys.readouterr().out
    assert "| — | break: corpus changed (old -> new) |" in out
    assert "- runs 1-1 are not comparable with run 2" in out
    assert "- know_to_ask_failure_rate: 0.1000 -> 0.2000 (worse)" in out
    assert "0.5000 -> " not in out
    assert main(["history", "--ledger", str(ledger), "--last", "2"]) == 0
    assert "not comparable" not in capsys.readouterr().out  # the break is outside the window
    append_run(ledger, _synthetic("newer", 0.0, "t4"))
    assert main(["history", "--ledger", str(ledger), "--json"]) == 0
    points = json.loads(capsys.readouterr().out)["cells"]["openclaw/know-to-ask"]
    assert [p["break_reason"] is not None for p in points] == [False, True, False, True]
    assert main(["history", "--ledger", str(ledger)]) == 0
    assert "no earlier comparable run shown: no trend yet" in capsys.readouterr().out


def test_update_baseline_keeps_what_the_committed_baseline_covers(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    _private_ledger: Path,
) -> None:
    """A core-suites run may not rewrite a committed baseline holding every suite's cells."""
    committed = tmp_path / "evals" / "brainbench" / "baselines" / "main.json"
    committed.parent.mkdir(parents=True)
    repo_baseline = Path(__file__).resolve().parents[3] / "evals/brainbench/baselines/main.json"
    committed.write_text(repo_baseline.read_text(encoding="utf-8"), encoding="utf-8")
    before = committed.read_bytes()
    monkeypatch.chdir(tmp_path)
    code, _, err = bench(capsys, "--update-baseline")
    assert code == 2
    assert "would rewrite the committed baseline" in err and "--suite all" in err
    assert committed.read_bytes() == before  # nothing was run, nothing written
    assert not _private_ledger.exists()
