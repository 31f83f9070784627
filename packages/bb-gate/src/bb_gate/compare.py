"""Gate governance: this run vs the reference baseline vs the committed baseline.

The reference is a baseline the change did not write: main's (or, when main is the change
itself, the previous version in history; see :mod:`bb_gate.reference`). The committed
(working-tree) baseline only matters when it differs from the reference: then it must be
exactly what this run produces (receipts-backed), and any regression it banks must carry a
human-readable justification for the reviewer. A baseline is the pair ``main.json`` + its
item sidecar (:mod:`bb_gate.items`); both files follow these rules.

Modes: ``same-hash`` (same corpus, same scorer): any item that passed in the reference and
fails now is a regression, listed by id whatever the counts, and so is any adverse move of a
gated metric. ``corpus-bless`` (fixtures changed) and ``scorer-bless`` (the scorer digest
differs from the one the reference was produced by): the committed baseline must match the
run, and adverse moves, newly failing items and shrunken coverage need its justification. A
reference without a sidecar (an older baseline) is compared by counts, with a notice.

Outcomes, in order of precedence:

1. ``--allow-regression`` under CI, or a seed failure -> ``error`` (exit 2).
2. A zero-gated invariant breached -> ``regression`` (exit 1); neither a justification nor
   ``--allow-regression`` waives it.
3. Config mismatch vs the reference, or a committed baseline that does not match the run ->
   ``inconclusive`` (exit 2).
4. Unwaived regressions -> ``regression`` (exit 1), or ``pass`` with the reason recorded
   when ``--allow-regression`` is given locally.
5. Otherwise ``pass`` (exit 0); improvements are listed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from bb_schema import ALL_SUITES, Baseline, BaselineConfig, BaselineItems, Result, ScorerDigest

from bb_gate._committed import matches_run, set_matches_run, set_mismatch_rows
from bb_gate._diff import config_rows, diff_rows, invariant_rows, item_rows
from bb_gate.items import BaselineSet, as_set, baseline_set_from_result
from bb_gate.verdict import ExitCode, Mode, Status, Verdict, VerdictRow

__all__ = ["compare", "matches_run", "reupdate"]

#: The rows a run covers unless told otherwise (``brainbench run``'s ``--harness`` default).
_DEFAULT_ROWS: Final = ("claude-code", "codex", "openclaw")


#: What a regressing change can do next (the verdict lists the rows; these are the tools).
NEXT_STEPS: Final = (
    "to see each failing item with its evidence: `brainbench report RESULT --failed` (or "
    "`--html FILE`); to bank the change on purpose: `brainbench run --suite all "
    "--update-baseline --justification TEXT` and commit both baseline files"
)


def reupdate(config: BaselineConfig) -> str:
    """How to re-bless a baseline of ``config``: the run command with its flags, and commit."""
    suites = "all" if set(config.suites) == set(ALL_SUITES) else ",".join(config.suites)
    flags = f"--suite {suites}"
    if tuple(sorted(config.harnesses)) != _DEFAULT_ROWS:
        flags += f" --harness {','.join(config.harnesses)}"
    if config.include_holdout:
        flags += " --include-holdout"
    return (
        f"re-run `brainbench run {flags} --update-baseline` (add `--justification TEXT` when it "
        "banks a regression) and commit"
    )


def _has_text(justification: str | None) -> bool:
    return justification is not None and justification.strip() != ""


def _scorer(items: BaselineItems | None) -> ScorerDigest | None:
    return None if items is None else items.scorer


def _digest(scorer: ScorerDigest | None) -> str | None:
    return None if scorer is None else scorer.digest


def _mode(canonical: BaselineSet, main: BaselineSet | None, committed: BaselineSet | None) -> Mode:
    if main is None:
        return "ungated" if committed is None else "first-landing"
    if main.baseline.fixtures_hash != canonical.baseline.fixtures_hash:
        return "corpus-bless"
    reference = _scorer(main.items)
    if reference is not None and _scorer(canonical.items) != reference:
        return "scorer-bless"
    return "same-hash"


@dataclass
class _Findings:
    rows: list[VerdictRow] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    error: bool = False
    inconclusive: bool = False
    justification: str | None = None


def _check_committed(found: _Findings, committed: BaselineSet, canonical: BaselineSet) -> bool:
    """Record an inconclusive finding unless ``committed`` matches the run; return the match."""
    if set_matches_run(committed, canonical):
        return True
    found.inconclusive = True
    found.rows.extend(set_mismatch_rows(committed, canonical))
    found.messages.append(
        f"the committed baseline does not match this run: {reupdate(canonical.baseline.config)}"
    )
    return False


def _waive(rows: list[VerdictRow], kinds: set[str]) -> list[VerdictRow]:
    return [row.model_copy(update={"waived": True}) if row.kind in kinds else row for row in rows]


def _moves(
    found: _Findings, canonical: BaselineSet, main: BaselineSet, *, same_hash: bool
) -> list[VerdictRow]:
    """Metric, count and item rows vs the reference (adverse and improvements)."""
    rows = diff_rows(main.baseline, canonical.baseline, same_hash=same_hash)
    if main.items is None:
        found.messages.append(
            "the reference baseline has no item sidecar (an older baseline): compared by "
            "counts and metrics only, not item by item, and its scorer is unknown"
        )
    elif canonical.items is None:
        found.messages.append(
            "this Result lists no failed items and no scorer: compared by counts and metrics "
            "only, not item by item"
        )
    else:
        items, uncomparable = item_rows(main.items, canonical.items, corpus_changed=not same_hash)
        rows.extend(items)
        if uncomparable:
            found.messages.append(
                f"cells compared by counts only (failures counted but not listed): "
                f"{', '.join(uncomparable)}"
            )
    return rows


def _same_hash(
    found: _Findings, canonical: BaselineSet, main: BaselineSet, committed: BaselineSet | None
) -> None:
    rows = _moves(found, canonical, main, same_hash=True)
    updated = committed is not None and committed.files() != main.files()
    if committed is not None and updated and _check_committed(found, committed, canonical):
        found.messages.append("committed baseline updated under an unchanged corpus: it matches")
        justification = committed.baseline.justification
        if any(row.kind == "regression" for row in rows):
            if _has_text(justification):
                rows = _waive(rows, {"regression"})
                found.justification = justification
            else:
                found.messages.append(
                    "the committed update banks a regression vs the reference: add a non-empty "
                    "'justification' to it (brainbench run ... --update-baseline --justification "
                    "TEXT, or bb-gate canonical --justification TEXT)"
                )
        elif justification is not None:
            found.justification = justification
    if any(row.kind == "coverage" for row in rows):
        found.messages.append(
            "gold coverage may not move under an unchanged corpus (same fixtures_hash); no "
            "justification can bank it"
        )
    found.rows.extend(rows)


def _bless(
    found: _Findings,
    mode: Mode,
    canonical: BaselineSet,
    main: BaselineSet,
    committed: BaselineSet | None,
) -> None:
    """Corpus- or scorer-bless: the committed baseline must be the run; adverse moves justified."""
    if mode == "corpus-bless":
        found.messages.append(
            f"fixtures changed ({main.baseline.fixtures_hash!r} -> "
            f"{canonical.baseline.fixtures_hash!r}): corpus-bless"
        )
    else:
        found.messages.append(
            f"the scorer changed ({_digest(_scorer(main.items))!r} -> "
            f"{_digest(_scorer(canonical.items))!r}): scorer-bless, as for a changed corpus"
        )
    rows = _moves(found, canonical, main, same_hash=False)
    adverse = [row for row in rows if row.kind in ("regression", "coverage")]
    if committed is None:
        found.inconclusive = True
        found.messages.append(
            "a changed corpus or scorer needs a committed baseline: "
            + reupdate(canonical.baseline.config)
        )
    elif _check_committed(found, committed, canonical):
        justification = committed.baseline.justification
        if _has_text(justification):
            found.justification = justification
            rows = _waive(rows, {"regression", "coverage"})
        elif adverse:
            found.messages.append(
                "adverse moves, newly failing items or shrunken gold coverage vs the reference "
                "need a non-empty 'justification' in the committed baseline"
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
        found.messages.append(NEXT_STEPS)
        return 1, "regression", rows, None
    # the verdict carries the reason in ``allowed_regression`` (rendered once, as such)
    return 0, "pass", _waive(rows, {"regression", "coverage"}), allow_regression


def _preflight(found: _Findings, current: Result, allow_regression: str | None, ci: bool) -> None:
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


def compare(
    current: Result,
    main: Baseline | BaselineSet | None,
    committed: Baseline | BaselineSet | None,
    *,
    allow_regression: str | None = None,
    ci: bool,
) -> Verdict:
    """Gate this run against the reference baseline and the committed (working-tree) one.

    Args:
        current: this run's Result.
        main: the reference baseline (main's, or the previous version in history), with its
            sidecar when it has one; None when there is none. A bare Baseline has no sidecar.
        committed: the working-tree baseline (and sidecar) of the change under test, or None.
        allow_regression: the local escape hatch's reason; turns exit 1 into 0 (except for
            zero-gated invariants) and is recorded in the verdict.
        ci: whether this runs in CI, where the escape hatch is refused.

    Raises:
        GateUserError: the Result holds a duplicate cell or a non-finite metric.
    """
    reference, mine = as_set(main), as_set(committed)
    canonical = baseline_set_from_result(current)
    mode = _mode(canonical, reference, mine)
    found = _Findings()
    _preflight(found, current, allow_regression, ci)
    found.rows.extend(invariant_rows(canonical.baseline))

    if mode == "ungated":
        found.messages.append("no reference baseline and none committed: ungated run")
    elif mode == "first-landing":
        assert mine is not None
        found.messages.append("no reference baseline: first landing of the committed baseline")
        if _check_committed(found, mine, canonical) and mine.baseline.justification is not None:
            found.justification = mine.baseline.justification
    else:
        assert reference is not None
        mismatch = config_rows(reference.baseline.config, canonical.baseline.config)
        if mismatch:
            found.inconclusive = True
            found.rows.extend(mismatch)
            found.messages.append(
                "run configuration differs from the reference baseline: comparison "
                "inconclusive; run with the reference's configuration"
            )
        elif mode == "same-hash":
            if reference.items is not None and reference.items.scorer is None:
                found.messages.append("the reference records no scorer digest: scorer unbound")
            _same_hash(found, canonical, reference, mine)
        else:
            _bless(found, mode, canonical, reference, mine)

    exit_code, status, rows, allowed = _decide(found, allow_regression)
    return Verdict(
        exit_code=exit_code,
        status=status,
        mode=mode,
        fixtures_hash=canonical.baseline.fixtures_hash,
        main_fixtures_hash=reference.baseline.fixtures_hash if reference is not None else None,
        rows=rows,
        messages=found.messages,
        justification=found.justification,
        allowed_regression=allowed,
        scorer=_digest(current.meta.scorer),
        main_scorer=None if reference is None else _digest(_scorer(reference.items)),
    )
