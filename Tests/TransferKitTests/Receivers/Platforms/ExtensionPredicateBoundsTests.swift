import Foundation
import Testing
import TransferKit

/// An item registering two types, a JPEG and plain text, in one attachment: the share where ANY and
/// ALL, and UTI-EQUALS and UTI-CONFORMS-TO, part ways.
private struct Captioned: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .jpeg) { _ in Data([0xFF, 0xD8]) }
        DataRepresentation(exportedContentType: .utf8PlainText) { _ in Data("caption".utf8) }
    }
}

private struct Photo: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .jpeg) { _ in Data([0xFF, 0xD8]) }
    }
}

private func receiver(predicate: String) -> ReceiverProfile {
    var activation = ReceiverActivation(accepts: [.wildcard()])
    activation.predicate = predicate
    return ReceiverProfile(name: "Extension", identifier: "com.example.share", platform: "iOS", activation: activation)
}

/// Whether iOS offers the extension for `items` under `predicate`.
private func offered(_ predicate: String, _ items: [ShareItem]) -> Bool {
    Negotiator().plan(items, for: receiver(predicate: predicate)).isOffered
}

/// `SUBQUERY(… $a, <attachment> …).@count >= 1`: some attachment of some item satisfies it.
private func someAttachment(_ condition: String) -> String {
    "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, \(condition)).@count >= 1).@count >= 1"
}

@Suite("Activation predicates: every operator pinned, nesting bounded")
struct ExtensionPredicateBoundsTests {
    // MARK: The operators, where they part ways

    @Test("UTI-EQUALS is the identifier itself; UTI-CONFORMS-TO its place in the tree")
    func equalsIsNotConformsTo() {
        let photo = [ShareItem(Photo())]
        #expect(offered(someAttachment(#"ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image""#), photo))
        #expect(!offered(someAttachment(#"ANY $a.registeredTypeIdentifiers UTI-EQUALS "public.image""#), photo))
        #expect(offered(someAttachment(#"ANY $a.registeredTypeIdentifiers UTI-EQUALS "PUBLIC.JPEG""#), photo))
    }

    @Test("ALL needs every registered type, ANY one, NONE none: an attachment of two types")
    func modifiersOverAMultiTypedAttachment() {
        let captioned = [ShareItem(Captioned())]
        let image = #"$a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image""#
        #expect(offered(someAttachment("ANY " + image), captioned))
        #expect(offered(someAttachment("SOME " + image), captioned))
        #expect(!offered(someAttachment("ALL " + image), captioned))
        #expect(!offered(someAttachment("NONE " + image), captioned))
        let data = #"$a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.data""#
        #expect(offered(someAttachment("ALL " + data), captioned))
        // One attachment with two types is counted once.
        #expect(offered("SUBQUERY(extensionItems, $e, $e.attachments.@count == 1).@count == 1", captioned))
    }

