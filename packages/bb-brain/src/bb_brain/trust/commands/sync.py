"""``bb-brain sync``: import the source's git working tree as the owner's pages."""

from __future__ import annotations

import argparse

from bb_brain.trust.commands._common import add_locator, emit, open_brain, run
from bb_brain.trust.tiers import Principal


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``sync``."""
    add_locator(parser)


def execute(args: argparse.Namespace) -> int:
    """Sync; print the report."""

    def body() -> int:
        with open_brain(args) as (brain, source):
            return emit(args, brain.acting_as(Principal.owner_sync()).sync(source))

    return run(args, "sync", body)
