"""Fixture documents (schema_version 1): what a harness replays.

Gold is sealed: it lives in a separate document (:mod:`bb_schema.gold`). Adapters receive only
:class:`PublicTurn` values, which hold exactly ``turn_id``, ``role``, ``text`` and ``ts``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from bb_schema._base import Strict
from bb_schema._names import TRUST_SUITES, Role, Suite
from bb_schema.text import check_slug
from bb_schema.trust import TrustStep, check_steps

FIXTURE_ID_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
DEFAULT_SOURCE = "default"

FixtureId = Annotated[str, Field(pattern=FIXTURE_ID_PATTERN)]


def parse_ts(value: str) -> datetime:
    """Parse an RFC 3339 timestamp; naive timestamps are rejected (segmentation is time-based)."""
    parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    if parsed.tzinfo is None:
        raise ValueError(f"timestamp {value!r} has no UTC offset; write e.g. 2026-03-02T17:00:00Z")
    return parsed


class PublicTurn(Strict):
    """One conversation turn exactly as a harness sees it: never any gold."""

    turn_id: int
    role: Role
    text: Annotated[str, Field(min_length=1)]
    ts: str | None = None

    @field_validator("ts")
    @classmethod
    def _ts_is_rfc3339(cls, value: str | None) -> str | None:
        if value is not None:
            parse_ts(value)
        return value

    @property
    def when(self) -> datetime | None:
        """The parsed timestamp, when the turn carries one."""
        return None if self.ts is None else parse_ts(self.ts)


class SeedPage(Strict):
    """A markdown page (YAML frontmatter + body) seeded into one source before replay.

    The slug follows the slug grammar of :mod:`bb_schema.text` (no ``..``, no absolute path).
    """

    slug: Annotated[str, Field(min_length=1)]
    content: str
    source_id: str | None = None

    @field_validator("slug")
    @classmethod
    def _slug_grammar(cls, value: str) -> str:
        return check_slug(value)

    @property
    def source(self) -> str:
        """The source this page belongs to (``default`` when unspecified)."""
        return self.source_id or DEFAULT_SOURCE


class SeedFact(Strict):
    """A fact seeded into memory before replay."""

    fact: Annotated[str, Field(min_length=1)]
    entity_slug: str | None = None
    source: str | None = None
    source_session: str | None = None
    source_id: str | None = None


class ContinuityRef(Strict):
    """Marks a fixture as one half of a continuity pair."""

    pair_id: Annotated[str, Field(min_length=1)]
    pair_role: Literal["writer", "reader"]


class Fixture(Strict):
    """An adapter-visible conversation fixture."""

    schema_version: Literal[1]
    fixture_id: FixtureId
    suites: Annotated[list[Suite], Field(min_length=1)]
    category: str | None = None
    holdout: bool = False
    sources: list[str] = Field(default_factory=list)
    active_source: str = DEFAULT_SOURCE
    seed_pages: list[SeedPage] = Field(default_factory=list)
    seed_facts: list[SeedFact] = Field(default_factory=list)
    turns: Annotated[list[PublicTurn], Field(min_length=1)]
    continuity: ContinuityRef | None = None
    #: Memory-trust fixtures only (additive): the operations that build the source's memory.
    trust_steps: Annotated[list[TrustStep], Field(min_length=1)] | None = None

    @model_validator(mode="after")
    def _turn_ids_unique(self) -> Fixture:
        seen: set[int] = set()
        for index, turn in enumerate(self.turns):
            if turn.turn_id in seen:
                raise ValueError(f"turns[{index}].turn_id {turn.turn_id!r} is a duplicate")
            seen.add(turn.turn_id)
        return self

    @model_validator(mode="after")
    def _trust_fixtures_stand_apart(self) -> Fixture:
        """Trust fixtures build memory through their steps: never the seeder, one source."""
        if self.trust_steps is None:
            return self
        trust = [suite for suite in self.suites if suite in TRUST_SUITES]
        if len(trust) != len(self.suites):
            raise ValueError(
                "a fixture with trust_steps belongs to memory-trust suites only "
                f"({', '.join(TRUST_SUITES)}); got suites {self.suites!r}"
            )
        if self.seed_pages or self.seed_facts or self.continuity is not None:
            raise ValueError(
                "a fixture with trust_steps never touches the seeder: drop seed_pages, "
                "seed_facts and continuity (commit files with a git_commit step instead)"
            )
        if any(source != self.active_source for source in self.sources):
            raise ValueError(
                f"a trust fixture works on one source: sources {self.sources!r} must be empty "
                f"or just the active source {self.active_source!r}"
            )
        check_steps(self.trust_steps)
        return self

    @property
    def user_turns(self) -> list[PublicTurn]:
        """The turns a harness replays (assistant turns fold into prior context)."""
        return [turn for turn in self.turns if turn.role == "user"]

    @property
    def all_sources(self) -> list[str]:
        """Every source the fixture touches, sorted: declared, active and seeded ones."""
        names = {DEFAULT_SOURCE, self.active_source, *self.sources}
        names.update(page.source for page in self.seed_pages)
        names.update(fact.source_id or DEFAULT_SOURCE for fact in self.seed_facts)
        return sorted(names)

    def needs_timestamps(self) -> bool:
        """Write-back fixtures and continuity writers segment by time, so every turn needs ts."""
        writer = self.continuity is not None and self.continuity.pair_role == "writer"
        return "write-back" in self.suites or writer
