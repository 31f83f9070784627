"""The MemoryTrust service's optional calls and the capabilities that name them.

Kept apart from :mod:`bb_schema.trust_seam` and its models: a server lists these
capabilities whether or not it serves the trust seam, and a run that scores none of it need
not build the seam's models before its first turn.
"""

from __future__ import annotations

from typing import Final

#: The capability a system declares in Describe to offer the trust seam at all.
TRUST_CAPABILITY: Final = "trust"


def trust_capability(method: str) -> str:
    """The capability naming one MemoryTrust call: ``PutPage`` -> ``trust.put-page``."""
    words: list[str] = []
    for char in method:
        if char.isupper() and words:
            words.append("-")
        words.append(char.lower())
    return f"{TRUST_CAPABILITY}.{''.join(words)}"


#: The optional calls, each its own capability (OpenTrustBrain / CloseTrustBrain are "trust").
TRUST_CALLS: Final = (
    "CommitFiles",
    "Resync",
    "Remember",
    "PutPage",
    "Ingest",
    "Confirm",
    "Forget",
    "Purge",
    "DirectTierWrite",
    "GetPage",
    "Search",
    "RecallFacts",
    "ContextPack",
    "DumpStores",
)
