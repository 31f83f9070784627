"""Memory trust: tiers and ceilings, the write gate, state resolution, purge, and channels.

Start at :class:`bb_brain.trust.api.TrustBrain`.
"""

from bb_brain.trust.api import TrustBrain, TrustOps
from bb_brain.trust.errors import EffectsTimeout, TrustConfigError, TrustRefused
from bb_brain.trust.models import TrustSettings
from bb_brain.trust.tiers import TIERS, Principal, Tier

__all__ = [
    "TIERS",
    "EffectsTimeout",
    "Principal",
    "Tier",
    "TrustBrain",
    "TrustConfigError",
    "TrustOps",
    "TrustRefused",
    "TrustSettings",
]
