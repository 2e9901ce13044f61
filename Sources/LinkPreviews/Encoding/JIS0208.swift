/// The Encoding Standard's `index-jis0208`: JIS X 0208 with the NEC and IBM extensions, by pointer.
enum JIS0208 {
    /// The code point of each pointer, zero where there is none; parsed from ``hexTable`` at first use.
    static let codePoints: [UInt16] = {
        let digits = Array(hexTable.utf8)
        var values = [UInt16](repeating: 0, count: digits.count / 4)
        for index in values.indices {
            var value: UInt16 = 0
            for digit in digits[(index * 4)..<(index * 4 + 4)] {
                value = value << 4 | UInt16(digit <= 0x39 ? digit - 0x30 : digit - 0x37)
            }
            values[index] = value
        }
        return values
    }()

    /// The code point at `pointer`, or `nil` where the index has none.
    @inline(__always)
    static func codePoint(at pointer: Int) -> UInt32? {
        guard pointer >= 0, pointer < codePoints.count else { return nil }
        let value = codePoints[pointer]
        return value == 0 ? nil : UInt32(value)
    }
}
