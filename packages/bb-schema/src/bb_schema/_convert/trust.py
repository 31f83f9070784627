"""Trust steps and trust gold <-> ``brainbench.v1`` corpus messages (additive to v1)."""

from __future__ import annotations

import json
from typing import Any, Final, get_args

from brainbench.v1 import corpus_pb2 as pb
from pydantic import BaseModel

from bb_schema._convert._common import EnumMap, located, validated
from bb_schema.trust import (
    BenignItem,
    CeilingItem,
    CliStep,
    ConnectorStep,
    FactRef,
    GitCommitStep,
    GuardedItem,
    McpStep,
    PageRef,
    PayloadItem,
    PurgeItem,
    RefusedItem,
    StateItem,
    SyncStep,
    TierItem,
    TrustGold,
    TrustStep,
    TrustTier,
)

TIER: Final = EnumMap(pb.TrustTier, "TRUST_TIER_", get_args(TrustTier))


def _json_text(value: object) -> str:
    """Canonical JSON text: sorted keys, no spaces, UTF-8 as is."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _json_object(text: str, path: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as exc:
        raise located(path, f"is not JSON text ({exc})") from exc


def _ref_to_proto(ref: PageRef | FactRef) -> pb.ItemRef:
    if isinstance(ref, PageRef):
        return pb.ItemRef(page=pb.PageRef(slug=ref.slug))
    return pb.ItemRef(fact=_fact_ref_to_proto(ref))


def _fact_ref_to_proto(ref: FactRef) -> pb.FactRef:
    return pb.FactRef(match_keywords=ref.match_keywords, entity_slug=ref.entity_slug)


def _fact_ref_data(message: pb.FactRef) -> dict[str, object]:
    return {
        "kind": "fact",
        "match_keywords": list(message.match_keywords),
        "entity_slug": message.entity_slug if message.HasField("entity_slug") else None,
    }


def _ref_data(message: pb.ItemRef, path: str) -> dict[str, object]:
    which = message.WhichOneof("ref")
    if which == "page":
        return {"kind": "page", "slug": message.page.slug}
    if which == "fact":
        return _fact_ref_data(message.fact)
    raise located(path, "ItemRef sets neither page nor fact")


def step_to_proto(step: TrustStep) -> pb.TrustStep:
    """Encode one trust step."""
    out = pb.TrustStep(step_id=step.step_id)
    if isinstance(step, GitCommitStep):
        files = [pb.CanonicalFile(path=f.path, content=f.content) for f in step.files]
        out.git_commit.CopyFrom(pb.GitCommitStep(files=files, message=step.message, sync=step.sync))
    elif isinstance(step, SyncStep):
        out.sync.SetInParent()
    elif isinstance(step, McpStep):
        out.mcp.CopyFrom(
            pb.McpStep(
                tool=step.tool,
                arguments_json=_json_text(step.arguments),
                token=step.token,
                content_origin=step.content_origin,
            )
        )
    elif isinstance(step, CliStep):
        out.cli.CopyFrom(pb.CliStep(command=step.command, args=step.args, tty=step.tty))
    elif isinstance(step, ConnectorStep):
        out.connector.CopyFrom(
            pb.ConnectorStep(connector=step.connector, payload_json=_json_text(step.payload))
        )
    else:
        out.raw_sql.CopyFrom(
            pb.RawSqlStep(
                attempt=step.attempt, target=_ref_to_proto(step.target), tier=TIER.encode(step.tier)
            )
        )
    return out


def _step_data(message: pb.TrustStep, path: str) -> dict[str, object]:
    data: dict[str, object] = {"step_id": message.step_id}
    which = message.WhichOneof("op")
    if which == "git_commit":
        commit = message.git_commit
        data["op"] = "git_commit"
        data["files"] = [{"path": f.path, "content": f.content} for f in commit.files]
        if commit.HasField("message"):
            data["message"] = commit.message
        if commit.HasField("sync"):
            data["sync"] = commit.sync
    elif which == "sync":
        data["op"] = "sync"
    elif which == "mcp":
        mcp = message.mcp
        data.update(op="mcp", tool=mcp.tool)
        if mcp.HasField("arguments_json"):
            data["arguments"] = _json_object(mcp.arguments_json, f"{path}.mcp.arguments_json")
        if mcp.HasField("token"):
            data["token"] = mcp.token
        if mcp.HasField("content_origin"):
            data["content_origin"] = mcp.content_origin
    elif which == "cli":
        data.update(op="cli", command=message.cli.command, args=list(message.cli.args))
        data["tty"] = message.cli.tty
    elif which == "connector":
        data.update(op="connector", connector=message.connector.connector)
        data["payload"] = _json_object(
            message.connector.payload_json, f"{path}.connector.payload_json"
        )
    elif which == "raw_sql":
        sql = message.raw_sql
        data.update(op="raw_sql", attempt=sql.attempt)
        data["target"] = _ref_data(sql.target, f"{path}.raw_sql.target")
        data["tier"] = TIER.decode(sql.tier, f"{path}.raw_sql.tier")
    else:
        raise located(path, "TrustStep sets no op")
    return data


def steps_to_proto(steps: list[TrustStep] | None) -> pb.TrustSteps | None:
    """Encode a fixture's ``trust_steps`` (None stays unset)."""
    if steps is None:
        return None
    return pb.TrustSteps(steps=[step_to_proto(step) for step in steps])


