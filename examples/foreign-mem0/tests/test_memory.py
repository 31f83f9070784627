"""The nine methods over a real mem0 store (loads the embedding model once: a few seconds)."""

from collections.abc import Iterator

import pytest
from bb_schema import PublicTurn, SchemaUserError
from bb_schema.fixture import SeedFact, SeedPage
from bb_schema.memory import CloseBrainRequest, FactQuery, OpenBrainRequest, SeedRequest
from bb_schema.turn_context import (
    EntityIndexRequest,
    ExtractedFact,
    InjectedExtraction,
    SeamSettings,
    TurnContextRequest,
    WriteBackRequest,
)
from foreign_mem0.memory import Mem0Memory
from foreign_mem0.store import Mem0Store, library_version

PAGES = [
    SeedPage(
        slug="people/alice-example",
        content="---\ntitle: Alice Example\nsummary: Founder of Widget Co.\n---\n\n"
        "Alice Example is the founder of Widget Co. She raised pricing concerns.\n",
    ),
    SeedPage(
        slug="companies/widget-co",
        content="---\ntitle: Widget Co\n---\n\nWidget Co is a seed-stage widget marketplace.\n",
    ),
    SeedPage(
        slug="people/alice-example",
        content="---\ntitle: Alice Other\n---\n\nAlice Other runs the Widget Co account.\n",
        source_id="other",
    ),
]


@pytest.fixture
def memory(store: Mem0Store) -> Mem0Memory:
    return Mem0Memory(store, version=library_version())


@pytest.fixture
def brain(memory: Mem0Memory) -> Iterator[str]:
    brain_id = memory.open_brain(OpenBrainRequest(fixture_id="fx")).brain_id
    memory.seed(SeedRequest(brain_id=brain_id, pages=PAGES, facts=[SeedFact(fact="Seeded.")]))
    yield brain_id
    memory.close_brain(CloseBrainRequest(brain_id=brain_id))


def _ask(memory: Mem0Memory, brain: str, text: str, *, budget: int = 3, prior: str = "",
         source: str = "default") -> list[str]:  # fmt: skip
    response = memory.turn_context(
        TurnContextRequest(
            brain_id=brain,
            session_id="s",
            active_source=source,
            turn=PublicTurn(turn_id=1, role="user", text=text),
            prior_context=prior,
            settings=SeamSettings(pointer_budget=budget),
        )
    )
    slugs = [pointer.slug for pointer in response.pointers]
    assert all(f"brain://{source}/{slug}" in response.text for slug in slugs)
    return slugs


def test_a_related_turn_is_pointed_at_its_pages_within_its_source(
    memory: Mem0Memory, brain: str
) -> None:
    slugs = _ask(memory, brain, "What did Alice Example say about the Widget Co deal?")
    assert slugs[0] == "people/alice-example"
    assert set(slugs) <= {"people/alice-example", "companies/widget-co"}
    assert _ask(memory, brain, "What does Alice Other run?", source="other") == [
        "people/alice-example"
    ]


def test_the_threshold_keeps_small_talk_silent(memory: Mem0Memory, brain: str) -> None:
    assert _ask(memory, brain, "Thanks, that helps a lot.") == []


def test_budget_and_suppression_apply(memory: Mem0Memory, brain: str) -> None:
    question = "What did Alice Example say about the Widget Co deal?"
    assert len(_ask(memory, brain, question, budget=1)) == 1
    assert _ask(memory, brain, question, budget=0) == []
    prior = "earlier: brain://default/people/alice-example"
    assert "people/alice-example" not in _ask(memory, brain, question, prior=prior)


def test_entity_index_lists_the_source_pages(memory: Mem0Memory, brain: str) -> None:
    index = memory.entity_index(EntityIndexRequest(brain_id=brain, active_source="default"))
    assert [(e.slug, e.title) for e in index.entries] == [
        ("companies/widget-co", "Widget Co"),
        ("people/alice-example", "Alice Example"),
    ]


def test_write_back_stores_injected_facts_with_provenance_once(
    memory: Mem0Memory, brain: str
) -> None:
    turns = [
        PublicTurn(turn_id=1, role="user", text="Alice worries about pricing."),
        PublicTurn(turn_id=2, role="assistant", text="Noted."),
    ]
    fact = ExtractedFact(fact="Alice worries about pricing", entity_slug="people/alice-example")
    request = WriteBackRequest(
        brain_id=brain,
        source="default",
        session_id="sess-1",
        turns=turns,
        injected=[
            InjectedExtraction(turn_text=turns[0].text, facts=[fact, fact]),
            InjectedExtraction(turn_text="never said", facts=[ExtractedFact(fact="Invented")]),
        ],
    )
    first = memory.write_back(request)
    assert (first.conversation_slug, first.facts_written, first.facts_deduplicated) == (
        "conversations/sess-1", 1, 1,
    )  # fmt: skip
    assert memory.write_back(request).facts_written == 0
    stored = memory.list_facts(FactQuery(brain_id=brain, source="default")).facts
    assert [f.fact for f in stored] == ["Seeded.", "Alice worries about pricing"]
    written = stored[1]
    assert (written.entity_slug, written.kind, written.source_session) == (
        "people/alice-example", "fact", "sess-1#1",
    )  # fmt: skip
    assert written.source_markdown_slug == "conversations/sess-1"
    probe = FactQuery(brain_id=brain, source="default", keywords=["ALICE", "pricing"])
    assert [f.fact for f in memory.probe_facts(probe).facts] == ["Alice worries about pricing"]
    assert memory.list_facts(FactQuery(brain_id=brain, source="other")).facts == []


def test_rules_stores_user_turns_and_llm_is_refused(memory: Mem0Memory, brain: str) -> None:
    turns = [PublicTurn(turn_id=1, role="user", text="We picked Postgres.")]
    base = {"brain_id": brain, "source": "default", "session_id": "s2", "turns": turns}
    assert memory.write_back(WriteBackRequest(**base, extractor="rules")).facts_written == 1
    with pytest.raises(SchemaUserError, match="infer=False"):
        memory.write_back(WriteBackRequest(**base, extractor="llm"))


def test_closing_forgets_everything_and_unknown_brains_are_refused(
    memory: Mem0Memory, store: Mem0Store
) -> None:
    brain = memory.open_brain(OpenBrainRequest(fixture_id="gone")).brain_id
    memory.seed(SeedRequest(brain_id=brain, pages=PAGES, facts=[SeedFact(fact="x")]))
    memory.close_brain(CloseBrainRequest(brain_id=brain))
    for scope in ({"user_id": f"{brain}:default"}, {"user_id": f"{brain}:other"},
                  {"run_id": f"{brain}:default"}):  # fmt: skip
        assert store.list(scope=scope) == []
    with pytest.raises(SchemaUserError, match="not open"):
        memory.list_facts(FactQuery(brain_id=brain, source="default"))