    @Test(
        "each comparison operator, true and false",
        arguments: [
            ("extensionItems.@count == 1", true), ("extensionItems.@count = 2", false),
            ("extensionItems.@count != 2", true), ("extensionItems.@count <> 1", false),
            ("extensionItems.@count < 2", true), ("extensionItems.@count < 1", false),
            ("extensionItems.@count <= 1", true), ("extensionItems.@count =< 0", false),
            ("extensionItems.@count > 0", true), ("extensionItems.@count > 1", false),
            ("extensionItems.@count >= 1", true), ("extensionItems.@count => 2", false),
            ("extensionItems.@count IN {1, 2}", true), ("extensionItems.@count IN {2, 3}", false),
            ("{1, 2} CONTAINS 2", true), ("{1, 2} CONTAINS 3", false),
            // Key-value coding does not flatten: the items' attachments are a list of lists.
            (#"ANY extensionItems.attachments.registeredTypeIdentifiers CONTAINS "public.jpeg""#, false),
            (#"'public.jpeg' BEGINSWITH 'public.'"#, true), (#"'public.jpeg' BEGINSWITH 'jpeg'"#, false),
            (#"'public.jpeg' ENDSWITH 'jpeg'"#, true), (#"'public.jpeg' ENDSWITH 'public'"#, false),
            (#"'jpeg' IN 'public.jpeg'"#, true), (#"'png' IN 'public.jpeg'"#, false),
            ("TRUEPREDICATE AND NOT FALSEPREDICATE", true), ("FALSEPREDICATE || !TRUEPREDICATE", false),
        ] as [(String, Bool)])
    func comparisons(_ predicate: String, _ expected: Bool) {
        #expect(offered(predicate, [ShareItem(Photo())]) == expected)
    }

    // MARK: Nesting

    /// Each way a predicate nests, `depth` levels deep around `TRUEPREDICATE` (or a value).
    static func nested(_ construct: String, depth: Int) -> String {
        switch construct {
        case "parentheses":
            String(repeating: "(", count: depth) + "TRUEPREDICATE" + String(repeating: ")", count: depth)
        case "NOT": String(repeating: "NOT ", count: depth) + "TRUEPREDICATE"
        case "!": String(repeating: "!", count: depth) + "TRUEPREDICATE"
        case "lists": String(repeating: "{", count: depth) + "1" + String(repeating: "}", count: depth) + " == 1"
        default:
            String(repeating: "SUBQUERY(extensionItems, $e, ", count: depth) + "TRUEPREDICATE"
                + String(repeating: ").@count >= 0", count: depth)
        }
    }

    static let constructs = ["parentheses", "NOT", "!", "lists", "SUBQUERY"]

    @Test("exactly the limit parses and evaluates; one level more is refused in words", arguments: constructs)
    func theLimitAndOnePast(construct: String) throws {
        let limit = 256
        let atLimit = Self.nested(construct, depth: limit)
        let plan = Negotiator().plan([ShareItem(Photo())], for: receiver(predicate: atLimit))
        #expect(!(plan.activation.first ?? "").contains("does not parse"), "\(plan.activation)")
        let parsed = try ReceiverProfile.parse(
            activationRulePredicate: "TRUEPREDICATE AND " + atLimit, name: "E", identifier: "e")
        #expect(parsed.profile.activation.predicate != nil)

        let past = Self.nested(construct, depth: limit + 1)
        let refused = Negotiator().plan([ShareItem(Photo())], for: receiver(predicate: past))
        #expect(!refused.isOffered)
        #expect(refused.activation.first?.contains("nests more than 256 levels deep") == true, "\(refused.activation)")
        let error = #expect(throws: ReceiverDeclarationError.self) {
            try ReceiverProfile.parse(activationRulePredicate: "TRUEPREDICATE AND " + past, name: "E", identifier: "e")
        }
        #expect(error?.description.contains("nests more than 256 levels deep") == true, "\(String(describing: error))")
        #expect(error?.description.contains("at character") == true)
    }

    @Test("a million levels end in the same words, for every construct", arguments: constructs)
    func aMillionLevels(construct: String) {
        let deep = Self.nested(construct, depth: 1_000_000)
        let error = #expect(throws: ReceiverDeclarationError.self) {
            try ReceiverProfile.parse(activationRulePredicate: deep, name: "E", identifier: "e")
        }
        #expect(error?.description.contains("nests more than 256 levels deep") == true)
        let plan = Negotiator().plan([ShareItem(Photo())], for: receiver(predicate: deep))
        #expect(plan.activation.first?.contains("nests more than 256 levels deep") == true)
    }

    @Test("chains are flat: 100,000 ANDs, ORs and key-path steps parse and evaluate")
    func longChainsAreNotNesting() {
        let ands = Array(repeating: "TRUEPREDICATE", count: 100_000).joined(separator: " AND ")
        #expect(offered(ands, [ShareItem(Photo())]))
        #expect(!offered(ands + " AND FALSEPREDICATE", [ShareItem(Photo())]))
        let ors = Array(repeating: "FALSEPREDICATE", count: 100_000).joined(separator: " || ")
        #expect(!offered(ors, [ShareItem(Photo())]))
        #expect(offered(ors + " || TRUEPREDICATE", [ShareItem(Photo())]))
        // `.@count` of a count is not a collection: evaluated step by step, it fails in words.
        let counts = "extensionItems" + String(repeating: ".@count", count: 100_000) + " == 1"
        let plan = Negotiator().plan([ShareItem(Photo())], for: receiver(predicate: counts))
        #expect(!plan.isOffered)
        #expect(plan.activation.first?.contains("@count of a value that is not a collection") == true)
        let keys = "ANY extensionItems" + String(repeating: ".attachments", count: 100_000) + " == 1"
        #expect(!offered(keys, [ShareItem(Photo())]))
    }
}
