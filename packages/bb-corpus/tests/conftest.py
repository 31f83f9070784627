from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[3]
SAMPLES = REPO.parent / "shared" / "interop" / "samples"


@dataclass
class CorpusDirs:
    """A writable copy of the interop samples."""

    root: Path

    @property
    def fixtures(self) -> Path:
        return self.root / "fixtures"

    @property
    def gold(self) -> Path:
        return self.root / "gold"

    def fixture_path(self, fixture_id: str) -> Path:
        return self.fixtures / f"{fixture_id}.fixture.json"

    def gold_path(self, fixture_id: str) -> Path:
        return self.gold / f"{fixture_id}.gold.json"

    def edit(self, path: Path, change: Callable[[Any], object]) -> None:
        """Apply an in-place change to the parsed document (its return value is ignored)."""
        doc = json.loads(path.read_text(encoding="utf-8"))
        change(doc)
        path.write_text(json.dumps(doc, indent=2), encoding="utf-8")

    def edit_fixture(self, fixture_id: str, change: Callable[[Any], object]) -> None:
        self.edit(self.fixture_path(fixture_id), change)

    def edit_gold(self, fixture_id: str, change: Callable[[Any], object]) -> None:
        self.edit(self.gold_path(fixture_id), change)


def copy_samples(root: Path) -> CorpusDirs:
    shutil.copytree(SAMPLES, root)
    return CorpusDirs(root)


@pytest.fixture
def samples() -> CorpusDirs:
    """The read-only interop samples in place."""
    return CorpusDirs(SAMPLES)


@pytest.fixture
def corpus(tmp_path: Path) -> CorpusDirs:
    """A fresh writable copy of the samples."""
    return copy_samples(tmp_path / "corpus")


@pytest.fixture
def copy_to() -> Callable[[Path], CorpusDirs]:
    return copy_samples
