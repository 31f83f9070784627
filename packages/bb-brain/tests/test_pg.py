"""The PostgreSQL bootstrap: run schemas, migrations, shared-server mode, stale cleanup."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil
import psycopg
import pytest
from bb_brain import Database, open_database
from bb_brain._pg import sweep_stale
from bb_brain._pg._migrate import migration_files
from bb_brain._pg._runtime import ensure_runtime_dir, run_base
from bb_brain._pg._template import ensure_template


def test_connections_use_the_run_schema(db: Database) -> None:
    assert db.schema.startswith("bb_run_")
    with db.connection() as conn:
        assert conn.execute("SHOW search_path").fetchone() == (db.schema,)
        applied = [r[0] for r in conn.execute("SELECT name FROM schema_migrations ORDER BY name")]
    assert applied == [name for name, _ in migration_files()]
    assert applied[0] == "001_core.sql"


def test_embedded_server_is_tuned_and_socket_only(db: Database) -> None:
    if not db.embedded:
        pytest.skip("a shared server's settings are its operator's business")
    with db.connection() as conn:
        settings = dict(conn.execute(
            "SELECT name, setting FROM pg_settings WHERE name = ANY(%s)",
            (["fsync", "synchronous_commit", "full_page_writes", "listen_addresses"],),
        ).fetchall())  # fmt: skip
    assert settings == {
        "fsync": "off", "synchronous_commit": "off", "full_page_writes": "off",
        "listen_addresses": "",
    }  # fmt: skip


def test_dsn_mode_creates_and_drops_its_own_schema(db: Database) -> None:
    with open_database(db.conninfo) as shared:
        assert shared.schema != db.schema and not shared.embedded
        with shared.connection() as conn:
            conn.execute("INSERT INTO brains (brain_id, fixture_id) VALUES ('x', 'x')")
        with db.connection() as conn:
            assert conn.execute("SELECT count(*) FROM brains WHERE brain_id = 'x'").fetchone() == (
                0,
            )
    with psycopg.connect(db.conninfo) as conn:
        gone = conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", (shared.schema,))
        assert gone.fetchone() is None


def test_database_is_usable_from_many_threads(db: Database) -> None:
    def work(i: int) -> int:
        with db.connection() as conn:
            row = conn.execute("SELECT %s::int + 1", (i,)).fetchone()
        assert row is not None
        return int(row[0])

    with ThreadPoolExecutor(max_workers=6) as pool:
        assert sorted(pool.map(work, range(24))) == list(range(1, 25))


def _embedded_env(runs_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "BRAINBENCH_DSN"}
    return {**env, "BRAINBENCH_RUN_DIR": str(runs_dir)}


KILLED_RUN = textwrap.dedent(
    """
    import os, sys, threading
    from bb_brain import open_database
    result = {}
    def start():  # from a worker thread: no parent-death signal, like an unlucky caller
        result["cm"] = open_database()
        result["db"] = result["cm"].__enter__()
    worker = threading.Thread(target=start)
    worker.start(); worker.join()
    db = result["db"]
    print(db.server.process.pid, db.server.run_dir, flush=True)
    os._exit(0)  # die without any cleanup, like SIGKILL
    """
)


@pytest.fixture
def runs_dir() -> Iterator[Path]:
    """A private run base the server user can reach (pytest's tmp_path is 0700)."""
    path = Path(tempfile.mkdtemp(prefix="test-runs-", dir=run_base()))
    path.chmod(0o711)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_stale_server_of_a_killed_run_is_cleaned_at_next_start(runs_dir: Path) -> None:
    env = _embedded_env(runs_dir)
    out = subprocess.run(
        [sys.executable, "-c", KILLED_RUN], env=env, capture_output=True, text=True, check=True,
        timeout=120,
    )  # fmt: skip
    pid_text, run_dir = out.stdout.split()
    postmaster = psutil.Process(int(pid_text))
    assert postmaster.is_running() and Path(run_dir).exists()  # left behind, as a kill would
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("BRAINBENCH_RUN_DIR", str(runs_dir))
        removed = sweep_stale()
    # The server's directory lives in the killed process's run directory: both go.
    assert removed == [Path(run_dir).parent]
    postmaster.wait(timeout=10)
    assert not Path(run_dir).parent.exists()


CLEAN_EXIT = textwrap.dedent(
    """
    import signal, os, sys
    from bb_brain import open_database
    with open_database() as db:
        print(db.server.process.pid, db.server.run_dir, flush=True)
        if sys.argv[1] == "raise":
            raise RuntimeError("boom")
        os.kill(os.getpid(), signal.SIGTERM)
    """
)


def test_no_orphan_after_exception_or_sigterm(runs_dir: Path) -> None:
    env = _embedded_env(runs_dir)
    for mode, code in (("raise", 1), ("term", 128 + 15)):
        done = subprocess.run(
            [sys.executable, "-c", CLEAN_EXIT, mode], env=env, capture_output=True, text=True,
            timeout=120,
        )  # fmt: skip
        assert done.returncode == code, done.stderr
        pid_text, run_dir = done.stdout.split()
        assert (
            not psutil.pid_exists(int(pid_text))
            or psutil.Process(int(pid_text)).status() == "zombie"
        )
        assert not Path(run_dir).exists()


def test_runtime_dir_is_made_private_when_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    path = ensure_runtime_dir()
    assert os.environ["XDG_RUNTIME_DIR"] == str(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o700 and path.stat().st_uid == os.getuid()


def test_template_is_built_once_under_concurrent_creators(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRAINBENCH_CACHE_DIR", str(tmp_path))
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda _: ensure_template(), range(2)))
    assert sorted(built for _, built in results) == [False, True]
    (path, _), _ = results
    assert (path / "PG_VERSION").exists()
    assert [p.name for p in tmp_path.iterdir() if ".tmp-" in p.name] == []


def test_a_process_pool_in_the_run_directory_exits_without_a_word(tmp_path: Path) -> None:
    # multiprocessing keeps its pymp-* directory under the run's temp dir and removes it at
    # exit; the run directory, removed first, must let it, or the user sees a traceback.
    script = textwrap.dedent(
        """
        import multiprocessing.util  # imported early, as any larger program does
        import multiprocessing as mp
        from bb_brain import temp_files_here

        def double(x):
            return 2 * x

        if __name__ == "__main__":
            with temp_files_here():
                with mp.get_context("forkserver").Pool(2) as pool:
                    print(pool.map(double, [1, 2]))
        """
    )
    main = tmp_path / "pool_main.py"  # the pool's children import it by path
    main.write_text(script, encoding="utf-8")
    done = subprocess.run([sys.executable, str(main)], capture_output=True, text=True,
                          timeout=120, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[2, 4]"
    assert done.stderr == ""


EARLY_START = textwrap.dedent(
    """
    import os, sys
    from bb_brain._pg import _server, start_database_early
    start_database_early()
    early = _server._EARLY[os.getpid()]
    print(early.spawned.process.pid, early.spawned.run_dir, flush=True)
    if sys.argv[1] == "claim":
        from bb_brain import open_database
        with open_database() as db:
            assert db.server.process.pid == early.spawned.process.pid  # the early server
            assert db.schema == early.prepared  # and the schema its thread made
            with db.connection() as conn:
                assert conn.execute("SELECT count(*) FROM brains").fetchone() == (0,)
        print("claimed", flush=True)
    """
)


def test_an_early_server_is_claimed_by_the_run_or_stopped_at_exit(runs_dir: Path) -> None:
    env = _embedded_env(runs_dir)
    for mode in ("claim", "unclaimed"):
        done = subprocess.run(
            [sys.executable, "-c", EARLY_START, mode], env=env, capture_output=True, text=True,
            timeout=120,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        first, *rest = done.stdout.split("\n")
        pid_text, run_dir = first.split()
        assert rest[0] == ("claimed" if mode == "claim" else "")
        assert (
            not psutil.pid_exists(int(pid_text))
            or psutil.Process(int(pid_text)).status() == "zombie"
        )
        assert not Path(run_dir).exists()


def test_an_early_server_whose_start_fails_is_stopped_and_the_run_meets_the_failure(
    runs_dir: Path, tmp_path: Path
) -> None:
    env = _embedded_env(runs_dir)
    broken = textwrap.dedent(
        """
        import sys
        from pathlib import Path
        from bb_brain._pg import _server
        _server.ensure_template = lambda: (Path(sys.argv[1]), False)
        _server.start_embedded_early()
        from bb_brain import open_database
        with open_database():
            pass
        """
    )
    missing = str(tmp_path / "no-such-template")
    done = subprocess.run(
        [sys.executable, "-c", broken, missing], env=env, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode != 0
    assert "no-such-template" in done.stderr  # the run's own start met it and said so
    assert list(runs_dir.glob("run-*/pg-*")) == []
