import Foundation
import TransferKit

/// A photo, declared once: as a PNG file.
struct Photo: Transferable {
    let file: URL

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .png) { photo in
            SentTransferredFile(photo.file)
        }
    }
}

/// A video, declared once: as an MPEG-4 file.
struct Clip: Transferable {
    let file: URL

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .mpeg4Movie) { clip in
            SentTransferredFile(clip.file)
        }
    }
}

/// A post: a photo or a video, and hashtag text.
struct Post {
    var photo: Photo?
    var clip: Clip?
    var text: String

    /// The share: media first, then the text. Each item offers its representations in every form
    /// (file URL, in-memory object, data); the negotiator picks per receiver.
    var shareItems: [ShareItem] {
        var items: [ShareItem] = []
        if let photo { items.append(ShareItem(photo, label: "photo")) }
        if let clip { items.append(ShareItem(clip, label: "video")) }
        items.append(ShareItem(text, label: "text"))
        return items
    }
}
