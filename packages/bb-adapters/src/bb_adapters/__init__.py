"""bb_adapters."""
