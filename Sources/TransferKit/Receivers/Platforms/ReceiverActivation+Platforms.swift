/// Each platform's own activation rule, applied as that platform applies it: an iOS predicate
/// evaluated literally, Android's intent resolution, the Web Share Target specification's file
/// rules. Every step names the rule and the documentation that states it.
extension ReceiverActivation {
    /// The documentation each rule cites.
    enum Citation {
        static let predicate =
            "https://developer.apple.com/library/archive/documentation/General/Conceptual/ExtensibilityPG/ExtensionScenarios.html (Declaring Supported Data Types for a Share or Action Extension); https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/Predicates/Articles/pSyntax.html"
        static let intentResolution =
            "https://developer.android.com/guide/components/intents-filters#Resolution"
        static let sendIntents =
            "https://developer.android.com/training/sharing/send; https://developer.android.com/reference/android/content/Intent#ACTION_SEND_MULTIPLE"
        static let activityElement = "https://developer.android.com/guide/topics/manifest/activity-element"
        static let webShareTarget = "https://w3c.github.io/web-share-target/"
        static let activationDictionary =
            "https://developer.apple.com/documentation/bundleresources/information-property-list/nsextension/nsextensionattributes/nsextensionactivationrule; version 1 every attachment, version 2 any: https://github.com/mozilla-mobile/firefox-ios/pull/3203"
        static let mediaRanges = "https://www.rfc-editor.org/rfc/rfc9110#section-12.5.1"

        /// Where a receiver without a platform rule has its rules from: Apple's activation
        /// dictionary for iOS, RFC 9110 for HTTP, else the profile's own evidence.
        static func generic(for receiver: ReceiverProfile) -> (rule: String, source: String) {
            switch receiver.platform {
            case "iOS": ("NSExtensionActivationRule dictionary", activationDictionary)
            case _ where receiver.identifier.hasPrefix("Accept: "): ("Accept header", mediaRanges)
            default: ("receiver profile", receiver.evidence.first?.source ?? "the receiver profile \(receiver.name)")
            }
        }
    }

    /// Whether the platform rule offers the receiver for `items`, or `nil` when the activation has
    /// no platform rule.
    func platformDecision(for items: [ShareItem], audience: TransferRepresentationVisibility)
        -> (isOffered: Bool, steps: [SharePlan.ActivationStep])?
    {
        let shared = items.compactMap { SharedItem($0, audience: audience) }
        if let disabledReason {
            return (
                false,
                [
                    .init(
                        .receiverDisabled, "not offered: \(disabledReason)", rule: "component state",
                        source: Citation.activityElement)
                ]
            )
        }
        if let predicate { return Self.decide(predicate: predicate, shared) }
        if let intentFilters { return Self.decide(intentFilters: intentFilters, shared) }
        if let webShareTarget { return Self.decide(webShareTarget: webShareTarget, shared) }
        return nil
    }

    /// One item as a platform sees it: its registered types in order, and whether it travels as
    /// text (a string or a link) or as a stream of bytes (a file).
    struct SharedItem {
        let label: String
        let typeIdentifiers: [String]
        let isText: Bool
        let mimeType: String?
        let filenameExtension: String?

        init?(_ item: ShareItem, audience: TransferRepresentationVisibility) {
            let offers = item.offers.filter { $0.isExportable && $0.visibility.isVisible(at: audience) }
            guard let first = offers.first else { return nil }
            label = item.label
            var seen: Set<String> = []
            typeIdentifiers = offers.map(\.contentType.identifier).filter { seen.insert($0).inserted }
            let kind = ContentKind(first.contentType)
            // A string or a link travels as text; a file of text (its first form a file) as a file.
            isText = (kind == .text || kind == .url) && first.form != .file
            let typed = offers.first { $0.contentType.preferredMIMEType != nil }
            mimeType = isText ? "text/plain" : typed?.contentType.preferredMIMEType
            filenameExtension = offers.lazy.compactMap(\.contentType.preferredFilenameExtension).first
        }
    }

    // MARK: iOS

