"""The independent scan finds a claim in any table and file; channel outcomes never raise."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bb_brain import Database
from bb_schema.trust import CliStep, McpStep
from bb_trust import scan
from bb_trust.channels import Channels


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
        rows = scan.scan_tables(db, "b1", claim)
        assert rows["probe_store"] == 4  # the other brain's row is not this fixture's
        (tmp_path / "people").mkdir()
        (tmp_path / "people" / "ada.md").write_text(
            "x\nAda   lives at 4 Mill\tStreet\n", encoding="utf-8"
        )
        (tmp_path / ".git").mkdir()
        (tmp_path / ".git" / "old.md").write_text(claim, encoding="utf-8")
        held = scan.scan(db, "b1", claim, tmp_path)
        assert held.files == ("people/ada.md",)
        assert {"probe_store", scan.CANONICAL_FILES} <= held.stores
        assert scan.scan_tables(db, "b1", "Ada lives at 5 Mill Street")["probe_store"] == 0
    finally:
        with db.connection() as conn:
            conn.execute("DROP TABLE probe_store")


class _NoBrain:
    """A brain whose every channel is missing: what an engine without trust looks like."""

    brain_id = "none"

    def env(self, source: str, token: str | None = None) -> dict[str, str]:
        raise NotImplementedError("no trust channels in this build")

    def issue_agent_token(self, name: str) -> str:
        raise NotImplementedError("no agent tokens in this build")

    def __getattr__(self, name: str) -> Any:
        raise NotImplementedError(name)


def test_a_step_the_build_cannot_run_is_failed_never_raised(tmp_path: Path) -> None:
    channels = Channels(_NoBrain(), "default", tmp_path)
    try:
        cli = channels.run(CliStep(step_id="s1", op="cli", command="sync", tty=True))
        mcp = channels.run(McpStep(step_id="s2", op="mcp", tool="confirm_memory",
                                   arguments={"ref": "{{ref:s1}}"}))  # fmt: skip
    finally:
        channels.close()
    assert cli.status == "failed" and "no trust channels" in cli.detail
    assert mcp.status == "failed" and "s1" in mcp.detail  # no ref to stand in for
