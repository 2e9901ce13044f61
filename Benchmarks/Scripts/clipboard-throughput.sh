#!/usr/bin/env bash
# Copy → paste of a 100 MB payload through the X11 clipboard (INCR), on an Xvfb of its own:
# xclip to xclip against transfer to transfer (and the two mixed), the same bytes checked after
# each run; then the same through Wayland's data-control on a headless sway of its own, against
# wl-copy and wl-paste. Medians of 5 interleaved runs after a warm-up, in seconds from the copy's
# start to the paste's end.
#
#     bash Benchmarks/Scripts/clipboard-throughput.sh [--static] [MEGABYTES]     # default: 100
#
# Needs Xvfb, xclip, sway and wl-clipboard (Scripts/install-desktop-tools.sh) and builds the tool
# in release mode: with --static, the binary the README hands out (`--static-swift-stdlib`, which
# links FoundationNetworking against libcurl's development files, installed here when missing).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
arguments="$*"
build=(swift build -c release --product transfer)
linking="the Swift runtime linked dynamically"
if [[ ${1:-} == --static ]]; then
    shift
    if ! dpkg -s libcurl4-openssl-dev >/dev/null 2>&1; then
        sudo=(); [[ $(id -u) -eq 0 ]] || sudo=(sudo)
        { "${sudo[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q \
            --no-install-recommends libcurl4-openssl-dev; } >/dev/null \
            || { echo "clipboard-throughput: apt-get could not install libcurl4-openssl-dev" >&2; exit 1; }
    fi
    build+=(--static-swift-stdlib)
    linking="the Swift runtime linked statically (--static-swift-stdlib)"
fi
size_mb="${1:-100}"
"${build[@]}" >&2
transfer="$root/.build/release/transfer"

work="$(mktemp -d)"
display=":$((500 + RANDOM % 300))"
Xvfb "$display" -nolisten tcp -noreset >/dev/null 2>&1 &
server=$!
compositor=
trap 'kill $server $compositor 2>/dev/null; pkill -f "xclip -selection clipboard" 2>/dev/null || true; rm -rf "$work"' EXIT
export DISPLAY="$display"
for _ in $(seq 100); do [[ -S "/tmp/.X11-unix/X${display#:}" ]] && break; sleep 0.05; done
head -c "$((size_mb * 1000 * 1000))" /dev/urandom >"$work/payload"
type=application/octet-stream

copy() {  # tool; the serving process must not hold the caller's output open (it would never end)
    case "$1" in
        xclip) xclip -selection clipboard -t "$type" -i "$work/payload" >/dev/null 2>&1 ;;
        wl-copy) wl-copy --type "$type" <"$work/payload" >/dev/null 2>&1 ;;
        transfer) "$transfer" copy --type "$type" "$work/payload" >/dev/null 2>&1 ;;
    esac
}
paste() {  # tool
    case "$1" in
        xclip) xclip -selection clipboard -o -t "$type" >"$work/out" ;;
        wl-paste) wl-paste --type "$type" >"$work/out" ;;
        transfer) "$transfer" paste --type "$type" >"$work/out" ;;
    esac
}
owned() {  # whether an owner answers yet
    if [[ -n ${WAYLAND_DISPLAY:-} ]]; then wl-paste --list-types 2>/dev/null | grep -qx "$type"; else
        xclip -selection clipboard -o -t TARGETS >/dev/null 2>&1; fi
}
run() {  # copier paster → seconds
    local start end
    start=$(date +%s.%N)
    copy "$1"
    # xclip and wl-copy fork before they own the selection: wait until an owner answers.
    for _ in $(seq 200); do owned && break; sleep 0.01; done
    paste "$2"
    end=$(date +%s.%N)
    cmp -s "$work/payload" "$work/out" || { echo "clipboard-throughput: $1 → $2 changed the bytes" >&2; exit 1; }
    echo "$end - $start" | bc
}
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
measure() {  # title, then pairs; the first pair is the baseline
    local title=$1
    shift
    local pairs=("$@")
    declare -A samples
    for pair in "${pairs[@]}"; do run $pair >/dev/null; done  # warm-up
    for round in 1 2 3 4 5; do
        for pair in "${pairs[@]}"; do samples[$pair]+="$(run $pair) "; done
    done
    local baseline
    baseline=$(echo "${samples[${pairs[0]}]}" | median)
    echo "### $title"
    echo
    echo "| copy → paste | median s | MB/s | ÷ ${pairs[0]% *} → ${pairs[0]#* } |"
    echo "| --- | ---: | ---: | ---: |"
    for pair in "${pairs[@]}"; do
        m=$(echo "${samples[$pair]}" | median)
        printf '| %s → %s | %.3f | %.0f | %.2f× |\n' ${pair% *} ${pair#* } "$m" "$(echo "$size_mb / $m" | bc -l)" \
            "$(echo "$baseline / $m" | bc -l)"
    done
    echo
}
measure "Clipboard: copy → paste of $size_mb MB through INCR (Xvfb, $(xclip -version 2>&1 | head -1))" \
    "xclip xclip" "transfer transfer" "xclip transfer" "transfer xclip"

# Wayland: sway on wlroots' headless backend, in a runtime directory of its own; as root it runs as
# nobody (it refuses root), and clients running as root can still use its socket.
runtime="$work/runtime"
mkdir -m 700 "$runtime"
printf 'xwayland disable\n' >"$work/sway.config"
launch=(env -i PATH=/usr/bin:/bin HOME="$runtime" XDG_RUNTIME_DIR="$runtime" WLR_BACKENDS=headless
    WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 sway -c "$work/sway.config")
if [[ $(id -u) -eq 0 ]]; then
    chown nobody "$runtime"
    chmod o+x "$work"
    launch=(setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" --clear-groups -- "${launch[@]}")
fi
"${launch[@]}" >/dev/null 2>&1 &
compositor=$!
for _ in $(seq 200); do ls "$runtime" | grep -qx 'wayland-[0-9]*' && break; sleep 0.02; done
export XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY
WAYLAND_DISPLAY=$(ls "$runtime" | grep -x 'wayland-[0-9]*' | head -1)
measure "Clipboard: copy → paste of $size_mb MB through Wayland's data-control (headless $(sway --version), wl-clipboard $(wl-copy --version | head -1 | awk '{print $2}'))" \
    "wl-copy wl-paste" "transfer transfer" "wl-copy transfer" "transfer wl-paste"
echo "Command: \`${build[*]}\`, then \`bash Benchmarks/Scripts/clipboard-throughput.sh $arguments\` ($linking); ÷ above 1 is faster than the first row."
