"""Export the published JSON Schemas from the models (the models are the authority).

``python -m bb_schema.jsonschema_export`` writes ``evals/brainbench/schema/`` in the checkout
(``fixture``, ``gold``, ``result``, ``baseline``, ``baseline-items`` ``.schema.json``);
``--check`` writes nothing and exits 1 listing stale files, so a model change cannot ship
without its schema. Bytes are stable: sorted keys, 2-space indent, a trailing newline.

Exit codes: 0 up to date / written, 1 stale (with --check), 2 error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from pydantic import BaseModel

from bb_schema._errors import SchemaError
from bb_schema.baseline import Baseline, BaselineItems
from bb_schema.fixture import Fixture
from bb_schema.gold import Gold
from bb_schema.result import Result

#: Document name -> model; each is written as ``<name>.schema.json``.
SCHEMAS: Final[dict[str, type[BaseModel]]] = {
    "fixture": Fixture,
    "gold": Gold,
    "result": Result,
    "baseline": Baseline,
    "baseline-items": BaselineItems,
}

_DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"


def render_schema(model: type[BaseModel]) -> bytes:
    """The exported schema of ``model`` as stable bytes."""
    schema = {"$schema": _DIALECT, **model.model_json_schema(by_alias=True, mode="validation")}
    return (json.dumps(schema, sort_keys=True, indent=2, ensure_ascii=False) + "\n").encode()


def rendered() -> dict[str, bytes]:
    """File name -> bytes of every exported schema."""
    return {f"{name}.schema.json": render_schema(model) for name, model in SCHEMAS.items()}


def default_dir() -> Path:
    """``evals/brainbench/schema`` of the checkout this module lives in."""
    return Path(__file__).resolve().parents[4] / "evals" / "brainbench" / "schema"


def stale(out_dir: Path) -> list[str]:
    """Names of exported files in ``out_dir`` that are missing or differ from the models."""
    found = []
    for name, data in rendered().items():
        target = out_dir / name
        if not target.is_file() or target.read_bytes() != data:
            found.append(name)
    return found


def write(out_dir: Path) -> list[Path]:
    """Write every schema into ``out_dir`` (created if needed); returns the paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in rendered().items():
        target = out_dir / name
        target.write_bytes(data)
        written.append(target)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point; see the module docstring for the exit codes."""
    parser = argparse.ArgumentParser(
        prog="python -m bb_schema.jsonschema_export",
        description="Write the JSON Schemas of fixture, gold, result, baseline and baseline-items "
        "documents.",
        epilog="Exit codes: 0 written / up to date, 1 stale (with --check), 2 error.",
    )
    parser.add_argument("--out", type=Path, default=None, help="directory (default: checkout's)")
    parser.add_argument("--check", action="store_true", help="fail if committed files are stale")
    args = parser.parse_args(argv)
    out_dir: Path = args.out if args.out is not None else default_dir()
    try:
        if args.check:
            names = stale(out_dir)
            if names:
                print(f"stale JSON Schemas in {out_dir}: {', '.join(names)}", file=sys.stderr)
                print("run `uv run python -m bb_schema.jsonschema_export`", file=sys.stderr)
                return 1
            return 0
        for path in write(out_dir):
            print(f"wrote {path}", file=sys.stderr)
    except (OSError, SchemaError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
