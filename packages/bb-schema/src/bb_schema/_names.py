"""Closed vocabularies shared by fixtures, results and baselines."""

from __future__ import annotations

from typing import Final, Literal

Role = Literal["user", "assistant"]
Seam = Literal["production", "contract"]
FactKind = Literal["event", "preference", "commitment", "belief", "fact"]

#: The four core suites of schema v1. Additive suites (memory trust) extend ``Suite``.
CoreSuite = Literal["know-to-ask", "push", "write-back", "continuity"]
TrustSuite = Literal["trust", "state-resolution", "deletion", "poisoning"]
Suite = Literal[
    "know-to-ask",
    "push",
    "write-back",
    "continuity",
    "trust",
    "state-resolution",
    "deletion",
    "poisoning",
]
CORE_SUITES: Final[tuple[CoreSuite, ...]] = ("know-to-ask", "push", "write-back", "continuity")
TRUST_SUITES: Final[tuple[TrustSuite, ...]] = ("trust", "state-resolution", "deletion", "poisoning")
ALL_SUITES: Final[tuple[Suite, ...]] = (*CORE_SUITES, *TRUST_SUITES)

#: The three harness rows of schema v1; other rows (foreign systems, trivial rows) are additive.
CORE_HARNESSES: Final = ("openclaw", "claude-code", "codex")
