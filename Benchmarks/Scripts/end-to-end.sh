#!/usr/bin/env bash
# The end-to-end benchmark: `transfer convert` against polars, DuckDB, pandas and Python's csv +
# json, converting generated profile archives (with media) both ways, whole and --stream.
#
#     bash Benchmarks/Scripts/end-to-end.sh [COUNT ...]     # default: 100000 1000000
#
# Builds the tool and the benchmark package in release mode, installs the Python peers in a
# virtual environment (setup-peers.sh), generates each archive as CSV and JSON with the
# deterministic ProfileGenerator, and runs end_to_end.py on it: medians of 5 interleaved
# whole-process runs after a warm-up, peak RSS, outputs checked record by record. Prints the
# Markdown tables for Docs/Performance.md.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
counts=("$@")
[[ ${#counts[@]} -eq 0 ]] && counts=(100000 1000000)

swift build -c release --product transfer >&2
# SwiftPM keeps the root package's file list in the benchmark package's build plan: drop the plan
# so that files added to the root package are seen.
rm -f Benchmarks/.build/release.yaml
swift build -c release --package-path Benchmarks >&2
bash Benchmarks/Scripts/setup-peers.sh >&2

data="${TMPDIR:-/tmp}/transferkit-end-to-end"
mkdir -p "$data"
trap 'rm -rf "$data"' EXIT
for count in "${counts[@]}"; do
    label="$((count / 1000))k"
    [[ $count -ge 1000000 ]] && label="$((count / 1000000))M"
    Benchmarks/.build/release/TransferBenchmarks generate-profiles "$count" csv >"$data/profiles-$label.csv"
    Benchmarks/.build/release/TransferBenchmarks generate-profiles "$count" json >"$data/profiles-$label.json"
    python3 Benchmarks/Scripts/end_to_end.py --transfer .build/release/transfer \
        --csv "$data/profiles-$label.csv" --json "$data/profiles-$label.json" --runs 5 --stream --label "$label" --tmpdir "$data"
    rm -f "$data/profiles-$label.csv" "$data/profiles-$label.json"
done