    static func decide(predicate format: String, _ items: [SharedItem])
        -> (isOffered: Bool, steps: [SharePlan.ActivationStep])
    {
        let predicate: ExtensionPredicate
        do {
            predicate = try ExtensionPredicate(format)
        } catch {
            return (
                false,
                [
                    .init(
                        .ruleNotMatched, "the activation predicate does not parse (\(error)): iOS offers nothing",
                        rule: "NSExtensionActivationRule predicate", source: Citation.predicate)
                ]
            )
        }
        // The share as the extension sees it: one extension item holding every attachment, each
        // attachment's registered type identifiers in the sender's order.
        let share = ExtensionPredicate.Share(extensionItems: items.isEmpty ? [] : [items.map(\.typeIdentifiers)])
        let evaluation = predicate.evaluate(share)
        let attachments = items.map { "[\($0.typeIdentifiers.joined(separator: ", "))]" }.joined(separator: ", ")
        var steps: [SharePlan.ActivationStep] = []
        if let failure = evaluation.failure {
            steps.append(
                .init(
                    .ruleNotMatched, "the activation predicate cannot be evaluated (\(failure)): iOS offers nothing",
                    rule: "NSExtensionActivationRule predicate", source: Citation.predicate))
            return (false, steps)
        }
        steps.append(
            .init(
                evaluation.result ? .ruleMatched : .ruleNotMatched,
                "the activation predicate is \(evaluation.result ? "true" : "false") for one extension item with "
                    + "attachments \(attachments.isEmpty ? "(none)" : attachments), evaluated literally as iOS does",
                rule: "NSExtensionActivationRule predicate", source: Citation.predicate))
        for warning in evaluation.warnings {
            steps.append(
                .init(
                    .literalMeaningDiffers, "warning: \(warning)", rule: "NSExtensionActivationRule predicate",
                    source: Citation.predicate))
        }
        return (evaluation.result, steps)
    }

    // MARK: Android

    /// The intent a sender builds for a share (*Send simple data to other apps*): text and links
    /// in `EXTRA_TEXT` as `text/plain`; one file in `EXTRA_STREAM` with `ACTION_SEND` and its type;
    /// several with `ACTION_SEND_MULTIPLE` and their common type (`image/*` for two image types,
    /// `*/*` for mixed ones), the text beside them in `EXTRA_TEXT`. The data URI stays empty: the
    /// streams travel as extras and `ClipData`.
    struct SendIntent {
        let action: String
        let type: String
        let extras: [String]

        init?(_ items: [SharedItem]) {
            let streams = items.filter { !$0.isText }
            let hasText = items.contains(where: \.isText)
            guard !items.isEmpty else { return nil }
            let types = streams.map { $0.mimeType ?? "application/octet-stream" }
            switch types.count {
            case 0:
                action = IntentFilter.send
                type = "text/plain"
            case 1:
                action = IntentFilter.send
                type = types[0]
            default:
                action = IntentFilter.sendMultiple
                if Set(types).count == 1 {
                    type = types[0]
                } else {
                    let bases = Set(types.map { $0.prefix { $0 != "/" } })
                    type = bases.count == 1 ? "\(bases.first!)/*" : "*/*"
                }
            }
            extras = (streams.isEmpty ? [] : ["EXTRA_STREAM × \(streams.count)"]) + (hasText ? ["EXTRA_TEXT"] : [])
        }

        var description: String {
            let name = action == IntentFilter.sendMultiple ? "ACTION_SEND_MULTIPLE" : "ACTION_SEND"
            return "\(name) of type \(type) with \(extras.joined(separator: " and "))"
        }
    }

