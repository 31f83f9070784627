"""The baseline's item sidecar: which items each cell failed, and which scorer said so.

The published v1 baseline allows no new key, so the gate's item-level and scorer inputs live
in a sidecar committed next to it: ``main.json`` -> ``main.items.json``. The pair is one
baseline: read from the same place (a file or a git commit), bound to the same
``fixtures_hash`` and cells, matched byte for byte against the run and refused on deletion
under the same rules.

Item ids are ``<fixture_id>#<item>``: the Result's ``FailedItem.fixture_id`` and ``item``
verbatim (e.g. ``kta-004-lowercase#turn 3`` or ``push-010#turn 2 people/ana-lima``). The cell
(``harness/suite``) is the key they are listed under, so an id only has to be unique within a
cell. Whatever a scorer names its items, the id is derived the same way; two failures of one
item (two reasons) are one id. Lists are de-duplicated and sorted by code point, and the
canonical JSON puts one id per line, so a PR diff shows exactly which items flipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from bb_schema import (
    BASELINE_ITEMS_SCHEMA_VERSION,
    Baseline,
    BaselineItems,
    FailedItem,
    Result,
)

from bb_gate._errors import GateRuntimeError, GateUserError
from bb_gate._jsonio import (
    atomic_write_bytes,
    canonical_json_bytes,
    parse_json_text,
    read_text,
    validate_document,
)
from bb_gate.baseline import (
    baseline_from_result,
    cell_key,
    dump_baseline,
    load_baseline,
)

#: Joins a failed item's fixture id and item into its id.
ITEM_SEPARATOR = "#"
#: ``main.json`` -> ``main.items.json``.
ITEMS_SUFFIX = ".items.json"


def item_id(item: FailedItem) -> str:
    """The stable id of a failed item within its cell: ``<fixture_id>#<item>``."""
    return f"{item.fixture_id}{ITEM_SEPARATOR}{item.item}"


def items_from_result(result: Result) -> BaselineItems | None:
    """The sidecar of a run: every cell's sorted failed item ids, plus the scorer digest.

    A Result that records neither a scorer nor any failed item (an older or foreign runner's)
    has nothing to say beyond the baseline, so it has no sidecar (None). A cell that counts
    failures (``gold_failed`` > 0) without listing any is recorded as ``None``: it can only be
    compared by counts, which is better than claiming it failed nothing. Failed items of a
    cell the Result does not carry are ignored.
    """
    if result.meta.scorer is None and not result.meta.failed_items:
        return None
    found: dict[str, set[str]] = {cell_key(c.harness, c.suite): set() for c in result.cells}
    for failed in result.meta.failed_items:
        bucket = found.get(cell_key(failed.harness, failed.suite))
        if bucket is not None:
            bucket.add(item_id(failed))
    cells: dict[str, list[str] | None] = {}
    for cell in result.cells:
        key = cell_key(cell.harness, cell.suite)
        ids = sorted(found[key])
        cells[key] = None if not ids and cell.gold_failed > 0 else ids
    return BaselineItems(
        items_schema_version=BASELINE_ITEMS_SCHEMA_VERSION,
        fixtures_hash=result.receipt.fixtures_hash,
        scorer=result.meta.scorer,
        cells=dict(sorted(cells.items())),
    )


def dump_items(items: BaselineItems) -> bytes:
    """THE sidecar serializer: sorted keys, 2-space indent (one id a line), trailing newline."""
    return canonical_json_bytes(items.model_dump(mode="json"))


def parse_items(text: str, *, source: str) -> BaselineItems:
    """Parse and validate sidecar JSON text; ``source`` names it in error messages."""
    return validate_document(BaselineItems, parse_json_text(text, source=source), source=source)


def sidecar_name(name: str) -> str:
    """The sidecar's file name for a baseline file name (``main.json`` -> ``main.items.json``)."""
    stem = name[: -len(".json")] if name.endswith(".json") else name
    return stem + ITEMS_SUFFIX


def sidecar_path(path: Path) -> Path:
    """The sidecar next to the baseline file ``path``."""
    return path.with_name(sidecar_name(path.name))


def sidecar_repo_path(path: str) -> str:
    """The sidecar of a repository-relative POSIX baseline path."""
    pure = PurePosixPath(path)
    return str(pure.with_name(sidecar_name(pure.name)))


@dataclass(frozen=True)
class BaselineSet:
    """A baseline and its item sidecar (None: an older baseline, compared by counts only)."""

    baseline: Baseline
    items: BaselineItems | None = None

    def files(self) -> tuple[bytes, bytes | None]:
        """The canonical bytes of both files (None for an absent sidecar)."""
        return dump_baseline(self.baseline), None if self.items is None else dump_items(self.items)


def as_set(value: Baseline | BaselineSet | None) -> BaselineSet | None:
    """Accept a bare baseline (no sidecar) wherever a set is expected."""
    if value is None or isinstance(value, BaselineSet):
        return value
    return BaselineSet(value)


def check_pair(baseline: Baseline, items: BaselineItems, *, source: str) -> None:
    """Refuse a sidecar that belongs to another baseline (corpus or cells differ).

    Raises:
        GateUserError: naming ``source`` and what differs.
    """
    if items.fixtures_hash != baseline.fixtures_hash:
        raise GateUserError(
            f"{source}: fixtures_hash {items.fixtures_hash!r} differs from its baseline's "
            f"{baseline.fixtures_hash!r}; regenerate both with --update-baseline"
        )
    if set(items.cells) != set(baseline.cells):
        only_items = sorted(set(items.cells) - set(baseline.cells))
        only_baseline = sorted(set(baseline.cells) - set(items.cells))
        raise GateUserError(
            f"{source}: 'cells' must name the baseline's cells; only in the sidecar: "
            f"{only_items!r}, only in the baseline: {only_baseline!r}; regenerate both with "
            "--update-baseline"
        )


def baseline_set_from_result(result: Result, *, justification: str | None = None) -> BaselineSet:
    """The canonical baseline and sidecar of a run (what ``--update-baseline`` commits)."""
    return BaselineSet(
        baseline_from_result(result, justification=justification), items_from_result(result)
    )


def load_baseline_set(path: Path) -> BaselineSet:
    """Load a baseline file and, when it exists, its sidecar (checked to belong to it).

    Raises:
        GateUserError: either file is unreadable or invalid, or they do not belong together.
    """
    baseline = load_baseline(path)
    side = sidecar_path(path)
    if not side.exists():
        return BaselineSet(baseline)
    source = f"baseline items {str(side)!r}"
    items = parse_items(read_text(side, what="baseline items"), source=source)
    check_pair(baseline, items, source=source)
    return BaselineSet(baseline, items)


def write_baseline_set(path: Path, baseline_set: BaselineSet) -> None:
    """Write the baseline and its sidecar atomically, each; drop a stale sidecar.

    Raises:
        GateRuntimeError: a file cannot be written or removed.
    """
    data, items = baseline_set.files()
    atomic_write_bytes(path, data)
    side = sidecar_path(path)
    if items is not None:
        atomic_write_bytes(side, items)
        return
    try:
        side.unlink(missing_ok=True)
    except OSError as exc:
        raise GateRuntimeError(f"cannot remove the stale {str(side)!r}: {exc.strerror}") from None
