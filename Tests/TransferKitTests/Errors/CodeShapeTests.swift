import Foundation
import Testing
import TransferKit
import TransferKitTesting

/// Every code type has one shape: a struct that is `RawRepresentable` and
/// `LosslessStringConvertible`, whose raw values are camelCase names, whose validating initializers
/// know exactly this version's codes, and whose description is its name.
func expectCodeShape<Code: RawRepresentable & LosslessStringConvertible & Hashable>(
    _ codes: [Code], sourceLocation: SourceLocation = #_sourceLocation
) where Code.RawValue == String {
    #expect(Set(codes).count == codes.count, "codes are distinct", sourceLocation: sourceLocation)
    for code in codes {
        let name = code.rawValue
        #expect(
            name.first?.isLowercase == true && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) },
            "\(name) is camelCase", sourceLocation: sourceLocation)
        #expect(Code(rawValue: name) == code, sourceLocation: sourceLocation)
        #expect(Code(name) == code, sourceLocation: sourceLocation)
        #expect(code.description == name, sourceLocation: sourceLocation)
    }
    for unknown in ["", "unknownCode", "Ragged Row", codes[0].rawValue.uppercased(), codes[0].rawValue + " "] {
        #expect(
            Code(rawValue: unknown) == nil, "\(unknown.debugDescription) is refused", sourceLocation: sourceLocation)
        #expect(Code(unknown) == nil, sourceLocation: sourceLocation)
    }
}

@Suite("One shape for every code")
struct CodeShapeTests {
    @Test("TransferError.Code")
    func transferErrorCodes() async throws {
        expectCodeShape([
            TransferError.Code.noMatchingRepresentation, .exportNotSupported, .importNotSupported, .conditionNotMet,
            .encodingFailed, .decodingFailed, .exportFailed, .importFailed, .fileUnavailable, .proxyCycle,
            .invalidRepresentation, .cancelled,
        ])
        // ~= matches the error it names, in a catch clause, and nothing else.
        do {
            _ = try await "text".exported(as: .png)
            Issue.record("a string was exported as PNG")
        } catch TransferError.Code.proxyCycle {
            Issue.record("matched the wrong code")
        } catch TransferError.Code.noMatchingRepresentation {
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("CSVError.Code, and ~= against what a decoder throws")
    func csvErrorCodes() throws {
        expectCodeShape([
            CSVError.Code.unterminatedQuote, .strayQuote, .raggedRow, .invalidUTF8, .fieldTooLong, .invalidHeader,
            .invalidValue, .unsupportedValue, .invalidFormat,
        ])
        struct Row: Decodable { var a: String }
        do {
            _ = try CSVDecoder().decode([Row].self, from: Data("a\r\n\"open\r\n".utf8))
            Issue.record("an unterminated quote was decoded")
        } catch CSVError.Code.raggedRow {
            Issue.record("matched the wrong code")
        } catch CSVError.Code.unterminatedQuote {
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("UTTypeDeclarationError.Problem.Code, and ~= against an error holding a problem of that code")
    func declarationCodes() throws {
        expectCodeShape([
            UTTypeDeclarationError.Problem.Code.malformedIdentifier, .malformedTag, .undeclaredParent, .cycle,
            .duplicateIdentifier, .malformedEntry, .malformedFile, .unreadableFile,
        ])
        do {
            _ = try UTType.register([
                UTTypeDeclaration(identifier: "com.example.code-shape.orphan", conformsTo: ["com.example.missing"])
            ])
            Issue.record("an undeclared parent was registered")
        } catch UTTypeDeclarationError.Problem.Code.cycle {
            Issue.record("matched the wrong code")
        } catch UTTypeDeclarationError.Problem.Code.undeclaredParent {
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("negotiation's codes, matched against what they classify")
    func negotiationCodes() throws {
        expectCodeShape([
            Negotiation.Rejection.Cause.Code.conditionFalse, .notVisible, .typeNotAccepted, .formNotAccepted, .excluded,
            .consumption,
        ])
        expectCodeShape([
            SharePlan.ItemPlan.Cause.Code.receiverNotOffered, .noAcceptedOffer, .failsWithOtherItem,
            .ignoredWithOtherItem, .overLimit, .firstItemOnly, .addsPathToText,
        ])
        expectCodeShape([
            SharePlan.ActivationStep.Code.offered, .itemNotMatched, .noItemMatched, .tooManyOfKind, .tooFewAttachments,
            .tooManyAttachments,
        ])
        let receiver = try ReceiverProfile.parse(acceptHeader: "image/png").profile
        let rejection = try #require(Negotiator().negotiate([Offer(.plainText)], with: receiver).rejections.first)
        switch rejection {
        case Negotiation.Rejection.Cause.Code.excluded: Issue.record("matched the wrong code")
        case Negotiation.Rejection.Cause.Code.typeNotAccepted: break
        default: Issue.record("unexpected \(rejection)")
        }
        let plan = Negotiator().plan([ShareItem(label: "text", offers: [Offer(.plainText)])], for: receiver)
        let cause = try #require(plan.items.first?.cause)
        switch cause {
        case SharePlan.ItemPlan.Cause.Code.overLimit: Issue.record("matched the wrong code")
        case SharePlan.ItemPlan.Cause.Code.receiverNotOffered: break
        default: Issue.record("unexpected \(cause.code)")
        }
        let step = try #require(plan.activationTrace.first)
        switch step {
        case SharePlan.ActivationStep.Code.offered: Issue.record("matched the wrong code")
        case SharePlan.ActivationStep.Code.noItemMatched: break
        default: Issue.record("unexpected \(step.code)")
        }
    }

    @Test("PlaceholderError.Code, and ~= against what a placeholder request throws")
    func placeholderCodes() {
        expectCodeShape([PlaceholderError.Code.invalidParameter, .malformedTarget, .notFound])
        for (target, code) in [
            ("/image.png?width=0", PlaceholderError.Code.invalidParameter), ("/image.png?text=%zz", .malformedTarget),
            ("/nothing", .notFound),
        ] {
            do {
                _ = try PlaceholderRequest(target: target)
                Issue.record("\(target) was read")
            } catch {
                #expect(code ~= error, "\(target)")
                #expect(
                    [PlaceholderError.Code.invalidParameter, .malformedTarget, .notFound].filter { $0 ~= error } == [
                        code
                    ])
            }
        }
    }

    @Test("the receiver vocabulary: the same shape, and profiles' words")
    func receiverVocabulary() {
        expectCodeShape(ContentKind.allCases)
        expectCodeShape([ReceiverActivation.ItemMatching.all, .any])
        expectCodeShape([ReceiverConsumption.Outcome.ok, .addsPathToText, .showsPath, .ignored, .fails])
        expectCodeShape([ReceiverConsumption.CrossItemRule.Effect.dropped, .fails])
        expectCodeShape([ReceiverConsumption.Reads.allItems, .firstItemOnly])
    }
}
