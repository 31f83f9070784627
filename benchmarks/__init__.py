"""Performance figures, printed, never asserted: ``python -m benchmarks [NAME ...]``."""
