"""Anyone can re-score write-back and continuity from the Result alone.

An independent scorer, written here from the methodology and nothing in bb_score, reads
``_meta.fact_rows`` and ``_meta.decision_rows`` (plus the fixture files, to re-derive the
segmentation the gold implies) and must reproduce every write-back and continuity cell, on a
clean run and on runs whose write path was broken (dedup off, one segment per turn), so the
rows carry failures of every kind.
"""

from __future__ import annotations

import itertools
import json
import shutil
import unicodedata
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from bb_cli.main import main
from bb_schema import PublicTurn

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "evals" / "brainbench"
#: Write-back conversations (one and two segments, with and without a restatement) and pairs.
SLICE = (
    "gen-wb-001",
    "gen-wb-002",
    "gen-wb-003",
    "gen-wb-004",
    "gen-cont-003-writer",
    "gen-cont-003-reader",
    "gen-cont-004-writer",
    "gen-cont-004-reader",
)


def _fold(text: str) -> str:
    """Case folded and in NFC, as the methodology matches keywords."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", text).casefold())


def _holds(text: str, keywords: list[str]) -> bool:
    return all(_fold(keyword) in _fold(text) for keyword in keywords)


def _segment_numbers(fixture: dict[str, Any]) -> dict[int, int]:
    """turn id -> 1-based segment: a gap of more than 30 minutes since the previous stamp."""
    number, previous, out = 1, None, {}
    for turn in fixture["turns"]:
        when = datetime.fromisoformat(turn["ts"].replace("Z", "+00:00")) if "ts" in turn else None
        if when is not None and previous is not None and when - previous > timedelta(minutes=30):
            number += 1
        out[turn["turn_id"]] = number
        previous = when or previous
    return out


def _fixture(fixture_id: str) -> dict[str, Any]:
    (path,) = sorted((CORPUS / "fixtures").rglob(f"{fixture_id}.fixture.json"))
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def rescore_writeback(rows: list[dict[str, Any]]) -> tuple[dict[str, float], int, int]:
    """(metrics, gold_total, gold_failed) of a write-back cell from its fact rows."""
    kept, right = [], []
    for row in rows:
        fixture = _fixture(row["fixture_id"])
        segment = _segment_numbers(fixture)[row["turn_ids"][0]]
        assert row["expected"]["source_session"] == f"{row['fixture_id']}#{segment}"
        assert row["expected"]["source_markdown_slug"] == f"conversations/{row['fixture_id']}"
        stored = row.get("matched")
        if (
            stored is not None
            and stored["status"] == "active"
            and stored.get("entity_slug") == row.get("entity_slug")
            and _holds(stored["fact"], row["match_keywords"])
            and row["times_stored"] == 1
        ):
            kept.append(row)
            stamp = (
                stored["source"],
                stored.get("source_session"),
                stored.get("source_markdown_slug"),
            )
            want = row["expected"]
            if stamp == (want["source"], want["source_session"], want["source_markdown_slug"]):
                right.append(row)
        assert row["passed"] == (row in right)
    metrics = {"write_back_fidelity": len(kept) / len(rows)}
    if kept:
        metrics["provenance_accuracy"] = len(right) / len(kept)
    return metrics, len(rows), len(rows) - len(right)


def rescore_continuity(rows: list[dict[str, Any]]) -> dict[str, float]:
    """continuity_rate and continuity_push_rate of a continuity cell from its decision rows."""
    arrived = pushed = 0
    for row in rows:
        by_push = row.get("pushed_text") is not None and _holds(
            row["pushed_text"], row["match_keywords"]
        )
        recalled = row.get("recalled")
        active = _fixture(row["reader_fixture_id"]).get("active_source", "default")
        by_recall = (
            row["recall_available"]
            and recalled is not None
            and recalled["source"] == active
            and recalled.get("entity_slug") in row["expected_slugs"]
            and _holds(recalled["fact"], row["match_keywords"])
        )
        arrived += by_push or by_recall
        pushed += by_push
        assert row["passed"] == (by_push or by_recall)
    return {"continuity_rate": arrived / len(rows), "continuity_push_rate": pushed / len(rows)}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("rescore")
    for kind, suffix in (("fixtures", ".fixture.json"), ("gold", ".gold.json")):
        (root / kind).mkdir()
        for fixture_id in SLICE:
            (found,) = sorted((CORPUS / kind).rglob(fixture_id + suffix))
            shutil.copy(found, root / kind / found.name)
    return root


def _per_turn(turns: list[PublicTurn], *_: object) -> list[Any]:
    from bb_brain.writeback import Segment

    return [Segment(index, (turn,)) for index, turn in enumerate(turns)]


_UNIQUE = itertools.count()


def _never_equal(text: str) -> str:
    """A normalisation under which no two facts are ever the same: dedup does nothing."""
    return f"{text}\x00{next(_UNIQUE)}"


BREAKS: dict[str, dict[str, Any]] = {
    "clean": {},
    "dedup-off": {"bb_brain.writeback._pipeline.normalise_fact": _never_equal},
    "segment-per-turn": {"bb_brain.writeback._pipeline.segment_turns": _per_turn},
}


@pytest.mark.parametrize("broken", sorted(BREAKS))
def test_write_back_and_continuity_cells_re_score_from_the_result_alone(
    broken: str, corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for target, replacement in BREAKS[broken].items():
        monkeypatch.setattr(target, replacement)
    out = tmp_path / "result.json"
    argv = ["run", "--quiet", "--fixtures", str(corpus / "fixtures"), "--gold"]
    argv += [str(corpus / "gold"), "--ledger", str(tmp_path / "l"), "--out", str(out)]
    argv += ["--harness", "openclaw,always-silent", "--suite", "write-back,continuity"]
    assert main(argv) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    fact_rows, decision_rows = result["_meta"]["fact_rows"], result["_meta"]["decision_rows"]
    failed = 0
    for cell in result["cells"]:
        harness = cell["harness"]
        if cell["suite"] == "write-back":
            rows = [row for row in fact_rows if harness in row["harnesses"]]
            metrics, total, failing = rescore_writeback(rows)
            assert {k: cell["metrics"][k] for k in metrics} == pytest.approx(metrics)
            assert (cell["gold_total"], cell["gold_failed"]) == (total, failing)
            failed += failing
        elif cell["suite"] == "continuity":
            rows = [row for row in decision_rows if row["harness"] == harness]
            expected = rescore_continuity(rows)
            assert {k: cell["metrics"][k] for k in expected} == pytest.approx(expected)
    # the broken write paths leave failures to re-score; the clean one none
    assert (failed == 0) == (broken == "clean")
