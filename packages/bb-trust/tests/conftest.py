"""Shared set-up of the trust scenario tests: one database, the committed trust fixtures,
clean observations computed once, and the mutation-probe runner."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from pathlib import Path

import pytest
from bb_brain import Database, open_database
from bb_schema import Fixture, Gold
from bb_schema.io import parse_json
from bb_trust.observations import FixtureObservations
from bb_trust.observe import Arm
from bb_trust.runner import ScenarioRunner

REPO = Path(__file__).resolve().parents[3]
CORPUS = REPO / "evals" / "brainbench"
PROBE_SITE = Path(__file__).resolve().parent / "probe_site"
CATEGORY = {"gen-trust": "trust", "gen-state": "state-resolution", "gen-del": "deletion",
            "gen-poison": "poisoning"}  # fmt: skip


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


@pytest.fixture(scope="session")
def db() -> Iterator[Database]:
    with open_database() as database:
        yield database


class Probe:
    """Runs committed trust fixtures with a mutation applied to the engine (or none)."""

    def __init__(self, db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
        self._db = db
        self._monkeypatch = monkeypatch

    def run(
        self, mutation: str, fixture_ids: Sequence[str], *, arms: Sequence[Arm] = ("protected",)
    ) -> list[FixtureObservations]:
        import bb_trust_mutations

        mp = self._monkeypatch
        mp.setenv("BB_TRUST_PROBE", mutation)
        mp.setenv(
            "PYTHONPATH", os.pathsep.join([str(PROBE_SITE), os.environ.get("PYTHONPATH", "")])
        )
        bb_trust_mutations.apply_in_process(mutation, mp.setattr)
        runner = ScenarioRunner(self._db, [])
        return [runner.run_fixture(*trust_fixture(i), arms=arms) for i in fixture_ids]


@pytest.fixture(scope="session")
def load_fixture() -> Callable[[str], tuple[Fixture, Gold]]:
    return trust_fixture


@pytest.fixture
def probe(db: Database, monkeypatch: pytest.MonkeyPatch) -> Probe:
    monkeypatch.syspath_prepend(str(PROBE_SITE))
    return Probe(db, monkeypatch)
