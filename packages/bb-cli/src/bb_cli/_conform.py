"""The conformance checklist of a foreign server: a few synthetic calls, no corpus, seconds.

Each check is one line: every call answers (or honestly answers UNIMPLEMENTED for what the
system does not declare), authentication is enforced, the pointer budget is respected, the
slugs returned are valid and carried by the text, write-back stamps its provenance, and the
trust capabilities declared match the calls observed. Nothing here is scored: a system that
passes every check can still score badly; one that fails a check will lose items in a run.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from bb_schema import PublicTurn, RpcFailure, RpcStatus, SchemaError, SeedPage
from bb_schema import trust_seam as ts
from bb_schema.memory import (
    OPEN_SEEDED_CAPABILITY,
    CloseBrainRequest,
    FactQuery,
    OpenBrainRequest,
    OpenSeededBrainRequest,
    SeedRequest,
)
from bb_schema.rpc import MemoryClient
from bb_schema.trust import CanonicalFile
from bb_schema.turn_context import (
    ExtractedFact,
    InjectedExtraction,
    SeamSettings,
    TurnContextRequest,
    WriteBackRequest,
    conversation_slug,
    segment_label,
)

Verdict = Literal["pass", "fail", "note"]
_PEOPLE = ("Ada Quill", "Bram Stoker", "Cyd Vance")


@dataclass(frozen=True)
class Check:
    """One line of the checklist."""

    verdict: Verdict
    name: str
    detail: str


def _page(slug: str, title: str, source: str | None = None) -> SeedPage:
    data: dict[str, Any] = {"slug": slug, "content": f"---\ntitle: {title}\n---\n\n{title}.\n"}
    if source is not None:
        data["source_id"] = source
    return SeedPage.model_validate(data)


def _error(exc: BaseException) -> str:
    return getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"


class Conformance:
    """Runs the checklist against one target."""

    def __init__(self, client: MemoryClient, wrong: MemoryClient) -> None:
        self.client = client
        self.wrong = wrong
        self.checks: list[Check] = []
        self.declared: frozenset[str] = frozenset()

    def _add(self, verdict: Verdict, name: str, detail: str) -> None:
        self.checks.append(Check(verdict, name, detail))

    def _call(self, name: str, run: Callable[[], Any]) -> Any:
        try:
            return run()
        except (SchemaError, RpcFailure) as exc:
            self._add("fail", name, _error(exc))
            return None

    def run(self) -> list[Check]:
        """Every check, in order; later checks are skipped when Describe itself fails."""
        info = self._call("Describe answers", self.client.describe)
        if info is None:
            return self.checks
        self.declared = frozenset(info.capabilities)
        self._add(
            "pass",
            "Describe answers",
            f"{info.name} {info.version}, {len(info.capabilities)} capabilities",
        )
        self._auth()
        self._core()
        self._open_seeded()
        self._trust()
        return self.checks

    def _auth(self) -> None:
        try:
            self.wrong.describe()
        except RpcFailure as exc:
            if exc.status is RpcStatus.UNAUTHENTICATED:
                self._add("pass", "authentication enforced", "a wrong secret is UNAUTHENTICATED")
                return
            self._add("fail", "authentication enforced", f"a wrong secret got {exc.status}")
            return
        self._add("fail", "authentication enforced", "a call with a wrong secret was answered")

    # -- BenchControl + TurnContext ----------------------------------------------------------

    def _core(self) -> None:
        client = self.client
        opened = self._call(
            "OpenBrain answers",
            lambda: client.open_brain(OpenBrainRequest(fixture_id=secrets.token_hex(12))),
        )
        if opened is None:
            return
        brain = opened.brain_id
        pages = [_page(f"people/{n.lower().replace(' ', '-')}", n) for n in _PEOPLE]
        pages.append(_page("people/zed-other", "Zed Other", source="other"))
        seeded = self._call(
            "Seed answers", lambda: client.seed(SeedRequest(brain_id=brain, pages=pages))
        )
        if seeded is not None:
            self._add("pass", "Seed answers", f"{seeded.pages} pages")
            self._turn(brain, {p.slug for p in pages if p.source == "default"})
            self._write_back(brain)
        self._call(
            "CloseBrain answers", lambda: client.close_brain(CloseBrainRequest(brain_id=brain))
        )

    def _open_seeded(self) -> None:
        """OpenSeededBrain, when Describe declares it: the counts, and a release accepted."""
        if OPEN_SEEDED_CAPABILITY not in self.declared:
            return  # optional: the bench makes OpenBrain, Seed and CloseBrain calls instead
        client = self.client
        name = "OpenSeededBrain opens and seeds in one call"
        page = _page("people/ada-quill", "Ada Quill")
        first = self._call(
            name,
            lambda: client.open_seeded_brain(
                OpenSeededBrainRequest(fixture_id=secrets.token_hex(12), pages=[page])
            ),
        )
        if first is None:
            return
        if (first.pages, first.facts) != (1, 0):
            self._add(
                "fail", name, f"seeding 1 page answered {first.pages} pages, {first.facts} facts"
            )
        else:
            self._add("pass", name, "1 page")
        released = "OpenSeededBrain releases the brain it names"
        second = self._call(
            released,
            lambda: client.open_seeded_brain(
                OpenSeededBrainRequest(
                    fixture_id=secrets.token_hex(12), release_brain_id=first.brain_id
                )
            ),
        )
        if second is None:
            return
        self._add("pass", released, "a fresh brain, the earlier one released")
        self._call(
            "CloseBrain answers",
            lambda: client.close_brain(CloseBrainRequest(brain_id=second.brain_id)),
        )

    def _turn(self, brain: str, seeded: set[str]) -> None:
        turn = PublicTurn(turn_id=1, role="user", text=f"What did {', '.join(_PEOPLE)} decide?")
        request = TurnContextRequest(
            brain_id=brain,
            session_id=secrets.token_hex(12),
            active_source="default",
            turn=turn,
            settings=SeamSettings(pointer_budget=1, suppression="prior-context"),
        )
        answer = self._call("GetTurnContext answers", lambda: self.client.turn_context(request))
        if answer is None:
            return
        self._add("pass", "GetTurnContext answers", f"{len(answer.pointers)} pointers")
        reflex = [p for p in answer.pointers if p.stage == "reflex"]
        over = len(reflex) > 1 or any(p.stage == "volunteer" for p in answer.pointers)
        budget: Verdict = "fail" if over else "pass"
        self._add(
            budget,
            "budget respected",
            f"{len(reflex)} reflex pointers for a budget of 1, volunteer off",
        )
        slugs = [p.slug for p in answer.pointers]
        bad = [s or "<empty>" for s in slugs if s not in seeded] + sorted(
            {s for s in slugs if slugs.count(s) > 1}
        )
        self._add(
            "fail" if bad else "pass",
            "slugs valid",
            f"unknown, empty or repeated: {bad}" if bad else "every slug seeded, once",
        )
        missing = [s for s in slugs if s and s not in answer.text]
        self._add(
            "fail" if missing else "pass",
            "text carries each pointer's slug",
            f"not in the text: {missing}" if missing else f"{len(slugs)} of {len(slugs)}",
        )

    def _write_back(self, brain: str) -> None:
        session = secrets.token_hex(12)
        start = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
        texts = [
            "Ada Quill chose the blue plan.",
            "Ada Quill chose the blue plan.",
            "Bram Stoker moved to Lisbon.",
        ]
        turns = [
            PublicTurn(
                turn_id=i + 1,
                role="user",
                text=text,
                ts=(start + timedelta(minutes=(0, 10, 120)[i])).isoformat(),
            )
            for i, text in enumerate(texts)
        ]
        injected = [
            InjectedExtraction(turn_text=text, facts=[ExtractedFact(fact=text, kind="fact")])
            for text in dict.fromkeys(texts)
        ]
        request = WriteBackRequest(
            brain_id=brain, source="default", session_id=session, turns=turns, injected=injected
        )
        if self._call("WriteBack answers", lambda: self.client.write_back(request)) is None:
            return
        facts = self._call(
            "ListFacts answers",
            lambda: self.client.list_facts(FactQuery(brain_id=brain, source="default")).facts,
        )
        if facts is None:
            return
        expected = {texts[0]: segment_label(session, 1), texts[2]: segment_label(session, 2)}
        problems = []
        for text, label in expected.items():
            rows = [f for f in facts if f.fact == text]
            if len(rows) != 1:
                problems.append(f"{text!r} stored {len(rows)} times")
            elif (rows[0].source_session, rows[0].source_markdown_slug) != (
                label,
                conversation_slug(session),
            ):
                problems.append(f"{text!r} stamped {rows[0].source_session!r}")
        if problems:
            # the facts were handed over ready-made (the deterministic extractor's mode):
            # keeping them is the contract, whatever a system extracts by itself
            problems.append(
                "WriteBack keeps each injected fact once, stamped <session>#<segment> "
                "(docs/SEAM.md, WriteBack)"
            )
        self._add(
            "fail" if problems else "pass",
            "provenance stamped",
            "; ".join(problems) or "once each, <session>#<segment> and the conversation page",
        )

    # -- MemoryTrust ---------------------------------------------------------------------------

    def _trust(self) -> None:
        declared = ts.TRUST_CAPABILITY in self.declared
        client = self.client
        request = ts.OpenTrustBrainRequest(
            brain_name=secrets.token_hex(12), source="default", settings=ts.TrustSettings()
        )
        try:
            brain = client.open_trust_brain(request).brain_id
        except RpcFailure as exc:
            if exc.status is RpcStatus.UNIMPLEMENTED and not declared:
                self._add("note", "trust seam", "not offered (no 'trust' capability)")
            else:
                self._add("fail", "trust seam", _error(exc))
            return
        observed: dict[str, bool] = {}
        for call, run in self._trust_calls(brain).items():
            try:
                run()
                observed[call] = True
            except RpcFailure as exc:
                observed[call] = exc.status is not RpcStatus.UNIMPLEMENTED
                if observed[call]:
                    self._add("fail", f"{call} answers", _error(exc))
        mismatched = [
            f"{call}: declared {ts.trust_capability(call) in self.declared}, "
            f"answered {observed[call]}"
            for call in observed
            if (ts.trust_capability(call) in self.declared) != observed[call]
        ]
        if not declared:
            mismatched.insert(0, "'trust' not declared, yet OpenTrustBrain answered")
        self._add(
            "fail" if mismatched else "pass",
            "trust capabilities declared = observed",
            "; ".join(mismatched) or f"{sum(observed.values())} calls offered",
        )
        self._call(
            "CloseTrustBrain answers",
            lambda: client.close_trust_brain(CloseBrainRequest(brain_id=brain)),
        )

    def _trust_calls(self, brain: str) -> dict[str, Callable[[], Any]]:
        c = self.client
        base: dict[str, Any] = {"brain_id": brain, "source": "default"}
        owner = {**base, "channel": "owner-sync"}
        agent = {**base, "channel": "remote-agent"}
        seen = {**base, "channel": "observer"}
        page = "---\ntitle: Ada Quill\n---\n\nAda Quill keeps the ledger, note zqconform1.\n"
        files = [CanonicalFile(path="people/ada-quill.md", content=page)]
        remember = ts.RememberRequest(**agent, text="Ada Quill prefers tea, note zqconform2.")
        return {
            "CommitFiles": lambda: c.commit_files(ts.CommitFilesRequest(**owner, files=files)),
            "Resync": lambda: c.resync(ts.ResyncRequest(**owner)),
            "Remember": lambda: self._agent_label(c.remember(remember), brain),
            "PutPage": lambda: c.put_page(
                ts.PutPageRequest(**agent, slug="people/cyd-vance", content=page)
            ),
            "Ingest": lambda: c.ingest(
                ts.IngestRequest(
                    **{**base, "channel": "external-connector"},
                    connector="github-issue",
                    payload_json='{"number": 1, "title": "Hello", "body": "zqconform3"}',
                )
            ),
            "Confirm": lambda: c.confirm(ts.ConfirmRequest(**agent, ref="fact:0")),
            "Forget": lambda: c.forget(ts.ForgetRequest(**agent, ref="fact:0")),
            "Purge": lambda: c.purge(ts.PurgeRequest(**agent, claim="zqconform9")),
            "DirectTierWrite": lambda: c.direct_tier_write(
                ts.DirectTierWriteRequest(**base, ref="page:people/ada-quill", tier="owner")
            ),
            "GetPage": lambda: c.get_page(ts.GetPageRequest(**seen, slug="people/ada-quill")),
            "Search": lambda: c.search(ts.SearchRequest(**seen, query="zqconform1")),
            "RecallFacts": lambda: c.recall_facts(ts.RecallFactsRequest(**seen, query="tea")),
            "ContextPack": lambda: c.context_pack(
                ts.ContextPackRequest(**base, about=["people/ada-quill"])
            ),
            "DumpStores": lambda: c.dump_stores(ts.DumpStoresRequest(brain_id=brain)),
        }

    def _agent_label(self, receipt: ts.TrustReceipt, brain: str) -> None:
        """An agent's fact is stored at most agent_written and reads back unconfirmed."""
        if receipt.outcome != "ok" or "trust.recall-facts" not in self.declared:
            return
        read = ts.RecallFactsRequest(
            brain_id=brain, source="default", channel="observer", query="zqconform2"
        )
        facts = self.client.recall_facts(read).facts
        ok = bool(facts) and all(
            f.tier in ("agent_written", "external_untrusted") and f.unconfirmed for f in facts
        )
        detail = [f"{f.tier}, unconfirmed={f.unconfirmed}" for f in facts] or ["not read back"]
        self._add(
            "pass" if ok else "fail", "an agent's write is labelled on read", "; ".join(detail)
        )


def conform(target: str, secret: str, *, timeout: float) -> list[Check]:
    """The checklist of the server at ``target``."""
    wrong = secrets.token_hex(16)
    with (
        MemoryClient(target, secret, timeout=timeout) as client,
        MemoryClient(target, wrong, timeout=timeout) as intruder,
    ):
        return Conformance(client, intruder).run()


__all__ = ["Check", "Conformance", "conform"]
