"""The repository states its own methodology: no file points at an outside document."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Names of documents outside the repository (built from parts so this file is no match).
OUTSIDE = ("BRAINBENCH" + ".md", "g" + "brain")


def _tracked() -> list[Path]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / name for name in listed.decode().split("\0") if name and name != "uv.lock"]


def test_no_tracked_file_points_outside_the_repository() -> None:
    found = []
    for path in _tracked():
        try:
            text = path.read_text(encoding="utf-8").casefold()
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        where = path.relative_to(ROOT)
        found += [f"{where}: {name}" for name in OUTSIDE if name.casefold() in text]
    assert found == [], "the methodology lives in docs/METHODOLOGY.md: " + "; ".join(found)
