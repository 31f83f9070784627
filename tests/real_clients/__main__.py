"""The real Claude Code and Codex clients end to end: ``uv run nox -s real-clients``.

Opt-in (it downloads about 1 GB of client binaries once and takes minutes): never part of the
default test run. Installs the pinned clients from the npm registry into a cache, starts the
loopback fake model server and a reference brain served from ``fixture.json``, runs every
scenario, prints one ``PASS``/``FAIL`` line per check and exits 1 when any failed (2 when the
session could not run at all). Every file the clients produced (transcripts, rollouts, their
home directories, the model request log, command output) stays under ``build/real-clients/``.

    python -m tests.real_clients [--out DIR] [--only claude-code|codex]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tests.real_clients import _claude_code, _codex
from tests.real_clients._clients import CLAUDE_CODE, CODEX, CODEX_LEGACY, ClientError
from tests.real_clients._session import Checks, served_brain
from tests.real_clients.fake_model import FakeModelServer

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "build" / "real-clients"


def main(argv: list[str] | None = None) -> int:
    """Run the scenarios; 0 all passed, 1 a check failed, 2 the session could not run."""
    parser = argparse.ArgumentParser(prog="python -m tests.real_clients", description=__doc__)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where files are kept")
    parser.add_argument("--only", choices=["claude-code", "codex"], help="one client family")
    args = parser.parse_args(argv)
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    checks = Checks()
    server = FakeModelServer(out / "model-requests.jsonl").start()
    print(f"fake model server at {server.url}; files under {out}", flush=True)
    try:
        with (
            tempfile.TemporaryDirectory(prefix="bb-rc-") as tmp,
            served_brain(Path(tmp), out) as brain,
        ):
            print(f"brain served: {brain.ready}", flush=True)
            if args.only in (None, "claude-code"):
                _claude_code.scenario(checks, server, brain, out, CLAUDE_CODE)
            if args.only in (None, "codex"):
                for client in (CODEX, CODEX_LEGACY):
                    _codex.scenario(checks, server, out, client)
    except ClientError as exc:
        print(f"ERROR {exc}", file=sys.stderr)
        return 2
    finally:
        server.stop()
    outside = [e for e in server.log.entries() if str(e.get("outcome", "")).startswith("refused")]
    checks.check(
        "no client reached anything but the loopback model server",
        not outside,
        f"{len(outside)} refused: {sorted({str(e.get('path')) for e in outside})}",
    )
    total, failed = len(checks.results), checks.failed
    print(f"{total - len(failed)} of {total} checks passed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
