// Code in the shapes apps write against UniformTypeIdentifiers and CoreTransferable, written here
// (not copied), with only the import lines changed, compiled in Swift 6 mode with an app's default
// settings (this target) and in Swift 5 mode (the same file, linked into SwiftFiveModeTests). No
// `import Foundation`: `URL` comes with ContentTypes and TransferKit, as Foundation comes with
// Apple's modules; `NSString`, `NSItemProvider` and `Progress` with TransferKitFoundation.
import ContentTypes  // Apple: import UniformTypeIdentifiers
import Testing
import TransferKit  // Apple: import CoreTransferable
import TransferKitFoundation  // Apple: (Foundation, brought by the two above)

// MARK: File-type logic, as download managers and upload forms write it

enum FileKinds {
    static func mimeType(forFileName name: String) -> String {
        let pathExtension = URL(fileURLWithPath: name).pathExtension
        return UTType(filenameExtension: pathExtension)?.preferredMIMEType ?? "application/octet-stream"
    }

    static func fileExtension(forMIMEType mimeType: String) -> String {
        UTType(mimeType: mimeType)?.preferredFilenameExtension ?? "bin"
    }

    static func isImage(_ url: URL) -> Bool {
        guard let type = UTType(filenameExtension: url.pathExtension) else { return false }
        return type.conforms(to: .image)
    }

    static func destination(in folder: URL, named name: String, mimeType: String) -> URL {
        guard let type = UTType(mimeType: mimeType) else { return folder.appendingPathComponent(name) }
        return folder.appendingPathComponent(name, conformingTo: type)
    }

    static func legacyPath(_ name: String, type: UTType) -> String {
        (name as NSString).appendingPathExtension(for: type)
    }
}

// MARK: A model with a file, as an attachments feature declares it

struct Attachment: Transferable {
    var file: URL

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(contentType: .pdf) { attachment in
            SentTransferredFile(attachment.file)
        } importing: { received in
            Attachment(file: received.file)
        }
    }
}

// MARK: A share extension loading its input with completion handlers

final class ShareInput: @unchecked Sendable {
    private(set) var text: String?

    func load(from provider: NSItemProvider, completion: @escaping @Sendable (String?) -> Void) -> Progress? {
        guard provider.hasItemConformingToTypeIdentifier(UTType.plainText.identifier) else { return nil }
        return provider.loadTransferable(type: String.self) { result in
            switch result {
            case .success(let text): completion(text)
            case .failure: completion(nil)
            }
        }
    }
}

@Suite("UniformTypeIdentifiers and CoreTransferable code, import lines changed")
struct UniformTypeIdentifiersSourceCompatibilityTests {
    @Test("file-type logic: MIME for a name, extension for a MIME type (AVIF included), is-an-image")
    func fileKinds() {
        #expect(FileKinds.mimeType(forFileName: "holiday.JPG") == "image/jpeg")
        #expect(FileKinds.mimeType(forFileName: "notes") == "application/octet-stream")
        #expect(FileKinds.fileExtension(forMIMEType: "image/avif") == "avif")
        #expect(FileKinds.fileExtension(forMIMEType: "image/jxl") == "jxl")
        #expect(FileKinds.fileExtension(forMIMEType: "application/x-unknown") == "bin")
        #expect(FileKinds.isImage(URL(fileURLWithPath: "/tmp/a.avif")))
        #expect(!FileKinds.isImage(URL(fileURLWithPath: "/tmp/a.txt")))
    }

    @Test("a download's destination completed for its type, as Apple's header describes")
    func destinations() {
        let folder = URL(fileURLWithPath: "/tmp/downloads", isDirectory: true)
        #expect(
            FileKinds.destination(in: folder, named: "readme", mimeType: "text/plain").lastPathComponent == "readme.txt"
        )
        #expect(
            FileKinds.destination(in: folder, named: "puppy.jpg", mimeType: "image/png").lastPathComponent
                == "puppy.jpg.png")
        #expect(folder.appendingPathComponent("puppy.jpg", conformingTo: .image).lastPathComponent == "puppy.jpg")
        #expect(folder.appending(component: "photo", conformingTo: .heic).lastPathComponent == "photo.heic")
        #expect(URL(fileURLWithPath: "/tmp/report").appendingPathExtension(for: .pdf).path == "/tmp/report.pdf")
        #expect(FileKinds.legacyPath("/tmp/notes", type: .plainText) == "/tmp/notes.txt")
        #expect(("song.mp3" as NSString).appendingPathComponent("cover", conformingTo: .png) == "song.mp3/cover.png")
    }

    @Test("a Transferable declared with URL, with no Foundation import")
    func attachment() throws {
        let attachment = Attachment(file: URL(fileURLWithPath: "/tmp/a.pdf"))
        #expect(Attachment.exportedContentTypes() == [.pdf])
        #expect(attachment.file.pathExtension == "pdf")
    }

    @Test("a share extension's completion-handler load, and its Progress")
    func shareExtension() async throws {
        let provider = NSItemProvider()
        provider.register("shared text")
        let input = ShareInput()
        let text = await withCheckedContinuation { continuation in
            let progress = input.load(from: provider) { continuation.resume(returning: $0) }
            #expect(progress != nil)
        }
        #expect(text == "shared text")
        _ = input.text
    }
}
