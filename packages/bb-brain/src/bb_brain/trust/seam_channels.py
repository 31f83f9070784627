"""The real channels of one trust brain, driven for the MemoryTrust servicer.

* owner sync: ``git`` commits into the source's repository; ``bb-brain sync`` at a terminal;
* owner at a terminal / local script: a ``bb-brain`` subcommand as its own process, on a
  pseudo-terminal or without one, with real argv;
* remote agent (with or without a token) and tool output: a tool call to ``bb-brain mcp``
  over stdio (the server process lives as long as the brain: one per token kind);
  both the CLI and the MCP server processes are forked from a pre-imported fork server when
  one is given (:mod:`bb_brain.trust.forkserver`);
* external connector: ``bb-brain connector github --payload FILE``;
* direct store access: ``UPDATE <table> SET trust_tier`` on the brain's own database.

Each answers a :class:`~bb_schema.trust_seam.TrustReceipt` (``refused`` when a trust rule
said no) or raises :class:`ChannelFailed` when the channel could not do what was asked.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Final, Literal

import psycopg
from bb_schema import SchemaRuntimeError
from bb_schema.trust import CanonicalFile, TrustTier
from bb_schema.trust_seam import TrustReceipt
from psycopg import sql

from bb_brain.trust.api import TrustBrain
from bb_brain.trust.clients import McpAgent, run_cli
from bb_brain.trust.errors import TrustRefused
from bb_brain.trust.forkserver import ForkServer

#: Tables whose ``trust_tier`` a direct write targets, by ref kind.
_REF_TABLES: Final = {"fact": "facts", "chunk": "chunks", "timeline": "timeline_entries",
                      "take": "takes", "page": "pages"}  # fmt: skip
_GIT_ENV: Final = {
    "GIT_AUTHOR_NAME": "Owner",
    "GIT_AUTHOR_EMAIL": "owner@example.invalid",
    "GIT_COMMITTER_NAME": "Owner",
    "GIT_COMMITTER_EMAIL": "owner@example.invalid",
    "GIT_AUTHOR_DATE": "2026-03-09T12:00:00Z",
    "GIT_COMMITTER_DATE": "2026-03-09T12:00:00Z",
}
Token = Literal["agent", "none"]


class ChannelFailed(SchemaRuntimeError):
    """The channel could not run the operation (a crash, a timeout, a bad answer)."""


def receipt_of(answer: dict[str, Any]) -> TrustReceipt:
    """A channel's JSON answer (a receipt or report) as a seam receipt."""
    stores = answer.get("stores")
    flag = answer.get("flag")
    tier = answer.get("tier")
    return TrustReceipt(
        outcome="ok",
        ref=str(answer.get("ref") or ""),
        tier=tier
        if tier in ("owner", "user_confirmed", "agent_written", "external_untrusted")
        else None,  # fmt: skip
        stored="held" if answer.get("stored") == "quarantine" else "live",
        flagged=isinstance(flag, dict),
        superseded=[str(ref) for ref in answer.get("superseded") or []],
        stores=[
            str(hit.get("store"))
            for hit in stores or []
            if isinstance(hit, dict) and hit.get("store")
        ],
    )


def refused(reason: str) -> TrustReceipt:
    """A refusal: a trust rule said no and nothing changed."""
    return TrustReceipt(outcome="refused", reason=reason)


