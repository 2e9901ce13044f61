import Foundation
import LinkPreviews
import TransferSupport

/// The image and icon of a page saved to a file, found among the files saved with it. A file is
/// looked for, in order:
/// - where the page's own reference puts it beside the saved page: `og:image content="images/hero.png"`
///   on a page at `https://example.com/post/` names `images/hero.png` in the page's folder (the
///   image's URL, relative to the page's URL's directory, on the same host);
/// - by the last component of its URL, in the page's folder and in the folders browsers' "Save
///   Page As" keeps `<img>` files in beside it (`NAME_files`, or `NAME-Dateien` and the like in
///   other languages, found by the page's base name).
/// A file is taken when it holds at most 10 MiB and its first bytes are those of a raster image
/// (PNG, JPEG, GIF, WebP, BMP, ICO).
enum SavedPageMedia {
    static let maximumSize = 10 << 20

    /// A subresource the page names and no saved file holds.
    struct Missing: Equatable, CustomStringConvertible {
        /// `image` or `icon`.
        let role: String
        /// The URL the page names.
        let url: URL
        /// Where it was looked for, relative to the page's folder.
        let lookedFor: [String]

        /// `the page's image https://…/images/hero.png is not saved beside it (looked for images/hero.png, hero.png)`
        var description: String {
            "the page's \(role) \(url.absoluteString) is not saved beside it (looked for "
                + lookedFor.joined(separator: ", ") + ")"
        }
    }

    /// Attaches the saved image and icon of the page in `page`, where found, the page's URL being
    /// `base`.
    ///
    /// - Returns: The image and icon the page names that were not found, in that order: for the
    ///   caller to say so, rather than render a card that silently lacks them.
    @discardableResult
    static func attach(to metadata: inout LinkMetadata, page: URL, base: URL) -> [Missing] {
        let folders = self.folders(beside: page)
        var missing: [Missing] = []
        for (role, urls) in [("image", metadata.images.map(\.url)), ("icon", metadata.icons.map(\.url))] {
            guard !urls.isEmpty else { continue }
            var tried: [String] = []
            let found = urls.lazy.compactMap { url -> (data: Data, type: UTType)? in
                let candidates = self.candidates(for: url, base: base, page: page, folders: folders)
                tried += candidates.map(\.shown)
                return candidates.lazy.compactMap { load($0.file) }.first
            }.first
            if let found {
                metadata.setMedia(found.data, contentType: found.type, for: role == "image" ? .image : .icon)
            } else {
                var seen: Set<String> = []
                missing.append(Missing(role: role, url: urls[0], lookedFor: tried.filter { seen.insert($0).inserted }))
            }
        }
        return missing
    }

    /// The files that may hold `url`: its path relative to the page's own, then its last
    /// component in each folder.
    private static func candidates(for url: URL, base: URL, page: URL, folders: [URL]) -> [(file: URL, shown: String)] {
        let directory = page.deletingLastPathComponent()
        var result: [(file: URL, shown: String)] = []
        if let relative = relativePath(of: url, from: base) {
            result.append((directory.appendingPathComponent(relative), relative))
        }
        let name = url.lastPathComponent
        if !name.isEmpty, name != "/", !name.hasPrefix(".") {
            for folder in folders {
                let file = folder.appendingPathComponent(name)
                let shown = folder == directory ? name : "\(folder.lastPathComponent)/\(name)"
                result.append((file, shown))
            }
        }
        return result
    }

    /// `images/hero.png` for `https://example.com/post/images/hero.png` from `https://example.com/post/`
    /// (or `…/post/index.html`); `nil` for another host or a path outside the page's directory, and
    /// for any `..` (a saved page's files are beside it or below).
    static func relativePath(of url: URL, from base: URL) -> String? {
        guard url.scheme?.lowercased() == base.scheme?.lowercased(), url.host?.lowercased() == base.host?.lowercased()
        else { return nil }
        let basePath = base.path(percentEncoded: false)
        let directory =
            basePath.hasSuffix("/")
            ? basePath : String(basePath[...(basePath.lastIndex(of: "/") ?? basePath.startIndex)])
        let path = url.path(percentEncoded: false)
        guard path.hasPrefix(directory), path.count > directory.count else { return nil }
        let relative = String(path.dropFirst(directory.count))
        guard !relative.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        return relative
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

    /// The file's bytes and type, when it is a regular file of at most ``maximumSize`` holding a
    /// raster image.
    private static func load(_ file: URL) -> (data: Data, type: UTType)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= maximumSize,
            let data = try? ReadableFile.contents(of: file, maximumSizeAllowed: maximumSize),
            let type = rasterType(of: data)
        else { return nil }
        return (data, type)
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
