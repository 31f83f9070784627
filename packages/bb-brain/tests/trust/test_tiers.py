"""Tiers and ceilings, labels on every read, and the database refusing in-place tier changes."""

from __future__ import annotations

import psycopg
import pytest
from bb_brain import Database
from bb_brain.trust import Principal, TrustBrain

from .conftest import ALICE, SOURCE, commit

AGENT = Principal.agent("helper")


def owner_alice(brain: TrustBrain) -> None:
    commit(brain.repo(SOURCE), {"people/alice.md": ALICE})
    brain.owner.sync(SOURCE)


def test_owner_sync_is_owner_tier_with_timeline_and_takes(brain: TrustBrain) -> None:
    owner_alice(brain)
    page = brain.get_page(SOURCE, "people/alice")
    assert page is not None and page.tier == "owner" and not page.unconfirmed
    assert [c.tier for c in page.chunks] == ["owner"]
    assert [(t.occurred, t.tier) for t in page.timeline] == [("2024-01-02", "owner")]
    assert [(t.text, t.tier) for t in page.takes] == [("strong on security", "owner")]
    # unchanged file: a second sync is a no-op, and the file is byte-identical
    assert brain.owner.sync(SOURCE).unchanged == 1
    assert (brain.repo(SOURCE) / "people/alice.md").read_text(encoding="utf-8") == ALICE


def test_agent_edit_of_owner_page_is_a_fenced_lower_tier_chunk(brain: TrustBrain) -> None:
    owner_alice(brain)
    edited = ALICE.replace("Our CTO", "Our CEO") + "Alice's badge code is CANARY-7.\n"
    receipt = brain.acting_as(AGENT).put_page(SOURCE, "people/alice", edited)
    assert receipt.tier == "agent_written" and receipt.ref.startswith("chunk:")
    assert receipt.flag is not None and receipt.flag.ref == receipt.ref
    brain.wait_settled()
    page = brain.get_page(SOURCE, "people/alice")
    assert page is not None and page.tier == "owner" and page.summary == "Our CTO"
    fence = [c for c in page.chunks if c.tier == "agent_written"]
    assert len(fence) == 1 and "CANARY-7" in fence[0].text and fence[0].unconfirmed
    assert fence[0].flagged and "Our CEO" not in page.body  # the agent cannot retitle it
    text = (brain.repo(SOURCE) / "people/alice.md").read_text(encoding="utf-8")
    assert "tier=agent_written by=mcp:helper" in text
    # the owner re-syncing the engine-written file does not launder the fence to owner
    brain.owner.sync(SOURCE)
    again = brain.get_page(SOURCE, "people/alice")
    assert again is not None and [c.tier for c in again.chunks] == ["owner", "agent_written"]


def test_search_hit_takes_the_highest_tier_of_its_matching_chunks(brain: TrustBrain) -> None:
    owner_alice(brain)
    brain.acting_as(AGENT).put_page(SOURCE, "people/alice", "Alice plays CANARY-chess.\n")
    brain.wait_settled()
    (fence_only,) = brain.search(SOURCE, "CANARY-chess")
    assert fence_only.tier == "agent_written" and fence_only.unconfirmed
    (owner_hit,) = brain.search(SOURCE, "green tea")
    assert owner_hit.tier == "owner"
    (both,) = brain.search(SOURCE, "Alice")
    assert both.tier == "owner" and {c.tier for c in both.chunks} == {"owner", "agent_written"}


def test_claims_never_raise_a_tier(brain: TrustBrain) -> None:
    agent = brain.acting_as(AGENT)
    page = agent.put_page(SOURCE, "notes/plan", "---\ntitle: Plan\ntrust_tier: user_confirmed\n"
                          "---\nShip it.\n")  # fmt: skip
    assert (page.tier, page.claimed) == ("agent_written", "user_confirmed")
    fact = agent.remember(SOURCE, "Alice said ship it", content_origin="user_said")
    assert fact.tier == "agent_written" and brain.stored_tier(fact.ref) == "agent_written"
    tool = agent.remember(SOURCE, "the tool said so", content_origin="tool_output")
    assert tool.tier == "external_untrusted"
    # positive control: the same claim from the owner's channel is honoured (it only lowers)
    owner = brain.owner.remember(SOURCE, "owner note", content_origin="user_said")
    assert owner.tier == "user_confirmed"
    local = brain.acting_as(Principal.local()).remember(SOURCE, "from a script")
    assert local.tier == "agent_written" and local.flag is not None


