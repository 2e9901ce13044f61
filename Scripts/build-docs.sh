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

swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(swift build --show-bin-path)/../symbolgraph

docc=$(command -v docc || echo "$(dirname "$(command -v swift)")/docc")
mkdir -p .build/docs
status=0
for target in "${targets[@]}"; do
  target_graphs=.build/symbol-graphs-$target
  rm -rf "$target_graphs" && mkdir -p "$target_graphs"
  cp "$graphs/$target.symbols.json" "$target_graphs/"
  cp "$graphs/$target@"*.symbols.json "$target_graphs/" 2>/dev/null || true
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
