"""The foreign-system seam's failure modes, against small fake peers over real sockets.

A foreign server that returns more than the budget is cut and counted; one that returns slugs
it was never seeded with is scored as wrong injections (false fires, lost precision, isolation
violations), by name; one that is slower than the call deadline, or dies mid-run, ends the
run with exit 2 and a message naming the row, the fixture and the failed call. None of them
passes silently.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from bb_adapters import SystemUnderTestError
from bb_adapters.delivery import delivery_factory
from bb_adapters.plan import Plan, Unit
from bb_adapters.runner import RunSettings, SystemRunner
from bb_adapters.seams import foreign
from bb_cli.main import main
from bb_schema import Fixture
from bb_schema.rpc import BoundServer, MemoryClient

SECRET = "fake-foreign-secret"
FAKE_SCRIPT = Path(__file__).with_name("_foreign_fake.py")


def _load_fake() -> ModuleType:
    """The fake peer, loaded by path: it is also run as a script, in its own process."""
    spec = importlib.util.spec_from_file_location("_foreign_fake", FAKE_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


_fake = _load_fake()
UNKNOWN_SLUG: str = _fake.UNKNOWN_SLUG
FakeForeign = _fake.FakeForeign
serve = _fake.serve


def _page(slug: str, title: str, source: str | None = None) -> dict[str, Any]:
    page: dict[str, Any] = {"slug": slug, "content": f"---\ntitle: {title}\n---\n\n{title}.\n"}
    if source is not None:
        page["source_id"] = source
    return page


def _fixture(fixture_id: str) -> dict[str, Any]:
    return {
        "schema_version": 1,
        "fixture_id": fixture_id,
        "suites": ["know-to-ask", "push"],
        "sources": ["other"],
        "seed_pages": [
            _page("people/alice-example", "Alice Example"),
            _page("companies/widget-co", "Widget Co"),
            _page("people/carol-example", "Carol Example"),
            _page("people/dan-example", "Dan Example"),
            _page("people/erin-example", "Erin Example"),
            _page("people/zed-other", "Zed Other", source="other"),
        ],
        "turns": [
            {"turn_id": 1, "role": "user", "text": "What did Alice Example say about Widget Co?"},
            {"turn_id": 2, "role": "user", "text": "Thanks, that helps."},
        ],
    }


GOLD_TURNS = {
    "1": {"should_retrieve": True, "gold_slugs": ["people/alice-example", "companies/widget-co"]},
    "2": {"should_retrieve": False},
}


@pytest.fixture
def corpus(tmp_path: Path) -> tuple[Path, Path]:
    fixtures, gold = tmp_path / "fixtures", tmp_path / "gold"
    fixtures.mkdir()
    gold.mkdir()
    for fixture_id in ("fs-001", "fs-002"):
        document = json.dumps(_fixture(fixture_id))
        (fixtures / f"{fixture_id}.fixture.json").write_text(document, encoding="utf-8")
        gold_doc = json.dumps({"fixture_id": fixture_id, "turns": GOLD_TURNS})
        (gold / f"{fixture_id}.gold.json").write_text(gold_doc, encoding="utf-8")
    return fixtures, gold


@pytest.fixture
def socket_dir() -> Iterator[Path]:
    # sun_path holds 107 bytes: keep sockets out of pytest's long tmp paths.
    short = Path(tempfile.mkdtemp(prefix="bb-fs-", dir="/tmp"))
    yield short
    shutil.rmtree(short, ignore_errors=True)


@pytest.fixture
def fakes(socket_dir: Path) -> Iterator[dict[str, str]]:
    """Two fakes served in-process: over-budget and unknown-slug; name -> target."""
    servers: list[BoundServer] = []
    targets: dict[str, str] = {}
    for mode in ("over-budget", "unknown"):
        path = socket_dir / f"{mode}.sock"
        servers.append(serve(FakeForeign(mode), path, SECRET))
        targets[mode] = f"unix:{path}"
    yield targets
    for server in servers:
        server.stop(None)


def _run(
    corpus: tuple[Path, Path], harness: str, out: Path, *extra: str
) -> tuple[int, dict[str, Any] | None]:
    fixtures, gold = corpus
    argv = ["run", "--quiet", "--fixtures", str(fixtures), "--gold", str(gold)]
    argv += ["--harness", harness, "--suite", "know-to-ask,push", "--out", str(out), *extra]
    code = main(argv)
    return code, json.loads(out.read_text(encoding="utf-8")) if out.exists() else None


def _cells(result: dict[str, Any]) -> dict[str, dict[str, float]]:
    return {f"{c['harness']}/{c['suite']}": c["metrics"] for c in result["cells"]}


def test_over_budget_is_cut_and_counted_and_unknown_slugs_score_as_wrong(
    corpus: tuple[Path, Path],
    fakes: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("BRAINBENCH_FOREIGN_SECRET", SECRET)
    harness = f"grpc:over={fakes['over-budget']},grpc:unknown={fakes['unknown']}"
    code, result = _run(corpus, harness, tmp_path / "result.json")
    # Both break a zero-gated invariant (the budget, source isolation): the run exits 1 with
    # the offending items listed, no baseline needed; the Result is still written.
    assert code == 1 and result is not None
    err = capsys.readouterr().err
    assert "zero-gated invariant breached: over/know-to-ask pointer_budget_cuts = 12" in err
    assert "zero-gated invariant breached: unknown/know-to-ask source_isolation_violations" in err
    assert "people/zed-other" in err
    cells = _cells(result)

    # over-budget: six pointers a turn, the seam allows three; 3 cut on each of 4 turns.
    assert result["_meta"]["budget_cuts"]["over"] == 12
    assert cells["over/know-to-ask"]["pointer_budget_cuts"] == 12
    over_rows = [r for r in result["turn_rows"] if r["harness"] == "over"]
    assert over_rows and all(len(r["injected_slugs"]) == 3 for r in over_rows)
    assert cells["over/know-to-ask"]["false_fire_rate"] == 1.0

    # unknown slugs: never a hit, always a false fire, the other source's slug a violation.
    unknown = cells["unknown/know-to-ask"]
    assert unknown["know_to_ask_failure_rate"] == 1.0
    assert unknown["false_fire_rate"] == 1.0
    assert unknown["source_isolation_violations"] == 4
    assert cells["unknown/push"]["push_precision"] == 0.0
    reasons = " ".join(item["reason"] for item in result["_meta"]["failed_items"])
    assert UNKNOWN_SLUG in reasons
    assert "people/zed-other" in reasons


def _single_unit_plan(corpus: tuple[Path, Path]) -> Plan:
    fixtures, _ = corpus
    document = (fixtures / "fs-001.fixture.json").read_text(encoding="utf-8")
    return Plan(singles=(Unit(Fixture.model_validate_json(document)),))


def _runner(client: MemoryClient) -> SystemRunner:
    return SystemRunner(
        client,
        [foreign("fake", client.target)],
        delivery_factory("/unused.sock", SECRET),
        RunSettings(suites=("know-to-ask",)),
    )


def test_a_slow_server_is_measured_and_one_past_the_deadline_fails_the_run(
    corpus: tuple[Path, Path], socket_dir: Path
) -> None:
    path = socket_dir / "slow.sock"
    fake = FakeForeign("slow", delay_s=0.05)
    bound = serve(fake, path, SECRET)
    try:
        with MemoryClient(path, SECRET, timeout=5.0) as client:
            run = _runner(client).run(_single_unit_plan(corpus))
        assert len(run.rows) == 2
        assert all(row.latency_ms >= 50 for row in run.rows)
        fake.delay_s = 1.0  # now every GetTurnContext outlives the 0.3 s deadline
        with MemoryClient(path, SECRET, timeout=0.3) as client:
            with pytest.raises(SystemUnderTestError) as info:
                _runner(client).run(_single_unit_plan(corpus))
    finally:
        bound.stop(None)
    message = info.value.message
    assert "row(s) fake" in message
    assert "fixture 'fs-001'" in message
    assert "DEADLINE_EXCEEDED" in message and "GetTurnContext" in message


def _spawn_dying_fake(socket: Path, die_on: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [sys.executable, str(FAKE_SCRIPT), "--socket", str(socket), "--mode", "dies",
         "--die-on", str(die_on)],
        env={"BRAINBENCH_FOREIGN_SECRET": SECRET, "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    ready = Path(f"{socket}.ready")
    deadline = time.monotonic() + 30
    while not ready.exists():
        assert server.poll() is None, "the fake server exited before serving"
        assert time.monotonic() < deadline, "the fake server never became ready"
        time.sleep(0.05)
    return server


def test_a_server_dying_mid_run_exits_2_naming_row_fixture_and_call(
    corpus: tuple[Path, Path],
    socket_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    socket = socket_dir / "dies.sock"
    server = _spawn_dying_fake(socket, die_on=3)  # the first turn of the second fixture
    try:
        monkeypatch.setenv("BRAINBENCH_FOREIGN_SECRET", SECRET)
        code, result = _run(corpus, f"grpc:fake=unix:{socket}", tmp_path / "r.json", "--json")
        assert server.wait(timeout=10) == -9
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert code == 2 and result is None
    captured = capsys.readouterr()
    error = json.loads(captured.out)["error"]
    assert error["kind"] == "runtime"
    assert "row(s) fake" in error["message"]
    assert "fixture 'fs-002'" in error["message"]
    assert "UNAVAILABLE" in error["message"]
    assert "Traceback" not in captured.err
