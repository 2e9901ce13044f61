#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One measured operation: its median cost and the spread across repeats.
struct Measurement {
    let name: String
    /// Nanoseconds per operation, one value per repeat.
    let samples: [Double]

    var median: Double { Measurement.median(samples) }
    var minimum: Double { samples.min() ?? 0 }
    var maximum: Double { samples.max() ?? 0 }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// Runs `body` `iterations` times per repeat, `repeats` times, after a warm-up, and reports the
/// median time per operation. `operationsPerIteration` divides the time when one call of `body`
/// performs several operations.
func measure(
    _ name: String,
    iterations: Int,
    operationsPerIteration: Int = 1,
    repeats: Int = 21,
    _ body: () -> Void
) -> Measurement {
    for _ in 0..<max(1, iterations / 10) { body() }
    var samples: [Double] = []
    for _ in 0..<repeats {
        let start = ContinuousClock.now
        for _ in 0..<iterations { body() }
        let elapsed = ContinuousClock.now - start
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        samples.append(nanoseconds / Double(iterations * operationsPerIteration))
    }
    return Measurement(name: name, samples: samples)
}

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Peak resident set size of this process, in bytes.
func peakResidentBytes() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    #if canImport(Darwin)
        return Int(usage.ru_maxrss)
    #else
        return Int(usage.ru_maxrss) * 1024
    #endif
}

/// Formats nanoseconds with a sensible unit.
func formatNanoseconds(_ value: Double) -> String {
    switch value {
    case ..<1_000: return String(format2(value)) + " ns"
    case ..<1_000_000: return format2(value / 1_000) + " µs"
    default: return format2(value / 1_000_000) + " ms"
    }
}

func format2(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < 2 { text += String(repeating: "0", count: 2 - decimals) }
    }
    return text
}
