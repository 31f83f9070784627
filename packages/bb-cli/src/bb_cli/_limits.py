"""``--max-turn-bytes``, ``--max-page-bytes``, ``--max-fixture-bytes``: the corpus size limits.

``corpus validate`` and ``run`` take the same flags, so a corpus that validates under some
limits is one a run under the same limits accepts; a run also sizes the reference engine's
gRPC messages from them (:meth:`bb_corpus.CorpusLimits.message_bytes`).
"""

from __future__ import annotations

import argparse

from bb_corpus import CorpusLimits, parse_size

_DEFAULTS = CorpusLimits()


def _size(text: str) -> int:
    try:
        return parse_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_limit_flags(parser: argparse.ArgumentParser) -> None:
    """Add the three size flags (bytes, or with a KiB/MiB/GiB suffix)."""
    group = parser.add_argument_group(
        "corpus size limits",
        "UTF-8 bytes, or with a suffix (512KiB, 8MiB); a corpus over a limit is refused,\n"
        "naming the file and the field",
    )
    for flag, field, what in (
        ("--max-turn-bytes", "max_turn_bytes", "one turn's text"),
        ("--max-page-bytes", "max_page_bytes", "one page's content"),
        ("--max-fixture-bytes", "max_fixture_bytes", "one fixture or gold file"),
    ):
        group.add_argument(
            flag,
            type=_size,
            default=getattr(_DEFAULTS, field),
            metavar="SIZE",
            help=f"largest {what} (default: %(default)s bytes)",
        )


def limits_from(args: argparse.Namespace) -> CorpusLimits:
    """The limits the parsed flags ask for."""
    return CorpusLimits(
        max_turn_bytes=args.max_turn_bytes,
        max_page_bytes=args.max_page_bytes,
        max_fixture_bytes=args.max_fixture_bytes,
    )
