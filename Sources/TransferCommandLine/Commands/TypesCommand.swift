import ContentTypes
import TransferCodecs

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `transfer types`: list, show, walk and look up content types.
enum TypesCommand {
    static let command = Command(
        "types", summary: "List, show and look up content types",
        discussion: """
            Lists, shows, walks and looks up content types. Every subcommand takes --declarations FILE \
            (repeatable) to load custom type declarations first.
            """,
        subcommands: [
            Command(
                "list", summary: "Every declared type, as a table, TSV or JSON",
                usage: [
                    Usage(
                        "types list", .optional(listFormat), .optional(conformingTo),
                        .optional(DeclarationsOption.option))
                ],
                discussion: "Lists every declared type, built-in first, then those from --declarations.",
                options: [listFormat, conformingTo, DeclarationsOption.option], run: { try list(&$0, $1) }),
            Command(
                "show", summary: "One type: its tags, ancestors and direct subtypes",
                usage: [
                    Usage(
                        "types show", .argument("TYPE"), .optional(JSONOutput.option),
                        .optional(DeclarationsOption.option))
                ],
                discussion: """
                    Shows a type, named by its identifier, .ext or type/subtype: identifier, description, \
                    tags, direct parents, all ancestors, direct subtypes.
                    """,
                options: [JSONOutput.option, DeclarationsOption.option], run: { try show(&$0, $1) }),
            Command(
                "tree", summary: "The conformance tree below a type, as text or Graphviz DOT",
                usage: [
                    Usage(
                        "types tree", .optionalArgument("TYPE"), .optional(treeFormat),
                        .optional(DeclarationsOption.option))
                ],
                discussion: """
                    Prints the conformance tree below TYPE (default: every root). A type with several parents \
                    appears under each of them; its subtypes are listed under the first only, and later \
                    appearances are marked (*). Past 32 levels the indentation stops growing and each line \
                    starts with its level in brackets.
                    """,
                options: [treeFormat, DeclarationsOption.option], run: { try tree(&$0, $1) }),
            Command(
                "lookup", summary: "The types for a filename extension or a MIME type, preferred first",
                usage: [
                    Usage(
                        "types lookup", .oneOf([[.option(fileExtension)], [.option(mimeType)]], optional: false),
                        .optional(conformingTo), .optional(JSONOutput.option), .optional(DeclarationsOption.option))
                ],
                discussion: """
                    Prints every type carrying the tag, preferred first: public before other types, exported \
                    before imported, more general before its subtypes, then declaration order. When no declared \
                    type carries the tag, prints the dynamic type made for it.
                    """,
                options: [fileExtension, mimeType, conformingTo, JSONOutput.option, DeclarationsOption.option],
                constraints: [.exactlyOne([fileExtension, mimeType])],
                run: { try lookup(&$0, $1) }),
        ])

    static let listFormat = OptionDeclaration.choice(
        "format", ["table", "tsv", "json"],
        help: """
            Output format (default: table). TSV has no header and four columns: identifier, parents, \
            extensions, MIME types (comma-separated lists, preferred first; an empty column is empty).
            """)
    static let treeFormat = OptionDeclaration.choice(
        "format", ["text", "dot"], help: "Indented text (default) or a Graphviz DOT digraph (child -> parent).")
    static let conformingTo = OptionDeclaration.value(
        "conforming-to", "TYPE", help: "Only types conforming to TYPE (an identifier, .ext or type/subtype).")
    static let fileExtension = OptionDeclaration.value(
        "extension", "EXT", help: "The filename extension to look up, with or without its dot.")
    static let mimeType = OptionDeclaration.value("mime", "MIME", help: "The MIME type to look up.")

    // MARK: Subcommands

    static func list(_ arguments: inout Arguments, _ console: Console) throws {
        try DeclarationsOption.load(&arguments)
        let format = try arguments.choice(listFormat)
        let supertype = try arguments.value(conformingTo).map(TypeName.resolve)
        try arguments.finish()
        let types = supertype.map(conformingTypes) ?? UTType.declaredTypes
        switch format {
        case "tsv":
            console.write(types.map(tsvLine).joined())
        case "json":
            console.write(try JSONOutput.text(types.map(TypeSummary.init)))
        default:
            let width = types.map(\.identifier.count).max() ?? 0
            var output = "IDENTIFIER".padding(width + 1) + "EXTENSIONS / MIME TYPES\n"
            for type in types {
                let tags = (type.tags[.filenameExtension] ?? []).map { "." + $0 } + (type.tags[.mimeType] ?? [])
                output += type.identifier.padding(width + 1) + tags.joined(separator: " ") + "\n"
            }
            output += "\(types.count) types\n"
            console.write(output)
        }
    }

