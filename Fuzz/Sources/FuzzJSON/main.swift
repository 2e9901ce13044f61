// The JSON codec on any bytes: JSONTextDecoder must return or throw, never trap, leak or read out
// of bounds, on generic and typed values; whatever it accepts, Foundation's decoder must accept
// with the same value, and JSONTextEncoder must write back bytes that decode to it again. With
// TRANSFERKIT_FUZZ_PARSER=array, the reader of arrays in pieces; =runs, JSON → CSV in runs.
import Foundation
import ProfileModels
import Synchronization
import TransferKit

/// Any JSON value, objects as sorted key-value pairs.
indirect enum Value: Codable, Equatable, Sendable {
    case null, bool(Bool), number(Double), string(String), array([Value]), object([String: Value])

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: Key.self) {
            var members: [String: Value] = [:]
            for key in container.allKeys where members[key.stringValue] == nil {
                members[key.stringValue] = try container.decode(Value.self, forKey: key)
            }
            self = .object(members)
        } else if var container = try? decoder.unkeyedContainer() {
            var elements: [Value] = []
            while !container.isAtEnd { elements.append(try container.decode(Value.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .number(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
        }
    }
}

struct Record: Codable {
    var a: String
    var b: Int?
    var c: [UInt8]?
    var d: UUID?
    var e: [String: Float]?
    var f: URL?
    var g: Date?
    var h: Data?
}

/// `document` (the default) fuzzes JSONTextDecoder on whole documents; `array` fuzzes
/// JSONArrayDecoder, the reader of top-level arrays in pieces, on a file.
let mode = ProcessInfo.processInfo.environment["TRANSFERKIT_FUZZ_PARSER"] ?? "document"
/// The file the array reader reads, in memory where the system has a RAM file system.
let arrayFile = URL(
    fileURLWithPath: FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
)
.appendingPathComponent("transferkit-fuzz-\(ProcessInfo.processInfo.processIdentifier).json")

/// Reads `data` as a top-level array in pieces: whatever the whole-document decoder accepts as an
/// array of values, the array reader must accept with the same elements, and the reverse. `Value`
/// is `Sendable`, so the reader decodes on its pipeline of threads, as `transfer convert` does.
/// (`Scripts/fuzz.sh` turns leak checks off for this target: libFuzzer would run LeakSanitizer
/// after nearly every input, whose allocations and frees do not balance within the input.)
func fuzzArrayReader(_ data: Data) {
    // The first byte chooses the chunk size, so that elements and tokens straddle chunk edges.
    guard let first = data.first, (try? data.dropFirst().write(to: arrayFile)) != nil else { return }
    let data = Data(data.dropFirst())
    let reader = JSONArrayDecoder(chunkSize: Int(first % 64) + 1)
    var elements: [Value] = []
    var failure: String?
    do {
        try reader.decodeElements(Value.self, contentsOf: arrayFile) { elements.append($0) }
    } catch {
        failure = "\(error)"
    }
    let read = failure == nil
    // The reader splits the input where each element ends and parses the elements apart: wherever
    // the pieces fall, the outcome is the same, error for error.
    var inOnePiece: String?
    do {
        try JSONArrayDecoder(chunkSize: 1 << 16).decodeElements(Value.self, contentsOf: arrayFile) { _ in }
    } catch {
        inOnePiece = "\(error)"
    }
    guard failure == inOnePiece else {
        fatalError(
            "the error depends on the pieces: \(failure ?? "none") against \(inOnePiece ?? "none"): \(String(decoding: data, as: UTF8.self))"
        )
    }
    let whole = try? JSONTextDecoder().decode([Value].self, from: data)
    if read {
        guard whole == elements else {
            fatalError(
                "the array reader read other elements than the document decoder: \(String(decoding: data, as: UTF8.self))"
            )
        }
    } else {
        guard whole == nil else {
            fatalError("the array reader refused an array: \(String(decoding: data, as: UTF8.self))")
        }
    }
}

/// The file the runs are converted from.
let runsFile = arrayFile.deletingLastPathComponent().appendingPathComponent("transferkit-fuzz-runs-\(getpid()).json")

/// JSON → CSV in runs (`ProfilesArchive`'s plan): the input is the text of elements, repeated into
/// one array past several of the reader's batches, so that runs are cut in it — inside strings,
/// nested values and bad bytes as well as between objects. Streamed, with runs split on the cores
/// and read again by the exact reader where a guess was wrong, the conversion must give the bytes
/// the whole document's decoding gives, or fail where it fails.
func fuzzRuns(_ data: Data) {
    guard !data.isEmpty else { return }
    var document = Data("[".utf8)
    while document.count < 700_000 {
        document.append(data)
        document.append(UInt8(ascii: ","))
    }
    document[document.count - 1] = UInt8(ascii: "]")
    guard (try? document.write(to: runsFile)) != nil else { return }
    /// The CSV, or the error's description.
    func converted(_ mode: TransferConversionMode) -> Result<Data, Failure> {
        let result = Mutex<Result<Data, Failure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            var output = Data()
            do {
                let conversion = try TransferConversion(
                    ProfilesArchive.self, from: .json, to: .commaSeparatedText, mode: mode)
                try await conversion.convert(contentsOf: runsFile, into: { output.append($0) })
                result.withLock { $0 = .success(output) }
            } catch {
                result.withLock { $0 = .failure(Failure(description: "\(error)")) }
            }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
    let text = String(decoding: data, as: UTF8.self)
    switch (converted(.streaming), converted(.whole)) {
    case (.success(let runs), .success(let all)):
        guard runs == all else { fatalError("runs wrote other CSV than the whole decoding: \(text)") }
    case (.failure, .failure):
        break
    case (.success, .failure(let error)):
        fatalError("runs converted what the whole decoding refused (\(error.description)): \(text)")
    case (.failure(let error), .success):
        fatalError("runs refused what the whole decoding converted (\(error.description)): \(text)")
    }
}

/// A conversion's error, as its description.
struct Failure: Error {
    let description: String
}

/// libFuzzer's entry point: runs one input, trapping (a finding) when a property does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if mode == "array" {
        fuzzArrayReader(data)
        return 0
    }
    if mode == "runs" {
        fuzzRuns(data)
        return 0
    }
    _ = try? JSONTextDecoder().decode(Record.self, from: data)
    _ = try? JSONTextDecoder().decode([Record].self, from: data)
    var snake = JSONTextDecoder()
    snake.keyDecodingStrategy = .convertFromSnakeCase
    snake.dateDecodingStrategy = .iso8601
    _ = try? snake.decode([String: Record].self, from: data)
    if let value = try? JSONTextDecoder().decode(Value.self, from: data) {
        var encoder = JSONTextEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let written = try? encoder.encode(value) else { return 0 }
        guard let again = try? JSONTextDecoder().decode(Value.self, from: written), again == value else {
            fatalError("did not read back what it wrote: \(String(decoding: written, as: UTF8.self))")
        }
        // Foundation must read the same value, from the input or — where Foundation refuses a
        // spelling RFC 8259 allows (`0e4`, which it reads as `0e+4`) — from our canonical text.
        let foundation =
            (try? JSONDecoder().decode(Value.self, from: data))
            ?? (try? JSONDecoder().decode(Value.self, from: written))
        guard foundation == value else {
            fatalError(
                "accepted what Foundation does not, or read another value: \(String(decoding: data, as: UTF8.self))")
        }
    }
    return 0
}
