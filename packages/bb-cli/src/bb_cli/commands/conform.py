"""``brainbench conform TARGET``: the conformance checklist of a foreign server."""

from __future__ import annotations

import argparse
import os

from bb_schema.rpc import DEFAULT_TIMEOUT_S

from bb_cli._conform import conform
from bb_cli._output import EXIT_OK, EXIT_REGRESSION, Output, dump_envelope, error_envelope
from bb_cli._parser import Subparsers, UsageError, add_command, add_output_flags
from bb_cli.commands import SUMMARIES

SECRET_ENV = "BRAINBENCH_FOREIGN_SECRET"
_MARK = {"pass": "PASS", "fail": "FAIL", "note": "note"}


def _conform(args: argparse.Namespace, out: Output) -> int:
    secret = os.environ.get(SECRET_ENV, "")
    if not secret:
        raise UsageError(
            f"the server's shared secret must be in {SECRET_ENV}",
            f"{SECRET_ENV}=... brainbench conform unix:/path/to.sock",
        )
    if args.call_timeout <= 0:
        raise UsageError(
            f"--call-timeout {args.call_timeout!r} must be positive", "brainbench conform --help"
        )
    checks = conform(args.target, secret, timeout=args.call_timeout)
    failed = [c for c in checks if c.verdict == "fail"]
    text = "\n".join(f"{_MARK[c.verdict]}  {c.name}: {c.detail}" for c in checks)
    rows = [{"verdict": c.verdict, "check": c.name, "detail": c.detail} for c in checks]
    if not failed:
        return out.succeed(text + f"\nconformant: {len(checks)} checks", checks=rows)
    if out.json_mode:
        envelope = error_envelope(
            "nonconformant", f"{len(failed)} of {len(checks)} checks failed", rows
        )
        out.stdout.write(dump_envelope(envelope))
    else:
        out.result(text)
    out.narrate(f"brainbench conform: {len(failed)} of {len(checks)} checks failed")
    return EXIT_REGRESSION if checks else EXIT_OK


def register(subparsers: Subparsers) -> None:
    """Add ``conform``."""
    parser = add_command(
        subparsers,
        "conform",
        summary=SUMMARIES["conform"],
        description=(
            "Call every brainbench.v1 service of the server at TARGET (unix:/path, an absolute\n"
            "socket path, or host:port) with a few synthetic requests and print a checklist:\n"
            "every call answers, authentication is enforced, the pointer budget is respected,\n"
            "slugs are valid and carried by the text, write-back stamps its provenance, and the\n"
            "trust capabilities declared match the calls observed. The secret is read from\n"
            f"{SECRET_ENV}. docs/SEAM.md is the specification."
        ),
        notes=("exit 0: every check passed; 1: a check failed; 2: bad input",),
    )
    parser.add_argument("target", help="the server: unix:/path, /abs/path.sock or host:port")
    parser.add_argument(
        "--call-timeout",
        type=float,
        default=DEFAULT_TIMEOUT_S,
        metavar="SECONDS",
        help="deadline of each call (default: %(default)s)",
    )
    add_output_flags(parser)
    parser.set_defaults(handler=_conform)
