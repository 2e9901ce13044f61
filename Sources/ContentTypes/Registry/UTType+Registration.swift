import TransferCodecs
import TransferSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension UTType {
    /// Declares types at run time, as an app's `Info.plist` does on Apple's platforms.
    ///
    /// Every valid declaration is registered, even when others in the batch are not. Declarations
    /// in one batch may refer to each other in any order. An imported declaration of a type that is
    /// already declared leaves the existing declaration in force. Registration is thread-safe.
    ///
    /// ```swift
    /// try UTType.register([
    ///     UTTypeDeclaration(identifier: "com.example.profile", conformsTo: ["public.json"],
    ///                       tags: [.filenameExtension: ["exprofile"]])
    /// ])
    /// UTType("com.example.profile")?.conforms(to: .text)   // true
    /// ```
    ///
    /// - Parameter declarations: The declarations to register.
    /// - Returns: The types registered, in order.
    /// - Throws: ``UTTypeDeclarationError`` listing every invalid declaration (malformed identifier
    ///   or tag, undeclared parent, cycle, identifier exported twice) after registering the valid ones.
    @discardableResult
    public static func register(_ declarations: [UTTypeDeclaration]) throws(UTTypeDeclarationError) -> [UTType] {
        let (registered, problems) = TypeRegistry.shared.register(declarations)
        guard problems.isEmpty else {
            throw UTTypeDeclarationError(problems: problems, registeredTypes: registered)
        }
        return registered
    }

    /// Declares the types listed in a declaration file: an `Info.plist` (XML or binary) or the same
    /// structure as JSON.
    ///
    /// The file holds a dictionary with `UTExportedTypeDeclarations` and/or
    /// `UTImportedTypeDeclarations`, each an array of entries with `UTTypeIdentifier`,
    /// `UTTypeConformsTo`, `UTTypeDescription` and `UTTypeTagSpecification`
    /// (`public.filename-extension`, `public.mime-type`):
    ///
    /// ```json
    /// { "UTExportedTypeDeclarations": [ {
    ///     "UTTypeIdentifier": "com.example.profile",
    ///     "UTTypeConformsTo": ["public.json"],
    ///     "UTTypeDescription": "Example profile",
    ///     "UTTypeTagSpecification": { "public.filename-extension": ["exprofile"] } } ] }
    /// ```
    ///
    /// - Parameter url: The file's location.
    /// - Returns: The types registered, in file order.
    /// - Throws: ``UTTypeDeclarationError`` naming the file and each bad entry, after registering
    ///   the good ones; or, with ``UTTypeDeclarationError/Problem/Code/unreadableFile`` or
    ///   ``UTTypeDeclarationError/Problem/Code/malformedFile``, when nothing could be read.
    @discardableResult
    public static func registerDeclarations(contentsOf url: URL) throws(UTTypeDeclarationError) -> [UTType] {
        let data: Data
        do {
            data = try ReadableFile.contents(of: url)
        } catch {
            throw UTTypeDeclarationError(
                file: url.path,
                problems: [
                    .init(
                        url.lastPathComponent, .unreadableFile,
                        FileManager.default.fileExists(atPath: url.path) ? "cannot be read (\(error))" : "no such file")
                ]
            )
        }
        return try registerDeclarations(from: data, file: url.path)
    }

    /// Declares the types listed in declaration-file contents: an `Info.plist` (XML or binary) or
    /// the same structure as JSON.
    ///
    /// - Parameters:
    ///   - data: The file's contents.
    ///   - file: A name for the source, used in problem reports.
    /// - Returns: The types registered, in file order.
    /// - Throws: ``UTTypeDeclarationError`` as ``registerDeclarations(contentsOf:)`` does.
    @discardableResult
    public static func registerDeclarations(from data: Data, file: String? = nil) throws(UTTypeDeclarationError)
        -> [UTType]
    {
        let (declarations, parseProblems) = UTTypeDeclaration.parseFile(data)
        let (registered, problems) = TypeRegistry.shared.register(declarations)
        let all = parseProblems + problems
        guard all.isEmpty else {
            throw UTTypeDeclarationError(file: file, problems: all, registeredTypes: registered)
        }
        return registered
    }

    /// Every declared type: the built-in tree in declaration order, then registered types in the
    /// order they were registered.
    ///
    /// This is an addition to Apple's API, for tools that list or walk the tree.
    public static var declaredTypes: [UTType] {
        let registry = TypeRegistry.shared
        return registry.builtIn.declarations.indices.map(UTType.init(builtInIndex:))
            + registry.registeredTypes.map(UTType.init(registered:))
    }
}

// MARK: - Parsing declaration files

