"""Sealed gold (schema v1): what SHOULD happen, joined to fixtures only at scoring time."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from bb_schema._base import Strict
from bb_schema._names import FactKind
from bb_schema.trust import TrustGold


class GoldFact(Strict):
    """A claim the conversation made that memory must keep, findable by its keywords."""

    gist: str
    fact: str
    entity_slug: str | None
    match_keywords: Annotated[list[str], Field(min_length=1)]
    kind: FactKind | None = None


class TurnGold(Strict):
    """Gold for one turn: whether memory should surface, which pages, which facts."""

    should_retrieve: bool
    gold_slugs: list[str] = Field(default_factory=list)
    acceptable_slugs: list[str] = Field(default_factory=list)
    gold_facts: list[GoldFact] = Field(default_factory=list)


class Decision(Strict):
    """A decision the writer made that the reader must recall."""

    decision_id: str
    expected_slugs: list[str]
    match_keywords: list[str]


class ContinuityGold(Strict):
    """The decisions probed on the reader side of a pair."""

    pair_id: str
    decisions: Annotated[list[Decision], Field(min_length=1)]


class Gold(Strict):
    """Sealed gold for one fixture; ``turns`` is keyed by ``str(turn_id)``."""

    fixture_id: str
    turns: dict[str, TurnGold]
    continuity: ContinuityGold | None = None
    #: Memory-trust fixtures only (additive): what their steps must have left behind.
    trust: TrustGold | None = None

    def for_turn(self, turn_id: int) -> TurnGold | None:
        """The gold of one turn, or None when the turn carries no gold."""
        return self.turns.get(str(turn_id))
