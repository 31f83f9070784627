"""Mutation probes: break the protection each gated core metric measures, and the gate must fail.

Each probe patches the reference engine (the Python API its gRPC servicers call, so every
delivery path — direct gRPC, the Claude Code hook, the Codex rollout — sees the broken
behaviour), runs `brainbench run --compare` on a small slice of the committed corpus against
the baseline of the same slice run unmutated, and asserts two things: the metric breached
(moved adversely, or left zero for a zero-gated invariant) and the gate exited 1.

A probe that stops breaching means the metric lost its teeth, or the corpus slice no longer
exercises the protection; either way the gate would wave the bug through.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from bb_brain.engine import Engine
from bb_brain.reflex import render
from bb_cli.main import main
from bb_gate import (
    ZERO_GATED_METRICS,
    baseline_from_result,
    direction,
    load_baseline,
    load_result,
)
from bb_schema import CORE_SUITES, Baseline
from bb_schema.turn_context import (
    Pointer,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
)
from bb_score.glossary import METRICS

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "evals" / "brainbench"
#: One non-holdout fixture per behaviour the probes break: retrieval with and without gold,
#: push, adversarial near-miss and ambiguity, a second source, write-back, a continuity pair.
SLICE = (
    "gen-kta-pos-001",
    "gen-kta-neg-002",
    "gen-push-001",
    "gen-adv-003-near-miss",
    "gen-adv-005-ambiguous",
    "gen-ms-002",
    "gen-wb-001",
    "gen-cont-003-writer",
    "gen-cont-003-reader",
)

TURN_CONTEXT = Engine.turn_context
WRITE_BACK = Engine.write_back


def _respond(request: TurnContextRequest, pointers: list[Pointer]) -> TurnContextResponse:
    """A response re-rendered through the engine's own wire render (hooks read the text)."""
    return TurnContextResponse(
        text=render(pointers, {}, request.settings.render), pointers=pointers
    )


# -- the mutations ---------------------------------------------------------------------------


def reflex_cut(self: Engine, request: TurnContextRequest) -> TurnContextResponse:
    """know-to-ask: the reflex stops pushing (only volunteered pages still arrive)."""
    response = TURN_CONTEXT(self, request)
    return _respond(request, [p for p in response.pointers if p.stage == "volunteer"])


def suppression_off(self: Engine, request: TurnContextRequest) -> TurnContextResponse:
    """false fire: the engine ignores the seam's suppression of what is already in context."""
    settings = request.settings.model_copy(update={"suppression": "none"})
    return TURN_CONTEXT(self, request.model_copy(update={"settings": settings}))


#: A page no fixture has: the stray pointer can never be a page a turn (or, once it sits in
#: prior context, a later turn) needs, so it only ever costs precision, whatever the engine
#: gets right or wrong on its own.
STRAY = Pointer(slug="people/unrelated-stray", source="default", title="Unrelated Stray")


def unrelated_page(self: Engine, request: TurnContextRequest) -> TurnContextResponse:
    """push precision: every answer also points at a page nobody mentioned."""
    response = TURN_CONTEXT(self, request)
    if not response.pointers:
        return response
    stray = STRAY.model_copy(
        update={"source": request.active_source, "stage": response.pointers[0].stage}
    )
    return _respond(request, [*response.pointers, stray])


def drop_pointer(self: Engine, request: TurnContextRequest) -> TurnContextResponse:
    """push recall: a turn that resolved several pages loses its last one."""
    response = TURN_CONTEXT(self, request)
    if len(response.pointers) < 2:
        return response
    return _respond(request, list(response.pointers)[:-1])


def leak_foreign_source(self: Engine, request: TurnContextRequest) -> TurnContextResponse:
    """source isolation: resolution is not scoped to the active source any more."""
    with self.db.connection() as conn:
        rows = conn.execute(
            "SELECT DISTINCT source FROM pages WHERE brain_id = %s AND source <> %s"
            " ORDER BY source",
            (request.brain_id, request.active_source),
        ).fetchall()
    pointers = list(TURN_CONTEXT(self, request).pointers)
    for (source,) in rows:
        foreign = TURN_CONTEXT(self, request.model_copy(update={"active_source": source}))
        # The broken engine labels what it found as the active source's own pages.
        pointers = [
            *(p.model_copy(update={"source": request.active_source}) for p in foreign.pointers),
            *pointers,
        ]
    return _respond(request, pointers)


def drop_fact(self: Engine, request: WriteBackRequest) -> WriteBackResponse:
    """write-back fidelity: the pipeline loses the conversation's last extracted fact."""
    extractions = list(request.injected)
    for index in range(len(extractions) - 1, -1, -1):
        if extractions[index].facts:
            facts = list(extractions[index].facts)[:-1]
            extractions[index] = extractions[index].model_copy(update={"facts": facts})
            break
    return WRITE_BACK(self, request.model_copy(update={"injected": extractions}))


def wrong_session(self: Engine, request: WriteBackRequest) -> WriteBackResponse:
    """provenance: facts are stamped with another session (and its conversation page)."""
    return WRITE_BACK(self, request.model_copy(update={"session_id": f"{request.session_id}-x"}))


def forget_after_session(self: Engine, request: WriteBackRequest) -> WriteBackResponse:
    """continuity: memory does not outlive the writer's session (pages and facts are gone)."""
    response = WRITE_BACK(self, request)
    with self.db.connection() as conn:
        conn.execute("DELETE FROM facts WHERE brain_id = %s", (request.brain_id,))
        conn.execute("DELETE FROM pages WHERE brain_id = %s", (request.brain_id,))
    return response


