import Foundation
import TransferKit

/// Checks a value's `Transferable` conformance: every representation exported, imported back, and
/// compared.
///
/// One line in a test:
///
/// ```swift
/// @Test func profileTransfers() async {
///     let report = await TransferConformance.check(profile) { $0.id == $1.id && $0.name == $1.name }
///     #expect(report.isConforming, "\(report)")
/// }
/// ```
///
/// For each flattened representation the report says whether it exported, whether the type imports
/// it back (and whether the copy is equivalent), whether its exporting condition hides it for this
/// value, whether its suggested file name's extension disagrees with its content type, and through
/// which proxies it was reached. A missing importer is noted, not counted as a problem: many
/// representations are export-only by design.
///
/// It works with Swift Testing and XCTest alike: it returns a report. (A namespace: an enum without
/// cases, so there is nothing to make and no set of cases to grow.)
public enum TransferConformance {
    /// Checks a value, comparing round-tripped copies with `isEquivalent`.
    ///
    /// - Parameters:
    ///   - value: The value to check.
    ///   - isEquivalent: Whether a copy imported back is equivalent to the original.
    /// - Returns: The report.
    public static func check<Item: Transferable>(
        _ value: Item,
        isEquivalent: @Sendable (Item, Item) -> Bool
    ) async -> TransferConformanceReport {
        let typeName = String(describing: Item.self)
        let entries: [TransferRepresentationEntry<Item>]
        do {
            entries = try Item.flattenedRepresentations()
        } catch {
            return TransferConformanceReport(
                type: typeName, representations: [], problems: ["cannot flatten: \(error.reason)"])
        }
        var results: [TransferConformanceReport.Representation] = []
        var problems: [String] = []
        let item = ShareItem(value)
        for (index, entry) in entries.enumerated() {
            let name = "\(entry.contentType.identifier) (\(entry.payloadForm))"
            var result = TransferConformanceReport.Representation(
                contentType: entry.contentType, payloadForm: entry.payloadForm, proxyChain: entry.proxyChain,
                canExport: entry.canExport, canImport: entry.canImport,
                hiddenByExportingCondition: entry.canExport && !entry.canExport(value))
            if let fileName = entry.suggestedFileName(for: value),
                let problem = fileNameProblem(fileName, entry.contentType)
            {
                result.fileNameProblem = problem
                problems.append("\(name): \(problem)")
            }
            guard entry.canExport, !result.hiddenByExportingCondition else {
                results.append(result)
                continue
            }
            do {
                // Exported through exactly this representation, with the public delivery API.
                guard let offer = item.offers.first(where: { $0.representationIndex == index && $0.form == .data })
                else { throw TransferError(.exportNotSupported, itemType: Item.self, reason: "\(name) is not offered") }
                let data = try await item.withPayload(for: offer) { $0.data ?? Data() }
                result.exportedByteCount = data.count
                if let importer = entries.first(where: { $0.canImport && $0.contentType == entry.contentType }) {
                    do {
                        let copy = try await Item.importValue(from: data, through: importer)
                        let equivalent = isEquivalent(value, copy)
                        result.roundTrip = equivalent ? .equivalent : .mismatch
                        if !equivalent {
                            problems.append("\(name): the value imported back is not equivalent to the original")
                        }
                    } catch {
                        result.roundTrip = .importFailed(error.reason)
                        problems.append("\(name): exported, but importing it back fails: \(error.reason)")
                    }
                } else {
                    result.roundTrip = .noImporter
                }
            } catch {
                let reason = (error as? TransferError)?.reason ?? "\(error)"
                result.exportError = reason
                problems.append("\(name): export fails: \(reason)")
            }
            results.append(result)
        }
        return TransferConformanceReport(
            type: typeName, representations: results, problems: problems,
            warnings: textTrapWarnings(entries, value))
    }

    /// The plain-text trap: a structured representation whose type conforms to `public.text` (JSON,
    /// CSV, XML, HTML…), visible to other apps, ahead of a plain-text one. A request for text — what
    /// X, Mastodon and Bluesky take for the post — gets the structure, not the text meant for people.
    static func textTrapWarnings<Item: Transferable>(_ entries: [TransferRepresentationEntry<Item>], _ value: Item)
        -> [String]
    {
        let shared = entries.filter { $0.canExport && $0.canExport(value) && $0.visibility == .all }
        guard let plain = shared.firstIndex(where: { $0.contentType.conforms(to: .plainText) }),
            let first = shared.firstIndex(where: { $0.contentType.conforms(to: .text) }), first < plain
        else { return [] }
        let structured = shared[first]
        let text = shared[plain]
        let type = structured.contentType
        // The path up to public.text, nearest ancestor first: the conformance that causes the trap.
        let path =
            [type]
            + type.supertypes.filter { $0 != .text && $0.conforms(to: .text) }
            .sorted { $0.supertypes.count > $1.supertypes.count } + [.text]
        let because = zip(path, path.dropFirst()).map { "\($0.identifier) conforms to \($1.identifier)" }
        let isOwn = !type.identifier.hasPrefix("public.") && !type.identifier.hasPrefix("com.apple.")
        let own = isOwn ? type.identifier : "com.example.\(String(describing: Item.self).lowercased())"
        let fix =
            isOwn
            ? "Declare \(own) a kind of data, not of text: UTType(exportedAs: \"\(own)\", conformingTo: .data) "
                + "(and UTTypeConformsTo public.data in its declaration)"
            : "Give it a type of your own, a kind of data: UTType(exportedAs: \"\(own)\", conformingTo: .data)"
        return [
            "\(type.identifier) (\(structured.payloadForm)) comes before \(text.contentType.identifier)"
                + (text.proxyChain.isEmpty ? "" : " (via " + text.proxyChain.joined(separator: " → ") + ")")
                + " and is text (" + because.joined(separator: ", ") + "): a request for text gets it, and "
                + "receivers that post text (X, Mastodon, Bluesky) post it. \(fix), or .visibility(.ownProcess)"
        ]
    }

