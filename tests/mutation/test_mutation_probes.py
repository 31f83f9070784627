"""Mutation probes: break the protection each gated core metric measures, and the gate must fail.

Each probe patches the reference engine (the Python API its gRPC servicers call, so every
delivery path — direct gRPC, the Claude Code hook, the Codex rollout — sees the broken
behaviour, or a function of its write path), runs `brainbench run --compare` on a small slice
of the committed corpus against the baseline of the same slice run unmutated, and asserts two
things: every metric the probe names breached (moved adversely, or left zero for a zero-gated
invariant) and the gate exited 1.

A probe that stops breaching means the metric lost its teeth, or the corpus slice no longer
exercises the protection; either way the gate would wave the bug through. The default test
run holds at least one probe per gated core metric; ``BRAINBENCH_CORE_PROBES=all`` (the
``core-probes`` nox session) runs every probe.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from bb_brain.engine import Engine
from bb_brain.recall import mentioned_pages
from bb_brain.reflex import render
from bb_brain.writeback import Segment
from bb_cli.main import main
from bb_gate import (
    ZERO_GATED_METRICS,
    baseline_from_result,
    direction,
    load_baseline,
    load_result,
)
from bb_schema import CORE_SUITES, Baseline, PublicTurn
from bb_schema.memory import FactList, RecallRequest, StoredFact
from bb_schema.turn_context import (
    Pointer,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
    conversation_slug,
)
from bb_score.glossary import METRICS

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "evals" / "brainbench"
#: One non-holdout fixture per behaviour the probes break: retrieval with and without gold,
#: push, adversarial near-miss and ambiguity, a second source, write-back (a restatement in one
#: segment, one across a gap), a continuity pair.
SLICE = (
    "gen-kta-pos-001",
    "gen-kta-neg-002",
    "gen-push-001",
    "gen-adv-003-near-miss",
    "gen-adv-005-ambiguous",
    "gen-ms-002",
    "gen-wb-001",
    "gen-wb-002",
    "gen-cont-003-writer",
    "gen-cont-003-reader",
)
#: Set to ``all`` to run every probe (the default run keeps one per gated metric).
ALL_PROBES_ENV = "BRAINBENCH_CORE_PROBES"

TURN_CONTEXT = Engine.turn_context
WRITE_BACK = Engine.write_back


def _respond(request: TurnContextRequest, pointers: list[Pointer]) -> TurnContextResponse:
    """A response re-rendered through the engine's own wire render (hooks read the text)."""
    return TurnContextResponse(
        text=render(pointers, {}, request.settings.render), pointers=pointers
    )


# -- the mutations ---------------------------------------------------------------------------

Patch = Callable[[pytest.MonkeyPatch], None]


def _method(name: str, replacement: Callable[..., object]) -> Patch:
    return lambda monkeypatch: monkeypatch.setattr(Engine, name, replacement)


def reflex_cut(self: Engine, request: TurnContextRequest) -> TurnContextResponse:
    """know-to-ask: the reflex stops pushing (only volunteered pages still arrive)."""
    response = TURN_CONTEXT(self, request)
    return _respond(request, [p for p in response.pointers if p.stage == "volunteer"])


def suppression_off(self: Engine, request: TurnContextRequest) -> TurnContextResponse:
    """false fire: the engine ignores the seam's suppression of what is already in context."""
    settings = request.settings.model_copy(update={"suppression": "none"})
    return TURN_CONTEXT(self, request.model_copy(update={"settings": settings}))


def budget_ignored(self: Engine, request: TurnContextRequest) -> TurnContextResponse:
    """pointer budget: the engine returns every page it resolves, whatever the seam allows."""
    settings = request.settings.model_copy(update={"pointer_budget": 64})
    return TURN_CONTEXT(self, request.model_copy(update={"settings": settings}))


def slug_mangled(self: Engine, request: TurnContextRequest) -> TurnContextResponse:
    """unknown slugs: the first pointer of an answer names a page that does not exist."""
    response = TURN_CONTEXT(self, request)
    if not response.pointers:
        return response
    first, *rest = response.pointers
    return _respond(request, [first.model_copy(update={"slug": f"{first.slug}-x"}), *rest])


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


