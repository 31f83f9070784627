"""bb_cli."""
