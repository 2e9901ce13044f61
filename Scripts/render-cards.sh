#!/usr/bin/env bash
# Renders link-preview cards (`transfer preview … --format html`) in headless Chromium, to PNG: the
# demo pages below (large and compact layouts, Japanese and Arabic text), a page saved by a browser
# rendered offline with --inline-images, and the saved fixture pages of
# Tests/LinkPreviewsTests/Resources/Pages (nine legacy encodings). Images are served from a
# loopback server; Chromium resolves no other host, so nothing leaves the machine.
#
#   apt-get install chromium fonts-noto-cjk   # Debian; not needed by CI or by the tests
#   Scripts/render-cards.sh [OUTPUT_DIR]      # default: .build/cards (the docs' two: Docs/Images)
set -euo pipefail
cd "$(dirname "$0")/.."
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  echo "render-cards.sh: needs Chromium (apt-get install chromium)" >&2
  exit 69
fi
output=${1:-.build/cards}
mkdir -p "$output"
swift build --product transfer >/dev/null
transfer=$(swift build --show-bin-path)/transfer

work=$(mktemp -d)
server=
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

# The demo pages and their images (a gradient photo, an icon), written by Python's standard library.
python3 - "$work" <<'PY'
import struct, sys, zlib, pathlib
root = pathlib.Path(sys.argv[1])
def png(path, width, height, pixel):
    rows = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
png(root / "photo.png", 382, 200, lambda x, y: (40 + x // 3, 90 + y // 3, 200 - x // 4))
png(root / "icon.png", 64, 64, lambda x, y: (255, 149, 0) if (x - 32) ** 2 + (y - 32) ** 2 < 900 else (255, 255, 255))
pages = {
    "large-ja": """<html lang="ja"><head><meta charset="utf-8"><title>楽天市場</title>
<meta property="og:title" content="【楽天市場】Shopping is Entertainment! ： インターネット最大級の通信販売、通販オンラインショッピングコミュニティ">
<meta property="og:description" content="楽天市場はインターネット通販が楽しめる総合ショッピングモール。毎日お得なクーポンも。">
<meta property="og:site_name" content="楽天市場"><meta property="og:image" content="/photo.png"></head></html>""",
    "large-ar": """<html lang="ar" dir="rtl"><head><meta charset="utf-8">
<script type="application/ld+json">{"@type": "NewsArticle", "headline": "مرحبا بالعالم: معاينة الروابط من النص العربي",
"description": "بطاقة تعرض العنوان والوصف واسم الموقع من اليمين إلى اليسار.", "image": "/photo.png",
"publisher": {"name": "أخبار المثال"}}</script></head></html>""",
    "compact": """<html><head><meta charset="utf-8"><title>TransferKit — Transferable on every platform</title>
<link rel="icon" href="/icon.png" sizes="64x64"></head></html>""",
}
for name, text in pages.items():
    (root / f"{name}.html").write_text(text, encoding="utf-8")
PY

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind 127.0.0.1 "$port" --directory "$work" >/dev/null 2>&1 &
server=$!
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done

render() {  # render NAME PAGE HEIGHT
  local name=$1 page=$2 height=$3
  "$transfer" preview "$page" --url "http://127.0.0.1:$port/$(basename "$page")" --format html >"$work/$name.card.html"
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=2 \
    --host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1" --window-size="468,$height" \
    --screenshot="$output/$name.png" "http://127.0.0.1:$port/$name.card.html" >/dev/null 2>&1
  echo "$output/$name.png"
}
render card-large-ja "$work/large-ja.html" 400
render card-large-ar "$work/large-ar.html" 400
render card-compact "$work/compact.html" 120
# A page saved by a browser ("Save Page As"), read offline: og:image names the site's URL, which
# nothing here can reach; the picture is in harbour_files/. --inline-images embeds it.
mkdir -p "$work/saved/harbour_files"
cp "$work/photo.png" "$work/saved/harbour_files/harbour.png"
cat >"$work/saved/harbour.html" <<'HTML'
<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>The harbour reopens after two years | Coast News</title>
<meta property="og:title" content="The harbour reopens after two years">
<meta property="og:description" content="Boats are back at the quay: the rebuilt harbour opened on Saturday, with a new breakwater and room for 400 moorings.">
<meta property="og:site_name" content="Coast News">
<meta property="og:image" content="https://coast-news.example/images/2024/06/harbour.png">
<link rel="icon" href="https://coast-news.example/favicon.ico"></head>
<body><img src="harbour_files/harbour.png"></body></html>
HTML
"$transfer" preview "$work/saved/harbour.html" --url "https://coast-news.example/2024/06/harbour" --format html \
  --inline-images >"$work/card-saved-page.card.html"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=2 \
  --host-resolver-rules="MAP * ~NOTFOUND" --window-size="468,400" \
  --screenshot="$output/card-saved-page.png" "file://$work/card-saved-page.card.html" >/dev/null 2>&1
echo "$output/card-saved-page.png"
for page in Tests/LinkPreviewsTests/Resources/Pages/*.html; do
  render "card-fixture-$(basename "$page" .html)" "$page" 200
done
