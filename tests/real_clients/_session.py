"""What every scenario shares: the check report, the served brain, the bb-brain command.

A check prints one line, ``PASS name`` or ``FAIL name: why``, as soon as it is decided; the run
exits non-zero when any failed. The brain is ``bb-brain serve`` seeded from this directory's
fixture, on a private unix socket with a fresh 0600 secret file, writing the hook config that
``bb-brain install claude-code`` points the hook at.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
FIXTURE = HERE / "fixture.json"
SERVE_READY_TIMEOUT_S = 120


def bb_brain() -> str:
    """The workspace's ``bb-brain`` console script."""
    script = Path(sys.executable).with_name("bb-brain")
    if not script.exists():
        raise SystemExit(f"no bb-brain console script beside {sys.executable}: run `uv sync`")
    return str(script)


@dataclass
class Checks:
    """Pass/fail lines, printed as they are decided."""

    results: list[tuple[str, bool, str]] = field(default_factory=list)

    def check(self, name: str, ok: bool, detail: str = "") -> bool:
        """Record and print one check; return ``ok``."""
        self.results.append((name, ok, detail))
        line = f"PASS {name}" if ok else f"FAIL {name}: {detail or 'failed'}"
        print(line, flush=True)
        return ok

    @property
    def failed(self) -> list[str]:
        """Names of the failed checks."""
        return [name for name, ok, _ in self.results if not ok]


@dataclass(frozen=True)
class Brain:
    """A served reference brain and the files the hook reads."""

    socket: Path
    secret_file: Path
    hook_config: Path
    ready: dict[str, Any]


@contextmanager
def served_brain(workdir: Path, out: Path) -> Iterator[Brain]:
    """``bb-brain serve --seed fixture.json`` until the block ends (stderr kept in ``out``)."""
    secret_file = workdir / "secret"
    fd = os.open(secret_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(secrets.token_hex(32))
    socket = workdir / "brain.sock"
    hook_config = out / "hook.json"
    log = (out / "serve.log").open("w", encoding="utf-8")
    command = [
        bb_brain(), "serve", "--seed", str(FIXTURE), "--socket", str(socket),
        "--secret-file", str(secret_file), "--hook-config", str(hook_config),
    ]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line:
            raise SystemExit(f"bb-brain serve exited {process.wait()}; see {out / 'serve.log'}")
        yield Brain(socket, secret_file, hook_config, json.loads(line))
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def run_bb_brain(args: list[str], log: Path) -> subprocess.CompletedProcess[str]:
    """Run ``bb-brain ARGS`` and keep its output in ``log``."""
    done = subprocess.run([bb_brain(), *args], capture_output=True, text=True, check=False)
    with log.open("a", encoding="utf-8") as handle:
        handle.write(f"$ bb-brain {' '.join(args)}\n[exit {done.returncode}]\n")
        handle.write(f"--- stdout\n{done.stdout}\n--- stderr\n{done.stderr}\n")
    return done


def stored_facts(ingest_stdout: str) -> list[tuple[str, str | None]]:
    """(fact, entity_slug) of every fact an ``ingest --json`` run printed."""
    document = json.loads(ingest_stdout)
    return [(fact["fact"], fact.get("entity_slug")) for fact in document.get("facts", [])]


def missing_facts(
    facts: list[tuple[str, str | None]], expected: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """The expected (text, entity) pairs no stored fact carries."""
    return [
        (text, entity)
        for text, entity in expected
        if not any(text in fact and slug == entity for fact, slug in facts)
    ]
