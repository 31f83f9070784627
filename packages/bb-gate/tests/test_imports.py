"""bb_gate reads serialized documents only: it imports bb_schema, pydantic and the stdlib."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "bb_gate"
ALLOWED = {"bb_gate", "bb_schema", "pydantic"}
FORBIDDEN = {"bb_score", "bb_adapters", "bb_brain", "bb_corpus", "bb_trust", "bb_cli"}


def _imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_sources_exist():
    assert len(list(SRC.glob("*.py"))) >= 10


def test_only_schema_pydantic_and_stdlib():
    for path in sorted(SRC.glob("*.py")):
        roots = _imported_roots(path)
        assert not roots & FORBIDDEN, (path.name, roots & FORBIDDEN)
        foreign = roots - ALLOWED - set(sys.stdlib_module_names) - {"__future__"}
        assert not foreign, (path.name, foreign)
