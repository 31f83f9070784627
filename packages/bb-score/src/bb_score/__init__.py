"""bb_score."""
