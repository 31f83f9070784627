"""`brainbench run` gate flags, the run ledger and `brainbench history`, on the interop samples."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from bb_brain.engine import Engine
from bb_cli.main import main
from bb_gate import baseline_from_result, dump_baseline, load_baseline, load_result, parse_baseline
from bb_schema.turn_context import TurnContextRequest, TurnContextResponse

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
    expected = dump_baseline(baseline_from_result(load_result(result)))
    assert baseline.read_bytes() == expected
    assert sorted(p.name for p in baseline.parent.iterdir()) == ["main.json"]  # no temp left


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


def test_allow_regression_passes_locally_and_records_the_reason(
    capsys: pytest.CaptureFixture[str],
    banked: tuple[Path, Path],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setattr(Engine, "turn_context", _silent)
    verdict = tmp_path / "v.json"
    code, out, _ = bench(
        capsys,
        "--compare",
        str(banked[1]),
        "--allow-regression",
        "bisecting the reflex",
        "--verdict-out",
        str(verdict),
    )
    assert code == 0
    assert "allowed regression (local): bisecting the reflex" in out
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
    capsys: pytest.CaptureFixture[str], banked: tuple[Path, Path]
) -> None:
    code, out, _ = bench(capsys, "--compare", str(banked[1]), "--suite", "push", "--json")
    assert code == 2
    doc = json.loads(out)
    assert doc["error"]["kind"] == "inconclusive"
    assert doc["error"]["errors"][0]["detail"] == "suite set differs: numbers are not comparable"


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
