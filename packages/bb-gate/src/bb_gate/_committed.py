"""Does the committed baseline (and its sidecar) say exactly what this run produced?

A committed baseline that differs from the reference must be receipts-backed: byte for byte
the canonical projection of this run, the justification excepted (it is the one field a
person adds). When it is not, the rows below name every value that differs, so the reviewer
sees the lie instead of a bare "mismatch".
"""

from __future__ import annotations

from bb_schema import Baseline, BaselineItems

from bb_gate.baseline import baseline_to_data, dump_baseline
from bb_gate.items import BaselineSet, dump_items
from bb_gate.verdict import Scalar, VerdictRow

_MAX_MISMATCH_ROWS = 20


def matches_run(committed: Baseline, canonical: Baseline) -> bool:
    """Whether ``committed`` is byte-for-byte this run's canonical baseline.

    The justification is the one field a human adds, so it is carried over before comparing.
    """
    expected = canonical.model_copy(update={"justification": committed.justification})
    return dump_baseline(committed) == dump_baseline(expected)


def items_match(committed: BaselineItems | None, canonical: BaselineItems | None) -> bool:
    """Whether the committed sidecar is byte-for-byte this run's (both absent counts)."""
    if committed is None or canonical is None:
        return committed is None and canonical is None
    return dump_items(committed) == dump_items(canonical)


def set_matches_run(committed: BaselineSet, canonical: BaselineSet) -> bool:
    """Whether both committed files are this run's canonical ones."""
    return matches_run(committed.baseline, canonical.baseline) and items_match(
        committed.items, canonical.items
    )


def _leaves(baseline: Baseline) -> dict[tuple[str, str], Scalar]:
    """Every value of a baseline keyed by (table cell, field), justification excluded."""
    data = baseline_to_data(baseline)
    leaves: dict[tuple[str, str], Scalar] = {
        ("baseline", "schema_version"): data["schema_version"],
        ("baseline", "fixtures_hash"): data["fixtures_hash"],
    }
    for name, value in data["config"].items():
        leaves[("config", name)] = ", ".join(value) if isinstance(value, list) else value
    for table in ("cells", "counts"):
        for key, fields in data[table].items():
            for name, value in fields.items():
                leaves[(key, name)] = value
    return leaves


def _row(cell: str, metric: str, current: Scalar, detail: str) -> VerdictRow:
    return VerdictRow(
        cell=cell, metric=metric, main=None, current=current, detail=detail, kind="baseline"
    )


def mismatch_rows(committed: Baseline, canonical: Baseline) -> list[VerdictRow]:
    """Where the committed baseline differs from this run's canonical one (first 20)."""
    claimed, actual = _leaves(committed), _leaves(canonical)
    rows = [
        _row(
            cell,
            name,
            actual.get((cell, name)),
            f"committed baseline says {claimed.get((cell, name))!r}, this run "
            f"{actual.get((cell, name))!r}",
        )
        for cell, name in sorted(set(claimed) | set(actual))
        if claimed.get((cell, name)) != actual.get((cell, name))
    ]
    if not rows:  # same values, different bytes (e.g. unsorted config lists)
        rows.append(
            _row("baseline", "(bytes)", None, "committed baseline is not in canonical form")
        )
    return rows[:_MAX_MISMATCH_ROWS]


def _scorer_text(items: BaselineItems) -> str | None:
    return None if items.scorer is None else f"{items.scorer.version} {items.scorer.digest}"


def items_mismatch_rows(
    committed: BaselineItems | None, canonical: BaselineItems | None
) -> list[VerdictRow]:
    """Where the committed sidecar differs from this run's (first 20)."""
    if committed is None:
        return [_row("items", "(sidecar)", None, "the committed baseline has no item sidecar")]
    if canonical is None:
        detail = "a sidecar is committed but this Result records no scorer and no failed items"
        return [_row("items", "(sidecar)", None, detail)]
    rows = []
    if committed.fixtures_hash != canonical.fixtures_hash:
        rows.append(
            _row(
                "items",
                "fixtures_hash",
                canonical.fixtures_hash,
                f"committed sidecar says {committed.fixtures_hash!r}",
            )
        )
    if committed.scorer != canonical.scorer:
        rows.append(
            _row(
                "items",
                "scorer",
                _scorer_text(canonical),
                f"committed sidecar says {_scorer_text(committed)!r}",
            )
        )
    for key in sorted(set(committed.cells) | set(canonical.cells)):
        claimed, actual = committed.cells.get(key), canonical.cells.get(key)
        if claimed == actual:
            continue
        if claimed is None or actual is None:
            detail = f"committed sidecar lists {claimed!r}, this run {actual!r}"
        else:
            extra, missing = sorted(set(claimed) - set(actual)), sorted(set(actual) - set(claimed))
            detail = (
                f"committed sidecar lists {len(extra)} item(s) this run does not fail "
                f"{extra[:3]!r} and misses {len(missing)} it fails {missing[:3]!r}"
            )
            if not extra and not missing:
                detail = "committed item list is not in canonical form (sorted, unique)"
        rows.append(_row(key, "(items)", None, detail))
    if not rows:
        rows.append(_row("items", "(bytes)", None, "committed sidecar is not in canonical form"))
    return rows[:_MAX_MISMATCH_ROWS]


def set_mismatch_rows(committed: BaselineSet, canonical: BaselineSet) -> list[VerdictRow]:
    """The rows of whichever committed file does not match the run."""
    rows = []
    if not matches_run(committed.baseline, canonical.baseline):
        rows.extend(mismatch_rows(committed.baseline, canonical.baseline))
    if not items_match(committed.items, canonical.items):
        rows.extend(items_mismatch_rows(committed.items, canonical.items))
    return rows
