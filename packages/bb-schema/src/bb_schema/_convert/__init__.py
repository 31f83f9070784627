"""Per-message converters behind :mod:`bb_schema.convert`."""
