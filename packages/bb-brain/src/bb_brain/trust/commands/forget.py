"""``bb-brain forget REF`` (expire a fact) / ``forget --purge CLAIM`` (owner: erase everywhere)."""

from __future__ import annotations

import argparse

from bb_brain.trust.commands._common import (
    add_locator,
    ask,
    emit,
    interactive,
    open_brain,
    principal,
    run,
)


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``forget``."""
    parser.add_argument("target", help="fact:<id> to expire, or with --purge the claim text")
    parser.add_argument("--purge", action="store_true",
                        help="erase the claim from every store and file (owner, TTY)")  # fmt: skip
    parser.add_argument("--yes", action="store_true", help="do not ask (still needs a TTY)")
    add_locator(parser)


def execute(args: argparse.Namespace) -> int:
    """Expire or purge; print the receipt."""

    def body() -> int:
        with open_brain(args) as (brain, source):
            ops = brain.acting_as(principal())
            if not args.purge:
                return emit(args, ops.forget(source, args.target))
            if interactive() and not ask("purge this claim from every store?", args):
                raise KeyboardInterrupt
            return emit(args, ops.purge(source, args.target))

    return run(args, "forget", body)
