internal import Foundation

/// A publication date as pages write it, in `article:published_time`, schema.org's
/// `datePublished` and their kin, read into an instant — or `nil`, never a wrong date.
///
/// The forms read, each seen on real pages:
/// - ISO 8601 and RFC 3339: `2016-04-30T10:00:00Z`, `…+02:00`, `…+0200`, `…+02`, with or without
///   fractions of a second; `T` or a space between date and time; **without an offset the time is
///   taken as UTC** (schema.org says dates are ISO 8601, whose local time has no zone a reader can
///   know; UTC is what metascraper and Mastodon's extractor assume too).
/// - The same with a space before a numeric offset or a zone name: `2017-06-21 09:51:00 -0400`,
///   `2017-06-21 09:51:00 UTC`.
/// - A date alone: `2016-04-30`, at midnight UTC.
/// - RFC 5322 (RFC 2822, RFC 1123): `Tue, 24 May 2016 05:55:00 GMT`, `24 May 2016 05:55 +0200`, the
///   day name optional, the seconds optional, and the obsolete zone names (`EST`, `PDT`, `UT`, …).
/// - C's `asctime`, as HTTP-date allows it: `Tue May 24 05:55:00 2016`, in UTC.
///
/// Month and day names are English, compared without case. A field out of its range (month 13,
/// 31 April, hour 24, an offset past ±14:00) makes the whole text unreadable, and so does text of
/// more than 64 bytes: read from its start, its zone could be cut off and the date be wrong.
enum PageDate {
    static func parse(_ text: String) -> Date? {
        // Longer than any date a page states: not read at all, rather than read from its start (a
        // zone or junk past a cut would be missed, and the date be wrong).
        guard text.utf8.count <= 64 else { return nil }
        let bytes = Array(text.utf8)
        var iso = Scanner(bytes)
        iso.skipSpaces()
        var rfc = Scanner(bytes)
        var asctime = Scanner(bytes)
        return iso.isoDate() ?? rfc.rfc5322Date() ?? asctime.asctimeDate()
    }

    /// The calendar the fields are read in: Gregorian, UTC.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The instant of the fields, at `offset` seconds east of UTC; `nil` when a field is out of range.
    fileprivate static func instant(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0,
        offset: Int = 0
    ) -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second), abs(offset) <= 14 * 3600
        else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, 1, 1)
        guard let first = calendar.date(from: components),
            let days = calendar.range(
                of: .day, in: .month, for: calendar.date(byAdding: .month, value: month - 1, to: first)!),
            days.contains(day)
        else { return nil }
        components = DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59),
            nanosecond: nanosecond)
        return calendar.date(from: components).map { $0.addingTimeInterval(TimeInterval(-offset)) }
    }

    fileprivate static let months = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]
    fileprivate static let days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    /// RFC 5322's zone names (§4.3, obsolete but still written), in seconds east of UTC.
    fileprivate static let zones: [String: Int] = [
        "ut": 0, "utc": 0, "gmt": 0, "z": 0, "est": -5 * 3600, "edt": -4 * 3600, "cst": -6 * 3600, "cdt": -5 * 3600,
        "mst": -7 * 3600, "mdt": -6 * 3600, "pst": -8 * 3600, "pdt": -7 * 3600,
    ]
}

