#!/usr/bin/env bash
# Fuzzes the parsers that read untrusted bytes with libFuzzer and AddressSanitizer.
#
#   Scripts/fuzz.sh csv|rtf|declarations|json [SECONDS]      # default: 120 seconds
#
# Builds Fuzz/ (a separate package) with coverage in every module, then runs the target on a copy of
# its seed corpus in .build/fuzz/. A crash leaves crash-* in the current directory; rerun one with
# Fuzz/.build/release/FuzzCSV crash-… (or FuzzRTF, FuzzDeclarations).
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Scripts/fuzz.sh csv|rtf|declarations|json [SECONDS]}
seconds=${2:-120}
case "$target" in
  csv) product=FuzzCSV ;;
  rtf) product=FuzzRTF ;;
  declarations) product=FuzzDeclarations ;;
  json) product=FuzzJSON ;;
  *) echo "unknown target '$target': expected csv, rtf, declarations or json" >&2; exit 64 ;;
esac

# Inputs up to 2 KiB, except JSON's, which must reach the nesting limit (512 levels and more) and
# long strings; a dictionary of the grammar's tokens where there is one.
max_len=2048
extra=()
if [ "$target" = json ]; then
  max_len=65536
  extra=(-dict=Fuzz/json.dict)
fi

# SwiftPM keeps the root package's file list in this package's build plan: drop the plan, so that
# files added to the root package are seen.
rm -f Fuzz/.build/release.yaml
# --sanitize instruments the fuzz target; -Xswiftc instruments TransferKit too, so that coverage
# guides the fuzzer through the parsers.
swift build --package-path Fuzz -c release --product "$product" \
  --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address

corpus=.build/fuzz/$target
mkdir -p "$corpus"
cp -n Fuzz/Corpus/"$target"/* "$corpus"/ 2>/dev/null || true
"Fuzz/.build/release/$product" "$corpus" -max_total_time="$seconds" -max_len="$max_len" -rss_limit_mb=4096 "${extra[@]}"
