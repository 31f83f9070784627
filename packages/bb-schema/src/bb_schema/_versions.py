"""Version constants of every on-disk document the project reads or writes."""

from typing import Final

FIXTURE_SCHEMA_VERSION: Final = 1
GOLD_SCHEMA_VERSION: Final = 1
RESULT_SCHEMA_VERSION: Final = 1
BASELINE_SCHEMA_VERSION: Final = 1
BASELINE_ITEMS_SCHEMA_VERSION: Final = 1
WIRE_PACKAGE: Final = "brainbench.v1"
