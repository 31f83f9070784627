"""The reference engine's MemoryTrust servicer: every operation through the channel it names.

The bench drives the reference engine through the same MemoryTrust service a foreign system
implements, and this servicer performs each request through the real channel the request
names, so what is measured is the shipped behaviour: ``owner-sync`` is ``git`` plus
``bb-brain sync`` at a terminal, ``owner-terminal`` / ``local-script`` the CLI as its own
process with or without a terminal, ``remote-agent`` / ``anonymous-agent`` / ``tool-output``
the MCP server over stdio (with an agent token, without one, with ``content_origin:
tool_output``), ``external-connector`` the GitHub connector. ``observer`` reads are the
bench's own and are served in-process (the owner's view), as are the context pack and the
store dump.

The servicer owns the channel processes of each open brain (the MCP servers live as long as
the brain), and every write answers once the brain's post-commit effects have landed. The CLI
and MCP processes are forked from one pre-imported fork server per servicer
(:mod:`bb_brain.trust.forkserver`), each still its own process with its own argv, stdio,
session and environment; ``BB_BRAIN_FORKSERVER=0`` starts each from a fresh interpreter.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeVar

from bb_schema import SchemaUserError
from bb_schema import trust_seam as ts
from bb_schema.memory import CloseBrainRequest, OpenBrainResponse
from pydantic import BaseModel

from bb_brain._pg import Database
from bb_brain.trust.api import TrustBrain
from bb_brain.trust.dump import dump_stores
from bb_brain.trust.forkserver import ForkServer
from bb_brain.trust.models import TrustSettings
from bb_brain.trust.seam_channels import BrainChannels, ChannelFailed, Token

R = TypeVar("R")
M = TypeVar("M", bound=BaseModel)

#: The MCP token each agent channel presents.
_AGENT_TOKENS: Final[dict[str, Token]] = {
    "remote-agent": "agent",
    "tool-output": "agent",
    "anonymous-agent": "none",
}
_CLI_TTY: Final = {"owner-terminal": True, "owner-sync": True, "local-script": False}
#: Set to ``0`` to start every channel process from a fresh interpreter (no fork server).
ENV_FORKSERVER: Final = "BB_BRAIN_FORKSERVER"


@dataclass
class _Open:
    brain: TrustBrain
    source: str
    workdir: Path
    channels: BrainChannels
    lock: threading.Lock


def _unroutable(call: str, channel: str) -> SchemaUserError:
    return SchemaUserError(
        f"{call} over channel {channel!r} has no route in the reference engine; "
        "see docs/SEAM.md for the channels each call accepts"
    )


def _convert(model: type[M], data: Any) -> M:
    """A reference read model (or its JSON) as the seam's model; extra fields dropped."""
    dump = getattr(data, "model_dump", None)
    plain = dump(mode="json") if callable(dump) else data
    return model.model_validate(_only(model, plain))


def _only(model: type[BaseModel], data: Any) -> Any:
    """``data`` restricted to ``model``'s fields, recursively (lists of models included)."""
    if not isinstance(data, dict):
        return data
    out: dict[str, Any] = {}
    for name, field in model.model_fields.items():
        if name not in data:
            continue
        value = data[name]
        inner = _model_of(field.annotation)
        if inner is not None and isinstance(value, list):
            value = [_only(inner, item) for item in value]
        elif inner is not None:
            value = _only(inner, value)
        out[name] = value
    return out


