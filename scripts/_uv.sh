# Sourced by the entry scripts: make sure uv is on PATH.
#
# When it is missing, uv is installed into a private virtual environment in the project's
# cache (${BRAINBENCH_CACHE_DIR:-${XDG_CACHE_HOME:-~/.cache}/brainbench}/uv-venv), never into
# the system Python: a distribution's Python is often "externally managed" (PEP 668, e.g.
# Debian 12), where `pip install` outside a virtual environment is refused, and rightly so.
# Needs `python3 -m venv` (Debian: the python3-venv package).
if ! command -v uv >/dev/null 2>&1; then
  _bb_cache="${BRAINBENCH_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/brainbench}"
  _bb_venv="$_bb_cache/uv-venv"
  if [ ! -x "$_bb_venv/bin/uv" ]; then
    mkdir -p "$_bb_cache"
    if ! python3 -m venv "$_bb_venv" >&2; then
      echo "brainbench: cannot create a virtual environment for uv with 'python3 -m venv';" \
        "install python3-venv, or install uv yourself (https://docs.astral.sh/uv/)" >&2
      return 2 2>/dev/null || exit 2
    fi
    if ! "$_bb_venv/bin/python" -m pip install --quiet "uv>=0.9" >&2; then
      echo "brainbench: installing uv into $_bb_venv failed; install uv yourself" \
        "(https://docs.astral.sh/uv/)" >&2
      return 2 2>/dev/null || exit 2
    fi
  fi
  export PATH="$_bb_venv/bin:$PATH"
  unset _bb_cache _bb_venv
fi
