"""The trust seam over a real mem0 store: tiers by channel, labels on read, purge, the dump."""

from bb_schema import trust_seam as ts
from bb_schema.memory import CloseBrainRequest
from foreign_mem0.memory import Mem0Memory
from foreign_mem0.store import Mem0Store, library_version


def _brain(memory: Mem0Memory, mode: str = "flag") -> str:
    settings = ts.TrustSettings.model_validate({"external_mode": mode})
    request = ts.OpenTrustBrainRequest(brain_name="b", source="default", settings=settings)
    return memory.open_trust_brain(request).brain_id


def test_the_channel_fixes_the_tier_and_reads_label_it(store: Mem0Store) -> None:
    memory = Mem0Memory(store, version=library_version())
    brain = _brain(memory)
    base = {"brain_id": brain, "source": "default"}
    agent = memory.remember(
        ts.RememberRequest(
            **base,
            channel="remote-agent",
            claimed_origin="owner",
            text="Ada prefers tea zq1",
        )
    )
    assert agent.outcome == "ok" and agent.tier == "agent_written" and agent.flagged
    read = ts.RecallFactsRequest(**base, channel="observer", query="zq1")
    (fact,) = memory.recall_facts(read).facts
    assert fact.tier == "agent_written" and fact.unconfirmed and fact.state == "current"
    local = memory.confirm(ts.ConfirmRequest(**base, channel="local-script", ref=agent.ref))
    assert local.outcome == "refused"
    owner = memory.confirm(ts.ConfirmRequest(**base, channel="owner-terminal", ref=agent.ref))
    assert owner.outcome == "ok" and owner.tier == "user_confirmed"
    (confirmed,) = memory.recall_facts(read).facts
    assert confirmed.tier == "user_confirmed" and not confirmed.unconfirmed
    memory.close_trust_brain(CloseBrainRequest(brain_id=brain))


def test_purge_leaves_nothing_in_the_dump_and_quarantine_holds_external(store: Mem0Store) -> None:
    memory = Mem0Memory(store, version=library_version())
    brain = _brain(memory, "quarantine")
    base = {"brain_id": brain, "source": "default"}
    claim = "Ada lives at 4 Mill Street"
    memory.remember(ts.RememberRequest(**base, channel="owner-terminal", text=f"{claim} zq2"))
    held = memory.remember(ts.RememberRequest(**base, channel="tool-output", text="zq3 notice"))
    assert held.stored == "held" and held.tier == "external_untrusted"
    receipt = memory.purge(ts.PurgeRequest(**base, channel="owner-terminal", claim=claim))
    assert receipt.stores == ["mem0"]
    dump = memory.dump_stores(ts.DumpStoresRequest(brain_id=brain))
    assert not any(claim in text for r in dump.records for text in r.texts)
    assert [r.role for r in dump.records] == ["held"]
    memory.close_trust_brain(CloseBrainRequest(brain_id=brain))
