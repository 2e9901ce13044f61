#!/usr/bin/env python3
"""Generates the glyph table placeholder images draw text with, from GNU Unifont.

    apt-get install unifont          # Debian's package: /usr/share/unifont/unifont.hex
    Scripts/generate-unifont.py      # writes Sources/TransferKitTesting/Resources/Unifont/unifont.bin

GNU Unifont (15.0.01 in Debian 12) is dual-licensed, since 13.0.04, under the SIL Open Font License
1.1 and the GNU GPL 2+ with the font embedding exception; the table is used under the OFL
(Sources/TransferKitTesting/Resources/Unifont/LICENSE.txt).

The table, little-endian:
    "UNIF", UInt32 version (1), UInt32 count,
    then count records, sorted by code point:
        UInt16 code point (the Basic Multilingual Plane), UInt8 width (8 or 16),
        Int8 offset of a combining mark (how far left of the cursor it is drawn; 0 for the others),
        16 rows of width/8 bytes each, the leftmost pixel the most significant bit.
Control characters, surrogates and private-use code points are left out: they draw as a box.
"""
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unifont/unifont.hex"
COMBINING = os.path.join(os.path.dirname(SOURCE), "plane00-combining.txt")
OUTPUT = os.path.join(ROOT, "Sources/TransferKitTesting/Resources/Unifont/unifont.bin")


def main():
    offsets = {}
    if os.path.exists(COMBINING):
        for line in open(COMBINING):
            point, offset = line.strip().split(":")
            offsets[int(point, 16)] = int(offset)
    records = []
    for line in open(SOURCE):
        point, bitmap = line.strip().split(":")
        point = int(point, 16)
        if point > 0xFFFF or point < 0x20 or 0x7F <= point < 0xA0 or 0xD800 <= point < 0xF900:
            continue
        data = bytes.fromhex(bitmap)
        width = {16: 8, 32: 16}.get(len(data))
        if width is None:
            continue
        records.append(struct.pack("<HBb", point, width, offsets.get(point, 0)) + data)
    with open(OUTPUT, "wb") as out:
        out.write(b"UNIF" + struct.pack("<II", 1, len(records)))
        for record in records:
            out.write(record)
    print(f"{len(records)} glyphs, {os.path.getsize(OUTPUT)} bytes: {os.path.relpath(OUTPUT, ROOT)}")


if __name__ == "__main__":
    main()
