"""A streamed run (each item scored as it finishes, rows spilled) gives the held run's Result.

:func:`bb_cli._runbench.execute` keeps every record until it scores them all at once with
:func:`bb_score.score`; :func:`bb_cli._runbench.execute_streamed` scores item by item, keeps
rows and evidence on disk and, over a packed corpus, decodes each fixture when its item runs.
Their Result files must be the same bytes, apart from the receipt time and the latencies.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from bb_adapters import parse_harnesses
from bb_cli._runbench import RunRequest, execute, execute_streamed
from bb_cli._spill import ResultSpill
from bb_corpus import load_corpus
from bb_schema import CORE_SUITES, dump_json

SAMPLES = Path(__file__).resolve().parents[1].parent / "shared" / "interop" / "samples"
#: Rows that fail items (inject-all, always-silent) beside the shipped ones.
HARNESSES = "openclaw,claude-code,codex,inject-all,always-silent"


def _scrubbed(data: bytes) -> str:
    """The file with the receipt time and every latency blanked, nothing else touched."""
    text = data.decode("utf-8")
    text = re.sub(r'"latency_ms": [^,\n]+', '"latency_ms": 0', text)
    return re.sub(r'"ts": "[^"]*"', '"ts": ""', text)


def _request(*, packed: bool) -> RunRequest:
    return RunRequest(
        corpus=load_corpus(SAMPLES / "fixtures", SAMPLES / "gold", packed=packed),
        harnesses=tuple(parse_harnesses(HARNESSES)),
        suites=CORE_SUITES,
        include_holdout=False,
        extractor="gold",
        cmd_args=("run",),
    )


@pytest.fixture(scope="module")
def held() -> bytes:
    return dump_json(execute(_request(packed=False), None))


@pytest.mark.parametrize(("workers", "packed"), [(1, True), (2, True), (1, False)])
def test_a_streamed_run_writes_the_held_runs_result(
    held: bytes, workers: int, packed: bool
) -> None:
    request = dataclasses.replace(_request(packed=packed), workers=workers)
    with ResultSpill.temporary() as spill:
        small = execute_streamed(request, None, spill)
        assert small.turn_rows == [] and small.meta.turn_evidence == []  # held on disk only
        streamed = spill.dump(small)
    assert _scrubbed(streamed) == _scrubbed(held)
    document: dict[str, Any] = json.loads(streamed)
    suites = {row["suite"] for row in document["turn_rows"]}
    assert suites == {"know-to-ask", "push", "continuity"}  # every spilled kind compared
    assert document["_meta"]["failed_items"] and document["_meta"]["fact_rows"]
    assert document["_meta"]["decision_rows"]
