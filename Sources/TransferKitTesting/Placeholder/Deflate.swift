/// A zlib stream (RFC 1950) of one deflate block with the fixed Huffman codes (RFC 1951 §3.2.6),
/// made for placeholder images: the only back-references looked for are the previous pixel (a run
/// of one colour) and the same place in the row above (a row like the last). That is all a
/// placeholder has — flat colour and a line of text — and it finds it in one pass, in linear time:
/// a 4096×4096 image of one colour, 50 MB of pixels, becomes about 300 KB.
enum Deflate {
    /// The zlib stream of `data`, scanlines of `stride` bytes whose pixels are `pixelSize` bytes.
    static func zlib(_ data: [UInt8], stride: Int, pixelSize: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.bytes.reserveCapacity(data.count / 64 + 64)
        writer.bytes += [0x78, 0x01]  // Deflate, a 32 KiB window; the header's check bits.
        writer.write(1, bits: 1)  // The final block,
        writer.write(1, bits: 2)  // with the fixed codes.
        let distances = stride <= 32_768 ? [pixelSize, stride] : [pixelSize]
        data.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                var best = (length: 0, distance: 0)
                let limit = min(258, bytes.count - index)
                for distance in distances where distance <= index {
                    var length = 0
                    while length < limit, bytes[index + length] == bytes[index + length - distance] { length += 1 }
                    if length > best.length { best = (length, distance) }
                }
                if best.length >= 3 {
                    writer.writeLength(best.length)
                    writer.writeDistance(best.distance)
                    index += best.length
                } else {
                    writer.writeLiteral(Int(bytes[index]))
                    index += 1
                }
            }
        }
        writer.writeCode(0, length: 7)  // End of block (256).
        writer.flush()
        writer.bytes.appendBigEndian(adler32(data))
        return writer.bytes
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for chunk in Swift.stride(from: 0, to: bytes.count, by: 5552) {
            for byte in bytes[chunk..<min(chunk + 5552, bytes.count)] {
                a += UInt32(byte)
                b += a
            }
            a %= 65_521
            b %= 65_521
        }
        return b << 16 | a
    }

    /// Bits, least significant first, as deflate packs them.
    struct BitWriter {
        var bytes: [UInt8] = []
        private var buffer: UInt64 = 0
        private var count = 0

        mutating func write(_ value: Int, bits: Int) {
            buffer |= UInt64(value) << UInt64(count)
            count += bits
            while count >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count -= 8
            }
        }

        /// A Huffman code: written most significant bit first.
        mutating func writeCode(_ code: Int, length: Int) {
            var reversed = 0
            for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            write(reversed, bits: length)
        }

        mutating func writeLiteral(_ byte: Int) {
            if byte < 144 { writeCode(0x30 + byte, length: 8) } else { writeCode(0x190 + byte - 144, length: 9) }
        }

        static let lengthBases = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
            227,
            258,
        ]
        static let lengthExtraBits = [
            0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
        ]
        static let distanceBases = [
            1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
            6145, 8193, 12_289, 16_385, 24_577,
        ]
        static let distanceExtraBits = [
            0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
        ]

        /// A match's length, 3 to 258: codes 257 to 285 and their extra bits.
        mutating func writeLength(_ length: Int) {
            let index = (Self.lengthBases.lastIndex { $0 <= length })!
            let code = 257 + index
            if code < 280 { writeCode(code - 256, length: 7) } else { writeCode(0xC0 + code - 280, length: 8) }
            write(length - Self.lengthBases[index], bits: Self.lengthExtraBits[index])
        }

        /// A match's distance, 1 to 32,768: five-bit codes and their extra bits.
        mutating func writeDistance(_ distance: Int) {
            let index = (Self.distanceBases.lastIndex { $0 <= distance })!
            writeCode(index, length: 5)
            write(distance - Self.distanceBases[index], bits: Self.distanceExtraBits[index])
        }

        mutating func flush() {
            if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
            buffer = 0
            count = 0
        }
    }
}
