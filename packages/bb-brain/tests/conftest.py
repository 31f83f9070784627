"""One PostgreSQL database for the whole bb-brain test session (embedded, or $BRAINBENCH_DSN)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from bb_brain import Database, Engine, open_database
from bb_schema.fixture import SeedFact, SeedPage
from bb_schema.memory import CloseBrainRequest, OpenBrainRequest, SeedRequest


@pytest.fixture(scope="session")
def db() -> Iterator[Database]:
    with open_database() as database:
        yield database


@pytest.fixture(scope="session")
def engine(db: Database) -> Engine:
    return Engine(db)


BrainFactory = Callable[..., str]


@pytest.fixture
def make_brain(engine: Engine) -> Iterator[BrainFactory]:
    """Open (and at teardown close) brains seeded with pages given as (slug, content[, source])."""
    opened: list[str] = []

    def factory(
        *pages: tuple[str, str] | tuple[str, str, str], facts: list[SeedFact] | None = None
    ) -> str:
        brain_id = engine.open_brain(OpenBrainRequest(fixture_id="test")).brain_id
        opened.append(brain_id)
        seed_pages = [
            SeedPage(slug=p[0], content=p[1], source_id=p[2] if len(p) == 3 else None)
            for p in pages
        ]
        engine.seed(SeedRequest(brain_id=brain_id, pages=seed_pages, facts=facts or []))
        return brain_id

    yield factory
    for brain_id in opened:
        engine.close_brain(CloseBrainRequest(brain_id=brain_id))
