import Testing
import TransferKit

/// `AcceptRule(parsing:)`: the one parser of a rule's text, for `Accept` headers and the command
/// line alike.
@Suite("Accept rules parsed from text")
struct AcceptRuleParsingTests {
    @Test("a media range keeps its parameters before q and takes q as the weight")
    func mediaRange() throws {
        let rule = try AcceptRule(parsing: #"text/html; level="1"; q=0.7; ext=x"#)
        #expect(rule.pattern == .mediaRange(.html))
        #expect(rule.parameters == ["level": "1"])
        #expect(rule.weight == 0.7)
        #expect(rule.forms == .all)
    }

    @Test("an identifier or * in place of the range matches by conformance, with the same weights")
    func identifiers() throws {
        let image = try AcceptRule(parsing: "public.image;q=0.5", forms: [.data])
        #expect(image.pattern == .type(.image))
        #expect(image.weight == 0.5)
        #expect(image.forms == [.data])
        #expect(try AcceptRule(parsing: "*;q=0.1").pattern == .any)
        #expect(try AcceptRule(parsing: "*/*").pattern == .any)
        #expect(try AcceptRule(parsing: "image/*").pattern == .mediaRange(.anyImage))
    }

    @Test(
        "what is wrong is said, with what was expected",
        arguments: [
            ("text/html;q=2", "expected a weight q from 0 to 1 with at most three decimals, found '2'"),
            ("text/html;q=0.12345", "expected a weight q from 0 to 1 with at most three decimals, found '0.12345'"),
            ("*/html", "expected */* or type/*, found '*/html'"),
            ("no.such.type.here", "expected a media range type/subtype, type/* or */*, or a type identifier"),
            ("public.image;q", "expected '=' after the parameter 'q'"),
        ])
    func errors(text: String, reason: String) {
        #expect {
            try AcceptRule(parsing: text)
        } throws: { error in
            (error as? ReceiverDeclarationError)?.diagnostics.first?.reason.contains(reason) == true
        }
    }

    @Test("an Accept header's ranges are read by the same parser: the same rules, element by element")
    func sameAsHeader() throws {
        let header = #"image/*;q=0.8, text/html;level=1, */*;q=0.1"#
        let rules = try ReceiverProfile.parse(acceptHeader: header).profile.activation.accepts
        let parsed = try ["image/*;q=0.8", "text/html;level=1", "*/*;q=0.1"].map { try AcceptRule(parsing: $0) }
        #expect(rules.map(\.pattern) == parsed.map(\.pattern))
        #expect(rules.map(\.weight) == parsed.map(\.weight))
        #expect(rules.map(\.parameters) == parsed.map(\.parameters))
    }

    @Test(
        "what a header only warns about, a rule alone refuses: a parameter or weight given twice",
        arguments: [
            ("text/html;level=1;level=2", "the parameter 'level' is given twice; the first value, '1', is used"),
            ("text/html;q=0.5;q=0.2", "the weight q is given twice; the first, 0.5, is used"),
            ("public.image;q=0.5;q=0.2", "the weight q is given twice; the first, 0.5, is used"),
        ])
    func repeatsRefused(text: String, warning: String) throws {
        #expect {
            try AcceptRule(parsing: text)
        } throws: { error in
            (error as? ReceiverDeclarationError)?.diagnostics.map(\.reason) == [warning]
        }
        if text.contains("/") {
            // The same member in a header is kept, with the warning.
            let parsed = try ReceiverProfile.parse(acceptHeader: text)
            #expect(parsed.profile.activation.accepts.count == 1)
            #expect(parsed.diagnostics.map(\.reason) == [warning])
        }
    }

    @Test(
        "an identifier is a rule's, not a header's: in an Accept header it is a malformed range, dropped and reported")
    func identifiersNotInHeaders() throws {
        let parsed = try ReceiverProfile.parse(acceptHeader: "public.image;q=0.5, text/html")
        #expect(parsed.profile.activation.accepts.map(\.pattern) == [.mediaRange(.html)])
        #expect(parsed.diagnostics.map(\.entry) == ["public.image;q=0.5"])
        #expect(
            parsed.diagnostics.first?.reason.hasPrefix("expected a media range type/subtype, type/* or */*, found")
                == true,
            "\(parsed.diagnostics)")
        #expect(try AcceptRule(parsing: "public.image;q=0.5").pattern == .type(.image))
    }
}
