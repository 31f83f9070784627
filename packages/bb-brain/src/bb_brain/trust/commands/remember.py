"""``bb-brain remember TEXT``: store a fact (owner tier at a terminal, else agent_written)."""

from __future__ import annotations

import argparse

from bb_brain.trust.commands._common import add_locator, emit, open_brain, principal, run
from bb_brain.trust.tiers import ORIGIN_CLAIM


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``remember``."""
    parser.add_argument("text", help="the fact")
    parser.add_argument("--entity", help="slug of the page it is about, e.g. people/alice")
    parser.add_argument("--kind", help="event | preference | commitment | belief | fact")
    parser.add_argument("--key", help="state key: supersedes the current facts with this key")
    parser.add_argument("--supersedes", action="append", default=[], metavar="REF",
                        help="a fact this one replaces (fact:<id>); repeatable")  # fmt: skip
    parser.add_argument("--valid-until", help="ISO-8601 time the fact goes stale")
    parser.add_argument("--origin", choices=sorted(ORIGIN_CLAIM), help="content_origin claim")
    add_locator(parser)


def execute(args: argparse.Namespace) -> int:
    """Remember; print the receipt."""

    def body() -> int:
        with open_brain(args) as (brain, source):
            ops = brain.acting_as(principal())
            receipt = ops.remember(
                source, args.text, entity=args.entity, kind=args.kind, key=args.key,
                supersedes=args.supersedes, valid_until=args.valid_until,
                content_origin=args.origin,
            )  # fmt: skip
            return emit(args, receipt)

    return run(args, "remember", body)
