"""MemoryTrust over mem0, as far as mem0 can: tiers kept in its metadata, labels in reads.

mem0 has no notion of trust, so everything the seam asks for is kept beside the memory it
concerns, in mem0's own metadata: the tier (fixed by the channel's ceiling, lowered by a
claimed origin, never raised by the content), the state of a fact (current, superseded,
expired), the flag receipt, and whether the write gate holds it. Reads compute the labels
from the stored tier. A change of tier or state is a delete and a re-add (mem0's update
rewrites the text, not the metadata), under the same bench-facing ``ref``.

What mem0 cannot do is said, not faked: it keeps no files (the owner's canonical files are
kept here, in memory, as the dump's files), its search is by similarity (a hit must also hold
every query word), and a store write that bypasses the API has nowhere to happen, so
DirectTierWrite is not offered (its items fail as "capability missing").
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final, cast

from bb_schema import trust_seam as ts
from bb_schema.memory import CloseBrainRequest, OpenBrainResponse
from bb_schema.trust import TRUST_TIERS
from bb_schema.turn_context import Pointer, TurnContextRequest, TurnContextResponse

from foreign_mem0.render import already_in_context
from foreign_mem0.store import Row

#: The highest tier each channel may write.
CEILING: Final = {
    "owner-sync": "owner",
    "owner-terminal": "owner",
    "local-script": "agent_written",
    "remote-agent": "agent_written",
    "anonymous-agent": "agent_written",
    "tool-output": "external_untrusted",
    "external-connector": "external_untrusted",
}
CLAIM: Final = {
    "owner": "owner",
    "user_said": "agent_written",
    "agent": "agent_written",
    "tool_output": "external_untrusted",
}
LABEL: Final = {
    "owner": "",
    "user_confirmed": "(user-confirmed) ",
    "agent_written": "(unconfirmed, agent-written) ",
    "external_untrusted": "(external, untrusted) ",
}
TRUST_CALLS_OFFERED: Final = (
    "CommitFiles",
    "Resync",
    "Remember",
    "PutPage",
    "Ingest",
    "Confirm",
    "Forget",
    "Purge",
    "GetPage",
    "Search",
    "RecallFacts",
    "ContextPack",
    "DumpStores",
)
_WORD: Final = re.compile(r"[^\W_]+")
#: How deep a trust search or turn context asks mem0 (one fixture holds a few dozen items).
_DEPTH: Final = 200


@dataclass
class _Brain:
    settings: ts.TrustSettings
    source: str
    files: dict[str, str] = field(default_factory=dict)
    tombstones: list[str] = field(default_factory=list)


def tier_rank(tier: str) -> int:
    """Position of ``tier`` from lowest (external_untrusted) to highest (owner)."""
    return list(TRUST_TIERS).index(cast(Any, tier))


def _lowest(*tiers: str) -> str:
    return min(tiers, key=tier_rank)


def _labels(tier: str) -> dict[str, Any]:
    return {
        "tier": tier,
        "unconfirmed": tier_rank(tier) <= tier_rank("agent_written"),
        "external_untrusted": tier == "external_untrusted",
    }


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


def _title(content: str, slug: str) -> str:
    found = re.search(r"^title:\s*(.+)$", content, re.MULTILINE)
    return found.group(1).strip() if found else slug


def _refused(reason: str) -> ts.TrustReceipt:
    return ts.TrustReceipt(outcome="refused", reason=reason)


class Mem0Trust:
    """The MemoryTrust calls; mixed into :class:`foreign_mem0.memory.Mem0Memory`."""

    _store: Any
    _lock: threading.Lock

    def _trust_state(self) -> dict[str, _Brain]:
        found: dict[str, _Brain] | None = getattr(self, "_trust_brains", None)
        if found is None:
            found = {}
            self._trust_brains = found
            self._trust_seq = 0
        return found

    # -- storage in mem0 ---------------------------------------------------------------------

    @staticmethod
    def _scope(brain_id: str) -> dict[str, str]:
        return {"agent_id": f"trust:{brain_id}"}

    def _items(self, brain_id: str) -> list[Row]:
        rows = self._store.list(scope=self._scope(brain_id))
        return sorted(rows, key=lambda row: int(row.metadata.get("seq", 0)))

    def _add(self, brain_id: str, text: str, meta: dict[str, Any]) -> dict[str, Any]:
        self._trust_state()
        self._trust_seq += 1
        meta = {**meta, "seq": self._trust_seq}
        meta.setdefault("ref", f"{meta['kind']}:{self._trust_seq}")
        self._store.add(text, scope=self._scope(brain_id), metadata=meta)
        return meta

    def _replace(self, brain_id: str, row: Row, text: str | None = None, **changes: Any) -> None:
        """A changed memory: delete and re-add under the same ref (and order)."""
        self._store.remove(row.id)
        meta = {**row.metadata, **changes}
        self._store.add(
            row.text if text is None else text, scope=self._scope(brain_id), metadata=meta
        )

    def _by_ref(self, brain_id: str, ref: str) -> Row | None:
        return next((r for r in self._items(brain_id) if r.metadata.get("ref") == ref), None)

    @staticmethod
    def _state(row: Row) -> str:
        state = str(row.metadata.get("state", "current"))
        until = row.metadata.get("valid_until")
        if state == "current" and until:
            when = datetime.fromisoformat(str(until).replace("Z", "+00:00"))
            if when.tzinfo is None:
                when = when.replace(tzinfo=UTC)
            if when < datetime.now(UTC):
                return "expired"
        return state

    def _live(self, brain_id: str, kind: str) -> list[Row]:
        return [
            r
            for r in self._items(brain_id)
            if r.metadata.get("kind") == kind
            and not r.metadata.get("held")
            and self._state(r) == "current"
        ]

    def _tombstoned(self, brain: _Brain, text: str) -> bool:
        folded = " ".join(text.casefold().split())
        return any(" ".join(t.casefold().split()) in folded for t in brain.tombstones)

    def _tier(self, channel: str, claimed: str | None) -> str:
        return _lowest(CEILING[channel], CLAIM[claimed]) if claimed else CEILING[channel]

    def _held(self, brain: _Brain, tier: str) -> bool:
        return tier == "external_untrusted" and brain.settings.external_mode == "quarantine"

    def _activates(self, brain: _Brain, row: Row) -> bool:
        suppress = brain.settings.agent_activation == "suppress"
        return not (suppress and row.metadata.get("tier") == "agent_written")

    def _brain(self, brain_id: str) -> _Brain:
        brain = self._trust_state().get(brain_id)
        if brain is None:
            from bb_schema import SchemaUserError

            raise SchemaUserError(f"no open trust brain {brain_id!r}")
        return brain

    def _put(
        self, brain_id: str, tier: str, slug: str, content: str, held: bool
    ) -> ts.TrustReceipt:
        old = next(
            (r for r in self._items(brain_id) if r.metadata.get("ref") == f"page:{slug}"), None
        )
        if old is not None:
            self._store.remove(old.id)
        meta = self._add(
            brain_id,
            content,
            {
                "ref": f"page:{slug}",
                "kind": "page",
                "slug": slug,
                "title": _title(content, slug),
                "tier": tier,
                "held": held,
                "flagged": tier_rank(tier) <= tier_rank("agent_written"),
            },
        )
        return self._receipt(meta)

    @staticmethod
    def _receipt(meta: dict[str, Any], superseded: list[str] | None = None) -> ts.TrustReceipt:
        return ts.TrustReceipt(
            outcome="ok",
            ref=str(meta["ref"]),
            tier=meta["tier"],
            flagged=bool(meta["flagged"]),
            stored="held" if meta.get("held") else "live",
            superseded=superseded or [],
        )

    # -- lifecycle ---------------------------------------------------------------------------

    def open_trust_brain(self, request: ts.OpenTrustBrainRequest) -> OpenBrainResponse:
        """A fresh trust brain: one mem0 scope, plus the owner's files kept here."""
        with self._lock:
            brains = self._trust_state()
            brain_id = f"{request.brain_name}-t{len(brains) + 1}"
            brains[brain_id] = _Brain(request.settings, request.source)
        return OpenBrainResponse(brain_id=brain_id)

    def close_trust_brain(self, request: CloseBrainRequest) -> None:
        """Forget the brain's memories and files."""
        with self._lock:
            self._trust_state().pop(request.brain_id, None)
            self._store.delete(scope=self._scope(request.brain_id))

    # -- writes ------------------------------------------------------------------------------

    def commit_files(self, request: ts.CommitFilesRequest) -> ts.TrustReceipt:
        """The owner's canonical files (kept beside mem0: it has no file store)."""
        with self._lock:
            brain = self._brain(request.brain_id)
            if request.channel != "owner-sync":
                return _refused("not_owner")
            brain.files.update({f.path: f.content for f in request.files})
        return ts.TrustReceipt(outcome="ok")

    def resync(self, request: ts.ResyncRequest) -> ts.TrustReceipt:
        """Every file becomes a page at the owner tier (a frontmatter claim only lowers it)."""
        with self._lock:
            brain = self._brain(request.brain_id)
            if CEILING[request.channel] != "owner":
                return _refused("not_owner")
            for path, content in sorted(brain.files.items()):
                kept = "\n".join(
                    line for line in content.splitlines() if not self._tombstoned(brain, line)
                )
                claim = re.search(r"^trust_tier:\s*(\S+)$", kept, re.MULTILINE)
                tier = "owner"
                if claim and claim.group(1) in TRUST_TIERS:
                    tier = _lowest("owner", claim.group(1))
                self._put(request.brain_id, tier, path.removesuffix(".md"), kept, held=False)
        return ts.TrustReceipt(outcome="ok")

    def remember(self, request: ts.RememberRequest) -> ts.TrustReceipt:
        """A fact at min(ceiling, claim); a lower tier may not supersede a higher one."""
        with self._lock:
            brain = self._brain(request.brain_id)
            tier = self._tier(request.channel, request.claimed_origin)
            if self._tombstoned(brain, request.text):
                return _refused("tombstoned")
            replaced = [
                r
                for r in self._live(request.brain_id, "fact")
                if (request.key and r.metadata.get("key") == request.key)
                or r.metadata.get("ref") in request.supersedes
            ]
            if any(tier_rank(str(r.metadata["tier"])) > tier_rank(tier) for r in replaced):
                return _refused("lower_tier")
            optional = {
                "entity": request.entity,
                "fact_kind": request.kind,
                "key": request.key,
                "valid_until": request.valid_until,
            }
            meta = self._add(
                request.brain_id,
                request.text,
                {
                    "kind": "fact",
                    "tier": tier,
                    "state": "current",
                    "held": self._held(brain, tier),
                    "flagged": tier_rank(tier) <= tier_rank("agent_written"),
                    **{k: v for k, v in optional.items() if v is not None},
                },
            )
            for row in replaced:
                self._replace(request.brain_id, row, state="superseded")
        return self._receipt(meta, [str(r.metadata["ref"]) for r in replaced])

    def put_page(self, request: ts.PutPageRequest) -> ts.TrustReceipt:
        """A page at min(ceiling, claim); never over a higher-tier page."""
        with self._lock:
            brain = self._brain(request.brain_id)
            tier = self._tier(request.channel, request.claimed_origin)
            old = self._by_ref(request.brain_id, f"page:{request.slug}")
            if old is not None and tier_rank(str(old.metadata["tier"])) > tier_rank(tier):
                return _refused("lower_tier")
            held = self._held(brain, tier)
            return self._put(request.brain_id, tier, request.slug, request.content, held)

    def ingest(self, request: ts.IngestRequest) -> ts.TrustReceipt:
        """A GitHub issue as an external page."""
        with self._lock:
            brain = self._brain(request.brain_id)
            payload = json.loads(request.payload_json)
            issue = payload.get("issue", payload)
            content = f"---\ntitle: {issue.get('title', '')}\n---\n\n{issue.get('body') or ''}\n"
            tier = CEILING[request.channel]
            slug = f"external/github/issue-{issue.get('number', 0)}"
            return self._put(request.brain_id, tier, slug, content, self._held(brain, tier))

    def confirm(self, request: ts.ConfirmRequest) -> ts.TrustReceipt:
        """Promote an item: the owner at a terminal only."""
        with self._lock:
            self._brain(request.brain_id)
            if request.channel != "owner-terminal":
                return _refused("not_owner")
            row = self._by_ref(request.brain_id, request.ref)
            if row is None:
                return _refused("unknown_ref")
            changes: dict[str, Any] = {"tier": "user_confirmed", "flagged": False, "held": False}
            self._replace(request.brain_id, row, **changes)
            return self._receipt({**row.metadata, **changes})

    def forget(self, request: ts.ForgetRequest) -> ts.TrustReceipt:
        """Expire a fact, keeping it as history; never one above the channel's ceiling."""
        with self._lock:
            self._brain(request.brain_id)
            row = self._by_ref(request.brain_id, request.ref)
            ceiling = CEILING[request.channel]
            if row is None or tier_rank(str(row.metadata["tier"])) > tier_rank(ceiling):
                return _refused("lower_tier")
            self._replace(request.brain_id, row, state="expired")
            return self._receipt(row.metadata)

    def purge(self, request: ts.PurgeRequest) -> ts.TrustReceipt:
        """Remove the claim from every memory and file; it stays tombstoned."""
        with self._lock:
            brain = self._brain(request.brain_id)
            if request.channel != "owner-terminal":
                return _refused("not_owner")
            brain.tombstones.append(request.claim)
            stores: set[str] = set()
            for row in self._items(request.brain_id):
                if not self._tombstoned(brain, row.text):
                    continue
                stores.add("mem0")
                if row.metadata.get("kind") == "page":
                    kept = "\n".join(
                        line for line in row.text.splitlines() if not self._tombstoned(brain, line)
                    )
                    self._replace(request.brain_id, row, text=kept)
                else:
                    self._store.remove(row.id)
            for path, content in list(brain.files.items()):
                if self._tombstoned(brain, content):
                    stores.add("canonical_files")
                    brain.files[path] = "\n".join(
                        line for line in content.splitlines() if not self._tombstoned(brain, line)
                    )
        return ts.TrustReceipt(outcome="ok", stores=sorted(stores))

    # -- reads -------------------------------------------------------------------------------

    @staticmethod
    def _page(row: Row) -> ts.TrustPage:
        m = row.metadata
        part = ts.PagePart(ref=str(m["ref"]), text=row.text, **_labels(str(m["tier"])))
        return ts.TrustPage(
            source="",
            slug=str(m["slug"]),
            title=str(m.get("title", "")),
            body=row.text,
            ref=str(m["ref"]),
            chunks=[part],
            **_labels(str(m["tier"])),
        )

    def _fact(self, row: Row, source: str) -> ts.TrustFact:
        m = row.metadata
        return ts.TrustFact(
            ref=str(m["ref"]),
            source=source,
            fact=row.text,
            entity_slug=m.get("entity"),
            kind=m.get("fact_kind"),
            key=m.get("key"),
            state=cast(ts.FactState, self._state(row)),
            flagged=bool(m.get("flagged")),
            **_labels(str(m["tier"])),
        )

    def get_page(self, request: ts.GetPageRequest) -> ts.GetPageResponse:
        """A page with its tier and labels (held pages are not served)."""
        with self._lock:
            self._brain(request.brain_id)
            row = self._by_ref(request.brain_id, f"page:{request.slug}")
        if row is None or row.metadata.get("held"):
            return ts.GetPageResponse()
        page = self._page(row).model_copy(update={"source": request.source})
        return ts.GetPageResponse(page=page)

    def search(self, request: ts.SearchRequest) -> ts.SearchResponse:
        """Live pages holding every query word (mem0 has no keyword search: a filtered list)."""
        words = _words(request.query)
        with self._lock:
            self._brain(request.brain_id)
            pages = self._live(request.brain_id, "page")
        hits = [
            ts.SearchHit(
                source=request.source,
                slug=str(p.metadata["slug"]),
                title=str(p.metadata.get("title", "")),
                **_labels(str(p.metadata["tier"])),
                chunks=[
                    ts.ChunkHit(
                        ref=str(p.metadata["ref"]),
                        snippet=p.text[:200],
                        **_labels(str(p.metadata["tier"])),
                    )
                ],
            )
            for p in pages
            if words and set(words) <= set(_words(p.text))
        ]
        return ts.SearchResponse(hits=hits[: request.limit])

    def recall_facts(self, request: ts.RecallFactsRequest) -> ts.TrustFacts:
        """Facts holding every query word; current ones unless history is asked for."""
        words = set(_words(request.query))
        with self._lock:
            self._brain(request.brain_id)
            rows = [
                r
                for r in self._items(request.brain_id)
                if r.metadata.get("kind") == "fact"
                and not r.metadata.get("held")
                and (request.include_history or self._state(r) == "current")
                and words <= set(_words(r.text))
            ]
        return ts.TrustFacts(facts=[self._fact(r, request.source) for r in rows][: request.limit])

    def context_pack(self, request: ts.ContextPackRequest) -> ts.ContextPackResponse:
        """Pages and current facts about ``about``, labelled; external content wrapped."""
        with self._lock:
            brain = self._brain(request.brain_id)
            pages = [
                p
                for p in self._live(request.brain_id, "page")
                if p.metadata.get("slug") in request.about and self._activates(brain, p)
            ]
            facts = [
                f
                for f in self._live(request.brain_id, "fact")
                if f.metadata.get("entity") in request.about and self._activates(brain, f)
            ]
        lines = []
        for row in [*pages, *facts]:
            tier = str(row.metadata["tier"])
            line = f"- {LABEL[tier]}{row.metadata.get('title') or row.text}"
            lines.append(
                f"<external-data>{line}</external-data>" if tier == "external_untrusted" else line
            )
        return ts.ContextPackResponse(
            text="\n".join(lines),
            pages=[
                ts.PackPage(
                    slug=p.slug,
                    title=p.title,
                    chunks=p.chunks,
                    tier=p.tier,
                    unconfirmed=p.unconfirmed,
                    external_untrusted=p.external_untrusted,
                )
                for p in (self._page(r) for r in pages)
            ],
            facts=[self._fact(f, request.source) for f in facts],
        )

    def dump_stores(self, request: ts.DumpStoresRequest) -> ts.StoreDump:
        """Every memory of the brain (mem0's get_all) and the owner's files."""
        with self._lock:
            brain = self._brain(request.brain_id)
            rows = self._items(request.brain_id)
        records = []
        for row in rows:
            m = row.metadata
            role: ts.StoreRole = (
                "held" if m.get("held") else "content" if m.get("kind") == "page" else "facts"
            )
            records.append(
                ts.StoreRecord(
                    store="mem0",
                    key=row.id,
                    ref=str(m.get("ref")),
                    role=role,
                    tier=m.get("tier"),
                    texts=[row.text, str(m.get("title", ""))],
                )
            )
        files = [ts.StoreFile(path=p, content=c) for p, c in sorted(brain.files.items())]
        return ts.StoreDump(records=records, files=files)

    # -- the proactive read of a trust brain -------------------------------------------------

    def is_trust_brain(self, brain_id: str) -> bool:
        """Whether ``brain_id`` was opened by OpenTrustBrain."""
        return brain_id in self._trust_state()

    def trust_turn_context(
        self, request: TurnContextRequest, threshold: float
    ) -> TurnContextResponse:
        """mem0's similarity search on the turn over the brain's live pages, labelled.

        The same mechanism as the core row, gated by the brain's settings, external content
        wrapped in ``<external-data>``.
        """
        with self._lock:
            brain = self._brain(request.brain_id)
            hits = self._store.search(
                request.turn.text,
                scope=self._scope(request.brain_id),
                top_k=_DEPTH,
                threshold=threshold,
            )
            live = {str(r.metadata["ref"]): r for r in self._live(request.brain_id, "page")}
        hits.sort(key=lambda hit: (-hit.score, str(hit.metadata.get("ref", ""))))
        lines: list[str] = []
        pointers: list[Pointer] = []
        for hit in hits:
            row = live.get(str(hit.metadata.get("ref", "")))
            if row is None or not self._activates(brain, row):
                continue
            m = row.metadata
            slug, title, tier = str(m["slug"]), str(m.get("title", "")), str(m["tier"])
            if slug in {p.slug for p in pointers}:
                continue
            if already_in_context(slug, request.prior_context, request.settings.suppression):
                continue
            if len(pointers) == request.settings.pointer_budget:
                break
            line = f"- {LABEL[tier]}[{title}](brain://{request.active_source}/{slug})"
            lines.append(
                f"<external-data>{line}</external-data>" if tier == "external_untrusted" else line
            )
            pointers.append(
                Pointer(
                    slug=slug,
                    source=request.active_source,
                    title=title,
                    arm="similarity",
                    confidence=round(hit.score, 6),
                    trust_label=LABEL[tier].strip(" ()"),
                )
            )
        return TurnContextResponse(text="\n".join(lines), pointers=pointers)


__all__ = ["TRUST_CALLS_OFFERED", "Mem0Trust", "tier_rank"]
