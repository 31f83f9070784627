"""Growth: the sweep on the committed corpus replicated 1x, 4x and 16x, distinct fixture ids.

Copy ``c`` of every core fixture and its gold gets ``-x<c>`` appended to its fixture id (and
to its continuity pair id), so every copy is a fixture of its own: its own brain, its own
write-back session, its own continuity pair. The copies are written to a temp dir and run with
``brainbench run`` (default harnesses and core suites, one worker) from process spawn to exit.

Prints per size: fixtures, turn rows, wall time, ms per turn row, ms per turn row after
start-up (the marginal cost), and peak memory of the process tree. Linear growth shows as a
flat marginal cost.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from benchmarks._proc import ROOT, mb, run_child, scratch_dir

SIZES = tuple(int(s) for s in os.environ.get("BRAINBENCH_BENCH_GROWTH", "1,4,16").split(","))
FIXTURES = ROOT / "evals" / "brainbench" / "fixtures"
GOLD = ROOT / "evals" / "brainbench" / "gold"


def _documents(root: Path, suffix: str) -> list[tuple[Path, dict[str, Any]]]:
    return [
        (path.relative_to(root), json.loads(path.read_text(encoding="utf-8")))
        for path in sorted(root.rglob(f"*{suffix}"))
    ]


def _renamed(document: dict[str, Any], copy: int) -> dict[str, Any]:
    if copy == 0:
        return document
    out: dict[str, Any] = json.loads(json.dumps(document))
    out["fixture_id"] = f"{out['fixture_id']}-x{copy}"
    continuity = out.get("continuity")
    if isinstance(continuity, dict) and "pair_id" in continuity:
        continuity["pair_id"] = f"{continuity['pair_id']}-x{copy}"
    return out


def replicate(dest: Path, copies: int) -> tuple[Path, Path]:
    """Write ``copies`` renamed copies of the core corpus under ``dest``."""
    fixtures = _documents(FIXTURES, ".fixture.json")
    trust = {doc["fixture_id"] for _, doc in fixtures if doc.get("trust_steps") is not None}
    gold = [
        (rel, doc) for rel, doc in _documents(GOLD, ".gold.json") if doc["fixture_id"] not in trust
    ]
    fixtures = [(rel, doc) for rel, doc in fixtures if doc["fixture_id"] not in trust]
    out_fixtures, out_gold = dest / "fixtures", dest / "gold"
    for copy in range(copies):
        for out_root, documents, suffix in (
            (out_fixtures, fixtures, ".fixture.json"),
            (out_gold, gold, ".gold.json"),
        ):
            for rel, document in documents:
                renamed = _renamed(document, copy)
                path = out_root / f"x{copy}" / rel.parent / f"{renamed['fixture_id']}{suffix}"
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(renamed, indent=2), encoding="utf-8")
    return out_fixtures, out_gold


def main() -> None:
    """Print the per-row cost at each size."""
    sizes = ", ".join(f"{size}x" for size in SIZES)
    print(f"== growth: the sweep on the committed corpus replicated {sizes}")
    print(
        "  size  fixtures  turn rows    wall s   ms/row   ms/row after start-up   peak RSS"
        "     peak PSS"
    )
    with scratch_dir() as tmp:
        scratch = Path(tmp)
        warm = True
        for size in SIZES:
            corpus = scratch / f"corpus-{size}x"
            fixtures, gold = replicate(corpus, size)
            args = [str(scratch / "result.json"), "--fixtures", str(fixtures), "--gold", str(gold)]
            if warm:  # bytecode cache and PostgreSQL template, not measured
                run_child("benchmarks._sweep_child", args, "warm", scratch)
                warm = False
            sampled = run_child("benchmarks._sweep_child", args, "warm", scratch)
            if sampled.returncode != 0:
                raise SystemExit(f"growth run at {size}x failed:\n{sampled.stderr}")
            report = sampled.report
            rows = report["turn_rows"]
            startup = (report["marks"]["corpus"] - report["spawned"]) + report["phases"].get(
                "start-up", 0.0
            )
            per_row = sampled.wall_s * 1e3 / rows
            marginal = (sampled.wall_s - startup) * 1e3 / rows
            print(
                f"  {size:3d}x  {report['fixtures']:8d}  {rows:9d}  {sampled.wall_s:8.2f}"
                f"  {per_row:7.3f}  {marginal:22.3f}  {mb(sampled.peak_rss)}"
                f"  {mb(sampled.peak_pss)}"
            )


if __name__ == "__main__":
    main()
