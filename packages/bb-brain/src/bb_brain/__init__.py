"""bb_brain."""