def segment_per_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """provenance: the write path puts every turn in a segment of its own."""

    def per_turn(turns: list[PublicTurn], *_: object) -> list[Segment]:
        return [Segment(index, (turn,)) for index, turn in enumerate(turns)]

    monkeypatch.setattr("bb_brain.writeback._pipeline.segment_turns", per_turn)


def dedup_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """fidelity: the write path no longer recognises a fact it already stored."""
    unique = itertools.count()
    monkeypatch.setattr(
        "bb_brain.writeback._pipeline.normalise_fact", lambda text: f"{next(unique)}"
    )


def wrong_session(self: Engine, request: WriteBackRequest) -> WriteBackResponse:
    """provenance: facts are stamped with another session (and its conversation page)."""
    return WRITE_BACK(self, request.model_copy(update={"session_id": f"{request.session_id}-x"}))


def store_nothing(self: Engine, request: WriteBackRequest) -> WriteBackResponse:
    """write-back and continuity: the write path acknowledges and keeps nothing at all."""
    return WriteBackResponse(
        conversation_slug=conversation_slug(request.session_id), segments=1, facts_written=0
    )


def echo_recall(self: Engine, request: RecallRequest) -> FactList:
    """continuity: recall answers with the question itself, about every page it names."""
    with self.db.reader() as conn:
        slugs = mentioned_pages(conn, request) or [None]
    facts = [StoredFact(fact=request.query, entity_slug=s, source=request.source) for s in slugs]
    return FactList(facts=facts)


def echo_without_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """continuity: a memory that keeps nothing and echoes the reader's question back."""
    monkeypatch.setattr(Engine, "write_back", store_nothing)
    monkeypatch.setattr(Engine, "recall", echo_recall)


def dump_recall(self: Engine, request: RecallRequest) -> FactList:
    """continuity: recall ignores the question and answers with every fact it holds."""
    with self.db.reader() as conn:
        rows = conn.execute(
            "SELECT fact, entity_slug, source FROM facts WHERE brain_id = %s AND source = %s"
            " AND status = 'active' ORDER BY fact_id",
            (request.brain_id, request.source),
        ).fetchall()
    facts = [StoredFact(fact=f, entity_slug=e, source=s) for f, e, s in rows]
    return FactList(facts=facts)


def dump_without_push(monkeypatch: pytest.MonkeyPatch) -> None:
    """continuity: no push, and a recall that returns everything (the runner keeps 5)."""
    notes_off(monkeypatch)
    monkeypatch.setattr(Engine, "recall", dump_recall)


def forget_after_session(self: Engine, request: WriteBackRequest) -> WriteBackResponse:
    """continuity: memory does not outlive the writer's session (pages and facts are gone)."""
    response = WRITE_BACK(self, request)
    with self.db.connection() as conn:
        conn.execute("DELETE FROM facts WHERE brain_id = %s", (request.brain_id,))
        conn.execute("DELETE FROM pages WHERE brain_id = %s", (request.brain_id,))
    return response


def notes_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """continuity push: pointer lines stop carrying what conversations said about the page."""
    monkeypatch.setattr("bb_brain.reflex.latest_notes", lambda *_: {})


@dataclass(frozen=True)
class Probe:
    """A broken protection, and the gated metrics it must breach."""

    name: str
    metrics: tuple[str, ...]
    patch: Patch
    #: In the default test run (at least one probe per gated core metric is).
    default: bool = True


