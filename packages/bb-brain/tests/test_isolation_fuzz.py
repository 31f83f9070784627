"""Isolation fuzz: over random multi-source brains, no read surface shows another source.

Each example seeds two or three sources with pages drawn from one shared pool of names (so
the same person or company often lives in several sources, with different content) and facts
about them; every page summary and fact carries a marker naming its source. Then turns and
queries that name people from every source are put to every read surface of the engine with
one active source: TurnContext (reflex and volunteer, with a window), Recall, ListFacts,
ProbeFacts and the entity index (the codex preamble's context pack). Nothing another source
holds may come back: no pointer, no fact, no marker in any text.
"""

from __future__ import annotations

from typing import Any

from bb_brain import Engine
from bb_schema.fixture import PublicTurn, SeedFact, SeedPage
from bb_schema.memory import (
    CloseBrainRequest,
    FactQuery,
    OpenBrainRequest,
    RecallRequest,
    SeedRequest,
)
from bb_schema.turn_context import (
    EntityIndexRequest,
    SeamSettings,
    TurnContextRequest,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

NAMES = [
    ("people/alice-example", "Alice Example", "person"),
    ("people/bob-sample", "Bob Sample", "person"),
    ("people/grace-hopper-lee", "Grace Lee", "person"),
    ("companies/widget-co", "Widget Co", "company"),
    ("companies/acme-labs", "Acme Labs", "company"),
    ("projects/apollo", "Project Apollo", "project"),
]
SOURCES = ["default", "work", "home"]
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _marker(source: str) -> str:
    return f"mk{source}zz"


layouts = st.lists(
    st.tuples(st.sampled_from(SOURCES), st.sets(st.integers(0, len(NAMES) - 1), min_size=1)),
    min_size=2,
    max_size=3,
    unique_by=lambda pair: pair[0],
)


def _seed(engine: Engine, layout: list[tuple[str, set[int]]]) -> str:
    brain = engine.open_brain(OpenBrainRequest(fixture_id="isolation")).brain_id
    pages, facts = [], []
    for source, members in layout:
        for index in sorted(members):
            slug, title, kind = NAMES[index]
            content = (
                f"---\ntitle: {title}\ntype: {kind}\nsummary: {title} {_marker(source)}\n---\n"
                f"{title} works with the team. {_marker(source)}\n"
            )
            pages.append(SeedPage(slug=slug, content=content, source_id=source))
            facts.append(
                SeedFact(
                    fact=f"{title} prefers tea {_marker(source)}",
                    entity_slug=slug,
                    source=source,
                    source_id=source,
                )
            )
    engine.seed(SeedRequest(brain_id=brain, pages=pages, facts=facts))
    return brain


def _clean(text: str, active: str) -> None:
    for other in SOURCES:
        if other != active:
            assert _marker(other) not in text, f"{other!r} content shown in {active!r}: {text!r}"


@FUZZ
@given(
    layout=layouts,
    mentioned=st.lists(st.integers(0, len(NAMES) - 1), min_size=1, max_size=4),
    pick=st.integers(0, 2),
)
def test_no_read_surface_returns_another_sources_content(
    engine: Engine, layout: list[tuple[str, set[int]]], mentioned: list[int], pick: int
) -> None:
    brain = _seed(engine, layout)
    active, members = layout[pick % len(layout)]
    own = {NAMES[i][0] for i in members}
    names = [NAMES[i][1] for i in mentioned]
    text = "What did " + " and ".join(names) + " say about it?"
    window = [PublicTurn(turn_id=1, role="assistant", text=f"{names[-1]} called earlier.")]
    try:
        context = engine.turn_context(
            TurnContextRequest(
                brain_id=brain, session_id="s", active_source=active,
                turn=PublicTurn(turn_id=2, role="user", text=text), window=window,
                prior_context="",
                settings=SeamSettings(pointer_budget=5, volunteer=True),
            )
        )  # fmt: skip
        assert all(p.source == active and p.slug in own for p in context.pointers)
        _clean(context.model_dump_json(), active)
        answers: list[Any] = [
            engine.recall(RecallRequest(brain_id=brain, source=active, query=text, limit=50)),
            engine.list_facts(FactQuery(brain_id=brain, source=active)),
            engine.probe_facts(FactQuery(brain_id=brain, source=active, keywords=["tea"])),
        ]
        for answer in answers:
            assert all(f.source == active for f in answer.facts)
            assert all(f.entity_slug in own for f in answer.facts if f.entity_slug)
            _clean(answer.model_dump_json(), active)
        index = engine.entity_index(
            EntityIndexRequest(brain_id=brain, active_source=active, limit=100)
        )
        assert {e.slug for e in index.entries} <= own
        _clean(index.model_dump_json(), active)
    finally:
        engine.close_brain(CloseBrainRequest(brain_id=brain))
