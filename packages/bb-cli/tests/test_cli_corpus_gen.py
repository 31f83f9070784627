from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from bb_cli.main import main
from bb_corpus import load_corpus

REPO = Path(__file__).resolve().parents[3]
EVALS = REPO / "evals" / "brainbench"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_gen_writes_a_corpus_that_validates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "corpus", "gen", "--seed", "5", "--out", str(tmp_path), "--json")
    assert code == 0
    envelope = json.loads(out)
    assert envelope["ok"] and envelope["seed"] == 5 and envelope["fixtures"] > 300
    dirs = ["--fixtures", str(tmp_path / "fixtures"), "--gold", str(tmp_path / "gold")]
    code, out, _ = run(capsys, "corpus", "validate", *dirs, "--json")
    assert code == 0 and json.loads(out)["fixtures_hash"] == envelope["fixtures_hash"]


def test_gen_into_a_file_is_a_corpus_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "file"
    target.write_text("x", encoding="utf-8")
    code, out, _ = run(capsys, "corpus", "gen", "--out", str(target), "--json")
    assert code == 2 and json.loads(out)["error"]["kind"] == "corpus"


def test_sample_then_agreement_round_trip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for kind in ("fixtures", "gold"):
        shutil.copytree(EVALS / kind, tmp_path / kind)
    dirs = ["--fixtures", str(tmp_path / "fixtures"), "--gold", str(tmp_path / "gold")]
    sheet = tmp_path / "sheet.json"
    code, out, _ = run(capsys, "corpus", "sample", *dirs, "--out", str(sheet), "--json")
    assert code == 0 and json.loads(out)["items"] > 20
    corpus = load_corpus(tmp_path / "fixtures", tmp_path / "gold")
    labels = {"items": {}}  # a labeller who answered nothing disagrees wherever gold speaks
    (tmp_path / "labels.json").write_text(json.dumps(labels), encoding="utf-8")
    receipt = tmp_path / "receipt.json"
    code, out, err = run(
        capsys, "corpus", "agreement", *dirs, "--sample", str(sheet),
        "--labels", str(tmp_path / "labels.json"), "--receipt", str(receipt),
        "--date", "2026-03-09",
    )  # fmt: skip
    assert code == 0
    assert "should_retrieve" in out and "disagree" in out
    document = json.loads(receipt.read_text(encoding="utf-8"))
    assert document["date"] == "2026-03-09"
    assert document["fixtures_hash"] == corpus.core_fixtures_hash  # the double-label scope
    assert document["disagreements"] and "receipt written" in err


def test_agreement_with_a_missing_labels_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys, "corpus", "agreement", "--sample", str(tmp_path / "a.json"),
        "--labels", str(tmp_path / "b.json"), "--json",
        "--fixtures", str(EVALS / "fixtures"), "--gold", str(EVALS / "gold"),
    )  # fmt: skip
    assert code == 2
    assert "cannot read the sample worksheet" in json.loads(out)["error"]["message"]


def test_another_seed_may_not_overwrite_the_committed_corpus(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Without --out, a seed other than the committed one would replace the committed corpus."""
    monkeypatch.chdir(tmp_path)  # the default --out, evals/brainbench, relative to here
    assert main(["corpus", "gen", "--seed", "42"]) == 2
    err = capsys.readouterr().err
    assert "would overwrite the committed corpus" in err and "--out" in err
    assert not (tmp_path / "evals").exists()
