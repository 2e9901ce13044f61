#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ReceiverProfile {
    /// Reads the share targets of an Android app from its `AndroidManifest.xml`: every `<activity>`
    /// and `<activity-alias>` with an intent filter for `android.intent.action.SEND` or
    /// `SEND_MULTIPLE`, each one receiver.
    ///
    /// Each receiver keeps its share filters as they are written (``ReceiverActivation/intentFilters``),
    /// so that Android's intent resolution decides when it is offered: the sender's action, the
    /// filter's categories (`DEFAULT` is required), its data test (MIME types, case-sensitive; a
    /// filter naming URI schemes takes no share without a URI), each filter on its own. An activity
    /// or application with `android:enabled="false"`, or an activity with `android:exported="false"`,
    /// is never offered (``ReceiverActivation/disabledReason``). The MIME types of the `SEND` filters
    /// also become ``AcceptRule``s, for choosing each item's representation, with `text/plain` for
    /// the text a sender puts in `EXTRA_TEXT`.
    ///
    /// A receiver is named for people — the activity's label, else the application's, else the
    /// package, then the activity's class name in parentheses (`Tusky (ComposeActivity)`) — and
    /// identified as `package/fully.qualified.ActivityName`.
    ///
    /// - Parameters:
    ///   - androidManifest: The manifest's XML.
    ///   - name: A name for the app, in place of the labels and the package.
    /// - Returns: One receiver per share activity, in the manifest's order, with the diagnostics.
    /// - Throws: ``ReceiverDeclarationError`` when the XML is not UTF-8 (as the Android build tools
    ///   write it) or not well-formed, or when no activity takes `SEND` or `SEND_MULTIPLE`.
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
                            entry: "\(activity.name) intent-filter (line \(filter.line))",
                            reason: filter.schemes.isEmpty
                                ? "takes SEND without a <data android:mimeType>: it matches no shared content"
                                : "takes SEND only with a data URI (schemes \(filter.schemes.joined(separator: ", "))): "
                                    + "no share carries one"))
                }
                for mimeType in filter.mimeTypes {
                    // What Android hands over decides the form: anything but text travels in
                    // EXTRA_STREAM, a content URI the receiver opens — a file, whatever form the
                    // sender's representation has; text may come in EXTRA_TEXT as well.
                    let isText = mimeType.lowercased().hasPrefix("text/")
                    switch AcceptHeader.rule(for: Substring(mimeType), forms: isText ? .all : .file) {
                    case .success(let rule, let warnings):
                        if seen.insert(rule).inserted { rules.append(rule) }
                        diagnostics += warnings
                    case .failure(let diagnostic):
                        diagnostics.append(diagnostic)
                    }
                }
            }
            // Text and links travel in EXTRA_TEXT, links as text/plain, whatever the filters' types
            // (a wildcard's streams included: `*/*` takes text as EXTRA_TEXT, not as a stream).
            if !seen.contains(where: { [.mediaRange(.plainText), .mediaRange(.anyText)].contains($0.pattern) }) {
                rules.append(AcceptRule(.plainText, forms: [.value, .data], source: "EXTRA_TEXT"))
            }
            rules.append(AcceptRule(.url, forms: [.value, .data], source: "EXTRA_TEXT (a link, as text/plain)"))
            let className = reader.qualified(activity.name)
            let shortName = String(className.split(separator: ".").last ?? Substring(className))
            let app = name ?? activity.label ?? reader.label ?? reader.package ?? "Android app"
            var activation = ReceiverActivation(accepts: rules, itemMatching: .all)
            activation.intentFilters = sharing.map {
                IntentFilter(
                    actions: $0.actions.sorted(), categories: $0.categories, mimeTypes: $0.mimeTypes,
                    schemes: $0.schemes, label: $0.label)
            }
            activation.disabledReason = reader.disabledReason(of: activity)
            let profile = ReceiverProfile(
                name: "\(app) (\(shortName))",
                identifier: reader.package.map { "\($0)/\(className)" } ?? className,
                aliases: [activity.name, className, shortName], platform: "Android", activation: activation)
            results.append(ParsedReceiver(profile: profile, diagnostics: diagnostics))
        }
        guard !results.isEmpty else {
            throw ReceiverDeclarationError(
                source: "AndroidManifest.xml",
                diagnostics: reader.activities.flatMap(\.diagnostics)
                    + [
                        .init(
                            entry: reader.package ?? "manifest",
                            reason: "no activity has an intent filter for android.intent.action.SEND or SEND_MULTIPLE"
                        )
                    ])
        }
        return results
    }
}

