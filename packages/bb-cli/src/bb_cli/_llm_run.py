"""``brainbench run --llm``: the model-stochastic write-back mode, budgeted and repeatable.

The reference engine extracts facts through an OpenAI-compatible chat endpoint (configured by
the ``BRAINBENCH_LLM_*`` variables, see :data:`ENVIRONMENT_HELP`) instead of the
deterministic ``gold`` / ``rules`` extractors. Two guards make its numbers publishable:

* ``--budget-usd`` caps the whole command's spending (every repeat shares one
  :class:`~bb_brain.writeback.LlmBudget`). Exhausting it aborts the run with exit 2 and no
  Result file and no scoreboard, so a score is never silently partial.
* ``--repeat N`` measures the suites the extractor affects (write-back, continuity) N times
  and reports, per cell and metric, the mean with a seeded percentile bootstrap interval in
  ``_meta.confidence_intervals``. The Result's cells are the first run's. Deterministic modes
  reject ``--repeat`` above 1: two runs give identical metrics, so an interval says nothing.

When ``BRAINBENCH_LLM_SEED`` is set, repeat ``i`` (from 0) sends seed + i, so repeats differ
yet a repeated run is reproducible on servers that honour the seed.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from bb_brain._llm_defaults import DEFAULT_TIMEOUT_S, DEFAULT_USD_PER_1K_TOKENS

from bb_cli._parser import UsageError

if TYPE_CHECKING:  # the run's and the write path's modules load when a run executes
    from bb_adapters import HarnessConfig
    from bb_adapters.runner import Progress
    from bb_brain.writeback import LlmConfig
    from bb_schema import Result, Suite

    from bb_cli._runbench import RunRequest
    from bb_cli._spill import ResultSpill

#: The suites whose numbers depend on the extractor: only these are repeated.
STOCHASTIC_SUITES: Final[tuple[Suite, ...]] = ("write-back", "continuity")

ENVIRONMENT_HELP: Final = f"""\
--llm reads its endpoint from the environment:
  BRAINBENCH_LLM_BASE_URL           API root that /chat/completions is appended to (required),
                                    e.g. http://127.0.0.1:8000/v1
  BRAINBENCH_LLM_MODEL              model name sent with every request (required)
  BRAINBENCH_LLM_API_KEY            sent as "Authorization: Bearer ..." (may be empty)
  BRAINBENCH_LLM_USD_PER_1K_TOKENS  price the budget charges per 1000 reported tokens
                                    (default {DEFAULT_USD_PER_1K_TOKENS}, pessimistic on purpose)
  BRAINBENCH_LLM_TIMEOUT_S          per-request timeout in seconds (default {DEFAULT_TIMEOUT_S:g})
  BRAINBENCH_LLM_SEED               request seed; repeat i sends seed + i (default: none)
--budget-usd USD caps the whole command (all repeats); exhausting it aborts with exit 2 and
writes no Result. --repeat N (--llm only) reports seeded bootstrap intervals of the
write-back and continuity metrics over N runs; gold and rules are deterministic and take
no --repeat."""

_USAGE: Final = "brainbench run --llm --budget-usd USD [--repeat N]"


class LlmRunAborted(Exception):
    """The run's llm budget ran out: the whole run stops, nothing is written or printed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class LlmPlan:
    """A validated ``--llm`` run: endpoint, run-wide budget and repeat count."""

    config: LlmConfig
    budget_usd: float
    repeat: int


def add_llm_flags(parser: argparse.ArgumentParser) -> None:
    """``--llm``, ``--budget-usd`` and ``--repeat``; the help lists the environment."""
    parser.epilog = ENVIRONMENT_HELP + ("\n\n" + parser.epilog if parser.epilog else "")
    parser.add_argument(
        "--llm",
        action="store_true",
        help="extract write-back facts with an OpenAI-compatible chat endpoint (see below)",
    )
    parser.add_argument(
        "--budget-usd",
        type=float,
        metavar="USD",
        help="--llm spending cap for the whole run; exhausting it aborts with exit 2",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="N",
        help="--llm only: run write-back/continuity N times and report bootstrap intervals "
        "(default: %(default)s)",
    )


