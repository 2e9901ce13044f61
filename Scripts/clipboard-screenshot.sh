#!/usr/bin/env bash
# A real X11 app pasting what `transfer copy` put on the clipboard: the script starts an Xvfb of its
# own, copies a Profile (`transfer copy --model Profile profile.json`, every representation the model
# exports), opens a page of its own in headed Chromium, sends ctrl+v with xdotool, then copies a PNG
# (`transfer copy picture.png`) and pastes again. The page lists what `transfer clipboard list` says
# is offered and what Chromium gave the page's `paste` event (`event.clipboardData`: each type, its
# content, each file, the image drawn); Chromium passes only the web's types on (text/plain,
# text/html, files, custom web formats), so the page shows what Chromium took. The screenshot of the
# screen goes to Docs/Images/clipboard-paste-chromium.png.
#
# Installs what is missing with apt-get (chromium, xvfb, xdotool, imagemagick for `import`; as root
# or through sudo); neither CI nor the tests need them.
#
#   swift build --product transfer
#   Scripts/clipboard-screenshot.sh [path/to/transfer]   # default: .build/debug/transfer
set -euo pipefail

transfer=${1:-.build/debug/transfer}
[[ $transfer == */* ]] || transfer=./$transfer
transfer=$(realpath -e "$transfer" 2>/dev/null) || {
  echo "clipboard-screenshot.sh: no ${1:-.build/debug/transfer} (swift build --product transfer)" >&2
  exit 66
}
cd "$(dirname "$0")/.."
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
    kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# An X server of our own, on a display number it chooses free (-displayfd).
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
xvfb=$!
for _ in $(seq 100); do [[ -s $work/display ]] && break; sleep 0.1; done
[[ -s $work/display ]] || { cat "$work/xvfb.log" >&2; fail "Xvfb did not start"; }
export DISPLAY=:$(head -1 "$work/display")
unset WAYLAND_DISPLAY XAUTHORITY

# `transfer copy --foreground FILE …` in the background (its process id ours to stop), once the
# clipboard offers what it serves.
copy() {
  "$transfer" copy --foreground "$@" 2>>"$work/transfer.log" &
  servers+=($!)
  for _ in $(seq 100); do
    "$transfer" clipboard list >"$work/offered" 2>/dev/null && [[ -s $work/offered ]] && return
    kill -0 "${servers[-1]}" 2>/dev/null || break
    sleep 0.1
  done
  cat "$work/transfer.log" >&2
  fail "transfer copy $* did not take the clipboard"
}
# Escapes text for the page.
html() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' "$@"; }

cat >"$work/profile.json" <<'JSON'
{
  "id": "5F0C5F6E-3A7C-4B8E-9C1D-1815A0DA1852",
  "name": "Ada Lovelace",
  "bio": "Mathematician and writer; her notes on Babbage's Analytical Engine hold the first published program.",
  "funFacts": ["Her father was the poet Lord Byron.", "She called her approach “poetical science”."],
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

copy --model Profile "$work/profile.json"
offered=$(html "$work/offered")
version=$(chromium --version 2>/dev/null | html)

cat >"$work/page.html" <<HTML
<!doctype html>
<meta charset="utf-8">
<title>ready</title>
<style>
  body { font: 15px/1.4 "DejaVu Sans", sans-serif; margin: 18px 24px; color: #1d1d1f; background: #fff; }
  h1 { font-size: 22px; margin: 0 0 2px; }
  code, pre { font-family: "DejaVu Sans Mono", monospace; font-size: 13px; }
  .note { color: #555; margin: 0 0 12px; }
  .columns { display: flex; gap: 20px; align-items: flex-start; }
  .offered { flex: 0 0 330px; }
  .pastes { flex: 1; }
  h2 { font-size: 15px; margin: 0 0 6px; }
  pre { margin: 0; padding: 8px 10px; background: #f4f4f6; border-radius: 6px; white-space: pre-wrap; }
  #target { border: 2px solid #0a66d8; border-radius: 6px; padding: 8px 10px; min-height: 22px; margin-bottom: 12px; }
  #target:empty::before { content: "ctrl+v here"; color: #999; }
  table { border-collapse: collapse; width: 100%; margin-bottom: 12px; }
  th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid #ddd; }
  th { background: #eef3fb; font-weight: 600; }
  td:first-child { white-space: nowrap; width: 1%; }
  img { display: block; border: 1px solid #ccc; margin-top: 4px; }
</style>
<h1>Pasted in Chromium from <code>transfer copy</code></h1>
<p class="note">${version} (headed, X11 on Xvfb ${DISPLAY}); ctrl+v sent by xdotool.
The page lists <code>event.clipboardData</code> of each <code>paste</code> event: what Chromium took from the clipboard.</p>
<div class="columns">
  <div class="offered">
    <h2>Offered by <code>transfer copy --model Profile profile.json</code> (<code>transfer clipboard list</code>)</h2>
    <pre>${offered}</pre>
  </div>
  <div class="pastes">
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
  if (content instanceof Node) element.append(content); else element.textContent = content;
  row.append(element);
  return element;
}
function code(text) { const element = document.createElement("code"); element.textContent = text; return element; }
target.addEventListener("paste", event => {
  const data = event.clipboardData;
  pastes += 1;
  if (data.files.length > 0) event.preventDefault();   // the image is drawn below, not in the box
  const title = document.createElement("h2");
  title.textContent = "Paste " + pastes + ": event.clipboardData.types = " + JSON.stringify(Array.from(data.types));
  const table = document.createElement("table");
  const header = table.insertRow();
  cell(header, "type", true); cell(header, "getData(type), or the file", true);
  for (const type of data.types) {
    const row = table.insertRow();
    cell(row, code(type));
    if (type === "Files") {
      const files = cell(row, "");
      for (const file of data.files) {
        files.append(code(file.name + " — " + file.type + ", " + file.size + " bytes"));
        if (file.type.startsWith("image/")) {
          const image = new Image();
          image.src = URL.createObjectURL(file);
          files.append(image);
        }
      }
    } else {
      cell(row, code(data.getData(type)));
    }
  }
  log.append(title, table);
  setTimeout(() => { document.title = "pasted " + pastes; }, 300);
});
window.addEventListener("load", () => target.focus());
</script>
HTML

# Headed Chromium on the page; a window of its own (no window manager needed: xdotool gives it the
# focus), at the screen's corner.
mkdir -p "$work/home"
HOME=$work/home XDG_CONFIG_HOME=$work/home XDG_CACHE_HOME=$work/home \
  chromium --no-sandbox --test-type --user-data-dir="$work/profile" --no-first-run \
  --no-default-browser-check --disable-gpu --ozone-platform=x11 --password-store=basic \
  --disable-features=Translate,MediaRouter --window-position=0,0 --window-size=1280,800 \
  "file://$work/page.html" >"$work/chromium.log" 2>&1 &
browser=$!

# Waits until the window's title starts with $1.
window_titled() {
  local window
  for _ in $(seq 300); do
    window=$(xdotool search --onlyvisible --name "^$1" 2>/dev/null | head -1) && [[ -n $window ]] && {
      echo "$window"
      return
    }
    kill -0 "$browser" 2>/dev/null || break
    sleep 0.1
  done
  tail -20 "$work/chromium.log" >&2
  fail "no Chromium window titled '$1'"
}
paste() {
  local window
  window=$(window_titled "$1")
  xdotool windowactivate --sync "$window" 2>/dev/null || xdotool windowfocus --sync "$window"
  sleep 0.5
  xdotool key --clearmodifiers ctrl+v
  window_titled "$2" >/dev/null
}

paste ready "pasted 1"
copy "$work/picture.png"
paste "pasted 1" "pasted 2"
sleep 0.5

mkdir -p "$(dirname "$screenshot")"
import -window root "png:$screenshot"
echo "Chromium took: $(xdotool search --name '^pasted' getwindowname 2>/dev/null | head -1)" >&2
echo "screenshot: $screenshot" >&2
