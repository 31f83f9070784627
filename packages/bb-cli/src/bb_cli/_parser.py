"""argparse plumbing shared by every command: raise instead of exit, common flags, help.

``argparse`` normally prints and calls ``sys.exit`` on a usage error or ``--help``; here the
parser raises instead, so :func:`bb_cli.main.main` stays a pure ``argv -> exit code`` function
and can wrap usage errors in a ``--json`` envelope.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn

from bb_cli._output import EXIT_CODES_HELP, Output

#: What a command's ``handler`` default must be: parsed args + output -> exit code.
Handler = Callable[[argparse.Namespace, Output], int]


class UsageError(Exception):
    """The command line is malformed; ``usage`` is the offending parser's usage line."""

    def __init__(self, message: str, usage: str) -> None:
        super().__init__(message)
        self.message = message
        self.usage = usage


class ParserExit(Exception):
    """argparse finished early (``--help``, ``--version``) with ``status``."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises :class:`UsageError` / :class:`ParserExit` instead of exiting.

    Subparsers inherit the class, so the behaviour holds at every level.
    """

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message}; see `{self.prog} --help`", self.format_usage())

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            raise UsageError(message.strip(), self.format_usage())
        raise ParserExit(status)


if TYPE_CHECKING:
    #: What ``Parser.add_subparsers`` returns; command modules' ``register`` receives one.
    Subparsers = argparse._SubParsersAction[Parser]
else:
    Subparsers = argparse._SubParsersAction


def add_command(
    subparsers: Subparsers,
    name: str,
    *,
    summary: str,
    description: str,
    notes: Sequence[str] = (),
) -> Parser:
    """Add one (sub)command whose help keeps paragraphs and ends with the exit-code contract.

    Args:
        subparsers: From ``parser.add_subparsers(...)``.
        name: The command word.
        summary: One line for the parent's command list.
        description: What the command does and why (shown at the top of its ``--help``).
        notes: Extra help paragraphs (envelopes, examples), shown before the exit codes.
    """
    return subparsers.add_parser(
        name,
        help=summary,
        description=description,
        epilog=epilog(*notes),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def epilog(*paragraphs: str) -> str:
    """A help epilog: the given paragraphs, then the exit-code contract."""
    return "\n\n".join((*paragraphs, EXIT_CODES_HELP))


def add_output_flags(parser: argparse.ArgumentParser) -> None:
    """``--json`` and ``--quiet``, accepted before or after the subcommand.

    Defaults are suppressed on subcommands so a flag given at the top level is not reset by
    the subcommand's own default.
    """
    parser.add_argument(
        "--json",
        action="store_true",
        default=argparse.SUPPRESS,
        help="print exactly one JSON envelope on stdout; narration stays on stderr",
    )
    parser.add_argument(
        "--quiet",
        action="store_true",
        default=argparse.SUPPRESS,
        help="no narration on stderr (errors are still reported)",
    )
