import ContentTypes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Content-type lookups against a plain `Dictionary<String, String>` of the same keys.
enum ContentTypeBenchmarks {
    /// Extensions and MIME types as a server sees them: mostly common, already lower case.
    static let extensions = [
        "png", "jpeg", "jpg", "gif", "html", "css", "js", "json", "txt", "csv", "pdf", "zip", "mp4", "mov",
        "mp3", "wav", "svg", "xml", "tar", "gz", "heic", "webp", "swift", "c", "h", "py", "rb", "yaml", "plist", "doc",
        "docx", "xlsx",
    ]
    static let mimeTypes = [
        "image/png", "image/jpeg", "image/gif", "text/html", "text/css", "text/javascript", "application/json",
        "text/plain", "text/csv", "application/pdf", "application/zip", "video/mp4", "video/quicktime", "audio/mpeg",
        "image/svg+xml", "application/xml", "application/gzip", "image/webp", "audio/wav", "image/heic",
    ]

    static func run() -> [String] {
        var lines: [String] = []
        let extensionKeys = extensions.map { $0.lowercased() }
        let mimeKeys = mimeTypes.map { $0.lowercased() }

        // Baseline: a plain dictionary from the same keys to identifiers.
        var extensionDictionary: [String: String] = [:]
        for key in extensionKeys {
            guard let type = UTType(filenameExtension: key), type.isDeclared else {
                fatalError("\(key) is not declared")
            }
            extensionDictionary[key] = type.identifier
        }
        var mimeDictionary: [String: String] = [:]
        for key in mimeKeys {
            guard let type = UTType(mimeType: key), type.isDeclared else { fatalError("\(key) is not declared") }
            mimeDictionary[key] = type.identifier
        }

        let iterations = 20_000
        let dictionaryExtension = measure(
            "Dictionary<String, String> lookup (extension keys)", iterations: iterations,
            operationsPerIteration: extensionKeys.count
        ) {
            for key in extensionKeys { blackHole(extensionDictionary[key]) }
        }
        let ourExtension = measure(
            "UTType(filenameExtension:)", iterations: iterations, operationsPerIteration: extensionKeys.count
        ) {
            for key in extensionKeys { blackHole(UTType(filenameExtension: key)) }
        }
        let dictionaryMIME = measure(
            "Dictionary<String, String> lookup (MIME keys)", iterations: iterations,
            operationsPerIteration: mimeKeys.count
        ) {
            for key in mimeKeys { blackHole(mimeDictionary[key]) }
        }
        let ourMIME = measure("UTType(mimeType:)", iterations: iterations, operationsPerIteration: mimeKeys.count) {
            for key in mimeKeys { blackHole(UTType(mimeType: key)) }
        }
        let dynamic = measure(
            "UTType(filenameExtension:) for an unknown extension (makes a dyn. type)", iterations: iterations * 10
        ) {
            blackHole(UTType(filenameExtension: "md"))
        }
        let declared = UTType.declaredTypes
        let pairs = (0..<256).map { index in
            (declared[(index * 7919) % declared.count], declared[(index * 104729) % declared.count])
        }
        let conformance = measure(
            "conforms(to:) between declared types", iterations: iterations, operationsPerIteration: pairs.count
        ) {
            for (type, supertype) in pairs { blackHole(type.conforms(to: supertype)) }
        }
        let knownConformance = measure("conforms(to:) png → data", iterations: iterations * 100) {
            blackHole(UTType.png.conforms(to: .data))
        }

        lines.append("| operation | median | min | max | ratio to baseline |")
        lines.append("|---|---|---|---|---|")
        func row(_ measurement: Measurement, baseline: Measurement?) {
            let ratio = baseline.map { format2(measurement.median / $0.median) + "×" } ?? "—"
            lines.append(
                "| \(measurement.name) | \(formatNanoseconds(measurement.median)) | \(formatNanoseconds(measurement.minimum)) | \(formatNanoseconds(measurement.maximum)) | \(ratio) |"
            )
        }
        row(dictionaryExtension, baseline: nil)
        row(ourExtension, baseline: dictionaryExtension)
        row(dictionaryMIME, baseline: nil)
        row(ourMIME, baseline: dictionaryMIME)
        row(dynamic, baseline: nil)
        row(conformance, baseline: nil)
        row(knownConformance, baseline: nil)
        return lines
    }

    /// The cost of the first lookup in a fresh process, which builds the built-in indexes: run
    /// in a child process per sample.
    static func firstUse() -> Double {
        let start = ContinuousClock.now
        blackHole(UTType(filenameExtension: "png"))
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    }
}
