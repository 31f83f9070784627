"""The one way a command reports a Result whose fixtures failed to seed (exit 2)."""

from __future__ import annotations

from bb_schema import Result

from bb_cli._output import Output


def seed_failure_exit(result: Result, out: Output) -> int | None:
    """List every seed failure and return the failing exit code; None when all seeded."""
    if not result.seed_failures:
        return None
    for failure in result.seed_failures:
        out.stderr.write(f"seed failure: {failure.fixture_id}: {failure.error}\n")
    return out.fail("runtime", f"{len(result.seed_failures)} fixture(s) failed to seed")
