"""The package import direction of DESIGN.md, checked by parsing every module's imports.

bb_schema depends on nothing of ours; corpus, brain, score and gate only on bb_schema;
adapters on schema + brain; trust on schema + brain + adapters; bb_cli on anything. The
generated ``brainbench`` package is part of bb_schema and may be imported only from bb_schema
(protobuf types never leak past its converters and gRPC edges). Imports under
``TYPE_CHECKING`` count: they are still a dependency. ``importlib.import_module("x")`` and
``__import__("x")`` with a literal name count too.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Final

REPO: Final = Path(__file__).resolve().parents[1]

#: Top-level module -> the package (import-direction unit) it belongs to.
OWNER: Final = {
    "bb_schema": "bb_schema",
    "brainbench": "bb_schema",
    "bb_corpus": "bb_corpus",
    "bb_brain": "bb_brain",
    "bb_adapters": "bb_adapters",
    "bb_trust": "bb_trust",
    "bb_score": "bb_score",
    "bb_gate": "bb_gate",
    "bb_cli": "bb_cli",
}

#: Package -> the other packages it may import.
ALLOWED: Final[dict[str, frozenset[str]]] = {
    "bb_schema": frozenset(),
    "bb_corpus": frozenset({"bb_schema"}),
    "bb_brain": frozenset({"bb_schema"}),
    "bb_score": frozenset({"bb_schema"}),
    "bb_gate": frozenset({"bb_schema"}),
    "bb_adapters": frozenset({"bb_schema", "bb_brain"}),
    "bb_trust": frozenset({"bb_schema", "bb_brain", "bb_adapters"}),
    "bb_cli": frozenset(OWNER.values()) - {"bb_cli"},
}

#: Top-level modules only their own package may import, whoever else may import its owner.
PRIVATE_TO_OWNER: Final = frozenset({"brainbench"})


@dataclass(frozen=True, order=True)
class Edge:
    """One forbidden import: ``file:line`` of ``importer`` importing ``module``."""

    file: str
    line: int
    importer: str
    module: str
    why: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.importer} imports {self.module} ({self.why})"


def _imported(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import statement and literal dynamic import."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Call) and node.args:
            func, first = node.func, node.args[0]
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name in {"import_module", "__import__"} and isinstance(first, ast.Constant):
                if isinstance(first.value, str) and not first.value.startswith("."):
                    found.append((node.lineno, first.value))
    return found


def find_forbidden_edges(root: Path) -> list[Edge]:
    """Every import under ``root/packages/*/src`` that the import direction forbids."""
    edges: list[Edge] = []
    for path in sorted(root.glob("packages/*/src/**/*.py")):
        relative = path.relative_to(root)
        src = next(parent for parent in path.parents if parent.name == "src")
        top = path.relative_to(src).parts[0].removesuffix(".py")
        importer = OWNER.get(top)
        shown = relative.as_posix()
        if importer is None:
            edges.append(Edge(shown, 0, top, top, "unknown top-level module: add it to OWNER"))
            continue
        tree = ast.parse(path.read_bytes(), filename=shown)
        for line, module in _imported(tree):
            target_top = module.split(".")[0]
            target = OWNER.get(target_top)
            if target is None or target == importer:
                continue
            if target_top in PRIVATE_TO_OWNER:
                why = f"{target_top} is generated code private to {target}"
                edges.append(Edge(shown, line, importer, module, why))
            elif target not in ALLOWED[importer]:
                why = f"{importer} may import only {sorted(ALLOWED[importer]) or 'nothing of ours'}"
                edges.append(Edge(shown, line, importer, module, why))
    return sorted(edges)


def test_the_workspace_follows_the_import_direction() -> None:
    assert (REPO / "packages" / "bb-schema" / "src" / "bb_schema").is_dir()
    edges = find_forbidden_edges(REPO)
    assert edges == [], "forbidden imports:\n" + "\n".join(map(str, edges))


def test_every_package_is_in_the_table() -> None:
    tops = {
        path.name.removesuffix(".py")
        for path in REPO.glob("packages/*/src/*")
        if path.name != "__pycache__" and not path.name.endswith(".egg-info")
    }
    assert tops <= set(OWNER), f"unknown top-level modules: {sorted(tops - set(OWNER))}"
    assert set(ALLOWED) == set(OWNER.values())


def _write(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_checker_catches_forbidden_edges(tmp_path: Path) -> None:
    _write(tmp_path, "packages/bb-gate/src/bb_gate/compare.py", "import bb_score.cells\n")
    _write(
        tmp_path,
        "packages/bb-score/src/bb_score/x.py",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bb_brain import Engine\n",
    )
    _write(tmp_path, "packages/bb-cli/src/bb_cli/raw.py", "from brainbench.v1 import memory_pb2\n")
    _write(
        tmp_path,
        "packages/bb-gate/src/bb_gate/late.py",
        "import importlib\n\ncells = importlib.import_module('bb_score.cells')\n",
    )
    _write(tmp_path, "packages/bb-schema/src/bb_schema/up.py", "__import__('bb_corpus')\n")
    _write(tmp_path, "packages/bb-x/src/bb_x/__init__.py", "")
    found = {
        (edge.file.split("/src/")[1], edge.line, edge.module)
        for edge in find_forbidden_edges(tmp_path)
    }
    assert found == {
        ("bb_gate/compare.py", 1, "bb_score.cells"),
        ("bb_gate/late.py", 3, "bb_score.cells"),
        ("bb_score/x.py", 3, "bb_brain"),
        ("bb_cli/raw.py", 1, "brainbench.v1"),
        ("bb_schema/up.py", 1, "bb_corpus"),
        ("bb_x/__init__.py", 0, "bb_x"),
    }


def test_the_checker_allows_what_the_design_allows(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "packages/bb-trust/src/bb_trust/run.py",
        "import bb_schema\nfrom bb_brain import x\nfrom bb_adapters import y\nfrom . import z\n",
    )
    _write(tmp_path, "packages/bb-cli/src/bb_cli/main.py", "import bb_gate, bb_score, bb_trust\n")
    _write(
        tmp_path,
        "packages/bb-schema/src/bb_schema/convert.py",
        "from brainbench.v1 import corpus_pb2\nimport grpc\n",
    )
    _write(
        tmp_path, "packages/bb-schema/src/brainbench/v1/m_pb2.py", "from brainbench.v1 import c\n"
    )
    assert find_forbidden_edges(tmp_path) == []
