#!/usr/bin/env bash
# Fuzzes the parsers that read untrusted bytes with libFuzzer and AddressSanitizer.
#
#   Scripts/fuzz.sh TARGET [SECONDS] [-- LIBFUZZER OPTIONS]     # default: 120 seconds
#
# Targets, one parser each (Docs/Fuzzing.md has the counts of the last runs):
#   csv rtf json json-array json-runs
#   accept predicate predicate-evaluate activation manifest android infoplist profiles tags types
#   html pagedate microdata placeholder placeholder-server
#   x11 wayland
#
# Builds Fuzz/ (a separate package) with coverage in every module, then runs the target on a copy of
# its seed corpus in .build/fuzz/TARGET. A crash leaves crash-* in the current directory; rerun one
# with the same environment: TRANSFERKIT_FUZZ_PARSER=TARGET Fuzz/.build/release/PRODUCT crash-…
set -euo pipefail
cd "$(dirname "$0")/.."

usage="usage: Scripts/fuzz.sh csv|rtf|json|json-array|json-runs|accept|predicate|predicate-evaluate|activation|manifest|android|infoplist|profiles|tags|types|html|pagedate|microdata|placeholder|placeholder-server|x11|wayland [SECONDS] [-- OPTIONS]"
target=${1:?$usage}
shift
seconds=120
if [ $# -gt 0 ] && [ "$1" != "--" ]; then seconds=$1; shift; fi
[ "${1:-}" = "--" ] && shift

# Inputs up to 64 KiB, so that nesting and size limits (512 levels, long strings, 100-level XML)
# are within reach, and a dictionary of the grammar's tokens where there is one.
max_len=65536
extra=()
build=()
parser=$target
case "$target" in
  csv) product=FuzzCSV ;;
  rtf) product=FuzzRTF ;;
  json) product=FuzzJSON; parser=document; extra=(-dict=Fuzz/Dictionaries/json.dict) ;;
  # Leak checks off: the reader's file I/O leaves allocations that make LeakSanitizer scan the heap
  # after every input (200 runs a second instead of 9,000); the document decoder is leak-checked.
  json-array) product=FuzzJSON; parser=array; extra=(-dict=Fuzz/Dictionaries/json.dict -detect_leaks=0) ;;
  # JSON → CSV in runs: each input repeated into an array of about 700 KB, converted twice.
  json-runs) product=FuzzJSON; parser=runs; extra=(-dict=Fuzz/Dictionaries/json.dict -detect_leaks=0) ;;
  accept) product=FuzzDeclarations; extra=(-dict=Fuzz/Dictionaries/accept.dict) ;;
  predicate | predicate-evaluate) product=FuzzDeclarations; extra=(-dict=Fuzz/Dictionaries/predicate.dict) ;;
  activation | manifest | profiles) product=FuzzDeclarations; extra=(-dict=Fuzz/Dictionaries/json.dict) ;;
  android | infoplist | types) product=FuzzDeclarations; extra=(-dict=Fuzz/Dictionaries/xml.dict) ;;
  tags) product=FuzzDeclarations ;;
  html | microdata) product=FuzzLinkPreviews; extra=(-dict=Fuzz/Dictionaries/html.dict) ;;
  pagedate) product=FuzzLinkPreviews; max_len=256 ;;
  # Request targets are at most 8 KiB on the server (414 past it).
  placeholder) product=FuzzPlaceholders; max_len=8192; extra=(-dict=Fuzz/Dictionaries/placeholder.dict) ;;
  # Leak checks off: the server's connection threads free what they allocated after the response
  # has been read, which LeakSanitizer's per-input check would count against the input.
  placeholder-server) product=FuzzPlaceholders; extra=(-dict=Fuzz/Dictionaries/placeholder.dict -detect_leaks=0) ;;
  # The clipboard's codecs are internal: the product imports them `@testable`, which needs
  # -enable-testing in every module it builds.
  x11 | wayland) product=FuzzClipboard; build=(-Xswiftc -enable-testing) ;;
  *) echo "unknown target '$target'" >&2; echo "$usage" >&2; exit 64 ;;
esac

# SwiftPM keeps the root package's file list in this package's build plan: drop the plan, so that
# files added to the root package are seen.
rm -f Fuzz/.build/release.yaml
# --sanitize instruments the fuzz target; -Xswiftc instruments TransferKit too, so that coverage
# guides the fuzzer through the parsers.
swift build --package-path Fuzz -c release --product "$product" \
  --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address ${build[@]+"${build[@]}"}

# No allocation stack in AddressSanitizer's reports unless asked for: recording one per allocation
# costs a quarter of the time of the allocation-heavy targets (predicate, json-array). A finding is
# still found; rerun its input with ASAN_OPTIONS=malloc_context_size=30 for the stacks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=0}

corpus=.build/fuzz/$target
mkdir -p "$corpus"
cp -n Fuzz/Corpus/"$target"/* "$corpus"/ 2>/dev/null || true
TRANSFERKIT_FUZZ_PARSER=$parser "Fuzz/.build/release/$product" "$corpus" -max_total_time="$seconds" \
  -max_len="$max_len" -rss_limit_mb=4096 -print_final_stats=1 "${extra[@]}" "$@"
