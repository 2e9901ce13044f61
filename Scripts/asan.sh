#!/usr/bin/env bash
# Runs tests under AddressSanitizer, in a build folder of its own (.build-asan): every test, or the
# suites a --filter names. Exits non-zero on a report (ASan stops the process at the first one).
#
#   Scripts/asan.sh                                   # every test
#   Scripts/asan.sh --filter "TransferClipboardTests"  # some suites
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests --scratch-path .build-asan --sanitize=address
# Leak checks off: Foundation and the Swift runtime keep caches for the life of the process, which
# LeakSanitizer reports at exit whatever the code under test does.
ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:halt_on_error=1" \
  swift test --skip-build --scratch-path .build-asan --sanitize=address "$@"
