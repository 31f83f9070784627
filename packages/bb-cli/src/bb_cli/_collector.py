"""Python's cyclic garbage collector while ``brainbench run`` starts.

Start-up allocates hundreds of thousands of long-lived objects (modules, classes, pydantic
validators, the corpus's packed fixtures) and no garbage worth collecting, yet every
700 allocations the collector runs and every few runs it scans all of them again: about a
tenth of the time to the first turn (measured with ``nox -s bench -- startup``). So the
collector pauses from the console script's first line, and once the run's machinery is
loaded everything alive is frozen (kept out of every later collection, which then scans
only what the replay allocates) and collection resumes. The few hundred cyclic objects
start-up leaves unreachable are frozen with the rest and kept for the run: collecting them
first would cost more time than the memory is worth.
"""

from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    """Stop collecting until :func:`settle`; a no-op if the collector is already off."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def settle() -> None:
    """Freeze what start-up allocated and collect again, if :func:`pause` stopped it."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
