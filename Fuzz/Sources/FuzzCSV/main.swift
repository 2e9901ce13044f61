// The CSV decoder and row reader on any bytes, in six formats chosen by the first byte: they must
// return or throw, never trap, leak or read out of bounds.
import Foundation
import TransferKit

struct Record: Codable {
    var a: String
    var b: Int?
    var c: [String]?
    var d: UUID?
    var e: Double?
    var f: Bool?
}

/// libFuzzer's entry point: runs one input, trapping (a finding) when a property does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let formats = [
        CSVFormat(),
        CSVFormat(hasHeader: false),
        CSVFormat(strictness: .lenient),
        CSVFormat(hasHeader: false, strictness: .lenient, maximumFieldLength: 16),
        CSVFormat(delimiter: 0x09),
        CSVFormat(delimiter: 0x3B, strictness: .lenient),
    ]
    let format = formats[Int(data.first ?? 0) % formats.count]
    let body = Data(data.dropFirst())
    _ = try? CSVDecoder(format: format).decode([[String]].self, from: body)
    _ = try? CSVDecoder(format: format).decode([Record].self, from: body)
    _ = try? CSVDecoder(format: format).decode(Record.self, from: body)
    if let reader = try? CSVRowReader(data: body, format: format, chunkSize: 4096) {
        while (try? reader.next()) != nil {}
    }
    return 0
}
