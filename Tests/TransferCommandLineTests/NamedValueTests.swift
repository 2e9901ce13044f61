import ContentTypes
import LinkPreviews
import Testing
import TransferClipboard
import TransferCodecs
import TransferKit
import TransferKitTesting

/// Every value type of the package's one shape for named values (`NamedValue`): each known value
/// is read back from its name, its description is its name, and a name it does not know is refused.
@Suite("NamedValue: every named value type, one behaviour")
struct NamedValueTests {
    /// The known values' names, each read back to the value, and an unknown name refused.
    func check<Value: NamedValue>(_ type: Value.Type) {
        #expect(!Value.knownValues.isEmpty, "\(Value.self) knows no value")
        #expect(Set(Value.knownValues.map(\.rawValue)).count == Value.knownValues.count, "\(Value.self): a name twice")
        for value in Value.knownValues {
            #expect(Value(rawValue: value.rawValue) == value)
            #expect(Value(value.description) == value)
            #expect(value.description == value.rawValue)
        }
        #expect(Value(rawValue: "no such name") == nil)
        #expect(Value("") == nil)
    }

    @Test("each type reads back its known values by name and refuses others")
    func everyType() {
        check(CSVError.Code.self)
        check(UTTypeDeclarationError.Problem.Code.self)
        check(TransferError.Code.self)
        check(ReceiverActivation.ItemMatching.self)
        check(ReceiverConsumption.Outcome.self)
        check(ReceiverConsumption.CrossItemRule.Effect.self)
        check(ReceiverConsumption.Reads.self)
        check(ContentKind.self)
        check(TransferConversionMode.self)
        check(Negotiation.Rejection.Cause.Code.self)
        check(SharePlan.ItemPlan.Cause.Code.self)
        check(SharePlan.ActivationStep.Code.self)
        check(NegotiationPolicy.self)
        check(LinkPreviewError.Code.self)
        check(LinkMetadata.Icon.Kind.self)
        check(LinkMetadata.Attachment.self)
        check(PlaceholderError.Code.self)
        check(ClipboardError.Code.self)
    }

    @Test("a CaseIterable type knows exactly its cases")
    func caseIterable() {
        #expect(ContentKind.knownValues == ContentKind.allCases)
        #expect(TransferConversionMode.knownValues == TransferConversionMode.allCases)
        #expect(NegotiationPolicy.knownValues == NegotiationPolicy.allCases)
    }
}
