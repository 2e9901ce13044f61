// The built-in declarations for documents and other composite content (PDF, office documents, fonts, messages, calendars).
//
// Transcribed from Apple's CoreTypes declarations (identifiers, parents in declaration order, tags with the
// preferred tag first, English descriptions); see Docs/ContentTypes.md for the sources and their gaps.

extension TypeTable {
    static let documentDeclarations: [BuiltInDeclaration] = [
        .exported("public.composite-content", ["public.content"], "content"),
        .exported("public.database", [], "database"),
        .exported("com.apple.csstore", ["public.data", "public.database"], extensions: ["csstore"]),
        .exported("public.presentation", ["public.composite-content"], "presentation"),
        .exported("public.spreadsheet", ["public.content"], "Spreadsheet"),
        .exported("public.message", [], "message"),
        .exported("public.email-message", ["public.message"], "email message"),
        .exported("public.to-do-item", [], "to-do item"),
        .exported("public.calendar-event", [], "calendar event"),
        .exported("public.contact", [], "contact information"),
        .exported("public.font", ["public.data"], "font"),
        .exported("public.truetype-font", ["public.font"], "TrueType font"),
        .exported("com.adobe.postscript-font", ["public.font"], "PostScript font"),
        .exported(
            "com.apple.truetype-datafork-suitcase-font", ["public.truetype-font"], extensions: ["dfont"],
            "TrueType datafork font"),
        .exported(
            "public.opentype-font", ["public.font"], extensions: ["otf"], mimeTypes: ["font/otf"],
            "PostScript OpenType font"),
        .exported(
            "public.opentype-collection-font", ["public.opentype-font"], extensions: ["otc"],
            "PostScript OpenType collection font"),
        .exported(
            "public.truetype-ttf-font", ["public.truetype-font"], extensions: ["ttf"], mimeTypes: ["font/ttf"],
            "TrueType OpenType font"),
        .exported(
            "public.truetype-collection-font", ["public.truetype-font"], extensions: ["ttc"], "TrueType collection font"
        ),
        .exported("com.apple.font-suitcase", ["public.font"], extensions: ["suit"], "font suitcase"),
        .exported("com.adobe.postscript-lwfn-font", ["com.adobe.postscript-font"], "PostScript Type 1 outline font"),
        .exported(
            "com.adobe.postscript-pfb-font", ["com.adobe.postscript-font"], extensions: ["pfb"],
            "PostScript Type 1 outline font"),
        .exported(
            "com.adobe.postscript-pfa-font", ["com.adobe.postscript-font"], extensions: ["pfa"],
            "PostScript Type 1 outline font"),
        .exported(
            "com.apple.flat-rtfd", ["public.data", "public.composite-content"], "rich text with attachments (RTFD) data"
        ),
        .exported(
            "com.apple.webarchive", ["public.data", "public.composite-content"], extensions: ["webarchive"],
            mimeTypes: ["application/x-webarchive"], "web archive"),
        .exported(
            "org.idpf.epub-container", ["public.data", "public.composite-content"], extensions: ["epub"],
            mimeTypes: ["application/epub+zip"], "EPUB publication"),
        .exported(
            "org.aafassociation.advanced-authoring-format", ["public.data", "public.composite-content"],
            extensions: ["aaf"], "Advanced Authoring Format"),
        .exported(
            "com.apple.txn.text-multimedia-data", ["public.data", "public.composite-content"], "text with multimedia"),
        .imported(
            "com.adobe.pdf", ["public.data", "public.composite-content"], extensions: ["pdf"],
            mimeTypes: ["application/pdf"], "PDF document"),
        .imported(
            "com.adobe.xfdf", ["public.data", "public.composite-content"], extensions: ["xfdf"],
            "Adobe Acrobat Forms Document (XFDF)"),
        .imported(
            "com.adobe.postscript", ["public.data", "public.composite-content"], extensions: ["ps"],
            mimeTypes: ["application/postscript"], "PostScript"),
        .imported(
            "com.adobe.encapsulated-postscript", ["com.adobe.postscript"], extensions: ["eps"],
            "Encapsulated PostScript"),
        .imported(
            "public.ofd", ["public.data", "public.composite-content"], extensions: ["ofd"],
            mimeTypes: ["application/ofd"], "Open Fixed-layout Document"),
        .imported(
            "org.oasis-open.opendocument.text", ["org.oasis-open.opendocument", "public.composite-content"],
            extensions: ["odt"], mimeTypes: ["application/vnd.oasis.opendocument.text"], "Open Document text"),
        .imported(
            "org.oasis-open.opendocument.text-template", ["org.oasis-open.opendocument", "public.composite-content"],
            extensions: ["ott"], mimeTypes: ["application/vnd.oasis.opendocument.text-template"],
            "Open Document text template"),
        .imported(
            "org.oasis-open.opendocument.graphics", ["org.oasis-open.opendocument", "public.composite-content"],
            extensions: ["odg"], mimeTypes: ["application/vnd.oasis.opendocument.graphics"], "Open Document graphics"),
        .imported(
            "org.oasis-open.opendocument.graphics-template",
            ["org.oasis-open.opendocument", "public.composite-content"], extensions: ["otg"],
            mimeTypes: ["application/vnd.oasis.opendocument.graphics-template"], "Open Document graphics template"),
        .imported(
            "org.openoffice.presentation", ["public.data", "public.content", "public.presentation"],
            extensions: ["sxi", "sdd", "sdp"],
            mimeTypes: [
                "application/vnd.sun.xml.impress", "application/vnd.stardivision.impress",
                "application/vnd.stardivision.impress-packed",
            ], "OpenOffice.org 1.0 Presentation"),
        .imported(
            "org.openoffice.presentation-template", ["public.data", "public.content", "public.presentation"],
            extensions: ["sti"], mimeTypes: ["application/vnd.sun.xml.impress.template"],
            "OpenOffice.org 1.0 Presentation Template"),
        .imported(
            "org.oasis-open.opendocument.presentation",
            ["org.oasis-open.opendocument", "public.composite-content", "public.presentation"], extensions: ["odp"],
            mimeTypes: ["application/vnd.oasis.opendocument.presentation"], "Open Document presentation"),
        .imported(
            "org.oasis-open.opendocument.presentation-template",
            ["org.oasis-open.opendocument", "public.composite-content", "public.presentation"], extensions: ["otp"],
            mimeTypes: ["application/vnd.oasis.opendocument.presentation-template"],
            "Open Document presentation template"),
        .imported(
            "org.openoffice.spreadsheet", ["public.data", "public.spreadsheet"], extensions: ["sxc", "sdc"],
            mimeTypes: ["application/vnd.sun.xml.calc", "application/vnd.stardivision.calc"],
            "OpenOffice.org 1.0 Spreadsheet"),
        .imported(
            "org.openoffice.spreadsheet-template", ["public.data", "public.spreadsheet"], extensions: ["stc"],
            mimeTypes: ["application/vnd.sun.xml.calc.template"], "OpenOffice.org 1.0 Spreadsheet Template"),
        .imported(
            "org.oasis-open.opendocument.spreadsheet",
            ["org.oasis-open.opendocument", "public.composite-content", "public.spreadsheet"], extensions: ["ods"],
            mimeTypes: ["application/vnd.oasis.opendocument.spreadsheet"], "Open Document spreadsheet"),
        .imported(
            "org.oasis-open.opendocument.spreadsheet-template",
            ["org.oasis-open.opendocument", "public.composite-content", "public.spreadsheet"], extensions: ["ots"],
            mimeTypes: ["application/vnd.oasis.opendocument.spreadsheet-template"], "Open Document spreadsheet template"
        ),
        .imported(
            "org.oasis-open.opendocument.chart", ["org.oasis-open.opendocument", "public.composite-content"],
            extensions: ["odc"], mimeTypes: ["application/vnd.oasis.opendocument.chart"], "Open Document chart"),
        .imported(
            "org.oasis-open.opendocument.chart-template", ["org.oasis-open.opendocument", "public.composite-content"],
            extensions: ["otc"], mimeTypes: ["application/vnd.oasis.opendocument.chart-template"],
            "Open Document chart template"),
        .imported(
            "org.oasis-open.opendocument.text-master", ["org.oasis-open.opendocument", "public.composite-content"],
            extensions: ["odm"], mimeTypes: ["application/vnd.oasis.opendocument.text-master"],
            "Open Document text master"),
        .imported(
            "org.oasis-open.opendocument.text-web", ["org.oasis-open.opendocument", "public.composite-content"],
            extensions: ["oth"], mimeTypes: ["application/vnd.oasis.opendocument.text-web"],
            "Open Document HTML template"),
        .imported(
            "org.oasis-open.opendocument.database", ["public.data", "public.content", "public.database"],
            extensions: ["odb"], mimeTypes: ["application/vnd.oasis.opendocument.database"], "Open Document database"),
        .imported(
            "org.openxmlformats.wordprocessingml.document", ["org.openxmlformats.openxml", "public.composite-content"],
            extensions: ["docx"],
            mimeTypes: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
            "Office Open XML word processing document"),
        .imported(
            "org.openxmlformats.wordprocessingml.document.macroenabled",
            ["org.openxmlformats.openxml", "public.composite-content", "public.executable"], extensions: ["docm"],
            mimeTypes: ["application/vnd.ms-word.document.macroEnabled.12"],
            "Office Open XML word processing document (macros enabled)"),
        .imported(
            "org.openxmlformats.wordprocessingml.template", ["org.openxmlformats.openxml", "public.composite-content"],
            extensions: ["dotx"],
            mimeTypes: ["application/vnd.openxmlformats-officedocument.wordprocessingml.template"],
            "Office Open XML word processing template"),
        .imported(
            "org.openxmlformats.wordprocessingml.template.macroenabled",
            ["org.openxmlformats.openxml", "public.composite-content", "public.executable"], extensions: ["dotm"],
            mimeTypes: ["application/vnd.ms-word.template.macroEnabled.12"],
            "Office Open XML word processing template (macros enabled)"),
        .imported(
            "org.openxmlformats.spreadsheetml.sheet",
            ["org.openxmlformats.openxml", "public.composite-content", "public.spreadsheet"], extensions: ["xlsx"],
            mimeTypes: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
            "Office Open XML spreadsheet"),
        .imported(
            "org.openxmlformats.spreadsheetml.sheet.macroenabled",
            ["org.openxmlformats.openxml", "public.composite-content", "public.spreadsheet", "public.executable"],
            extensions: ["xlsm"], mimeTypes: ["application/vnd.ms-excel.sheet.macroEnabled.12"],
            "Office Open XML spreadsheet (macros enabled)"),
        .imported(
            "org.openxmlformats.spreadsheetml.template",
            ["org.openxmlformats.openxml", "public.composite-content", "public.spreadsheet"], extensions: ["xltx"],
            mimeTypes: ["application/vnd.openxmlformats-officedocument.spreadsheetml.template"],
            "Office Open XML spreadsheet template"),
        .imported(
            "org.openxmlformats.spreadsheetml.template.macroenabled",
            ["org.openxmlformats.openxml", "public.composite-content", "public.spreadsheet", "public.executable"],
            extensions: ["xltm"], mimeTypes: ["application/vnd.ms-excel.template.macroEnabled.12"],
            "Office Open XML spreadsheet template (macros enabled)"),
        .imported(
            "org.openxmlformats.presentationml.presentation", ["org.openxmlformats.openxml", "public.presentation"],
            extensions: ["pptx"],
            mimeTypes: ["application/vnd.openxmlformats-officedocument.presentationml.presentation"],
            "Office Open XML presentation"),
        .imported(
            "org.openxmlformats.presentationml.presentation.macroenabled",
            ["org.openxmlformats.openxml", "public.presentation", "public.executable"], extensions: ["pptm"],
            mimeTypes: ["application/vnd.ms-powerpoint.presentation.macroEnabled.12"],
            "Office Open XML presentation (macros enabled)"),
        .imported(
            "org.openxmlformats.presentationml.slideshow", ["org.openxmlformats.openxml", "public.presentation"],
            extensions: ["ppsx"], mimeTypes: ["application/vnd.openxmlformats-officedocument.presentationml.slideshow"],
            "Office Open XML slide show"),
        .imported(
            "org.openxmlformats.presentationml.slideshow.macroenabled",
            ["org.openxmlformats.openxml", "public.presentation", "public.executable"], extensions: ["ppsm"],
            mimeTypes: ["application/vnd.ms-powerpoint.slideshow.macroEnabled.12"],
            "Office Open XML slide show (macros enabled)"),
        .imported(
            "org.openxmlformats.presentationml.template", ["org.openxmlformats.openxml", "public.presentation"],
            extensions: ["potx"], mimeTypes: ["application/vnd.openxmlformats-officedocument.presentationml.template"],
            "Office Open XML presentation template"),
        .imported(
            "org.openxmlformats.presentationml.template.macroenabled",
            ["org.openxmlformats.openxml", "public.presentation", "public.executable"], extensions: ["potm"],
            mimeTypes: ["application/vnd.ms-powerpoint.template.macroEnabled.12"],
            "Office Open XML presentation template (macros enabled)"),
        .imported(
            "com.microsoft.word.doc", ["public.data", "public.composite-content"], extensions: ["doc"],
            mimeTypes: ["application/msword"], "Microsoft Word 97-2004 document"),
        .imported(
            "com.microsoft.word.dot", ["public.data", "public.composite-content"], extensions: ["dot"],
            mimeTypes: ["application/msword"], "Microsoft Word 97-2004 template"),
        .imported(
            "com.microsoft.excel.xls", ["public.data", "public.composite-content", "public.spreadsheet"],
            extensions: ["xls"], mimeTypes: ["application/vnd.ms-excel", "application/msexcel"],
            "Microsoft Excel 97-2004 worksheet"),
        .imported(
            "com.microsoft.excel.xlt", ["public.data", "public.spreadsheet"], extensions: ["xlt"],
            mimeTypes: ["application/vnd.ms-excel", "application/msexcel"], "Microsoft Excel 97-2004 template"),
        .imported(
            "com.microsoft.excel.xlw", ["public.data", "public.spreadsheet"], extensions: ["xlw"],
            mimeTypes: ["application/vnd.ms-excel", "application/msexcel"], "Microsoft Excel 97-2004 workspace"),
        .imported(
            "com.microsoft.powerpoint.ppt", ["public.data", "public.presentation"], extensions: ["ppt"],
            mimeTypes: ["application/vnd.ms-powerpoint", "application/mspowerpoint"],
            "Microsoft PowerPoint 97-2004 presentation"),
        .imported(
            "com.microsoft.powerpoint.pot", ["public.data", "public.presentation"], extensions: ["pot"],
            mimeTypes: ["application/vnd.ms-powerpoint", "application/mspowerpoint"],
            "Microsoft PowerPoint 97-2004 template"),
        .imported(
            "com.microsoft.powerpoint.pps", ["public.data", "public.presentation"], extensions: ["pps"],
            mimeTypes: ["application/vnd.ms-powerpoint", "application/mspowerpoint"],
            "Microsoft PowerPoint 97-2004 slide show"),
        .imported(
            "com.apple.iWork.Keynote.sffkey", ["public.data", "public.presentation"], extensions: ["key"],
            mimeTypes: ["application/x-iwork-keynote-sffkey"], "Keynote document"),
        .imported(
            "com.apple.iWork.Keynote.sffkth", ["public.data", "public.presentation"], extensions: ["kth"],
            mimeTypes: ["application/x-iwork-keynote-sffkth"], "Keynote theme"),
        .imported(
            "com.apple.iWork.Pages.sffpages", ["public.data", "public.composite-content"], extensions: ["pages"],
            mimeTypes: ["application/x-iwork-pages-sffpages"], "Pages document"),
        .imported(
            "com.apple.iWork.Pages.sfftemplate", ["public.data", "public.composite-content"], extensions: ["template"],
            mimeTypes: ["application/x-iwork-pages-sfftemplate"], "Pages template"),
        .imported(
            "com.apple.iWork.Numbers.sffnumbers", ["public.data", "public.composite-content", "public.spreadsheet"],
            extensions: ["numbers"], mimeTypes: ["application/x-iwork-numbers-sffnumbers"], "Numbers document"),
        .imported(
            "com.apple.iWork.Numbers.sfftemplate", ["public.data", "public.composite-content", "public.spreadsheet"],
            extensions: ["nmbtemplate"], mimeTypes: ["application/x-iwork-numbers-sfftemplate"], "Numbers template"),
    ]
}
