"""The committed generated modules match proto/ and the pinned generator versions."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from bb_schema import _protogen
from bb_schema._errors import SchemaUserError

REPO = Path(__file__).resolve().parents[3]


def test_committed_modules_have_not_drifted() -> None:
    assert _protogen.check_drift() == [], "run `uv run python -m bb_schema._protogen`"


def test_drift_names_changed_missing_and_extra_files(tmp_path: Path) -> None:
    committed, fresh = tmp_path / "committed", tmp_path / "fresh"
    for base in (committed, fresh):
        (base / "brainbench" / "v1").mkdir(parents=True)
        (base / "brainbench" / "v1" / "same_pb2.py").write_text("x = 1\n", encoding="utf-8")
    (committed / "brainbench" / "v1" / "memory_pb2.py").write_text("old\n", encoding="utf-8")
    (fresh / "brainbench" / "v1" / "memory_pb2.py").write_text("new\n", encoding="utf-8")
    (fresh / "brainbench" / "v1" / "trust_pb2.py").write_text("t\n", encoding="utf-8")
    (committed / "brainbench" / "v1" / "gone_pb2.py").write_text("g\n", encoding="utf-8")
    assert _protogen.drift(committed, fresh) == [
        "brainbench/v1/memory_pb2.py",
        "brainbench/v1/trust_pb2.py (not committed)",
        "brainbench/v1/gone_pb2.py (no longer generated)",
    ]


def test_pins_match_the_workspace_lint_group() -> None:
    root = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    package = tomllib.loads(
        (REPO / "packages" / "bb-schema" / "pyproject.toml").read_text(encoding="utf-8")
    )
    wanted = {f"{name}=={version}" for name, version in _protogen.PINNED_VERSIONS.items()}
    assert wanted <= set(root["dependency-groups"]["lint"])
    assert wanted <= set(package["dependency-groups"]["dev"])


def test_wrong_generator_versions_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(_protogen.PINNED_VERSIONS, "grpcio-tools", "0.0.1")
    with pytest.raises(SchemaUserError, match=r"grpcio-tools==0\.0\.1 is required"):
        _protogen.check_versions()
    assert _protogen.main(["--check-drift"]) == 2


def test_generated_modules_import_and_carry_the_wire_package() -> None:
    from brainbench.v1 import corpus_pb2, memory_pb2, score_pb2, turn_context_pb2

    for module in (corpus_pb2, memory_pb2, score_pb2, turn_context_pb2):
        assert module.DESCRIPTOR.package == "brainbench.v1"
    assert set(turn_context_pb2.DESCRIPTOR.services_by_name) == {"TurnContext"}
    assert set(memory_pb2.DESCRIPTOR.services_by_name) == {"BenchControl"}
