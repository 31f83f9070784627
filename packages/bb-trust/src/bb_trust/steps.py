"""One trust step as a MemoryTrust call naming the channel it arrives by.

* ``git_commit`` -> ``CommitFiles`` (owner-sync), then ``Resync`` (owner-sync) unless
  ``sync: false``; ``sync`` -> ``Resync`` (owner-sync);
* ``mcp`` -> the call of the tool, over ``remote-agent`` (an agent token), ``anonymous-agent``
  (no token) or ``tool-output`` (``content_origin: tool_output``); ``content_origin`` is the
  claimed origin;
* ``cli`` -> the call of the subcommand (its argv parsed into the call's fields), over
  ``owner-terminal`` with a terminal or ``local-script`` without;
* ``connector`` -> ``Ingest`` (external-connector);
* ``raw_sql`` -> ``DirectTierWrite`` of the target (found by an observer read).

Every outcome is ``ok``, ``refused`` (a trust rule said no) or ``failed`` (the system could
not run it: an error, a capability it lacks, arguments no call can carry). A failure is never
a skip: the metrics count it against the protection being measured. ``{{ref:STEP_ID}}``
inside arguments stands for the ``ref`` an earlier step's receipt returned.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Sequence
from typing import Any, Final

from bb_schema import trust_seam as ts
from bb_schema.trust import (
    CliStep,
    ConnectorStep,
    FactRef,
    GitCommitStep,
    McpStep,
    PageRef,
    RawSqlStep,
    SyncStep,
    TrustStep,
)

from bb_trust.observations import StepOutcome
from bb_trust.reads import describe_error, fact_matches
from bb_trust.session import CapabilityMissing, TrustSession

_REF: Final = re.compile(r"\{\{ref:([a-z0-9][a-z0-9-]*)\}\}")


class StepFailed(Exception):
    """The system could not run a step (missing call, bad answer, inexpressible arguments)."""


def answer_of(receipt: ts.TrustReceipt) -> dict[str, object]:
    """A receipt as the observations read it (ref, tier, flag, where it was stored, stores)."""
    answer: dict[str, object] = {
        "ref": receipt.ref,
        "stored": "quarantine" if receipt.stored == "held" else "live",
        "stores": [{"store": store} for store in receipt.stores],
    }
    if receipt.tier is not None:
        answer["tier"] = receipt.tier
    if receipt.flagged:
        answer["flag"] = {}
    return answer


class _Args(argparse.ArgumentParser):
    def error(self, message: str) -> Any:
        raise StepFailed(f"arguments no MemoryTrust call can carry: {message}")


def _parser(command: str) -> _Args:
    parser = _Args(prog=f"cli {command}", add_help=False, exit_on_error=False)
    if command == "remember":
        parser.add_argument("text")
        for name in ("--entity", "--kind", "--key", "--valid-until", "--origin"):
            parser.add_argument(name)
        parser.add_argument("--supersedes", action="append", default=[])
    elif command in ("confirm", "forget"):
        parser.add_argument("target")
        parser.add_argument("--purge", action="store_true")
        parser.add_argument("--yes", action="store_true")
    elif command in ("get-page", "search", "recall"):
        parser.add_argument("query", nargs="?", default="")
        parser.add_argument("--limit", type=int, default=10)
        parser.add_argument("--history", action="store_true")
    elif command == "context-pack":
        parser.add_argument("people", nargs="+")
    return parser


class StepRunner:
    """Runs one fixture's steps on one trust session; keeps the refs receipts returned."""

    def __init__(self, session: TrustSession) -> None:
        self.session = session
        self._refs: dict[str, str] = {}

    def run(self, step: TrustStep) -> StepOutcome:
        """Run ``step``; any failure to run it becomes a ``failed`` outcome, never an exception."""
        try:
            outcome = self._dispatch(step)
        except (StepFailed, CapabilityMissing) as exc:
            return StepOutcome(step.step_id, "failed", str(exc))
        except Exception as exc:  # whatever the system raised, the step failed
            return StepOutcome(step.step_id, "failed", describe_error(exc))
        ref = (outcome.answer or {}).get("ref")
        if outcome.status == "ok" and isinstance(ref, str) and ref:
            self._refs[step.step_id] = ref
        return outcome

    def _resolve(self, value: Any) -> Any:
        """Replace ``{{ref:STEP}}`` placeholders with earlier receipts' refs."""
        if isinstance(value, str):

            def swap(match: re.Match[str]) -> str:
                ref = self._refs.get(match.group(1))
                if ref is None:
                    raise StepFailed(f"step {match.group(1)!r} returned no ref to use here")
                return ref

            return _REF.sub(swap, value)
        if isinstance(value, list):
            return [self._resolve(item) for item in value]
        if isinstance(value, dict):
            return {key: self._resolve(item) for key, item in value.items()}
        return value

    def _write(self, step_id: str, call: str, run: Callable[[], ts.TrustReceipt]) -> StepOutcome:
        receipt = self.session.call(call, run)
        if receipt.outcome == "refused":
            return StepOutcome(step_id, "refused", receipt.reason or "refused")
        return StepOutcome(step_id, "ok", "", answer_of(receipt))

    def _read(self, step_id: str, call: str, run: Callable[[], object]) -> StepOutcome:
        self.session.call(call, run)
        return StepOutcome(step_id, "ok", "", {})

    def _dispatch(self, step: TrustStep) -> StepOutcome:
        if isinstance(step, GitCommitStep):
            return self._git_commit(step)
        if isinstance(step, SyncStep):
            return self._resync(step.step_id, "owner-sync")
        if isinstance(step, McpStep):
            return self._mcp(step)
        if isinstance(step, CliStep):
            return self._cli(step)
        if isinstance(step, ConnectorStep):
            return self._connector(step)
        return self._raw(step)

    # -- owner sync ------------------------------------------------------------------------

    def _git_commit(self, step: GitCommitStep) -> StepOutcome:
        s = self.session
        request = ts.CommitFilesRequest(
            brain_id=s.brain_id, source=s.source, channel="owner-sync",
            files=list(step.files), message=step.message,
        )  # fmt: skip
        committed = self._write(step.step_id, "CommitFiles", lambda: s.system.commit_files(request))
        if committed.status != "ok" or not step.sync:
            return committed
        return self._resync(step.step_id, "owner-sync")

    def _resync(self, step_id: str, channel: ts.TrustChannel) -> StepOutcome:
        s = self.session
        request = ts.ResyncRequest(brain_id=s.brain_id, source=s.source, channel=channel)
        return self._write(step_id, "Resync", lambda: s.system.resync(request))

    # -- one operation, whichever channel ----------------------------------------------------

    def _operation(
        self,
        step_id: str,
        operation: str,
        fields: dict[str, Any],
        channel: ts.TrustChannel,
        origin: ts.ClaimedOrigin | None,
    ) -> StepOutcome:
        s = self.session
        base: dict[str, Any] = {"brain_id": s.brain_id, "source": s.source, "channel": channel}
        system = s.system
        if operation == "remember":
            remember = ts.RememberRequest(**base, claimed_origin=origin, **fields)
            return self._write(step_id, "Remember", lambda: system.remember(remember))
        if operation == "put_page":
            page = ts.PutPageRequest(**base, claimed_origin=origin, **fields)
            return self._write(step_id, "PutPage", lambda: system.put_page(page))
        if operation == "confirm":
            confirm = ts.ConfirmRequest(**base, **fields)
            return self._write(step_id, "Confirm", lambda: system.confirm(confirm))
        if operation == "forget":
            forget = ts.ForgetRequest(**base, **fields)
            return self._write(step_id, "Forget", lambda: system.forget(forget))
        if operation == "purge":
            purge = ts.PurgeRequest(**base, **fields)
            return self._write(step_id, "Purge", lambda: system.purge(purge))
        if operation == "recall":
            recall = ts.RecallFactsRequest(**base, **fields)
            return self._read(step_id, "RecallFacts", lambda: system.recall_facts(recall))
        if operation == "search":
            search = ts.SearchRequest(**base, **fields)
            return self._read(step_id, "Search", lambda: system.search(search))
        if operation == "get_page":
            get = ts.GetPageRequest(**base, **fields)
            return self._read(step_id, "GetPage", lambda: system.get_page(get))
        if operation == "sync":
            return self._resync(step_id, channel)
        about = ts.ContextPackRequest(brain_id=s.brain_id, source=s.source, **fields)
        return self._read(step_id, "ContextPack", lambda: system.context_pack(about))

    # -- agents ------------------------------------------------------------------------------

    def _mcp(self, step: McpStep) -> StepOutcome:
        arguments = self._resolve(dict(step.arguments))
        channel: ts.TrustChannel = "anonymous-agent" if step.token == "none" else "remote-agent"
        if step.content_origin == "tool_output" and step.token == "agent":
            channel = "tool-output"
        tool = step.tool
        fields = _tool_fields(tool, arguments)
        operation = {"confirm_memory": "confirm"}.get(tool, tool)
        if tool == "forget" and arguments.get("purge") is True:
            operation, fields = "purge", {"claim": fields["ref"]}
        return self._operation(step.step_id, operation, fields, channel, step.content_origin)

    # -- the CLI ------------------------------------------------------------------------------

    def _cli(self, step: CliStep) -> StepOutcome:
        args = [self._resolve(arg) for arg in step.args]
        channel: ts.TrustChannel = "owner-terminal" if step.tty else "local-script"
        command = step.command
        if command == "put-page":
            raise StepFailed("cli put-page reads its page from a file or stdin: use mcp put_page")
        parsed = _parser(command).parse_args(args) if command != "sync" else None
        if parsed is None:
            return self._operation(step.step_id, "sync", {}, channel, None)
        if command == "remember":
            fields = {
                "text": parsed.text, "entity": parsed.entity, "kind": parsed.kind,
                "key": parsed.key, "valid_until": parsed.valid_until,
                "supersedes": list(parsed.supersedes),
            }  # fmt: skip
            return self._operation(step.step_id, "remember", fields, channel, parsed.origin)
        if command == "confirm":
            return self._operation(step.step_id, "confirm", {"ref": parsed.target}, channel, None)
        if command == "forget":
            if parsed.purge:
                fields = {"claim": parsed.target}
                return self._operation(step.step_id, "purge", fields, channel, None)
            return self._operation(step.step_id, "forget", {"ref": parsed.target}, channel, None)
        if command == "context-pack":
            return self._operation(step.step_id, "context", {"about": parsed.people}, channel, None)
        read = {"get-page": ("get_page", {"slug": parsed.query}),
                "search": ("search", {"query": parsed.query, "limit": parsed.limit}),
                "recall": ("recall", {"query": parsed.query,
                                      "include_history": parsed.history})}[command]  # fmt: skip
        return self._operation(step.step_id, read[0], read[1], channel, None)

    # -- connector and direct store access ---------------------------------------------------

    def _connector(self, step: ConnectorStep) -> StepOutcome:
        s = self.session
        request = ts.IngestRequest(
            brain_id=s.brain_id, source=s.source, channel="external-connector",
            connector=step.connector, payload_json=json.dumps(step.payload, sort_keys=True),
        )  # fmt: skip
        return self._write(step.step_id, "Ingest", lambda: s.system.ingest(request))

    def _target_ref(self, target: PageRef | FactRef) -> str:
        """The system's ref of the item a direct write targets, found by an observer read."""
        s = self.session
        if isinstance(target, PageRef):
            get = ts.GetPageRequest(
                brain_id=s.brain_id, source=s.source, channel="observer", slug=target.slug
            )
            page = s.call("GetPage", lambda: s.system.get_page(get)).page
            if page is None or not page.ref:
                raise StepFailed(f"no page {target.slug!r} to attempt a direct tier write on")
            return str(page.ref)
        recall = ts.RecallFactsRequest(
            brain_id=s.brain_id, source=s.source, channel="observer",
            query=" ".join(target.match_keywords), include_history=True,
        )  # fmt: skip
        for fact in s.call("RecallFacts", lambda: s.system.recall_facts(recall)).facts:
            if fact_matches(fact.fact, fact.entity_slug, target):
                return str(fact.ref)
        raise StepFailed(f"no fact matches {target.match_keywords!r} to attempt a tier write on")

    def _raw(self, step: RawSqlStep) -> StepOutcome:
        s = self.session
        ref = self._target_ref(step.target)
        request = ts.DirectTierWriteRequest(
            brain_id=s.brain_id, source=s.source, ref=ref, tier=step.tier
        )
        return self._write(
            step.step_id, "DirectTierWrite", lambda: s.system.direct_tier_write(request)
        )


_TOOL_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "remember": ("text", "entity", "kind", "key", "supersedes", "valid_until"),
    "put_page": ("slug", "content"),
    "confirm_memory": ("ref",),
    "forget": ("ref", "purge"),
    "recall": ("query", "include_history"),
    "search": ("query", "limit"),
    "get_page": ("slug",),
}


def _tool_fields(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """A tool call's arguments as the call's fields; an argument no call carries fails."""
    allowed = _TOOL_FIELDS[tool]
    unknown = sorted(set(arguments) - set(allowed))
    if unknown:
        raise StepFailed(f"mcp {tool} arguments {unknown!r} have no MemoryTrust field")
    fields = {k: v for k, v in arguments.items() if k != "purge"}
    if tool == "remember" and isinstance(fields.get("supersedes"), str):
        fields["supersedes"] = [fields["supersedes"]]
    return fields


def run_steps(session: TrustSession, steps: Sequence[TrustStep]) -> list[StepOutcome]:
    """Every step in order (a convenience for tests)."""
    runner = StepRunner(session)
    return [runner.run(step) for step in steps]


__all__ = ["StepFailed", "StepRunner", "answer_of", "fact_matches", "run_steps"]
