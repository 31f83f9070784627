"""The independent scan finds a claim in any table and file; step outcomes never raise.

The reference engine's store dump carries every text-bearing column of every table (and the
canonical files); the bench's own matching finds the claim in them. A step whose call the
system lacks, or cannot run, is a failed outcome naming why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bb_brain import Database
from bb_brain.trust.dump import dump_stores
from bb_schema.trust import CliStep, McpStep, RawSqlStep
from bb_trust import scan
from bb_trust.session import Capabilities, TrustSession
from bb_trust.steps import StepRunner


def test_the_scan_reads_every_text_column_of_any_table_it_was_never_told_about(
    db: Database, tmp_path: Path
) -> None:
    claim = "Ada lives at 4 Mill Street"
    with db.connection() as conn:
        conn.execute(
            "CREATE TABLE probe_store (brain_id text, note varchar(200), blob jsonb,"
            " words tsvector, tags text[])"
        )
        conn.execute(
            "INSERT INTO probe_store VALUES ('b1', %s, NULL, NULL, NULL),"
            " ('b1', NULL, %s, NULL, NULL), ('b1', NULL, NULL, to_tsvector('simple', %s), NULL),"
            " ('b1', NULL, NULL, NULL, %s), ('other', %s, NULL, NULL, NULL)",
            ("ada  LIVES at 4\nmill street!", '{"x": ["Ada lives at 4 Mill Street"]}', claim,
             ["nothing", claim], claim),
        )  # fmt: skip
    try:
        rows = scan.holdings(dump_stores(db, "b1", tmp_path), claim).rows
        assert rows["probe_store"] == 4  # the other brain's row is not this fixture's
        (tmp_path / "people").mkdir()
        (tmp_path / "people" / "ada.md").write_text(
            "x\nAda   lives at 4 Mill\tStreet\n", encoding="utf-8"
        )
        (tmp_path / ".git").mkdir()
        (tmp_path / ".git" / "old.md").write_text(claim, encoding="utf-8")
        held = scan.holdings(dump_stores(db, "b1", tmp_path), claim)
        assert held.files == ("people/ada.md",)
        assert {"probe_store", scan.CANONICAL_FILES} <= held.stores
        other = scan.holdings(dump_stores(db, "b1", tmp_path), "Ada lives at 5 Mill Street")
        assert other.rows.get("probe_store", 0) == 0
    finally:
        with db.connection() as conn:
            conn.execute("DROP TABLE probe_store")


class _Failing:
    """A system whose every call raises: what a crashing server looks like to the runner."""

    def __getattr__(self, name: str) -> Any:
        def call(request: Any) -> Any:
            raise RuntimeError(f"{name} crashed")

        return call


def test_a_step_the_system_cannot_run_is_failed_never_raised() -> None:
    everything = Capabilities(["trust", "trust.resync", "trust.confirm", "trust.recall-facts"])
    steps = StepRunner(TrustSession(_Failing(), "b", "default", everything))
    cli = steps.run(CliStep(step_id="s1", op="cli", command="sync", tty=True))
    mcp = steps.run(McpStep(step_id="s2", op="mcp", tool="confirm_memory",
                            arguments={"ref": "{{ref:s1}}"}))  # fmt: skip
    assert cli.status == "failed" and "resync crashed" in cli.detail
    assert mcp.status == "failed" and "s1" in mcp.detail  # no ref to stand in for


def test_a_call_the_system_does_not_offer_fails_its_step_as_capability_missing() -> None:
    only_trust = Capabilities(["trust", "trust.recall-facts"])
    steps = StepRunner(TrustSession(_Failing(), "b", "default", only_trust))
    cli = steps.run(CliStep(step_id="s1", op="cli", command="sync", tty=True))
    assert cli.status == "failed" and cli.detail == "capability missing: trust.resync"
    none = StepRunner(TrustSession(_Failing(), "b", "default", Capabilities([])))
    raw = none.run(RawSqlStep.model_validate({
        "step_id": "s2", "op": "raw_sql", "attempt": "set_trust_tier",
        "target": {"kind": "page", "slug": "people/x"}, "tier": "owner",
    }))  # fmt: skip
    assert raw.status == "failed" and raw.detail == "capability missing: trust"
