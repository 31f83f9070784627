"""Per-item trust records for the Result: each read surface's observation and the verdict."""

from __future__ import annotations

from bb_trust.cells import score_trust
from bb_trust.observations import (
    Activation,
    BenignObservation,
    FixtureObservations,
    PayloadObservation,
    StepOutcome,
    TierObservation,
)
from bb_trust.records import trust_records

HARNESSES = ["openclaw", "codex"]
SEAMS = {"openclaw": "production", "codex": "contract"}


def _payload(item: str, activations: tuple[Activation, ...]) -> PayloadObservation:
    return PayloadObservation(
        item_id=item, arm="agent", standing=False, step="ok", persisted_live=True, flagged=True,
        read_tiers=("agent_written",), read_unconfirmed=True, read_external=False,
        activations=activations,
    )  # fmt: skip


def test_a_tier_item_shows_each_surface_and_which_one_disagreed() -> None:
    fixture = FixtureObservations(
        "trust-1",
        tiers=[
            TierObservation("good", {"stored": "owner", "get_page": "owner"},
                            {"stored": "owner", "get_page": "owner"}),
            TierObservation("bad", {"stored": "owner", "search": "owner"},
                            {"stored": "owner", "search": "agent_written"}),
        ],
    )  # fmt: skip
    scored = score_trust({"trust": [fixture]}, SEAMS, HARNESSES)
    records = {
        r.item: r for r in trust_records({"trust": [fixture]}, scored.failed_items, HARNESSES)
    }
    assert records["good"].passed and records["good"].reason == ""
    surfaces = {k: v for k, v in records["good"].observations.items() if "(expected" in v}
    assert surfaces == {"get_page": "owner (expected owner)", "stored": "owner (expected owner)"}
    # every other field of the observation shows too, whatever it is (e.g. read errors)
    assert set(records["good"].observations) - set(surfaces) == {"read errors"}
    bad = records["bad"]
    assert not bad.passed and bad.kind == "tier" and bad.suite == "trust"
    assert bad.observations["search"] == "agent_written (expected owner)"
    assert bad.reason.startswith("trust_label_accuracy: ") and "(on " not in bad.reason


def test_a_payload_shows_where_it_reached_and_a_per_seam_failure_names_the_row() -> None:
    bare = Activation("harness:codex", wrapped=False, unconfirmed_label=False)
    labelled = Activation("harness:openclaw", wrapped=False, unconfirmed_label=True)
    fixture = FixtureObservations(
        "poison-1",
        payloads=[_payload("p1", (bare, labelled))],
        default_payloads=[_payload("p1", ())],
    )
    scored = score_trust({"poisoning": [fixture]}, SEAMS, HARNESSES)
    records = trust_records({"poisoning": [fixture]}, scored.failed_items, HARNESSES)
    on, default = records
    assert (on.kind, default.kind) == ("payload", "payload, default mode")
    assert on.observations["harness:codex"] == "reached, bare (no wrapper or label)"
    assert on.observations["harness:openclaw"] == "reached, unconfirmed label"
    assert on.observations["persisted live"] == "yes"
    assert not on.passed and "(on codex)" in on.reason  # activation is measured per seam
    assert default.observations["proactive context"] == "never reached"
    assert all(not r.startswith("default_") for r in on.reason.split("; "))


def test_an_item_whose_step_failed_names_the_failed_step() -> None:
    fixture = FixtureObservations(
        "poison-2",
        steps=[StepOutcome("s1", "ok"), StepOutcome("s2", "failed", "mcp write timed out")],
        benign=[BenignObservation("b1", arm="external", step="failed", live=False, held=False)],
    )
    scored = score_trust({"poisoning": [fixture]}, SEAMS, HARNESSES)
    (record,) = trust_records({"poisoning": [fixture]}, scored.failed_items, HARNESSES)
    assert not record.passed and record.reason.startswith("benign_retention: ")
    assert record.observations["failed steps"] == "s2: mcp write timed out"
