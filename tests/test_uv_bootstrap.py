"""scripts/_uv.sh installs uv into a private venv, never into an externally managed Python.

The system Python is simulated by a ``python3`` wrapper that refuses ``pip`` the way a
PEP 668 "externally managed" Python does; the package index by a local directory holding a
stand-in ``uv`` wheel (no network), so the test shows where the bootstrap installs, not uv.
"""

from __future__ import annotations

import base64
import hashlib
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell script")


def _stand_in_uv_wheel(directory: Path) -> None:
    """A wheel named uv whose console script prints a marker."""
    name = "uv-0.9.99"
    files = {
        "fake_uv.py": "def main():\n    print('stand-in uv')\n",
        f"{name}.dist-info/METADATA": "Metadata-Version: 2.1\nName: uv\nVersion: 0.9.99\n",
        f"{name}.dist-info/WHEEL": (
            "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        ),
        f"{name}.dist-info/entry_points.txt": "[console_scripts]\nuv = fake_uv:main\n",
    }
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=")
        record.append(f"{path},sha256={digest.decode()},{len(text.encode())}")
    record.append(f"{name}.dist-info/RECORD,,")
    files[f"{name}.dist-info/RECORD"] = "\n".join(record) + "\n"
    with zipfile.ZipFile(directory / f"{name}-py3-none-any.whl", "w") as wheel:
        for path, text in files.items():
            wheel.writestr(path, text)


def test_uv_goes_into_a_private_venv_when_the_system_python_is_externally_managed(
    tmp_path: Path,
) -> None:
    fake_bin, index, cache = tmp_path / "bin", tmp_path / "index", tmp_path / "cache"
    for folder in (fake_bin, index):
        folder.mkdir()
    _stand_in_uv_wheel(index)
    refusals = tmp_path / "pip-refusals"
    python3 = fake_bin / "python3"
    python3.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then\n'
        f'  echo refused >> "{refusals}"\n'
        '  echo "error: externally-managed-environment" >&2; exit 1\n'
        "fi\n"
        f'exec "{sys.executable}" "$@"\n',
        encoding="utf-8",
    )
    python3.chmod(0o755)
    env = {
        "PATH": f"{fake_bin}:/usr/bin:/bin",  # no uv anywhere on it
        "HOME": str(tmp_path),
        "BRAINBENCH_CACHE_DIR": str(cache),
        "PIP_NO_INDEX": "1",
        "PIP_FIND_LINKS": str(index),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    script = f'. "{ROOT / "scripts" / "_uv.sh"}" && command -v uv && uv'
    done = subprocess.run(
        ["sh", "-c", script], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    where, said = done.stdout.split()[0], done.stdout.strip().splitlines()[-1]
    assert where == str(cache / "uv-venv" / "bin" / "uv") and said == "stand-in uv"
    assert not refusals.exists()  # the system Python's pip was never asked
    again = subprocess.run(["sh", "-c", script], env=env, capture_output=True, text=True)
    assert again.returncode == 0 and again.stdout.split()[0] == where  # reused, not reinstalled
    assert os.access(where, os.X_OK)
