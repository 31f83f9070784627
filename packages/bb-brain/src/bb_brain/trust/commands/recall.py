"""``bb-brain recall [QUERY]``: current facts holding every query word (``--history``: all)."""

from __future__ import annotations

import argparse

from bb_brain.trust.commands._common import add_locator, emit, open_brain, run


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``recall``."""
    parser.add_argument("query", nargs="?", default="", help="words the fact must hold")
    parser.add_argument("--history", action="store_true", help="superseded and expired too")
    add_locator(parser)


def execute(args: argparse.Namespace) -> int:
    """Recall; print the facts."""

    def body() -> int:
        with open_brain(args) as (brain, source):
            return emit(args, brain.recall(source, args.query, include_history=args.history))

    return run(args, "recall", body)
