"""Run the benchmark modules: all of :data:`BENCHMARKS`, or the ones named on the command line.

Each module under ``benchmarks/`` exposes ``main() -> None`` that prints its figures on
stdout. To add one, write ``benchmarks/<name>.py`` and append ``"<name>"`` to BENCHMARKS.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from typing import Final

#: Known benchmark modules, in the order ``python -m benchmarks`` runs them.
BENCHMARKS: Final[tuple[str, ...]] = (
    "sweep",
    "engine",
    "scale",
    "growth",
    "writeback",
    "loader",
    "trust",
    "hook",
    "soak",
    "sidebyside",
    "startup",
    "seeds",
)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the named benchmarks (default: all); exit 2 on an unknown name."""
    names = list(sys.argv[1:] if argv is None else argv) or list(BENCHMARKS)
    unknown = [name for name in names if name not in BENCHMARKS]
    if unknown:
        sys.stderr.write(
            f"benchmarks: unknown benchmark(s) {unknown!r}; expected some of {list(BENCHMARKS)!r}\n"
        )
        return 2
    for name in names:
        module = importlib.import_module(f"benchmarks.{name}")
        print(f"#### {name}  ({_machine()})", flush=True)
        module.main()
    return 0


def _machine() -> str:
    """Cores and load: on a shared machine other work moves every figure, so say how much."""
    one, five, _ = os.getloadavg()
    return f"{os.cpu_count()} cores, load average {one:.2f} (1 min) {five:.2f} (5 min)"


if __name__ == "__main__":
    sys.exit(main())
