// The parsers of receiver and type declarations on any bytes. Each run fuzzes one parser, named by
// TRANSFERKIT_FUZZ_PARSER (Scripts/fuzz.sh sets it), so that each gets its own corpus and count:
//
//   accept       HTTP Accept headers (RFC 9110 §12.5.1)
//   predicate    share-extension activation rules written as predicates
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
