"""docs/METHODOLOGY.md quotes the committed baseline, and cannot drift from it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from bb_cli.main import main

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "METHODOLOGY.md"
#: As the command's default names it, from the repository root (the block quotes the path).
BASELINE = Path("evals") / "brainbench" / "baselines" / "main.json"


@pytest.fixture(autouse=True)
def _at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def _docs(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["docs", "methodology", *argv])
    return code, capsys.readouterr().err


def test_the_observed_numbers_match_the_committed_baseline(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, err = _docs(capsys, "--check", "--doc", str(DOC), "--baseline", str(BASELINE))
    assert code == 0, err


def test_a_drifted_number_fails_the_check_and_write_restores_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = tmp_path / "METHODOLOGY.md"
    shutil.copy(DOC, doc)
    text = doc.read_text(encoding="utf-8")
    marker = "| openclaw/write-back |"
    assert marker in text
    doc.write_text(text.replace(marker, "| openclaw/write-back (edited) |"), encoding="utf-8")
    args = ("--doc", str(doc), "--baseline", str(BASELINE))
    code, err = _docs(capsys, "--check", *args)
    assert code == 1 and "differ from" in err
    assert _docs(capsys, "--write", *args)[0] == 0
    assert doc.read_text(encoding="utf-8") == text
    assert _docs(capsys, "--check", *args)[0] == 0


def test_a_document_without_the_markers_is_a_config_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = tmp_path / "METHODOLOGY.md"
    doc.write_text("# no markers here\n", encoding="utf-8")
    code, err = _docs(capsys, "--check", "--doc", str(doc), "--baseline", str(BASELINE))
    assert code == 2 and "observed:begin" in err and "Traceback" not in err
