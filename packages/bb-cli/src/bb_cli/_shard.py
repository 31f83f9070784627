"""Deterministic run slices (``brainbench run --shard i/N``) and their exact reassembly.

A plan is a sequence of independent items (a fixture, or a continuity pair that shares one
brain); shard ``i`` of ``N`` runs the items at positions ``k`` with ``k % N == i``, so every
shard sees the same mix of fixture kinds and the slice depends only on the corpus.

A shard writes a :class:`ShardResult`: the Result of its slice (a valid v1 Result, scored on
its own fixtures) plus what scoring needs beyond a Result, the raw records of every memory
system (write-back records, probe records, budget cuts, seed failures) and the exact harness
rows. :func:`merge_shards` checks that the shards are one run cut into pieces (same corpus,
code, harness rows, suites, command line; every index once; every plan item exactly once),
re-joins the records in plan order and scores them through the same assembly as an unsharded
run, so the merged Result equals the unsharded one (apart from the receipt time and the
measured latencies).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from bb_adapters import HarnessConfig, Pair, Plan, Unit
from bb_adapters.runner import PlanItem, Progress, SystemRun, item_id, plan_items
from bb_corpus import LoadedCorpus
from bb_schema import ReaderRecord, Result, SeedFailure, WriteBackRecord, write_json_atomic
from bb_schema.turn_context import SeamSettings
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bb_cli._invariants import invariant_exit
from bb_cli._output import Output
from bb_cli._parser import UsageError
from bb_cli._plan import build_plan
from bb_cli._seedfail import seed_failure_exit

if TYPE_CHECKING:
    from bb_cli._runbench import Executed, RunRequest

SHARD_FORMAT = 1
_SPEC = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")
USAGE = "brainbench run --shard INDEX/COUNT   (e.g. --shard 0/4 ... --shard 3/4)"


class ShardError(Exception):
    """Shard documents that cannot be merged into one run; the message names the file."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class ShardSpec:
    """Shard ``index`` of ``count`` (0-based)."""

    index: int
    count: int

    @classmethod
    def parse(cls, text: str) -> ShardSpec:
        """Parse ``i/N``.

        Raises:
            UsageError: Not ``i/N`` with ``0 <= i < N``.
        """
        match = _SPEC.match(text)
        if match is None:
            raise UsageError(f"--shard {text!r} is not INDEX/COUNT", USAGE)
        index, count = int(match[1]), int(match[2])
        if count < 1 or not 0 <= index < count:
            raise UsageError(
                f"--shard {text!r}: the index must be 0..COUNT-1 and COUNT at least 1", USAGE
            )
        return cls(index, count)

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

    def takes(self, position: int) -> bool:
        """Whether the plan item at ``position`` belongs to this shard."""
        return position % self.count == self.index


def shard_plan(plan: Plan, spec: ShardSpec) -> Plan:
    """The slice of ``plan`` this shard runs, in plan order."""
    chosen = [item for k, item in enumerate(plan_items(plan)) if spec.takes(k)]
    return Plan(
        singles=tuple(item for item in chosen if isinstance(item, Unit)),
        pairs=tuple(item for item in chosen if isinstance(item, Pair)),
        suites=plan.suites,
    )


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ShardInfo(_Model):
    """Which slice this is, and the run configuration every shard must share."""

    index: Annotated[int, Field(ge=0)]
    count: Annotated[int, Field(ge=1)]
    #: Plan item ids (fixture ids, continuity pair ids) this shard ran, in plan order.
    units: list[str]
    #: Every harness row exactly as configured (seam, settings, disclosures, target).
    harnesses: list[dict[str, Any]]
    extractor: str


class SystemRecords(_Model):
    """One memory system's raw records, which a Result does not carry."""

    harnesses: list[str]
    writeback: list[WriteBackRecord]
    readers: list[ReaderRecord]
    seed_failures: list[SeedFailure]
    budget_cuts: dict[str, int]


class ShardResult(_Model):
    """What ``brainbench run --shard`` writes: its slice's Result plus the merge inputs."""

    shard_format: Literal[1]
    shard: ShardInfo
    result: Result
    systems: list[SystemRecords]


def harness_to_json(config: HarnessConfig) -> dict[str, Any]:
    """A harness row as plain JSON (every dataclass field; settings as their model dump)."""
    data: dict[str, Any] = {}
    for item in dataclasses.fields(config):
        value = getattr(config, item.name)
        if isinstance(value, BaseModel):
            value = value.model_dump(mode="json")
        elif isinstance(value, tuple):
            value = list(value)
        data[item.name] = value
    return data


def harness_from_json(data: dict[str, Any], where: str) -> HarnessConfig:
    """The inverse of :func:`harness_to_json`.

    Raises:
        ShardError: The row does not describe a HarnessConfig of this code.
    """
    try:
        values = dict(data)
        values["settings"] = SeamSettings.model_validate(values["settings"])
        values["disclosures"] = tuple(values.get("disclosures", ()))
        return HarnessConfig(**values)
    except (KeyError, TypeError, ValidationError) as exc:
        raise ShardError(
            f"{where}: harness row {data.get('name')!r} does not match this brainbench's "
            f"harness configuration ({exc}); merge with the code the shards ran"
        ) from exc


