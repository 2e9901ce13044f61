#!/usr/bin/env bash
# Copy → paste of a 100 MB payload through the X11 clipboard (INCR), on an Xvfb of its own:
# xclip to xclip against transfer to transfer (and the two mixed), the same bytes checked after
# each run. Medians of 5 interleaved runs after a warm-up, in seconds from the copy's start to the
# paste's end.
#
#     bash Benchmarks/Scripts/clipboard-throughput.sh [MEGABYTES]     # default: 100
#
# Needs Xvfb and xclip (Scripts/install-desktop-tools.sh) and builds the tool in release mode.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
size_mb="${1:-100}"
swift build -c release --product transfer >&2
transfer="$root/.build/release/transfer"

work="$(mktemp -d)"
display=":$((500 + RANDOM % 300))"
Xvfb "$display" -nolisten tcp >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; pkill -f "xclip -selection clipboard" 2>/dev/null || true; rm -rf "$work"' EXIT
export DISPLAY="$display"
for _ in $(seq 100); do [[ -S "/tmp/.X11-unix/X${display#:}" ]] && break; sleep 0.05; done
head -c "$((size_mb * 1000 * 1000))" /dev/urandom >"$work/payload"
type=application/octet-stream

copy() {  # tool; the serving process must not hold the caller's output open (it would never end)
    case "$1" in
        xclip) xclip -selection clipboard -t "$type" -i "$work/payload" >/dev/null 2>&1 ;;
        transfer) "$transfer" copy --type "$type" "$work/payload" >/dev/null 2>&1 ;;
    esac
}
paste() {  # tool
    case "$1" in
        xclip) xclip -selection clipboard -o -t "$type" >"$work/out" ;;
        transfer) "$transfer" paste --type "$type" -o "$work/out" ;;
    esac
}
run() {  # copier paster → seconds
    local start end
    start=$(date +%s.%N)
    copy "$1"
    # xclip forks before it owns the selection: wait until an owner answers.
    for _ in $(seq 200); do xclip -selection clipboard -o -t TARGETS >/dev/null 2>&1 && break; sleep 0.01; done
    paste "$2"
    end=$(date +%s.%N)
    cmp -s "$work/payload" "$work/out" || { echo "clipboard-throughput: $1 → $2 changed the bytes" >&2; exit 1; }
    echo "$end - $start" | bc
}
pairs=("xclip xclip" "transfer transfer" "xclip transfer" "transfer xclip")
declare -A samples
for pair in "${pairs[@]}"; do run $pair >/dev/null; done  # warm-up
for round in 1 2 3 4 5; do
    for pair in "${pairs[@]}"; do samples[$pair]+="$(run $pair) "; done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
baseline=$(echo "${samples[xclip xclip]}" | median)
echo "### Clipboard: copy → paste of $size_mb MB through INCR (Xvfb, $(xclip -version 2>&1 | head -1))"
echo
echo "| copy → paste | median s | MB/s | ÷ xclip → xclip |"
echo "| --- | ---: | ---: | ---: |"
for pair in "${pairs[@]}"; do
    m=$(echo "${samples[$pair]}" | median)
    printf '| %s → %s | %.3f | %.0f | %.2f× |\n' ${pair% *} ${pair#* } "$m" "$(echo "$size_mb / $m" | bc -l)" \
        "$(echo "$baseline / $m" | bc -l)"
done
echo
echo "Command: \`bash Benchmarks/Scripts/clipboard-throughput.sh $size_mb\`; ÷ above 1 is faster than xclip → xclip."
