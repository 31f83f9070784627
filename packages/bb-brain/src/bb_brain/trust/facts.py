"""Facts under the trust rules: remember (with supersede / expiry), forget, and confirm.

State resolution: a fact is *current* while its status is ``active`` and its ``valid_until``
(if any) lies in the future. ``remember`` with a ``key`` supersedes the current facts with the
same key; ``supersedes`` names facts explicitly; ``forget`` expires one. Superseded and
expired rows stay as history. A write may never supersede or expire a fact above its own
tier: the whole operation is refused and nothing changes.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from bb_brain._errors import BrainUserError
from bb_brain._pg import Connection
from bb_brain.trust import gate
from bb_brain.trust.errors import TrustRefused
from bb_brain.trust.models import ConfirmReceipt, ForgetReceipt, WriteReceipt
from bb_brain.trust.purge import require_owner
from bb_brain.trust.tiers import ORIGIN_CLAIM, ContentOrigin, Principal, Tier, rank

_CURRENT = "status = 'active' AND (valid_until IS NULL OR valid_until > now())"


def parse_ref(ref: str, kind: str | None = None) -> tuple[str, str]:
    """Split ``fact:12`` into ("fact", "12"); the kind must match when given.

    Raises:
        BrainUserError: The ref is malformed or of another kind.
    """
    head, sep, tail = ref.partition(":")
    if not sep or not tail or head not in ("fact", "chunk", "page", "quarantine"):
        raise BrainUserError(
            f"ref {ref!r} is not an item reference; use fact:<id>, chunk:<id>, page:<slug> "
            "or quarantine:<id> as a receipt or a read returned it"
        )
    if kind is not None and head != kind:
        raise BrainUserError(f"ref {ref!r} is not a {kind}; give a {kind}:<id> ref")
    if head in ("fact", "chunk", "quarantine") and not tail.isdigit():
        raise BrainUserError(f"ref {ref!r}: the id after {head}: must be a number")
    return head, tail


def parse_when(value: str | None) -> dt.datetime | None:
    """An ISO-8601 instant; a naive one is taken as UTC.

    Raises:
        BrainUserError: Not ISO-8601.
    """
    if value is None:
        return None
    try:
        when = dt.datetime.fromisoformat(value)
    except ValueError as exc:
        raise BrainUserError(
            f"valid_until {value!r} is not an ISO-8601 time; write e.g. 2026-03-01T12:00:00Z"
        ) from exc
    return when if when.tzinfo is not None else when.replace(tzinfo=dt.UTC)


def remember(
    conn: Connection,
    brain_id: str,
    principal: Principal,
    source: str,
    text: str,
    *,
    entity: str | None,
    kind: str | None,
    key: str | None,
    supersedes: Sequence[str],
    valid_until: str | None,
    origin: ContentOrigin | None,
) -> WriteReceipt:
    """Store a fact (see the module docstring); runs inside the caller's transaction."""
    fact = " ".join(text.split())
    if not fact:
        raise BrainUserError("the fact is empty; give the text to remember")
    until = parse_when(valid_until)
    gate.require_source(conn, brain_id, source)
    gate.lock_source(conn, brain_id, source)
    claim = ORIGIN_CLAIM[origin] if origin else None
    tier = principal.tier_for(claim)
    if gate.tombstones(conn, brain_id, source).holds(fact):
        gate.event(conn, brain_id, source, principal, "remember", None, "refused", "tombstoned")
        raise TrustRefused(
            "tombstoned", "remember refused: this claim was purged from the source and stays "
            "forgotten; the owner purged it with forget --purge",
        )  # fmt: skip
    if gate.quarantined(tier, gate.settings(conn, brain_id)):
        payload = {"fact": fact, "entity_slug": entity, "kind": kind, "key": key}
        held = gate.hold(conn, brain_id, source, kind="fact", slug=None, payload=payload,
                         principal=principal)  # fmt: skip
        gate.event(conn, brain_id, source, principal, "remember", f"quarantine:{held}", "held")
        return WriteReceipt(ref=f"quarantine:{held}", source=source, tier=tier,
                            stored="quarantine", claimed=claim)  # fmt: skip
    targets = _targets(conn, brain_id, source, key, supersedes)
    _guard(conn, brain_id, source, principal, "remember", tier, targets)
    row = conn.execute(
        "INSERT INTO facts (brain_id, source, fact, entity_slug, kind, origin, trust_tier,"
        " written_by, fact_key, valid_until) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
        " RETURNING fact_id",
        (brain_id, source, fact, entity, kind, principal.channel, tier,
         gate.written_by(principal), key, until),
    ).fetchone()  # fmt: skip
    assert row is not None
    fact_id = int(row[0])
    if targets:
        conn.execute(
            "UPDATE facts SET status = 'superseded', superseded_by = %s, status_reason ="
            " 'superseded' WHERE fact_id = ANY(%s)",
            (fact_id, [t for t, _ in targets]),
        )
    ref = f"fact:{fact_id}"
    receipt_flag = gate.flag(conn, brain_id, source, ref, tier, principal)
    gate.event(conn, brain_id, source, principal, "remember", ref, "stored")
    return WriteReceipt(
        ref=ref,
        source=source,
        tier=tier,
        claimed=claim,
        flag=receipt_flag,
        superseded=[f"fact:{t}" for t, _ in targets],
    )


