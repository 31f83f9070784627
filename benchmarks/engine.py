"""Reference-engine figures: start-up, per-fixture reset + seed, isolation options, latency.

Prints (never asserts):

* embedded PostgreSQL start-up, cold (initdb into an empty cache) vs warm (template copy);
* per sample fixture: open + seed + close in ms;
* the per-fixture reset options compared (namespaced brain_id vs TRUNCATE vs a template
  database), the figures quoted in ``bb_brain.engine``;
* TurnContext p50 / p99 in-process and over the unix socket (gRPC, auth on).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
from bb_brain import Database, Engine, open_database
from bb_brain.server import serve_in_thread
from bb_schema import Fixture, PublicTurn
from bb_schema.memory import CloseBrainRequest, OpenBrainRequest, SeedRequest
from bb_schema.rpc import MemoryClient
from bb_schema.turn_context import SeamSettings, TurnContextRequest
from psycopg import sql

SAMPLES = Path(__file__).resolve().parents[1].parent / "shared" / "interop" / "samples"
SETTINGS = SeamSettings(pointer_budget=3, suppression="prior-context", volunteer=True)
LATENCY_ROUNDS = 60  # x ~12 user turns per round
RESET_ROUNDS = 30
SECRET = "benchmark-secret-0123456789abcdef"
TABLES = ("write_back_audit", "facts", "aliases", "pages", "brains")


def _fixtures() -> list[Fixture]:
    paths = sorted((SAMPLES / "fixtures").glob("*.fixture.json"))
    return [Fixture.model_validate_json(p.read_text(encoding="utf-8")) for p in paths]


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:8.2f} ms"


def _pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@contextmanager
def _env(name: str, value: str) -> Iterator[None]:
    old = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if old is None:
            del os.environ[name]
        else:
            os.environ[name] = old


def startup() -> None:
    """Cold start (initdb) vs warm start (template copy), whole open_database."""
    print("== embedded PostgreSQL start-up (open_database: server + schema + migrations)")
    with tempfile.TemporaryDirectory(prefix="bb-bench-cache-") as cache:
        with _env("BRAINBENCH_CACHE_DIR", cache):
            t0 = time.perf_counter()
            with open_database() as db:
                cold = time.perf_counter() - t0
                timings = db.server.timings if db.server else None
    print(f"  cold (initdb template)  {_ms(cold)}   {timings}")
    warm: list[float] = []
    for _ in range(3):
        t0 = time.perf_counter()
        with open_database() as db:
            warm.append(time.perf_counter() - t0)
            timings = db.server.timings if db.server else None
    print(f"  warm (template copy)    {_ms(min(warm))}   (best of 3) {timings}")


def per_fixture(engine: Engine, fixtures: list[Fixture]) -> None:
    """Open + seed + close per sample fixture."""
    print("== per-fixture reset + seed (open_brain + seed + close_brain)")
    for fixture in fixtures:
        t0 = time.perf_counter()
        brain = engine.open_brain(OpenBrainRequest(fixture_id=fixture.fixture_id)).brain_id
        t1 = time.perf_counter()
        engine.seed(SeedRequest(brain_id=brain, pages=fixture.seed_pages, facts=fixture.seed_facts))
        t2 = time.perf_counter()
        engine.close_brain(CloseBrainRequest(brain_id=brain))
        t3 = time.perf_counter()
        print(
            f"  {fixture.fixture_id:32s} open {_ms(t1 - t0)}  seed {_ms(t2 - t1)}"
            f"  close {_ms(t3 - t2)}  ({len(fixture.seed_pages)} pages)"
        )


def _timed(rounds: int, step: Callable[[], None]) -> float:
    samples = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        step()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def isolation(db: Database, engine: Engine, fixture: Fixture) -> None:
    """The three per-fixture reset options on the same server."""
    print(
        f"== per-fixture isolation options (median of {RESET_ROUNDS}, seed = {fixture.fixture_id})"
    )
    seed = SeedRequest(brain_id="", pages=fixture.seed_pages, facts=fixture.seed_facts)

    def namespaced() -> None:
        brain = engine.open_brain(OpenBrainRequest(fixture_id="iso")).brain_id
        engine.seed(seed.model_copy(update={"brain_id": brain}))
        engine.close_brain(CloseBrainRequest(brain_id=brain))

    def truncate() -> None:
        brain = engine.open_brain(OpenBrainRequest(fixture_id="iso")).brain_id
        engine.seed(seed.model_copy(update={"brain_id": brain}))
        with db.connection() as conn:
            conn.execute(
                sql.SQL("TRUNCATE {} CASCADE").format(
                    sql.SQL(", ").join(map(sql.Identifier, TABLES))
                )
            )

    print(f"  namespaced brain_id (chosen)    {_ms(_timed(RESET_ROUNDS, namespaced))}")
    print(f"  TRUNCATE ... CASCADE            {_ms(_timed(RESET_ROUNDS, truncate))}")
    _template_database(db, fixture)


def _template_database(db: Database, fixture: Fixture) -> None:
    """CREATE DATABASE ... TEMPLATE of a migrated database, connect, seed, DROP."""
    admin = psycopg.connect(db.conninfo, autocommit=True)
    try:
        admin.execute("DROP DATABASE IF EXISTS bb_bench_tpl")
        admin.execute("CREATE DATABASE bb_bench_tpl")
        tpl_info = psycopg.conninfo.make_conninfo(db.conninfo, dbname="bb_bench_tpl")
        with open_database(tpl_info) as tpl_db:
            schema = tpl_db.schema
        # open_database drops its schema on exit; recreate it durably for the template.
        with psycopg.connect(tpl_info, autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
            from bb_brain._pg._migrate import apply_migrations

            conn.autocommit = False
            apply_migrations(conn, schema)
            conn.commit()

        def step() -> None:
            admin.execute("CREATE DATABASE bb_bench_copy TEMPLATE bb_bench_tpl")
            info = psycopg.conninfo.make_conninfo(
                db.conninfo, dbname="bb_bench_copy", options=f"-c search_path={schema}"
            )
            with psycopg.connect(info) as conn:
                conn.execute("INSERT INTO brains (brain_id, fixture_id) VALUES ('b', 'f')")
            admin.execute("DROP DATABASE bb_bench_copy")

        print(f"  CREATE DATABASE ... TEMPLATE    {_ms(_timed(RESET_ROUNDS // 3, step))}")
    finally:
        admin.execute("DROP DATABASE IF EXISTS bb_bench_copy")
        admin.execute("DROP DATABASE IF EXISTS bb_bench_tpl")
        admin.close()


def _requests(
    engine: Engine, fixtures: list[Fixture]
) -> tuple[list[TurnContextRequest], list[str]]:
    requests: list[TurnContextRequest] = []
    brains: list[str] = []
    for fixture in fixtures:
        brain = engine.open_brain(OpenBrainRequest(fixture_id=fixture.fixture_id)).brain_id
        brains.append(brain)
        engine.seed(SeedRequest(brain_id=brain, pages=fixture.seed_pages, facts=fixture.seed_facts))
        earlier: list[PublicTurn] = []
        prior: list[str] = []
        for turn in fixture.turns:
            if turn.role == "user":
                requests.append(
                    TurnContextRequest(
                        brain_id=brain,
                        session_id="bench",
                        active_source=fixture.active_source,
                        turn=turn,
                        window=earlier[-4:],
                        prior_context="\n".join(prior),
                        settings=SETTINGS,
                    )  # fmt: skip
                )
            prior.append(turn.text)
            earlier.append(turn)
    return requests, brains


def latency(engine: Engine, fixtures: list[Fixture]) -> None:
    """TurnContext latency, in-process and over the unix socket."""
    requests, brains = _requests(engine, fixtures)
    calls = LATENCY_ROUNDS * len(requests)
    print(f"== TurnContext latency ({calls} calls each, sample fixtures' user turns)")
    in_process = []
    for _ in range(LATENCY_ROUNDS):
        for request in requests:
            t0 = time.perf_counter()
            engine.turn_context(request)
            in_process.append(time.perf_counter() - t0)
    print(f"  in-process   p50 {_ms(_pct(in_process, 0.5))}  p99 {_ms(_pct(in_process, 0.99))}")
    with tempfile.TemporaryDirectory(prefix="bbsock-") as tmp:
        handle = serve_in_thread(engine, Path(tmp) / "b.sock", SECRET)
        try:
            with MemoryClient(handle.target, SECRET) as client:
                client.describe()  # connect outside the timed loop
                wire = []
                for _ in range(LATENCY_ROUNDS):
                    for request in requests:
                        t0 = time.perf_counter()
                        client.turn_context(request)
                        wire.append(time.perf_counter() - t0)
        finally:
            handle.stop()
    print(f"  unix socket  p50 {_ms(_pct(wire, 0.5))}  p99 {_ms(_pct(wire, 0.99))}")
    for brain in brains:
        engine.close_brain(CloseBrainRequest(brain_id=brain))


def main() -> None:
    """Print every figure."""
    fixtures = _fixtures()
    startup()
    with open_database() as db:
        engine = Engine(db)
        per_fixture(engine, fixtures)
        isolation(db, engine, next(f for f in fixtures if f.fixture_id.startswith("kta-001")))
        latency(engine, fixtures)


if __name__ == "__main__":
    main()
