import Foundation
import Testing
import TransferKit

@testable import TransferClipboard

/// How offered names become types, without a display: bytes of no stated type named by a file,
/// and file lists as file managers and Chromium write them.
@Suite("Clipboard type mapping: offered names, file lists")
struct ClipboardTypeMappingTests {
    @Test(
        "application/octet-stream is typed by the file name it comes with, and only by a declared extension",
        arguments: [
            ("application/octet-stream", "portrait.png", "public.png"),
            ("application/octet-stream", "photo.JPG", "public.jpeg"),
            (#"application/octet-stream;name="clip.gif""#, nil, "com.compuserve.gif"),
            (#"application/octet-stream; name="notes.tar.gz""#, nil, "org.gnu.gnu-zip-archive"),
            ("application/octet-stream", "no-extension", "public.data"),
            ("application/octet-stream", "strange.x-unknown-extension", "public.data"),
            ("application/octet-stream", nil, "public.data"),
            // Only bytes of no stated type are renamed: a type the source states is kept.
            ("image/jpeg", "portrait.png", "public.jpeg"),
            ("UTF8_STRING", "portrait.png", "public.utf8-plain-text"),
        ] as [(String, String?, String)])
    func octetStream(name: String, fileName: String?, identifier: String) {
        let type = ClipboardTypeMapping.offered(name, directSaveFileName: fileName)
        #expect(type.name == name)
        #expect(type.contentType?.identifier == identifier)
    }

    @Test(
        "a MIME type's parameters do not make a type of its own: its essence's declared type",
        arguments: [
            ("text/html;charset=utf-8", "public.html"), ("image/png; name=x", "public.png"),
            ("application/json ; charset=utf-8", "public.json"), ("TEXT/HTML", "public.html"),
        ])
    func parameters(name: String, identifier: String) {
        #expect(ClipboardTypeMapping.contentType(for: name)?.identifier == identifier)
    }

    @Test("a file list's files: comments, blank lines and other URIs skipped, CRLF or LF, percent-decoded")
    func fileList() {
        let list = "# a comment\r\nfile:///tmp/a%20b.png\r\n\r\nhttps://example.com/x.png\nfile:///etc/hostname"
        let files = ClipboardTypeMapping.files(in: Array(list.utf8))
        #expect(files.map(\.path) == ["/tmp/a b.png", "/etc/hostname"])
        // GNOME's list starts with its action.
        let gnome = ClipboardTypeMapping.files(in: Array("copy\nfile:///tmp/c.txt".utf8))
        #expect(gnome.map(\.path) == ["/tmp/c.txt"])
    }
}
