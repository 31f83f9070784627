"""The brainbench command groups, one module each.

To add a command group ``foo``:

1. write ``bb_cli/commands/foo.py`` exposing ``register(subparsers: Subparsers) -> None``;
   it adds its parser with :func:`bb_cli._parser.add_command`, calls
   :func:`bb_cli._parser.add_output_flags` on every leaf, and sets
   ``parser.set_defaults(handler=...)`` with a :data:`bb_cli._parser.Handler`
   (``(args, out) -> exit code``);
2. add ``"foo"`` and its one-line summary to :data:`SUMMARIES` below (the order is the order
   in ``brainbench --help``); the module passes ``summary=SUMMARIES["foo"]`` to ``add_command``.

Only the group the command line names is imported and registered in full: the others get a
bare entry with their summary, so ``brainbench --help`` and ``brainbench run`` never import
the dependencies of groups they do not use. A group whose work needs heavy modules keeps them
out of its ``register`` too: ``run`` registers from light modules and its handler imports the
run's machinery (:mod:`bb_cli._runcommand`), so ``brainbench run --help`` stays fast.

Handlers report through :class:`bb_cli._output.Output` and let package exceptions propagate:
:func:`bb_cli.main.main` maps them to exit 2 and a ``--json`` error envelope (add new
exception types to :data:`bb_cli._failures.USER_ERRORS`).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Final, Protocol

from bb_cli._parser import Subparsers

#: Command-group modules under ``bb_cli.commands`` and their summary line, in help order.
SUMMARIES: Final[dict[str, str]] = {
    "corpus": "validate a corpus or print its fixtures_hash",
    "run": "replay the corpus through the harness seams and print the scoreboard",
    "conform": "check a foreign memory server against the seam's contract (under a minute)",
    "report": "render a saved Result: the scoreboard, markdown, the HTML report",
    "merge": "combine the shard documents of one run into its Result",
    "history": "print each cell's trend across the runs in the local run ledger",
    "docs": "generated parts of the project's documents",
}
COMMANDS: Final[tuple[str, ...]] = tuple(SUMMARIES)


class CommandModule(Protocol):
    """What every module named in :data:`COMMANDS` provides."""

    def register(self, subparsers: Subparsers) -> None:
        """Add the group's parser(s) to ``subparsers``."""


def register_all(subparsers: Subparsers, only: str | None = None) -> None:
    """Register the command groups: every one in full, or only ``only`` and bare entries.

    A bare entry carries the group's name and summary (all ``brainbench --help`` shows); it
    is never parsed into, since the command line named another group.
    """
    for name in COMMANDS:
        if only is None or name == only:
            module: CommandModule = importlib.import_module(f"bb_cli.commands.{name}")
            module.register(subparsers)
        else:
            subparsers.add_parser(name, help=SUMMARIES[name])


def named_command(argv: Sequence[str]) -> str:
    """The command group ``argv`` names (its first word that is not a flag), or ``""``."""
    for word in argv:
        if word == "--":
            break
        if not word.startswith("-"):
            return word if word in SUMMARIES else ""
    return ""
