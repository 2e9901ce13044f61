public import Foundation

/// Deterministic pseudo-random byte strings, biased towards the bytes parsers care about, for
/// robustness tests of importers and parsers: the same seed gives the same inputs on every machine.
///
/// ```swift
/// @Test func importerNeverCrashes() async {
///     for input in HostileInputs(count: 1_000, seed: 7) {
///         do { _ = try await Profile(importing: input, contentType: .json) }
///         catch { #expect(error is TransferError) }
///     }
/// }
/// ```
///
/// A test, not a fuzzer: `Fuzz/` has coverage-guided fuzzing with libFuzzer.
///
/// `HostileInputs` is `Sendable`.
public struct HostileInputs: Sequence, Sendable {
    /// Quotes, separators, brackets, escapes, line ends, a byte-order mark, bytes that are not UTF-8
    /// and the starts of multi-byte sequences.
    public static let defaultAlphabet: [UInt8] =
        Array("\",\r\n;=*/ aZ0\\q.{}[]:<>".utf8) + [0xC3, 0xA9, 0xFF, 0xE2, 0x82, 0x00, 0xEF, 0xBB, 0xBF]

    /// How many inputs the sequence gives.
    public let count: Int
    /// The seed of the generator.
    public let seed: UInt64
    /// The bytes inputs are made of.
    public let alphabet: [UInt8]
    /// The longest input, in bytes.
    public let maximumLength: Int

    /// Creates a sequence of inputs.
    ///
    /// - Parameters:
    ///   - count: How many inputs.
    ///   - seed: The generator's seed.
    ///   - alphabet: The bytes inputs are made of; not empty.
    ///   - maximumLength: The longest input, in bytes.
    public init(count: Int, seed: UInt64, alphabet: [UInt8] = defaultAlphabet, maximumLength: Int = 63) {
        precondition(!alphabet.isEmpty && maximumLength >= 0 && count >= 0)
        self.count = count
        self.seed = seed
        self.alphabet = alphabet
        self.maximumLength = maximumLength
    }

    /// The inputs, one after another.
    public func makeIterator() -> Iterator { Iterator(inputs: self) }

    /// Gives the inputs of a ``HostileInputs``.
    ///
    /// `Iterator` is `Sendable`.
    public struct Iterator: IteratorProtocol, Sendable {
        private let inputs: HostileInputs
        private var state: UInt64
        private var given = 0

        init(inputs: HostileInputs) {
            self.inputs = inputs
            self.state = inputs.seed
        }

        /// The next input, or `nil` after ``HostileInputs/count`` of them.
        public mutating func next() -> Data? {
            guard given < inputs.count else { return nil }
            given += 1
            let length = Int(random() % UInt64(inputs.maximumLength + 1))
            return Data((0..<length).map { _ in inputs.alphabet[Int(random() % UInt64(inputs.alphabet.count))] })
        }

        /// SplitMix64.
        private mutating func random() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
