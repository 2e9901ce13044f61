// The built-in declarations for directories, packages, bundles and applications.
//
// Transcribed from Apple's CoreTypes declarations (identifiers, parents in declaration order, tags with the
// preferred tag first, English descriptions); see Docs/ContentTypes.md for the sources and their gaps.

extension TypeTable {
    static let directoryDeclarations: [BuiltInDeclaration] = [
        .exported("public.directory", ["public.item"], "directory"),
        .exported("com.apple.finder.burn-folder", ["public.folder"], extensions: ["fpbf"], "Burn Folder"),
        .exported("com.apple.iconset", ["public.folder"], extensions: ["iconset"], "Icon Set"),
        .exported("com.apple.xcode.dsym", ["com.apple.package"], extensions: ["dsym"]),
        .exported(
            "com.apple.private.live-photo-bundle", ["com.apple.live-photo", "com.apple.bundle", "com.apple.package"],
            extensions: ["pvt"]),
        .exported(
            "public.avchd-collection", ["com.apple.package", "public.audiovisual-content-collection"],
            extensions: ["avchd"], "AVCHD Collection"),
        .exported("public.folder", ["public.directory"], "folder"),
        .exported("com.apple.drop-folder", ["public.folder"]),
        .exported("com.apple.applications-folder", ["public.folder"]),
        .exported("com.apple.server-applications-folder", ["public.folder"]),
        .exported("com.apple.library-folder", ["public.folder"]),
        .exported("com.apple.document-type.system-folder", ["public.folder"], "System Folder"),
        .exported("com.apple.trash-empty", ["public.folder"], "Trash"),
        .exported("com.apple.trash-full", ["public.folder"], "Full Trash"),
        .exported("com.apple.sites-folder", ["public.folder"], "Sites Folder"),
        .exported("com.apple.groups-folder", ["public.folder"], "Groups Folder"),
        .exported("com.apple.servers-folder", ["public.folder"]),
        .exported("com.apple.desktop-folder", ["public.folder"], "Desktop Folder"),
        .exported("com.apple.documents-folder", ["public.folder"], "Documents Folder"),
        .exported("com.apple.downloads-folder", ["public.folder"], "Downloads Folder"),
        .exported("com.apple.movie-folder", ["public.folder"], "Movie Folder"),
        .exported("com.apple.music-folder", ["public.folder"], "Music Folder"),
        .exported("com.apple.pictures-folder", ["public.folder"], "Pictures Folder"),
        .exported("com.apple.public-folder", ["public.folder"], "Public Folder"),
        .exported("com.apple.home-folder", ["public.folder"], "Home Folder"),
        .exported("com.apple.developer-folder", ["public.folder"], "Developer Folder"),
        .exported("com.apple.users-folder", ["public.folder"], "Users Folder"),
        .exported("com.apple.utilities-folder", ["public.folder"], "Utilities Folder"),
        .exported("public.volume", ["public.folder"], "volume"),
        .exported("com.apple.package", ["public.directory"], "Package"),
        .exported("com.apple.bundle", ["public.directory"], "bundle"),
        .exported(
            "com.apple.generic-bundle", ["com.apple.bundle", "com.apple.package"], extensions: ["bundle"], "bundle"),
        .exported(
            "com.apple.systempreference.prefpane", ["com.apple.package", "com.apple.bundle"], extensions: ["prefPane"],
            "System Preference pane"),
        .exported(
            "com.apple.systempreference.screen-saver", ["com.apple.package", "com.apple.bundle"], extensions: ["saver"],
            "Screen Saver"),
        .exported(
            "com.apple.systempreference.screen-slide-saver", ["com.apple.package", "com.apple.bundle"],
            extensions: ["slideSaver"], "Screen Slide Saver"),
        .exported(
            "com.apple.menu-extra", ["com.apple.package", "com.apple.bundle"], extensions: ["menu"], "System Menu Extra"
        ),
        .exported("com.apple.localizable-name-bundle", ["com.apple.bundle"]),
        .exported("com.apple.framework", ["com.apple.bundle"], extensions: ["framework"], "framework"),
        .exported(
            "com.apple.application-bundle",
            ["com.apple.application", "com.apple.localizable-name-bundle", "com.apple.package"], extensions: ["app"]),
        .exported(
            "com.apple.installer-package", ["com.apple.bundle", "com.apple.package"], extensions: ["pkg"],
            "Installer package"),
        .exported(
            "com.apple.installer-distribution-package", ["com.apple.bundle", "com.apple.package"],
            extensions: ["dist", "distz"], "Installer distribution"),
        .exported(
            "com.apple.installer-meta-package", ["com.apple.bundle", "com.apple.package"], extensions: ["mpkg"],
            "Installer package"),
        .exported(
            "com.apple.intelligentsuggestions.assets", ["com.apple.bundle", "com.apple.package"],
            extensions: ["suggestionsassets"], "Intelligent Suggestions assets"),
        .exported(
            "com.apple.rtfd", ["com.apple.package", "public.composite-content"], extensions: ["rtfd"],
            "rich text with attachments (RTFD)"),
        .exported("com.apple.application-placeholder", ["com.apple.application-bundle"], extensions: ["placeholder"]),
        .exported("com.apple.service-application", ["com.apple.application-bundle"], extensions: ["service"]),
        .exported("com.apple.plugin", ["com.apple.bundle", "com.apple.package"], extensions: ["plugin"], "plug-in"),
        .exported(
            "com.apple.xpc-service", ["com.apple.bundle", "com.apple.package"], extensions: ["xpc"], "XPC Service"),
        .exported(
            "com.apple.kernel-extension", ["com.apple.bundle", "com.apple.package"], extensions: ["kext"],
            "Kernel Extension"),
        .exported(
            "com.apple.application-and-system-extension", ["com.apple.xpc-service"], extensions: ["appex"],
            "Application and System Extension"),
        .exported(
            "com.apple.pluginkit", ["com.apple.bundle", "com.apple.package"], extensions: ["pluginkit"],
            "PlugInKit plug-in"),
        .exported("com.apple.webkit-plugin", ["com.apple.plugin"], extensions: ["webplugin"], "WebKit plug-in"),
        .exported(
            "com.apple.metadata-importer", ["com.apple.plugin"], extensions: ["mdimporter"], "Spotlight importer"),
        .exported(
            "com.apple.quicklook-generator", ["com.apple.plugin"], extensions: ["qlgenerator"],
            "QuickLook preview generator"),
        .exported(
            "com.apple.dashboard-widget", ["com.apple.localizable-name-bundle", "com.apple.package"],
            extensions: ["wdgt"], "Dashboard widget"),
        .exported(
            "com.apple.driver-extension", ["com.apple.localizable-name-bundle", "com.apple.package"],
            extensions: ["dext"], "Driver Extension"),
        .exported(
            "com.apple.system-extension", ["com.apple.localizable-name-bundle", "com.apple.package"],
            extensions: ["systemextension"], "System Extension"),
        .exported("com.apple.ppp-plug-in", ["com.apple.plugin"], extensions: ["ppp"], "PPP Plug-in"),
        .exported("com.apple.file-system-plug-in", ["com.apple.plugin"], extensions: ["fs"], "File System Plug-in"),
        .exported("com.apple.data-container", ["public.folder", "com.apple.localizable-name-bundle"]),
        .exported(
            "com.apple.localized-pdf-bundle",
            ["com.apple.localizable-name-bundle", "com.apple.package", "public.composite-content"],
            extensions: ["lpdf"], "localized PDF"),
        .exported(
            "com.apple.pkpass", ["com.apple.bundle", "com.apple.package"], extensions: ["pkpass"],
            mimeTypes: ["application/vnd.apple.pkpass"], "Pass"),
        .imported("com.apple.keynote.key", ["com.apple.package", "public.presentation"], "Keynote document"),
        .imported("com.apple.keynote.kth", ["com.apple.package", "public.presentation"], "Keynote theme"),
        .imported(
            "com.apple.iWork.Keynote.key", ["com.apple.package", "public.presentation", "com.apple.keynote.key"],
            extensions: ["key"], "Keynote document"),
        .imported(
            "com.apple.iWork.Keynote.key-tef", ["com.apple.package", "public.presentation", "com.apple.keynote.key"],
            extensions: ["key-tef"], "Keynote document"),
        .imported(
            "com.apple.iWork.Keynote.kth", ["com.apple.package", "public.presentation", "com.apple.keynote.kth"],
            extensions: ["kth"], "Keynote theme"),
        .imported(
            "com.apple.iWork.Pages.pages", ["com.apple.package", "public.composite-content"], extensions: ["pages"],
            "Pages document"),
        .imported(
            "com.apple.iWork.Pages.pages-tef", ["com.apple.package", "public.composite-content"],
            extensions: ["pages-tef"], "Pages document"),
        .imported(
            "com.apple.iWork.Pages.template", ["com.apple.package", "public.composite-content"],
            extensions: ["template"], "Pages template"),
        .imported(
            "com.apple.iWork.Numbers.numbers", ["com.apple.package", "public.composite-content", "public.spreadsheet"],
            extensions: ["numbers"], "Numbers document"),
        .imported(
            "com.apple.iWork.Numbers.numbers-tef",
            ["com.apple.package", "public.composite-content", "public.spreadsheet"], extensions: ["numbers-tef"],
            "Numbers document"),
        .imported(
            "com.apple.iWork.Numbers.template",
            ["com.apple.package", "public.composite-content", "public.spreadsheet"], extensions: ["nmbtemplate"],
            "Numbers template"),
        .imported("com.apple.iMovieLibrary", ["com.apple.package"], extensions: ["imovielibrary"], "iMovie Library"),
        .imported("com.apple.iMovieTheater", ["com.apple.package"], extensions: ["theater"], "iMovie Theater"),
        .imported(
            "com.apple.coreml.mlpackage", ["com.apple.package"], extensions: ["mlpackage"],
            "Core ML Machine Learning Model Package"),
    ]
}
