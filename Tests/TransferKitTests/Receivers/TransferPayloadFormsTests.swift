import Foundation
import Testing
import TransferKit

/// Which forms a rule accepts or a reading covers: every form unless some are named, never `nil`.
@Suite("TransferPayloadForms: all, or the forms named")
struct TransferPayloadFormsTests {
    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("a rule takes every form unless it names some; its text and JSON name them only then")
    func rules() throws {
        let any = AcceptRule(.image)
        #expect(any.forms == .all && [TransferPayloadForm.data, .file, .value].allSatisfy(any.forms.contains))
        #expect(any.description == "public.image")
        #expect(try json(any) == #"{"type":"public.image"}"#)
        let some = AcceptRule(.image, forms: [.value, .data])
        #expect(some.forms.forms == [.data, .value])
        #expect(!some.forms.contains(.file))
        #expect(some.description == "public.image as data|value")
        #expect(try json(some) == #"{"forms":["data","value"],"type":"public.image"}"#)
        let decoded = try JSONDecoder().decode(AcceptRule.self, from: Data(try json(some).utf8))
        #expect(decoded.forms == some.forms)
        #expect(TransferPayloadForms([TransferPayloadForm.file, .file]) == .file)
        // Each form is a set of itself alone; all three are every form.
        for form in [TransferPayloadForm.data, .file, .value] {
            #expect(TransferPayloadForms(form).forms == [form])
        }
        #expect(TransferPayloadForms.value.forms == [.value] && TransferPayloadForms.all.forms.count == 3)
    }

    @Test("a reading names one form, several, or none (every form); the one naming the form wins")
    func readings() throws {
        typealias Reading = ReceiverConsumption.Reading
        let decoded = try JSONDecoder().decode(
            [Reading].self,
            from: Data(
                #"""
                [{"kind": "image", "form": "file", "outcome": "showsPath"},
                 {"kind": "image", "forms": ["data", "value"], "outcome": "ignored"},
                 {"kind": "image", "outcome": "fails"}]
                """#.utf8))
        #expect(decoded.map(\.forms) == [.file, [.data, .value], .all])
        let consumption = ReceiverConsumption(readings: decoded.reversed())
        #expect(consumption.reading(for: .image, form: .file).outcome == .showsPath)
        #expect(consumption.reading(for: .image, form: .value).outcome == .ignored)
        #expect(ReceiverConsumption(readings: [decoded[2]]).reading(for: .image, form: .file).outcome == .fails)
        // Written back as it was read.
        #expect(try json(decoded[0]) == #"{"form":"file","kind":"image","outcome":"showsPath"}"#)
        #expect(try json(decoded[1]) == #"{"forms":["data","value"],"kind":"image","outcome":"ignored"}"#)
        #expect(try json(decoded[2]) == #"{"kind":"image","outcome":"fails"}"#)
    }
}

/// A model with a representation declared as data, then one declared as a file.
private struct TwoForms: Transferable {
    var text = "two"

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .json) { Data("{\"t\":\"\($0.text)\"}".utf8) }
        FileRepresentation(exportedContentType: .png) { _ in
            SentTransferredFile(URL(fileURLWithPath: "/dev/null"))
        }
    }
}

/// In which forms, and in which order, a sender offers each representation: its own form first
/// unless an order is given, never `nil`.
@Suite("TransferPayloadFormOrder: each representation's own form first, or the order given")
struct TransferPayloadFormOrderTests {
    @Test("representationFirst: the declared form, then a value, then the other of data and file")
    func representationFirst() {
        let order = TransferPayloadFormOrder.representationFirst
        #expect(order.forms(native: .data) == [.data, .value, .file])
        #expect(order.forms(native: .file) == [.file, .value, .data])
        #expect(order.forms(native: .value) == [.value, .data, .file])
    }

    @Test("an array literal is a fixed order, the same for every representation")
    func fixed() {
        let order: TransferPayloadFormOrder = [.file, .data]
        #expect(order == .fixed([.file, .data]))
        for native in [TransferPayloadForm.data, .file, .value] {
            #expect(order.forms(native: native) == [.file, .data])
        }
    }

    @Test("offers(for:) by default and with an order: the forms of each representation, in order")
    func offers() throws {
        let byDefault = try Offer.offers(for: TwoForms())
        #expect(byDefault.map(\.form) == [.data, .value, .file, .file, .value, .data])
        #expect(byDefault.map(\.contentType) == [.json, .json, .json, .png, .png, .png])
        let dataOnly = try Offer.offers(for: TwoForms(), forms: [.data])
        #expect(dataOnly.map(\.form) == [.data, .data])
        #expect(dataOnly.map(\.contentType) == [.json, .png])
    }
}
