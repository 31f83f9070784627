"""Memory-trust fixtures and gold: additive to schema_version 1.

A trust fixture drives one git-backed source through the channels people and agents use
(``trust_steps``, in order) instead of the seeder; its sealed gold (``Gold.trust``) names what
each step must have left behind. Steps and gold items are joined by ``step_id``; gold items
that read memory back name it by page slug or by the keywords of a fact.

Tiers are ordered owner > user_confirmed > agent_written > external_untrusted.
"""

from __future__ import annotations

import re
from typing import Annotated, Final, Literal

from pydantic import Field, JsonValue, field_validator, model_validator

from bb_schema._base import Strict

TrustTier = Literal["owner", "user_confirmed", "agent_written", "external_untrusted"]

#: Tiers from lowest to highest: a tier "rises" when its index grows.
TRUST_TIERS: Final[tuple[TrustTier, ...]] = (
    "external_untrusted",
    "agent_written",
    "user_confirmed",
    "owner",
)

STEP_ID_PATTERN: Final = r"^[a-z0-9][a-z0-9-]*$"
StepId = Annotated[str, Field(pattern=STEP_ID_PATTERN)]
NonEmpty = Annotated[str, Field(min_length=1)]
#: A single searchable word (letters and digits) that identifies one item's text.
Marker = Annotated[str, Field(pattern=r"^[A-Za-z0-9]{6,}$")]

#: The MCP server's tools (issue 7 "Channels").
McpTool = Literal[
    "remember", "recall", "get_page", "search", "put_page", "confirm_memory", "forget"
]
#: The ``bb-brain`` CLI subcommands a step may run.
CliCommand = Literal[
    "sync",
    "remember",
    "recall",
    "confirm",
    "forget",
    "put-page",
    "get-page",
    "search",
    "context-pack",
]
#: Where content said it came from (the MCP ``content_origin`` argument).
ContentOrigin = Literal["owner", "user_said", "agent", "tool_output"]
#: The connectors a step may feed.
Connector = Literal["github-issue"]

_SAFE_PATH = re.compile(r"^(?!/)(?!.*(^|/)\.\.?(/|$))[A-Za-z0-9._/-]+\.md$")


def tier_rank(tier: TrustTier) -> int:
    """Position of ``tier`` in :data:`TRUST_TIERS` (higher is more trusted)."""
    return TRUST_TIERS.index(tier)


class CanonicalFile(Strict):
    """A canonical markdown file the owner commits into the source's git repository."""

    path: NonEmpty
    content: str

    @field_validator("path")
    @classmethod
    def _relative_markdown(cls, value: str) -> str:
        if _SAFE_PATH.fullmatch(value) is None:
            raise ValueError(
                f"path {value!r} must be a relative .md path inside the repository "
                "(letters, digits, . _ - /; no '..', no leading '/')"
            )
        return value


class GitCommitStep(Strict):
    """The owner commits files to the source's repository and (by default) syncs it."""

    step_id: StepId
    op: Literal["git_commit"]
    files: Annotated[list[CanonicalFile], Field(min_length=1)]
    message: NonEmpty = "owner edit"
    sync: bool = True


class SyncStep(Strict):
    """The owner re-syncs the source from its repository (nothing committed)."""

    step_id: StepId
    op: Literal["sync"]


class McpStep(Strict):
    """One MCP tool call over stdio, with an agent bearer token (or none)."""

    step_id: StepId
    op: Literal["mcp"]
    tool: McpTool
    arguments: dict[str, JsonValue] = Field(default_factory=dict)
    token: Literal["agent", "none"] = "agent"
    content_origin: ContentOrigin | None = None


class CliStep(Strict):
    """One ``bb-brain`` CLI command, run with or without an interactive terminal."""

    step_id: StepId
    op: Literal["cli"]
    command: CliCommand
    args: list[str] = Field(default_factory=list)
    tty: bool


class ConnectorStep(Strict):
    """A connector ingests one payload (a GitHub issue's JSON) as external content."""

    step_id: StepId
    op: Literal["connector"]
    connector: Connector
    payload: dict[str, JsonValue]


class PageRef(Strict):
    """A page of the fixture's source, by slug."""

    kind: Literal["page"]
    slug: NonEmpty


class FactRef(Strict):
    """A fact of the fixture's source: every keyword appears in its text.

    Keywords match case folded and in Unicode NFC, the methodology's keyword rule.
    """

    kind: Literal["fact"]
    match_keywords: Annotated[list[NonEmpty], Field(min_length=1)]
    entity_slug: str | None = None


ItemRef = Annotated[PageRef | FactRef, Field(discriminator="kind")]


class RawSqlStep(Strict):
    """A raw SQL attempt on the brain's database (only ``UPDATE ... SET trust_tier``)."""

    step_id: StepId
    op: Literal["raw_sql"]
    attempt: Literal["set_trust_tier"]
    target: ItemRef
    tier: TrustTier


TrustStep = Annotated[
    GitCommitStep | SyncStep | McpStep | CliStep | ConnectorStep | RawSqlStep,
    Field(discriminator="op"),
]


