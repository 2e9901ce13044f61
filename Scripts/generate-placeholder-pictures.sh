#!/usr/bin/env bash
# Draws the placeholder pictures of Docs/Placeholders.md with `transfer placeholder image`: the same
# bytes PlaceholderImage, PlaceholderURLProtocol and `transfer placeholder serve` give for the same
# parameters. Rerun it when the drawing changes (PlaceholderRequest.drawingVersion).
#
#   Scripts/generate-placeholder-pictures.sh [OUTPUT_DIR]     # default: Docs/Images/Placeholders
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-Docs/Images/Placeholders}
mkdir -p "$output"
swift build --product transfer >/dev/null
transfer=$(swift build --show-bin-path)/transfer

draw() { # name width height text fgcolor bgcolor
  "$transfer" placeholder image --width "$2" --height "$3" --text "$4" --fgcolor "$5" --bgcolor "$6" \
    -o "$output/$1.png"
  echo "$output/$1.png: $2×$3 '$4'"
}
draw japanese 320 120 'ほげ 商品画像' 202f55 dddddd
draw russian 320 120 'Привет, мир' ffffff 336699
draw arabic 320 120 'مرحبا بالعالم' 1b4d3e e8f1ec
draw korean 320 120 '한국어 텍스트' 5a2a27 f4e4d4
draw greek 320 120 'Καλημέρα' 202f55 ffd966
draw marks-and-boxes 320 120 'é ü 😀 Z' 202f55 dddddd
draw default-size 300 120 '300 × 120' 202f55 dddddd