    /// The declared types conforming to `supertype`, in declaration order.
    ///
    /// Found by walking the subtypes down, which is linear in their number; testing every declared
    /// type would cost the depth of a chain for each registered one.
    static func conformingTypes(_ supertype: UTType) -> [UTType] {
        guard supertype.isDeclared else { return UTType.declaredTypes.filter { $0.conforms(to: supertype) } }
        var found: Set<UTType> = [supertype]
        var stack = [supertype]
        while let next = stack.popLast() {
            for child in next.directSubtypes where found.insert(child).inserted { stack.append(child) }
        }
        return UTType.declaredTypes.filter(found.contains)
    }

    static func tsvLine(_ type: UTType) -> String {
        let declaration = type.declaration
        return [
            type.identifier,
            (declaration?.conformsTo ?? []).joined(separator: ","),
            (type.tags[.filenameExtension] ?? []).joined(separator: ","),
            (type.tags[.mimeType] ?? []).joined(separator: ","),
        ].joined(separator: "\t") + "\n"
    }

    static func show(_ arguments: inout Arguments, _ console: Console) throws {
        try DeclarationsOption.load(&arguments)
        let format = try arguments.choice(JSONOutput.option)
        guard let query = arguments.positional() else { throw UsageError("missing the type to show") }
        try arguments.finish()
        let type = try TypeName.resolve(query)
        let ancestors = type.supertypes.sorted { $0.identifier < $1.identifier }
        if format == "json" {
            console.write(
                try JSONOutput.text(
                    TypeDetail(
                        summary: TypeSummary(type), isPublic: type.isPublic, ancestors: ancestors.map(\.identifier),
                        subtypes: type.directSubtypes.map(\.identifier))))
            return
        }
        var lines = [type.identifier]
        func add(_ label: String, _ values: [String]) {
            lines.append("  " + (label + ":").padding(13) + (values.isEmpty ? "-" : values.joined(separator: ", ")))
        }
        add("description", type.localizedDescription.map { [$0] } ?? [])
        let status =
            type.isDynamic
            ? "dynamic"
            : type.isDeclared ? (type.declaration?.kind == .imported ? "imported" : "exported") : "undeclared"
        add("status", [status + (type.isPublic ? ", public" : "")])
        add("extensions", type.tags[.filenameExtension] ?? [])
        add("MIME types", type.tags[.mimeType] ?? [])
        add("parents", type.directSupertypes.map(\.identifier))
        add("ancestors", ancestors.map(\.identifier))
        add("subtypes", type.directSubtypes.map(\.identifier))
        console.write(lines.joined(separator: "\n") + "\n")
    }

    static func tree(_ arguments: inout Arguments, _ console: Console) throws {
        try DeclarationsOption.load(&arguments)
        let format = try arguments.choice(treeFormat)
        let root = try arguments.positional().map(TypeName.resolve)
        try arguments.finish()
        let roots = root.map { [$0] } ?? UTType.declaredTypes.filter { $0.directSupertypes.isEmpty }
        var children: [UTType: [UTType]] = [:]
        for type in UTType.declaredTypes {
            for parent in Set(type.directSupertypes) { children[parent, default: []].append(type) }
        }
        if format == "dot" {
            var edges: [String] = []
            var seen: Set<UTType> = []
            var stack = roots
            var nodes: [UTType] = []
            while let next = stack.popLast() {
                guard seen.insert(next).inserted else { continue }
                nodes.append(next)
                for child in children[next] ?? [] {
                    edges.append("  \"\(child.identifier)\" -> \"\(next.identifier)\";")
                    stack.append(child)
                }
            }
            let nodeLines = nodes.map { "  \"\($0.identifier)\";" }
            console.write(
                "digraph conformance {\n  rankdir=BT;\n" + nodeLines.joined(separator: "\n") + "\n"
                    + edges.joined(separator: "\n") + (edges.isEmpty ? "" : "\n") + "}\n"
            )
            return
        }
        console.write(indentedTree(roots: roots, children: children))
    }