extension UTTypeDeclaration {
    /// The declarations in a declaration file, and a problem for every entry that could not be read.
    static func parseFile(_ data: Data) -> ([UTTypeDeclaration], [UTTypeDeclarationError.Problem]) {
        let file: DeclarationFile
        do {
            switch DeclarationFormat(of: data) {
            case .json:
                file = try JSONTextDecoder().decode(DeclarationFile.self, from: data)
            case .propertyList:
                if let problem = PropertyListGuard.problem(in: data) {
                    return ([], [.init("file", .malformedFile, problem)])
                }
                file = try PropertyListDecoder().decode(DeclarationFile.self, from: data)
            case .unknown(let found):
                return (
                    [],
                    [
                        .init(
                            "file", .malformedFile,
                            "expected a property list (XML or binary) or a JSON object, found \(found)")
                    ]
                )
            }
        } catch {
            let reason =
                (error as? DecodingError)?.readableDescription
                ?? "cannot be read as a property list or JSON object"
            return ([], [.init("file", .malformedFile, reason)])
        }
        var declarations: [UTTypeDeclaration] = []
        var problems: [UTTypeDeclarationError.Problem] = []
        for (key, kind, entries) in [
            ("UTExportedTypeDeclarations", Kind.exported, file.exported),
            ("UTImportedTypeDeclarations", Kind.imported, file.imported),
        ] {
            for (position, entry) in entries.enumerated() {
                switch entry.result {
                case .success(var declaration):
                    declaration.kind = kind
                    declarations.append(declaration)
                case .failure(let error):
                    let name = entry.identifier.map { "\(key)[\(position)] (\($0))" } ?? "\(key)[\(position)]"
                    problems.append(.init(name, .malformedEntry, error.readableDescription))
                }
            }
        }
        if file.exported.isEmpty, file.imported.isEmpty {
            problems.append(
                .init(
                    "file", .malformedFile,
                    "expected UTExportedTypeDeclarations or UTImportedTypeDeclarations, found neither")
            )
        }
        return (declarations, problems)
    }
}

/// What a declaration file holds, told from its first bytes.
private enum DeclarationFormat {
    case json
    case propertyList
    /// Neither: what was found instead, for the message.
    case unknown(String)

    init(of data: Data) {
        let encoding = data.withUnsafeBytes { UTF8Validation.utf16Or32($0.bindMemory(to: UInt8.self)) }
        if let encoding {
            // Foundation reads XML property lists in UTF-16 too; JSON must be UTF-8 (RFC 8259 §8.1).
            let bigEndian = encoding == "UTF-16BE"
            let start = data.prefix(256)
            let units = stride(from: 0, to: start.count - 1, by: 2).map { offset -> UInt16 in
                let first = UInt16(start[start.startIndex + offset]),
                    second = UInt16(start[start.startIndex + offset + 1])
                return bigEndian ? first << 8 | second : second << 8 | first
            }
            let first = String(decoding: units, as: UTF16.self).first { !$0.isWhitespace && $0 != "\u{FEFF}" }
            if encoding.hasPrefix("UTF-16"), first == "<" {
                self = .propertyList
            } else {
                self = .unknown("\(encoding) text\(first == "{" || first == "[" ? " (JSON must be UTF-8)" : "")")
            }
            return
        }
        if data.starts(with: Array("bplist".utf8)) {
            self = .propertyList
            return
        }
        let significant = data.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        let body = significant.starts(with: [0xEF, 0xBB, 0xBF]) ? significant.dropFirst(3) : significant
        guard let first = body.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            self = .unknown("an empty file")
            return
        }
        switch body[first] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): self = .json
        case UInt8(ascii: "<"): self = .propertyList
        default: self = .unknown(body.describedCharacter(at: first))
        }
    }
}

/// The top level of a declaration file.
private struct DeclarationFile: Decodable {
    var exported: [Entry] = []
    var imported: [Entry] = []

    enum CodingKeys: String, CodingKey {
        case exported = "UTExportedTypeDeclarations"
        case imported = "UTImportedTypeDeclarations"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        exported = try container.decodeIfPresent([Entry].self, forKey: .exported) ?? []
        imported = try container.decodeIfPresent([Entry].self, forKey: .imported) ?? []
    }

    /// One entry, decoded on its own so that a bad one does not fail the file.
    struct Entry: Decodable {
        let result: Result<UTTypeDeclaration, DecodingError>
        let identifier: String?

        private enum IdentifierKey: String, CodingKey { case identifier = "UTTypeIdentifier" }

        init(from decoder: any Decoder) throws {
            identifier = try? decoder.container(keyedBy: IdentifierKey.self).decode(String.self, forKey: .identifier)
            do {
                result = .success(try UTTypeDeclaration(from: decoder))
            } catch let error as DecodingError {
                result = .failure(error)
            }
        }
    }
}
