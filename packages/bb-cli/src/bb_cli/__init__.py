"""bb_cli: the ``brainbench`` command, the composition root that wires every package together.

Entry points: :func:`bb_cli.main.main` (``argv -> exit code``, for tests and embedding) and the
``brainbench`` console script (:func:`bb_cli.main.run`). Command groups live in
:mod:`bb_cli.commands`, one module each.
"""

__version__ = "0.1.0"
