"""Teeth, proven on the committed corpus: trivial and broken systems fail every suite they can.

* ``always-silent`` has no memory path at all (no injection, no recall): it must fail
  know-to-ask, push recall and continuity.
* ``inject-all`` pushes every page of the active source on every turn, without recall: it must
  fail false fire and precision, and carry no decision over (pages existed before the writer
  spoke).
* A memory whose write-back stores nothing must fail write-back and continuity on every row.

"Fail" is measured against the pre-registered floors (``bb_gate.FLOORS``) where a floor
applies to the row, and by the numbers themselves where none does.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from bb_brain.engine import Engine
from bb_cli.main import main
from bb_gate import FLOORS, baseline_from_result, check_floors, load_result
from bb_schema.turn_context import WriteBackRequest, WriteBackResponse, conversation_slug

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "evals" / "brainbench"


def _run(tmp_path: Path, name: str, *argv: str) -> tuple[int, dict[str, dict[str, float]], Path]:
    out = tmp_path / f"{name}.json"
    code = main(
        [
            "run",
            "--quiet",
            "--fixtures",
            str(CORPUS / "fixtures"),
            "--gold",
            str(CORPUS / "gold"),
            "--ledger",
            str(tmp_path / "ledger.jsonl"),
            "--out",
            str(out),
            *argv,
        ]
    )
    document: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    cells = {f"{c['harness']}/{c['suite']}": c["metrics"] for c in document["cells"]}
    return code, cells, out


@pytest.fixture(scope="module")
def trivial(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, dict[str, float]], Path]:
    tmp = tmp_path_factory.mktemp("teeth")
    code, cells, out = _run(tmp, "trivial", "--harness", "always-silent,inject-all")
    assert code == 0  # nothing here breaks an invariant: the rows fail on their merits
    return cells, out


def test_always_silent_fails_know_to_ask_push_recall_and_continuity(
    trivial: tuple[dict[str, dict[str, float]], Path],
) -> None:
    cells, _ = trivial
    assert cells["always-silent/know-to-ask"]["know_to_ask_failure_rate"] == 1.0
    assert cells["always-silent/push"]["push_recall"] == 0.0
    continuity = cells["always-silent/continuity"]
    assert continuity["continuity_rate"] == continuity["continuity_push_rate"] == 0.0
    assert continuity["know_to_ask_failure_rate"] == 1.0  # the reader's own turns too
    assert "recall_cuts" not in continuity  # no recall path at all


def test_inject_all_fails_false_fire_and_precision_and_carries_nothing_over(
    trivial: tuple[dict[str, dict[str, float]], Path],
) -> None:
    cells, _ = trivial
    false_fire = next(f.bound for f in FLOORS if f.metric == "false_fire_rate")
    precision = next(f.bound for f in FLOORS if f.metric == "push_precision")
    assert cells["inject-all/know-to-ask"]["false_fire_rate"] > false_fire
    assert cells["inject-all/push"]["push_precision"] < precision
    assert cells["inject-all/push"]["spurious_injections"] > 0
    continuity = cells["inject-all/continuity"]
    assert continuity["continuity_rate"] == 0.0
    assert continuity["false_fire_rate"] > false_fire


def test_the_floors_reject_both_rows_in_every_suite_they_can(
    trivial: tuple[dict[str, dict[str, float]], Path],
) -> None:
    _, out = trivial
    broken = {(v.cell, v.metric) for v in check_floors(baseline_from_result(load_result(out)))}
    assert ("always-silent/know-to-ask", "know_to_ask_failure_rate") in broken
    assert ("always-silent/continuity", "continuity_rate") in broken
    assert ("inject-all/know-to-ask", "false_fire_rate") in broken
    assert ("inject-all/push", "push_precision") in broken
    assert ("inject-all/continuity", "continuity_rate") in broken


def _store_nothing(self: Engine, request: WriteBackRequest) -> WriteBackResponse:
    return WriteBackResponse(
        conversation_slug=conversation_slug(request.session_id), segments=1, facts_written=0
    )


def test_a_memory_that_stores_nothing_fails_write_back_and_continuity(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Engine, "write_back", _store_nothing)
    code, cells, _ = _run(
        tmp_path, "nothing", "--harness", "openclaw,codex", "--suite", "write-back,continuity"
    )
    assert code == 0
    for harness in ("openclaw", "codex"):
        assert cells[f"{harness}/write-back"]["write_back_fidelity"] == 0.0
        assert cells[f"{harness}/continuity"]["continuity_rate"] == 0.0
        assert cells[f"{harness}/continuity"]["continuity_push_rate"] == 0.0
