"""The write gate and its bookkeeping: settings, quarantine, flags, tombstones, audit events.

Every trust write passes here before it reaches a live store:

* a purged claim (tombstone) is refused or scrubbed;
* external content goes to ``quarantine`` when ``write_gate.external_mode = quarantine``;
* anything landing live below user_confirmed through a non-owner channel gets a flag (the
  owner's review item) and the writer a flag receipt.
"""

from __future__ import annotations

from typing import Any, cast

from psycopg.types.json import Jsonb

from bb_brain._pg import Connection
from bb_brain.trust.claims import Matcher, Tombstone
from bb_brain.trust.errors import TrustConfigError
from bb_brain.trust.models import Flag, TrustSettings
from bb_brain.trust.tiers import Principal, Tier, is_unconfirmed


def lock_source(conn: Connection, brain_id: str, source: str) -> None:
    """Serialise trust writes to one source (read-modify-write of pages and facts)."""
    key = "\x1f".join(("trust-source", brain_id, source))
    conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (key,))


def require_source(conn: Connection, brain_id: str, source: str) -> None:
    """Fail with a clear message when ``source`` is not a persistence source of the brain."""
    row = conn.execute(
        "SELECT 1 FROM trust_sources WHERE brain_id = %s AND source = %s", (brain_id, source)
    ).fetchone()
    if row is None:
        raise TrustConfigError(
            f"source {source!r} of brain {brain_id!r} has no git repository; "
            "bind one with TrustBrain.add_source (or create the brain with it)"
        )


def settings(conn: Connection, brain_id: str) -> TrustSettings:
    """The brain's write-gate settings (defaults when the brain never set any)."""
    row = conn.execute(
        "SELECT external_mode, agent_activation FROM trust_settings WHERE brain_id = %s",
        (brain_id,),
    ).fetchone()
    if row is None:
        return TrustSettings()
    return TrustSettings(external_mode=row[0], agent_activation=row[1])


def tombstones(conn: Connection, brain_id: str, source: str) -> Matcher:
    """Every purged claim of the source, as a matcher."""
    rows = conn.execute(
        "SELECT claim_sha256, token_count FROM trust_tombstones WHERE brain_id = %s"
        " AND source = %s",
        (brain_id, source),
    ).fetchall()
    return Matcher(tombstones=[Tombstone(str(sha), int(n)) for sha, n in rows])


def quarantined(tier: Tier, current: TrustSettings) -> bool:
    """Does the gate hold this write back?"""
    return tier == "external_untrusted" and current.external_mode == "quarantine"


def hold(
    conn: Connection,
    brain_id: str,
    source: str,
    *,
    kind: str,
    slug: str | None,
    payload: dict[str, Any],
    principal: Principal,
) -> int:
    """Put a write in quarantine; return its id."""
    row = conn.execute(
        "INSERT INTO quarantine (brain_id, source, kind, slug, payload, written_by)"
        " VALUES (%s, %s, %s, %s, %s, %s) RETURNING quarantine_id",
        (brain_id, source, kind, slug, Jsonb(payload), written_by(principal)),
    ).fetchone()
    assert row is not None
    return int(row[0])


def flag(
    conn: Connection, brain_id: str, source: str, ref: str, tier: Tier, principal: Principal
) -> Flag | None:
    """Flag a live write for the owner's review when it came from a non-owner channel."""
    if principal.ceiling == "owner" or not is_unconfirmed(tier):
        return None
    row = conn.execute(
        "INSERT INTO trust_flags (brain_id, source, ref, trust_tier, written_by)"
        " VALUES (%s, %s, %s, %s, %s) RETURNING flag_id",
        (brain_id, source, ref, tier, written_by(principal)),
    ).fetchone()
    assert row is not None
    label = "external, untrusted" if tier == "external_untrusted" else "agent-written"
    return Flag(
        flag_id=int(row[0]),
        ref=ref,
        tier=tier,
        message=f"stored {ref} as {label}, unconfirmed; the owner can confirm it with "
        f"`bb-brain confirm {ref}` at a terminal",
    )


def flagged_refs(conn: Connection, brain_id: str, source: str, refs: list[str]) -> set[str]:
    """Which of ``refs`` carry a flag."""
    if not refs:
        return set()
    rows = conn.execute(
        "SELECT DISTINCT ref FROM trust_flags WHERE brain_id = %s AND source = %s"
        " AND ref = ANY(%s)",
        (brain_id, source, refs),
    ).fetchall()
    return {str(row[0]) for row in rows}


def event(
    conn: Connection,
    brain_id: str,
    source: str,
    principal: Principal,
    action: str,
    ref: str | None,
    outcome: str,
    reason: str | None = None,
) -> None:
    """Append an audit event (refs and reasons only, never content)."""
    conn.execute(
        "INSERT INTO trust_events (brain_id, source, channel, actor, action, ref, outcome,"
        " reason) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
        (brain_id, source, principal.channel, principal.actor, action, ref, outcome, reason),
    )


def written_by(principal: Principal) -> str:
    """The actor stamp stored on rows and fence markers, e.g. ``mcp:helper``."""
    prefix = {
        "owner_sync": "git",
        "owner_cli": "owner",
        "local_cli": "cli",
        "mcp_agent": "mcp",
        "connector": "connector",
    }[principal.channel]
    return prefix if principal.actor in ("", "owner") else f"{prefix}:{principal.actor}"


def as_tier(value: object) -> Tier:
    """A tier read back from the database."""
    return cast(Tier, str(value))
