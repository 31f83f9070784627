"""Shared set-up of the trust scenario tests: one database, the reference engine served to the
three harness seams, the committed trust fixtures, and the probe runs (each once a session).
"""

from __future__ import annotations

import importlib.util
import os
import secrets
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from bb_adapters.delivery import delivery_factory
from bb_adapters.seams import CLAUDE_CODE, CODEX, OPENCLAW
from bb_brain import Database, open_database
from bb_brain.engine import Engine
from bb_brain.server import serve_in_thread
from bb_schema import Fixture, Gold
from bb_schema.io import parse_json
from bb_schema.rpc import MemoryClient
from bb_trust.observations import FixtureObservations
from bb_trust.observe import Arm
from bb_trust.runner import HarnessSeam, ScenarioRunner

REPO = Path(__file__).resolve().parents[3]
CORPUS = REPO / "evals" / "brainbench"
PROBE_SITE = Path(__file__).resolve().parent / "probe_site"
CATEGORY = {"gen-trust": "trust", "gen-state": "state-resolution", "gen-del": "deletion",
            "gen-poison": "poisoning"}  # fmt: skip
HARNESSES = (OPENCLAW, CLAUDE_CODE, CODEX)


@cache
def trust_fixture(fixture_id: str) -> tuple[Fixture, Gold]:
    """A committed trust fixture and its gold, by id."""
    category = CATEGORY["-".join(fixture_id.split("-")[:2])]
    name = f"generated/{category}/{fixture_id}"
    fixture_path = CORPUS / "fixtures" / f"{name}.fixture.json"
    gold_path = CORPUS / "gold" / f"{name}.gold.json"
    fixture = parse_json(fixture_path.read_bytes(), Fixture, name=fixture_path.name)
    gold = parse_json(gold_path.read_bytes(), Gold, name=gold_path.name)
    return fixture, gold


@cache
def mutations() -> ModuleType:
    """``probe_site/bb_trust_mutations.py``, the module the channel subprocesses load too."""
    spec = importlib.util.spec_from_file_location(
        "bb_trust_mutations", PROBE_SITE / "bb_trust_mutations.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bb_trust_mutations"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def db() -> Iterator[Database]:
    with open_database() as database:
        yield database


@pytest.fixture(scope="session")
def seams(db: Database) -> Iterator[list[HarnessSeam]]:
    """openclaw, claude-code and codex, over the reference engine served on a unix socket."""
    with tempfile.TemporaryDirectory(prefix="bb-probe-") as tmp:
        socket_path = str(Path(tmp) / "brain.sock")
        secret = secrets.token_hex(16)
        with (
            serve_in_thread(Engine(db), socket_path, secret),
            MemoryClient(socket_path, secret) as client,
        ):
            factory = delivery_factory(socket_path, secret)
            yield [HarnessSeam(h, factory(h, client)) for h in HARNESSES]


RunKey = tuple[str, str, tuple[Arm, ...]]


class Runs:
    """Committed trust fixtures run under a write mutation (or none), each once a session.

    A run is keyed by (write mutation, fixture, arms) and observed once per read mutation
    asked for it (``""``: unmutated reads), as views on the same writes.
    """

    def __init__(self, db: Database, seams: Sequence[HarnessSeam]) -> None:
        self._db = db
        self._seams = list(seams)
        self._done: dict[RunKey, dict[str, FixtureObservations]] = {}

    def _view(self, read: str) -> Callable[[], AbstractContextManager[object]]:
        @contextmanager
        def entered() -> Iterator[None]:
            with pytest.MonkeyPatch.context() as mp:
                if read:
                    mutations().apply_read(read, mp.setattr, self._seams)
                yield

        return entered

    def observe(
        self,
        write: str,
        fixture_ids: Sequence[str],
        arms: tuple[Arm, ...],
        reads: Iterable[str],
    ) -> dict[str, list[FixtureObservations]]:
        """Observations per read mutation (one per fixture); runs what is not cached yet."""
        wanted = sorted(set(reads))
        for fixture_id in fixture_ids:
            key = (write, fixture_id, arms)
            missing = [read for read in wanted if read not in self._done.get(key, {})]
            if missing:
                self._done.setdefault(key, {}).update(self._run(write, fixture_id, arms, missing))
        return {
            read: [self._done[(write, fixture_id, arms)][read] for fixture_id in fixture_ids]
            for read in wanted
        }

    def _run(
        self,
        write: str,
        fixture_id: str,
        arms: tuple[Arm, ...],
        reads: Sequence[str],
    ) -> dict[str, FixtureObservations]:
        undo: Callable[[], None] | None = None
        with pytest.MonkeyPatch.context() as mp:
            if write == "drop-tier-trigger":
                undo = mutations().drop_tier_trigger(self._db)
            elif write:
                mp.setenv("BB_TRUST_PROBE", write)
                mp.setenv(
                    "PYTHONPATH",
                    os.pathsep.join([str(PROBE_SITE), os.environ.get("PYTHONPATH", "")]),
                )
                mutations().apply_write(write, mp.setattr)
            try:
                runner = ScenarioRunner(self._db, self._seams)
                views = {read: self._view(read) for read in reads}
                return runner.run_fixture_views(*trust_fixture(fixture_id), views, arms=arms)
            finally:
                if undo is not None:
                    undo()


@pytest.fixture(scope="session")
def bytecode_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Channel subprocesses cache their bytecode for the session in a private directory.

    Each CLI step is a fresh interpreter; where the environment forbids writing bytecode
    next to the sources (``PYTHONDONTWRITEBYTECODE``), every one of them would compile every
    module again, which is most of a probe's time. Nothing is written into the worktree.
    """
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PYTHONPYCACHEPREFIX", str(tmp_path_factory.mktemp("pycache")))
        mp.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
        yield


@pytest.fixture(scope="session")
def runs(db: Database, seams: list[HarnessSeam], bytecode_cache: None) -> Runs:
    return Runs(db, seams)


@pytest.fixture(scope="session")
def load_fixture() -> Callable[[str], tuple[Fixture, Gold]]:
    return trust_fixture
