"""``bb-brain connector github --payload FILE | --url URL``: ingest an issue as external content."""

from __future__ import annotations

import argparse
from pathlib import Path

from bb_brain.trust.channels.github import load_payload
from bb_brain.trust.commands._common import add_locator, emit, open_brain, run
from bb_brain.trust.tiers import Principal


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``connector``."""
    parser.add_argument("kind", choices=["github"], help="the connector")
    parser.add_argument("--payload", type=Path, help="issue payload JSON file")
    parser.add_argument("--url", help="loopback URL serving the payload (a local fake server)")
    add_locator(parser)


def execute(args: argparse.Namespace) -> int:
    """Ingest; print the receipt."""

    def body() -> int:
        payload = load_payload(path=args.payload, url=args.url)
        with open_brain(args) as (brain, source):
            ops = brain.acting_as(Principal.connector("github"))
            return emit(args, ops.ingest_github(source, payload))

    return run(args, "connector", body)
