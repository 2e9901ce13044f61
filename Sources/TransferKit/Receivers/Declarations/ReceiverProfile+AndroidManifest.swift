#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ReceiverProfile {
    /// Reads the share targets of an Android app from its `AndroidManifest.xml`: the activities whose
    /// intent filters take `android.intent.action.SEND` or `SEND_MULTIPLE`.
    ///
    /// Each `<data android:mimeType="…"/>` of those filters becomes an ``AcceptRule``, MIME
    /// wildcards mapped onto the tree as for an `Accept` header (`image/*` is `public.image`, `*/*`
    /// the wildcard). An app that only takes `SEND` takes one attachment; Android negotiates on one
    /// type covering every item, so every item must match. A `<data>` without a MIME type, or with
    /// a malformed one, is dropped with a diagnostic.
    ///
    /// - Parameters:
    ///   - androidManifest: The manifest's XML.
    ///   - name: A name for the receiver; the default is the manifest's package.
    /// - Returns: One profile per share activity, with the diagnostics.
    /// - Throws: ``ReceiverDeclarationError`` when the XML is not UTF-8 (as the Android build tools
    ///   write it) or not well-formed, or when no activity takes `SEND`.
    public static func parse(androidManifest: Data, name: String? = nil) throws(ReceiverDeclarationError)
        -> [ParsedReceiver]
    {
        var reader = AndroidManifestReader()
        do throws(XMLElementReader.SyntaxError) {
            try XMLElementReader.read(androidManifest) { reader.handle($0) }
        } catch {
            throw ReceiverDeclarationError(
                source: "AndroidManifest.xml",
                diagnostics: [.init(entry: "line \(error.line)", reason: "is not well-formed XML: \(error.reason)")])
        }
        let package = reader.package ?? "android app"
        var results: [ParsedReceiver] = []
        for activity in reader.activities {
            let sharing = activity.filters.filter { !$0.actions.isDisjoint(with: AndroidManifestReader.sendActions) }
            guard !sharing.isEmpty else { continue }
            var diagnostics = activity.diagnostics
            var rules: [AcceptRule] = []
            var seen: Set<AcceptRule> = []
            for filter in sharing {
                if filter.mimeTypes.isEmpty {
                    diagnostics.append(
                        .init(
                            entry: "\(activity.name) intent-filter",
                            reason: "takes SEND without a <data android:mimeType>: it matches no shared content"))
                }
                for mimeType in filter.mimeTypes {
                    switch AcceptHeader.rule(for: Substring(mimeType)) {
                    case .success(let rule, let warnings):
                        if seen.insert(rule).inserted { rules.append(rule) }
                        diagnostics += warnings
                    case .failure(let diagnostic):
                        diagnostics.append(diagnostic)
                    }
                }
            }
            guard !rules.isEmpty else { continue }
            let multiple = sharing.contains { $0.actions.contains("android.intent.action.SEND_MULTIPLE") }
            let profile = ReceiverProfile(
                name: name ?? package, identifier: "\(package)/\(activity.name)", platform: "Android",
                activation: ReceiverActivation(accepts: rules, maxAttachments: multiple ? nil : 1, itemMatching: .all))
            results.append(ParsedReceiver(profile: profile, diagnostics: diagnostics))
        }
        guard !results.isEmpty else {
            throw ReceiverDeclarationError(
                source: "AndroidManifest.xml",
                diagnostics: reader.activities.flatMap(\.diagnostics)
                    + [
                        .init(
                            entry: package,
                            reason:
                                "no activity has an intent filter for android.intent.action.SEND or SEND_MULTIPLE with a MIME type"
                        )
                    ])
        }
        return results
    }
}

/// Collects activities and their intent filters from an Android manifest.
struct AndroidManifestReader {
    static let sendActions: Set<String> = ["android.intent.action.SEND", "android.intent.action.SEND_MULTIPLE"]

    struct Filter {
        var actions: Set<String> = []
        var mimeTypes: [String] = []
    }

    struct Activity {
        var name: String
        var filters: [Filter] = []
        var diagnostics: [ReceiverDeclarationError.Diagnostic] = []
    }

    var package: String?
    var activities: [Activity] = []
    private var current: Activity?
    private var filter: Filter?

    mutating func handle(_ event: XMLElementReader.Event) {
        switch event {
        case .start(let element, let attributes, let line):
            func attribute(_ name: String) -> String? { attributes["android:\(name)"] ?? attributes[name] }
            switch element {
            case "manifest":
                package = attributes["package"]
            case "activity", "activity-alias":
                current = Activity(name: attribute("name") ?? "activity \(activities.count + 1)")
            case "intent-filter":
                filter = Filter()
            case "action":
                if let name = attribute("name") { filter?.actions.insert(name) }
            case "data":
                guard filter != nil else { return }
                if let mimeType = attribute("mimeType") {
                    filter?.mimeTypes.append(mimeType)
                } else if attribute("scheme") == nil, attribute("host") == nil {
                    current?.diagnostics.append(
                        .init(entry: "line \(line) <data>", reason: "expected android:mimeType, found none; ignored"))
                }
            default:
                break
            }
        case .end(let element):
            switch element {
            case "intent-filter":
                if let filter { current?.filters.append(filter) }
                filter = nil
            case "activity", "activity-alias":
                if let current { activities.append(current) }
                current = nil
            default:
                break
            }
        }
    }
}
