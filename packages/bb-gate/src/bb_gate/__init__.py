"""bb_gate."""
