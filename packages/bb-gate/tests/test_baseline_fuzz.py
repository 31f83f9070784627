"""Fuzz the baseline reader: any text, any mutation of the committed baseline, one GateError."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from bb_gate import GateUserError
from bb_gate.baseline import parse_baseline, parse_result
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[3]
COMMITTED = json.loads((ROOT / "evals/brainbench/baselines/main.json").read_text("utf-8"))
FUZZ = settings(deadline=None)

scalars = (
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
    | st.sampled_from(["know-to-ask", "openclaw/push", "1", "", "\x00", 2**70])
)  # fmt: skip
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, child in node.items():
            found += _paths(child, (*prefix, key))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            found += _paths(child, (*prefix, index))
    return found


PATHS = [p for p in _paths(COMMITTED) if p][:5000]


@FUZZ
@given(text=st.text(max_size=200) | st.binary(max_size=64).map(lambda b: b.decode("latin-1")))
def test_random_text_is_a_gate_error(text: str) -> None:
    for parse in (parse_baseline, parse_result):
        with pytest.raises(GateUserError):
            parse(text, source="fuzz")


@FUZZ
@given(path=st.sampled_from(PATHS), value=values)
def test_a_mutated_baseline_parses_or_is_a_gate_error(path: tuple[Any, ...], value: Any) -> None:
    document = json.loads(json.dumps(COMMITTED))
    node = document
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    try:
        text = json.dumps(document)
    except ValueError:  # a float JSON cannot hold
        return
    try:
        parse_baseline(text, source="fuzz")
    except GateUserError as error:
        assert "fuzz" in error.message
