// The parsers of receiver and type declarations on any bytes. Each run fuzzes one parser, named by
// TRANSFERKIT_FUZZ_PARSER (Scripts/fuzz.sh sets it), so that each gets its own corpus and count:
//
//   accept       HTTP Accept headers (RFC 9110 §12.5.1)
//   predicate    share-extension activation rules written as predicates
//   predicate-evaluate
//                the same, parsed and evaluated against attachments the input's first bytes choose
//                (items, each with a few registered types), as a negotiation evaluates them; the
//                plan must come out the same twice
//   activation   activation rules written as dictionaries (the input is read as a JSON object)
//   manifest     web app manifests' share_target (Web Share Target)
//   android      AndroidManifest.xml intent filters
//   infoplist    Info.plist files, XML or binary
//   profiles     saved receiver profiles (JSON)
//   tags         UTType identifiers, filename extensions and MIME types
//   types        type declaration files (Info.plist XML or binary, or JSON), registered
//
// Every parser must return or throw, never trap, leak or read out of bounds.
import Foundation
import TransferKit

let parser = ProcessInfo.processInfo.environment["TRANSFERKIT_FUZZ_PARSER"] ?? "accept"

/// libFuzzer's entry point: runs one input, trapping (a finding) when a property does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let text = String(decoding: data, as: UTF8.self)
    switch parser {
    case "accept":
        _ = try? ReceiverProfile.parse(acceptHeader: text)
    case "predicate":
        _ = try? ReceiverProfile.parse(activationRulePredicate: text, name: "x", identifier: "x")
    case "predicate-evaluate":
        evaluate(data)
    case "activation":
        // The rule's serialized form: JSON (an object or a string) or a property list.
        _ = try? ReceiverProfile.parse(activationRule: data, name: "x", identifier: "x")
    case "manifest":
        _ = try? ReceiverProfile.parse(webAppManifest: data)
    case "android":
        _ = try? ReceiverProfile.parse(androidManifest: data)
    case "infoplist":
        _ = try? ReceiverProfile.parse(infoPlist: data)
    case "profiles":
        _ = try? ReceiverProfile.load(from: data)
    case "tags":
        _ = UTType(text)
        _ = UTType(filenameExtension: text)
        _ = UTType(mimeType: text)
        _ = UTType("dyn.a" + text)
        _ = UTType.types(tag: text, tagClass: .filenameExtension, conformingTo: nil)
        _ = UTType.types(tag: text, tagClass: .mimeType, conformingTo: .text)
        _ = UTType(tag: text, tagClass: .mimeType, conformingTo: .data)?.preferredFilenameExtension
    case "types":
        // The few random inputs that are valid declarations stay registered; the registry grows
        // by those alone, and later inputs are checked against them (duplicates, parents, cycles).
        _ = try? UTType.registerDeclarations(from: data)
    default:
        fatalError("unknown TRANSFERKIT_FUZZ_PARSER '\(parser)'")
    }
    return 0
}

/// The types an attachment can register, by the byte that chooses one.
private let attachmentTypes: [UTType] = [
    .jpeg, .png, .heic, .gif, .image, .mpeg4Movie, .movie, .pdf, .url, .fileURL, .plainText, .utf8PlainText,
    .json, .data, .item, .vCard,
]

/// The first byte: how many items (0 to 3); then for each, a byte for how many types (1 to 4) and a
/// byte per type; the rest is the predicate. Each item's types become its attachment's registered
/// type identifiers, in order.
private func evaluate(_ data: Data) {
    var bytes = data[...]
    var items: [ShareItem] = []
    for index in 0..<Int(bytes.popFirst() ?? 0) % 4 {
        var offers: [Offer] = []
        for position in 0..<(1 + Int(bytes.popFirst() ?? 0) % 4) {
            let type = attachmentTypes[Int(bytes.popFirst() ?? 0) % attachmentTypes.count]
            offers.append(Offer(type, representationIndex: position))
        }
        items.append(ShareItem(label: "item \(index)", offers: offers))
    }
    var activation = ReceiverActivation(accepts: [.wildcard()])
    activation.predicate = String(decoding: bytes, as: UTF8.self)
    let receiver = ReceiverProfile(name: "x", identifier: "x", platform: "iOS", activation: activation)
    let first = Negotiator().plan(items, for: receiver)
    let second = Negotiator().plan(items, for: receiver)
    precondition(first.isOffered == second.isOffered && first.activation == second.activation, "not deterministic")
}
