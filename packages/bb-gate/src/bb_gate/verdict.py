"""The gate's verdict: its own JSON document, never a key added to the Result.

The Result must stay valid against the published v1 result schema, which forbids unknown
top-level keys, so the verdict travels separately (``--verdict-out FILE`` or ``--json``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from bb_gate._jsonio import canonical_json_bytes

Status = Literal["pass", "regression", "inconclusive", "error"]
#: ``same-hash``: same corpus and scorer as the reference. ``corpus-bless`` / ``scorer-bless``:
#: the fixtures or the scoring code changed, so the committed baseline must match the run and
#: adverse moves need its justification. ``first-landing``: no reference baseline, a committed
#: one. ``ungated``: neither.
Mode = Literal["same-hash", "corpus-bless", "scorer-bless", "first-landing", "ungated"]
ExitCode = Literal[0, 1, 2]
#: How the reference baseline was chosen: ``ref`` a separate git ref (main), ``history`` the
#: previous version of the committed baseline in HEAD's history (the ref was HEAD itself),
#: ``head`` HEAD's own committed baseline (local runs without history only), ``file`` a file
#: named on the command line.
ReferenceHow = Literal["ref", "history", "head", "file"]

#: What a row reports. ``invariant``: a zero-gated metric breached (never waivable by a
#: baseline). ``regression``: an adverse move vs main. ``coverage``: gold coverage changed or
#: shrank. ``config``: run configuration differs. ``baseline``: the committed baseline does
#: not match the run. ``seed-failure``: a fixture failed to seed. ``improvement``: better
#: than main (ratchet).
RowKind = Literal[
    "invariant", "regression", "coverage", "config", "baseline", "seed-failure", "improvement"
]

Scalar = bool | int | float | str | None

VERDICT_SCHEMA_VERSION: Literal[1] = 1


class VerdictRow(BaseModel):
    """One line of the verdict table: which cell and metric, main's and this run's value."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cell: str
    metric: str
    main: Scalar
    current: Scalar
    detail: str
    kind: RowKind
    #: True when a justification or ``--allow-regression`` accepted this row.
    waived: bool = False
    #: The item id (``<fixture_id>#<item>``) of an item row (``metric`` is ``(item)``).
    item: str | None = None


class Reference(BaseModel):
    """Which baseline a run was gated against, and why (``bb-gate ci --explain``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    how: ReferenceHow
    #: The git ref that was resolved (named, from the environment, or found), if any.
    ref: str | None = None
    ref_commit: str | None = None
    head: str | None = None
    #: The commit whose baseline files were read; None when there was none to read.
    baseline_commit: str | None = None
    reason: str


class Verdict(BaseModel):
    """The outcome of one gate comparison (exit 0 pass, 1 regression, 2 otherwise)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    verdict_schema_version: Literal[1] = VERDICT_SCHEMA_VERSION
    exit_code: ExitCode
    status: Status
    mode: Mode
    fixtures_hash: str
    main_fixtures_hash: str | None
    rows: list[VerdictRow]
    messages: list[str]
    #: This run's scorer digest and the reference's (None: not recorded).
    scorer: str | None = None
    main_scorer: str | None = None
    #: Where the reference baseline came from (set by ``bb-gate ci``).
    reference: Reference | None = None
    #: The committed baseline's justification when it was what let the change through.
    justification: str | None = None
    #: The ``--allow-regression`` reason when the local escape hatch turned exit 1 into 0.
    allowed_regression: str | None = None


def verdict_to_data(verdict: Verdict) -> dict[str, Any]:
    """The JSON-ready mapping of ``verdict`` (every field present, None as null)."""
    return verdict.model_dump(mode="json")


def dump_verdict(verdict: Verdict) -> bytes:
    """Serialize ``verdict`` diff-stably (sorted keys, 2-space indent, trailing newline)."""
    return canonical_json_bytes(verdict_to_data(verdict))


def _fmt(value: Scalar) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.4f}"
    return str(value)


def _cell_text(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(rows: list[VerdictRow]) -> list[str]:
    lines = ["| cell | metric | main | current | detail |", "| --- | --- | --- | --- | --- |"]
    for row in rows:
        detail = row.detail + (" (waived)" if row.waived else "")
        what = f"item `{row.item}`" if row.item is not None else row.metric
        lines.append(
            f"| {_cell_text(row.cell)} | {_cell_text(what)} | {_fmt(row.main)} | "
            f"{_fmt(row.current)} | {_cell_text(detail)} |"
        )
    return lines


def render_verdict_markdown(verdict: Verdict) -> str:
    """Render the verdict for a PR comment or a terminal: headline, messages, tables.

    Improvements come last, in their own table, so what blocks is read first.
    """
    lines = [
        f"## BrainBench gate: {verdict.status} (exit {verdict.exit_code}, mode {verdict.mode})",
        "",
    ]
    if verdict.reference is not None:
        lines.append(f"- reference: {_cell_text(verdict.reference.reason)}")
    lines.extend(f"- {_cell_text(message)}" for message in verdict.messages)
    if verdict.justification is not None:
        lines.append(f"- justification: {_cell_text(verdict.justification)}")
    if verdict.allowed_regression is not None:
        lines.append(f"- allowed regression (local): {_cell_text(verdict.allowed_regression)}")
    if len(lines) > 2:
        lines.append("")
    moved = [row for row in verdict.rows if row.kind != "improvement"]
    better = [row for row in verdict.rows if row.kind == "improvement"]
    if moved:
        lines.extend(_table(moved))
    elif not better:
        lines.append("No rows: nothing moved against the gate.")
    if better:
        if moved:
            lines.append("")
        lines.extend([f"### Improvements ({len(better)})", "", *_table(better)])
    return "\n".join(lines) + "\n"
