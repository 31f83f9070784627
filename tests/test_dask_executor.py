"""`brainbench run --dask`: shards on a local Dask cluster against one shared PostgreSQL.

Opt-in (`nox -s distributed` installs the bb-cli[dask] extra); skipped when Dask is absent.
The shared server is the embedded one, reached by every worker process through its DSN
exactly as a remote server would be.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

distributed = pytest.importorskip("distributed")

from bb_brain._pg._server import start_embedded  # noqa: E402
from bb_cli.main import main  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[1].parent / "shared" / "interop" / "samples"
CORPUS = ["--fixtures", str(SAMPLES / "fixtures"), "--gold", str(SAMPLES / "gold")]


def _stable(path: Path) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    result["receipt"].pop("ts")
    for row in result["turn_rows"]:
        row.pop("latency_ms")
    return result


@pytest.fixture(scope="module")
def shared_dsn() -> Iterator[str]:
    server = start_embedded()
    try:
        yield server.conninfo
    finally:
        server.stop()


def test_dask_shards_merge_into_the_unsharded_result(
    shared_dsn: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRAINBENCH_DSN", shared_dsn)
    out = tmp_path / "result.json"
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        code = main(
            ["run", "--quiet", *CORPUS, "--dask", cluster.scheduler_address, "--shards", "3",
             "--out", str(out)]
        )  # fmt: skip
    assert code == 0
    unsharded = tmp_path / "unsharded.json"
    assert main(["run", "--quiet", *CORPUS, "--out", str(unsharded)]) == 0
    assert _stable(out) == _stable(unsharded)


def test_dask_needs_a_shared_server(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("BRAINBENCH_DSN", raising=False)
    assert main(["run", *CORPUS, "--dask", "local", "--shards", "2"]) == 2
    assert "BRAINBENCH_DSN" in capsys.readouterr().err
