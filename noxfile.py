"""Developer sessions. `uv run nox` runs the default set: the README's test command.

Sessions run inside the uv workspace environment (venv_backend="none") except the
per-package ones, which each get an environment holding only that package and its declared
dependencies, so an undeclared sibling import fails there.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import nox

ROOT = Path(__file__).parent
PACKAGES = sorted(p.name for p in (ROOT / "packages").iterdir() if (p / "pyproject.toml").exists())
TEST_TOOLS = ["pytest", "pytest-timeout", "hypothesis", "jsonschema", "html5lib"]

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


@nox.session(default=False)
def fuzz(session: nox.Session) -> None:
    """The property-based tests with many examples (the default run keeps them few)."""
    files = ["bb-corpus/tests/test_fuzz.py", "bb-gate/tests/test_baseline_fuzz.py"]
    files += ["bb-brain/tests/test_rpc_fuzz.py", "bb-brain/tests/test_isolation_fuzz.py"]
    session.run(
        "pytest", "-q", *[f"packages/{name}" for name in files], *session.posargs,
        env={"HYPOTHESIS_PROFILE": "thorough"},
    )  # fmt: skip


@nox.session
def e2e(session: nox.Session) -> None:
    session.run("pytest", "tests", *session.posargs)


@nox.session
def protos(session: nox.Session) -> None:
    """Regenerate the committed protobuf modules and fail when they drifted from proto/."""
    session.run("python", "-m", "bb_schema._protogen", "--check-drift")


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=False
    )


def deepen_if_shallow(log: Callable[[str], object]) -> None:
    """Fetch the full history into a shallow clone, when it has a remote to fetch from.

    The gate compares against a baseline the change did not write: main's, or (when main is
    HEAD itself, as in CI on main) the previous version of the committed baseline in
    history. A shallow clone cannot show that version, so it is deepened here, before the
    benchmark. Without a remote nothing can be fetched: `bb-gate reference` then says so and,
    with CI set, exits 2 (locally it falls back to HEAD's own baseline, with a notice).
    """
    if _git("rev-parse", "--is-shallow-repository").stdout.strip() != "true":
        return
    remotes = _git("remote").stdout.split()
    if not remotes:
        log("gate: shallow clone without a remote: its history cannot be fetched")
        return
    remote = "origin" if "origin" in remotes else remotes[0]
    log(f"gate: shallow clone: fetching its history from {remote} (git fetch --unshallow)")
    fetched = _git("fetch", "--quiet", "--unshallow", remote)
    if fetched.returncode != 0:
        log(f"gate: git fetch --unshallow {remote} failed: {fetched.stderr.strip()}")


@nox.session
def gate(session: nox.Session) -> None:
    """Run the benchmark (every suite, memory-trust included) and gate it (`bb-gate ci`).

    The reference is a baseline the change did not write: $BRAINBENCH_GATE_REF, else
    origin/main, else main; when that is HEAD itself (CI on main) or none exists, the
    previous version of the committed baseline in history (`bb-gate ci --help`). The
    reference is resolved first, so a clone with no usable history fails in seconds, not
    after the benchmark; `--explain` prints which baseline version was used and why.
    """
    deepen_if_shallow(session.log)
    env = dict(os.environ)
    session.run("bb-gate", "reference", "--repo", str(ROOT), env=env)
    work = ROOT / ".nox" / "gate"
    work.mkdir(parents=True, exist_ok=True)
    result = work / "result.json"
    # Minutes of work: plain progress lines (one every 30 s per phase), then the scoreboard.
    # the gate's runs are recorded in a ledger of its own, never the user's (whose history
    # would then mix core-suite runs with these)
    session.run(
        "brainbench", "run", "--progress", "lines", "--suite", "all", "--out", str(result),
        "--md", str(work / "scoreboard.md"), "--ledger", str(work / "ledger.jsonl"), env=env,
    )  # fmt: skip
    session.run(
        "bb-gate", "ci", "--current", str(result), "--repo", str(ROOT), "--explain",
        "--verdict-out", str(work / "verdict.json"), env=env,
    )  # fmt: skip


BROWSER_ENV = "BRAINBENCH_CHROMIUM"


@nox.session
def browser(session: nox.Session) -> None:
    """Open the HTML report of a real run in headless Chromium; screenshots in build/browser/.

    Opt-in. It drives the machine's Chromium (Debian: `apt-get install -y chromium`; or
    $BRAINBENCH_CHROMIUM) through the `playwright` package of the `browser` dependency group,
    which never downloads a browser of its own.
    """
    chromium = os.environ.get(BROWSER_ENV, "").strip() or shutil.which("chromium") or ""
    if not chromium:
        session.error(f"no Chromium: apt-get install -y chromium, or set {BROWSER_ENV}")
    out = ROOT / "build" / "browser"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    result, ledger = out / "result.json", out / "ledger.jsonl"
    session.run(
        "brainbench", "run", "--out", str(result), "--ledger", str(ledger),
        "--md", str(out / "scoreboard.md"),
    )  # fmt: skip
    session.run(
        "brainbench", "report", str(result), "--quiet", "--html", str(out / "report.html"),
        "--baseline", str(result), "--ledger", str(ledger),
    )  # fmt: skip
    session.run(
        "brainbench", "history", "--quiet", "--ledger", str(ledger),
        "--html", str(out / "history.html"),
    )  # fmt: skip
    session.run(
        "uv", "run", "--group", "browser", "pytest", "tests/browser", "-v", *session.posargs,
        env={BROWSER_ENV: chromium, "BRAINBENCH_BROWSER_OUT": str(out)},
    )  # fmt: skip
    session.log(f"report, history and screenshots in {out}")


@nox.session(name="core-probes")
def core_probes(session: nox.Session) -> None:
    """Every core mutation probe (the default test run keeps one per gated core metric)."""
    session.run(
        "pytest", "tests/mutation/test_mutation_probes.py", *session.posargs,
        env={"BRAINBENCH_CORE_PROBES": "all"},
    )  # fmt: skip


@nox.session(name="trust-probes")
def trust_probes(session: nox.Session) -> None:
    """Every memory-trust mutation probe.

    The default test run keeps a probe for every gated trust metric and a label probe per
    harness seam; this session adds the rest (every mutation of every protection, the
    external-arm label probes per seam).
    """
    session.run(
        "pytest", "packages/bb-trust/tests/test_mutation_probes.py", *session.posargs,
        env={"BRAINBENCH_TRUST_PROBES": "all"},
    )  # fmt: skip


@nox.session
def bench(session: nox.Session) -> None:
    """Print performance figures (never asserted in tests): `nox -s bench -- sweep scale`.

    The first run builds a 100,000-page brain once (about half a minute) and caches it in
    ~/.cache/brainbench; see benchmarks/__main__.py for the modules and docs/SCALE.md.
    """
    session.run("python", "-m", "benchmarks", *session.posargs)


@nox.session(default=False)
def distributed(session: nox.Session) -> None:
    """Opt-in: `brainbench run --dask` on a local Dask cluster (installs bb-cli[dask]).

    Runs in an environment of its own (.nox/distributed) holding the workspace plus the
    extra, so the default test environment never needs Dask.
    """
    env_dir = ROOT / ".nox" / "distributed"
    with_args = [arg for tool in TEST_TOOLS for arg in ("--with", tool)]
    session.run(
        "uv", "run", "--package", "bb-cli", "--extra", "dask", *with_args,
        "pytest", "tests/test_dask_executor.py", *session.posargs,
        env={"UV_PROJECT_ENVIRONMENT": str(env_dir)},
    )  # fmt: skip


# --- foreign-mem0: an opt-in session (never in nox.options.sessions) ---------------------

FOREIGN_MEM0 = ROOT / "examples" / "foreign-mem0"
FOREIGN_MEM0_OUT = ROOT / "build" / "foreign-mem0"
INTEROP_SAMPLES = ROOT.parent / "shared" / "interop" / "samples"
#: Resolved before any session edits PATH: the workspace's own console scripts.
WORKSPACE_BRAINBENCH = shutil.which("brainbench")
WORKSPACE_MYPY = shutil.which("mypy")
MEM0_READY_TIMEOUT_S = 180.0
MAX_SOCKET_PATH = 100  # sun_path holds 107 bytes


def _wait_ready(server: subprocess.Popen[bytes], ready: Path, log: Path) -> None:
    deadline = time.monotonic() + MEM0_READY_TIMEOUT_S
    while not ready.exists():
        if server.poll() is not None:
            raise RuntimeError(f"the mem0 server exited with {server.returncode}; see {log}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"the mem0 server was not ready in {MEM0_READY_TIMEOUT_S:.0f} s")
        time.sleep(0.2)


def _stop(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is None:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _bench(session: nox.Session, name: str, target: str, env: dict[str, str], *corpus: str) -> None:
    assert WORKSPACE_BRAINBENCH is not None
    result = FOREIGN_MEM0_OUT / f"{name}.result.json"
    command = [
        WORKSPACE_BRAINBENCH, "run", *corpus, "--harness", f"openclaw,grpc:mem0={target}",
        "--suite", "all", "--out", str(result),
    ]  # fmt: skip
    session.log(" ".join(command))
    done = subprocess.run(command, env=env, stdout=subprocess.PIPE, text=True, check=False)
    scoreboard = FOREIGN_MEM0_OUT / f"{name}.scoreboard.md"
    scoreboard.write_text(done.stdout, encoding="utf-8")
    print(done.stdout, flush=True)
    # Exit 1 is a complete, scored run in which a zero-gated invariant breached (mem0 cannot
    # refuse a write behind its API, for one): the Result and scoreboard say which.
    if done.returncode not in (0, 1):
        session.error(f"brainbench run on the {name} exited {done.returncode}")
    session.log(f"{name}: {result.relative_to(ROOT)} and {scoreboard.relative_to(ROOT)}")


@nox.session(name="foreign-mem0", venv_backend="venv", reuse_venv=True, default=False)
def foreign_mem0(session: nox.Session) -> None:
    """Score mem0 as a foreign row beside the reference engine (examples/foreign-mem0).

    Builds the example's own pip environment (torch from pip's CPU wheel, mem0ai without its
    protobuf pin), serves it on a private unix socket with a fresh secret, runs the bench on
    the committed corpus and on the interop samples, and stops the server.
    """
    if WORKSPACE_BRAINBENCH is None or WORKSPACE_MYPY is None:
        session.error("run it from the workspace: `uv run nox -s foreign-mem0`")
    session.run(
        WORKSPACE_MYPY, "--config-file", str(FOREIGN_MEM0 / "pyproject.toml"),
        str(FOREIGN_MEM0 / "src"), external=True,
    )  # fmt: skip
    session.install("torch==2.13.0")
    session.install("-r", str(FOREIGN_MEM0 / "requirements.txt"))
    session.install("--no-deps", "mem0ai==2.2.1")
    session.install("pytest==9.2.0", "pytest-timeout==2.4.0")
    session.install("--no-deps", str(ROOT / "packages" / "bb-schema"), str(FOREIGN_MEM0))
    session.run("pytest", "-c", str(FOREIGN_MEM0 / "pyproject.toml"), str(FOREIGN_MEM0 / "tests"))
    FOREIGN_MEM0_OUT.mkdir(parents=True, exist_ok=True)
    secret = secrets.token_hex(32)
    env = {**os.environ, "BRAINBENCH_FOREIGN_SECRET": secret}
    with tempfile.TemporaryDirectory(prefix="bb-mem0-") as tmp:
        # The target is part of the row's disclosure: a stable path keeps reruns identical.
        stable = FOREIGN_MEM0_OUT / "mem0.sock"
        socket = stable if len(str(stable)) <= MAX_SOCKET_PATH else Path(tmp) / "mem0.sock"
        ready = Path(tmp) / "ready"
        log = FOREIGN_MEM0_OUT / "server.log"
        with log.open("wb") as sink:
            server = subprocess.Popen(
                [str(Path(session.bin) / "foreign-mem0"), "--socket", str(socket),
                 "--ready-file", str(ready)],
                env={**env, "PATH": os.pathsep.join([session.bin, env.get("PATH", "")])},
                stdout=sink, stderr=subprocess.STDOUT,
            )  # fmt: skip
        try:
            _wait_ready(server, ready, log)
            target = f"unix:{socket}"
            _bench(session, "corpus", target, env)
            if INTEROP_SAMPLES.is_dir():
                _bench(
                    session, "samples", target, env, "--fixtures",
                    str(INTEROP_SAMPLES / "fixtures"), "--gold", str(INTEROP_SAMPLES / "gold"),
                )  # fmt: skip
            else:
                session.warn(f"no interop samples at {INTEROP_SAMPLES}: that run is skipped")
        except RuntimeError as exc:
            session.error(str(exc))
        finally:
            _stop(server)


# --- real-clients: an opt-in session (never in nox.options.sessions) ---------------------


@nox.session(name="real-clients", default=False)
def real_clients(session: nox.Session) -> None:
    """The real Claude Code and Codex clients end to end (tests/real_clients).

    Installs the pinned clients from the npm registry into ~/.cache/brainbench/real-clients
    (about 1 GB once), runs them against a loopback fake model server and a served reference
    brain, prints PASS/FAIL per check and keeps every file under build/real-clients/. Pass
    `-- --only claude-code` or `-- --only codex` to run one family.
    """
    session.run("python", "-m", "tests.real_clients", *session.posargs)
