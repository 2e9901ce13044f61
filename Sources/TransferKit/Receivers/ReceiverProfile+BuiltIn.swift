import TransferSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ReceiverProfile {
    /// The profiles TransferKit ships: Photos, X, Bluesky, Mastodon, Threads and Instagram on iOS,
    /// each with its evidence, app version and date.
    ///
    /// They are compiled into the library as JSON (`ReceiverProfile+BuiltInJSON.swift`) in the
    /// format the "Receiver profiles" article documents, so they need no resource bundle. Extend or
    /// override them with your own files through ``load(contentsOf:)`` and ``lookup(_:in:)``.
    public static let builtIn: [ReceiverProfile] = builtInJSON.map { entry in
        do {
            return try JSONTextDecoder().decode(ReceiverProfile.self, from: Data(entry.json.utf8))
        } catch {
            // The literals are checked by the tests; a broken one is a bug in this file.
            preconditionFailure("The built-in profile \(entry.name) does not decode: \(error)")
        }
    }

    /// The built-in profile that a name, identifier or alias names.
    ///
    /// - Parameter name: `Bluesky`, `xyz.blueskyweb.app.Share-with-Bluesky`, … (case ignored).
    /// - Returns: The profile.
    /// - Throws: ``ReceiverDeclarationError`` when no built-in profile matches.
    public static func named(_ name: String) throws(ReceiverDeclarationError) -> ReceiverProfile {
        try lookup(name, in: builtIn)
    }

    /// The profile among `profiles` that a name, identifier or alias names; the first match wins, so
    /// put your own profiles before ``builtIn`` to override them.
    ///
    /// - Parameters:
    ///   - name: A name, identifier or alias (case ignored).
    ///   - profiles: The profiles to search.
    /// - Returns: The profile.
    /// - Throws: ``ReceiverDeclarationError`` listing the known names when none matches.
    public static func lookup(_ name: String, in profiles: [ReceiverProfile]) throws(ReceiverDeclarationError)
        -> ReceiverProfile
    {
        guard let profile = profiles.first(where: { $0.matches(name) }) else {
            throw ReceiverDeclarationError(
                source: name,
                diagnostics: [
                    .init(
                        entry: name,
                        reason:
                            "no receiver profile is named '\(name)'; known: \(profiles.map(\.name).joined(separator: ", "))"
                    )
                ])
        }
        return profile
    }

    /// Reads profiles from a JSON file: one profile object, or an array of them.
    ///
    /// - Parameter url: The file.
    /// - Returns: The profiles, in file order.
    /// - Throws: ``ReceiverDeclarationError`` naming the file, the entry and what was expected.
    public static func load(contentsOf url: URL) throws(ReceiverDeclarationError) -> [ReceiverProfile] {
        let data: Data
        do {
            data = try ReadableFile.contents(of: url)
        } catch {
            let reason =
                switch error.code {
                case .fileReadNoSuchFile: "expected a file, found none"
                case .fileReadNoPermission: "cannot be read: permission denied"
                case .fileReadTooLarge: "cannot be read: too large"
                default: "cannot be read (a directory, or an I/O error)"
                }
            throw ReceiverDeclarationError(source: url.path, diagnostics: [.init(entry: "file", reason: reason)])
        }
        return try load(from: data, source: url.path)
    }

    /// Reads profiles from JSON: one profile object, or an array of them.
    ///
    /// - Parameters:
    ///   - data: The JSON.
    ///   - source: A name for the source, used in diagnostics.
    /// - Returns: The profiles, in order.
    /// - Throws: ``ReceiverDeclarationError`` naming the entry and what was expected.
    public static func load(from data: Data, source: String = "profiles") throws(ReceiverDeclarationError)
        -> [ReceiverProfile]
    {
        let decoder = JSONTextDecoder()
        do {
            if data.first(where: { !$0.isWhitespace }) == UInt8(ascii: "[") {
                return try decoder.decode([ReceiverProfile].self, from: data)
            }
            return [try decoder.decode(ReceiverProfile.self, from: data)]
        } catch let error as DecodingError {
            throw ReceiverDeclarationError(
                source: source, diagnostics: [.init(entry: "profile", reason: error.readableDescription)])
        } catch {
            // The profiles' initializers throw decoding errors only.
            throw ReceiverDeclarationError(
                source: source, diagnostics: [.init(entry: "profile", reason: "cannot be read: \(error)")])
        }
    }
}

extension UInt8 {
    fileprivate var isWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
