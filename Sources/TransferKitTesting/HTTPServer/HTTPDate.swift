internal import Synchronization

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The `Date` field's IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 §5.6.7), made once a
/// second.
enum HTTPDate {
    private static let last = Mutex<(second: Int, text: String)>((-1, ""))

    /// The date now.
    static func now() -> String {
        let second = time(nil)
        if let text = last.withLock({ $0.second == second ? $0.text : nil }) { return text }
        let text = format(second)
        last.withLock { $0 = (second, text) }
        return text
    }

    /// The date `second` seconds after 1970 began, in GMT.
    static func format(_ second: Int) -> String {
        var seconds = second
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
