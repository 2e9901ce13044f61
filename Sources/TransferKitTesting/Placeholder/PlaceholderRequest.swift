#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A request for placeholder media, read from a URL's path and query — the one reading that
/// ``PlaceholderURLProtocol``, ``PlaceholderServer`` and `transfer placeholder` share.
///
/// The paths:
/// - `/image.png?width=&height=&text=&fgcolor=&bgcolor=`: a ``PlaceholderImage`` (every parameter
///   optional: 250×250, "dummy", `202f55` on `dddddd`);
/// - `/300x200.png`, `/300.png` (square) and `/ddd/202f55/300x200.png` (background, then foreground)
///   as placehold.jp spells them, with the same query parameters; the text defaults to the size,
///   `300 × 200`;
/// - `/audio.wav?duration=&frequency=`: a ``PlaceholderAudio`` (0.5 seconds of 440 Hz).
///
/// The query is read as an HTML form encodes it: `+` is a space, `%E5%95%86` is `商`. Parameter names
/// are compared without case; a name this reading does not know is ignored (so `?v=2` can bust a
/// cache); a known one given twice, a value out of range, a percent-encoding that is not two
/// hexadecimal digits or not UTF-8 are refused with a ``PlaceholderError`` that names the parameter —
/// never clamped, never guessed.
///
/// ```swift
/// let request = try PlaceholderRequest(target: "/image.png?width=300&height=200&text=%E5%95%86%E5%93%81")
/// let png = request.data()            // what the server and the URL protocol answer
/// ```
///
/// `PlaceholderRequest` is `Sendable`.
public struct PlaceholderRequest: Sendable, Hashable {
    /// What is made.
    ///
    /// `Media` is `Sendable`.
    public enum Media: Sendable, Hashable {
        /// A PNG image.
        case image(PlaceholderImage)
        /// A WAV sound.
        case audio(PlaceholderAudio)
    }

    /// What is made.
    public var media: Media

    /// A request for `media`.
    ///
    /// - Parameter media: The image or sound.
    public init(media: Media) { self.media = media }

    /// Reads a request target as HTTP sends it: a path and a query, percent-encoded.
    ///
    /// An absolute URL (`http://host/image.png?…`) is read from its path; a fragment is ignored.
    ///
    /// - Parameter target: `/image.png?width=300&text=%E5%95%86`.
    /// - Throws: ``PlaceholderError``: ``PlaceholderError/Code/notFound`` for a path that names no
    ///   placeholder, ``PlaceholderError/Code/malformedTarget`` for one that cannot be decoded,
    ///   ``PlaceholderError/Code/invalidParameter`` for a bad parameter.
    public init(target: some StringProtocol) throws(PlaceholderError) {
        var bytes = Substring(target).utf8[...]
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) { bytes = bytes[..<hash] }
        if bytes.first != UInt8(ascii: "/"), let scheme = Self.indexAfterAuthority(bytes) {
            bytes = bytes[scheme...]
            if bytes.isEmpty { bytes = "/".utf8[...] }
        }
        let question = bytes.firstIndex(of: UInt8(ascii: "?"))
        let rawPath = bytes[..<(question ?? bytes.endIndex)]
        let rawQuery = question.map { bytes[bytes.index(after: $0)...] }
        guard let path = Self.percentDecoded(rawPath, plusIsSpace: false) else {
            throw PlaceholderError(
                .malformedTarget, parameter: "path", value: String(decoding: rawPath, as: UTF8.self),
                expected: "a path percent-encoded as UTF-8 (% and two hexadecimal digits)")
        }
        let query = try Query(rawQuery)
        media = try Self.media(path: path, query: query)
    }

    /// A request for a decoded `path` (`/image.png`, `/300x200.png`) and parameters already decoded
    /// — what a command line gives: read as ``init(target:)`` reads a query, names without case, and
    /// names it does not know ignored.
    ///
    /// - Throws: ``PlaceholderError``, as ``init(target:)``.
    package init(path: String, parameters: [String: String]) throws(PlaceholderError) {
        media = try Self.media(path: path, query: Query(values: parameters))
    }

    /// Reads a URL's path and query, as ``init(target:)`` does; the scheme and host are not looked at.
    ///
    /// - Parameter url: `http://placeholder/image.png?width=300`.
    /// - Throws: ``PlaceholderError``, as ``init(target:)``.
    public init(url: URL) throws(PlaceholderError) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? url.path
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        try self.init(target: target)
    }

    /// The media type of ``data()``: `image/png` or `audio/wav`.
    public var contentType: String {
        switch media {
        case .image: "image/png"
        case .audio: "audio/wav"
        }
    }

    /// A strong entity tag (`"…"`, quotes included) that names these bytes: the same request gives
    /// the same tag, and any change of parameter or of this library's drawing gives another — so an
    /// `If-None-Match` can be answered without drawing.
    public var entityTag: String { Self.entityTag(forKey: canonicalKey) }

    /// The entity tag of the request whose ``canonicalKey`` is `key`.
    static func entityTag(forKey key: String) -> String {
        // FNV-1a, 64 bits, over the parameters as written here and the drawing's version.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in "\(Self.drawingVersion)\u{0}\(key)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "\"\(String(repeating: "0", count: 16 - hex.count))\(hex)\""
    }

    /// The bytes: a PNG image or a WAV sound.
    ///
    /// - Returns: ``PlaceholderImage/pngData()`` or ``PlaceholderAudio/wavData()``.
    public func data() -> Data {
        switch media {
        case .image(let image): image.pngData()
        case .audio(let audio): audio.wavData()
        }
    }

    /// Every parameter, one way of writing it: two requests with the same key have the same bytes.
    var canonicalKey: String {
        switch media {
        case .image(let image):
            let colors = [image.foreground, image.background].map { "\($0.red),\($0.green),\($0.blue)" }
            return "image \(image.width)x\(image.height) \(colors.joined(separator: " "))\u{0}\(image.text)"
        case .audio(let audio):
            return "audio \(audio.duration.bitPattern) \(audio.frequency.bitPattern) \(audio.sampleRate)"
        }
    }

    /// Bumped whenever the same parameters draw other bytes (the font, the layout, the encoders).
    static let drawingVersion = 3
}