def plan_llm(
    args: argparse.Namespace, suites: Sequence[Suite], harnesses: Sequence[HarnessConfig]
) -> LlmPlan | None:
    """Check the llm flags against each other; None for a deterministic run.

    Raises:
        UsageError: flags that do not fit together.
        LlmConfigError: ``--llm`` without its environment (exit 2, names the variable).
    """
    repeat: int = args.repeat
    budget: float | None = args.budget_usd
    if repeat < 1:
        raise UsageError(f"--repeat {repeat} must be at least 1", _USAGE)
    if not args.llm:
        if repeat > 1:
            raise UsageError(
                f"--repeat {repeat} needs --llm: the {args.extractor} extractor is "
                "deterministic, so every repeat gives identical metrics and a zero-width "
                "interval; drop --repeat",
                _USAGE,
            )
        if budget is not None:
            raise UsageError("--budget-usd caps --llm spending; add --llm or drop it", _USAGE)
        return None
    if args.extractor != "gold":
        raise UsageError(
            f"--llm selects the llm extractor; drop --extractor {args.extractor}", _USAGE
        )
    if budget is None:
        raise UsageError("--llm needs --budget-usd USD, the run's spending cap", _USAGE)
    if not budget >= 0:
        raise UsageError(f"--budget-usd {budget!r} must be zero or more", _USAGE)
    foreign = [h.name for h in harnesses if h.target is not None]
    if foreign:
        raise UsageError(
            f"--llm budgets the reference engine's extractor; {', '.join(foreign)} cannot "
            "be budgeted here: run foreign systems without --llm",
            _USAGE,
        )
    if not any(suite in STOCHASTIC_SUITES for suite in suites):
        raise UsageError(
            f"--llm changes only write-back and continuity, and --suite {','.join(suites)} "
            "has neither",
            _USAGE,
        )
    from bb_brain.writeback import LlmConfig  # the write path: only for an --llm run

    return LlmPlan(config=LlmConfig.from_env(), budget_usd=budget, repeat=repeat)


def execute_run(
    request: RunRequest,
    plan: LlmPlan | None,
    progress: Progress | None,
    narrate: Callable[[str], None],
    spill: ResultSpill,
) -> Result:
    """The run's Result: one deterministic run, or the budgeted (repeated) llm runs.

    The run streams (:func:`~bb_cli._runbench.execute_streamed`): the Result returned has
    its turn rows and evidence in ``spill``, which writes the Result file. Repeats past the
    first contribute only their cells, so their rows are dropped with a spill of their own.

    Raises:
        LlmRunAborted: the budget ran out in any repeat; no Result exists.
    """
    from bb_cli._runbench import execute_streamed

    if plan is None:
        return execute_streamed(request, progress, spill)
    from bb_brain.writeback import LlmBudget, llm_extractors  # the write path: --llm only

    from bb_cli._spill import ResultSpill

    budget = LlmBudget(plan.budget_usd, usd_per_1k_tokens=plan.config.usd_per_1k_tokens)
    repeated = tuple(suite for suite in request.suites if suite in STOCHASTIC_SUITES)
    results: list[Result] = []
    for index in range(plan.repeat):
        suites = request.suites if index == 0 else repeated
        run_request = dataclasses.replace(request, suites=suites, extractor="llm")
        if plan.repeat > 1:
            narrate(f"llm repeat {index + 1}/{plan.repeat}: {','.join(suites)}")
        config = plan.config
        if config.seed is not None:
            config = dataclasses.replace(config, seed=config.seed + index)
        try:
            with _quiet_budget_tracebacks(), ExitStack() as stack:
                into = spill if index == 0 else stack.enter_context(ResultSpill.temporary())
                extractors = llm_extractors(config, budget)
                results.append(execute_streamed(run_request, progress, into, extractors=extractors))
        except Exception as exc:
            if budget.exhausted is None:
                raise
            raise LlmRunAborted(
                f"run aborted in llm repeat {index + 1}/{plan.repeat}; no Result written and "
                f"no score reported: {budget.exhausted}"
            ) from exc
    narrate(
        f"llm: {budget.calls} calls, {budget.tokens} tokens, {budget.spent_usd:.4f} of "
        f"{budget.usd!r} USD"
    )
    return _merge(results, repeated)


def _merge(results: Sequence[Result], repeated: Sequence[Suite]) -> Result:
    """The first run's Result, with every run's seed failures and the repeats' intervals."""
    first = results[0]
    failures = {f.fixture_id: f for result in results for f in result.seed_failures}
    update: dict[str, object] = {"seed_failures": [failures[key] for key in sorted(failures)]}
    if len(results) > 1:
        runs = [[cell for cell in result.cells if cell.suite in repeated] for result in results]
        from bb_score import confidence_intervals  # only repeated --llm runs need it

        intervals = confidence_intervals(runs, seed=first.receipt.seed)
        update["meta"] = first.meta.model_copy(update={"confidence_intervals": intervals})
    return first.model_copy(update=update)


class _DropBudgetTracebacks(logging.Filter):
    """The server logs a failed call with its traceback; a spent budget is reported cleanly."""

    def filter(self, record: logging.LogRecord) -> bool:
        from bb_brain.writeback import BudgetExhausted  # loaded by the run this filter guards

        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, BudgetExhausted)


@contextmanager
def _quiet_budget_tracebacks() -> Iterator[None]:
    logger = logging.getLogger("bb_schema.rpc")
    guard = _DropBudgetTracebacks()
    logger.addFilter(guard)
    try:
        yield
    finally:
        logger.removeFilter(guard)
