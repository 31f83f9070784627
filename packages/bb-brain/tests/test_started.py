"""A process's start time, read from /proc, is the one psutil reports."""

from __future__ import annotations

import subprocess
import sys

import psutil
import pytest
from bb_brain._pg._started import started


def test_this_process_and_a_child_start_when_psutil_says() -> None:
    assert started() == psutil.Process().create_time()
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(2)"])
    try:
        assert started(child.pid) == pytest.approx(
            psutil.Process(child.pid).create_time(), abs=0.01
        )
    finally:
        child.kill()
        child.wait()


def test_a_process_that_is_gone() -> None:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    with pytest.raises(psutil.NoSuchProcess):
        started(child.pid)