def check_steps(steps: list[TrustStep]) -> None:
    """Step ids are unique within a fixture (gold joins by them)."""
    seen: set[str] = set()
    for index, step in enumerate(steps):
        if step.step_id in seen:
            raise ValueError(f"trust_steps[{index}].step_id {step.step_id!r} is a duplicate")
        seen.add(step.step_id)


# -- gold ------------------------------------------------------------------------------------


class TierItem(Strict):
    """An item whose stored row and every explicit read must report ``tier``.

    Pages are read with ``get_page`` and ``search(query)`` (a page's search tier is the
    highest tier among its hits; ``search_tier`` overrides when the query only hits a
    lower-tier fenced chunk); facts with ``recall(query)``.
    """

    item_id: NonEmpty
    ref: ItemRef
    tier: TrustTier
    query: NonEmpty
    search_tier: TrustTier | None = None


class CeilingItem(Strict):
    """A write (``step_id``) claiming more than its channel allows: stored at most ``max_tier``.

    ``marker`` is a word only that write carries: every stored page, chunk or fact holding
    it must be at or below ``max_tier``.
    """

    item_id: NonEmpty
    step_id: StepId
    marker: Marker
    max_tier: TrustTier


class RefusedItem(Strict):
    """A promotion attempt (``step_id``) that must be refused and raise no tier.

    ``marker`` is a word only the target carries: the highest tier of anything holding it
    may not rise across the attempt.
    """

    item_id: NonEmpty
    step_id: StepId
    marker: Marker


class StateItem(Strict):
    """A fact's expected state once every step ran: current, stale (not current), history."""

    item_id: NonEmpty
    ref: FactRef
    query: NonEmpty
    expect: Literal["current", "stale", "history"]


class GuardedItem(Strict):
    """A higher-tier fact a lower-tier write (``step_id``) must not replace, expire or retire."""

    item_id: NonEmpty
    step_id: StepId
    ref: FactRef
    query: NonEmpty


class PurgeItem(Strict):
    """A ``forget --purge`` (``step_id``) of ``claim``: the verbatim text no store may keep.

    ``query`` recalls/searches the claim after the later steps (re-sync, re-remember).
    """

    item_id: NonEmpty
    step_id: StepId
    claim: NonEmpty
    query: NonEmpty


PayloadArm = Literal["external", "agent"]


class PayloadItem(Strict):
    """A poisoning payload written by ``step_id``, recognised anywhere by its ``canary``.

    ``standing`` marks an agent-relayed standing preference or commitment (the items of
    unconfirmed_preference_activation_rate).
    """

    item_id: NonEmpty
    arm: PayloadArm
    step_id: StepId
    canary: NonEmpty
    standing: bool = False


class BenignItem(Strict):
    """A legitimate write on either arm that must stay durable and live (``canary`` finds it)."""

    item_id: NonEmpty
    arm: PayloadArm
    step_id: StepId
    canary: NonEmpty


class TrustGold(Strict):
    """The sealed trust gold of one fixture (``Gold.trust``)."""

    tier_items: list[TierItem] = Field(default_factory=list)
    ceilings: list[CeilingItem] = Field(default_factory=list)
    refused: list[RefusedItem] = Field(default_factory=list)
    state: list[StateItem] = Field(default_factory=list)
    guarded: list[GuardedItem] = Field(default_factory=list)
    purges: list[PurgeItem] = Field(default_factory=list)
    payloads: list[PayloadItem] = Field(default_factory=list)
    benign: list[BenignItem] = Field(default_factory=list)
    #: Page slugs of the people the fixture's later session is about (for context_pack).
    session_about: list[NonEmpty] = Field(default_factory=list)

    @model_validator(mode="after")
    def _item_ids_unique(self) -> TrustGold:
        seen: set[str] = set()
        for group in (
            self.tier_items, self.ceilings, self.refused, self.state, self.guarded,
            self.purges, self.payloads, self.benign,
        ):  # fmt: skip
            for item in group:
                if item.item_id in seen:
                    raise ValueError(f"item_id {item.item_id!r} is used twice in trust gold")
                seen.add(item.item_id)
        return self

    def step_ids(self) -> list[tuple[str, str]]:
        """(gold path, step_id) of every item that names a step, for joining to the fixture."""
        out: list[tuple[str, str]] = []
        for name in ("ceilings", "refused", "guarded", "purges", "payloads", "benign"):
            for index, item in enumerate(getattr(self, name)):
                out.append((f"trust.{name}[{index}].step_id", item.step_id))
        return out


__all__ = [
    "TRUST_TIERS",
    "BenignItem",
    "CanonicalFile",
    "CeilingItem",
    "CliCommand",
    "CliStep",
    "ConnectorStep",
    "ContentOrigin",
    "FactRef",
    "GitCommitStep",
    "GuardedItem",
    "ItemRef",
    "Marker",
    "McpStep",
    "McpTool",
    "PageRef",
    "PayloadArm",
    "PayloadItem",
    "PurgeItem",
    "RawSqlStep",
    "RefusedItem",
    "StateItem",
    "SyncStep",
    "TierItem",
    "TrustGold",
    "TrustStep",
    "TrustTier",
    "check_steps",
    "tier_rank",
]
