#!/usr/bin/env bash
# Fuzzes the parsers that read untrusted bytes with libFuzzer and AddressSanitizer.
#
#   Scripts/fuzz.sh csv|rtf|declarations [SECONDS]      # default: 120 seconds
#
# Builds Fuzz/ (a separate package) with coverage in every module, then runs the target on a copy of
# its seed corpus in .build/fuzz/. A crash leaves crash-* in the current directory; rerun one with
# Fuzz/.build/release/FuzzCSV crash-… (or FuzzRTF, FuzzDeclarations).
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Scripts/fuzz.sh csv|rtf|declarations [SECONDS]}
seconds=${2:-120}
case "$target" in
  csv) product=FuzzCSV ;;
  rtf) product=FuzzRTF ;;
  declarations) product=FuzzDeclarations ;;
  *) echo "unknown target '$target': expected csv, rtf or declarations" >&2; exit 64 ;;
esac

# --sanitize instruments the fuzz target; -Xswiftc instruments TransferKit too, so that coverage
# guides the fuzzer through the parsers.
swift build --package-path Fuzz -c release --product "$product" \
  --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address

corpus=.build/fuzz/$target
mkdir -p "$corpus"
cp -n Fuzz/Corpus/"$target"/* "$corpus"/ 2>/dev/null || true
"Fuzz/.build/release/$product" "$corpus" -max_total_time="$seconds" -max_len=2048 -rss_limit_mb=4096
