"""bb_trust."""