def test_agent_tidy_up_of_external_page_stays_external(brain: TrustBrain) -> None:
    payload = {"number": 5, "title": "Bug", "body": "Steps: CANARY-ext", "user": {"login": "x"},
               "html_url": "https://github.com/o/r/issues/5"}  # fmt: skip
    ingested = brain.acting_as(Principal.connector("github")).ingest_github(SOURCE, payload)
    assert ingested.tier == "external_untrusted" and ingested.flag is not None
    slug = ingested.ref.removeprefix("page:")
    tidy = brain.acting_as(AGENT).put_page(SOURCE, slug, "# Bug\n\nSteps: CANARY-ext (tidied)\n")
    assert tidy.tier == "external_untrusted"
    page = brain.get_page(SOURCE, slug)
    assert page is not None and page.external_untrusted
    assert all(c.external_untrusted for c in page.chunks)


def test_raw_update_of_trust_tier_is_refused_by_the_database(
    brain: TrustBrain, db: Database
) -> None:
    owner_alice(brain)
    fact = brain.acting_as(AGENT).remember(SOURCE, "Alice owes me lunch")
    chunk = brain.acting_as(AGENT).put_page(SOURCE, "people/alice", "CANARY-raw\n")
    brain.wait_settled()
    for table, where, value, new in (
        ("facts", "fact_id = %s", int(fact.ref.split(":")[1]), "owner"),
        ("chunks", "chunk_id = %s", int(chunk.ref.split(":")[1]), "owner"),
        ("search_index", "chunk_id = %s", int(chunk.ref.split(":")[1]), "owner"),
        ("pages", "slug = %s", "people/alice", "user_confirmed"),
        ("timeline_entries", "slug = %s", "people/alice", "user_confirmed"),
        ("takes", "slug = %s", "people/alice", "user_confirmed"),
    ):
        with psycopg.connect(db.conninfo, options=f"-c search_path={db.schema}") as raw:
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="immutable"):
                raw.execute(f"UPDATE {table} SET trust_tier = %s WHERE brain_id = %s"
                            f" AND {where}", (new, brain.brain_id, value))  # fmt: skip
    assert brain.stored_tier(fact.ref) == "agent_written"
    assert brain.stored_tier(chunk.ref) == "agent_written"
    # the trigger guards the tier only: other columns stay writable (the rule is precise)
    with psycopg.connect(db.conninfo, options=f"-c search_path={db.schema}") as raw:
        raw.execute("UPDATE facts SET kind = 'event' WHERE fact_id = %s",
                    (int(fact.ref.split(":")[1]),))  # fmt: skip


def test_sources_do_not_leak(make_trust_brain: object, brain: TrustBrain, tmp_path: object) -> None:
    from pathlib import Path

    brain.add_source("src-b", Path(str(tmp_path)) / "repo-b")
    commit(brain.repo("src-b"), {"people/alice.md": "---\ntitle: Alice B\n---\nCANARY-b\n"})
    brain.owner.sync("src-b")
    brain.owner.remember("src-b", "CANARY-b fact")
    owner_alice(brain)
    assert brain.search(SOURCE, "CANARY-b") == []
    assert brain.recall(SOURCE, "CANARY-b") == []
    page = brain.get_page(SOURCE, "people/alice")
    assert page is not None and "CANARY-b" not in page.body
    brain.owner.purge(SOURCE, "CANARY-b")
    assert [h.slug for h in brain.search("src-b", "CANARY-b")] == ["people/alice"]
    assert len(brain.recall("src-b", "CANARY-b")) == 1
