"""The MCP server (stdio, official MCP Python SDK): a remote agent's channel into a brain.

The agent authenticates with a bearer token (``$BB_BRAIN_TOKEN``), which names the brain and
the sources it may touch; every call runs as that agent, at the agent_written ceiling,
whatever ``content_origin`` claims. ``confirm_memory`` and ``forget(purge=true)`` always come
back refused: only the owner at a terminal can promote or purge. Results are the same JSON
objects the Python API returns (``structuredContent``); a refusal is an error result whose text
is ``{"error": {"kind": "refused", "reason": ..., "message": ...}}``.
"""

from __future__ import annotations

import json
import os
from functools import cache
from typing import Any, Literal

from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from pydantic import BaseModel

from bb_brain._errors import BrainUserError
from bb_brain._pg import Database
from bb_brain.trust.api import ENV_BRAIN, ENV_DSN, ENV_SCHEMA, ENV_SOURCE, ENV_TOKEN, TrustBrain
from bb_brain.trust.errors import TrustConfigError, TrustRefused
from bb_brain.trust.purge import require_owner
from bb_brain.trust.tokens import AgentToken, resolve

Origin = Literal["agent", "user_said", "tool_output", "owner"]


def _refusal(exc: TrustRefused) -> ToolError:
    body = {"error": {"kind": "refused", "reason": exc.reason, "message": exc.message}}
    return ToolError(json.dumps(body, sort_keys=True))


def _usage(exc: BrainUserError) -> ToolError:
    return ToolError(json.dumps({"error": {"kind": "usage", "message": exc.message}}))


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, list):
        return {"items": [_plain(item) for item in value]}
    return value


class Gateway:
    """The agent's view of one brain: source checks, then the trust operations."""

    def __init__(self, brain: TrustBrain, token: AgentToken, default_source: str | None) -> None:
        self.brain = brain
        self.token = token
        self.default_source = default_source
        self.ops = brain.acting_as(token.principal)

    def source(self, source: str | None) -> str:
        """The source a call touches, if the token allows it."""
        chosen = source or self.default_source
        if not chosen:
            raise BrainUserError(f"no source: pass source or start the server with ${ENV_SOURCE}")
        if not self.token.allows(chosen):
            raise TrustRefused("source_not_allowed",
                               f"this agent token may not touch source {chosen!r}")  # fmt: skip
        return chosen

    def call(self, fn: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """Run one operation, mapping refusals and mistakes onto MCP tool errors."""
        try:
            result = _plain(fn(*args, **kwargs))
        except TrustRefused as exc:
            raise _refusal(exc) from None
        except BrainUserError as exc:
            raise _usage(exc) from None
        return result if isinstance(result, dict) else {"result": result}


class _Bound:
    """The gateway the prepared server's tools act through (set once per serving process)."""

    def __init__(self) -> None:
        self.gateway: Gateway | None = None

    def get(self) -> Gateway:
        if self.gateway is None:
            raise BrainUserError("the MCP server has no brain yet")
        return self.gateway


@cache
def prepared() -> tuple[FastMCP, _Bound]:
    """The MCP server with the seven memory tools, not yet bound to a brain.

    Building it derives every tool's argument and result schema (pydantic models): a pre-
    importing fork server prepares it once, so a forked ``bb-brain mcp`` only binds it.
    """
    server = FastMCP("bb-brain", log_level="WARNING")
    bound = _Bound()

    @server.tool()
    def remember(
        text: str,
        entity: str | None = None,
        kind: str | None = None,
        key: str | None = None,
        supersedes: list[str] | None = None,
        valid_until: str | None = None,
        content_origin: Origin = "agent",
        source: str | None = None,
    ) -> dict[str, Any]:
        """Remember a fact (stored as agent-written, unconfirmed; tool_output as external)."""
        gateway = bound.get()
        return gateway.call(
            lambda: gateway.ops.remember(
                gateway.source(source), text, entity=entity, kind=kind, key=key,
                supersedes=supersedes or [], valid_until=valid_until,
                content_origin=content_origin,
            )
        )  # fmt: skip

    @server.tool()
    def recall(
        query: str = "", include_history: bool = False, source: str | None = None
    ) -> dict[str, Any]:
        """Facts holding every query word; only current ones unless include_history."""
        gateway = bound.get()
        return gateway.call(
            lambda: gateway.brain.recall(
                gateway.source(source), query, include_history=include_history
            )
        )

    @server.tool()
    def get_page(slug: str, source: str | None = None) -> dict[str, Any]:
        """A page with its tier and every chunk's tier."""
        gateway = bound.get()

        def read() -> Any:
            page = gateway.brain.get_page(gateway.source(source), slug)
            if page is None:
                raise BrainUserError(f"no page {slug!r}")
            return page

        return gateway.call(read)

    @server.tool()
    def search(query: str, limit: int = 10, source: str | None = None) -> dict[str, Any]:
        """Pages matching every query word; each hit's tier is its best matching chunk's."""
        gateway = bound.get()
        return gateway.call(
            lambda: gateway.brain.search(gateway.source(source), query, limit=limit)
        )

    @server.tool()
    def put_page(
        slug: str, content: str, content_origin: Origin = "agent", source: str | None = None
    ) -> dict[str, Any]:
        """Create or edit a page; additions to higher-tier pages become fenced chunks."""
        gateway = bound.get()
        return gateway.call(
            lambda: gateway.ops.put_page(gateway.source(source), slug, content,
                                         content_origin=content_origin)
        )  # fmt: skip

    @server.tool()
    def confirm_memory(ref: str, source: str | None = None) -> dict[str, Any]:
        """Confirm an item (always refused here: only the owner at a terminal confirms)."""
        gateway = bound.get()
        return gateway.call(lambda: gateway.ops.confirm(gateway.source(source), ref))

    @server.tool()
    def forget(ref: str, purge: bool = False, source: str | None = None) -> dict[str, Any]:
        """Expire one of your facts; purge is refused (owner only)."""
        gateway = bound.get()

        def run() -> Any:
            chosen = gateway.source(source)
            if purge:
                require_owner(gateway.token.principal, "forget --purge")
            return gateway.ops.forget(chosen, ref)

        return gateway.call(run)

    return server, bound


def build_server(gateway: Gateway) -> FastMCP:
    """The MCP server with the seven memory tools, acting through ``gateway``.

    One per process: the prepared server is bound to the gateway of its one agent.
    """
    server, bound = prepared()
    bound.gateway = gateway
    return server


def serve_stdio() -> int:
    """Serve until stdin closes. Configuration comes from the environment (see module doc).

    Raises:
        TrustConfigError: The environment does not name a reachable brain.
        TrustRefused: The token is unknown.
    """
    conninfo = os.environ.get(ENV_DSN, "").strip()
    schema = os.environ.get(ENV_SCHEMA, "").strip()
    if not conninfo or not schema:
        raise TrustConfigError(f"set ${ENV_DSN} and ${ENV_SCHEMA} to the brain's database")
    db = Database(conninfo, schema, server=None, max_size=2)
    try:
        token = resolve(db, os.environ.get(ENV_TOKEN, ""))
        wanted = os.environ.get(ENV_BRAIN, "").strip()
        if wanted and wanted != token.brain_id:
            raise TrustRefused("bad_token", f"the agent token is not valid for brain {wanted!r}")
        brain = TrustBrain.attach(db, token.brain_id)
        gateway = Gateway(brain, token, os.environ.get(ENV_SOURCE, "").strip() or None)
        build_server(gateway).run("stdio")
    finally:
        db.close()
    return 0
