/// Reading JSON numbers (already checked against RFC 8259's grammar) as Swift numbers, with
/// Foundation's rules: an integer type takes any number whose value is a whole number in its
/// range (`1.0`, `1e2`), exactly, or else whose nearest `Double` is; a floating-point type refuses
/// a number that overflows to infinity or underflows to zero.
enum JSONNumberParsing {
    /// The integer `bytes` spell, or `nil` when it is not a whole number in `T`'s range.
    static func integer<T: FixedWidthInteger>(
        _ bytes: UnsafeBufferPointer<UInt8>, hasFractionOrExponent: Bool, as type: T.Type
    ) -> T? {
        guard !hasFractionOrExponent else {
            // Exactly, when the value is whole; else, as Foundation does, through the nearest
            // `Double` (so that `-1e-400` is 0 and `1.5` is refused).
            if let exact = exactInteger(bytes, as: T.self) { return exact }
            guard let double = Double(String(decoding: bytes, as: UTF8.self)) else { return nil }
            return T(exactly: double)
        }
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var value: T = 0
        while index < bytes.count {
            let digit = T(bytes[index] &- UInt8(ascii: "0"))
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow || overflow2 { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// A number with a fraction or exponent as an integer: its digits shifted by the exponent, kept
    /// only when no non-zero digit falls after the point.
    private static func exactInteger<T: FixedWidthInteger>(_ bytes: UnsafeBufferPointer<UInt8>, as type: T.Type) -> T? {
        var digits: [UInt8] = []
        var exponent = 0
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var afterPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                afterPoint = true
            } else if byte | 0x20 == UInt8(ascii: "e") {
                exponent += Self.exponent(bytes, after: index)
                break
            } else {
                digits.append(byte - UInt8(ascii: "0"))
                if afterPoint { exponent -= 1 }
            }
            index += 1
        }
        while let first = digits.first, first == 0 { digits.removeFirst() }
        while let last = digits.last, last == 0, !digits.isEmpty {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty { return 0 }
        guard exponent >= 0, digits.count + exponent <= 40 else { return nil }
        var value: T = 0
        for digit in digits + [UInt8](repeating: 0, count: exponent) {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative ? shifted.subtractingReportingOverflow(T(digit)) : shifted.addingReportingOverflow(T(digit))
            if overflow || overflow2 { return nil }
            value = next
        }
        return value
    }

    /// The exponent written after the `e` at `index`, which runs to the end of `bytes`; clamped to
    /// ±100,000, beyond any number's reach either way, so that the answer does not change.
    private static func exponent(_ bytes: UnsafeBufferPointer<UInt8>, after index: Int) -> Int {
        var index = index + 1
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var written = 0
        while index < bytes.count {
            written = min(written * 10 + Int(bytes[index] - UInt8(ascii: "0")), 100_000)
            index += 1
        }
        return negative ? -written : written
    }

    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Whether `bytes` are a number as JSON writes one (RFC 8259 §6): `-`, an integer part
    /// without leading zeros, a fraction, an exponent. Not `+1`, `.5`, `1.`, `0x1p3`, `inf`.
    static func isNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        func digits() -> Int {
            let start = index
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - start
        }
        if index < count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == count
    }

    /// The `Double` nearest to the number, or `nil` when it is infinite or a non-zero number
    /// rounds to zero.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        // Fast path: at most 19 significant digits and a small exponent, where one multiplication
        // or division by an exact power of ten rounds correctly (Clinger).
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var digitCount = 0
        var exponent = 0
        var nonZero = false
        var simple = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                    let digit = UInt64(bytes[index] - UInt8(ascii: "0"))
                    if digit != 0 { nonZero = true }
                    if mantissa != 0 || digit != 0 { digitCount += 1 }
                    if digitCount > 19 { simple = false }
                    mantissa = mantissa &* 10 &+ digit
                    exponent -= 1
                    index += 1
                }
                continue
            }
            if byte | 0x20 == UInt8(ascii: "e") {
                exponent += Self.exponent(bytes, after: index)
                break
            }
            let digit = UInt64(byte - UInt8(ascii: "0"))
            if digit != 0 { nonZero = true }
            if mantissa != 0 || digit != 0 { digitCount += 1 }
            if digitCount > 19 { simple = false }
            mantissa = mantissa &* 10 &+ digit
            index += 1
        }
        var value: Double
        if simple, mantissa < 1 << 53, exponent >= -22, exponent <= 22 {
            value = Double(mantissa)
            value = exponent < 0 ? value / exactPowersOfTen[-exponent] : value * exactPowersOfTen[exponent]
            if negative { value = -value }
        } else {
            guard let parsed = Double(String(decoding: bytes, as: UTF8.self)) else { return nil }
            value = parsed
        }
        guard value.isFinite, value != 0 || !nonZero else { return nil }
        return value
    }

    /// The `Float` for the number: its `Double` in `Float`'s range, refused when it overflows or
    /// underflows to zero.
    static func float(_ bytes: UnsafeBufferPointer<UInt8>) -> Float? {
        guard let double = double(bytes) else { return nil }
        let value = Float(double)
        guard value.isFinite, value != 0 || double == 0 else { return nil }
        return value
    }
}
