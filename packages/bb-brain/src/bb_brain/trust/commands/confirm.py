"""``bb-brain confirm REF``: the owner, at a terminal, promotes an item to user_confirmed."""

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
    """Arguments of ``confirm``."""
    parser.add_argument("ref", help="fact:<id>, chunk:<id>, page:<slug> or quarantine:<id>")
    parser.add_argument("--yes", action="store_true", help="do not ask (still needs a TTY)")
    add_locator(parser)


def execute(args: argparse.Namespace) -> int:
    """Confirm (refused without a terminal); print the receipt."""

    def body() -> int:
        with open_brain(args) as (brain, source):
            if interactive() and not ask(f"confirm {args.ref} as yours?", args):
                raise KeyboardInterrupt
            return emit(args, brain.acting_as(principal()).confirm(source, args.ref))

    return run(args, "confirm", body)