def _targets(
    conn: Connection, brain_id: str, source: str, key: str | None, refs: Sequence[str]
) -> list[tuple[int, Tier]]:
    """The current facts a remember would supersede: named ones plus those sharing its key."""
    ids = [int(parse_ref(ref, "fact")[1]) for ref in refs]
    rows = conn.execute(
        f"SELECT fact_id, trust_tier FROM facts WHERE brain_id = %s AND source = %s"
        f" AND {_CURRENT} AND (fact_id = ANY(%s) OR (%s::text IS NOT NULL AND fact_key = %s))"
        " ORDER BY fact_id FOR UPDATE",
        (brain_id, source, ids, key, key),
    ).fetchall()
    found = {int(r[0]) for r in rows}
    missing = [f"fact:{i}" for i in ids if i not in found]
    if missing:
        raise TrustRefused(
            "unknown_item",
            f"cannot supersede {', '.join(missing)}: no current fact with that ref in source "
            f"{source!r} (it may be superseded or expired already)",
        )
    return [(int(r[0]), gate.as_tier(r[1])) for r in rows]


def _guard(
    conn: Connection,
    brain_id: str,
    source: str,
    principal: Principal,
    action: str,
    tier: Tier,
    targets: Sequence[tuple[int, Tier]],
) -> None:
    above = [f"fact:{fid}" for fid, target in targets if rank(target) > rank(tier)]
    if above:
        gate.event(conn, brain_id, source, principal, action, above[0], "refused", "lower_tier")
        raise TrustRefused(
            "lower_tier",
            f"{action} refused: {', '.join(above)} has a higher trust tier than this write "
            f"({tier}); only a writer at that tier or above can replace or expire it",
        )


def forget(
    conn: Connection, brain_id: str, principal: Principal, source: str, ref: str
) -> ForgetReceipt:
    """Expire a current fact now (its row stays as history)."""
    fact_id = int(parse_ref(ref, "fact")[1])
    gate.require_source(conn, brain_id, source)
    gate.lock_source(conn, brain_id, source)
    targets = _targets(conn, brain_id, source, None, [ref])
    _guard(conn, brain_id, source, principal, "forget", principal.ceiling, targets)
    conn.execute(
        "UPDATE facts SET status = 'expired', status_reason = 'forgotten' WHERE fact_id = %s",
        (fact_id,),
    )
    gate.event(conn, brain_id, source, principal, "forget", ref, "expired")
    return ForgetReceipt(ref=ref, source=source, state="expired")


def confirm_fact(
    conn: Connection, brain_id: str, principal: Principal, source: str, ref: str
) -> ConfirmReceipt:
    """Promote a current fact to user_confirmed: a new row; the old one is retired."""
    require_owner(principal, "confirm")
    fact_id = int(parse_ref(ref, "fact")[1])
    gate.lock_source(conn, brain_id, source)
    row = conn.execute(
        f"SELECT trust_tier FROM facts WHERE brain_id = %s AND source = %s AND fact_id = %s"
        f" AND {_CURRENT} FOR UPDATE",
        (brain_id, source, fact_id),
    ).fetchone()
    if row is None:
        raise TrustRefused("unknown_item", f"confirm: no current fact {ref!r} in {source!r}")
    if rank(row[0]) >= rank("user_confirmed"):
        return ConfirmReceipt(ref=ref, confirmed_ref=ref, source=source, tier=row[0])
    new = conn.execute(
        "INSERT INTO facts (brain_id, source, fact, entity_slug, kind, source_session,"
        " source_markdown_slug, origin, trust_tier, written_by, fact_key, valid_until)"
        " SELECT brain_id, source, fact, entity_slug, kind, source_session,"
        " source_markdown_slug, origin, 'user_confirmed', written_by, fact_key, valid_until"
        " FROM facts WHERE fact_id = %s RETURNING fact_id",
        (fact_id,),
    ).fetchone()
    assert new is not None
    conn.execute(
        "UPDATE facts SET status = 'superseded', superseded_by = %s, status_reason ="
        " 'confirmed' WHERE fact_id = %s",
        (int(new[0]), fact_id),
    )
    confirmed = f"fact:{new[0]}"
    gate.event(conn, brain_id, source, principal, "confirm", ref, "confirmed")
    return ConfirmReceipt(ref=ref, confirmed_ref=confirmed, source=source, tier="user_confirmed")
