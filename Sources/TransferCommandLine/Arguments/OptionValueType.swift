import Foundation
import TransferClipboard

/// What an option's text is read as, and what a good one is, in words: an option's value is parsed
/// and a bad one refused in one place, in one sentence — `--port '70000': expected a port from 0
/// to 65535` — as swift-argument-parser's `ExpressibleByArgument` types do.
///
/// A command reads a typed value with ``Arguments/value(_:as:)``.
///
/// `OptionValueType` is `Sendable`: its reading is a pure function.
struct OptionValueType<Value>: Sendable {
    /// A good value, in words: `a port from 0 to 65535`.
    let expected: String
    /// The value `text` is, or `nil` when it is none.
    let read: @Sendable (String) -> Value?
}

extension OptionValueType<UInt16> {
    /// A TCP port.
    static let port = OptionValueType(expected: "a port from 0 to 65535") { UInt16($0) }
}

extension OptionValueType<Int> {
    /// A whole number in `range`, written in decimal digits.
    static func wholeNumber(in range: ClosedRange<Int>) -> OptionValueType {
        OptionValueType(expected: "a whole number from \(range.lowerBound) to \(range.upperBound)") { text in
            Int(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}

extension OptionValueType<Duration> {
    /// A number of seconds, fractions allowed, more than 0 and at most a day.
    static let seconds = OptionValueType(expected: "a number of seconds greater than 0, at most 86400") { text in
        guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else { return nil }
        return .milliseconds(Int64(seconds * 1000))
    }
}

extension OptionValueType<WindowFrame> {
    /// A window's size and place, as `xterm -geometry` takes them: `WIDTHxHEIGHT+X+Y`.
    static let geometry = OptionValueType(expected: "WIDTHxHEIGHT+X+Y, such as 320x240+0+0") {
        WindowFrame(geometry: $0)
    }
}

extension OptionValueType<URL> {
    /// An absolute URL: a scheme and a host.
    static let absoluteURL = OptionValueType(expected: "an absolute URL, such as https://example.com/page") {
        guard let url = URL(string: $0), url.scheme != nil, url.host != nil else { return nil }
        return url
    }
}

extension Arguments {
    /// The value of an option that takes one, consumed and read as `type`; `nil` if absent.
    ///
    /// - Throws: ``UsageError`` if the option is given without a value or more than once, or its
    ///   value is not one of `type`'s, naming the option, the value and what was expected.
    mutating func value<Value>(_ option: OptionDeclaration, as type: OptionValueType<Value>) throws(UsageError)
        -> Value?
    {
        guard let text = try value(option) else { return nil }
        guard let value = type.read(text) else {
            throw UsageError("--\(option.name) '\(text)': expected \(type.expected)")
        }
        return value
    }
}