/// Reads a date's fields from left to right; each reader consumes the whole text or fails.
private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpaces() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    /// Exactly `count` digits (or between `count` and `maximum`).
    mutating func number(_ count: Int, maximum: Int? = nil) -> Int? {
        var value = 0
        var taken = 0
        while let byte = current, (0x30...0x39).contains(byte), taken < (maximum ?? count) {
            value = value * 10 + Int(byte - 0x30)
            taken += 1
            index += 1
        }
        return taken >= count ? value : nil
    }

    /// A word of ASCII letters, lower-cased.
    mutating func word() -> String? {
        let start = index
        while let byte = current, (0x61...0x7A).contains(byte | 0x20) { index += 1 }
        guard index > start else { return nil }
        return String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
    }

    mutating func month() -> Int? {
        guard let word = word(), word.count >= 3, let month = PageDate.months.firstIndex(of: String(word.prefix(3)))
        else { return nil }
        return month + 1
    }

    /// `HH:MM`, then `:SS` and a fraction when there.
    mutating func time() -> (hour: Int, minute: Int, second: Int, nanosecond: Int)? {
        guard let hour = number(1, maximum: 2), take(0x3A), let minute = number(2) else { return nil }
        var second = 0
        var nanosecond = 0
        if take(0x3A) {
            guard let seconds = number(2) else { return nil }
            second = seconds
            if take(0x2E) || take(0x2C) {
                var scale = 100_000_000
                var digits = 0
                while let byte = current, (0x30...0x39).contains(byte) {
                    if scale > 0 { nanosecond += Int(byte - 0x30) * scale }
                    scale /= 10
                    digits += 1
                    index += 1
                }
                guard digits > 0 else { return nil }
            }
        }
        return (hour, minute, second, nanosecond)
    }

    /// `Z`, `±HH:MM`, `±HHMM`, `±HH`, or a zone name; `nil` for none, `.some(nil)` for a bad one.
    mutating func zone() -> Int?? {
        if take(0x5A) || take(0x7A) { return 0 }
        if let sign = current, sign == 0x2B || sign == 0x2D {
            index += 1
            guard let hours = number(2) else { return .some(nil) }
            var minutes = 0
            if take(0x3A) {
                guard let value = number(2) else { return .some(nil) }
                minutes = value
            } else if let value = number(2) {
                minutes = value
            }
            guard minutes < 60 else { return .some(nil) }
            return (sign == 0x2D ? -1 : 1) * (hours * 3600 + minutes * 60)
        }
        let start = index
        if let name = word() {
            guard let offset = PageDate.zones[name] else { return .some(nil) }
            return offset
        }
        index = start
        return nil
    }

    /// ISO 8601 and its relatives.
    mutating func isoDate() -> Date? {
        guard let year = number(4), take(0x2D), let month = number(2), take(0x2D), let day = number(2) else {
            return nil
        }
        skipSpaces()
        if atEnd { return PageDate.instant(year: year, month: month, day: day) }
        if current == 0x54 || current == 0x74 { index += 1 }
        return timeAndZone(year: year, month: month, day: day, keepingFraction: true)
    }

    /// RFC 5322: `[Day,] DD Mon YYYY HH:MM[:SS] zone`.
    mutating func rfc5322Date() -> Date? {
        skipSpaces()
        let start = index
        if let name = word(), PageDate.days.contains(String(name.prefix(3))) {
            _ = take(0x2C)
            skipSpaces()
        } else {
            index = start
        }
        guard let day = number(1, maximum: 2) else { return nil }
        skipSpaces()
        _ = take(0x2D)
        guard let month = month() else { return nil }
        skipSpaces()
        _ = take(0x2D)
        guard let year = number(4) else { return nil }
        // RFC 5322 has whole seconds only.
        return timeAndZone(year: year, month: month, day: day, keepingFraction: false)
    }

    /// What follows a date in both forms: the time, an optional zone (UTC without one), and the end.
    private mutating func timeAndZone(year: Int, month: Int, day: Int, keepingFraction: Bool) -> Date? {
        skipSpaces()
        guard let time = time() else { return nil }
        skipSpaces()
        var offset = 0
        if !atEnd {
            guard let zone = zone(), let value = zone else { return nil }
            offset = value
            skipSpaces()
        }
        guard atEnd else { return nil }
        return PageDate.instant(
            year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second,
            nanosecond: keepingFraction ? time.nanosecond : 0, offset: offset)
    }

    /// C's `asctime`: `Day Mon DD HH:MM:SS YYYY`, in UTC.
    mutating func asctimeDate() -> Date? {
        skipSpaces()
        guard let name = word(), PageDate.days.contains(String(name.prefix(3))) else { return nil }
        skipSpaces()
        guard let month = month() else { return nil }
        skipSpaces()
        guard let day = number(1, maximum: 2) else { return nil }
        skipSpaces()
        guard let time = time() else { return nil }
        skipSpaces()
        guard let year = number(4) else { return nil }
        skipSpaces()
        guard atEnd else { return nil }
        return PageDate.instant(
            year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
    }
}