def build_shard_result(
    spec: ShardSpec,
    sliced: Plan,
    harnesses: Sequence[HarnessConfig],
    extractor: str,
    runs: Sequence[tuple[Sequence[HarnessConfig], SystemRun]],
    result: Result,
) -> ShardResult:
    """The document a shard writes."""
    return ShardResult(
        shard_format=SHARD_FORMAT,
        shard=ShardInfo(
            index=spec.index,
            count=spec.count,
            units=[item_id(item) for item in plan_items(sliced)],
            harnesses=[harness_to_json(h) for h in harnesses],
            extractor=extractor,
        ),
        result=result,
        systems=[
            SystemRecords(
                harnesses=[h.name for h in group],
                writeback=run.writeback,
                readers=run.readers,
                seed_failures=run.seed_failures,
                budget_cuts=run.budget_cuts,
            )
            for group, run in runs
        ],
    )


def read_shard_result(path: Path) -> ShardResult:
    """Load one shard document.

    Raises:
        ShardError: Unreadable, not JSON, or not a shard document (e.g. a plain Result).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ShardError(f"{path}: cannot read it ({exc.strerror or exc})") from exc
    try:
        return ShardResult.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "$"
        raise ShardError(
            f"{path}: not a shard document ({where}: {first['msg']}); pass the files written "
            "by `brainbench run --shard i/N --out FILE`"
        ) from exc


@dataclass(frozen=True)
class MergePlan:
    """Everything the unsharded assembly needs, recovered from the shards."""

    harnesses: tuple[HarnessConfig, ...]
    runs: list[tuple[list[HarnessConfig], SystemRun]]
    extractor: str
    cmd_args: tuple[str, ...]
    harness_sha: str
    include_holdout: bool
    suites: list[str]


def _same(first: Path, other: Path, label: str, value: Any, got: Any) -> None:
    if value != got:
        raise ShardError(
            f"{label} differs between shards ({first}: {value!r}; {other}: {got!r}); merge "
            "the shards of one run"
        )


def check_shards(documents: Sequence[tuple[Path, ShardResult]]) -> None:
    """Every shard of one run, each once, all with the same configuration.

    Raises:
        ShardError: Missing or repeated indices, or shards of different runs.
    """
    if not documents:
        raise ShardError("no shard documents given")
    first_path, first = documents[0]
    count = first.shard.count
    for path, doc in documents[1:]:
        _same(first_path, path, "shard count", count, doc.shard.count)
    indices = sorted(doc.shard.index for _, doc in documents)
    if indices != list(range(count)):
        missing = sorted(set(range(count)) - set(indices))
        repeated = sorted({i for i in indices if indices.count(i) > 1})
        raise ShardError(
            f"the shards of a {count}-way run must each be given once: missing {missing}, "
            f"repeated {repeated}"
        )
    base = first.result.receipt
    for path, doc in documents[1:]:
        receipt = doc.result.receipt
        checks = (
            ("harness rows", first.shard.harnesses, doc.shard.harnesses),
            ("extractor", first.shard.extractor, doc.shard.extractor),
            ("fixtures_hash", base.fixtures_hash, receipt.fixtures_hash),
            ("harness_sha", base.harness_sha, receipt.harness_sha),
            ("cmd_args", with_out(base.cmd_args, None), with_out(receipt.cmd_args, None)),
            ("include_holdout", base.include_holdout, receipt.include_holdout),
            ("suites", first.result.meta.suites, doc.result.meta.suites),
            ("memory systems", _groups(first), _groups(doc)),
        )
        for label, value, got in checks:
            _same(first_path, path, label, value, got)


def _groups(doc: ShardResult) -> list[list[str]]:
    return [system.harnesses for system in doc.systems]


def with_out(cmd_args: Sequence[str], out: str | None) -> tuple[str, ...]:
    """The command line with its ``--out`` value replaced by ``out`` (dropped when None).

    Each shard writes its own file, so shards differ there and nowhere else; the merged
    receipt names the merged file, as the unsharded run writing it would.
    """
    kept: list[str] = []
    args = list(cmd_args)
    k = 0
    while k < len(args):
        arg = args[k]
        if arg == "--out":
            if out is not None:
                kept += ["--out", out]
            k += 2
            continue
        if arg.startswith("--out="):
            if out is not None:
                kept.append(f"--out={out}")
        else:
            kept.append(arg)
        k += 1
    return tuple(kept)


def plan_for_merge(
    documents: Sequence[tuple[Path, ShardResult]], corpus: LoadedCorpus, out: str | None
) -> MergePlan:
    """Re-join the shards' records in plan order, one SystemRun per memory system.

    ``out`` is the merged Result's path, named in the merged receipt's command line.

    Raises:
        ShardError: The corpus is not the one the shards ran, or the shards do not cover its
            plan exactly once.
    """
    check_shards(documents)
    first = documents[0][1]
    receipt = first.result.receipt
    if corpus.fixtures_hash != receipt.fixtures_hash:
        raise ShardError(
            f"the corpus given has fixtures_hash {corpus.fixtures_hash!r} but the shards ran "
            f"{receipt.fixtures_hash!r}; pass the --fixtures/--gold the shards ran"
        )
    suites = list(first.result.meta.suites)
    plan = build_plan(corpus, tuple(suites))
    items = plan_items(plan)
    position = {item_id(item): k for k, item in enumerate(items)}
    seen: dict[str, Path] = {}
    for path, doc in documents:
        for unit in doc.shard.units:
            if unit not in position:
                raise ShardError(f"{path}: unit {unit!r} is not in this corpus's plan")
            if unit in seen:
                raise ShardError(f"unit {unit!r} ran in both {seen[unit]} and {path}")
            seen[unit] = path
    missing = [item_id(item) for item in items if item_id(item) not in seen]
    if missing:
        raise ShardError(
            f"the shards do not cover the plan: {len(missing)} unit(s) missing, e.g. "
            f"{missing[0]!r}; merge every shard of one run"
        )
    configs = [harness_from_json(row, str(documents[0][0])) for row in first.shard.harnesses]
    by_name = {config.name: config for config in configs}
    fixture_item = _fixture_positions(items)
    runs: list[tuple[list[HarnessConfig], SystemRun]] = []
    for group_index, names in enumerate(_groups(first)):
        wanted = set(names)
        run = SystemRun(budget_cuts={name: 0 for name in names})
        for _, doc in sorted(documents, key=lambda pair: pair[1].shard.index):
            system = doc.systems[group_index]
            run.rows.extend(
                row.model_copy(update={"gold": None})
                for row in doc.result.turn_rows
                if row.harness in wanted
            )
            run.writeback.extend(system.writeback)
            run.readers.extend(system.readers)
            run.seed_failures.extend(system.seed_failures)
            run.evidence.extend(
                item for item in doc.result.meta.turn_evidence if item.harness in wanted
            )
            for name, cuts in system.budget_cuts.items():
                run.budget_cuts[name] = run.budget_cuts.get(name, 0) + cuts
        run.rows.sort(key=lambda row: fixture_item.get(row.fixture_id, len(items)))
        run.evidence.sort(key=lambda item: fixture_item.get(item.fixture_id, len(items)))
        run.writeback.sort(key=lambda rec: fixture_item.get(rec.fixture_id, len(items)))
        run.readers.sort(key=lambda rec: position.get(rec.pair_id, len(items)))
        run.seed_failures.sort(key=lambda fail: position.get(fail.fixture_id, len(items)))
        runs.append(([by_name[name] for name in names], run))
    return MergePlan(
        harnesses=tuple(configs),
        runs=runs,
        extractor=first.shard.extractor,
        cmd_args=with_out(receipt.cmd_args, out),
        harness_sha=receipt.harness_sha,
        include_holdout=receipt.include_holdout,
        suites=suites,
    )


def _fixture_positions(items: Sequence[PlanItem]) -> dict[str, int]:
    """Fixture id -> position of the plan item that replays it (a pair holds two)."""
    positions: dict[str, int] = {}
    for k, item in enumerate(items):
        if isinstance(item, Pair):
            positions[item.writer.fixture.fixture_id] = k
            positions[item.reader.fixture.fixture_id] = k
        else:
            positions[item.fixture.fixture_id] = k
    return positions


def execute_shard(request: RunRequest, progress: Progress | None) -> Executed:
    """``brainbench run --shard``: run the slice (its records are what the shard keeps)."""
    from bb_cli._runbench import execute_runs

    assert request.shard is not None
    return execute_runs(request, progress)


def report_shard(
    request: RunRequest, executed: Executed, out_path: Path | None, out: Output
) -> int:
    """Write the slice's shard document and print its board."""
    from bb_score.scoreboard import render_result_markdown

    assert request.shard is not None and out_path is not None
    document = build_shard_result(
        request.shard,
        executed.plan,
        request.harnesses,
        request.extractor,
        executed.runs,
        executed.result,
    )
    write_json_atomic(out_path, document)
    result = executed.result
    out.narrate(
        f"shard {request.shard} ({len(document.shard.units)} units) written to {out_path}; "
        "`brainbench merge` the shards for the run's Result"
    )
    failed = seed_failure_exit(result, out)
    if failed is not None:
        return failed
    failed = invariant_exit(result, out, render_result_markdown(result))
    if failed is not None:
        return failed
    return out.succeed(
        render_result_markdown(result),
        cells=len(result.cells),
        out=str(out_path),
        shard=str(request.shard),
        fixtures_hash=result.receipt.fixtures_hash,
    )
