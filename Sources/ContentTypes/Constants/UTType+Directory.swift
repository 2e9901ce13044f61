extension UTType {
    /// The type `public.directory` (directory).
    ///
    /// Conforms to `public.item`.
    public static let directory = UTType(builtIn: "public.directory")

    /// The type `com.apple.rtfd` (rich text with attachments (RTFD)).
    ///
    /// Conforms to `com.apple.package`, `public.composite-content`.
    /// Tags: filename extensions `rtfd`.
    public static let rtfd = UTType(builtIn: "com.apple.rtfd")

    /// The type `public.folder` (folder).
    ///
    /// Conforms to `public.directory`.
    public static let folder = UTType(builtIn: "public.folder")

    /// The type `public.volume` (volume).
    ///
    /// Conforms to `public.folder`.
    public static let volume = UTType(builtIn: "public.volume")

    /// The type `com.apple.package` (Package).
    ///
    /// Conforms to `public.directory`.
    public static let package = UTType(builtIn: "com.apple.package")

    /// The type `com.apple.bundle` (bundle).
    ///
    /// Conforms to `public.directory`.
    public static let bundle = UTType(builtIn: "com.apple.bundle")

    /// The type `com.apple.plugin` (plug-in).
    ///
    /// Conforms to `com.apple.bundle`, `com.apple.package`.
    /// Tags: filename extensions `plugin`.
    public static let pluginBundle = UTType(builtIn: "com.apple.plugin")

    /// The type `com.apple.metadata-importer` (Spotlight importer).
    ///
    /// Conforms to `com.apple.plugin`.
    /// Tags: filename extensions `mdimporter`.
    public static let spotlightImporter = UTType(builtIn: "com.apple.metadata-importer")

    /// The type `com.apple.quicklook-generator` (QuickLook preview generator).
    ///
    /// Conforms to `com.apple.plugin`.
    /// Tags: filename extensions `qlgenerator`.
    public static let quickLookGenerator = UTType(builtIn: "com.apple.quicklook-generator")

    /// The type `com.apple.xpc-service` (XPC Service).
    ///
    /// Conforms to `com.apple.bundle`, `com.apple.package`.
    /// Tags: filename extensions `xpc`.
    public static let xpcService = UTType(builtIn: "com.apple.xpc-service")

    /// The type `com.apple.framework` (framework).
    ///
    /// Conforms to `com.apple.bundle`.
    /// Tags: filename extensions `framework`.
    public static let framework = UTType(builtIn: "com.apple.framework")

    /// The type `com.apple.application-bundle`.
    ///
    /// Conforms to `com.apple.application`, `com.apple.localizable-name-bundle`, `com.apple.package`.
    /// Tags: filename extensions `app`.
    public static let applicationBundle = UTType(builtIn: "com.apple.application-bundle")

    /// The type `com.apple.application-and-system-extension` (Application and System Extension).
    ///
    /// Conforms to `com.apple.xpc-service`.
    /// Tags: filename extensions `appex`.
    public static let applicationExtension = UTType(builtIn: "com.apple.application-and-system-extension")

    /// The type `com.apple.systempreference.prefpane` (System Preference pane).
    ///
    /// Conforms to `com.apple.package`, `com.apple.bundle`.
    /// Tags: filename extensions `prefPane`.
    public static let systemPreferencesPane = UTType(builtIn: "com.apple.systempreference.prefpane")
}
