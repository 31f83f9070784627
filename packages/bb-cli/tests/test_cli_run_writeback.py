"""`brainbench run` write-back through the whole stack: suite filters and extractor modes.

A continuity writer that declares write-back is scored exactly once whatever ``--suite``
selects, so its gold facts count the same with and without continuity.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from bb_cli.main import main

SAMPLES = Path(__file__).resolve().parents[3].parent / "shared" / "interop" / "samples"


def _run(tmp_path: Path, *extra: str) -> dict[str, Any]:
    out = tmp_path / "result.json"
    code = main(
        [
            "run",
            "--quiet",
            "--fixtures",
            str(SAMPLES / "fixtures"),
            "--gold",
            str(SAMPLES / "gold"),
            "--harness",
            "openclaw,codex",
            "--out",
            str(out),
            *extra,
        ]
    )
    assert code == 0
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return result


def _writeback_cells(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [cell for cell in result["cells"] if cell["suite"] == "write-back"]


@pytest.mark.parametrize("extractor", ["gold", "rules"])
def test_write_back_cell_is_the_same_with_and_without_continuity(
    tmp_path: Path, extractor: str
) -> None:
    alone = _run(tmp_path, "--suite", "write-back", "--extractor", extractor)
    both = _run(tmp_path, "--suite", "write-back,continuity", "--extractor", extractor)
    cells = _writeback_cells(alone)
    assert [c["harness"] for c in cells] == ["openclaw", "codex"]
    # wb-001's three gold facts plus the continuity writer's one.
    assert [c["gold_total"] for c in cells] == [4, 4]
    assert cells == _writeback_cells(both)
    assert "cont-001-widget-pass-writer" in cells[0]["fixtures"]
    assert {c["suite"] for c in both["cells"]} == {"write-back", "continuity"}
    failed = [i for i in alone["_meta"]["failed_items"] if i["suite"] == "write-back"]
    assert failed == [i for i in both["_meta"]["failed_items"] if i["suite"] == "write-back"]


def test_extraction_metrics_show_for_rules_only(tmp_path: Path) -> None:
    gold = _writeback_cells(_run(tmp_path, "--suite", "write-back"))[0]["metrics"]
    rules = _writeback_cells(_run(tmp_path, "--suite", "write-back", "--extractor", "rules"))
    assert set(gold) == {"write_back_fidelity", "provenance_accuracy"}
    assert gold["write_back_fidelity"] == gold["provenance_accuracy"] == 1.0
    metrics = rules[0]["metrics"]
    assert {"extraction_recall", "extraction_precision"} <= set(metrics)
    assert 0.0 <= metrics["extraction_recall"] <= 1.0
    assert 0.0 <= metrics["extraction_precision"] <= 1.0
    assert rules[0]["metrics"] == rules[1]["metrics"]