/// Collects activities, aliases and their intent filters from an Android manifest.
struct AndroidManifestReader {
    static let sendActions: Set<String> = [IntentFilter.send, IntentFilter.sendMultiple]

    struct Filter {
        var line: Int
        var actions: Set<String> = []
        var categories: [String] = []
        var mimeTypes: [String] = []
        var schemes: [String] = []
        var label: String?
        var dataWithoutType: [Int] = []
    }

    struct Activity {
        var name: String
        var label: String?
        var enabled: String?
        var exported: String?
        var filters: [Filter] = []
        var diagnostics: [ReceiverDeclarationError.Diagnostic] = []
    }

    var package: String?
    var label: String?
    var applicationEnabled: String?
    var activities: [Activity] = []
    private var current: Activity?
    private var filter: Filter?

    /// A class name as Android resolves it: a leading `.`, or no `.` at all, is relative to the package.
    func qualified(_ name: String) -> String {
        guard let package else { return name }
        if name.hasPrefix(".") { return package + name }
        return name.contains(".") ? name : "\(package).\(name)"
    }

    /// Why Android never offers `activity`, if it does not: `android:enabled="false"` on it or on the
    /// application, `android:exported="false"` on it. A resource reference (`@bool/…`) is read as
    /// the default, `true`, since its value is not in the manifest.
    func disabledReason(of activity: Activity) -> String? {
        if applicationEnabled == "false" { return "the application is android:enabled=\"false\"" }
        if activity.enabled == "false" { return "\(activity.name) is android:enabled=\"false\"" }
        if activity.exported == "false" {
            return "\(activity.name) is android:exported=\"false\": other apps cannot start it"
        }
        return nil
    }

    mutating func handle(_ event: XMLElementReader.Event) {
        switch event {
        case .start(let element, let attributes, let line):
            func attribute(_ name: String) -> String? { attributes["android:\(name)"] ?? attributes[name] }
            /// A label written out, not a resource reference (`@string/app_name`).
            func literalLabel() -> String? {
                attribute("label").flatMap { $0.hasPrefix("@") || $0.isEmpty ? nil : $0 }
            }
            switch element {
            case "manifest":
                package = attributes["package"]
            case "application":
                label = literalLabel()
                applicationEnabled = attribute("enabled")
            case "activity", "activity-alias":
                current = Activity(
                    name: attribute("name") ?? "activity \(activities.count + 1)", label: literalLabel(),
                    enabled: attribute("enabled"), exported: attribute("exported"))
            case "intent-filter":
                filter = Filter(line: line, label: literalLabel())
            case "action":
                if let name = attribute("name") { filter?.actions.insert(name) }
            case "category":
                if let name = attribute("name") { filter?.categories.append(name) }
            case "data":
                guard filter != nil else { return }
                if let mimeType = attribute("mimeType") { filter?.mimeTypes.append(mimeType) }
                if let scheme = attribute("scheme") { filter?.schemes.append(scheme) }
                if attribute("mimeType") == nil, attribute("scheme") == nil, attribute("host") == nil,
                    attribute("path") == nil, attribute("pathPrefix") == nil, attribute("pathPattern") == nil
                {
                    filter?.dataWithoutType.append(line)
                }
            default:
                break
            }
        case .end(let element):
            switch element {
            case "intent-filter":
                if let filter {
                    // Only a share filter's <data> matters here; other filters' are not read.
                    if !filter.actions.isDisjoint(with: Self.sendActions) {
                        for line in filter.dataWithoutType {
                            current?.diagnostics.append(
                                .init(
                                    entry: "line \(line) <data>",
                                    reason: "expected android:mimeType or android:scheme, found neither; ignored"))
                        }
                    }
                    current?.filters.append(filter)
                }
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