def _model_of(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _model_of(arg)
        if found is not None:
            return found
    return None


class ReferenceTrust:
    """MemoryTrust over :class:`~bb_brain.trust.api.TrustBrain` and its real channels."""

    def __init__(
        self, db: Database, *, step_timeout: float = 60.0, settle_timeout: float = 10.0
    ) -> None:
        self.db = db
        self.step_timeout = step_timeout
        self.settle_timeout = settle_timeout
        self._open: dict[str, _Open] = {}
        self._lock = threading.Lock()
        use_forks = os.environ.get(ENV_FORKSERVER, "1").strip() != "0"
        self._launcher = ForkServer() if use_forks else None

    def close(self) -> None:
        """Stop the fork server (open brains' channel processes finish on their own)."""
        if self._launcher is not None:
            self._launcher.close()

    # -- lifecycle -----------------------------------------------------------------------------

    def open_trust_brain(self, request: ts.OpenTrustBrainRequest) -> OpenBrainResponse:
        """A fresh brain whose source is a new git repository in a private work directory."""
        workdir = Path(tempfile.mkdtemp(prefix="bb-trust-"))
        try:
            settings = TrustSettings.model_validate(request.settings.model_dump())
            brain = TrustBrain.create(
                self.db, source=request.source, repo=workdir / "repo", settings=settings,
                fixture_id=request.brain_name,
            )  # fmt: skip
        except Exception:
            shutil.rmtree(workdir, ignore_errors=True)
            raise
        channels = BrainChannels(
            brain, request.source, workdir, timeout=self.step_timeout, launcher=self._launcher
        )
        with self._lock:
            self._open[brain.brain_id] = _Open(
                brain, request.source, workdir, channels, threading.Lock()
            )
        return OpenBrainResponse(brain_id=brain.brain_id)

    def close_trust_brain(self, request: CloseBrainRequest) -> None:
        """Stop the brain's channels, delete its rows and its work directory."""
        with self._lock:
            opened = self._open.pop(request.brain_id, None)
        if opened is None:
            raise SchemaUserError(f"no open trust brain {request.brain_id!r}")
        try:
            opened.channels.close()
            opened.brain.close()
        finally:
            shutil.rmtree(opened.workdir, ignore_errors=True)

    def _get(self, brain_id: str, source: str | None = None) -> _Open:
        with self._lock:
            opened = self._open.get(brain_id)
        if opened is None:
            raise SchemaUserError(f"no open trust brain {brain_id!r}; open one first")
        if source is not None and source != opened.source:
            raise SchemaUserError(f"brain {brain_id!r} has no source {source!r}")
        return opened

    def _write(self, brain_id: str, source: str, run: Callable[[_Open], R]) -> R:
        """One write through its channel, then a bounded wait for its post-commit effects."""
        opened = self._get(brain_id, source)
        with opened.lock:
            result = run(opened)
            try:
                opened.brain.wait_settled(timeout=self.settle_timeout)
            except Exception as exc:
                raise ChannelFailed(
                    f"post-commit effects did not land: {type(exc).__name__}: {exc}"
                ) from exc
        return result

    # -- writes --------------------------------------------------------------------------------

    def commit_files(self, request: ts.CommitFilesRequest) -> ts.TrustReceipt:
        """owner-sync: ``git commit`` of the files (no sync)."""
        if request.channel != "owner-sync":
            raise _unroutable("CommitFiles", request.channel)
        return self._write(
            request.brain_id,
            request.source,
            lambda o: o.channels.commit(request.files, request.message),
        )

    def resync(self, request: ts.ResyncRequest) -> ts.TrustReceipt:
        """``bb-brain sync`` at a terminal (owner) or without one (local script)."""
        tty = _CLI_TTY.get(request.channel)
        if tty is None:
            raise _unroutable("Resync", request.channel)
        return self._write(
            request.brain_id, request.source, lambda o: o.channels.cli(["sync"], tty=tty)
        )

    def remember(self, request: ts.RememberRequest) -> ts.TrustReceipt:
        """``bb-brain remember`` or the MCP ``remember`` tool."""
        options = {"entity": request.entity, "kind": request.kind, "key": request.key,
                   "valid_until": request.valid_until}  # fmt: skip
        if request.channel in _AGENT_TOKENS:
            arguments: dict[str, Any] = {"text": request.text}
            arguments.update({k: v for k, v in options.items() if v is not None})
            if request.supersedes:
                arguments["supersedes"] = list(request.supersedes)
            return self._mcp(request, "remember", arguments)
        args = ["remember", request.text]
        for name, value in options.items():
            if value is not None:
                args += [f"--{name.replace('_', '-')}", value]
        for ref in request.supersedes:
            args += ["--supersedes", ref]
        if request.claimed_origin is not None:
            args += ["--origin", request.claimed_origin]
        return self._cli(request, args)

    def put_page(self, request: ts.PutPageRequest) -> ts.TrustReceipt:
        """``bb-brain put-page SLUG --file F`` or the MCP ``put_page`` tool."""
        if request.channel in _AGENT_TOKENS:
            arguments = {"slug": request.slug, "content": request.content}
            return self._mcp(request, "put_page", arguments)

        def run(opened: _Open) -> ts.TrustReceipt:
            path = opened.channels.temp_file(".md", request.content)
            args = ["put-page", request.slug, "--file", path]
            if request.claimed_origin is not None:
                args += ["--origin", request.claimed_origin]
            return opened.channels.cli(args, tty=self._tty(request))

        return self._write(request.brain_id, request.source, run)

    def ingest(self, request: ts.IngestRequest) -> ts.TrustReceipt:
        """external-connector: the GitHub connector reads the payload file."""
        if request.channel != "external-connector" or request.connector != "github-issue":
            raise _unroutable(f"Ingest ({request.connector})", request.channel)
        try:
            json.loads(request.payload_json)
        except ValueError as exc:
            raise SchemaUserError(f"payload_json is not JSON text ({exc})") from exc
        return self._write(
            request.brain_id,
            request.source,
            lambda o: o.channels.connector(request.payload_json),
        )

    def confirm(self, request: ts.ConfirmRequest) -> ts.TrustReceipt:
        """``bb-brain confirm REF --yes`` or the MCP ``confirm_memory`` tool."""
        if request.channel in _AGENT_TOKENS:
            return self._mcp(request, "confirm_memory", {"ref": request.ref})
        return self._cli(request, ["confirm", request.ref, "--yes"])

    def forget(self, request: ts.ForgetRequest) -> ts.TrustReceipt:
        """``bb-brain forget REF`` or the MCP ``forget`` tool."""
        if request.channel in _AGENT_TOKENS:
            return self._mcp(request, "forget", {"ref": request.ref})
        return self._cli(request, ["forget", request.ref])

    def purge(self, request: ts.PurgeRequest) -> ts.TrustReceipt:
        """``bb-brain forget --purge CLAIM --yes`` or the MCP ``forget`` tool with purge."""
        if request.channel in _AGENT_TOKENS:
            return self._mcp(request, "forget", {"ref": request.claim, "purge": True})
        return self._cli(request, ["forget", "--purge", request.claim, "--yes"])

    def direct_tier_write(self, request: ts.DirectTierWriteRequest) -> ts.TrustReceipt:
        """``UPDATE ... SET trust_tier`` on the brain's database (the database refuses)."""
        return self._write(
            request.brain_id,
            request.source,
            lambda o: o.channels.raw_tier_update(request.ref, request.tier),
        )

    def _tty(self, request: Any) -> bool:
        tty = _CLI_TTY.get(request.channel)
        if tty is None or request.channel == "owner-sync":
            raise _unroutable(type(request).__name__.removesuffix("Request"), request.channel)
        return tty

    def _cli(self, request: Any, args: list[str]) -> ts.TrustReceipt:
        tty = self._tty(request)
        return self._write(
            request.brain_id, request.source, lambda o: o.channels.cli(args, tty=tty)
        )

    def _mcp(self, request: Any, tool: str, arguments: dict[str, Any]) -> ts.TrustReceipt:
        origin = getattr(request, "claimed_origin", None)
        if request.channel == "tool-output":
            origin = "tool_output"
        if origin is not None:
            arguments["content_origin"] = origin
        token = _AGENT_TOKENS[request.channel]
        return self._write(
            request.brain_id, request.source, lambda o: o.channels.mcp(token, tool, arguments)
        )

    # -- reads ---------------------------------------------------------------------------------

    def get_page(self, request: ts.GetPageRequest) -> ts.GetPageResponse:
        """A page with every part's tier (observer: in-process; else CLI / MCP)."""
        opened = self._get(request.brain_id, request.source)
        data = self._read(opened, request.channel, ("get-page", request.slug),
                          ("get_page", {"slug": request.slug}),
                          lambda: opened.brain.get_page(request.source, request.slug))  # fmt: skip
        if data is None:
            return ts.GetPageResponse()
        page = _convert(ts.TrustPage, data)
        return ts.GetPageResponse(page=page.model_copy(update={"ref": f"page:{page.slug}"}))

    def search(self, request: ts.SearchRequest) -> ts.SearchResponse:
        """Search hits, each with the highest tier among its matching chunks."""
        opened = self._get(request.brain_id, request.source)
        data = self._read(
            opened, request.channel,
            ("search", request.query, "--limit", str(request.limit)),
            ("search", {"query": request.query, "limit": request.limit}),
            lambda: opened.brain.search(request.source, request.query, limit=request.limit),
        )  # fmt: skip
        return ts.SearchResponse(hits=[_convert(ts.SearchHit, hit) for hit in _rows(data)])

    def recall_facts(self, request: ts.RecallFactsRequest) -> ts.TrustFacts:
        """Facts holding every query word, with their states, tiers and labels."""
        opened = self._get(request.brain_id, request.source)
        history = ["--history"] if request.include_history else []
        data = self._read(
            opened, request.channel, ("recall", request.query, *history),
            ("recall", {"query": request.query, "include_history": request.include_history}),
            lambda: opened.brain.recall(
                request.source, request.query, include_history=request.include_history,
                limit=request.limit,
            ),
        )  # fmt: skip
        return ts.TrustFacts(facts=[_convert(ts.TrustFact, fact) for fact in _rows(data)])

    def context_pack(self, request: ts.ContextPackRequest) -> ts.ContextPackResponse:
        """The context pack about ``about`` (labelled, gated by the brain's settings)."""
        opened = self._get(request.brain_id, request.source)
        pack = opened.brain.context_pack(request.source, request.about)
        return _convert(ts.ContextPackResponse, pack)

    def dump_stores(self, request: ts.DumpStoresRequest) -> ts.StoreDump:
        """Every text-bearing column of every table, and the canonical files."""
        opened = self._get(request.brain_id)
        return dump_stores(self.db, opened.brain.brain_id, opened.brain.repo(opened.source))

    def _read(
        self,
        opened: _Open,
        channel: str,
        cli: tuple[str, ...],
        mcp: tuple[str, dict[str, Any]],
        local: Callable[[], Any],
    ) -> Any:
        if channel == "observer":
            return local()
        if channel in _AGENT_TOKENS:
            answer = opened.channels.mcp_answer(_AGENT_TOKENS[channel], *mcp)
            return answer.get("result", answer)
        tty = _CLI_TTY.get(channel)
        if tty is None or channel == "owner-sync":
            raise _unroutable(cli[0], channel)
        return opened.channels.cli_answer(list(cli), tty=tty)


def _rows(data: Any) -> list[Any]:
    """A read's rows, whether it answered a list or ``{"result": [...]}``."""
    if isinstance(data, dict):
        data = data.get("result", [])
    return list(data or [])


__all__ = ["ReferenceTrust"]
