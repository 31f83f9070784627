"""Regenerate the committed protobuf / gRPC modules from ``proto/`` (a developer tool).

Run from a checkout: ``python -m bb_schema._protogen`` rewrites
``packages/bb-schema/src/brainbench/``; ``--check-drift`` regenerates into a temporary
directory instead and exits 1 listing every committed file that differs. The generator
versions are pinned because the committed bytes must be reproducible: a different
``grpcio-tools`` or ``mypy-protobuf`` writes different files, so they are checked first.

The output package is ``brainbench.v1``, mirroring the proto package, so the generated
``from brainbench.v1 import corpus_pb2`` imports work unchanged (no post-processing).

Exit codes: 0 up to date / regenerated, 1 drift, 2 wrong tool versions or no checkout.
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Final

from bb_schema._errors import SchemaUserError

#: The generator versions the committed files were produced with (also pinned in the root
#: ``pyproject.toml`` lint group; a test keeps the two in step).
PINNED_VERSIONS: Final = {"grpcio-tools": "1.85.1", "mypy-protobuf": "5.1.0"}

#: Files the generator owns that protoc itself does not write.
_PACKAGE_FILES: Final = {
    "brainbench/__init__.py": '"""Generated modules of the brainbench wire package."""\n',
    "brainbench/py.typed": "",
    "brainbench/v1/__init__.py": (
        '"""brainbench.v1: generated from proto/brainbench/v1 by bb_schema._protogen.\n\n'
        "Do not edit: run ``python -m bb_schema._protogen``. Code outside bb_schema reaches\n"
        'these messages only through bb_schema.convert and bb_schema.rpc.\n"""\n'
    ),
}


def repo_root() -> Path:
    """The checkout this module lives in: ``proto/`` is not shipped in the wheel."""
    root = Path(__file__).resolve().parents[4]
    if not (root / "proto" / "brainbench" / "v1").is_dir():
        raise SchemaUserError(
            f"no proto/brainbench/v1 under {str(root)!r}: regenerating the protobuf modules "
            "needs a source checkout of the workspace (run it from there with `uv run`)"
        )
    return root


def check_versions() -> None:
    """Refuse to run with generator versions other than the pinned ones."""
    for dist, wanted in PINNED_VERSIONS.items():
        try:
            found = metadata.version(dist)
        except metadata.PackageNotFoundError:
            found = None
        if found != wanted:
            raise SchemaUserError(
                f"{dist}=={wanted} is required to regenerate the protobuf modules, found "
                f"{found!r}; run `uv sync` at the workspace root"
            )


def _plugin(name: str) -> str:
    """The path of a protoc plugin script installed beside this interpreter."""
    candidate = Path(sys.executable).parent / name
    found = str(candidate) if candidate.exists() else shutil.which(name)
    if found is None:
        raise SchemaUserError(f"protoc plugin {name!r} not found; run `uv sync` (mypy-protobuf)")
    return found


def generate(out_dir: Path) -> list[Path]:
    """Generate every module of ``proto/brainbench/v1`` into ``out_dir``; returns them."""
    try:
        from grpc_tools import protoc  # deferred: a dev-only dependency
    except ImportError as exc:
        raise SchemaUserError(f"grpcio-tools is not installed ({exc}); run `uv sync`") from exc

    root = repo_root()
    proto_dir = root / "proto"
    sources = sorted((proto_dir / "brainbench" / "v1").glob("*.proto"))
    well_known = Path(protoc.__file__).resolve().parent / "_proto"
    out = str(out_dir)
    args = [
        sys.executable,
        "-m",
        "grpc_tools.protoc",
        f"--proto_path={proto_dir}",
        f"--proto_path={well_known}",
        f"--plugin=protoc-gen-mypy={_plugin('protoc-gen-mypy')}",
        f"--plugin=protoc-gen-mypy_grpc={_plugin('protoc-gen-mypy_grpc')}",
        f"--python_out={out}",
        f"--grpc_python_out={out}",
        f"--mypy_out={out}",
        f"--mypy_grpc_out={out}",
        *(str(path) for path in sources),
    ]
    out_dir.mkdir(parents=True, exist_ok=True)
    # A child process: the plugins' progress chatter is captured, and shown only on failure.
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SchemaUserError(
            f"protoc failed on {[p.name for p in sources]!r}: {done.stderr.strip()!r}; "
            "fix the .proto files"
        )
    for relative, text in _PACKAGE_FILES.items():
        target = out_dir / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode())
    return sorted(path for path in (out_dir / "brainbench").rglob("*") if path.is_file())


def _tree(base: Path) -> set[str]:
    package = base / "brainbench"
    if not package.is_dir():
        return set()
    return {
        path.relative_to(base).as_posix()
        for path in package.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def drift(committed: Path, fresh: Path) -> list[str]:
    """Relative paths that differ between two generated trees (changed, missing or extra)."""
    old, new = _tree(committed), _tree(fresh)
    changed = [
        name
        for name in sorted(old & new)
        if not filecmp.cmp(committed / name, fresh / name, shallow=False)
    ]
    missing = [f"{name} (not committed)" for name in sorted(new - old)]
    extra = [f"{name} (no longer generated)" for name in sorted(old - new)]
    return changed + missing + extra


def committed_dir() -> Path:
    """The ``src`` directory holding the committed ``brainbench`` package."""
    return repo_root() / "packages" / "bb-schema" / "src"


def check_drift() -> list[str]:
    """Regenerate into a temporary directory; the files that differ from the committed ones."""
    check_versions()
    with tempfile.TemporaryDirectory(prefix="bb-protogen-") as tmp:
        generate(Path(tmp))
        return drift(committed_dir(), Path(tmp))


def regenerate() -> list[Path]:
    """Rewrite the committed package from ``proto/`` (stale files are removed first)."""
    check_versions()
    target = committed_dir()
    shutil.rmtree(target / "brainbench", ignore_errors=True)
    return generate(target)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point; see the module docstring for the exit codes."""
    parser = argparse.ArgumentParser(
        prog="python -m bb_schema._protogen",
        description="Regenerate the committed brainbench.v1 protobuf/gRPC modules from proto/.",
        epilog="Exit codes: 0 up to date, 1 drift (with --check-drift), 2 error.",
    )
    parser.add_argument(
        "--check-drift",
        action="store_true",
        help="regenerate into a temporary directory and fail listing files that differ",
    )
    args = parser.parse_args(argv)
    try:
        if args.check_drift:
            stale = check_drift()
            if stale:
                print("generated protobuf modules drifted from proto/:", file=sys.stderr)
                for name in stale:
                    print(f"  {name}", file=sys.stderr)
                print("run `uv run python -m bb_schema._protogen` and commit", file=sys.stderr)
                return 1
            print("generated protobuf modules are up to date", file=sys.stderr)
            return 0
        written = regenerate()
    except SchemaUserError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    print(f"wrote {len(written)} files under {committed_dir() / 'brainbench'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
