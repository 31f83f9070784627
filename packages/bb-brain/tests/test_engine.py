"""Engine lifecycle, seeding and fact reads on a real PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import BrainUserError, Database, Engine, UnknownBrainError
from bb_schema.fixture import SeedFact, SeedPage
from bb_schema.memory import CloseBrainRequest, FactQuery, OpenBrainRequest, SeedRequest


def test_describe(engine: Engine) -> None:
    info = engine.describe()
    assert info.name == "bb-brain" and "turn-context" in info.capabilities
    assert info.capabilities == sorted(info.capabilities)


def test_open_seed_close_cascades(engine: Engine, db: Database) -> None:
    brain = engine.open_brain(OpenBrainRequest(fixture_id="kta-001")).brain_id
    assert brain.startswith("kta-001-")
    seeded = engine.seed(
        SeedRequest(
            brain_id=brain,
            pages=[SeedPage(slug="people/a", content="---\ntitle: A B\n---\n")],
            facts=[SeedFact(fact="A likes tea")],
        )
    )
    assert (seeded.pages, seeded.facts) == (1, 1)
    engine.close_brain(CloseBrainRequest(brain_id=brain))
    with db.connection() as conn:
        for table in ("pages", "aliases", "facts"):
            count = conn.execute(f"SELECT count(*) FROM {table} WHERE brain_id = %s", (brain,))
            assert count.fetchone() == (0,), table
    with pytest.raises(UnknownBrainError):
        engine.close_brain(CloseBrainRequest(brain_id=brain))


def test_brain_ids_are_unique(engine: Engine) -> None:
    ids = [engine.open_brain(OpenBrainRequest(fixture_id="same")).brain_id for _ in range(3)]
    assert len(set(ids)) == 3
    for brain in ids:
        engine.close_brain(CloseBrainRequest(brain_id=brain))


def test_seed_unknown_brain_and_bad_page(engine: Engine, make_brain: Any) -> None:
    with pytest.raises(UnknownBrainError, match="missing-1"):
        engine.seed(SeedRequest(brain_id="missing-1"))
    brain = make_brain()
    bad = SeedPage(slug="people/broken", content="---\ntitle: [x\n---\n")
    good = SeedPage(slug="people/fine", content="fine")
    with pytest.raises(BrainUserError, match="people/broken"):
        engine.seed(SeedRequest(brain_id=brain, pages=[good, bad]))


def test_reseeding_a_page_replaces_it(engine: Engine, make_brain: Any, db: Database) -> None:
    brain = make_brain(("people/a", "---\ntitle: Old Name\n---\n"))
    engine.seed(
        SeedRequest(
            brain_id=brain, pages=[SeedPage(slug="people/a", content="---\ntitle: New Name\n---\n")]
        )
    )
    with db.connection() as conn:
        rows = conn.execute(
            "SELECT alias_norm FROM aliases WHERE brain_id = %s AND arm = 'title'", (brain,)
        ).fetchall()
    assert rows == [("new name",)]


def test_duplicate_page_in_one_seed_is_rejected(engine: Engine, make_brain: Any) -> None:
    brain = make_brain()
    dup = [SeedPage(slug="x/y", content="a"), SeedPage(slug="x/y", content="b")]
    with pytest.raises(BrainUserError, match="appears twice"):
        engine.seed(SeedRequest(brain_id=brain, pages=dup))


def test_identical_copies_of_a_page_in_one_seed_collapse(engine: Engine, make_brain: Any) -> None:
    brain = make_brain()
    same = [SeedPage(slug="x/y", content="---\ntitle: Y\n---\n")] * 2
    assert engine.seed(SeedRequest(brain_id=brain, pages=same)).pages == 1


FACTS = [
    SeedFact(fact="Alice raised pricing concerns", entity_slug="people/alice", source="seed",
             source_session="s1"),
    SeedFact(fact="Pricing is 100% usage_based", entity_slug="companies/w"),
    SeedFact(fact="Team brain: Alice is a candidate", source_id="teambrain"),
    SeedFact(fact=r"Path C:\temp holds pricing", source_id="default"),
]  # fmt: skip


def test_list_facts_is_source_scoped(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(facts=FACTS)
    default = engine.list_facts(FactQuery(brain_id=brain, source="default")).facts
    assert [f.fact for f in default] == [FACTS[0].fact, FACTS[1].fact, FACTS[3].fact]
    first = default[0]
    assert (first.source, first.entity_slug, first.source_session, first.status) == (
        "default",
        "people/alice",
        "s1",
        "active",
    )
    team = engine.list_facts(FactQuery(brain_id=brain, source="teambrain")).facts
    assert [f.fact for f in team] == [FACTS[2].fact]
    assert engine.list_facts(FactQuery(brain_id=brain, source="nowhere")).facts == []


def test_probe_requires_every_keyword_and_escapes_metachars(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(facts=FACTS)

    def probe(*words: str) -> list[str]:
        query = FactQuery(brain_id=brain, source="default", keywords=list(words))
        return [f.fact for f in engine.probe_facts(query).facts]

    assert probe("PRICING", "alice") == [FACTS[0].fact]
    assert probe("pricing") == [FACTS[0].fact, FACTS[1].fact, FACTS[3].fact]
    assert probe("100%") == [FACTS[1].fact]
    assert probe("%") == [FACTS[1].fact]
    assert probe("e_b") == [FACTS[1].fact]
    assert probe("s_b") == []  # '_' is literal, not "any character"
    assert probe("c:\\temp") == [FACTS[3].fact]
    assert probe("candidate") == []  # only in the team brain
    with pytest.raises(BrainUserError, match="blank"):
        probe(" ")
    with pytest.raises(UnknownBrainError):
        engine.probe_facts(FactQuery(brain_id="gone-9", source="default", keywords=["x"]))
