#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer, in a build folder of its own (.build-tsan), with
# the suppressions in Tests/tsan-suppressions.txt (each explained there and in Docs/Sanitizers.md).
# Exits non-zero when a report is not suppressed.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests --scratch-path .build-tsan --sanitize=thread
TSAN_OPTIONS="suppressions=$PWD/Tests/tsan-suppressions.txt halt_on_error=0 exitcode=66" \
  swift test --skip-build --scratch-path .build-tsan --sanitize=thread "$@"