    /// The tree below `roots` as indented text, one line per appearance of a type.
    ///
    /// A type reached again (it has several parents, or several roots reach it) is printed with a
    /// `(*)` mark and without its subtypes, which are listed at its first appearance: the output is
    /// linear in the number of conformances, where expanding a lattice is exponential. An explicit
    /// stack keeps a chain of any depth off the call stack, and the indentation stops growing at
    /// ``maximumIndentation`` levels, so that the output of a chain stays linear too.
    static func indentedTree(roots: [UTType], children: [UTType: [UTType]]) -> String {
        var output = ""
        var printed: Set<UTType> = []
        var anyRepeated = false
        var stack = roots.reversed().map { (type: $0, level: 0) }
        while let (type, level) = stack.popLast() {
            if level > maximumIndentation {
                output += String(repeating: "  ", count: maximumIndentation) + "[\(level)] "
            } else {
                output += String(repeating: "  ", count: level)
            }
            output += type.identifier
            guard printed.insert(type).inserted else {
                output += " (*)\n"
                anyRepeated = true
                continue
            }
            output += "\n"
            stack += (children[type] ?? []).reversed().map { ($0, level + 1) }
        }
        if anyRepeated { output += "(*) listed above, with its subtypes\n" }
        return output
    }

    /// The deepest level indented in full by `types tree`.
    static let maximumIndentation = 32

    static func lookup(_ arguments: inout Arguments, _ console: Console) throws {
        try DeclarationsOption.load(&arguments)
        let format = try arguments.choice(JSONOutput.option)
        let fileExtension = try arguments.value(Self.fileExtension)
        let mimeType = try arguments.value(Self.mimeType)
        let supertype = try arguments.value(conformingTo).map(TypeName.resolve)
        try arguments.finish()
        let tag: String
        let tagClass: UTTagClass
        switch (fileExtension, mimeType) {
        case (let value?, nil):
            tag = value.hasPrefix(".") ? String(value.dropFirst()) : value
            tagClass = .filenameExtension
        case (nil, let value?):
            tag = value
            tagClass = .mimeType
        default:
            throw UsageError("give exactly one of --extension and --mime")
        }
        var types = UTType.types(tag: tag, tagClass: tagClass, conformingTo: supertype)
        // Without --conforming-to, an unknown tag gets the dynamic type UTType(filenameExtension:)
        // and UTType(mimeType:) give, conforming to public.data.
        if supertype == nil, types.count == 1, types[0].isDynamic {
            types = UTType(tag: tag, tagClass: tagClass, conformingTo: .data).map { [$0] } ?? []
        }
        guard !types.isEmpty else {
            throw ToolError(
                .dataError,
                "'\(tag)' is not a valid \(tagClass == .mimeType ? "MIME type (expected type/subtype)" : "filename extension")"
            )
        }
        if format == "json" {
            console.write(
                try JSONOutput.text(
                    types.enumerated().map { rank, type in
                        LookupResult(
                            identifier: type.identifier, description: type.localizedDescription,
                            isDynamic: type.isDynamic, rank: rank)
                    }))
            return
        }
        console.write(
            types.map { type in
                let note =
                    type.isDynamic ? "(dynamic: no declared type carries this tag)" : (type.localizedDescription ?? "")
                return type.identifier + "\t" + note + "\n"
            }.joined()
        )
    }

    // MARK: Shared

    /// A type as JSON.
    struct TypeSummary: Encodable {
        let identifier: String
        let parents: [String]
        let extensions: [String]
        let mimeTypes: [String]
        let description: String?
        let kind: String

        init(_ type: UTType) {
            identifier = type.identifier
            parents = type.declaration?.conformsTo ?? type.directSupertypes.map(\.identifier)
            extensions = type.tags[.filenameExtension] ?? []
            mimeTypes = type.tags[.mimeType] ?? []
            description = type.localizedDescription
            kind = type.declaration?.kind.rawValue ?? (type.isDynamic ? "dynamic" : "undeclared")
        }
    }

    /// `types show --format json`: the summary, plus what `show` adds.
    struct TypeDetail: Encodable {
        let summary: TypeSummary
        let isPublic: Bool
        let ancestors: [String]
        let subtypes: [String]

        func encode(to encoder: any Encoder) throws {
            try summary.encode(to: encoder)
            enum Keys: String, CodingKey { case isPublic, ancestors, subtypes }
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(isPublic, forKey: .isPublic)
            try container.encode(ancestors, forKey: .ancestors)
            try container.encode(subtypes, forKey: .subtypes)
        }
    }

    /// `types lookup --format json`: one candidate for a tag.
    struct LookupResult: Encodable {
        let identifier: String
        let description: String?
        let isDynamic: Bool
        let rank: Int
    }
}