@dataclass(frozen=True)
class Probe:
    metric: str
    method: str
    mutation: Callable[..., Any]


PROBES = {
    "know_to_ask_failure_rate": Probe("know_to_ask_failure_rate", "turn_context", reflex_cut),
    "false_fire_rate": Probe("false_fire_rate", "turn_context", suppression_off),
    "push_precision": Probe("push_precision", "turn_context", unrelated_page),
    "push_recall": Probe("push_recall", "turn_context", drop_pointer),
    "source_isolation_violations": Probe(
        "source_isolation_violations", "turn_context", leak_foreign_source
    ),
    "write_back_fidelity": Probe("write_back_fidelity", "write_back", drop_fact),
    "provenance_accuracy": Probe("provenance_accuracy", "write_back", wrong_session),
    "continuity_rate": Probe("continuity_rate", "write_back", forget_after_session),
}

#: Every metric the gate enforces in the suites `brainbench run` scores (the core suites), from
#: the registry itself: a newly gated metric there fails the test below until it has a probe.
#: The memory-trust suites' gated metrics get their probes when those suites become runnable.
CORE_GATED = {
    name for name, spec in METRICS.items() if spec.gated and set(spec.suites) & set(CORE_SUITES)
}


# -- the runs --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Slice:
    fixtures: Path
    gold: Path
    ledger: Path
    baseline_path: Path

    @property
    def baseline(self) -> Baseline:
        return load_baseline(self.baseline_path)


def _copy_slice(dest: Path) -> Slice:
    for kind, suffix in (("fixtures", ".fixture.json"), ("gold", ".gold.json")):
        (dest / kind).mkdir(parents=True)
        for fixture_id in SLICE:
            found = sorted((CORPUS / kind).rglob(fixture_id + suffix))
            assert len(found) == 1, f"{fixture_id}{suffix} not in the committed corpus"
            # A holdout fixture is not scored by the gated run the probes compare.
            assert '"holdout": true' not in found[0].read_text(encoding="utf-8"), fixture_id
            shutil.copy(found[0], dest / kind / found[0].name)
    return Slice(dest / "fixtures", dest / "gold", dest / "ledger.jsonl", dest / "unmutated.json")


def _run(corpus: Slice, *extra: str) -> int:
    return main(
        [
            "run",
            "--quiet",
            "--fixtures",
            str(corpus.fixtures),
            "--gold",
            str(corpus.gold),
            "--ledger",
            str(corpus.ledger),
            *extra,
        ]
    )


@pytest.fixture(scope="module")
def unmutated(tmp_path_factory: pytest.TempPathFactory) -> Slice:
    """The slice run once, unmutated: the baseline every probe is gated against."""
    corpus = _copy_slice(tmp_path_factory.mktemp("slice"))
    assert _run(corpus, "--update-baseline", str(corpus.baseline_path)) == 0
    return corpus


def _worse(metric: str, before: float, after: float | None) -> bool:
    if after is None:  # the metric vanished (e.g. precision with nothing injected)
        return True
    return after > before if direction(metric) == "lower" else after < before


def test_every_gated_core_metric_has_a_probe() -> None:
    missing, stale = sorted(CORE_GATED - set(PROBES)), sorted(set(PROBES) - CORE_GATED)
    assert not missing, f"gated metrics without a mutation probe: {missing}; add one to PROBES"
    assert not stale, f"probes for metrics the registry no longer gates: {stale}"
    assert len(CORE_GATED) == 8
    assert CORE_GATED & set(ZERO_GATED_METRICS) == {"source_isolation_violations"}


def test_the_unmutated_slice_passes_its_own_gate_and_leaves_room_to_breach(
    unmutated: Slice, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(unmutated, "--compare", str(unmutated.baseline_path)) == 0
    capsys.readouterr()
    for metric in CORE_GATED:
        values = [cell[metric] for cell in unmutated.baseline.cells.values() if metric in cell]
        assert values, f"the slice never scores {metric}: its probe could not breach"
        if metric in ZERO_GATED_METRICS:
            assert all(value == 0 for value in values)
        elif direction(metric) == "lower":
            assert min(values) < 1.0
        else:
            assert max(values) > 0.0


@pytest.mark.parametrize("metric", sorted(PROBES))
def test_breaking_the_protection_breaches_the_metric_and_fails_the_gate(
    metric: str,
    unmutated: Slice,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    probe = PROBES[metric]
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(Engine, probe.method, probe.mutation)
    result, verdict = tmp_path / "mutated.json", tmp_path / "verdict.json"
    code = _run(
        unmutated,
        "--compare",
        str(unmutated.baseline_path),
        "--out",
        str(result),
        "--verdict-out",
        str(verdict),
    )
    capsys.readouterr()
    assert code == 1, f"the gate let a broken {metric} through (exit {code})"

    mutated = baseline_from_result(load_result(result))
    breached = []
    for key, cell in unmutated.baseline.cells.items():
        if metric not in cell:
            continue
        after = mutated.cells.get(key, {}).get(metric)
        if metric in ZERO_GATED_METRICS:
            if after is not None and after > 0:
                breached.append(key)
        elif _worse(metric, cell[metric], after):
            breached.append(key)
    assert breached, f"{metric} did not move in any cell under its mutation"

    rows = json.loads(verdict.read_text(encoding="utf-8"))["rows"]
    flagged = {row["cell"] for row in rows if row["metric"] == metric and not row["waived"]}
    assert set(breached) <= flagged
    kinds = {row["kind"] for row in rows if row["metric"] == metric}
    assert kinds == ({"invariant"} if metric in ZERO_GATED_METRICS else {"regression"})
