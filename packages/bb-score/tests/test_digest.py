"""The scorer digest names the scoring code: it moves with any scoring input, and only then."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import bb_score
from bb_score._digest import (
    PRESENTATION_MODULES,
    TRUST_SCORING_MODULES,
    compute_digest,
    registry_bytes,
    scoring_sources,
    trust_scoring_sources,
)
from bb_score._registry import REGISTRY


def test_the_digest_is_stable_and_well_formed():
    first = bb_score.scorer_digest()
    assert first.version == bb_score.__version__
    assert re.fullmatch(r"sha256:[0-9a-f]{64}", first.digest)
    sources = scoring_sources() | trust_scoring_sources()
    again = compute_digest(bb_score.__version__, registry_bytes(), sources)
    assert again == first.digest


def test_scoring_modules_are_covered_and_presentation_ones_are_not():
    sources = scoring_sources()
    for scoring in ("retrieval.py", "writeback.py", "continuity.py", "cells.py", "_registry.py"):
        assert scoring in sources
    assert not set(sources) & PRESENTATION_MODULES
    assert not [name for name in sources if name.startswith("report/")]  # the HTML report
    assert "failures.py" not in sources and "present.py" not in sources
    assert list(sources) == sorted(sources)


def test_the_trust_metrics_are_scoring_code_too():
    import bb_trust  # installed beside bb-score in the workspace; bb-score never imports it

    trust = trust_scoring_sources()
    assert tuple(trust) == TRUST_SCORING_MODULES
    package = Path(bb_trust.__file__).parent
    assert trust["bb_trust/metrics.py"] == (package / "metrics.py").read_bytes()
    base = compute_digest("0.1.0", registry_bytes(), scoring_sources() | trust)
    edited = trust | {"bb_trust/metrics.py": trust["bb_trust/metrics.py"] + b"\n# a tweak\n"}
    assert compute_digest("0.1.0", registry_bytes(), scoring_sources() | edited) != base


def test_any_change_to_a_scoring_input_moves_the_digest():
    version, registry, sources = "0.1.0", registry_bytes(), scoring_sources()
    base = compute_digest(version, registry, sources)
    edited = dict(sources)
    edited["retrieval.py"] = sources["retrieval.py"].replace(b"should_turns += 1", b"pass", 1)
    assert edited["retrieval.py"] != sources["retrieval.py"]
    renamed = {("x" + k if k == "cells.py" else k): v for k, v in sources.items()}
    added = {**sources, "new_suite.py": b"def score(): ...\n"}
    bound = [
        dataclasses.replace(spec, bound=0.9) if spec.name == "benign_retention" else spec
        for spec in REGISTRY
    ]
    for other in (
        compute_digest("0.2.0", registry, sources),
        compute_digest(version, registry_bytes(bound), sources),
        compute_digest(version, registry_bytes(REGISTRY[:-1]), sources),
        compute_digest(version, registry, edited),
        compute_digest(version, registry, renamed),
        compute_digest(version, registry, added),
    ):
        assert other != base


def test_parts_cannot_run_into_each_other():
    assert compute_digest("1", b"ab", {}) != compute_digest("1a", b"b", {})
    assert compute_digest("1", b"", {"a": b"bc"}) != compute_digest("1", b"", {"ab": b"c"})


def _package(root, newline: bytes):
    (root / "sub").mkdir(parents=True)
    (root / "__pycache__").mkdir()
    (root / "cells.py").write_bytes(b"def score():" + newline + b"    return 1" + newline)
    (root / "sub" / "rules.py").write_bytes(b"X = 1" + newline)
    (root / "scoreboard.py").write_bytes(b"def render(): ..." + newline)
    (root / "__pycache__" / "cells.py").write_bytes(b"stale")
    (root / "notes.txt").write_bytes(b"not python")
    return root


def test_sources_walk_subpackages_skip_presentation_and_normalise_line_endings(tmp_path):
    unix = scoring_sources(_package(tmp_path / "lf", b"\n"))
    windows = scoring_sources(_package(tmp_path / "crlf", b"\r\n"))
    assert list(unix) == ["cells.py", "sub/rules.py"]
    assert windows == unix
