import Foundation
import Testing
import TransferCodecs
import TransferKitTesting

/// Random and hostile bytes: the CSV decoder and row reader answer with a value or a `CSVError`
/// (a `DecodingError` when the rows are CSV but the values do not fit the type), never a crash.
@Suite("Malformed CSV")
struct CSVMalformedInputTests {
    static let formats = [CSVFormat(hasHeader: false), CSVFormat(), CSVFormat(strictness: .lenient), CSVFormat.tsv]

    @Test func decodingAnswersWithAValueOrATypedError() {
        var errors = 0
        for input in HostileInputs(count: 3000, seed: 1) {
            for format in Self.formats {
                do {
                    _ = try CSVDecoder(format: format).decode([[String]].self, from: input)
                } catch {
                    errors += 1
                    #expect(Self.isPositioned(error), "\(error)")
                }
                do {
                    _ = try CSVDecoder(format: format).decode([Row].self, from: input)
                } catch let error as DecodingError {
                    // A value that does not fit says which record and key, or wraps a positioned
                    // CSVError, and says what it expected.
                    let context: DecodingError.Context? =
                        switch error {
                        case .keyNotFound(_, let context), .valueNotFound(_, let context),
                            .typeMismatch(_, let context), .dataCorrupted(let context):
                            context
                        @unknown default: nil
                        }
                    let whereItIs =
                        !(context?.codingPath.isEmpty ?? true)
                        || (context?.underlyingError).map(Self.isPositioned) == true
                    #expect(whereItIs && context?.debugDescription.isEmpty == false, "\(error)")
                } catch {
                    #expect(Self.isPositioned(error), "\(error)")
                }
            }
        }
        // The inputs are hostile enough that the strict formats refuse some of them.
        #expect(errors > 100)
    }

    @Test func theRowReaderAnswersWithRowsOrAPositionedError() throws {
        var errors = 0
        for input in HostileInputs(count: 3000, seed: 2) {
            do {
                let reader = try CSVRowReader(data: input, format: CSVFormat())
                while try reader.next() != nil {}
            } catch let error as CSVError {
                errors += 1
                #expect(error.line >= 1 && error.column >= 1 && !error.reason.isEmpty, "\(error)")
            } catch {
                Issue.record("bytes in memory failed with something other than a CSVError: \(error)")
            }
        }
        #expect(errors > 100)
    }

    /// A `CSVError` that says where (line and column, 1-based) and why.
    static func isPositioned(_ error: any Error) -> Bool {
        guard let error = error as? CSVError else { return false }
        return error.line >= 1 && error.column >= 1 && !error.reason.isEmpty
    }
}
