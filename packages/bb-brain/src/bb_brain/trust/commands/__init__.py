"""The trust subcommands of ``bb-brain`` (one module each, loaded only when chosen)."""
