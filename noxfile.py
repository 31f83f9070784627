"""Developer sessions. `uv run nox` runs the default set: the README's test command.

Sessions run inside the uv workspace environment (venv_backend="none") except the
per-package ones, which each get an environment holding only that package and its declared
dependencies, so an undeclared sibling import fails there.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import nox

ROOT = Path(__file__).parent
PACKAGES = sorted(p.name for p in (ROOT / "packages").iterdir() if (p / "pyproject.toml").exists())
TEST_TOOLS = ["pytest", "pytest-timeout", "hypothesis", "jsonschema"]

nox.options.sessions = ["lint", "typecheck", "tests", "gate"]
nox.options.default_venv_backend = "none"


@nox.session
def lint(session: nox.Session) -> None:
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def typecheck(session: nox.Session) -> None:
    session.run("mypy", *[f"packages/{p}/src" for p in PACKAGES])


@nox.session
def tests(session: nox.Session) -> None:
    """Every package's tests plus the cross-package end-to-end tests, in one environment."""
    session.run("pytest", *session.posargs)


@nox.session(name="package")
@nox.parametrize("package", PACKAGES)
def package_tests(session: nox.Session, package: str) -> None:
    """One package alone, in its own environment (catches undeclared sibling imports)."""
    env_dir = ROOT / ".nox" / f"pkg-{package}"
    with_args = [arg for tool in TEST_TOOLS for arg in ("--with", tool)]
    session.run(
        "uv", "run", "--package", package, "--exact", *with_args,
        "pytest", f"packages/{package}/tests", *session.posargs,
        env={"UV_PROJECT_ENVIRONMENT": str(env_dir)},
    )  # fmt: skip


@nox.session
def e2e(session: nox.Session) -> None:
    session.run("pytest", "tests", *session.posargs)


@nox.session
def protos(session: nox.Session) -> None:
    """Regenerate the committed protobuf modules and fail when they drifted from proto/."""
    session.run("python", "-m", "bb_schema._protogen", "--check-drift")


GATE_REF_ENV = "BRAINBENCH_GATE_REF"


def _gate_ref() -> str:
    """Main's ref: $BRAINBENCH_GATE_REF, else origin/main when it resolves, else HEAD.

    CI runs on a clean clone of main, where origin/main is main. A clone without that remote
    (or a plain checkout) falls back to HEAD: the run is then gated against the last commit's
    baseline, which still catches a regression in uncommitted work.
    """
    explicit = os.environ.get(GATE_REF_ENV, "").strip()
    if explicit:
        return explicit
    probe = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", "origin/main^{commit}"],
        capture_output=True,
        check=False,
    )
    return "origin/main" if probe.returncode == 0 else "HEAD"


@nox.session
def gate(session: nox.Session) -> None:
    """Run the benchmark on the committed corpus and gate it against main's baseline.

    `bb-gate ci` reads main's baseline with `git show <ref>:evals/brainbench/baselines/main.json`,
    refuses a working-tree deletion of it and checks the committed one against the run.
    """
    ref = _gate_ref()
    work = ROOT / ".nox" / "gate"
    work.mkdir(parents=True, exist_ok=True)
    result = work / "result.json"
    session.log(f"gate: main's baseline from {ref}")
    # The scoreboard is in the Result; nox prints the run's output only if it fails.
    session.run(
        "brainbench", "run", "--quiet", "--out", str(result), env=dict(os.environ), silent=True
    )
    session.run(
        "bb-gate", "ci", "--current", str(result), "--ref", ref, "--repo", str(ROOT),
        "--verdict-out", str(work / "verdict.json"), env=dict(os.environ),
    )  # fmt: skip


@nox.session
def bench(session: nox.Session) -> None:
    """Print performance figures (never asserted in tests)."""
    session.run("python", "-m", "benchmarks", *session.posargs)
