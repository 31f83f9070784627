"""The brainbench command groups, one module each.

To add a command group ``foo``:

1. write ``bb_cli/commands/foo.py`` exposing ``register(subparsers: Subparsers) -> None``;
   it adds its parser with :func:`bb_cli._parser.add_command`, calls
   :func:`bb_cli._parser.add_output_flags` on every leaf, and sets
   ``parser.set_defaults(handler=...)`` with a :data:`bb_cli._parser.Handler`
   (``(args, out) -> exit code``);
2. add ``"foo"`` to :data:`COMMANDS` below (the order is the order in ``brainbench --help``).

Handlers report through :class:`bb_cli._output.Output` and let package exceptions propagate:
:func:`bb_cli.main.main` maps them to exit 2 and a ``--json`` error envelope (add new
exception types to :data:`bb_cli._failures.USER_ERRORS`).
"""

from __future__ import annotations

import importlib
from typing import Final, Protocol

from bb_cli._parser import Subparsers

#: Command-group modules under ``bb_cli.commands``, in help order.
COMMANDS: Final[tuple[str, ...]] = ("corpus", "run", "report", "merge", "history", "docs")


class CommandModule(Protocol):
    """What every module named in :data:`COMMANDS` provides."""

    def register(self, subparsers: Subparsers) -> None:
        """Add the group's parser(s) to ``subparsers``."""


def register_all(subparsers: Subparsers) -> None:
    """Register every command group listed in :data:`COMMANDS`."""
    for name in COMMANDS:
        module: CommandModule = importlib.import_module(f"bb_cli.commands.{name}")
        module.register(subparsers)
