"""bb_trust: the memory-trust scenario runner and its measurements.

:class:`bb_trust.runner.ScenarioRunner` drives each trust fixture's steps through the
MemoryTrust seam of the system under test (each step one call naming its channel) and records
:mod:`bb_trust.observations`;
:mod:`bb_trust.metrics` computes every memory-trust metric from them and
:func:`bb_trust.cells.score_trust` turns them into score cells.
"""

from bb_trust._errors import TrustError, TrustRuntimeError, TrustUserError

__version__ = "0.1.0"

__all__ = ["TrustError", "TrustRuntimeError", "TrustUserError"]
