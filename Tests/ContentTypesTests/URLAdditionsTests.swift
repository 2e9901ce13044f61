import ContentTypes
import Foundation
import Testing

@Suite("URL's additions for types, as UniformTypeIdentifiers' header describes them")
struct URLAdditionsTests {
    let folder = URL(fileURLWithPath: "/tmp/files", isDirectory: true)

    @Test("the preferred extension appended, unless the name's own names a conforming type")
    func completion() {
        #expect(folder.appendingPathComponent("readme", conformingTo: .plainText).lastPathComponent == "readme.txt")
        #expect(folder.appendingPathComponent("puppy.jpg", conformingTo: .image).lastPathComponent == "puppy.jpg")
        #expect(
            folder.appendingPathComponent("puppy.jpg", conformingTo: .plainText).lastPathComponent == "puppy.jpg.txt")
        #expect(folder.appendingPathComponent("PUPPY.JPG", conformingTo: .jpeg).lastPathComponent == "PUPPY.JPG")
        // An extension only a dynamic type would have does not count.
        #expect(folder.appendingPathComponent("data.zzq", conformingTo: .json).lastPathComponent == "data.zzq.json")
        #expect(
            URL(fileURLWithPath: "/tmp/files/report").appendingPathExtension(for: .pdf)
                == URL(fileURLWithPath: "/tmp/files/report.pdf"))
        #expect(folder.appending(component: "cover", conformingTo: .png).path == "/tmp/files/cover.png")
    }

    @Test("a type without a preferred extension, and a URL without a path, leave it as it is")
    func unchanged() {
        #expect(folder.appendingPathComponent("blob", conformingTo: .data).lastPathComponent == "blob")
        let bare = URL(string: "https://example.com")!
        #expect(bare.appendingPathExtension(for: .png) == bare)
        let file = URL(fileURLWithPath: "/tmp/files/blob")
        #expect(file.appendingPathExtension(for: .item) == file)
    }

    @Test("a directory type gives a directory URL")
    func directories() {
        let bundle = folder.appendingPathComponent("Tool", conformingTo: .applicationBundle)
        #expect(bundle.lastPathComponent == "Tool.app")
        #expect(bundle.hasDirectoryPath)
        #expect(!folder.appendingPathComponent("notes", conformingTo: .plainText).hasDirectoryPath)
    }

    @Test("the mutating forms do the same")
    func mutating() {
        var url = folder
        url.appendPathComponent("summary", conformingTo: .html)
        #expect(url.lastPathComponent == "summary.html")
        url.deletePathExtension()
        url.appendPathExtension(for: .json)
        #expect(url.lastPathComponent == "summary.json")
        var other = folder
        other.append(component: "song", conformingTo: .mp3)
        #expect(other.lastPathComponent == "song.mp3")
    }
}
