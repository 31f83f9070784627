"""The loader benchmark's synthetic corpus is one the corpus loader accepts.

The benchmark is run by hand (``nox -s bench``), never by the test command: a rule the
loader gains must not leave it measuring an error.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from bb_corpus import load_corpus

LOADER = Path(__file__).resolve().parents[1] / "benchmarks" / "loader.py"


def _loader_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("loader_benchmark", LOADER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_synthetic_corpus_loads(tmp_path: Path) -> None:
    fixtures, gold = _loader_benchmark().write_corpus(tmp_path, 40)  # every shape, 4 times
    corpus = load_corpus(fixtures, gold)
    assert len(corpus.fixtures) == 40
