/// An Android `<intent-filter>` of a share target: the actions, categories, MIME types and URI
/// schemes it declares, as the manifest writes them.
///
/// Android resolves a share against every filter of an activity on its own (the action, category
/// and data tests of *Intents and Intent Filters*), so a filter's MIME types apply only to its
/// own actions: an activity whose `SEND` filter takes `*/*` and whose `SEND_MULTIPLE` filter takes
/// `image/*` is offered for one text file, not for two.
///
/// ```swift
/// let photos = IntentFilter(
///     actions: [IntentFilter.send, IntentFilter.sendMultiple],
///     categories: [IntentFilter.defaultCategory],
///     mimeTypes: ["image/*"])
/// ```
///
/// `IntentFilter` is `Sendable`.
public struct IntentFilter: Sendable, Hashable, Codable {
    /// `android.intent.action.SEND`: one item, in `EXTRA_STREAM`, or text in `EXTRA_TEXT`.
    public static let send = "android.intent.action.SEND"
    /// `android.intent.action.SEND_MULTIPLE`: several items in `EXTRA_STREAM`.
    public static let sendMultiple = "android.intent.action.SEND_MULTIPLE"
    /// `android.intent.category.DEFAULT`, which a filter must list to receive implicit intents.
    public static let defaultCategory = "android.intent.category.DEFAULT"

    /// The `<action android:name>`s.
    public var actions: [String]
    /// The `<category android:name>`s.
    public var categories: [String]
    /// The `<data android:mimeType>`s, matched case-sensitively, as Android matches them.
    public var mimeTypes: [String]
    /// The `<data android:scheme>`s; a filter with schemes takes only intents with a data URI.
    public var schemes: [String]
    /// The filter's `android:label`, when it has one.
    public var label: String?

    /// Creates a filter.
    ///
    /// - Parameters:
    ///   - actions: The actions.
    ///   - categories: The categories; a share target lists ``defaultCategory``.
    ///   - mimeTypes: The MIME types, such as `image/*` or `*/*`.
    ///   - schemes: The URI schemes; none for a share target.
    ///   - label: The filter's label.
    public init(
        actions: [String], categories: [String] = [IntentFilter.defaultCategory], mimeTypes: [String],
        schemes: [String] = [], label: String? = nil
    ) {
        self.actions = actions
        self.categories = categories
        self.mimeTypes = mimeTypes
        self.schemes = schemes
        self.label = label
    }

    /// Whether one of ``mimeTypes`` matches an intent's type as Android's `IntentFilter` does
    /// (`findMimeType`): `*/*` and `*` match any type, `image/*` any `image/…` type; an intent's
    /// `image/*` matches any filter type that starts with `image/`, and an intent's `*/*` any
    /// filter that lists a type; otherwise the strings must be equal, case included.
    ///
    /// - Parameter type: The intent's MIME type.
    /// - Returns: Whether a type matches.
    public func matchesMIMEType(_ type: String) -> Bool {
        if type == "*/*" { return !mimeTypes.isEmpty }
        guard let slash = type.firstIndex(of: "/") else { return mimeTypes.contains(type) }
        let base = type[..<slash]
        let intentWildcard = type[type.index(after: slash)...] == "*"
        for filterType in mimeTypes {
            if filterType == type || filterType == "*" || filterType == "*/*" { return true }
            guard let filterSlash = filterType.firstIndex(of: "/") else { continue }
            let filterBase = filterType[..<filterSlash]
            if filterType[filterType.index(after: filterSlash)...] == "*", filterBase == base { return true }
            if intentWildcard, filterBase == base { return true }
        }
        return false
    }
}