extension PlaceholderRequest {
    /// The query's items, decoded; names lowercased. A known name given twice is refused.
    struct Query {
        private(set) var values: [String: String] = [:]

        /// The names read, and the names whose repetition is refused.
        static let known: Set<String> = ["width", "height", "text", "fgcolor", "bgcolor", "duration", "frequency"]

        init(_ raw: Substring.UTF8View.SubSequence?) throws(PlaceholderError) {
            guard let raw else { return }
            for item in raw.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
                let equals = item.firstIndex(of: UInt8(ascii: "="))
                let rawName = item[..<(equals ?? item.endIndex)]
                let rawValue = equals.map { item[item.index(after: $0)...] } ?? item[item.endIndex...]
                guard let name = PlaceholderRequest.percentDecoded(rawName, plusIsSpace: true) else {
                    throw PlaceholderError(
                        .malformedTarget, parameter: "query", value: String(decoding: rawName, as: UTF8.self),
                        expected: "a parameter name percent-encoded as UTF-8 (% and two hexadecimal digits)")
                }
                let key = name.lowercased()
                guard Self.known.contains(key) else { continue }
                guard let value = PlaceholderRequest.percentDecoded(rawValue, plusIsSpace: true) else {
                    throw PlaceholderError(
                        .malformedTarget, parameter: key, value: String(decoding: rawValue, as: UTF8.self),
                        expected: "a value percent-encoded as UTF-8 (% and two hexadecimal digits)")
                }
                if let first = values[key] {
                    throw PlaceholderError.invalidParameter(
                        name: key, value: "\(first)' and '\(value)", expected: "one value")
                }
                values[key] = value
            }
        }

        /// Parameters already decoded, names lowercased; unknown names left out.
        init(values: [String: String]) {
            for (name, value) in values where Self.known.contains(name.lowercased()) {
                self.values[name.lowercased()] = value
            }
        }

        subscript(name: String) -> String? { values[name] }

        /// A whole number, `default` when absent.
        func integer(_ name: String, default value: Int) throws(PlaceholderError) -> Int {
            guard let text = values[name] else { return value }
            guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(text) else {
                throw .invalidParameter(
                    name: name, value: text, expected: "a whole number from 1 to \(PlaceholderImage.maximumSide)")
            }
            return number
        }

        /// A finite number, `default` when absent.
        func number(_ name: String, default value: Double) throws(PlaceholderError) -> Double {
            guard let text = values[name] else { return value }
            guard let number = Double(text), number.isFinite else {
                throw .invalidParameter(name: name, value: text, expected: "a number")
            }
            return number
        }

