"""Run one trust step through the channel a person or agent would use.

* ``git_commit`` / ``sync``: the owner commits into the source's git repository with ``git``
  and runs ``bb-brain sync`` at a terminal;
* ``mcp``: a tool call to ``bb-brain mcp`` over stdio with an agent bearer token (or none);
* ``cli``: a ``bb-brain`` subcommand as a subprocess, on a pseudo-terminal or without one;
* ``connector``: ``bb-brain connector github --payload FILE``;
* ``raw_sql``: ``UPDATE <table> SET trust_tier`` on the brain's own database connection.

Every outcome is ``ok``, ``refused`` (a trust rule said no, nothing changed) or ``failed``
(the build could not run it). A failure is never a skip: the metrics count it against the
protection being measured. Strings ``{{ref:STEP_ID}}`` inside MCP arguments or CLI arguments
stand for the ``ref`` an earlier step's receipt returned.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Final

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

_REF: Final = re.compile(r"\{\{ref:([a-z0-9][a-z0-9-]*)\}\}")
#: Tables whose ``trust_tier`` a raw SQL attempt targets, by ref kind.
_REF_TABLES: Final = {"fact": "facts", "chunk": "chunks", "timeline": "timeline_entries",
                      "take": "takes"}  # fmt: skip
_GIT_ENV: Final = {
    "GIT_AUTHOR_NAME": "Owner",
    "GIT_AUTHOR_EMAIL": "owner@example.invalid",
    "GIT_COMMITTER_NAME": "Owner",
    "GIT_COMMITTER_EMAIL": "owner@example.invalid",
    "GIT_AUTHOR_DATE": "2026-03-09T12:00:00Z",
    "GIT_COMMITTER_DATE": "2026-03-09T12:00:00Z",
}


class StepFailed(Exception):
    """The build could not run a step (missing operation, bad answer, timeout)."""


def _clients() -> Any:
    try:
        clients = importlib.import_module("bb_brain.trust.clients")
    except ImportError as exc:
        raise StepFailed(
            f"this build has no trust channels (bb_brain.trust.clients): {exc}"
        ) from exc
    return clients


class Channels:
    """The real channels of one trust brain and source; owns the MCP server it starts."""

    def __init__(self, brain: Any, source: str, workdir: Path, *, timeout: float = 60.0) -> None:
        self._brain = brain
        self._source = source
        self._workdir = workdir
        self._timeout = timeout
        self._refs: dict[str, str] = {}
        self._agents: dict[str, Any] = {}
        self._stack = ExitStack()

    def close(self) -> None:
        """Stop the MCP servers this object started."""
        self._stack.close()

    # -- dispatch ----------------------------------------------------------------------------

    def run(self, step: TrustStep) -> StepOutcome:
        """Run ``step``; any failure to run it becomes a ``failed`` outcome, never an exception."""
        try:
            outcome = self._dispatch(step)
        except StepFailed as exc:
            return StepOutcome(step.step_id, "failed", str(exc))
        except Exception as exc:  # whatever the build raised, the step failed
            return StepOutcome(step.step_id, "failed", f"{type(exc).__name__}: {exc}")
        ref = (outcome.answer or {}).get("ref")
        if outcome.status == "ok" and isinstance(ref, str):
            self._refs[step.step_id] = ref
        return outcome

    def _dispatch(self, step: TrustStep) -> StepOutcome:
        handlers: dict[type[Any], Callable[[Any], StepOutcome]] = {
            GitCommitStep: self._git_commit,
            SyncStep: self._sync,
            McpStep: self._mcp,
            CliStep: self._cli,
            ConnectorStep: self._connector,
            RawSqlStep: self._raw_sql,
        }
        return handlers[type(step)](step)

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

    # -- owner: git + sync -------------------------------------------------------------------

    def _git(self, repo: Path, *args: str) -> None:
        env = {**os.environ, **_GIT_ENV}
        done = subprocess.run(
            ["git", "-C", str(repo), *args], capture_output=True, text=True, env=env,
            timeout=self._timeout, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            raise StepFailed(f"git {' '.join(args)} failed: {done.stderr.strip()}")

    def _git_commit(self, step: GitCommitStep) -> StepOutcome:
        repo = Path(self._brain.repo(self._source))
        for file in step.files:
            target = repo / file.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(file.content, encoding="utf-8")
        self._git(repo, "add", "--", *(file.path for file in step.files))
        self._git(repo, "commit", "--allow-empty", "-q", "-m", step.message)
        if not step.sync:
            return StepOutcome(step.step_id, "ok", "committed")
        return self._cli_call(step.step_id, ["sync"], tty=True)

    def _sync(self, step: SyncStep) -> StepOutcome:
        return self._cli_call(step.step_id, ["sync"], tty=True)

    # -- CLI and connector -------------------------------------------------------------------

    def _cli_call(self, step_id: str, args: list[str], *, tty: bool) -> StepOutcome:
        clients = _clients()
        env = {**os.environ, **self._brain.env(self._source)}
        done = clients.run_cli([*args, "--json"], env, tty=tty, timeout=self._timeout)
        answer = done.json if isinstance(done.json, dict) else None
        error = (answer or {}).get("error")
        if isinstance(error, dict):
            kind, reason = error.get("kind"), error.get("reason")
            detail = f"{kind}: {reason}: {error.get('message')}"
            if kind == "refused":
                return StepOutcome(step_id, "refused", detail, answer)
            return StepOutcome(step_id, "failed", detail, answer)
        if done.code != 0:
            tail = str(getattr(done, "stderr", "")).strip()[-300:]
            return StepOutcome(step_id, "failed", f"exit {done.code}: {tail}", answer)
        return StepOutcome(step_id, "ok", "", answer)

    def _cli(self, step: CliStep) -> StepOutcome:
        args = [self._resolve(arg) for arg in step.args]
        return self._cli_call(step.step_id, [step.command, *args], tty=step.tty)

    def _connector(self, step: ConnectorStep) -> StepOutcome:
        with tempfile.NamedTemporaryFile(
            "w", suffix=".json", dir=self._workdir, delete=False, encoding="utf-8"
        ) as handle:
            json.dump(step.payload, handle)
        return self._cli_call(
            step.step_id, ["connector", "github", "--payload", handle.name], tty=False
        )

    # -- MCP ---------------------------------------------------------------------------------

    def _agent(self, token: str) -> Any:
        if token not in self._agents:
            clients = _clients()
            if token == "agent":
                env = self._brain.env(self._source, token=self._brain.issue_agent_token("agent"))
            else:
                env = self._brain.env(self._source)
            agent = clients.McpAgent({**os.environ, **env})
            if hasattr(agent, "__enter__"):
                agent = self._stack.enter_context(agent)
            elif hasattr(agent, "close"):
                self._stack.callback(agent.close)
            self._agents[token] = agent
        return self._agents[token]

    def _mcp(self, step: McpStep) -> StepOutcome:
        from bb_brain.trust import TrustRefused

        arguments = self._resolve(dict(step.arguments))
        if step.content_origin is not None:
            arguments["content_origin"] = step.content_origin
        try:
            answer = self._agent(step.token).call(step.tool, **arguments)
        except TrustRefused as exc:
            return StepOutcome(step.step_id, "refused", f"{exc.reason}: {exc}")
        if not isinstance(answer, dict):
            raise StepFailed(f"{step.tool} answered {type(answer).__name__}, not an object")
        return StepOutcome(step.step_id, "ok", "", answer)

    # -- raw SQL -----------------------------------------------------------------------------

    def _target_rows(self, target: PageRef | FactRef) -> tuple[str, str]:
        """(table, ref id) of the row a raw attempt targets."""
        if isinstance(target, PageRef):
            return "pages", target.slug
        facts = self._brain.recall(
            self._source, " ".join(target.match_keywords), include_history=True
        )
        for fact in facts:
            if fact_matches(fact.fact, fact.entity_slug, target):
                kind, _, ident = fact.ref.partition(":")
                return _REF_TABLES.get(kind, "facts"), ident
        raise StepFailed(f"no fact matches {target.match_keywords!r} to attempt a raw UPDATE on")

    def _primary_key(self, table: str) -> str:
        """The single-column primary key of ``table``, read from the catalogue."""
        with self._brain.db.connection() as conn:
            rows = conn.execute(
                "SELECT k.column_name FROM information_schema.table_constraints c"
                " JOIN information_schema.key_column_usage k"
                " ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema"
                " WHERE c.table_schema = current_schema() AND c.table_name = %s"
                " AND c.constraint_type = 'PRIMARY KEY'",
                (table,),
            ).fetchall()
        if len(rows) != 1:
            raise StepFailed(f"table {table!r} has no single-column primary key to target")
        return str(rows[0][0])

    def _raw_sql(self, step: RawSqlStep) -> StepOutcome:
        import psycopg
        from psycopg import sql

        table, ident = self._target_rows(step.target)
        db = self._brain.db
        key = "slug" if table == "pages" else self._primary_key(table)
        query = sql.SQL(
            "UPDATE {t} SET trust_tier = %s WHERE brain_id::text = %s AND {k}::text = %s"
        ).format(t=sql.Identifier(table), k=sql.Identifier(key))
        try:
            with psycopg.connect(db.conninfo, options=f"-c search_path={db.schema}") as conn:
                updated = conn.execute(query, (step.tier, str(self._brain.brain_id), ident))
                rows = updated.rowcount
        except (psycopg.errors.RaiseException, psycopg.errors.InsufficientPrivilege) as exc:
            # The database itself refused (a trigger or a privilege), not our statement.
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            return StepOutcome(step.step_id, "refused", f"database: {first}")
        if rows == 0:
            raise StepFailed(f"raw UPDATE of {table} {ident!r} matched no row")
        return StepOutcome(step.step_id, "ok", f"raw UPDATE changed {rows} row(s) of {table}")


def fact_matches(text: str, entity_slug: str | None, ref: FactRef) -> bool:
    """A stored fact holds every keyword (case-insensitive) and, when given, the entity."""
    if ref.entity_slug is not None and entity_slug != ref.entity_slug:
        return False
    folded = text.casefold()
    return all(keyword.casefold() in folded for keyword in ref.match_keywords)


@contextmanager
def channels(brain: Any, source: str, workdir: Path, *, timeout: float) -> Iterator[Channels]:
    """:class:`Channels` for one brain, closed (MCP servers stopped) on exit."""
    opened = Channels(brain, source, workdir, timeout=timeout)
    try:
        yield opened
    finally:
        opened.close()


__all__ = ["Channels", "StepFailed", "channels", "fact_matches"]
