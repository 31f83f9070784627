"""Trust tiers, the ceiling of every channel, and who is asking (the principal).

Tiers are totally ordered: owner > user_confirmed > agent_written > external_untrusted.
Every write is stored at ``min(channel ceiling, whatever the content claims)``: a claim
(frontmatter ``trust_tier``, an MCP ``content_origin``) can lower a tier, never raise it.
Promotion above a channel's ceiling happens only through ``confirm`` by the owner at an
interactive terminal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

Tier = Literal["owner", "user_confirmed", "agent_written", "external_untrusted"]
TIERS: Final[tuple[Tier, ...]] = get_args(Tier)
_RANK: Final[dict[str, int]] = {tier: len(TIERS) - i for i, tier in enumerate(TIERS)}

#: Who wrote the content, as a writer may claim it (MCP ``content_origin``).
ContentOrigin = Literal["owner", "user_said", "agent", "tool_output"]
ORIGIN_CLAIM: Final[dict[ContentOrigin, Tier]] = {
    "owner": "owner",
    "user_said": "user_confirmed",
    "agent": "agent_written",
    "tool_output": "external_untrusted",
}

#: The channels content can arrive through, and the most each may ever store.
Channel = Literal["owner_sync", "owner_cli", "local_cli", "mcp_agent", "connector"]
CEILING: Final[dict[Channel, Tier]] = {
    "owner_sync": "owner",
    "owner_cli": "owner",
    "local_cli": "agent_written",
    "mcp_agent": "agent_written",
    "connector": "external_untrusted",
}

#: The compact per-item label proactive surfaces show ("" = owner, shown unlabelled).
LABEL: Final[dict[Tier, str]] = {
    "owner": "",
    "user_confirmed": "user-confirmed",
    "agent_written": "unconfirmed, agent-written",
    "external_untrusted": "external, untrusted",
}


def rank(tier: str) -> int:
    """Higher is more trusted; an unknown tier name ranks below everything (0)."""
    return _RANK.get(tier, 0)


def lowest(*tiers: Tier) -> Tier:
    """The least trusted of ``tiers``."""
    return min(tiers, key=rank)


def highest(*tiers: Tier) -> Tier:
    """The most trusted of ``tiers``."""
    return max(tiers, key=rank)


def parse_tier(value: object) -> Tier | None:
    """A tier name written by someone (frontmatter, a fence marker), or None if it is not one."""
    text = str(value).strip().lower().replace("-", "_") if value is not None else ""
    for tier in TIERS:
        if text == tier:
            return tier
    return None


def is_unconfirmed(tier: Tier) -> bool:
    """Agent-written and external content has not been confirmed by the owner."""
    return rank(tier) <= rank("agent_written")


@dataclass(frozen=True)
class Principal:
    """Who performs an operation, through which channel.

    Attributes:
        channel: The channel the request came through; fixes the tier ceiling.
        actor: A name for audit rows and fence markers ("owner", the agent token's name,
            "github:<login>").
        interactive: True only for the owner at an interactive terminal (promotion, purge).
    """

    channel: Channel
    actor: str
    interactive: bool = False

    @property
    def ceiling(self) -> Tier:
        """The highest tier this principal may store."""
        return CEILING[self.channel]

    @property
    def is_owner(self) -> bool:
        """The owner at an interactive terminal: the only principal that may confirm or purge."""
        return self.channel == "owner_cli" and self.interactive

    def tier_for(self, claim: Tier | None = None) -> Tier:
        """The tier a write by this principal is stored at, given what the content claims."""
        return self.ceiling if claim is None else lowest(self.ceiling, claim)

    @classmethod
    def owner(cls) -> Principal:
        """The owner at an interactive terminal (in-process owner actions)."""
        return cls("owner_cli", "owner", interactive=True)

    @classmethod
    def owner_sync(cls) -> Principal:
        """The owner's git repository, imported by sync."""
        return cls("owner_sync", "owner")

    @classmethod
    def local(cls, actor: str = "local") -> Principal:
        """A local process without a terminal (a script, an agent's shell)."""
        return cls("local_cli", actor)

    @classmethod
    def agent(cls, actor: str) -> Principal:
        """A remote agent authenticated by its token."""
        return cls("mcp_agent", actor)

    @classmethod
    def connector(cls, actor: str) -> Principal:
        """An external connector (GitHub issues)."""
        return cls("connector", actor)
