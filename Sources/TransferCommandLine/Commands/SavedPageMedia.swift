import Foundation
import LinkPreviews

/// The image and icon of a page saved to a file, found among the files saved with it: browsers'
/// "Save Page As" keeps a page's `<img>` files in a folder beside it (`NAME_files`, or `NAME-Dateien`
/// and the like in other languages, found by the `_files` suffix or the page's base name), named by
/// the last component of their URLs; the page's `og:image` still names the URL. A file is taken when
/// its name is that last component, it holds at most 10 MiB, and its first bytes are those of a
/// raster image (PNG, JPEG, GIF, WebP, BMP, ICO).
enum SavedPageMedia {
    static let maximumSize = 10 << 20

    /// Attaches the saved image and icon of the page in `page`, where found.
    static func attach(to metadata: inout LinkMetadata, page: URL) {
        let folders = self.folders(beside: page)
        if let media = metadata.images.lazy.compactMap({ find($0.url, in: folders) }).first {
            metadata.setMedia(media.data, contentType: media.type, for: .image)
        }
        if let media = metadata.icons.lazy.compactMap({ find($0.url, in: folders) }).first {
            metadata.setMedia(media.data, contentType: media.type, for: .icon)
        }
    }

    /// The page's directory, then the folders in it whose names start with the page's base name.
    private static func folders(beside page: URL) -> [URL] {
        let directory = page.deletingLastPathComponent()
        let base = page.deletingPathExtension().lastPathComponent
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let saved = entries.filter { $0.hasPrefix(base) && $0 != page.lastPathComponent }.sorted()
            .map { directory.appendingPathComponent($0, isDirectory: true) }
        return [directory] + saved
    }

    private static func find(_ url: URL, in folders: [URL]) -> (data: Data, type: UTType)? {
        let name = url.lastPathComponent
        guard !name.isEmpty, name != "/", !name.hasPrefix(".") else { return nil }
        for folder in folders {
            let file = folder.appendingPathComponent(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let size = attributes[.size] as? Int, size <= maximumSize,
                let data = FileManager.default.contents(atPath: file.path), let type = rasterType(of: data)
            else { continue }
            return (data, type)
        }
        return nil
    }

    /// The raster image type the bytes begin as, by their signature.
    static func rasterType(of data: Data) -> UTType? {
        let bytes = [UInt8](data.prefix(12))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && Array(bytes[offset..<(offset + signature.count)]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF8".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webP }
        if starts(Array("BM".utf8)) { return .bmp }
        if starts([0, 0, 1, 0]) { return .ico }
        return nil
    }
}
