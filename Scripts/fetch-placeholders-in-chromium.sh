#!/usr/bin/env bash
# A browser against `transfer placeholder serve`: headless Chromium loads a page whose images come
# from the server (Japanese, Russian, Arabic, Korean, the placehold.jp spelling) and whose script
# fetches one with `fetch()` (which needs the server's Access-Control-Allow-Origin), then the script
# checks what Chromium got: the status, the type, the length — the bytes curl gets — and the ETag.
# Writes the screenshot to Docs/Images/Placeholders/in-chromium.png. Loopback only: Chromium
# resolves no other host.
#
#   apt-get install chromium        # Debian; not needed by CI or by the tests
#   Scripts/fetch-placeholders-in-chromium.sh [SCREENSHOT]
set -euo pipefail
cd "$(dirname "$0")/.."
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  echo "fetch-placeholders-in-chromium.sh: needs Chromium (apt-get install chromium)" >&2
  exit 69
fi
screenshot=${1:-Docs/Images/Placeholders/in-chromium.png}
swift build --product transfer >/dev/null
transfer=$(swift build --show-bin-path)/transfer
work=$(mktemp -d)
server=
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

"$transfer" placeholder serve --port 0 >"$work/url" 2>"$work/log" &
server=$!
for _ in $(seq 100); do [ -s "$work/url" ] && break; sleep 0.05; done
url=$(head -1 "$work/url")
fetched="300x120.png?text=%E5%95%86%E5%93%81%E7%94%BB%E5%83%8F&bgcolor=ffd966"

cat >"$work/page.html" <<HTML
<!doctype html>
<meta charset="utf-8">
<title>placeholders</title>
<style>body { font: 14px sans-serif; margin: 12px; } img { margin: 4px; vertical-align: top; }</style>
<img src="${url}image.png?width=320&height=100&text=%E3%81%BB%E3%81%92">
<img src="${url}image.png?width=320&height=100&text=%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82&fgcolor=fff&bgcolor=336699">
<img src="${url}image.png?width=320&height=100&text=%D9%85%D8%B1%D8%AD%D8%A8%D8%A7&fgcolor=1b4d3e&bgcolor=e8f1ec">
<img src="${url}f4e4d4/5a2a27/320x100.png?text=%ED%95%9C%EA%B5%AD%EC%96%B4">
<pre id="result">fetching…</pre>
<script>
fetch("${url}${fetched}").then(async response => {
  const bytes = await response.arrayBuffer();
  document.getElementById("result").textContent =
    "fetched: " + response.status + " " + response.headers.get("content-type") + " " + bytes.byteLength + " bytes";
});
</script>
HTML

flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars
  --host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1" --virtual-time-budget=5000)
"$browser" "${flags[@]}" --dump-dom "file://$work/page.html" 2>/dev/null >"$work/dom.html"
"$browser" "${flags[@]}" --window-size=720,290 --screenshot="$screenshot" "file://$work/page.html" >/dev/null 2>&1

expected=$(curl -s "${url}${fetched}" | wc -c)
seen=$(grep -o '<pre id="result">[^<]*' "$work/dom.html" | sed 's/<pre id="result">//' || true)
kill -TERM "$server"; wait "$server" || true; server=
echo "Chromium: ${seen:-nothing}; curl: $expected bytes; server: $(tail -1 "$work/log")"
if [ "$seen" != "fetched: 200 image/png $expected bytes" ]; then
  echo "fetch-placeholders-in-chromium.sh: Chromium did not get the image curl gets" >&2
  exit 1
fi
echo "screenshot: $screenshot"
