"""The mutations of the memory-trust probes: each breaks one protection of the engine.

Two kinds:

* **write** mutations (:data:`CHANNEL`, plus ``drop-tier-trigger``) break what the steps
  store. They hold for a whole fixture run: ``apply_in_channels(name)`` runs inside the
  channel subprocesses (the CLI, the MCP server) through ``sitecustomize``, and
  ``apply_write(name, setattr)`` applies the same patch in the test process (some effects
  run there).
* **read** mutations (:func:`apply_read`) break only what is read afterwards: the explicit
  read surfaces, the context pack, the served turn context, or one harness seam's render
  (``strip-labels@<harness>``). The probes apply them as views on a run's writes, so they
  need no run of their own.

Patches go through pytest's ``monkeypatch.setattr`` (passed in as ``setter``) so they are
undone afterwards.
"""

from __future__ import annotations

import datetime as dt
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

Setter = Callable[[Any, str, Any], None]


def _everywhere(setter: Setter, module: Any, name: str, new: Any) -> None:
    """Replace ``module.name`` and every ``from module import name`` copy in bb_brain."""
    old = getattr(module, name)
    setter(module, name, new)
    for other in list(sys.modules.values()):
        if other is module or not getattr(other, "__name__", "").startswith("bb_brain"):
            continue
        if getattr(other, name, None) is old:
            setter(other, name, new)


def _load() -> dict[str, Any]:
    import bb_brain.cli  # noqa: F401 - the channel entry points import the rest
    import bb_brain.trust.api  # noqa: F401
    from bb_brain.trust import facts, gate, purge, tiers

    try:
        import bb_brain.trust.channels  # noqa: F401
        import bb_brain.trust.commands  # noqa: F401
    except ImportError:
        pass
    return {"facts": facts, "gate": gate, "purge": purge, "tiers": tiers}


# -- channel-side mutations (the writes) ------------------------------------------------------


def _claim_over_ceiling(m: dict[str, Any], setter: Setter) -> None:
    """Drop the ceiling check: a claimed tier (frontmatter, content_origin) is stored as is."""

    def tier_for(self: Any, claim: Any = None) -> Any:
        return self.ceiling if claim is None else claim

    setter(m["tiers"].Principal, "tier_for", tier_for)


def _non_tty_confirm(m: dict[str, Any], setter: Setter) -> None:
    """Allow a non-TTY local confirm: a local process counts as the owner."""
    setter(m["tiers"].Principal, "is_owner", property(
        lambda self: self.channel in ("owner_cli", "local_cli")
    ))  # fmt: skip


def _everything_expires(m: dict[str, Any], setter: Setter) -> None:
    """Every fact is written already expired."""

    def parse_when(value: str | None) -> dt.datetime | None:
        del value
        return dt.datetime(2024, 1, 1, tzinfo=dt.UTC)

    _everywhere(setter, m["facts"], "parse_when", parse_when)


def _no_supersede(m: dict[str, Any], setter: Setter) -> None:
    """A new fact with the same key leaves the old one current."""
    _everywhere(setter, m["facts"], "_targets", lambda *args, **kwargs: [])


def _forget_deletes(m: dict[str, Any], setter: Setter) -> None:
    """``forget`` deletes the row instead of keeping it as expired history."""
    facts = m["facts"]
    original = facts.forget

    def forget(conn: Any, brain_id: str, principal: Any, source: str, ref: str) -> Any:
        receipt = original(conn, brain_id, principal, source, ref)
        conn.execute("DELETE FROM facts WHERE fact_id = %s", (int(ref.split(":")[1]),))
        return receipt

    _everywhere(setter, facts, "forget", forget)


def _lower_tier_supersedes(m: dict[str, Any], setter: Setter) -> None:
    """Let a lower tier supersede or expire a higher-tier fact."""
    _everywhere(setter, m["facts"], "_guard", lambda *args, **kwargs: None)


def _purge_skips_facts(m: dict[str, Any], setter: Setter) -> None:
    """Skip one store in purge: the facts table."""
    _everywhere(setter, m["purge"], "_purge_facts", lambda *args, **kwargs: 0)


def _receipt_skips_takes(m: dict[str, Any], setter: Setter) -> None:
    """Purge every store but leave ``takes`` out of the receipt."""
    purge = m["purge"]
    original = purge._count

    def count(hits: dict[str, Any], store: str, rows: int) -> None:
        if store != "takes":
            original(hits, store, rows)

    _everywhere(setter, purge, "_count", count)


