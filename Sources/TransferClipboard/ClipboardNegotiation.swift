import TransferKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a paste and a drop choose what to take: the offered types mapped to content types, and
/// the first of the model's importing types that is offered, as the negotiator chooses for a
/// receiver's preference. One place for both, so that a model dropped and a model pasted come
/// from the same type.
enum ClipboardNegotiation {
    /// The negotiation of `types` (in the owner's order) for `Item`: a file list stands for the
    /// first of `files`, as a file (none when its files are not known); the legacy text names come
    /// last, since UTF8_STRING and the MIME names say their encoding.
    static func negotiate<Item: Transferable>(_ types: [ClipboardType], files: [URL], for item: Item.Type)
        -> Negotiation
    {
        var offers: [Offer] = []
        let ordered =
            types.enumerated().filter { !ClipboardTypeMapping.legacyTextNames.contains($0.element.name) }
            + types.enumerated().filter { ClipboardTypeMapping.legacyTextNames.contains($0.element.name) }
        for (index, offered) in ordered {
            guard let contentType = offered.contentType else { continue }
            if contentType == .fileURL {
                guard let file = files.first, let fileType = UTType(filenameExtension: file.pathExtension) else {
                    continue
                }
                offers.append(Offer(fileType, form: .file, representationIndex: index))
            } else {
                offers.append(Offer(contentType, form: .data, representationIndex: index))
            }
        }
        let receiver = ReceiverProfile(
            name: String(describing: Item.self), identifier: "paste:\(Item.self)",
            activation: ReceiverActivation(
                accepts: Item.importedContentTypes().map { AcceptRule($0) }, itemMatching: .any))
        return Negotiator(policy: .receiverPreference).negotiate(offers, with: receiver)
    }

    /// Text bytes as UTF-8: ICCCM's STRING is Latin-1, whichever target asked for it (TEXT may be
    /// answered so) — unless the bytes are valid UTF-8 beyond ASCII, as xsel sends them typed
    /// STRING.
    static func text(_ raw: Data, typed type: String) -> Data {
        type == "STRING" && String(validating: raw, as: UTF8.self) == nil
            ? Data(ClipboardTypeMapping.utf8(fromLatin1: [UInt8](raw))) : raw
    }
}
