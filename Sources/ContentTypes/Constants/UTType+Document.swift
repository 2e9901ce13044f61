extension UTType {
    /// The type `public.composite-content` (content).
    ///
    /// Conforms to `public.content`.
    public static let compositeContent = UTType(builtIn: "public.composite-content")

    /// The type `com.adobe.pdf` (PDF document).
    ///
    /// Conforms to `public.data`, `public.composite-content`.
    /// Tags: filename extensions `pdf`; MIME types `application/pdf`.
    public static let pdf = UTType(builtIn: "com.adobe.pdf")

    /// The type `com.apple.flat-rtfd` (rich text with attachments (RTFD) data).
    ///
    /// Conforms to `public.data`, `public.composite-content`.
    public static let flatRTFD = UTType(builtIn: "com.apple.flat-rtfd")

    /// The type `com.apple.webarchive` (web archive).
    ///
    /// Conforms to `public.data`, `public.composite-content`.
    /// Tags: filename extensions `webarchive`; MIME types `application/x-webarchive`.
    public static let webArchive = UTType(builtIn: "com.apple.webarchive")

    /// The type `public.spreadsheet` (Spreadsheet).
    ///
    /// Conforms to `public.content`.
    public static let spreadsheet = UTType(builtIn: "public.spreadsheet")

    /// The type `public.presentation` (presentation).
    ///
    /// Conforms to `public.composite-content`.
    public static let presentation = UTType(builtIn: "public.presentation")

    /// The type `public.database` (database).
    ///
    /// A root of the tree: it conforms to no other type.
    public static let database = UTType(builtIn: "public.database")

    /// The type `public.message` (message).
    ///
    /// A root of the tree: it conforms to no other type.
    public static let message = UTType(builtIn: "public.message")

    /// The type `public.contact` (contact information).
    ///
    /// A root of the tree: it conforms to no other type.
    public static let contact = UTType(builtIn: "public.contact")

    /// The type `public.to-do-item` (to-do item).
    ///
    /// A root of the tree: it conforms to no other type.
    public static let toDoItem = UTType(builtIn: "public.to-do-item")

    /// The type `public.calendar-event` (calendar event).
    ///
    /// A root of the tree: it conforms to no other type.
    public static let calendarEvent = UTType(builtIn: "public.calendar-event")

    /// The type `public.email-message` (email message).
    ///
    /// Conforms to `public.message`.
    public static let emailMessage = UTType(builtIn: "public.email-message")

    /// The type `public.font` (font).
    ///
    /// Conforms to `public.data`.
    public static let font = UTType(builtIn: "public.font")

    /// The type `org.idpf.epub-container` (EPUB publication).
    ///
    /// Conforms to `public.data`, `public.composite-content`.
    /// Tags: filename extensions `epub`; MIME types `application/epub+zip`.
    public static let epub = UTType(builtIn: "org.idpf.epub-container")
}
