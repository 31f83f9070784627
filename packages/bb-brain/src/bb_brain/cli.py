"""The ``bb-brain`` command.

Subcommands live in their own modules and are imported only when chosen, so a latency-bound
subcommand (a hook with an 800 ms deadline) never pays for another's imports. A subcommand
module exposes ``configure(parser: argparse.ArgumentParser) -> None`` and
``execute(args: argparse.Namespace) -> int``; adding one is a module plus one line in
:data:`SUBCOMMANDS`.

Exit codes: 0 success, 2 usage, configuration or runtime error (the message goes to stderr).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Final, Protocol, cast

#: name -> (module, one-line help)
SUBCOMMANDS: Final[dict[str, tuple[str, str]]] = {
    "serve": ("bb_brain._cli_serve", "serve TurnContext + BenchControl over gRPC"),
    "hook": ("bb_brain.hook", "harness hooks: `hook user-prompt` for Claude Code"),
    "install": ("bb_brain._cli_install", "add the memory hook to Claude Code's settings"),
    "uninstall": ("bb_brain._cli_install", "remove the memory hook from Claude Code's settings"),
    "ingest": ("bb_brain.writeback.ingest", "write a Codex / Claude Code session into memory"),
    # memory trust (a persistence-enabled brain; see README "Memory trust")
    "sync": ("bb_brain.trust.commands.sync", "import the source's git repo as the owner's pages"),
    "remember": ("bb_brain.trust.commands.remember", "store a fact (owner tier only at a TTY)"),
    "recall": ("bb_brain.trust.commands.recall", "current facts holding the query words"),
    "confirm": ("bb_brain.trust.commands.confirm", "owner at a TTY: promote to user_confirmed"),
    "forget": ("bb_brain.trust.commands.forget", "expire a fact, or --purge a claim everywhere"),
    "put-page": ("bb_brain.trust.commands.pages", "create or edit a page (markdown)"),
    "get-page": ("bb_brain.trust.commands.pages", "a page with the tier of every chunk"),
    "search": ("bb_brain.trust.commands.pages", "full-text search with per-hit tiers"),
    "context-pack": ("bb_brain.trust.commands.pages", "labelled pages + facts about people"),
    "connector": ("bb_brain.trust.commands.connector", "ingest a GitHub issue payload"),
    "token": ("bb_brain.trust.commands.token", "owner at a TTY: issue an agent token"),
    "mcp": ("bb_brain.trust.commands.mcp", "MCP server on stdio for agents (token auth)"),
}

EPILOG = "exit codes: 0 success, 2 usage / configuration / runtime error"


class Subcommand(Protocol):
    """What a subcommand module provides."""

    def configure(self, parser: argparse.ArgumentParser) -> None:
        """Add the subcommand's arguments."""
        ...

    def execute(self, args: argparse.Namespace) -> int:
        """Run it; return the exit code."""
        ...


def _parser(chosen: str | None) -> tuple[argparse.ArgumentParser, Subcommand | None]:
    parser = argparse.ArgumentParser(
        prog="bb-brain", description="BrainBench reference memory engine.", epilog=EPILOG
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    module: Subcommand | None = None
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        sub = subparsers.add_parser(name, help=help_text, description=help_text, epilog=EPILOG)
        if name == chosen:
            module = cast(Subcommand, importlib.import_module(module_name))
            module.configure(sub)
    return parser, module


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` (default: the process arguments) and run the chosen subcommand."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    chosen = next((arg for arg in args_list if not arg.startswith("-")), None)
    parser, module = _parser(chosen if chosen in SUBCOMMANDS else None)
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:  # argparse exits 0 for --help, 2 for usage errors
        return int(exc.code or 0)
    if module is None:
        parser.print_help(sys.stderr)
        return 2
    return module.execute(args)


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())


if __name__ == "__main__":
    run()
