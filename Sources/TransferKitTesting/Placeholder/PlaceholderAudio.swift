#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small valid WAV file: a sine tone, 16-bit mono PCM.
///
/// ```swift
/// let wav = try PlaceholderAudio(duration: 0.25, frequency: 440).wavData()
/// ```
///
/// `PlaceholderAudio` is `Sendable`.
public struct PlaceholderAudio: Sendable, Hashable {
    /// The longest duration accepted, in seconds.
    public static let maximumDuration = 60.0

    /// The duration in seconds.
    public var duration: Double
    /// The tone's frequency in hertz.
    public var frequency: Double
    /// Samples per second.
    public var sampleRate: Int

    /// Creates a placeholder sound.
    ///
    /// - Parameters:
    ///   - duration: Seconds, above 0 and at most ``maximumDuration``. The default is 0.5.
    ///   - frequency: Hertz, above 0 and below half the sample rate. The default is 440.
    ///   - sampleRate: Samples per second, 8,000 to 192,000. The default is 44,100.
    /// - Throws: ``PlaceholderError`` for values out of range.
    public init(duration: Double = 0.5, frequency: Double = 440, sampleRate: Int = 44_100) throws(PlaceholderError) {
        guard duration > 0, duration <= Self.maximumDuration else {
            throw .invalidParameter(
                name: "duration", value: "\(duration)", expected: "seconds above 0 and at most \(Self.maximumDuration)")
        }
        guard (8_000...192_000).contains(sampleRate) else {
            throw .invalidParameter(
                name: "sampleRate", value: "\(sampleRate)", expected: "8000 to 192000 samples per second")
        }
        guard frequency > 0, frequency < Double(sampleRate) / 2 else {
            throw .invalidParameter(
                name: "frequency", value: "\(frequency)", expected: "hertz above 0 and below half the sample rate")
        }
        self.duration = duration
        self.frequency = frequency
        self.sampleRate = sampleRate
    }

    /// The sound as a RIFF/WAVE file.
    ///
    /// - Returns: The WAV bytes.
    public func wavData() -> Data {
        let count = Int((duration * Double(sampleRate)).rounded())
        var samples = [UInt8]()
        samples.reserveCapacity(count * 2)
        for index in 0..<count {
            let value = sin(2 * Double.pi * frequency * Double(index) / Double(sampleRate)) * 0.5 * Double(Int16.max)
            samples.appendLittleEndian(Int16(value.rounded()))
        }
        var wav = Array("RIFF".utf8)
        wav.appendLittleEndian(UInt32(36 + samples.count))
        wav += Array("WAVEfmt ".utf8)
        wav.appendLittleEndian(UInt32(16))
        wav.appendLittleEndian(UInt16(1))  // PCM
        wav.appendLittleEndian(UInt16(1))  // mono
        wav.appendLittleEndian(UInt32(sampleRate))
        wav.appendLittleEndian(UInt32(sampleRate * 2))
        wav.appendLittleEndian(UInt16(2))
        wav.appendLittleEndian(UInt16(16))
        wav += Array("data".utf8)
        wav.appendLittleEndian(UInt32(samples.count))
        wav += samples
        return Data(wav)
    }
}
