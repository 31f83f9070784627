"""Fixture and Gold <-> ``brainbench.v1`` corpus messages."""

from __future__ import annotations

from typing import Final, get_args

from brainbench.v1 import corpus_pb2 as pb

from bb_schema._convert import trust as trust_convert
from bb_schema._convert._common import EnumMap, validated
from bb_schema._names import FactKind, Role, Suite
from bb_schema.fixture import ContinuityRef, Fixture, PublicTurn, SeedFact, SeedPage
from bb_schema.gold import ContinuityGold, Decision, Gold, GoldFact, TurnGold

ROLE: Final = EnumMap(pb.Role, "ROLE_", get_args(Role))
SUITE: Final = EnumMap(pb.Suite, "SUITE_", get_args(Suite))
FACT_KIND: Final = EnumMap(pb.FactKind, "FACT_KIND_", get_args(FactKind))
PAIR_ROLE: Final = EnumMap(pb.PairRole, "PAIR_ROLE_", ("writer", "reader"))


def kind_to_proto(kind: str | None) -> pb.FactKind.ValueType | None:
    """Encode an ``optional FactKind``: None leaves it unset."""
    return None if kind is None else FACT_KIND.encode(kind)


def kind_from_proto(is_set: bool, number: int, path: str) -> str | None:
    """Decode an ``optional FactKind``: unset is None; a set zero is a peer bug."""
    return FACT_KIND.decode(number, f"{path}.kind") if is_set else None


def public_turn_to_proto(turn: PublicTurn) -> pb.PublicTurn:
    """Encode one turn."""
    return pb.PublicTurn(
        turn_id=turn.turn_id, role=ROLE.encode(turn.role), text=turn.text, ts=turn.ts
    )


def public_turn_from_proto(message: pb.PublicTurn, path: str) -> PublicTurn:
    """Decode one turn."""
    data: dict[str, object] = {
        "turn_id": message.turn_id,
        "role": ROLE.decode(message.role, f"{path}.role"),
        "text": message.text,
        "ts": message.ts if message.HasField("ts") else None,
    }
    return validated(PublicTurn, data, path)


def public_turns_from_proto(turns: list[pb.PublicTurn], path: str) -> list[PublicTurn]:
    """Decode a repeated turn field at ``path``."""
    return [public_turn_from_proto(turn, f"{path}[{i}]") for i, turn in enumerate(turns)]


def seed_page_to_proto(page: SeedPage) -> pb.SeedPage:
    """Encode a seeded page."""
    return pb.SeedPage(slug=page.slug, content=page.content, source_id=page.source_id)


def seed_page_from_proto(message: pb.SeedPage, path: str) -> SeedPage:
    """Decode a seeded page."""
    data: dict[str, object] = {
        "slug": message.slug,
        "content": message.content,
        "source_id": message.source_id if message.HasField("source_id") else None,
    }
    return validated(SeedPage, data, path)


def seed_fact_to_proto(fact: SeedFact) -> pb.SeedFact:
    """Encode a seeded fact."""
    return pb.SeedFact(
        fact=fact.fact,
        entity_slug=fact.entity_slug,
        source=fact.source,
        source_session=fact.source_session,
        source_id=fact.source_id,
    )


def seed_fact_from_proto(message: pb.SeedFact, path: str) -> SeedFact:
    """Decode a seeded fact."""
    data: dict[str, object] = {
        "fact": message.fact,
        "entity_slug": message.entity_slug if message.HasField("entity_slug") else None,
        "source": message.source if message.HasField("source") else None,
        "source_session": message.source_session if message.HasField("source_session") else None,
        "source_id": message.source_id if message.HasField("source_id") else None,
    }
    return validated(SeedFact, data, path)


def _continuity_ref_from_proto(message: pb.ContinuityRef, path: str) -> ContinuityRef:
    data: dict[str, object] = {
        "pair_id": message.pair_id,
        "pair_role": PAIR_ROLE.decode(message.pair_role, f"{path}.pair_role"),
    }
    return validated(ContinuityRef, data, path)


def fixture_to_proto(fixture: Fixture) -> pb.Fixture:
    """Encode a fixture."""
    continuity = None
    if fixture.continuity is not None:
        continuity = pb.ContinuityRef(
            pair_id=fixture.continuity.pair_id,
            pair_role=PAIR_ROLE.encode(fixture.continuity.pair_role),
        )
    return pb.Fixture(
        schema_version=fixture.schema_version,
        fixture_id=fixture.fixture_id,
        suites=[SUITE.encode(suite) for suite in fixture.suites],
        category=fixture.category,
        holdout=fixture.holdout,
        sources=fixture.sources,
        active_source=fixture.active_source,
        seed_pages=[seed_page_to_proto(page) for page in fixture.seed_pages],
        seed_facts=[seed_fact_to_proto(fact) for fact in fixture.seed_facts],
        turns=[public_turn_to_proto(turn) for turn in fixture.turns],
        continuity=continuity,
        trust_steps=trust_convert.steps_to_proto(fixture.trust_steps),
    )


