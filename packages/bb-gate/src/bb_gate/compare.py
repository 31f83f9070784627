"""Gate governance: this run vs main's baseline vs the committed baseline.

CI compares HEAD's fresh run against MAIN's copy of the baseline, never the PR's, so a PR
cannot approve itself. The committed (working-tree) baseline only matters when it differs
from main's: then it must be exactly what this run produces (receipts-backed), and any
regression it banks must carry a human-readable justification for the reviewer.

Outcomes, in order of precedence:

1. ``--allow-regression`` under CI, or a seed failure -> ``error`` (exit 2).
2. A zero-gated invariant breached -> ``regression`` (exit 1); neither a justification nor
   ``--allow-regression`` waives it.
3. Config mismatch vs main, or a committed baseline that does not match the run ->
   ``inconclusive`` (exit 2).
4. Unwaived regressions -> ``regression`` (exit 1), or ``pass`` with the reason recorded
   when ``--allow-regression`` is given locally.
5. Otherwise ``pass`` (exit 0).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bb_schema import Baseline, Result

from bb_gate._diff import config_rows, diff_rows, invariant_rows
from bb_gate.baseline import baseline_from_result, baseline_to_data, dump_baseline
from bb_gate.verdict import ExitCode, Mode, Scalar, Status, Verdict, VerdictRow

REUPDATE = (
    "re-run `brainbench run --update-baseline` (or `bb-gate canonical --out FILE`) and commit"
)


def matches_run(committed: Baseline, canonical: Baseline) -> bool:
    """Whether ``committed`` is byte-for-byte this run's canonical baseline.

    The justification is the one field a human adds, so it is carried over before comparing.
    """
    expected = canonical.model_copy(update={"justification": committed.justification})
    return dump_baseline(committed) == dump_baseline(expected)


def _has_text(justification: str | None) -> bool:
    return justification is not None and justification.strip() != ""


def _mode(canonical: Baseline, main: Baseline | None, committed: Baseline | None) -> Mode:
    if main is None:
        return "ungated" if committed is None else "first-landing"
    return "same-hash" if main.fixtures_hash == canonical.fixtures_hash else "corpus-bless"


@dataclass
class _Findings:
    rows: list[VerdictRow] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    error: bool = False
    inconclusive: bool = False
    justification: str | None = None


_MAX_MISMATCH_ROWS = 20


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


def mismatch_rows(committed: Baseline, canonical: Baseline) -> list[VerdictRow]:
    """Where the committed baseline differs from this run's canonical one (first 20)."""
    claimed, actual = _leaves(committed), _leaves(canonical)
    rows = [
        VerdictRow(
            cell=cell,
            metric=name,
            main=None,
            current=actual.get((cell, name)),
            detail=f"committed baseline says {claimed.get((cell, name))!r}, this run "
            f"{actual.get((cell, name))!r}",
            kind="baseline",
        )
        for cell, name in sorted(set(claimed) | set(actual))
        if claimed.get((cell, name)) != actual.get((cell, name))
    ]
    if not rows:  # same values, different bytes (e.g. unsorted config lists)
        rows.append(
            VerdictRow(
                cell="baseline",
                metric="(bytes)",
                main=None,
                current=None,
                detail="committed baseline is not in canonical form",
                kind="baseline",
            )
        )
    return rows[:_MAX_MISMATCH_ROWS]


def _check_committed(found: _Findings, committed: Baseline, canonical: Baseline) -> bool:
    """Record an inconclusive finding unless ``committed`` matches the run; return the match."""
    if matches_run(committed, canonical):
        return True
    found.inconclusive = True
    found.rows.extend(mismatch_rows(committed, canonical))
    found.messages.append(f"the committed baseline does not match this run: {REUPDATE}")
    return False


def _waive(rows: list[VerdictRow], kinds: set[str]) -> list[VerdictRow]:
    return [row.model_copy(update={"waived": True}) if row.kind in kinds else row for row in rows]


def _same_hash(
    found: _Findings, canonical: Baseline, main: Baseline, committed: Baseline | None
) -> None:
    rows = [r for r in diff_rows(main, canonical, same_hash=True) if r.kind != "improvement"]
    updated = committed is not None and dump_baseline(committed) != dump_baseline(main)
    if committed is not None and updated and _check_committed(found, committed, canonical):
        found.messages.append("committed baseline updated under an unchanged corpus: it matches")
        if any(row.kind == "regression" for row in rows):
            if _has_text(committed.justification):
                rows = _waive(rows, {"regression"})
                found.justification = committed.justification
            else:
                found.messages.append(
                    "the committed update banks a regression vs main: add a non-empty "
                    "'justification' to it (bb-gate canonical --justification TEXT)"
                )
        elif committed.justification is not None:
            found.justification = committed.justification
    if any(row.kind == "coverage" for row in rows):
        found.messages.append(
            "gold coverage may not move under an unchanged corpus (same fixtures_hash); no "
            "justification can bank it"
        )
    found.rows.extend(rows)


