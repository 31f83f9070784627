"""What every trust subcommand shares: finding the brain, who is asking, and output.

The brain is found through ``--dsn/--schema/--brain/--source`` or the environment
(``$BRAINBENCH_DSN``, ``$BB_BRAIN_SCHEMA``, ``$BB_BRAIN_ID``, ``$BB_BRAIN_SOURCE``). Who is
asking is decided by the terminal: stdin and stdout both a TTY -> the owner (owner ceiling,
may confirm and purge); otherwise a local process at the agent_written ceiling. ``--json``
prints one JSON object on stdout (the result, or ``{"error": {...}}``); errors exit 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from pydantic import BaseModel

from bb_brain._errors import BrainError, BrainUserError
from bb_brain._pg import Database
from bb_brain.trust.api import ENV_BRAIN, ENV_DSN, ENV_SCHEMA, ENV_SOURCE, TrustBrain
from bb_brain.trust.errors import TrustConfigError, TrustRefused
from bb_brain.trust.tiers import Principal


def add_locator(parser: argparse.ArgumentParser) -> None:
    """The options that find the brain, plus ``--json``."""
    group = parser.add_argument_group("brain")
    group.add_argument("--dsn", help=f"PostgreSQL conninfo (else ${ENV_DSN})")
    group.add_argument("--schema", help=f"run schema (else ${ENV_SCHEMA})")
    group.add_argument("--brain", help=f"brain id (else ${ENV_BRAIN})")
    group.add_argument("--source", help=f"source (else ${ENV_SOURCE})")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")


def interactive() -> bool:
    """Is a person at a terminal (stdin and stdout both TTYs)?"""
    return os.isatty(0) and os.isatty(1)


def principal() -> Principal:
    """The owner at a terminal; otherwise a local process (agent_written ceiling)."""
    return Principal.owner() if interactive() else Principal.local()


def _need(value: str | None, env: str, flag: str) -> str:
    found = value or os.environ.get(env, "").strip()
    if not found:
        raise TrustConfigError(f"no {flag[2:]}: pass {flag} or set ${env}")
    return found


@contextmanager
def open_brain(args: argparse.Namespace) -> Iterator[tuple[TrustBrain, str]]:
    """The brain and source the arguments / environment name."""
    conninfo = _need(args.dsn, ENV_DSN, "--dsn")
    schema = _need(args.schema, ENV_SCHEMA, "--schema")
    brain_id = _need(args.brain, ENV_BRAIN, "--brain")
    source = _need(args.source, ENV_SOURCE, "--source")
    try:
        db = Database(conninfo, schema, server=None, max_size=2)
    except psycopg.Error as exc:
        raise TrustConfigError(f"cannot reach the database: {exc}") from exc
    try:
        try:
            brain = TrustBrain.attach(db, brain_id)
        except psycopg.errors.UndefinedTable:
            raise TrustConfigError(
                f"schema {schema!r} holds no brain tables; check --schema / ${ENV_SCHEMA}"
            ) from None
        yield brain, source
    finally:
        db.close()


def emit(args: argparse.Namespace, result: Any) -> int:
    """Print a result (a model, a list of models, or plain data); exit 0."""
    data = _plain(result)
    if args.json:
        print(json.dumps(data, sort_keys=True, default=str))
    else:
        print(json.dumps(data, indent=2, sort_keys=True, default=str))
    return 0


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


def run(args: argparse.Namespace, name: str, body: Callable[[], int]) -> int:
    """Run ``body``; user mistakes and refusals -> message (or JSON envelope), exit 2."""
    try:
        return body()
    except TrustRefused as exc:
        return _fail(args, name, "refused", exc.message, exc.reason)
    except BrainUserError as exc:
        return _fail(args, name, "usage", exc.message)
    except BrainError as exc:
        return _fail(args, name, "runtime", exc.message)
    except KeyboardInterrupt:
        return _fail(args, name, "usage", "interrupted")


def _fail(
    args: argparse.Namespace, name: str, kind: str, message: str, reason: str | None = None
) -> int:
    if getattr(args, "json", False):
        error: dict[str, Any] = {"kind": kind, "message": message}
        if reason is not None:
            error["reason"] = reason
        print(json.dumps({"error": error}, sort_keys=True))
    print(f"bb-brain {name}: {message}", file=sys.stderr)
    return 2


def ask(question: str, args: argparse.Namespace) -> bool:
    """Ask the person at the terminal (``--yes`` answers for them)."""
    if getattr(args, "yes", False):
        return True
    try:
        answer = input(f"{question} [y/N] ")
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")
