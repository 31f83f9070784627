# Sourced by the entry scripts: make sure uv is on PATH (installs it with pip when missing).
if ! command -v uv >/dev/null 2>&1; then
  python3 -m pip install --quiet "uv>=0.9" >&2
  export PATH="$(python3 -m site --user-base)/bin:$PATH"
fi
