"""The llm extractor's defaults, in a module that imports nothing.

``brainbench run --help`` prints them; reading them must not load the write path
(:mod:`bb_brain.writeback` re-exports them).
"""

from __future__ import annotations

#: The price the budget charges per 1000 reported tokens when none is configured.
DEFAULT_USD_PER_1K_TOKENS = 0.01
#: Per-request timeout in seconds when none is configured.
DEFAULT_TIMEOUT_S = 60.0
