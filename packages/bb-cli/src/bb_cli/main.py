"""``brainbench``: the command line, and the only composition root of the project.

``main(argv) -> int`` never exits the interpreter, so tests call it directly; ``run`` is the
console-script wrapper. Exit codes everywhere: 0 pass, 1 regression, 2 error or usage.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import textwrap
import traceback
from collections.abc import Sequence
from typing import get_args

from bb_cli import __version__, _collector
from bb_cli._output import EXIT_ERROR, ErrorKind, Output, dump_envelope, ok_envelope
from bb_cli._parser import Parser, ParserExit, UsageError, add_output_flags, epilog
from bb_cli._signals import Aborted, Interrupted, cause, interruptible, mute
from bb_cli.commands import named_command, register_all

_KINDS = textwrap.fill(
    "kind: " + ", ".join(get_args(ErrorKind)) + ".", width=92, break_on_hyphens=False
)
_DESCRIPTION = f"""\
BrainBench: a deterministic conformance benchmark for agent memory.

Every command prints its result on stdout and narration on stderr. With --json (before or
after the command) stdout carries exactly one JSON envelope: {{"ok": true, ...}} on success,
{{"error": {{"kind", "message", "errors"}}}} on failure, with
{_KINDS}
Ctrl-C or SIGTERM stops any command with one line ("interrupted"), exit 130 or 143, and no
output files."""


def build_parser(argv: Sequence[str] | None = None) -> Parser:
    """The ``brainbench`` parser, with every command group in full when no ``argv`` is given.

    Given ``argv``, only the group it names is imported and registered in full (the others
    are listed by name and summary), so start-up imports one group's dependencies.
    """
    parser = Parser(
        prog="brainbench",
        description=_DESCRIPTION,
        epilog=epilog("Run `brainbench COMMAND --help` for a command's options and defaults."),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"brainbench {__version__}")
    add_output_flags(parser)
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, title="commands"
    )
    register_all(subparsers, None if argv is None else named_command(argv))
    return parser


def _wants_json(argv: Sequence[str]) -> bool:
    """``--json`` anywhere before ``--``: known even when parsing fails."""
    head = argv[: list(argv).index("--")] if "--" in argv else argv
    return "--json" in head


def _parse(parser: Parser, argv: list[str], out: Output) -> object:
    """Parse ``argv``; in JSON mode ``--help`` text becomes an ``ok`` envelope."""
    if not out.json_mode:
        return parser.parse_args(argv)
    captured = io.StringIO()
    try:
        with contextlib.redirect_stdout(captured):
            return parser.parse_args(argv)
    except ParserExit:
        text = captured.getvalue()
        out.stderr.write(text)
        out.stdout.write(dump_envelope(ok_envelope({"help": text})))
        raise


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``brainbench`` with ``argv`` (default ``sys.argv[1:]``) and return the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    out = Output(json_mode=_wants_json(args), stdout=sys.stdout, stderr=sys.stderr)
    try:
        with interruptible():
            namespace = _parse(build_parser(args), args, out)
            out.quiet = bool(getattr(namespace, "quiet", False))
            code: int = namespace.handler(namespace, out)  # type: ignore[attr-defined]
        return code
    except Interrupted as stop:
        return out.interrupted(stop.name, stop.exit_code)
    except Aborted as stop:
        return out.fail("runtime", stop.message)
    except KeyboardInterrupt:  # raised before the handler was installed, or by a library
        return out.interrupted("SIGINT", 130)
    except ParserExit as done:
        return done.status
    except UsageError as error:
        if not out.json_mode:
            usage = error.usage.rstrip("\n")
            prefix = "" if usage.startswith("usage:") else "usage: "
            out.stderr.write(f"{prefix}{usage}\n")
        return out.fail("usage", error.message)
    except Exception as error:  # every failure must become an exit code, never a traceback exit
        gone = cause()
        if gone is not None:  # what failed, failed because the database server exited
            mute()
            return out.fail("runtime", gone)
        from bb_cli._failures import describe  # every package's errors: only on failure

        failure = describe(error)
        if failure is not None:
            return out.fail(failure.kind, failure.message, failure.errors, failure.detail)
        traceback.print_exc(file=out.stderr)
        out.fail(
            "internal", f"internal error: {error!r}; this is a brainbench bug, please report it"
        )
        return EXIT_ERROR


def start_database_early(argv: Sequence[str]) -> None:
    """For ``brainbench run`` on the embedded server: start PostgreSQL before anything else.

    Why: the run needs it only after its imports and the corpus load, a few hundred
    milliseconds of Python that the server's own start (a template copy, the postmaster
    booting, in a process of its own, then the run schema's migrations, from a thread that
    mostly waits on the server) can overlap. The run claims the started server (see
    :func:`bb_brain._pg._server.start_embedded_early`); one it never claims (``--help``, a
    usage error) is stopped at exit. Whatever fails here is left for the run itself to meet
    and report the usual way.
    """
    if named_command(argv) != "run" or os.environ.get("BRAINBENCH_DSN"):
        return
    head = argv[: list(argv).index("--")] if "--" in argv else argv
    if "-h" in head or "--help" in head or any(a.startswith("--dask") for a in head):
        return
    try:
        from bb_brain._pg import start_database_early as start

        start()
    except Exception:
        pass  # the run starts its server itself and reports what fails


def run() -> None:
    """Console-script entry point (``brainbench``)."""
    if named_command(sys.argv[1:]) == "run":
        _collector.pause()  # until the run's machinery is loaded: see bb_cli._collector
    start_database_early(sys.argv[1:])
    # gRPC's own INFO lines (a GOAWAY while a run is torn down) are not the user's business.
    os.environ.setdefault("GRPC_VERBOSITY", "ERROR")
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    code = main()
    if code > EXIT_ERROR:
        mute()  # interrupted: what fails while the interpreter shuts down is no news
    sys.exit(code)
