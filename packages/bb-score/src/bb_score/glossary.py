"""The metric glossary: ONE registry of every metric, its JSON block and its markdown page.

``docs/METRIC_GLOSSARY.md`` is generated from the registry (``python -m bb_score.glossary
--write``) and ``--check`` fails when the committed page is stale, so the plain-English page,
the ``_meta.metric_glossary`` block of every Result and the gate's zero-gated set can never
disagree.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bb_score._glossary import (
    DEFAULT_GLOSSARY_PATH,
    METRICS,
    ZERO_GATED_METRICS,
    Direction,
    Gate,
    Kind,
    MetricSpec,
    direction,
    glossary_block,
    is_lower_better,
    metric,
    render_glossary_markdown,
)

__all__ = [
    "DEFAULT_GLOSSARY_PATH",
    "METRICS",
    "ZERO_GATED_METRICS",
    "Direction",
    "Gate",
    "Kind",
    "MetricSpec",
    "direction",
    "glossary_block",
    "is_lower_better",
    "main",
    "metric",
    "render_glossary_markdown",
]


def main(argv: Sequence[str] | None = None) -> int:
    """Write or check the generated glossary page; exit 0 ok, 1 stale, 2 usage or I/O error."""
    parser = argparse.ArgumentParser(
        prog="python -m bb_score.glossary",
        description="Generate docs/METRIC_GLOSSARY.md from the metric registry. "
        "Exit 0 ok, 1 the page is stale (--check), 2 usage or I/O error.",
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="write the page")
    mode.add_argument("--check", action="store_true", help="fail when the page is stale")
    parser.add_argument(
        "--path", type=Path, default=DEFAULT_GLOSSARY_PATH, help="page path (default: %(default)s)"
    )
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 0 if exc.code == 0 else 2
    path: Path = args.path
    wanted = render_glossary_markdown()
    if args.write:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(wanted, encoding="utf-8")
        except OSError as exc:
            print(f"cannot write {str(path)!r}: {exc}", file=sys.stderr)
            return 2
        return 0
    try:
        current = path.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"cannot read {str(path)!r}: {exc}; run with --write first", file=sys.stderr)
        return 2
    if current != wanted:
        print(
            f"{str(path)!r} is stale; regenerate it with python -m bb_score.glossary --write",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
