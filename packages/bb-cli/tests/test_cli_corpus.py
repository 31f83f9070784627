from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from bb_cli.main import main
from bb_corpus import load_corpus

REPO = Path(__file__).resolve().parents[3]
SAMPLES = REPO.parent / "shared" / "interop" / "samples"
SAMPLE_ARGS = ["--fixtures", str(SAMPLES / "fixtures"), "--gold", str(SAMPLES / "gold")]
WB = "wb-001-pricing-concern"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def envelope(stdout: str) -> Any:
    """stdout must be exactly one JSON document."""
    return json.loads(stdout)


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """A sample copy whose write-back fixture has a corrupted timestamp field."""
    root = tmp_path / "broken"
    shutil.copytree(SAMPLES, root)
    path = root / "fixtures" / f"{WB}.fixture.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["turns"][1]["ts"] = 1700000000
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return root


def test_validate_samples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "corpus", "validate", *SAMPLE_ARGS)
    corpus_hash = load_corpus(SAMPLES / "fixtures", SAMPLES / "gold").fixtures_hash
    assert code == 0
    assert out == f"7 fixtures (15 gold turns, 0 holdout) ok\nfixtures_hash: {corpus_hash}\n"
    assert err == ""


@pytest.mark.parametrize("where", ["after", "before"])
def test_validate_json(capsys: pytest.CaptureFixture[str], where: str) -> None:
    argv = ["corpus", "validate", *SAMPLE_ARGS, "--json"]
    if where == "before":
        argv = ["--json", *argv[:-1]]
    code, out, err = run(capsys, *argv)
    assert code == 0
    assert envelope(out) == {
        "ok": True,
        "fixtures": 7,
        "gold_turns": 15,
        "holdout": 0,
        "continuity_pairs": 1,
        "fixtures_hash": load_corpus(SAMPLES / "fixtures", SAMPLES / "gold").fixtures_hash,
    }
    assert err == ""


def test_hash_prints_only_the_hash(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "corpus", "hash", *SAMPLE_ARGS)
    assert code == 0
    assert out == load_corpus(SAMPLES / "fixtures", SAMPLES / "gold").fixtures_hash + "\n"
    code, out_json, _ = run(capsys, "corpus", "hash", *SAMPLE_ARGS, "--json")
    assert code == 0
    assert envelope(out_json) == {"ok": True, "fixtures_hash": out.strip()}


def test_invalid_corpus_exits_2_naming_file_and_field(
    capsys: pytest.CaptureFixture[str], broken: Path
) -> None:
    fixtures, gold = broken / "fixtures", broken / "gold"
    code, out, err = run(
        capsys, "corpus", "validate", "--fixtures", str(fixtures), "--gold", str(gold)
    )
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert lines[0].startswith("brainbench: error: corpus is invalid (1 error)")
    assert lines[1].startswith(f"{(fixtures / f'{WB}.fixture.json').as_posix()}: turns[1].ts: ")
    assert "expected a valid string, got 1700000000" in lines[1]
    assert "Traceback" not in err


def test_invalid_corpus_json_envelope(capsys: pytest.CaptureFixture[str], broken: Path) -> None:
    fixtures, gold = broken / "fixtures", broken / "gold"
    code, out, err = run(
        capsys, "corpus", "hash", "--json", "--fixtures", str(fixtures), "--gold", str(gold)
    )
    assert code == 2
    doc = envelope(out)
    assert set(doc) == {"error"}
    assert doc["error"]["kind"] == "corpus"
    assert doc["error"]["message"].startswith("corpus is invalid (1 error)")
    assert doc["error"]["errors"] == [
        {
            "file": (fixtures / f"{WB}.fixture.json").as_posix(),
            "path": "turns[1].ts",
            "message": "expected a valid string, got 1700000000",
        }
    ]
    assert "turns[1].ts" in err


def test_error_output_is_deterministic(capsys: pytest.CaptureFixture[str], broken: Path) -> None:
    argv = ["corpus", "validate", "--json", "--fixtures", str(broken / "fixtures")]
    argv += ["--gold", str(broken / "gold")]
    (broken / "gold" / f"{WB}.gold.json").unlink()
    first = run(capsys, *argv)
    assert first == run(capsys, *argv)
    assert len(envelope(first[1])["error"]["errors"]) == 2


def test_defaults_are_relative_to_the_current_directory(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(SAMPLES, tmp_path / "evals" / "brainbench")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "corpus", "validate")
    assert code == 0
    assert out.startswith("7 fixtures (15 gold turns, 0 holdout) ok\n")


def test_missing_default_directories(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "corpus", "validate")
    assert code == 2
    assert out == ""
    assert "evals/brainbench/fixtures: $: fixture directory does not exist" in err
    assert "evals/brainbench/gold: $: gold directory does not exist" in err


def test_console_entry_point_in_a_subprocess() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "bb_cli", "corpus", "validate", *SAMPLE_ARGS],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
        timeout=60,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.startswith("7 fixtures (15 gold turns, 0 holdout) ok\nfixtures_hash: ")


@pytest.mark.parametrize("command", [["corpus", "validate"], ["run", "--quiet"]])
def test_gold_that_cannot_be_scored_is_a_corpus_error_in_validate_and_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    root = tmp_path / "corpus"
    shutil.copytree(SAMPLES, root)
    gold = root / "gold" / "kta-001-deal-recall.gold.json"
    doc = json.loads(gold.read_text(encoding="utf-8"))
    doc["turns"]["2"] = {"should_retrieve": False}  # turn 2 is the assistant's
    gold.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    argv = [*command, "--fixtures", str(root / "fixtures"), "--gold", str(root / "gold")]
    code, out, err = (
        run(capsys, *argv, "--ledger", str(tmp_path / "l"))
        if "run" in command
        else (run(capsys, *argv))
    )
    assert code == 2
    assert f'{gold.as_posix()}: turns["2"]: gold on assistant turn 2' in err
    assert "Traceback" not in err
