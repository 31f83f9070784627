"""State resolution: supersede, expiry, history, and the lower-tier guard."""

from __future__ import annotations

import pytest
from bb_brain.trust import Principal, TrustBrain, TrustRefused

from .conftest import SOURCE

AGENT = Principal.agent("helper")


def test_key_supersedes_and_history_stays(brain: TrustBrain) -> None:
    old = brain.owner.remember(SOURCE, "Alice works at Acme", key="alice/employer")
    new = brain.owner.remember(SOURCE, "Alice works at Beta", key="alice/employer")
    assert new.superseded == [old.ref]
    assert [f.fact for f in brain.recall(SOURCE, "Alice works")] == ["Alice works at Beta"]
    history = {f.ref: f for f in brain.recall(SOURCE, "Alice works", include_history=True)}
    assert history[old.ref].state == "superseded" and not history[old.ref].current
    assert history[old.ref].superseded_by == new.ref


def test_explicit_supersede_and_expiry(brain: TrustBrain) -> None:
    a = brain.owner.remember(SOURCE, "Bob lives in Oslo")
    b = brain.owner.remember(SOURCE, "Bob lives in Rome", supersedes=[a.ref])
    stale = brain.owner.remember(SOURCE, "Bob is on leave", valid_until="2000-01-01T00:00:00Z")
    brain.owner.forget(SOURCE, b.ref)
    assert brain.recall(SOURCE, "Bob") == []
    states = {f.ref: f.state for f in brain.recall(SOURCE, "Bob", include_history=True)}
    assert states == {a.ref: "superseded", b.ref: "expired", stale.ref: "expired"}
    with pytest.raises(TrustRefused) as refused:  # a superseded fact is not current any more
        brain.owner.remember(SOURCE, "Bob lives in Paris", supersedes=[a.ref])
    assert refused.value.reason == "unknown_item"


def test_lower_tier_cannot_supersede_or_expire_a_higher_tier_fact(brain: TrustBrain) -> None:
    owner = brain.owner.remember(SOURCE, "Meeting is on Monday", key="meeting/day")
    agent = brain.acting_as(AGENT)
    for attempt in (
        lambda: agent.remember(SOURCE, "Meeting is on Friday", key="meeting/day"),
        lambda: agent.remember(SOURCE, "Meeting is on Friday", supersedes=[owner.ref]),
        lambda: agent.forget(SOURCE, owner.ref),
    ):
        with pytest.raises(TrustRefused) as refused:
            attempt()
        assert refused.value.reason == "lower_tier"
    (current,) = brain.recall(SOURCE, "Meeting")
    assert (current.ref, current.state) == (owner.ref, "current")
    assert brain.recall(SOURCE, "Friday", include_history=True) == []  # nothing was stored
    # positive control: at the same tier the agent can replace and expire its own facts
    mine = agent.remember(SOURCE, "Lunch at noon", key="lunch")
    theirs = agent.remember(SOURCE, "Lunch at one", key="lunch")
    assert theirs.superseded == [mine.ref]
    assert agent.forget(SOURCE, theirs.ref).state == "expired"


def test_confirm_promotes_only_for_the_owner_at_a_terminal(brain: TrustBrain) -> None:
    fact = brain.acting_as(AGENT).remember(SOURCE, "Alice prefers email")
    for who, reason in ((AGENT, "not_owner"), (Principal.local(), "not_interactive"),
                        (Principal.owner_sync(), "not_interactive")):  # fmt: skip
        with pytest.raises(TrustRefused) as refused:
            brain.acting_as(who).confirm(SOURCE, fact.ref)
        assert refused.value.reason == reason
    assert brain.stored_tier(fact.ref) == "agent_written"
    done = brain.owner.confirm(SOURCE, fact.ref)
    assert done.tier == "user_confirmed" and brain.stored_tier(done.confirmed_ref) == done.tier
    (current,) = brain.recall(SOURCE, "Alice prefers")
    assert current.ref == done.confirmed_ref and not current.unconfirmed
