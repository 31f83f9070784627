"""Agent bearer tokens: issued by the owner, stored as SHA-256, resolved to an agent principal."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from bb_brain._pg import Database
from bb_brain.trust.errors import TrustRefused
from bb_brain.trust.tiers import Principal

PREFIX = "bbt_"


@dataclass(frozen=True)
class AgentToken:
    """What a valid token grants: an agent principal on some sources of one brain."""

    brain_id: str
    principal: Principal
    sources: tuple[str, ...] | None

    def allows(self, source: str) -> bool:
        """May this token touch ``source``?"""
        return self.sources is None or source in self.sources


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def issue(db: Database, brain_id: str, name: str, sources: Sequence[str] | None = None) -> str:
    """A new token for agent ``name`` (only its hash is stored)."""
    token = PREFIX + secrets.token_urlsafe(24)
    with db.connection() as conn:
        conn.execute(
            "INSERT INTO trust_tokens (token_sha256, brain_id, name, sources)"
            " VALUES (%s, %s, %s, %s)",
            (_digest(token), brain_id, name, None if sources is None else list(sources)),
        )
    return token


def resolve(db: Database, token: str) -> AgentToken:
    """The agent a token stands for.

    Raises:
        TrustRefused: ``bad_token`` for an unknown or empty token.
    """
    with db.connection() as conn:
        row = conn.execute(
            "SELECT brain_id, name, sources FROM trust_tokens WHERE token_sha256 = %s",
            (_digest(token.strip()),),
        ).fetchone()
    if not token.strip() or row is None:
        raise TrustRefused(
            "bad_token", "the agent token is unknown; ask the owner for one (bb-brain token issue)"
        )
    sources = None if row[2] is None else tuple(str(s) for s in row[2])
    return AgentToken(str(row[0]), Principal.agent(str(row[1])), sources)