def _no_tombstone(m: dict[str, Any], setter: Setter) -> None:
    """Drop the tombstone: nothing stops a purged claim coming back."""
    from bb_brain.trust.claims import Matcher

    _everywhere(setter, m["gate"], "tombstones", lambda *args, **kwargs: Matcher())


def _no_quarantine(m: dict[str, Any], setter: Setter) -> None:
    """The write gate never holds anything back."""
    _everywhere(setter, m["gate"], "quarantined", lambda *args, **kwargs: False)


def _quarantine_everything(m: dict[str, Any], setter: Setter) -> None:
    """The write gate holds every write, benign ones too, whatever the setting."""
    _everywhere(setter, m["gate"], "quarantined", lambda *args, **kwargs: True)


def _no_flag(m: dict[str, Any], setter: Setter) -> None:
    """Agent writes get no flag receipt."""
    _everywhere(setter, m["gate"], "flag", lambda *args, **kwargs: None)


CHANNEL: dict[str, Callable[[dict[str, Any], Setter], None]] = {
    "claim-over-ceiling": _claim_over_ceiling,
    "non-tty-confirm": _non_tty_confirm,
    "everything-expires": _everything_expires,
    "no-supersede": _no_supersede,
    "forget-deletes": _forget_deletes,
    "lower-tier-supersedes": _lower_tier_supersedes,
    "purge-skips-facts": _purge_skips_facts,
    "receipt-skips-takes": _receipt_skips_takes,
    "no-tombstone": _no_tombstone,
    "no-quarantine": _no_quarantine,
    "quarantine-everything": _quarantine_everything,
    "no-flag": _no_flag,
}


# -- read-side mutations (what the bench reads back and proactive context) ------------------


def _search_claims_page_tier(setter: Setter) -> None:
    """A page's search hit carries the page's own tier, not its matching chunks'."""
    from bb_brain.trust import api

    original = api.TrustBrain.search

    def search(self: Any, source: str, query: str, *, limit: int = 10) -> Any:
        hits = original(self, source, query, limit=limit)
        out = []
        for hit in hits:
            page = self.get_page(source, hit.slug)
            tier = hit.tier if page is None else page.tier
            out.append(hit.model_copy(update={"tier": tier}))
        return out

    setter(api.TrustBrain, "search", search)


def _no_suppress(setter: Setter) -> None:
    """``trust.agent_activation=suppress`` no longer keeps agent items out of proactive context."""
    from bb_brain.trust import gate, proactive
    from bb_brain.trust.tiers import LABEL

    original = gate.settings

    def settings(conn: Any, brain_id: str) -> Any:
        return original(conn, brain_id).model_copy(update={"agent_activation": "allow"})

    def gate_pointers(conn: Any, brain_id: str, source: str, pointers: Any) -> Any:
        rows = conn.execute(
            "SELECT slug, trust_tier FROM pages WHERE brain_id = %s AND source = %s"
            " AND slug = ANY(%s)",
            (brain_id, source, [p.slug for p in pointers]),
        ).fetchall()
        tiers = {str(slug): tier for slug, tier in rows}
        return [
            p.model_copy(update={"trust_label": LABEL[tiers[p.slug]]}) if p.slug in tiers else p
            for p in pointers
        ]

    from bb_brain.carryover import latest_notes

    def gate_with_notes(conn: Any, brain_id: str, source: str, pointers: Any) -> Any:
        # the reflex reads the gate and the notes in one round trip: the gate as mutated,
        # the notes as shipped
        gated = gate_pointers(conn, brain_id, source, pointers)
        return gated, latest_notes(conn, brain_id, source, [p.slug for p in gated])

    _everywhere(setter, gate, "settings", settings)
    _everywhere(setter, proactive, "gate_pointers", gate_pointers)
    _everywhere(setter, proactive, "gate_with_notes", gate_with_notes)


