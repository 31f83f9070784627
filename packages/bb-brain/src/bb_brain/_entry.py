"""The ``bb-brain`` console script: the hook's deadline is armed before anything is imported.

Every other subcommand goes straight to :func:`bb_brain.cli.main`. For ``hook user-prompt``
the user waits on the whole process, imports included, so the timer of
:mod:`bb_brain._deadline` starts first (``python -m bb_brain.cli`` skips it).
"""

from __future__ import annotations

import sys


def run() -> None:
    """Console-script entry point."""
    if sys.argv[1:3] == ["hook", "user-prompt"]:
        from bb_brain._deadline import guard_hook

        guard_hook(sys.argv[3:])
    from bb_brain.cli import main

    sys.exit(main())
