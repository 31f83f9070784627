"""`--workers`, `--shard` and `brainbench merge` give exactly the sequential run's Result."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from bb_adapters.runner import item_id, plan_items
from bb_cli import _workers
from bb_cli._plan import build_plan
from bb_cli._runbench import argv_for_receipt
from bb_cli._shard import ShardSpec, shard_plan, with_out
from bb_cli.main import main
from bb_corpus import load_corpus
from bb_schema import CORE_SUITES, Result

SAMPLES = Path(__file__).resolve().parents[1].parent / "shared" / "interop" / "samples"
CORPUS = ["--fixtures", str(SAMPLES / "fixtures"), "--gold", str(SAMPLES / "gold")]
SHARDS = 3


def _run(out: Path, *extra: str) -> int:
    return main(["run", "--quiet", *CORPUS, "--out", str(out), *extra])


def _stable(path: Path) -> dict[str, Any]:
    """The determinism test's view: everything but the receipt time and the latencies."""
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    result["receipt"].pop("ts")
    for row in result["turn_rows"]:
        row.pop("latency_ms")
    return result


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sequential run plus the three shard documents, in one directory."""
    work = tmp_path_factory.mktemp("scale-out")
    assert _run(work / "sequential.json") == 0
    for index in range(SHARDS):
        assert _run(work / f"shard-{index}.json", "--shard", f"{index}/{SHARDS}") == 0
    return work


def test_workers_give_the_sequential_result(
    runs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spread: list[int] = []
    real = _workers.run_in_workers

    def spy(*args: Any, **kwargs: Any) -> Any:
        spread.append(args[4])
        return real(*args, **kwargs)

    monkeypatch.setattr(_workers, "run_in_workers", spy)
    assert _run(tmp_path / "parallel.json", "--workers", "2") == 0
    assert spread == [2]  # the fixtures really went to two processes
    assert _stable(tmp_path / "parallel.json") == _stable(runs / "sequential.json")


def test_shards_cover_the_plan_once_and_merge_into_the_sequential_result(
    runs: Path, tmp_path: Path
) -> None:
    documents = [json.loads((runs / f"shard-{i}.json").read_text()) for i in range(SHARDS)]
    units = [unit for doc in documents for unit in doc["shard"]["units"]]
    corpus = load_corpus(SAMPLES / "fixtures", SAMPLES / "gold")
    plan = build_plan(corpus, CORE_SUITES)
    assert sorted(units) == sorted(item_id(item) for item in plan_items(plan))
    for doc in documents:  # each slice is a Result of its own
        Result.model_validate(doc["result"])
    merged = tmp_path / "merged.json"
    shards = [str(runs / f"shard-{i}.json") for i in (2, 0, 1)]  # any order
    assert main(["merge", "--quiet", *CORPUS, *shards, "--out", str(merged)]) == 0
    assert _stable(merged) == _stable(runs / "sequential.json")


@pytest.mark.parametrize(
    ("picked", "needle"), [((0, 1), "missing [2]"), ((0, 1, 1, 2), "repeated [1]")]
)
def test_merge_refuses_missing_or_repeated_shards(
    runs: Path, capsys: pytest.CaptureFixture[str], picked: tuple[int, ...], needle: str
) -> None:
    shards = [str(runs / f"shard-{i}.json") for i in picked]
    assert main(["merge", *CORPUS, *shards]) == 2
    assert needle in capsys.readouterr().err


def test_merge_refuses_another_corpus_and_non_shard_files(
    runs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fixtures, gold = tmp_path / "fixtures", tmp_path / "gold"
    shutil.copytree(SAMPLES / "fixtures", fixtures)
    shutil.copytree(SAMPLES / "gold", gold)
    victim = sorted(fixtures.glob("kta-*.fixture.json"))[0]
    victim.write_text(victim.read_text().replace('"text": "', '"text": "Well, ', 1))
    shards = [str(runs / f"shard-{i}.json") for i in range(SHARDS)]
    assert main(["merge", "--fixtures", str(fixtures), "--gold", str(gold), *shards]) == 2
    assert "fixtures_hash" in capsys.readouterr().err
    assert main(["merge", *CORPUS, str(runs / "sequential.json")]) == 2
    assert "not a shard document" in capsys.readouterr().err


def test_shard_slices_partition_the_plan_in_order() -> None:
    corpus = load_corpus(SAMPLES / "fixtures", SAMPLES / "gold")
    plan = build_plan(corpus, CORE_SUITES)
    everything = [item_id(item) for item in plan_items(plan)]
    for count in (1, 2, 3, 5, 50):
        slices = [
            [item_id(item) for item in plan_items(shard_plan(plan, ShardSpec(i, count)))]
            for i in range(count)
        ]
        assert sorted(u for part in slices for u in part) == sorted(everything)
        for part in slices:
            assert part == [u for u in everything if u in part]  # plan order kept


@pytest.mark.parametrize("text", ["2/2", "-1/2", "1", "a/b", "0/0"])
def test_bad_shard_specs_are_usage_errors(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", *CORPUS, "--shard", text, "--out", "/dev/null"]) == 2
    assert "--shard" in capsys.readouterr().err


def test_a_shard_needs_an_out_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", *CORPUS, "--shard", "0/2"]) == 2
    assert "--out" in capsys.readouterr().err


def test_placement_flags_stay_out_of_the_receipt() -> None:
    typed = ["run", "--workers", "4", "--shard=1/3", "--out", "r.json", "--suite", "push"]
    assert argv_for_receipt(typed) == ("run", "--out", "r.json", "--suite", "push")
    assert with_out(("run", "--out", "a.json", "--quiet"), "m.json") == (
        "run",
        "--out",
        "m.json",
        "--quiet",
    )
    assert with_out(("run", "--out=a.json"), None) == ("run",)


@pytest.mark.parametrize(("value", "ok"), [("1", True), ("auto", True), ("0", False), ("x", False)])
def test_worker_counts(value: str, ok: bool) -> None:
    if ok:
        assert _workers.resolve_workers(value) >= 1
    else:
        with pytest.raises(ValueError):
            _workers.resolve_workers(value)
