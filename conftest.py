"""Suite-wide isolation for every test under this repository (stdlib and pytest only).

Every ``brainbench run`` appends a record to the run ledger: ``--ledger FILE``, else
``$BRAINBENCH_LEDGER``, else ``.brainbench/ledger.jsonl`` under the working directory. A test
that runs the bench without ``--ledger`` would append to the user's own ledger, and
``brainbench history`` would then show test runs (a harness named ``over``, a silent engine)
as the user's trend. So before any test module is even imported, ``BRAINBENCH_LEDGER`` points
at a private temporary file for the whole session (subprocesses inherit it); tests that need
their own ledger still pass ``--ledger`` or set the variable themselves.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

LEDGER_ENV = "BRAINBENCH_LEDGER"
#: The ledgers a run would write outside the test suite: the user's $BRAINBENCH_LEDGER (if
#: set when pytest started) and the repository's default one.
_REAL_LEDGERS = pytest.StashKey[tuple[Path, ...]]()
_PRIVATE_DIR = pytest.StashKey[Path]()
_SAVED = pytest.StashKey[str | None]()

ROOT = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    """Point the run ledger at a private file before collection imports anything."""
    saved = os.environ.get(LEDGER_ENV)
    real = [ROOT / ".brainbench" / "ledger.jsonl"]
    if saved and saved.strip():
        real.append(Path(saved.strip()).resolve())
    private = Path(tempfile.mkdtemp(prefix="brainbench-test-ledger-"))
    config.stash[_REAL_LEDGERS] = tuple(real)
    config.stash[_PRIVATE_DIR] = private
    config.stash[_SAVED] = saved
    os.environ[LEDGER_ENV] = str(private / "ledger.jsonl")


def pytest_unconfigure(config: pytest.Config) -> None:
    """Give the environment back and drop the private ledger."""
    if _PRIVATE_DIR not in config.stash:
        return
    saved = config.stash[_SAVED]
    if saved is None:
        os.environ.pop(LEDGER_ENV, None)
    else:
        os.environ[LEDGER_ENV] = saved
    shutil.rmtree(config.stash[_PRIVATE_DIR], ignore_errors=True)


@pytest.fixture
def real_ledgers(pytestconfig: pytest.Config) -> tuple[Path, ...]:
    """The ledgers no test may write: the user's $BRAINBENCH_LEDGER and the repository's."""
    return pytestconfig.stash[_REAL_LEDGERS]


@pytest.fixture
def private_ledger(pytestconfig: pytest.Config) -> Path:
    """Where runs without ``--ledger`` record during the test session."""
    return pytestconfig.stash[_PRIVATE_DIR] / "ledger.jsonl"
