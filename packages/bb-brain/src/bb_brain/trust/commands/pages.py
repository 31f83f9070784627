"""``bb-brain put-page / get-page / search / context-pack``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bb_brain._errors import BrainUserError
from bb_brain.trust.commands._common import add_locator, emit, open_brain, principal, run
from bb_brain.trust.tiers import ORIGIN_CLAIM


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of the page commands (the command name picks which)."""
    command = parser.prog.rsplit(" ", 1)[-1]
    if command == "put-page":
        parser.add_argument("slug", help="page slug, e.g. people/alice")
        parser.add_argument("--file", type=Path, help="markdown file (else stdin)")
        parser.add_argument("--origin", choices=sorted(ORIGIN_CLAIM), help="content_origin")
    elif command == "get-page":
        parser.add_argument("slug", help="page slug")
    elif command == "search":
        parser.add_argument("query", help="words every match holds")
        parser.add_argument("--limit", type=int, default=10)
    else:
        parser.add_argument("people", nargs="+", help="page slugs of the people")
    add_locator(parser)


def execute(args: argparse.Namespace) -> int:
    """Run the chosen page command."""

    def body() -> int:
        with open_brain(args) as (brain, source):
            if args.command == "put-page":
                content = _content(args.file)
                ops = brain.acting_as(principal())
                return emit(args, ops.put_page(source, args.slug, content,
                                               content_origin=args.origin))  # fmt: skip
            if args.command == "get-page":
                page = brain.get_page(source, args.slug)
                if page is None:
                    raise BrainUserError(f"no page {args.slug!r} in source {source!r}")
                return emit(args, page)
            if args.command == "search":
                return emit(args, brain.search(source, args.query, limit=args.limit))
            return emit(args, brain.context_pack(source, args.people))

    return run(args, args.command, body)


def _content(path: Path | None) -> str:
    if path is None:
        return sys.stdin.read()
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BrainUserError(f"cannot read --file {str(path)!r}: {exc.strerror}") from exc