    /// Checks an `Equatable` value, comparing round-tripped copies with `==`.
    ///
    /// - Parameter value: The value to check.
    /// - Returns: The report.
    public static func check<Item: Transferable & Equatable>(_ value: Item) async -> TransferConformanceReport {
        await check(value, isEquivalent: ==)
    }

    /// Why a suggested file name's extension disagrees with the content type, or `nil`.
    static func fileNameProblem(_ fileName: String, _ contentType: UTType) -> String? {
        let ext = URL(fileURLWithPath: fileName).pathExtension
        guard !ext.isEmpty else { return nil }
        let types = UTType.types(tag: ext, tagClass: .filenameExtension, conformingTo: nil)
        if types.contains(where: { $0.conforms(to: contentType) || contentType.conforms(to: $0) }) { return nil }
        let expected = contentType.preferredFilenameExtension.map { " (expected .\($0))" } ?? ""
        return
            "the suggested file name \"\(fileName)\" has the extension .\(ext), which is not \(contentType.identifier)\(expected)"
    }
}

/// What ``TransferConformance/check(_:isEquivalent:)`` found.
///
/// `TransferConformanceReport` is `Sendable`.
public struct TransferConformanceReport: Sendable, CustomStringConvertible {
    /// How one representation fared.
    ///
    /// `Representation` is `Sendable`.
    public struct Representation: Sendable {
        /// How an exported value came back.
        ///
        /// A closed set, deliberately an enum: a round trip is a decision tree of three questions —
        /// was it exported, could it be imported, did the import succeed and equal the original? —
        /// and these are its five leaves. Why an import failed is the associated text, which may grow.
        ///
        /// `RoundTrip` is `Sendable`.
        public enum RoundTrip: Sendable, Hashable {
            /// Not tried: the representation does not export this value.
            case notTried
            /// Imported back and equivalent.
            case equivalent
            /// Imported back, but not equivalent.
            case mismatch
            /// The type has no importer for the content type.
            case noImporter
            /// Importing it back failed, for the reason given.
            case importFailed(String)
        }

        /// The content type.
        public let contentType: UTType
        /// The payload form.
        public let payloadForm: TransferPayloadForm
        /// The proxies it was reached through.
        public let proxyChain: [String]
        /// Whether it exports.
        public let canExport: Bool
        /// Whether it imports.
        public let canImport: Bool
        /// Whether its exporting condition hides it for the value checked.
        public let hiddenByExportingCondition: Bool
        /// The size of the export, when it succeeded.
        public var exportedByteCount: Int?
        /// Why the export failed, when it did.
        public var exportError: String?
        /// How the exported value came back.
        public var roundTrip: RoundTrip = .notTried
        /// Why the suggested file name disagrees with the content type, if it does.
        public var fileNameProblem: String?
    }

    /// The checked type's name.
    public let type: String
    /// Each representation, in order.
    public let representations: [Representation]
    /// Every problem found: failed exports or imports, mismatches, file-name disagreements.
    public let problems: [String]
    /// What works but is likely not meant: a structured representation (JSON, CSV) that answers
    /// requests for text before the plain-text one does — the plain-text trap. Warnings do not make
    /// the report non-conforming.
    public let warnings: [String]

    init(type: String, representations: [Representation], problems: [String], warnings: [String] = []) {
        self.type = type
        self.representations = representations
        self.problems = problems
        self.warnings = warnings
    }

    /// Whether no problem was found.
    public var isConforming: Bool { problems.isEmpty }

    /// One line per representation, then the problems.
    public var description: String {
        var lines = ["\(type): " + (isConforming ? "conforming" : "\(problems.count) problem(s)")]
        for representation in representations {
            var notes: [String] = []
            if !representation.proxyChain.isEmpty {
                notes.append("via " + representation.proxyChain.joined(separator: " → "))
            }
            if representation.hiddenByExportingCondition { notes.append("hidden by its exporting condition") }
            if let count = representation.exportedByteCount { notes.append("exported \(count) bytes") }
            if let error = representation.exportError { notes.append("export fails: \(error)") }
            switch representation.roundTrip {
            case .notTried: break
            case .equivalent: notes.append("round trip equivalent")
            case .mismatch: notes.append("round trip NOT equivalent")
            case .noImporter: notes.append("no importer")
            case .importFailed(let reason): notes.append("import fails: \(reason)")
            }
            if !representation.canExport { notes.append("import only") }
            lines.append(
                "  \(representation.contentType.identifier) (\(representation.payloadForm)): "
                    + notes.joined(separator: "; "))
        }
        lines += problems.map { "  problem: \($0)" }
        lines += warnings.map { "  warning: \($0)" }
        return lines.joined(separator: "\n")
    }
}