        /// A colour, `nil` when absent.
        func color(_ name: String) throws(PlaceholderError) -> PlaceholderImage.Color? {
            guard let text = values[name] else { return nil }
            do {
                return try PlaceholderImage.Color(hex: text)
            } catch {
                throw .invalidParameter(name: name, value: text, expected: error.expected)
            }
        }
    }

    /// The media a decoded path and its query name.
    private static func media(path: String, query: Query) throws(PlaceholderError) -> Media {
        switch path.lowercased() {
        case "/image.png":
            return try .image(image(width: nil, height: nil, background: nil, foreground: nil, query: query))
        case "/audio.wav":
            let audio = try PlaceholderAudio(
                duration: query.number("duration", default: 0.5), frequency: query.number("frequency", default: 440))
            return .audio(audio)
        default:
            // placehold.jp's spellings: /300.png, /300x200.png, /bg/fg/300x200.png.
            let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            guard segments.count == 1 || segments.count == 3,
                let size = segments.last, size.lowercased().hasSuffix(".png")
            else { throw notFound(path) }
            let sides = size.dropLast(4).lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard sides.count == 1 || sides.count == 2,
                sides.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } })
            else { throw notFound(path) }
            func side(_ text: Substring, _ name: String) throws(PlaceholderError) -> Int {
                guard let value = Int(text) else {
                    throw .invalidParameter(
                        name: name, value: String(text),
                        expected: "a whole number from 1 to \(PlaceholderImage.maximumSide)")
                }
                return value
            }
            let width = try side(sides[0], "width")
            let height = try sides.count == 2 ? side(sides[1], "height") : width
            var background: PlaceholderImage.Color?
            var foreground: PlaceholderImage.Color?
            if segments.count == 3 {
                do {
                    background = try PlaceholderImage.Color(hex: String(segments[0]))
                    foreground = try PlaceholderImage.Color(hex: String(segments[1]))
                } catch {
                    throw .invalidParameter(
                        name: background == nil ? "bgcolor" : "fgcolor", value: error.value, expected: error.expected)
                }
            }
            return try .image(
                image(width: width, height: height, background: background, foreground: foreground, query: query))
        }
    }

    /// An image from the query, with the path's size and colours where it gave them (the query's
    /// colours win).
    private static func image(
        width: Int?, height: Int?, background: PlaceholderImage.Color?, foreground: PlaceholderImage.Color?,
        query: Query
    ) throws(PlaceholderError) -> PlaceholderImage {
        // A size in the path draws the size, as placehold.jp does; /image.png draws "dummy".
        let defaultText = width.map { "\($0) × \(height ?? $0)" } ?? "dummy"
        // `??` would rethrow untyped: the query is read first.
        let queryWidth = try query.integer("width", default: 250)
        let queryHeight = try query.integer("height", default: 250)
        var image = try PlaceholderImage(
            width: width ?? queryWidth, height: height ?? queryHeight, text: query["text"] ?? defaultText)
        if let foreground = try query.color("fgcolor") ?? foreground { image.foreground = foreground }
        if let background = try query.color("bgcolor") ?? background { image.background = background }
        return image
    }

    private static func notFound(_ path: String) -> PlaceholderError {
        PlaceholderError(
            .notFound, parameter: "path", value: path,
            expected: "/image.png, /audio.wav, /WIDTHxHEIGHT.png or /BGCOLOR/FGCOLOR/WIDTHxHEIGHT.png")
    }

    /// Where the path of an absolute URL starts (after `scheme://authority`), or `nil` when `bytes`
    /// is not one.
    private static func indexAfterAuthority(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.Index? {
        var index = bytes.startIndex
        while index != bytes.endIndex, bytes[index] != UInt8(ascii: ":") {
            let byte = bytes[index] | 0x20
            guard
                (0x61...0x7A).contains(byte) || (0x30...0x39).contains(bytes[index]) || bytes[index] == 0x2B
                    || bytes[index] == 0x2D || bytes[index] == 0x2E
            else { return nil }
            index = bytes.index(after: index)
        }
        guard index != bytes.startIndex, bytes[index...].starts(with: "://".utf8) else { return nil }
        let authority = bytes.index(index, offsetBy: 3)
        return bytes[authority...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? bytes.endIndex
    }

    /// `bytes` with `%XX` decoded (and `+` as a space when `plusIsSpace`), or `nil` when a `%` is not
    /// followed by two hexadecimal digits or the result is not UTF-8.
    static func percentDecoded(_ bytes: Substring.UTF8View.SubSequence, plusIsSpace: Bool) -> String? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            switch byte {
            case UInt8(ascii: "%"):
                guard index != bytes.endIndex, let high = hexValue(bytes[index]) else { return nil }
                index = bytes.index(after: index)
                guard index != bytes.endIndex, let low = hexValue(bytes[index]) else { return nil }
                index = bytes.index(after: index)
                decoded.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                decoded.append(UInt8(ascii: " "))
            default:
                decoded.append(byte)
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }
}
