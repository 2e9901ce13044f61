public import TransferCodecs

/// The problems found in a batch of type declarations.
///
/// Registration never lets one bad entry discard the good ones: every valid declaration of the
/// batch is registered (``registeredTypes``) and every invalid one is reported here together, each
/// naming its entry and the reason.
///
/// ```swift
/// do {
///     try UTType.registerDeclarations(contentsOf: url)
/// } catch {
///     for problem in error.problems { print(problem) }
///     // Info.plist: UTExportedTypeDeclarations[2] (com.example.b): conforms to com.example.missing, which is not declared
/// }
/// ```
///
/// `UTTypeDeclarationError` is `Sendable`.
public struct UTTypeDeclarationError: Error, Sendable, CustomStringConvertible {
    /// One invalid entry.
    ///
    /// `Problem` is `Sendable`.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The kind of problem.
        ///
        /// `Code` is `Sendable`. Match it with `==` or in a `switch` with `case .cycle:`.
        public struct Code: NamedValue {
            /// The name, camelCase, as programs and JSON output spell it: `undeclaredParent`.
            public let rawValue: String

            init(unchecked rawValue: String) { self.rawValue = rawValue }

            /// The identifier is empty or contains characters identifiers cannot have.
            public static let malformedIdentifier = Code(unchecked: "malformedIdentifier")
            /// A tag is empty or not of its class's form (a MIME type without `/`, say).
            public static let malformedTag = Code(unchecked: "malformedTag")
            /// A parent is neither built in, registered, nor declared in the same batch.
            public static let undeclaredParent = Code(unchecked: "undeclaredParent")
            /// The declaration conforms, directly or not, to itself.
            public static let cycle = Code(unchecked: "cycle")
            /// The identifier is exported twice: in the batch, or by an existing declaration.
            public static let duplicateIdentifier = Code(unchecked: "duplicateIdentifier")
            /// An entry of a declaration file lacks a key or has a value of the wrong kind.
            public static let malformedEntry = Code(unchecked: "malformedEntry")
            /// A declaration file is not a property list or JSON of the expected structure.
            public static let malformedFile = Code(unchecked: "malformedFile")
            /// A declaration file cannot be read.
            public static let unreadableFile = Code(unchecked: "unreadableFile")

            /// Every code this version knows, in the order above.
            public static let knownValues: [Code] = [
                .malformedIdentifier, .malformedTag, .undeclaredParent, .cycle, .duplicateIdentifier, .malformedEntry,
                .malformedFile, .unreadableFile,
            ]

        }

        /// The entry at fault: its identifier, or its position in the file when it has none.
        public let entry: String
        /// The kind of problem.
        public let code: Code
        /// What was expected and what was found.
        public let reason: String

        /// Creates a problem report.
        ///
        /// - Parameters:
        ///   - entry: The entry at fault.
        ///   - code: The kind of problem.
        ///   - reason: What was expected and what was found.
        package init(_ entry: String, _ code: Code, _ reason: String) {
            self.entry = entry
            self.code = code
            self.reason = reason
        }

        /// `entry: reason`.
        public var description: String { "\(entry): \(reason)" }
    }

    /// The declaration file, when the declarations came from one.
    public let file: String?
    /// Every problem found, in the order of the entries.
    public let problems: [Problem]
    /// The types the batch did register: the valid entries.
    public let registeredTypes: [UTType]

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - file: The declaration file, if any.
    ///   - problems: The problems, in entry order.
    ///   - registeredTypes: The types that were registered despite the problems.
    package init(file: String? = nil, problems: [Problem], registeredTypes: [UTType] = []) {
        self.file = file
        self.problems = problems
        self.registeredTypes = registeredTypes
    }

    /// One line per problem, each prefixed with the file when there is one; a problem with the
    /// whole file is said of the file.
    public var description: String {
        let prefix = file.map { "\($0): " } ?? ""
        let header =
            problems.count == 1
            ? "" : "\(prefix)\(problems.count) invalid type declarations (\(registeredTypes.count) registered)\n"
        return header
            + problems.map { problem in
                file != nil && problem.entry == "file" ? prefix + problem.reason : prefix + problem.description
            }.joined(separator: "\n")
    }
}

extension UTTypeDeclarationError.Problem.Code {
    /// Matches an error with a problem of this code: `catch UTTypeDeclarationError.Problem.Code.cycle { … }`.
    public static func ~= (code: UTTypeDeclarationError.Problem.Code, error: any Error) -> Bool {
        (error as? UTTypeDeclarationError)?.problems.contains { $0.code == code } ?? false
    }

    /// Matches a problem of this code, in a `switch` over problems.
    public static func ~= (code: UTTypeDeclarationError.Problem.Code, problem: UTTypeDeclarationError.Problem) -> Bool {
        problem.code == code
    }
}
