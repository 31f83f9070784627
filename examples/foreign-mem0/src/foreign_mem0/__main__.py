"""``python -m foreign_mem0``: the server."""

from foreign_mem0.server import run

run()
