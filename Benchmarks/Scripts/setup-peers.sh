#!/usr/bin/env bash
# The Python peers of the end-to-end benchmarks, in a virtual environment of their own.
#
#     bash Benchmarks/Scripts/setup-peers.sh
#
# Creates the environment at Benchmarks/.venv (or at $TRANSFERKIT_PEERS_VENV) with $PYTHON
# (default python3) unless it is there already, then makes sure the peers are installed in it:
# polars, duckdb, chdb (ClickHouse in process), pandas, pyarrow and orjson for the conversion
# benchmark (end_to_end.py, convert_peers.py); html5lib, lxml and beautifulsoup4 for the HTML one.
# Nothing is pinned: the versions installed are written to VENV/versions.txt and printed, for the
# benchmark's report.
# Running it again only installs what is missing (set TRANSFERKIT_PEERS_UPGRADE=1 to upgrade).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="${TRANSFERKIT_PEERS_VENV:-$here/../.venv}"
python="${PYTHON:-python3}"
packages=(polars duckdb chdb pandas pyarrow orjson html5lib lxml beautifulsoup4 werkzeug)

if [[ ! -x "$venv/bin/python" ]]; then
    echo "setup-peers: creating $venv with $("$python" --version 2>&1)" >&2
    "$python" -m venv "$venv"
fi
venv="$(cd "$venv" && pwd)"

pip=("$venv/bin/python" -m pip --disable-pip-version-check --no-input)
upgrade=()
[[ "${TRANSFERKIT_PEERS_UPGRADE:-0}" == 1 ]] && upgrade=(--upgrade)
"${pip[@]}" install --quiet "${upgrade[@]}" "${packages[@]}"

# `pip freeze` lines for the peers alone (and the interpreter), in the order above.
"$venv/bin/python" - "${packages[@]}" >"$venv/versions.txt" <<'PY'
import platform
import sys
from importlib.metadata import version

print(f"python=={platform.python_version()}")
for name in sys.argv[1:]:
    print(f"{name}=={version(name)}")
PY
echo "setup-peers: $venv ($venv/versions.txt):" >&2
cat "$venv/versions.txt"
