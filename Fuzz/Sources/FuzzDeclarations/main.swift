// The parsers of receiver and type declarations on any bytes: HTTP Accept headers, activation rules
// (dictionary and predicate forms), web app and Android manifests, Info.plist (XML and binary),
// saved receiver profiles, UTType identifiers and tags, and type declarations. They must return or
// throw, never trap or leak.
import Foundation
import TransferKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = Data(bytes: start, count: count)
    // The first byte chooses the parser; the rest is its input.
    let data = Data(input.dropFirst())
    let text = String(decoding: data, as: UTF8.self)
    switch input.first.map({ Int($0) % 8 }) ?? 0 {
    case 0: _ = try? ReceiverProfile.importing(acceptHeader: text)
    case 1: _ = try? ReceiverProfile.importing(activationRule: text, name: "x", identifier: "x")
    case 2: _ = try? ReceiverProfile.importing(webAppManifest: data)
    case 3: _ = try? ReceiverProfile.importing(androidManifest: data)
    case 4: _ = try? ReceiverProfile.importing(infoPlist: data)
    case 5: _ = try? ReceiverProfile.load(from: data)
    case 6:
        _ = UTType(text)
        _ = UTType(filenameExtension: text)
        _ = UTType(mimeType: text)
        _ = UTType("dyn.a" + text)
        _ = UTType.types(tag: text, tagClass: .filenameExtension, conformingTo: nil)
        _ = UTType.types(tag: text, tagClass: .mimeType, conformingTo: .text)
    default:
        // Type declarations (Info.plist, XML or binary, or JSON). The few random inputs that are
        // valid declarations stay registered; the registry grows by those alone.
        _ = try? UTType.registerDeclarations(from: data)
    }
    return 0
}
