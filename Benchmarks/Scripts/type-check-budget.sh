#!/usr/bin/env bash
# How long the compiler takes to type-check a declaration of twelve representations with modifiers,
# a proxy and conditions (Benchmarks/Fixtures/TwelveRepresentations.swift): the slowest function body
# and the slowest expression, median of five runs, against the budgets of 200 ms and 100 ms.
#
#   Benchmarks/Scripts/type-check-budget.sh
#
# A wall-clock figure, so a benchmark, not a test: a loaded machine slows it. The tests compile the
# same declaration in every build (Tests/TransferKitTests/Builder/TwelveRepresentationsTests.swift).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --target TransferKit >/dev/null
bin=$(swift build --show-bin-path)
fixture=Benchmarks/Fixtures/TwelveRepresentations.swift
bodies=()
expressions=()
for _ in 1 2 3 4 5; do
    bodies+=("$(swiftc -typecheck -swift-version 6 -I "$bin/Modules" \
        -Xcc -fmodule-map-file="$bin/CTransferKitSystem.build/module.modulemap" \
        -Xfrontend -debug-time-function-bodies "$fixture" 2>&1 | sed -n 's/^\([0-9.]*\)ms.*/\1/p' | sort -rn | head -1)")
    expressions+=("$(swiftc -typecheck -swift-version 6 -I "$bin/Modules" \
        -Xcc -fmodule-map-file="$bin/CTransferKitSystem.build/module.modulemap" \
        -Xfrontend -warn-long-expression-type-checking=1 "$fixture" 2>&1 \
        | sed -n 's/.*took \([0-9]*\)ms to type-check.*/\1/p' | sort -rn | head -1)")
done
median() { printf '%s\n' "$@" | sort -n | sed -n 3p; }
body=$(median "${bodies[@]}")
expression=$(median "${expressions[@]}")
expression=${expression:-0}
echo "slowest function body: ${body} ms (median of 5; budget 200 ms)"
echo "slowest expression:    ${expression} ms (median of 5; budget 100 ms)"
awk -v b="$body" -v e="$expression" 'BEGIN { exit !(b < 200 && e < 100) }' || { echo "over budget"; exit 1; }
