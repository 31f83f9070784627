"""The bulky parts of a Result, kept on disk while the run goes on.

A Result's turn rows (with gold joined) and ``_meta.turn_evidence`` grow with the corpus: about
ten kilobytes per turn row held as models. A streamed run serialises them the moment an item is
scored, into files of a private directory, and holds only a small index; the Result it keeps in
memory carries everything else and leaves those two lists empty. :meth:`ResultSpill.write`
then writes the Result file byte for byte as :func:`bb_schema.dump_json` would write the whole
Result: each element is serialised exactly as ``json.dumps(..., indent=2)`` nests it, and the
rows are put in the Result's canonical order (harness, suite, fixture, turn) on the way out.
"""

from __future__ import annotations

import json
import os
import secrets
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from bb_schema import ALL_SUITES, Result, Suite, TurnEvidence, TurnRow
from bb_schema.io import dump_json, json_text, to_jsonable
from pydantic import BaseModel

_SUITE_ORDER = {suite: index for index, suite in enumerate(ALL_SUITES)}
#: How deep each spilled list sits in the Result file (its items' indent, in spaces).
_ROWS_INDENT = 4
_EVIDENCE_INDENT = 6


def _element(model: BaseModel, indent: int) -> bytes:
    """One list element as ``json.dumps(indent=2)`` writes it ``indent`` spaces deep."""
    return json_text(model).replace("\n", "\n" + " " * indent).encode()


class ResultSpill:
    """Turn rows and turn evidence of one run, on disk in ``directory`` until written.

    Rows arrive per (harness, suite, fixture) block, already in turn order; evidence arrives
    per memory system (``group``) in plan order and is written group after group, as the
    Result lists it.
    """

    def __init__(self, directory: Path) -> None:
        self._dir = directory
        self._rows = (directory / "turn-rows.jsonl").open("w+b")
        #: (harness, suite, fixture) -> (offset, length, count) in the rows file.
        self._blocks: dict[tuple[str, Suite, str], tuple[int, int, int]] = {}
        self._evidence: dict[int, IO[bytes]] = {}
        self._evidence_count: dict[int, int] = {}
        #: Rows spilled so far.
        self.row_count = 0
        #: The Result's harness order: every memory system's rows, in the order they ran.
        self.row_order: list[str] = []

    @classmethod
    @contextmanager
    def temporary(cls) -> Iterator[ResultSpill]:
        """A spill in a private temp directory, removed with everything in it on exit."""
        with tempfile.TemporaryDirectory(prefix="bb-spill-") as tmp:
            spill = cls(Path(tmp))
            try:
                yield spill
            finally:
                spill.close()

    def close(self) -> None:
        """Close the spill's files (idempotent)."""
        self._rows.close()
        for handle in self._evidence.values():
            handle.close()

    def add_rows(self, harness: str, suite: Suite, fixture_id: str, rows: list[TurnRow]) -> None:
        """Spill one fixture's rows of one cell (in turn order, gold joined)."""
        if not rows:
            return
        data = (b",\n" + b" " * _ROWS_INDENT).join(_element(row, _ROWS_INDENT) for row in rows)
        offset = self._rows.seek(0, os.SEEK_END)
        self._rows.write(data)
        self._blocks[(harness, suite, fixture_id)] = (offset, len(data), len(rows))
        self.row_count += len(rows)

    def add_evidence(self, group: int, evidence: Sequence[TurnEvidence]) -> None:
        """Spill one item's turn evidence of one memory system, in run order."""
        if not evidence:
            return
        handle = self._evidence.get(group)
        if handle is None:
            handle = (self._dir / f"evidence-{group}.jsonl").open("w+b")
            self._evidence[group] = handle
            self._evidence_count[group] = 0
        for item in evidence:
            if self._evidence_count[group]:
                handle.write(b",\n" + b" " * _EVIDENCE_INDENT)
            handle.write(_element(item, _EVIDENCE_INDENT))
            self._evidence_count[group] += 1

    def write(self, out: IO[bytes], result: Result) -> None:
        """Write ``result`` with the spilled rows and evidence, as ``dump_json`` would.

        A Result built whole (a Dask run's merged shards) is written as it is, when nothing
        was spilled.

        Raises:
            ValueError: ``result`` holds turn rows or evidence and the spill does too.
        """
        whole = bool(result.turn_rows or result.meta.turn_evidence)
        if whole and (self._blocks or self._evidence):
            raise ValueError("a spilled Result keeps its turn rows and evidence in the spill")
        if whole:
            out.write(dump_json(result))
            return
        token = secrets.token_hex(16)
        rows_mark, evidence_mark = f"rows:{token}", f"evidence:{token}"
        document = to_jsonable(result)
        document["turn_rows"] = rows_mark
        document["_meta"]["turn_evidence"] = evidence_mark
        text = json.dumps(document, sort_keys=True, indent=2, ensure_ascii=False, allow_nan=False)
        head, rest = text.split(json.dumps(evidence_mark), 1)
        middle, tail = rest.split(json.dumps(rows_mark), 1)
        out.write(head.encode())
        self._write_evidence(out)
        out.write(middle.encode())
        self._write_rows(out)
        out.write(tail.encode())
        out.write(b"\n")

    def _write_evidence(self, out: IO[bytes]) -> None:
        groups = [group for group in sorted(self._evidence) if self._evidence_count[group]]
        if not groups:
            out.write(b"[]")
            return
        out.write(b"[\n" + b" " * _EVIDENCE_INDENT)
        for index, group in enumerate(groups):
            if index:
                out.write(b",\n" + b" " * _EVIDENCE_INDENT)
            handle = self._evidence[group]
            handle.flush()
            handle.seek(0)
            while chunk := handle.read(1 << 20):
                out.write(chunk)
        out.write(b"\n" + b" " * (_EVIDENCE_INDENT - 2) + b"]")

    def _write_rows(self, out: IO[bytes]) -> None:
        if not self._blocks:
            out.write(b"[]")
            return
        order = {harness: index for index, harness in enumerate(self.row_order)}
        keys = sorted(
            self._blocks,
            key=lambda key: (order.get(key[0], len(order)), key[0], _SUITE_ORDER[key[1]], key[2]),
        )
        self._rows.flush()
        out.write(b"[\n" + b" " * _ROWS_INDENT)
        for index, key in enumerate(keys):
            if index:
                out.write(b",\n" + b" " * _ROWS_INDENT)
            offset, length, _ = self._blocks[key]
            self._rows.seek(offset)
            out.write(self._rows.read(length))
        out.write(b"\n" + b" " * (_ROWS_INDENT - 2) + b"]")

    def dump(self, result: Result) -> bytes:
        """:meth:`write` into bytes (small runs and tests)."""
        import io

        buffer = io.BytesIO()
        self.write(buffer, result)
        return buffer.getvalue()