def _corpus_bless(
    found: _Findings, canonical: Baseline, main: Baseline, committed: Baseline | None
) -> None:
    rows = [r for r in diff_rows(main, canonical, same_hash=False) if r.kind != "improvement"]
    found.messages.append(
        f"fixtures changed ({main.fixtures_hash!r} -> {canonical.fixtures_hash!r}): corpus-bless"
    )
    if committed is None:
        found.inconclusive = True
        found.messages.append(f"a changed corpus needs a committed baseline: {REUPDATE}")
    elif _check_committed(found, committed, canonical):
        if _has_text(committed.justification):
            found.justification = committed.justification
            rows = _waive(rows, {"regression", "coverage"})
        elif rows:
            found.messages.append(
                "adverse moves or shrunken gold coverage vs main need a non-empty "
                "'justification' in the committed baseline"
            )
    found.rows.extend(rows)


def _decide(
    found: _Findings, allow_regression: str | None
) -> tuple[ExitCode, Status, list[VerdictRow], str | None]:
    rows = found.rows
    if found.error:
        return 2, "error", rows, None
    if any(row.kind == "invariant" for row in rows):
        if allow_regression is not None:
            found.messages.append("zero-gated invariants cannot be waived by --allow-regression")
        return 1, "regression", rows, None
    if found.inconclusive:
        return 2, "inconclusive", rows, None
    blocking = [r for r in rows if r.kind in ("regression", "coverage") and not r.waived]
    if not blocking:
        return 0, "pass", rows, None
    if allow_regression is None:
        return 1, "regression", rows, None
    found.messages.append(f"regression allowed locally: {allow_regression}")
    return 0, "pass", _waive(rows, {"regression", "coverage"}), allow_regression


def compare(
    current: Result,
    main: Baseline | None,
    committed: Baseline | None,
    *,
    allow_regression: str | None = None,
    ci: bool,
) -> Verdict:
    """Gate this run against main's baseline and the committed (working-tree) baseline.

    Args:
        current: this run's Result.
        main: the baseline on main (``git show <ref>:<path>``), or None when main has none.
        committed: the working-tree baseline of the change under test, or None.
        allow_regression: the local escape hatch's reason; turns exit 1 into 0 (except for
            zero-gated invariants) and is recorded in the verdict.
        ci: whether this runs in CI, where the escape hatch is refused.

    Raises:
        GateUserError: the Result holds a duplicate cell or a non-finite metric.
    """
    canonical = baseline_from_result(current)
    mode = _mode(canonical, main, committed)
    found = _Findings()

    if allow_regression is not None and ci:
        found.error = True
        found.messages.append(
            "--allow-regression is a local one-off escape hatch and is refused in CI (the CI "
            "environment variable is set); fix the regression or justify it in the committed "
            "baseline"
        )
    elif allow_regression is not None and not allow_regression.strip():
        found.error = True
        found.messages.append("--allow-regression needs a non-empty reason")
    if current.seed_failures:
        found.error = True
        found.messages.append(
            f"{len(current.seed_failures)} fixture(s) failed to seed: the run is invalid"
        )
        found.rows.extend(
            VerdictRow(
                cell="seed",
                metric=failure.fixture_id,
                main=None,
                current=None,
                detail=failure.error,
                kind="seed-failure",
            )
            for failure in current.seed_failures
        )
    found.rows.extend(invariant_rows(canonical))

    if mode == "ungated":
        found.messages.append("no baseline on main and none committed: ungated run")
    elif mode == "first-landing":
        assert committed is not None
        found.messages.append("no baseline on main: first landing of the committed baseline")
        if _check_committed(found, committed, canonical) and committed.justification is not None:
            found.justification = committed.justification
    else:
        assert main is not None
        mismatch = config_rows(main.config, canonical.config)
        if mismatch:
            found.inconclusive = True
            found.rows.extend(mismatch)
            found.messages.append(
                "run configuration differs from main's baseline: comparison inconclusive; "
                "run with main's configuration"
            )
        elif mode == "same-hash":
            _same_hash(found, canonical, main, committed)
        else:
            _corpus_bless(found, canonical, main, committed)

    exit_code, status, rows, allowed = _decide(found, allow_regression)
    return Verdict(
        exit_code=exit_code,
        status=status,
        mode=mode,
        fixtures_hash=canonical.fixtures_hash,
        main_fixtures_hash=main.fixtures_hash if main is not None else None,
        rows=rows,
        messages=found.messages,
        justification=found.justification,
        allowed_regression=allowed,
    )