def fixture_from_proto(message: pb.Fixture, path: str) -> Fixture:
    """Decode a fixture; an unset ``active_source`` means ``default``."""
    data: dict[str, object] = {
        "schema_version": message.schema_version,
        "fixture_id": message.fixture_id,
        "suites": [SUITE.decode(n, f"{path}.suites[{i}]") for i, n in enumerate(message.suites)],
        "category": message.category if message.HasField("category") else None,
        "holdout": message.holdout,
        "sources": list(message.sources),
        "seed_pages": [
            seed_page_from_proto(page, f"{path}.seed_pages[{i}]")
            for i, page in enumerate(message.seed_pages)
        ],
        "seed_facts": [
            seed_fact_from_proto(fact, f"{path}.seed_facts[{i}]")
            for i, fact in enumerate(message.seed_facts)
        ],
        "turns": public_turns_from_proto(list(message.turns), f"{path}.turns"),
        "continuity": (
            _continuity_ref_from_proto(message.continuity, f"{path}.continuity")
            if message.HasField("continuity")
            else None
        ),
    }
    if message.HasField("active_source"):
        data["active_source"] = message.active_source
    if message.HasField("trust_steps"):
        data["trust_steps"] = trust_convert.steps_data(message.trust_steps, f"{path}.trust_steps")
    return validated(Fixture, data, path)


def _gold_fact_to_proto(fact: GoldFact) -> pb.GoldFact:
    return pb.GoldFact(
        gist=fact.gist,
        fact=fact.fact,
        entity_slug=fact.entity_slug,
        match_keywords=fact.match_keywords,
        kind=kind_to_proto(fact.kind),
    )


def _gold_fact_from_proto(message: pb.GoldFact, path: str) -> GoldFact:
    data: dict[str, object] = {
        "gist": message.gist,
        "fact": message.fact,
        "entity_slug": message.entity_slug if message.HasField("entity_slug") else None,
        "match_keywords": list(message.match_keywords),
        "kind": kind_from_proto(message.HasField("kind"), message.kind, path),
    }
    return validated(GoldFact, data, path)


def _turn_gold_to_proto(turn: TurnGold) -> pb.TurnGold:
    return pb.TurnGold(
        should_retrieve=turn.should_retrieve,
        gold_slugs=turn.gold_slugs,
        acceptable_slugs=turn.acceptable_slugs,
        gold_facts=[_gold_fact_to_proto(fact) for fact in turn.gold_facts],
    )


def _turn_gold_from_proto(message: pb.TurnGold, path: str) -> TurnGold:
    data: dict[str, object] = {
        "should_retrieve": message.should_retrieve,
        "gold_slugs": list(message.gold_slugs),
        "acceptable_slugs": list(message.acceptable_slugs),
        "gold_facts": [
            _gold_fact_from_proto(fact, f"{path}.gold_facts[{i}]")
            for i, fact in enumerate(message.gold_facts)
        ],
    }
    return validated(TurnGold, data, path)


def _continuity_gold_to_proto(gold: ContinuityGold) -> pb.ContinuityGold:
    return pb.ContinuityGold(
        pair_id=gold.pair_id,
        decisions=[
            pb.Decision(
                decision_id=decision.decision_id,
                expected_slugs=decision.expected_slugs,
                match_keywords=decision.match_keywords,
            )
            for decision in gold.decisions
        ],
    )


def _continuity_gold_from_proto(message: pb.ContinuityGold, path: str) -> ContinuityGold:
    decisions = [
        validated(
            Decision,
            {
                "decision_id": decision.decision_id,
                "expected_slugs": list(decision.expected_slugs),
                "match_keywords": list(decision.match_keywords),
            },
            f"{path}.decisions[{i}]",
        )
        for i, decision in enumerate(message.decisions)
    ]
    return validated(ContinuityGold, {"pair_id": message.pair_id, "decisions": decisions}, path)


def gold_to_proto(gold: Gold) -> pb.Gold:
    """Encode sealed gold (only ever for the bench's own storage, never for a system)."""
    return pb.Gold(
        fixture_id=gold.fixture_id,
        turns={key: _turn_gold_to_proto(turn) for key, turn in gold.turns.items()},
        continuity=(
            None if gold.continuity is None else _continuity_gold_to_proto(gold.continuity)
        ),
        trust=None if gold.trust is None else trust_convert.gold_to_proto(gold.trust),
    )


def gold_from_proto(message: pb.Gold, path: str) -> Gold:
    """Decode sealed gold."""
    data: dict[str, object] = {
        "fixture_id": message.fixture_id,
        "turns": {
            key: _turn_gold_from_proto(turn, f"{path}.turns[{key!r}]")
            for key, turn in message.turns.items()
        },
        "continuity": (
            _continuity_gold_from_proto(message.continuity, f"{path}.continuity")
            if message.HasField("continuity")
            else None
        ),
        "trust": (
            trust_convert.gold_from_proto(message.trust, f"{path}.trust")
            if message.HasField("trust")
            else None
        ),
    }
    return validated(Gold, data, path)
