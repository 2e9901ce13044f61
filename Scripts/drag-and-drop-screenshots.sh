#!/usr/bin/env bash
# The screenshots of Docs/DragAndDrop.md, made on an Xvfb of its own with Chromium and the pages
# ChromiumDragTests uses (Tests/TransferClipboardTests/Pages), the pointer moved by xdotool:
#
#   Docs/Images/drag-and-drop-windows.png      transfer drag of three files (a tile each) beside transfer drop
#   Docs/Images/drag-file-into-chromium.png    transfer drag FILE, dropped on a page (after the drop)
#   Docs/Images/drag-model-into-chromium.png   transfer drag --model Profile FILE, dropped on a page
#   Docs/Images/drag-text-out-of-chromium.png  a page's text over transfer drop (before the release)
#
#     Scripts/drag-and-drop-screenshots.sh
#
# Needs Xvfb, xdotool and Chromium (Scripts/install-desktop-tools.sh installs them) and xwd
# (Debian's x11-apps), and builds the tool. The windows of `transfer drag` and `transfer drop` show
# a tile for each item, its name drawn.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
for program in Xvfb xdotool chromium xwd; do
    command -v "$program" >/dev/null 2>&1 || {
        echo "drag-and-drop-screenshots: $program is missing (Scripts/install-desktop-tools.sh; xwd: apt-get install x11-apps)" >&2
        exit 1
    }
done
swift build --product transfer >&2
transfer="$root/.build/debug/transfer"
images="$root/Docs/Images"
mkdir -p "$images"

work="$(mktemp -d)"
display=":$((500 + RANDOM % 300))"
Xvfb "$display" -nolisten tcp -noreset -screen 0 720x320x24 >/dev/null 2>&1 &
server=$!
chromium_pid=
cleanup() {
    [[ -n $chromium_pid ]] && kill -9 -- "-$chromium_pid" 2>/dev/null || true
    kill "$server" 2>/dev/null || true
    rm -rf "$work" 2>/dev/null || true
}
trap cleanup EXIT
export DISPLAY="$display"
for _ in $(seq 100); do [[ -S "/tmp/.X11-unix/X${display#:}" ]] && break; sleep 0.05; done

# XWD (ZPixmap, 24 or 32 bits a pixel, as Xvfb's root is) to PNG, with nothing but Python's zlib.
cat >"$work/xwd2png.py" <<'PYTHON'
import struct, sys, zlib
data = sys.stdin.buffer.read()
fields = struct.unpack(">25I", data[:100])
header_size, width, height = fields[0], fields[4], fields[5]
byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
masks, colors = fields[14:17], fields[19]
pixels = data[header_size + 12 * colors:]
shifts = [(mask & -mask).bit_length() - 1 for mask in masks]
order = "<" if byte_order == 0 else ">"
rows = bytearray()
for y in range(height):
    rows.append(0)
    line = pixels[y * bytes_per_line:(y + 1) * bytes_per_line]
    for x in range(width):
        (value,) = struct.unpack(order + "I", line[x * 4:x * 4 + 4]) if bits_per_pixel == 32 else (
            int.from_bytes(line[x * 3:x * 3 + 3], "little" if byte_order == 0 else "big"),)
        rows += bytes((value & mask) >> shift for mask, shift in zip(masks, shifts))
def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
sys.stdout.buffer.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                        + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))
PYTHON

shot() {  # name; a moment first, for the page to paint what it reported
    sleep 0.5
    xwd -root -silent | python3 "$work/xwd2png.py" >"$images/$1.png"
    echo "wrote Docs/Images/$1.png" >&2
}
wait_for() {  # file, pattern: up to 60 seconds
    for _ in $(seq 600); do grep -q -- "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
    echo "drag-and-drop-screenshots: '$2' never appeared in $1" >&2
    exit 1
}
chromium_with() {  # page (drop or drag): Chromium at 300,0 in 400 × 300, its log in $work/chromium.log
    [[ -n $chromium_pid ]] && { kill -9 -- "-$chromium_pid" 2>/dev/null || true; }
    rm -rf "$work/profile"
    setsid chromium --no-sandbox --test-type --ozone-platform=x11 --user-data-dir="$work/profile" --no-first-run --disable-gpu \
        --enable-logging=stderr --log-level=0 --window-position=300,0 --window-size=400,300 \
        --app="file://$root/Tests/TransferClipboardTests/Pages/$1.html" >/dev/null 2>"$work/chromium.log" &
    chromium_pid=$!
    wait_for "$work/chromium.log" "REPORT loaded"
}
drag_into_page() {  # name, then transfer drag's arguments
    local name=$1
    shift
    chromium_with drop
    "$transfer" drag "$@" --geometry 150x100+0+150 --timeout 60 2>"$work/drag.log" &
    local drag=$!
    wait_for "$work/drag.log" "drag from the window"
    xdotool mousemove 50 200 mousedown 1
    for x in $(seq 60 20 500); do xdotool mousemove "$x" 200; done
    wait_for "$work/chromium.log" "REPORT dragover"
    xdotool mousemove 501 201 mouseup 1
    wait_for "$work/chromium.log" "REPORT drop"
    wait "$drag"
    shot "$name"
}

# The two windows, side by side: transfer drag of three files (a tile each) and transfer drop.
for file in photo.png notes.txt report.pdf; do printf 'x' >"$work/$file"; done
"$transfer" drag "$work/photo.png" "$work/notes.txt" "$work/report.pdf" --geometry 420x120+20+20 --timeout 60 \
    2>"$work/tiles-drag.log" &
tiles_drag=$!
"$transfer" drop --title "Drop a PNG" --geometry 240x120+460+20 --timeout 60 >/dev/null 2>"$work/tiles-drop.log" &
tiles_drop=$!
wait_for "$work/tiles-drag.log" "drag from the window"
wait_for "$work/tiles-drop.log" "drop onto the window"
shot drag-and-drop-windows
kill "$tiles_drag" "$tiles_drop" 2>/dev/null || true
wait "$tiles_drag" "$tiles_drop" 2>/dev/null || true

printf 'hello from transfer ✓\n' >"$work/note.txt"
drag_into_page drag-file-into-chromium "$work/note.txt"
printf '%s' '{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Ada","bio":"Counts","funFacts":["first"],"video":null,"portrait":null}' \
    >"$work/ada.json"
drag_into_page drag-model-into-chromium --model Profile "$work/ada.json"

chromium_with drag
"$transfer" drop --type text/plain --geometry 150x100+0+150 --timeout 60 --verbose \
    >"$work/dropped.txt" 2>"$work/drop.log" &
drop=$!
wait_for "$work/drop.log" "drop onto the window"
xdotool mousemove 500 200 mousedown 1 mousemove 490 200 mousemove 470 200 mousemove 450 200
wait_for "$work/chromium.log" "REPORT dragstart"
for x in $(seq 430 -20 50); do xdotool mousemove "$x" 200; done
for nudge in 1 2 3 4 5; do
    grep -q "would take is over it" "$work/drop.log" && break
    xdotool mousemove $((50 + nudge)) 200
    sleep 1
done
shot drag-text-out-of-chromium
xdotool mouseup 1
wait "$drop"
echo "dropped: $(cat "$work/dropped.txt")" >&2
