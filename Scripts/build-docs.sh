#!/usr/bin/env bash
# Builds the DocC catalogs with the toolchain's `docc` (no plugin: the package has no dependencies).
#
#   Scripts/build-docs.sh [TARGET ...]     # default: every target with a .docc catalog
#
# Output goes to .build/docs/TARGET.doccarchive. Fails on any DocC warning.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for catalog in Sources/*/*.docc; do targets+=("$(basename "$(dirname "$catalog")")"); done
fi

# The library modules, built; then each one's symbol graph, extracted from its built module. (Not
# `swift package dump-symbol-graph`, which wants every module of the build plan, the tests' too, and so
# fails on a fresh clone whose tests were never built.)
swift build >/dev/null
bin=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | sed -n 's/.*"triple": "\([^"]*\)".*/\1/p' | head -1)

docc=$(command -v docc || echo "$(dirname "$(command -v swift)")/docc")
mkdir -p .build/docs
status=0
for target in "${targets[@]}"; do
  target_graphs=.build/symbol-graphs-$target
  rm -rf "$target_graphs" && mkdir -p "$target_graphs"
  swift symbolgraph-extract -module-name "$target" -target "$triple" -I "$bin/Modules" \
    -Xcc -fmodule-map-file="$bin/CTransferKitSystem.build/module.modulemap" \
    -minimum-access-level public -output-dir "$target_graphs"
  log=$("$docc" convert "Sources/$target/$target.docc" \
    --additional-symbol-graph-dir "$target_graphs" \
    --fallback-display-name "$target" --fallback-bundle-identifier "org.transferkit.$target" \
    --output-path ".build/docs/$target.doccarchive" 2>&1) || { echo "$log"; status=1; }
  if grep -q 'warning:' <<<"$log"; then
    echo "$log"
    status=1
  fi
  echo "$target: .build/docs/$target.doccarchive"
done
exit $status
