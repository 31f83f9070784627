"""docs/SEAM.md's example server is real: extracted from the page, served, and measured.

The example is taken from between the page's ``example`` markers, written to a file and run
as its own server process. ``brainbench conform`` passes it; a server that ignores its budget
fails the checklist; and ``brainbench run --suite all`` over a slice of the committed corpus
gives the foreign row a cell in all eight suites, with Describe recorded and the call the
example leaves out scored as "capability missing", never dropped.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bb_cli.main import main
from bb_schema import ALL_SUITES

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "evals" / "brainbench"
SECRET = "seam-doc-secret"
SLICE = (
    "gen-kta-pos-001",
    "gen-kta-neg-001",
    "gen-push-001",
    "gen-wb-002",
    "gen-cont-003-writer",
    "gen-cont-003-reader",
    "gen-trust-007-raw-sql-promotion",
    "gen-trust-016-owner-confirms",
    "gen-state-001-owner-supersedes",
    "gen-del-017-purge-fact-then-re-remember",
    "gen-poison-001-external-github-issue",
    "gen-poison-002-external-tool-output-fact",
)


def example_source() -> str:
    """The example server's code, as docs/SEAM.md shows it."""
    page = (ROOT / "docs" / "SEAM.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- example:begin -->\n```python\n(.*?)```\n<!-- example:end -->", page,
                      re.DOTALL)  # fmt: skip
    assert found is not None, "docs/SEAM.md lost its example markers"
    return found.group(1)


@pytest.fixture(scope="module")
def mini(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The example served from its own process; yields its target."""
    script = tmp_path_factory.mktemp("seam") / "mini.py"
    script.write_text(example_source(), encoding="utf-8")
    short = Path(tempfile.mkdtemp(prefix="bb-seam-", dir="/tmp"))
    socket = short / "mini.sock"
    server = subprocess.Popen(
        [sys.executable, str(script), str(socket)],
        env={"BRAINBENCH_FOREIGN_SECRET": SECRET, "PATH": "/usr/bin:/bin"},
    )
    try:
        deadline = time.monotonic() + 60
        while not Path(f"{socket}.ready").exists():
            assert server.poll() is None, "the example server exited before serving"
            assert time.monotonic() < deadline, "the example server never became ready"
            time.sleep(0.05)
        yield f"unix:{socket}"
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(short, ignore_errors=True)


def test_the_example_passes_the_conformance_checklist(
    mini: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BRAINBENCH_FOREIGN_SECRET", SECRET)
    assert main(["conform", mini, "--json"]) == 0
    checks = json.loads(capsys.readouterr().out)["checks"]
    names = {check["check"] for check in checks}
    assert {"authentication enforced", "budget respected", "provenance stamped",
            "trust capabilities declared = observed"} <= names  # fmt: skip
    assert all(check["verdict"] == "pass" for check in checks)


def test_a_server_ignoring_its_budget_fails_the_checklist(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "_foreign_fake", ROOT / "tests" / "_foreign_fake.py"
    )
    assert spec is not None and spec.loader is not None
    fake = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, fake)
    spec.loader.exec_module(fake)
    FakeForeign, serve = fake.FakeForeign, fake.serve
    short = Path(tempfile.mkdtemp(prefix="bb-seam-", dir="/tmp"))
    bound = serve(FakeForeign("over-budget"), short / "over.sock", SECRET)
    try:
        monkeypatch.setenv("BRAINBENCH_FOREIGN_SECRET", SECRET)
        code = main(["conform", f"unix:{short / 'over.sock'}"])
    finally:
        bound.stop(None)
        shutil.rmtree(short, ignore_errors=True)
    out = capsys.readouterr().out
    assert code == 1
    assert "FAIL  budget respected" in out and "FAIL  provenance stamped" in out
    assert "note  trust seam: not offered" in out


def _slice(root: Path) -> tuple[Path, Path]:
    for kind, suffix in (("fixtures", ".fixture.json"), ("gold", ".gold.json")):
        (root / kind).mkdir()
        for fixture_id in SLICE:
            (found,) = sorted((CORPUS / kind).rglob(fixture_id + suffix))
            shutil.copy(found, root / kind / found.name)
    return root / "fixtures", root / "gold"


def test_every_suite_scores_the_example_and_a_missing_capability_is_listed(
    mini: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixtures, gold = _slice(tmp_path)
    monkeypatch.setenv("BRAINBENCH_FOREIGN_SECRET", SECRET)
    out = tmp_path / "result.json"
    code = main([
        "run", "--quiet", "--fixtures", str(fixtures), "--gold", str(gold), "--include-holdout",
        "--ledger", str(tmp_path / "ledger.jsonl"), "--harness", f"grpc:mini={mini}",
        "--suite", "all", "--out", str(out),
    ])  # fmt: skip
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    # DirectTierWrite is left out: the refused promotion counts as a self-promotion
    # violation, a zero-gated invariant, so the run exits 1 (and says why).
    assert code == 1
    assert {c["suite"] for c in result["cells"] if c["harness"] == "mini"} == set(ALL_SUITES)
    assert result["_meta"]["systems"]["mini"]["name"] == "mini-memory"
    reasons = [i["reason"] for i in result["_meta"]["failed_items"] if i["harness"] == "mini"]
    assert any("capability missing: trust.direct-tier-write" in r for r in reasons), reasons
    records = result["_meta"]["trust_items"]
    assert records and all(r["observations"]["system"] == "mini" for r in records)
    refused = [r for r in records if r["kind"] == "refused promotion"]
    assert refused and not any(r["passed"] for r in refused)
