"""The gate's verdict: its own JSON document, never a key added to the Result.

The Result must stay valid against the published v1 result schema, which forbids unknown
top-level keys, so the verdict travels separately (``--verdict-out FILE`` or ``--json``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from bb_gate._jsonio import canonical_json_bytes

Status = Literal["pass", "regression", "inconclusive", "error"]
Mode = Literal["same-hash", "corpus-bless", "first-landing", "ungated"]
ExitCode = Literal[0, 1, 2]

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


def render_verdict_markdown(verdict: Verdict) -> str:
    """Render the verdict for a PR comment or a terminal: a headline, messages, a table."""
    lines = [
        f"## BrainBench gate: {verdict.status} (exit {verdict.exit_code}, mode {verdict.mode})",
        "",
    ]
    lines.extend(f"- {_cell_text(message)}" for message in verdict.messages)
    if verdict.justification is not None:
        lines.append(f"- justification: {_cell_text(verdict.justification)}")
    if verdict.allowed_regression is not None:
        lines.append(f"- allowed regression (local): {_cell_text(verdict.allowed_regression)}")
    if verdict.messages or verdict.justification or verdict.allowed_regression:
        lines.append("")
    if verdict.rows:
        lines.append("| cell | metric | main | current | detail |")
        lines.append("| --- | --- | --- | --- | --- |")
        for row in verdict.rows:
            detail = row.detail + (" (waived)" if row.waived else "")
            lines.append(
                f"| {_cell_text(row.cell)} | {_cell_text(row.metric)} | {_fmt(row.main)} | "
                f"{_fmt(row.current)} | {_cell_text(detail)} |"
            )
    else:
        lines.append("No rows: nothing moved against the gate.")
    return "\n".join(lines) + "\n"
