#!/usr/bin/env bash
# Converts a JSON Lines archive shard by shard, in parallel processes, and joins the results into
# exactly what one `transfer convert` gives: the recipe of Docs/Sharding.md, for archives split
# across machines or larger than one process should take at once.
#
#     Scripts/convert-in-shards.sh INPUT.jsonl csv|json|jsonl OUTPUT [JOBS] [TRANSFER]
#
# 1. Split at line boundaries (`split -n l/JOBS`: whole lines, never a record cut in two).
# 2. Convert each shard with its own `transfer convert - --from jsonl --to FORMAT`, JOBS at a time
#    (`xargs -P`): a filter reading standard input, as any engine's pipe step runs it.
# 3. Join in shard order: JSON Lines as they are; CSV with the header of the first shard only (each
#    shard writes the header line; the others drop it with `tail -n +2`); a JSON array by taking
#    each shard's elements from inside its brackets and joining them with commas (`[]` shards, the
#    empty ones, are skipped).
# The output is written under a temporary name and renamed, so it is whole or absent; a shard that
# fails fails the whole run (its message names the line within the shard).
set -euo pipefail

usage="usage: Scripts/convert-in-shards.sh INPUT.jsonl csv|json|jsonl OUTPUT [JOBS] [TRANSFER]"
input=${1:?$usage}
format=${2:?$usage}
output=${3:?$usage}
jobs=${4:-$(nproc)}
transfer=${5:-transfer}
case "$format" in csv | json | jsonl) ;; *) echo "$usage" >&2; exit 64 ;; esac

work=$(mktemp -d "${TMPDIR:-/tmp}/shards.XXXXXX")
trap 'rm -rf "$work"' EXIT

split -n "l/$jobs" -d -a 4 "$input" "$work/shard."
# Each shard through its own process; a failure of any fails xargs (exit 123).
ls "$work"/shard.* | xargs -P "$jobs" -I{} sh -c \
  'exec "$1" convert - --from jsonl --to "$2" < "$3" > "$3.out"' _ "$transfer" "$format" {}

joined="$work/joined"
: >"$joined"
first=1
for shard in "$work"/shard.*[0-9]; do
  part="$shard.out"
  case "$format" in
    jsonl) cat "$part" >>"$joined" ;;
    csv)
      if [[ $first -eq 1 ]]; then cat "$part" >>"$joined"; else tail -n +2 "$part" >>"$joined"; fi
      first=0
      ;;
    json)
      # `[e1,e2]`: the elements are everything between the first and the last byte.
      [[ $(stat -c %s "$part") -le 2 ]] && continue
      if [[ $first -eq 1 ]]; then printf '[' >>"$joined"; else printf ',' >>"$joined"; fi
      tail -c +2 "$part" | head -c -1 >>"$joined"
      first=0
      ;;
  esac
done
if [[ $format == json ]]; then
  if [[ $first -eq 1 ]]; then printf '[]' >>"$joined"; else printf ']' >>"$joined"; fi
fi
mv "$joined" "$output"