class BrainChannels:
    """The channels of one brain and source; owns the MCP servers it starts."""

    def __init__(
        self,
        brain: TrustBrain,
        source: str,
        workdir: Path,
        *,
        timeout: float,
        launcher: ForkServer | None = None,
    ) -> None:
        self.brain = brain
        self.launcher = launcher
        self.source = source
        self.workdir = workdir
        self.timeout = timeout
        self._agents: dict[Token, McpAgent] = {}
        self._stack = ExitStack()

    def close(self) -> None:
        """Stop the MCP servers."""
        self._stack.close()

    # -- owner sync ----------------------------------------------------------------------------

    def _git(self, repo: Path, *args: str) -> None:
        env = {**os.environ, **_GIT_ENV}
        done = subprocess.run(
            ["git", "-C", str(repo), *args], capture_output=True, text=True, env=env,
            timeout=self.timeout, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            raise ChannelFailed(f"git {' '.join(args)} failed: {done.stderr.strip()}")

    def commit(self, files: list[CanonicalFile], message: str) -> TrustReceipt:
        """The owner commits ``files`` into the source's repository."""
        repo = Path(self.brain.repo(self.source))
        for file in files:
            target = repo / file.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(file.content, encoding="utf-8")
        self._git(repo, "add", "--", *(file.path for file in files))
        self._git(repo, "commit", "--allow-empty", "-q", "-m", message)
        return TrustReceipt(outcome="ok")

    # -- the CLI, with or without a terminal ---------------------------------------------------

    def cli(self, args: list[str], *, tty: bool) -> TrustReceipt:
        """``bb-brain ARGS --json`` as its own process."""
        env = {**os.environ, **self.brain.env(self.source)}
        done = run_cli(
            [*args, "--json"], env, tty=tty, timeout=self.timeout, launcher=self.launcher
        )
        answer = done.json if isinstance(done.json, dict) else None
        error = (answer or {}).get("error")
        if isinstance(error, dict):
            if error.get("kind") == "refused":
                return refused(str(error.get("reason") or "refused"))
            raise ChannelFailed(f"{error.get('kind')}: {error.get('message')}")
        if done.code != 0:
            tail = str(done.stderr).strip()[-300:]
            raise ChannelFailed(f"bb-brain {args[0]} exited {done.code}: {tail}")
        return receipt_of(answer or {})

    def cli_answer(self, args: list[str], *, tty: bool) -> Any:
        """A read command's JSON answer (a refusal or error raises ChannelFailed)."""
        env = {**os.environ, **self.brain.env(self.source)}
        done = run_cli(
            [*args, "--json"], env, tty=tty, timeout=self.timeout, launcher=self.launcher
        )
        if done.code != 0 or (isinstance(done.json, dict) and "error" in done.json):
            raise ChannelFailed(f"bb-brain {args[0]} failed: {str(done.stderr).strip()[-300:]}")
        return done.json

    def temp_file(self, suffix: str, text: str) -> str:
        """A file in the brain's work directory holding ``text`` (a payload, a page)."""
        with tempfile.NamedTemporaryFile(
            "w", suffix=suffix, dir=self.workdir, delete=False, encoding="utf-8"
        ) as handle:
            handle.write(text)
        return handle.name

    def connector(self, payload_json: str) -> TrustReceipt:
        """The GitHub connector ingests a payload file."""
        path = self.temp_file(".json", payload_json)
        return self.cli(["connector", "github", "--payload", path], tty=False)

    # -- MCP -----------------------------------------------------------------------------------

    def _agent(self, token: Token) -> McpAgent:
        if token not in self._agents:
            if token == "agent":
                issued = self.brain.issue_agent_token("agent")
                env = self.brain.env(self.source, token=issued)
            else:
                env = self.brain.env(self.source)
            agent = McpAgent({**os.environ, **env}, timeout=self.timeout, launcher=self.launcher)
            self._agents[token] = self._stack.enter_context(agent)
        return self._agents[token]

    def mcp_answer(self, token: Token, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """A tool call's structured answer; a refusal raises TrustRefused."""
        answer = self._agent(token).call(tool, **arguments)
        if not isinstance(answer, dict):
            raise ChannelFailed(f"{tool} answered {type(answer).__name__}, not an object")
        return answer

    def mcp(self, token: Token, tool: str, arguments: dict[str, Any]) -> TrustReceipt:
        """A tool call as a receipt."""
        try:
            return receipt_of(self.mcp_answer(token, tool, arguments))
        except TrustRefused as exc:
            return refused(exc.reason)

    # -- direct store access -------------------------------------------------------------------

    def _primary_key(self, table: str) -> str:
        with self.brain.db.connection() as conn:
            rows = conn.execute(
                "SELECT k.column_name FROM information_schema.table_constraints c"
                " JOIN information_schema.key_column_usage k"
                " ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema"
                " WHERE c.table_schema = current_schema() AND c.table_name = %s"
                " AND c.constraint_type = 'PRIMARY KEY'",
                (table,),
            ).fetchall()
        if len(rows) != 1:
            raise ChannelFailed(f"table {table!r} has no single-column primary key to target")
        return str(rows[0][0])

    def raw_tier_update(self, ref: str, tier: TrustTier) -> TrustReceipt:
        """``UPDATE <table> SET trust_tier`` on the brain's own database connection."""
        kind, _, ident = ref.partition(":")
        table = _REF_TABLES.get(kind)
        if table is None or not ident:
            raise ChannelFailed(f"ref {ref!r} names no table a tier lives in")
        key = "slug" if table == "pages" else self._primary_key(table)
        db = self.brain.db
        query = sql.SQL(
            "UPDATE {t} SET trust_tier = %s WHERE brain_id::text = %s AND {k}::text = %s"
        ).format(t=sql.Identifier(table), k=sql.Identifier(key))
        try:
            with psycopg.connect(db.conninfo, options=f"-c search_path={db.schema}") as conn:
                rows = conn.execute(query, (tier, str(self.brain.brain_id), ident)).rowcount
        except (psycopg.errors.RaiseException, psycopg.errors.InsufficientPrivilege) as exc:
            # The database itself refused (a trigger or a privilege), not our statement.
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            return refused(f"database: {first}")
        if rows == 0:
            raise ChannelFailed(f"raw UPDATE of {table} {ident!r} matched no row")
        return TrustReceipt(outcome="ok", ref=ref, tier=tier)


def payload_text(payload: dict[str, Any]) -> str:
    """Canonical JSON text of a connector payload."""
    return json.dumps(payload, sort_keys=True)


__all__ = ["BrainChannels", "ChannelFailed", "receipt_of", "refused"]
