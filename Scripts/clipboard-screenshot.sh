#!/usr/bin/env bash
# A real X11 app pasting what `transfer copy` put on the clipboard. The script starts an Xvfb of its
# own and copies a Profile (`transfer copy --model Profile profile.json`: every representation the
# model exports), opens a page of its own in headed Chromium and sends ctrl+v with xdotool; then it
# copies a PNG (`transfer copy picture.png`) and pastes again. The page shows what each copy offers
# (`transfer clipboard list`) and what Chromium gave the page's `paste` event
# (`event.clipboardData`: each type with its content, each file, the image drawn). Chromium passes
# a page only the web's types (text/plain, text/html, files, custom web formats), so the page shows
# what Chromium took. A screenshot of the screen (1280×800) goes to
# Docs/Images/clipboard-paste-chromium.png.
#
# Installs what is missing with apt-get (chromium, xvfb, xdotool, imagemagick for `import`; as root
# or through sudo); neither CI nor the tests need them.
#
#   swift build --product transfer
#   Scripts/clipboard-screenshot.sh [path/to/transfer]   # default: .build/debug/transfer
set -euo pipefail

transfer=
[[ $# -eq 0 ]] || transfer=$(realpath -m -- "$1")
cd "$(dirname "$0")/.."
transfer=${transfer:-$PWD/.build/debug/transfer}
if [[ ! -x $transfer ]]; then
  echo "clipboard-screenshot.sh: no $transfer to run (swift build --product transfer)" >&2
  exit 66
fi
screenshot=Docs/Images/clipboard-paste-chromium.png
fail() { echo "clipboard-screenshot.sh: $*" >&2; exit 1; }

# The programs, from Debian's packages: quiet, only what is missing, failing clearly.
missing=()
for program in chromium:chromium Xvfb:xvfb xdotool:xdotool import:imagemagick; do
  command -v "${program%%:*}" >/dev/null 2>&1 || missing+=("${program##*:}")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || fail "${missing[*]} missing, and neither root nor sudo to install them"
    sudo=(sudo -n)
  fi
  echo "installing ${missing[*]}…" >&2
  export DEBIAN_FRONTEND=noninteractive
  log=$(mktemp)
  if ! "${sudo[@]}" apt-get update -qq >"$log" 2>&1 \
    || ! "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >>"$log" 2>&1; then
    tail -20 "$log" >&2
    fail "apt-get could not install ${missing[*]} (the log: $log)"
  fi
  rm -f "$log"
  for program in chromium Xvfb xdotool import; do
    command -v "$program" >/dev/null 2>&1 || fail "$program still missing after apt-get"
  done
fi

work=$(mktemp -d)
xvfb= browser= servers=()
cleanup() {
  local pid
  for pid in $browser "${servers[@]}" $xvfb; do
    kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# An X server of our own, on a display number it chooses free (-displayfd).
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$work/display" 2>"$work/xvfb.log" &
xvfb=$!
for _ in $(seq 100); do [[ -s $work/display ]] && break; sleep 0.1; done
[[ -s $work/display ]] || { cat "$work/xvfb.log" >&2; fail "Xvfb did not start"; }
export DISPLAY=:$(head -1 "$work/display")
unset WAYLAND_DISPLAY XAUTHORITY

# `transfer copy --foreground …` in the background (its process id ours to stop), until it says it
# serves the clipboard; then what the clipboard offers (`transfer clipboard list`) in $work/offered.
copy() {
  local log=$work/copy-${#servers[@]}.log
  "$transfer" copy --foreground "$@" 2>"$log" &
  servers+=($!)
  for _ in $(seq 100); do
    if grep -q '^transfer copy: serving' "$log"; then
      "$transfer" clipboard list >"$work/offered" && return
      break
    fi
    kill -0 "${servers[-1]}" 2>/dev/null || break
    sleep 0.1
  done
  cat "$log" >&2
  fail "transfer copy $* did not take the clipboard"
}
# Escapes text for the page.
html() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' "$@"; }

cat >"$work/profile.json" <<'JSON'
{
  "id": "5F0C5F6E-3A7C-4B8E-9C1D-1815A0DA1852",
  "name": "Ada Lovelace",
  "bio": "Mathematician and writer; her notes on Babbage's Analytical Engine hold the first published program.",
  "funFacts": ["Her father was the poet Lord Byron.", "She called her way of working “poetical science”."],
  "video": null,
  "portrait": null
}
JSON
# A picture for the second paste (Python's standard library): a sunrise over a blue sea.
python3 - "$work/picture.png" <<'PY'
import struct, sys, zlib
width, height = 240, 140
def pixel(x, y):
    if (x - 120) ** 2 + (y - 78) ** 2 < 38 ** 2 and y < 78: return (255, 196, 64)
    if y < 78: return (255, 236 - y, 200 - y)
    return (30, 90 + (y - 78), 170 + (y - 78))
rows = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                              + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
PY

# What each copy offers, for the page: the picture's, then the profile's, pasted first.
copy "$work/picture.png"
offered_picture=$(html "$work/offered")
copy --model Profile "$work/profile.json"
offered_profile=$(html "$work/offered")
profile=$(html "$work/profile.json")
version=$(chromium --version 2>/dev/null | html)

cat >"$work/page.html" <<HTML
<!doctype html>
<meta charset="utf-8">
<title>ready</title>
<style>
  body { font: 15px/1.4 "DejaVu Sans", sans-serif; margin: 16px 24px; color: #1d1d1f; background: #fff; }
  h1 { font-size: 22px; margin: 0 0 2px; }
  h2 { font-size: 14px; margin: 12px 0 4px; }
  code, pre { font-family: "DejaVu Sans Mono", monospace; font-size: 13px; }
  .note { color: #555; margin: 0 0 4px; }
  .columns { display: flex; gap: 24px; align-items: flex-start; }
  .copied { flex: 0 0 490px; }
  .pasted { flex: 1; min-width: 0; }
  pre { margin: 0; padding: 6px 10px; background: #f4f4f6; border-radius: 6px; white-space: pre-wrap; }
  #target { border: 2px solid #0a66d8; border-radius: 6px; padding: 6px 10px; min-height: 22px; }
  #target:empty::before { content: "ctrl+v here"; color: #999; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid #ddd; }
  th { background: #eef3fb; font-weight: 600; }
  td:first-child { white-space: nowrap; width: 1%; }
  img { display: block; border: 1px solid #ccc; margin-top: 4px; }
</style>
<h1>Pasted in Chromium from <code>transfer copy</code></h1>
<p class="note">${version}, headed, X11 on Xvfb ${DISPLAY}; ctrl+v sent by xdotool. Right: <code>event.clipboardData</code>
of each <code>paste</code> event, what Chromium took from the clipboard. Chromium gives a page only the web's types
(text/plain, text/html, files, custom web formats).</p>
<div class="columns">
  <div class="copied">
    <h2>profile.json</h2>
    <pre>${profile}</pre>
    <h2>1. <code>transfer copy --model Profile profile.json</code> offers (<code>transfer clipboard list</code>)</h2>
    <pre>${offered_profile}</pre>
    <h2>2. <code>transfer copy picture.png</code> offers</h2>
    <pre>${offered_picture}</pre>
  </div>
  <div class="pasted">
    <h2>The paste target (contenteditable, focused)</h2>
    <div id="target" contenteditable="true" autofocus></div>
    <div id="log"></div>
  </div>
</div>
<script>
const target = document.getElementById("target");
const log = document.getElementById("log");
let pastes = 0;
function cell(row, content, header) {
  const element = document.createElement(header ? "th" : "td");
  element.append(content);
  row.append(element);
  return element;
}
function code(text) { const element = document.createElement("code"); element.textContent = text; return element; }
target.addEventListener("paste", event => {
  const data = event.clipboardData;
  const types = Array.from(data.types);
  pastes += 1;
  if (data.files.length > 0) event.preventDefault();   // the image is drawn below, not in the box
  const title = document.createElement("h2");
  title.append("Paste " + pastes + ": event.clipboardData.types = ", code(JSON.stringify(types)));
  const table = document.createElement("table");
  const header = table.insertRow();
  cell(header, "type", true);
  cell(header, "getData(type), or the files", true);
  for (const type of types) {
    const row = table.insertRow();
    cell(row, code(type));
    if (type !== "Files") { cell(row, code(data.getData(type))); continue; }
    const files = cell(row, "");
    for (const file of data.files) {
      files.append(code(file.name + ": " + file.type + ", " + file.size + " bytes"));
      if (!file.type.startsWith("image/")) continue;
      const image = new Image();
      image.src = URL.createObjectURL(file);
      files.append(image);
    }
  }
  log.append(title, table);
  setTimeout(() => { document.title = "pasted " + pastes + ": " + types.join(", "); }, 300);
});
window.addEventListener("load", () => target.focus());
</script>
HTML

# Headed Chromium on the page, in a window of its own at the screen's corner (no window manager:
# xdotool gives it the focus). --test-type leaves out the --no-sandbox warning bar.
mkdir -p "$work/home"
HOME=$work/home XDG_CONFIG_HOME=$work/home XDG_CACHE_HOME=$work/home \
  chromium --no-sandbox --test-type --user-data-dir="$work/profile" --no-first-run \
  --no-default-browser-check --disable-gpu --ozone-platform=x11 --password-store=basic \
  --disable-features=Translate,MediaRouter --window-position=0,0 --window-size=1280,800 \
  "file://$work/page.html" >"$work/chromium.log" 2>&1 &
browser=$!

# The window whose title starts with $1, once there is one.
window_titled() {
  local window
  for _ in $(seq 300); do
    window=$(xdotool search --onlyvisible --name "^$1" 2>/dev/null | head -1) || true
    [[ -n $window ]] && { echo "$window"; return; }
    kill -0 "$browser" 2>/dev/null || break
    sleep 0.1
  done
  tail -20 "$work/chromium.log" >&2
  fail "no Chromium window titled '$1…'"
}
# Focuses the window titled $1…, sends ctrl+v, waits for the page's title $2… and prints it.
paste() {
  local window
  window=$(window_titled "$1")
  xdotool windowfocus --sync "$window"
  sleep 0.5
  xdotool key --clearmodifiers ctrl+v
  window=$(window_titled "$2")
  xdotool getwindowname "$window" | sed 's/ - Chromium$//'
}

paste ready "pasted 1"   # the profile, copied last
copy "$work/picture.png"
paste "pasted 1" "pasted 2"
sleep 0.5   # the image drawn

mkdir -p "$(dirname "$screenshot")"
import -window root "png:$screenshot"
echo "screenshot: $screenshot" >&2