    static func decide(intentFilters filters: [IntentFilter], _ items: [SharedItem])
        -> (isOffered: Bool, steps: [SharePlan.ActivationStep])
    {
        guard let intent = SendIntent(items) else {
            return (
                false, [.init(.ruleNotMatched, "nothing to send", rule: "ACTION_SEND", source: Citation.sendIntents)]
            )
        }
        var steps: [SharePlan.ActivationStep] = [
            .init(
                .platformIntent, "the sender's intent: \(intent.description)",
                rule: "ACTION_SEND / ACTION_SEND_MULTIPLE",
                source: Citation.sendIntents)
        ]
        for (index, filter) in filters.enumerated() {
            let types =
                filter.mimeTypes.count <= 6
                ? filter.mimeTypes.joined(separator: ", ")
                : filter.mimeTypes.prefix(5).joined(separator: ", ") + ", … \(filter.mimeTypes.count) types"
            let name = "intent filter \(index + 1) (\(types))"
            let reason: (test: String, why: String)? =
                if !filter.actions.contains(intent.action) {
                    ("action test", "does not list \(intent.action)")
                } else if !filter.categories.contains(IntentFilter.defaultCategory) {
                    ("category test", "does not list \(IntentFilter.defaultCategory), which implicit intents carry")
                } else if !filter.schemes.isEmpty {
                    (
                        "data test",
                        "names URI schemes (\(filter.schemes.joined(separator: ", "))), and the intent has a type but no URI"
                    )
                } else if !filter.matchesMIMEType(intent.type) {
                    ("data test", "has no MIME type matching \(intent.type)")
                } else {
                    nil
                }
            if let reason {
                steps.append(
                    .init(
                        .ruleNotMatched, "\(name) \(reason.why)", rule: "intent resolution: \(reason.test)",
                        source: Citation.intentResolution))
            } else {
                steps.append(
                    .init(
                        .ruleMatched, "\(name) passes the action, category and data tests for \(intent.type)",
                        rule: "intent resolution", source: Citation.intentResolution))
                return (true, steps)
            }
        }
        return (false, steps)
    }

    // MARK: Web

    static func decide(webShareTarget target: WebShareTarget, _ items: [SharedItem])
        -> (isOffered: Bool, steps: [SharePlan.ActivationStep])
    {
        let files = items.filter { !$0.isText }
        let texts = items.filter(\.isText)
        var steps: [SharePlan.ActivationStep] = []
        if !files.isEmpty {
            guard target.takesFiles else {
                let why =
                    target.files.isEmpty
                    ? "has no params.files entry"
                    : "declares files with \(target.method) \(target.enctype), and files need POST multipart/form-data"
                steps.append(
                    .init(
                        .ruleNotMatched, "the share holds files, and the target \(why)",
                        rule: "Web Share Target: files",
                        source: Citation.webShareTarget))
                return (false, steps)
            }
            for file in files {
                guard
                    let entry = target.files.first(where: {
                        $0.accepts(mimeType: file.mimeType, filenameExtension: file.filenameExtension)
                    })
                else {
                    steps.append(
                        .init(
                            .ruleNotMatched,
                            "\(file.label) (\(file.mimeType ?? "no MIME type")) is accepted by no files entry, and "
                                + "a target that does not accept every file is not presented",
                            rule: "Web Share Target: every file accepted", source: Citation.webShareTarget))
                    return (false, steps)
                }
                steps.append(
                    .init(
                        .ruleMatched, "\(file.label) goes to files entry '\(entry.name)'",
                        rule: "Web Share Target: the first files entry that accepts it",
                        source: Citation.webShareTarget))
            }
        }
        if !texts.isEmpty {
            let params = [target.title, target.text, target.url].compactMap(\.self)
            if params.isEmpty {
                if files.isEmpty {
                    steps.append(
                        .init(
                            .ruleNotMatched,
                            "the share holds only text or links, and the target has no title, "
                                + "text or url parameter", rule: "Web Share Target: params",
                            source: Citation.webShareTarget))
                    return (false, steps)
                }
                steps.append(
                    .init(
                        .ruleMatched, "the text has no parameter to go in and is not sent",
                        rule: "Web Share Target: params", source: Citation.webShareTarget))
            } else {
                steps.append(
                    .init(
                        .ruleMatched, "text and links go in the parameters \(params.joined(separator: ", "))",
                        rule: "Web Share Target: params", source: Citation.webShareTarget))
            }
        }
        return (!items.isEmpty, steps)
    }
}
