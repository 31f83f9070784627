"""``bb-brain token issue NAME``: the owner, at a terminal, issues an agent bearer token."""

from __future__ import annotations

import argparse

from bb_brain.trust.commands._common import add_locator, emit, open_brain, principal, run
from bb_brain.trust.purge import require_owner


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``token``."""
    parser.add_argument("action", choices=["issue"])
    parser.add_argument("name", help="the agent's name (shown in fences and audit rows)")
    add_locator(parser)


def execute(args: argparse.Namespace) -> int:
    """Issue a token for the chosen source; print it."""

    def body() -> int:
        require_owner(principal(), "token issue")
        with open_brain(args) as (brain, source):
            token = brain.issue_agent_token(args.name, [source])
            return emit(args, {"token": token, "name": args.name, "sources": [source]})

    return run(args, "token", body)
