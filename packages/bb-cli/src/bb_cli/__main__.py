"""``python -m bb_cli``: the same as the ``brainbench`` console script."""

from bb_cli.main import run

if __name__ == "__main__":
    run()
