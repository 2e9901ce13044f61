// The built-in declarations for archives and compressed files, disk images.
//
// Transcribed from Apple's CoreTypes declarations (identifiers, parents in declaration order, tags with the
// preferred tag first, English descriptions); see Docs/ContentTypes.md for the sources and their gaps.

extension TypeTable {
    static let archiveDeclarations: [BuiltInDeclaration] = [
        .exported("public.archive", [], "file archive"),
        .exported(
            "com.sun.java-archive", ["public.zip-archive", "public.executable"], extensions: ["jar"],
            mimeTypes: ["application/java-archive"], "Java archive"),
        .exported(
            "com.sun.web-application-archive", ["com.sun.java-archive"], extensions: ["war"], "web application archive"),
        .exported("com.apple.bom-archive", ["public.archive"], "BOM-compatible archive"),
        .exported("public.disk-image", ["public.archive"], "disk image"),
        .exported(
            "org.gnu.gnu-tar-archive", ["public.data", "public.archive"], extensions: ["gtar"],
            mimeTypes: ["application/x-gtar"], "GNU tar archive"),
        .exported(
            "public.tar-archive", ["org.gnu.gnu-tar-archive"], extensions: ["tar"],
            mimeTypes: ["application/x-tar", "application/tar"], "tar archive"),
        .exported(
            "org.gnu.gnu-zip-archive", ["public.data", "public.archive"], extensions: ["gz", "gzip"],
            mimeTypes: ["application/x-gzip", "application/gzip"], "GZip archive"),
        .exported("org.gnu.gnu-zip-tar-archive", ["org.gnu.gnu-zip-archive"], extensions: ["tgz"], "gzip tar archive"),
        .exported(
            "public.bzip2-archive", ["public.data", "public.archive"], extensions: ["bz2", "bz"],
            mimeTypes: [
                "application/x-bzip2", "application/x-bzip", "application/bzip2", "application/bzip",
                "application/x-bz2",
            ], "Bzip2 archive"),
        .exported(
            "public.tar-bzip2-archive", ["public.bzip2-archive"], extensions: ["tbz2", "tbz"],
            "Bzip2 compressed tar archive"),
        .exported(
            "com.apple.binhex-archive", ["public.data", "public.archive"], extensions: ["hqx"],
            mimeTypes: ["application/mac-binhex40", "application/mac-binhex", "application/binhex"], "BinHex archive"),
        .exported(
            "com.apple.macbinary-archive", ["public.data", "public.archive"], extensions: ["bin"],
            mimeTypes: ["application/macbinary", "application/x-macbinary"], "MacBinary archive"),
        .exported(
            "com.apple.applesingle-archive", ["public.data", "public.archive"], extensions: ["as"],
            "AppleSingle archive"),
        .exported(
            "public.uuencoded-archive", ["public.data", "public.archive"], extensions: ["uu"],
            mimeTypes: ["text/x-uuencode"], "UUEncoded archive"),
        .exported(
            "public.z-archive", ["public.data", "public.archive"], extensions: ["z"],
            mimeTypes: ["application/x-compress"], "Z archive"),
        .exported(
            "com.apple.bom-compressed-cpio", ["public.data", "com.apple.bom-archive"], extensions: ["cpgz"],
            "BOM-generated compressed CPIO archive"),
        .exported(
            "public.cpio-archive", ["public.data", "public.archive"], extensions: ["cpio", "pax"], "CPIO archive"),
        .exported("com.pkware.zip-archive", ["public.data", "public.archive"], "PKZip archive"),
        .exported(
            "public.zip-archive", ["com.pkware.zip-archive"], extensions: ["zip"],
            mimeTypes: ["application/zip", "application/x-zip-compressed"], "Zip archive"),
        .exported("com.apple.xar-archive", ["public.data", "public.archive"], extensions: ["xar"], "XAR Archive"),
        .exported("com.apple.xip-archive", ["com.apple.xar-archive"], extensions: ["xip"], "XIP Secure Archive"),
        .exported(
            "com.apple.installer-package-archive", ["public.data", "public.archive"], extensions: ["pkg", "mpkg"],
            "Installer package archive"),
        .exported(
            "com.apple.archive", ["public.data", "public.archive"], extensions: ["aar", "yaa"], "Apple Archive"),
        .exported(
            "com.apple.encrypted-archive", ["public.data", "public.archive"], extensions: ["aea"],
            "Apple Encrypted Archive"),
        .imported(
            "com.microsoft.excel.sheet.binary.macroenabled",
            ["public.zip-archive", "public.composite-content", "public.spreadsheet", "public.executable"],
            extensions: ["xlsb"], mimeTypes: ["application/vnd.ms-excel.sheet.binary.macroEnabled.12"],
            "Microsoft Excel 2007 spreadsheet (macros enabled)"),
        .imported("com.allume.stuffit-archive", ["public.data", "public.archive"], "StuffIt archive family"),
        .imported(
            "com.stuffit.archive.sitx", ["com.allume.stuffit-archive"], extensions: ["sitx"],
            mimeTypes: ["application/x-stuffitx", "application/x-sitx"], "StuffIt X archive"),
        .imported(
            "com.stuffit.archive.sidx", ["com.allume.stuffit-archive"], extensions: ["sidx"],
            mimeTypes: ["application/x-stuffitx-index", "application/x-sitx-index"], "StuffIt X index"),
        .imported(
            "com.stuffit.archive.sit", ["com.allume.stuffit-archive"], extensions: ["sit", "sea"],
            mimeTypes: ["application/x-stuffit", "application/x-sit"], "StuffIt archive"),
        .imported(
            "org.7-zip.7-zip-archive", ["public.data", "public.archive"], extensions: ["7z"],
            mimeTypes: ["application/x-7z-compressed"], "7-Zip archive"),
        .imported(
            "org.tukaani.xz-archive", ["public.data", "public.archive"], extensions: ["xz"],
            mimeTypes: ["application/x-xz"], "xz compressed archive"),
        .imported(
            "org.tukaani.tar-xz-archive", ["public.data", "public.archive"], extensions: ["txz"],
            "xz compressed tar archive"),
        .imported(
            "com.microsoft.cab", ["public.data", "public.archive"], extensions: ["cab"], "Microsoft Cabinet archive"),
    ]
}
