"""The ``bb-brain`` console script: the hook's deadline is armed before anything is imported.

Every other subcommand goes to :func:`bb_brain.cli.main`. For ``hook user-prompt`` the user
waits on the whole process, imports included, so the timer of :mod:`bb_brain._deadline`
starts first, and the hook runs without building the whole command line parser when its
arguments are the ones ``bb-brain install claude-code`` writes (``python -m bb_brain.cli``
takes the ordinary path).
"""

from __future__ import annotations

import sys


def run() -> None:
    """Console-script entry point."""
    if sys.argv[1:3] == ["hook", "user-prompt"]:
        from bb_brain._deadline import config_path_in, guard_hook, process_started

        guard_hook(sys.argv[3:])
        rest = sys.argv[3:]
        config = config_path_in(rest)
        if rest in ([], ["--config", config], [f"--config={config}"]):
            from bb_brain.hook import main as hook_main

            sys.exit(hook_main(config_path=config, started=process_started(), watchdog=True))
    from bb_brain.cli import main

    sys.exit(main())
