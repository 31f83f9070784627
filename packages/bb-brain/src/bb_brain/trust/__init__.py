"""Memory trust: tiers and ceilings, the write gate, state resolution, purge, and channels.

Start at :class:`bb_brain.trust.api.TrustBrain`. Names are imported on first use, so the
light helpers (tiers, the proactive render) cost the reflex nothing at start-up.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bb_brain.trust.api import TrustBrain, TrustOps
    from bb_brain.trust.errors import EffectsTimeout, TrustConfigError, TrustRefused
    from bb_brain.trust.models import TrustSettings
    from bb_brain.trust.tiers import TIERS, Principal, Tier

_WHERE = {
    "TrustBrain": "api",
    "TrustOps": "api",
    "EffectsTimeout": "errors",
    "TrustConfigError": "errors",
    "TrustRefused": "errors",
    "TrustSettings": "models",
    "TIERS": "tiers",
    "Principal": "tiers",
    "Tier": "tiers",
}

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


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(f"bb_brain.trust.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'bb_brain.trust' has no attribute {name!r}")
