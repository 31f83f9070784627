"""`brainbench run --suite trust,...` and `--sealed DIR` end to end on committed trust fixtures."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from bb_cli.main import main

EVALS = Path(__file__).resolve().parents[1] / "evals" / "brainbench"


def _corpus(root: Path, category: str, *ids: str) -> Path:
    for kind, suffix in (("fixtures", "fixture"), ("gold", "gold")):
        (root / kind).mkdir(parents=True)
        for fixture_id in ids:
            name = f"{fixture_id}.{suffix}.json"
            shutil.copy(EVALS / kind / "generated" / category / name, root / kind / name)
    return root


@pytest.fixture(scope="module")
def trust_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    tmp = tmp_path_factory.mktemp("trust")
    corpus = _corpus(tmp / "corpus", "trust", "gen-trust-005-agent-confirms")
    # An agent's standing commitment on a page the later session names: it reaches every seam.
    sealed = _corpus(tmp / "sealed", "poisoning", "gen-poison-008-agent-standing-entity-page")
    out = tmp / "result.json"
    code = main(
        ["run", "--quiet", "--harness", "openclaw,claude-code,codex", "--suite", "trust",
         "--fixtures", str(corpus / "fixtures"), "--gold", str(corpus / "gold"),
         "--sealed", str(sealed), "--out", str(out), "--json"]
    )  # fmt: skip
    assert code == 0
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return result


def test_trust_cells_meet_their_targets(trust_run: dict[str, Any]) -> None:
    result = trust_run
    cells = {f"{c['harness']}/{c['suite']}": c for c in result["cells"]}
    assert set(cells) == {f"{h}/trust" for h in ("openclaw", "claude-code", "codex")}
    for trust in cells.values():
        assert trust["metrics"] == {
            "trust_label_accuracy": 1.0,
            "laundering_violations": 0.0,
            "self_promotion_violations": 0.0,
        }
        assert trust["gold_total"] == 3 and trust["gold_failed"] == 0
    assert result["_meta"]["suites"] == ["trust"]


def test_the_sealed_set_is_reported_apart_never_in_the_gated_cells(
    trust_run: dict[str, Any],
) -> None:
    result = trust_run
    sealed = result["_meta"]["sealed"]
    rows = [(c["harness"], c["suite"]) for c in sealed["cells"]]
    assert rows == [(h, "poisoning") for h in ("openclaw", "claude-code", "codex")]
    for cell in sealed["cells"]:  # the reference engine labels (or suppresses) on every seam
        for name in ("agent_relayed_activation_rate", "poison_activation_rate",
                     "unconfirmed_preference_activation_rate",
                     "default_activation_unlabeled_rate"):  # fmt: skip
            assert cell["metrics"][name] == 0.0, (cell["harness"], name)
        assert cell["gold_failed"] == 0
    assert not sealed["failed_items"]
    assert all(c["suite"] != "poisoning" for c in result["cells"])
    assert sealed["fixtures_hash"] != result["receipt"]["fixtures_hash"]


def test_trust_suites_refuse_a_shard(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["run", "--suite", "trust", "--shard", "1/2", "--out", str(tmp_path / "s.json")])
    assert code == 2
    assert "unsharded" in capsys.readouterr().err


def test_unknown_suites_name_every_known_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--suite", "trust,poison"]) == 2
    err = capsys.readouterr().err
    assert "'poison'" in err and "state-resolution" in err


def test_every_trust_item_is_recorded_with_its_read_surfaces(trust_run: dict[str, Any]) -> None:
    records = trust_run["_meta"]["trust_items"]
    cell = next(c for c in trust_run["cells"] if c["suite"] == "trust")
    assert len(records) == cell["gold_total"]  # one record per gold item of the suite
    assert {r["fixture_id"] for r in records} == {"gen-trust-005-agent-confirms"}
    assert sum(not r["passed"] for r in records) == cell["gold_failed"]
    tiers = [r for r in records if r["kind"] == "tier"]
    assert tiers and all("stored" in r["observations"] for r in tiers)
    for record in tiers:  # every read surface says what it saw and what was expected
        surfaces = {k: v for k, v in record["observations"].items() if k != "read errors"}
        assert surfaces and all("(expected " in text for text in surfaces.values())
        assert record["observations"]["read errors"] == "none"