def _strip_pack(setter: Setter, *, agent: bool, external: bool) -> None:
    """The context pack loses its envelope: labels, wrappers and trust fields."""
    from bb_brain.trust import api

    original = api.TrustBrain.context_pack

    def strip(obj: Any) -> Any:
        if isinstance(obj, dict):
            out = {k: strip(v) for k, v in obj.items()}
            if agent and "unconfirmed" in out:
                out["unconfirmed"] = False
            if external and "external_untrusted" in out:
                out["external_untrusted"] = False
            return out
        if isinstance(obj, list):
            return [strip(v) for v in obj]
        return obj

    def context_pack(self: Any, source: str, people: Any) -> Any:
        pack = original(self, source, people)
        text = pack.text
        if agent:
            text = text.replace("(unconfirmed, agent-written) ", "")
        if external:
            text = text.replace("<external-data>", "").replace("</external-data>", "")
        dumped = strip(pack.model_dump(mode="json"))

        class Stripped:
            def __init__(self) -> None:
                self.text = text

            def model_dump(self, mode: str = "json") -> Any:
                del mode
                return {**dumped, "text": text}

        return Stripped()

    setter(api.TrustBrain, "context_pack", context_pack)


def _recall_raises(setter: Setter) -> None:
    """The ``recall`` read surface raises (a crash, or a surface this build lacks)."""
    from bb_brain.trust import api

    def recall(self: Any, source: str, query: str = "", **kwargs: Any) -> Any:
        raise RuntimeError("recall is unavailable")

    setter(api.TrustBrain, "recall", recall)


_LABEL_WORDS = r"unconfirmed, agent-written|external, untrusted|user-confirmed"
_LABELS = re.compile(rf" \((?:{_LABEL_WORDS})\)|\((?:{_LABEL_WORDS})\) ?")
_WRAPPER = re.compile(r"</?external-data>")


def strip_labels(text: str) -> str:
    """``text`` without trust labels and ``<external-data>`` wrappers."""
    return _WRAPPER.sub("", _LABELS.sub("", text))


def _strip_seam(setter: Setter, seams: Sequence[Any], harness: str) -> None:
    """One harness seam renders without trust labels or wrappers (text and pointers)."""
    from bb_adapters.pipeline import Delivered

    (seam,) = [s for s in seams if s.config.name == harness]
    delivery = seam.delivery
    begin, deliver = delivery.begin, delivery.deliver

    def stripped_begin(state: Any) -> str:
        return strip_labels(begin(state))

    def stripped_deliver(state: Any, request: Any) -> Any:
        found = deliver(state, request)
        return Delivered(
            text=strip_labels(found.text),
            pointers=tuple(p.model_copy(update={"trust_label": ""}) for p in found.pointers),
            extra_text=strip_labels(found.extra_text),
        )

    setter(delivery, "begin", stripped_begin)
    setter(delivery, "deliver", stripped_deliver)


def apply_read(name: str, setter: Setter, seams: Sequence[Any] = ()) -> None:
    """Patch what is read for mutation ``name`` (test process only)."""
    if name == "search-claims-page-tier":
        _search_claims_page_tier(setter)
    elif name == "recall-raises":
        _recall_raises(setter)
    elif name == "no-suppress":
        _no_suppress(setter)
    elif name == "no-suppress-no-label":
        _no_suppress(setter)
        _strip_pack(setter, agent=True, external=False)
    elif name == "pack-no-wrapper":
        _strip_pack(setter, agent=False, external=True)
    elif name == "no-labels":
        _strip_pack(setter, agent=True, external=True)
    elif name.startswith("strip-labels@"):
        # Suppression off on every seam alike (else nothing agent-written reaches any seam
        # with protections on), labels off in this one seam's render only.
        _no_suppress(setter)
        _strip_seam(setter, seams, name.partition("@")[2])
    else:
        raise KeyError(f"no read mutation {name!r}")


def apply_write(name: str, setter: Setter) -> None:
    """Patch the test process's side of write mutation ``name``."""
    CHANNEL[name](_load(), setter)


def apply_in_channels(name: str) -> None:
    """Patch a channel subprocess for write mutation ``name`` (called from sitecustomize)."""
    if name in CHANNEL:
        CHANNEL[name](_load(), setattr)


def drop_tier_trigger(db: Any) -> Callable[[], None]:
    """Remove the database's refusal of ``UPDATE facts SET trust_tier``; returns the undo."""
    with db.connection() as conn:
        row = conn.execute(
            "SELECT pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
            " WHERE c.relname = 'facts' AND c.relnamespace = current_schema()::regnamespace"
            " AND NOT t.tgisinternal AND pg_get_triggerdef(t.oid) LIKE '%trust_tier%'"
        ).fetchone()
        assert row is not None, "the facts table has no trust_tier trigger to drop"
        definition = str(row[0])
        name = definition.split()[2]
        conn.execute(f'DROP TRIGGER "{name}" ON facts')  # name read from the catalogue

    def undo() -> None:
        with db.connection() as conn:
            conn.execute(definition)

    return undo