PROBES = (
    Probe("reflex-off", ("know_to_ask_failure_rate",), _method("turn_context", reflex_cut)),
    Probe("suppression-off", ("false_fire_rate",), _method("turn_context", suppression_off)),
    Probe(
        "unrelated-page",
        ("push_precision", "spurious_injections"),
        _method("turn_context", unrelated_page),
    ),
    Probe("drop-pointer", ("push_recall",), _method("turn_context", drop_pointer)),
    Probe("budget-ignored", ("pointer_budget_cuts",), _method("turn_context", budget_ignored)),
    Probe("slug-mangled", ("unknown_slugs",), _method("turn_context", slug_mangled)),
    Probe(
        "cross-source-read",
        ("source_isolation_violations",),
        _method("turn_context", leak_foreign_source),
    ),
    Probe("segmentation-per-turn", ("provenance_accuracy",), segment_per_turn),
    Probe("dedup-off", ("write_back_fidelity",), dedup_off),
    Probe(
        "stores-nothing",
        ("write_back_fidelity", "continuity_rate", "continuity_push_rate"),
        _method("write_back", store_nothing),
    ),
    Probe(
        "echo-recall",
        ("write_back_fidelity", "continuity_rate"),
        echo_without_memory,
        default=False,
    ),
    Probe(
        "provenance-stamp-wrong",
        ("provenance_accuracy",),
        _method("write_back", wrong_session),
        default=False,
    ),
    Probe(
        "forget-after-session",
        ("continuity_rate",),
        _method("write_back", forget_after_session),
        default=False,
    ),
    Probe("notes-off", ("continuity_push_rate",), notes_off, default=False),
    Probe("recall-dumps-everything", ("continuity_rate",), dump_without_push, default=False),
)

#: Every metric the gate enforces in the suites `brainbench run` scores by default (the core
#: suites), from the registry itself: a newly gated metric there fails the test below until it
#: has a probe in the default run.
CORE_GATED = {
    name for name, spec in METRICS.items() if spec.gated and set(spec.suites) & set(CORE_SUITES)
}


def _selected() -> list[Probe]:
    every = os.environ.get(ALL_PROBES_ENV, "").strip() == "all"
    return [probe for probe in PROBES if every or probe.default]


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


def test_every_gated_core_metric_has_a_probe_in_the_default_run() -> None:
    named = {metric for probe in PROBES for metric in probe.metrics}
    default = {metric for probe in PROBES if probe.default for metric in probe.metrics}
    assert not CORE_GATED - default, (
        f"gated metrics without a default probe: {CORE_GATED - default}"
    )
    assert not named - CORE_GATED, f"probes for metrics not gated: {named - CORE_GATED}"
    assert len({probe.name for probe in PROBES}) == len(PROBES)
    assert CORE_GATED & set(ZERO_GATED_METRICS) == {
        "source_isolation_violations",
        "pointer_budget_cuts",
        "unknown_slugs",
    }


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
        elif METRICS[metric].kind != "rate":
            continue  # a count can always rise
        elif direction(metric) == "lower":
            assert min(values) < 1.0
        else:
            assert max(values) > 0.0


@pytest.mark.parametrize("probe", _selected(), ids=lambda probe: probe.name)
def test_breaking_the_protection_breaches_its_metrics_and_fails_the_gate(
    probe: Probe,
    unmutated: Slice,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("CI", raising=False)
    probe.patch(monkeypatch)
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
    assert code == 1, f"the gate let {probe.name} through (exit {code})"

    mutated = baseline_from_result(load_result(result))
    rows = json.loads(verdict.read_text(encoding="utf-8"))["rows"]
    for metric in probe.metrics:
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
            if key in breached:
                print(f"{probe.name}: {key} {metric} {cell[metric]} -> {after}")
        assert breached, f"{metric} did not move in any cell under {probe.name}"
        flagged = {row["cell"] for row in rows if row["metric"] == metric and not row["waived"]}
        assert set(breached) <= flagged
        kinds = {row["kind"] for row in rows if row["metric"] == metric}
        assert kinds == ({"invariant"} if metric in ZERO_GATED_METRICS else {"regression"})
    if probe.name in ("stores-nothing", "echo-recall"):
        # nothing kept means nothing carried over, on every row: an echo earns nothing
        continuity = [cell for key, cell in mutated.cells.items() if key.endswith("/continuity")]
        assert continuity and all(cell["continuity_rate"] == 0 for cell in continuity)