def steps_data(message: pb.TrustSteps, path: str) -> list[dict[str, object]]:
    """Decoded plain data of a fixture's trust steps (validated with the fixture)."""
    return [_step_data(step, f"{path}.steps[{i}]") for i, step in enumerate(message.steps)]


def gold_to_proto(gold: TrustGold) -> pb.TrustGold:
    """Encode trust gold."""
    return pb.TrustGold(
        tier_items=[
            pb.TierItem(
                item_id=i.item_id,
                ref=_ref_to_proto(i.ref),
                tier=TIER.encode(i.tier),
                query=i.query,
                search_tier=None if i.search_tier is None else TIER.encode(i.search_tier),
            )
            for i in gold.tier_items
        ],
        ceilings=[
            pb.CeilingItem(
                item_id=i.item_id,
                step_id=i.step_id,
                marker=i.marker,
                max_tier=TIER.encode(i.max_tier),
            )  # fmt: skip
            for i in gold.ceilings
        ],
        refused=[
            pb.RefusedItem(item_id=i.item_id, step_id=i.step_id, marker=i.marker)
            for i in gold.refused
        ],
        state=[
            pb.StateItem(
                item_id=i.item_id, ref=_fact_ref_to_proto(i.ref), query=i.query, expect=i.expect
            )
            for i in gold.state
        ],
        guarded=[
            pb.GuardedItem(
                item_id=i.item_id, step_id=i.step_id, ref=_fact_ref_to_proto(i.ref), query=i.query
            )
            for i in gold.guarded
        ],
        purges=[
            pb.PurgeItem(item_id=i.item_id, step_id=i.step_id, claim=i.claim, query=i.query)
            for i in gold.purges
        ],
        payloads=[
            pb.PayloadItem(
                item_id=i.item_id,
                arm=i.arm,
                step_id=i.step_id,
                canary=i.canary,
                standing=i.standing,
            )  # fmt: skip
            for i in gold.payloads
        ],
        benign=[
            pb.BenignItem(item_id=i.item_id, arm=i.arm, step_id=i.step_id, canary=i.canary)
            for i in gold.benign
        ],
        session_about=gold.session_about,
    )


def _items(model: type[BaseModel], rows: list[dict[str, object]], path: str) -> list[BaseModel]:
    return [validated(model, row, f"{path}[{i}]") for i, row in enumerate(rows)]


def gold_from_proto(message: pb.TrustGold, path: str) -> TrustGold:
    """Decode trust gold."""
    tier_rows: list[dict[str, object]] = []
    for i, item in enumerate(message.tier_items):
        row: dict[str, object] = {
            "item_id": item.item_id,
            "ref": _ref_data(item.ref, f"{path}.tier_items[{i}].ref"),
            "tier": TIER.decode(item.tier, f"{path}.tier_items[{i}].tier"),
            "query": item.query,
        }
        if item.HasField("search_tier"):
            row["search_tier"] = TIER.decode(
                item.search_tier, f"{path}.tier_items[{i}].search_tier"
            )
        tier_rows.append(row)
    data: dict[str, object] = {
        "tier_items": _items(TierItem, tier_rows, f"{path}.tier_items"),
        "ceilings": _items(
            CeilingItem,
            [
                {
                    "item_id": c.item_id,
                    "step_id": c.step_id,
                    "marker": c.marker,
                    "max_tier": TIER.decode(c.max_tier, f"{path}.ceilings[{i}].max_tier"),
                }
                for i, c in enumerate(message.ceilings)
            ],
            f"{path}.ceilings",
        ),
        "refused": _items(
            RefusedItem,
            [
                {"item_id": r.item_id, "step_id": r.step_id, "marker": r.marker}
                for r in message.refused
            ],
            f"{path}.refused",
        ),
        "state": _items(
            StateItem,
            [
                {
                    "item_id": s.item_id,
                    "ref": _fact_ref_data(s.ref),
                    "query": s.query,
                    "expect": s.expect,
                }  # fmt: skip
                for s in message.state
            ],
            f"{path}.state",
        ),
        "guarded": _items(
            GuardedItem,
            [
                {
                    "item_id": g.item_id,
                    "step_id": g.step_id,
                    "ref": _fact_ref_data(g.ref),
                    "query": g.query,
                }  # fmt: skip
                for g in message.guarded
            ],
            f"{path}.guarded",
        ),
        "purges": _items(
            PurgeItem,
            [
                {"item_id": p.item_id, "step_id": p.step_id, "claim": p.claim, "query": p.query}
                for p in message.purges
            ],
            f"{path}.purges",
        ),
        "payloads": _items(
            PayloadItem,
            [
                {
                    "item_id": p.item_id,
                    "arm": p.arm,
                    "step_id": p.step_id,
                    "canary": p.canary,
                    "standing": p.standing,
                }  # fmt: skip
                for p in message.payloads
            ],
            f"{path}.payloads",
        ),
        "benign": _items(
            BenignItem,
            [
                {"item_id": b.item_id, "arm": b.arm, "step_id": b.step_id, "canary": b.canary}
                for b in message.benign
            ],
            f"{path}.benign",
        ),
        "session_about": list(message.session_about),
    }
    return validated(TrustGold, data, path)
