import ContentTypes
import Foundation
import LinkPreviews
import Testing
import TransferKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The class "a recursive parser or evaluator without a bound", tested as a class: every entry
/// point that reads user or network input, through the library and through `transfer`, fed
/// 1,000,000 levels of the nesting it reads (parentheses, `NOT`, arrays, objects, elements, RTF
/// groups, …), must end with its documented error — in bounded time and memory, without a crash.
///
/// The tool's table runs the `transfer` executable under a wrapper that reports its peak memory and
/// time. `swift test` runs it against the debug build; CI runs it again against the release build
/// (`TRANSFERKIT_NESTING_EXECUTABLE=.build/release/transfer`), whose smaller stack frames a missing
/// bound cannot hide behind.
enum Nesting {
    /// How deep every case nests.
    static let levels = 1_000_000

    static func repeated(_ text: String, _ count: Int = levels) -> String {
        String(repeating: text, count: count)
    }

    /// `[[[…]]]`, `levels` deep.
    static let arrays = repeated("[") + repeated("]")
    /// `{"a":{"a":…}}`.
    static let objects = repeated(#"{"a":"#) + "1" + repeated("}")

    static func plist(_ body: String) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"# + body + "</plist>"
    }

    /// An Info.plist whose share extension's activation rule is `predicate`.
    static func infoPlist(predicate: String) -> Data {
        let escaped = predicate.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return Data(
            plist(
                "<dict><key>CFBundleIdentifier</key><string>com.example.share</string><key>NSExtension</key><dict>"
                    + "<key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>"
                    + "<key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key><string>"
                    + escaped + "</string></dict></dict></dict>"
            ).utf8)
    }

    /// Each way an activation predicate nests.
    static let predicates: [(name: String, predicate: String)] = [
        ("parentheses", repeated("(") + "TRUEPREDICATE" + repeated(")")),
        ("NOT", repeated("NOT ") + "TRUEPREDICATE"),
        ("!", repeated("!") + "TRUEPREDICATE"),
        ("lists", repeated("{") + "1" + repeated("}") + " == 1"),
        ("SUBQUERY", repeated("SUBQUERY(extensionItems, $e, ") + "TRUEPREDICATE" + repeated(").@count >= 0")),
    ]

    /// A binary property list of `levels` arrays, each holding the next (the last empty), with
    /// 3-byte object references.
    static func binaryPropertyListChain(levels: Int = levels) -> Data {
        var objects = Data()
        var offsets: [Int] = []
        for index in 0..<levels {
            offsets.append(8 + objects.count)
            if index == levels - 1 {
                objects.append(0xA0)  // an empty array
            } else {
                let next = index + 1
                objects.append(contentsOf: [0xA1, UInt8(next >> 16), UInt8(next >> 8 & 0xFF), UInt8(next & 0xFF)])
            }
        }
        var data = Data("bplist00".utf8) + objects
        let offsetTable = data.count
        for offset in offsets {
            data.append(contentsOf: [
                UInt8(offset >> 24 & 0xFF), UInt8(offset >> 16 & 0xFF), UInt8(offset >> 8 & 0xFF), UInt8(offset & 0xFF),
            ])
        }
        // The trailer: 6 unused bytes, offset size 4, reference size 3, object count, top object,
        // offset table offset.
        data.append(contentsOf: [0, 0, 0, 0, 0, 0, 4, 3])
        for value in [UInt64(levels), 0, UInt64(offsetTable)] {
            withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// A binary property list of one array that holds itself.
    static let binaryPropertyListCycle: Data = {
        var data = Data("bplist00".utf8)
        data.append(contentsOf: [0xA1, 0x00])  // object 0: an array of object 0
        data.append(0x08)  // the offset table: object 0 at byte 8
        data.append(contentsOf: [0, 0, 0, 0, 0, 0, 1, 1])
        for value in [UInt64(1), 0, UInt64(10)] { withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) } }
        return data
    }()

    /// UTF-16, little-endian, with its byte-order mark.
    static func utf16(_ text: String) -> Data {
        Data([0xFF, 0xFE]) + Data(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    }
}

@Suite("Nesting, as a class: the library's entry points at a million levels")
struct NestingLibraryTests {
    /// An entry point of the library, fed `levels` of its nesting, and the words of its error
    /// (`nil`: it reads what it can and succeeds, its bound silent by design).
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let words: String?
        let run: @Sendable () async throws -> Void
        var testDescription: String { name }
    }

    private struct Record: Codable { var funFacts: [String] }

    static let cases: [Case] =
        [
            Case(name: "JSONTextDecoder: arrays", words: "more than 512 levels of nesting") {
                _ = try JSONTextDecoder().decode([String].self, from: Data(Nesting.arrays.utf8))
            },
            Case(name: "JSONTextDecoder: objects", words: "more than 512 levels of nesting") {
                _ = try JSONTextDecoder().decode([String: String].self, from: Data(Nesting.objects.utf8))
            },
            Case(name: "CSVDecoder: a JSON field", words: "funFacts") {
                let csv = "funFacts\r\n\"" + Nesting.arrays + "\"\r\n"
                _ = try CSVDecoder().decode([Record].self, from: Data(csv.utf8))
            },
            Case(name: "UTType declarations: JSON", words: "more than 512 levels of nesting") {
                _ = try UTType.registerDeclarations(
                    from: Data((#"{"UTExportedTypeDeclarations":"# + Nesting.arrays + "}").utf8))
            },
            Case(name: "UTType declarations: XML arrays", words: "more than 512 levels deep") {
                _ = try UTType.registerDeclarations(
                    from: Data(Nesting.plist(Nesting.repeated("<array>") + Nesting.repeated("</array>")).utf8))
            },
            Case(name: "UTType declarations: nested <plist>", words: "more than 512 levels deep") {
                _ = try UTType.registerDeclarations(
                    from: Data(
                        Nesting.plist(Nesting.repeated("<plist>") + "<true/>" + Nesting.repeated("</plist>")).utf8))
            },
            Case(name: "UTType declarations: closing tags in comments", words: "more than 512 levels deep") {
                let body = Nesting.repeated("<array><!--</array>-->") + Nesting.repeated("</array>")
                _ = try UTType.registerDeclarations(from: Data(Nesting.plist(body).utf8))
            },
            Case(name: "Info.plist: XML arrays", words: "more than 512 levels deep") {
                let body = Nesting.repeated("<array>") + Nesting.repeated("</array>")
                _ = try ReceiverProfile.parse(infoPlist: Data(Nesting.plist(body).utf8))
            },
            Case(name: "Info.plist: UTF-16 arrays", words: "more than 512 levels deep") {
                let body = Nesting.repeated("<array>") + Nesting.repeated("</array>")
                let text = #"<?xml version="1.0" encoding="UTF-16"?><plist version="1.0">"# + body + "</plist>"
                _ = try ReceiverProfile.parse(infoPlist: Nesting.utf16(text))
            },
            Case(name: "Info.plist: a binary chain of arrays", words: "more than 512 levels deep") {
                _ = try ReceiverProfile.parse(infoPlist: Nesting.binaryPropertyListChain())
            },
            Case(name: "Info.plist: a binary array that holds itself", words: "more than 512 levels deep") {
                _ = try ReceiverProfile.parse(infoPlist: Nesting.binaryPropertyListCycle)
            },
            Case(name: "activation rule, JSON: arrays", words: "more than 512 levels of nesting") {
                _ = try ReceiverProfile.parse(
                    activationRule: Data(("{\"a\":" + Nesting.arrays + "}").utf8), name: "E", identifier: "e")
            },
            Case(name: "web app manifest: arrays", words: "more than 512 levels of nesting") {
                _ = try ReceiverProfile.parse(webAppManifest: Data(("{\"share_target\":" + Nesting.arrays + "}").utf8))
            },
            Case(name: "receiver profiles (JSON): arrays", words: "more than 512 levels of nesting") {
                _ = try ReceiverProfile.load(from: Data(Nesting.arrays.utf8))
            },
            Case(name: "Android manifest: elements", words: "no activity") {
                let xml = "<manifest>" + Nesting.repeated("<a>") + Nesting.repeated("</a>") + "</manifest>"
                _ = try ReceiverProfile.parse(androidManifest: Data(xml.utf8))
            },
            Case(name: "RTF: groups", words: "nests groups more than 512 levels deep") {
                let rtf = #"{\rtf1 "# + Nesting.repeated("{") + "x" + Nesting.repeated("}") + "}"
                _ = try await AttributedString(importing: Data(rtf.utf8), contentType: .rtf)
            },
            Case(name: "link preview: JSON-LD arrays", words: nil) {
                let html = #"<title>T</title><script type="application/ld+json">"# + Nesting.arrays + "</script>"
                let metadata = try LinkMetadata(html: html, url: URL(string: "https://example.com/")!)
                #expect(metadata.title == "T")
            },
            Case(name: "link preview: microdata items", words: nil) {
                let html =
                    "<title>T</title>"
                    + Nesting.repeated(#"<div itemscope itemtype="https://schema.org/Thing" itemprop="x">"#, 100_000)
                let metadata = try LinkMetadata(html: html, url: URL(string: "https://example.com/")!)
                #expect(metadata.title == "T")
            },
            Case(name: "link preview: elements", words: nil) {
                let html = "<title>T</title>" + Nesting.repeated("<svg>") + Nesting.repeated("<div>")
                let metadata = try LinkMetadata(html: html, url: URL(string: "https://example.com/")!)
                #expect(metadata.title == "T")
            },
        ]
        + Nesting.predicates.flatMap { name, predicate in
            [
                Case(name: "activation predicate: \(name)", words: "nests more than 256 levels deep") {
                    _ = try ReceiverProfile.parse(activationRulePredicate: predicate, name: "E", identifier: "e")
                },
                Case(name: "Info.plist predicate: \(name)", words: "nests more than 256 levels deep") {
                    _ = try ReceiverProfile.parse(infoPlist: Nesting.infoPlist(predicate: predicate))
                },
                Case(name: "a profile's predicate, negotiated: \(name)", words: nil) {
                    var activation = ReceiverActivation(accepts: [.wildcard()])
                    activation.predicate = predicate
                    let profile = ReceiverProfile(name: "E", identifier: "e", platform: "iOS", activation: activation)
                    let plan = Negotiator().plan([ShareItem("text")], for: profile)
                    #expect(!plan.isOffered)
                    #expect(plan.activation.first?.contains("nests more than 256 levels deep") == true)
                },
            ]
        }

    @Test(arguments: cases)
    func aMillionLevels(_ entry: Case) async {
        do {
            try await entry.run()
            #expect(entry.words == nil, "expected an error saying \(entry.words ?? "")")
        } catch {
            let said = "\(error)" + ((error as? DecodingError)?.readableDescription ?? "")
            #expect(entry.words.map { said.contains($0) } == true, "\(said.prefix(600))")
        }
    }
}

@Suite("Nesting, as a class: every command of transfer at a million levels", .serialized)
struct NestingCommandTests {
    /// A command fed `levels` of nesting, and what it must exit with and say.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        var files: [String: Data] = [:]
        var standardInput: Data? = nil
        let status: Int32
        /// Words the message must hold; empty for a command that succeeds.
        let words: String
        var testDescription: String { name }
    }

    static let cases: [Case] =
        [
            Case(
                name: "convert JSON", arguments: ["convert", "{d}/in.json", "--to", "csv"],
                files: ["in.json": Data(Nesting.arrays.utf8)], status: 65, words: "more than 512 levels of nesting"),
            Case(
                name: "convert JSON, whole", arguments: ["convert", "{d}/in.json", "--to", "csv", "--whole"],
                files: ["in.json": Data(Nesting.arrays.utf8)], status: 65, words: "more than 512 levels of nesting"),
            Case(
                name: "convert JSON from standard input", arguments: ["convert", "-", "--from", "json", "--to", "csv"],
                standardInput: Data(Nesting.arrays.utf8), status: 65, words: "more than 512 levels of nesting"),
            Case(
                name: "convert JSON Lines", arguments: ["convert", "{d}/in.jsonl", "--to", "csv"],
                files: ["in.jsonl": Data((Nesting.objects + "\n").utf8)], status: 65,
                words: "more than 512 levels of nesting"),
            Case(
                name: "convert a profile", arguments: ["convert", "{d}/p.json", "--model", "Profile", "--to", "csv"],
                files: ["p.json": Data((#"{"funFacts":"# + Nesting.arrays + "}").utf8)], status: 65,
                words: "more than 512 levels of nesting"),
            Case(
                name: "types: JSON declarations", arguments: ["types", "list", "--declarations", "{d}/t.json"],
                files: ["t.json": Data((#"{"a":"# + Nesting.arrays + "}").utf8)], status: 65,
                words: "more than 512 levels of nesting"),
            Case(
                name: "types: XML declarations", arguments: ["types", "list", "--declarations", "{d}/t.plist"],
                files: [
                    "t.plist": Data(
                        Nesting.plist(Nesting.repeated("<dict><key>a</key>") + Nesting.repeated("</dict>")).utf8)
                ],
                status: 65, words: "more than 512 levels deep"),
            Case(
                name: "types: nested <plist>", arguments: ["types", "list", "--declarations", "{d}/t.plist"],
                files: [
                    "t.plist": Data(
                        Nesting.plist(Nesting.repeated("<plist>") + "<true/>" + Nesting.repeated("</plist>")).utf8)
                ],
                status: 65, words: "more than 512 levels deep"),
            Case(
                name: "receivers: Info.plist arrays", arguments: ["receivers", "list", "--profiles", "{d}/Info.plist"],
                files: [
                    "Info.plist": Data(Nesting.plist(Nesting.repeated("<array>") + Nesting.repeated("</array>")).utf8)
                ],
                status: 65, words: "more than 512 levels deep"),
            Case(
                name: "receivers: Info.plist, binary chain",
                arguments: ["receivers", "list", "--profiles", "{d}/Info.plist"],
                files: ["Info.plist": Nesting.binaryPropertyListChain()], status: 65, words: "more than 512 levels deep"
            ),
            Case(
                name: "receivers: JSON profiles", arguments: ["receivers", "list", "--profiles", "{d}/r.json"],
                files: ["r.json": Data(Nesting.arrays.utf8)], status: 65, words: "more than 512 levels of nesting"),
            Case(
                name: "receivers: web app manifest",
                arguments: ["receivers", "list", "--profiles", "{d}/app.webmanifest"],
                files: ["app.webmanifest": Data((#"{"share_target":"# + Nesting.arrays + "}").utf8)], status: 65,
                words: "more than 512 levels of nesting"),
            Case(
                name: "receivers: Android manifest",
                arguments: ["receivers", "list", "--profiles", "{d}/AndroidManifest.xml"],
                files: [
                    "AndroidManifest.xml": Data(
                        ("<manifest>" + Nesting.repeated("<a>") + Nesting.repeated("</a>") + "</manifest>").utf8)
                ], status: 65, words: "no activity"),
            Case(
                name: "preview: JSON-LD and elements",
                arguments: ["preview", "{d}/page.html", "--url", "https://example.com/"],
                files: [
                    "page.html": Data(
                        (#"<title>Deep</title><script type="application/ld+json">"# + Nesting.arrays + "</script>"
                            + Nesting.repeated("<div>") + Nesting.repeated("<svg>")).utf8)
                ], status: 0, words: ""),
        ]
        + Nesting.predicates.map { name, predicate in
            Case(
                name: "negotiate: Info.plist predicate, \(name)",
                arguments: ["negotiate", "--receiver", "{d}/Info.plist", "--offer", "public.plain-text"],
                files: ["Info.plist": Nesting.infoPlist(predicate: predicate)], status: 65,
                words: "nests more than 256 levels deep")
        }

    /// The executable under test: the release build in CI, the debug build beside the tests otherwise.
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["TRANSFERKIT_NESTING_EXECUTABLE"] {
            return URL(fileURLWithPath: path)
        }
        return executableURL
    }()

    @Test(arguments: cases)
    func aMillionLevels(_ entry: Case) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nesting-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, contents) in entry.files { try contents.write(to: directory.appendingPathComponent(name)) }
        if let input = entry.standardInput { try input.write(to: directory.appendingPathComponent("stdin")) }
        let arguments = entry.arguments.map { $0.replacingOccurrences(of: "{d}", with: directory.path) }
        let result = try await measured(
            arguments, standardInput: entry.standardInput.map { _ in directory.appendingPathComponent("stdin") })
        #expect(result.status == entry.status, "\(result.error.prefix(600))")
        #expect(entry.words.isEmpty || result.error.contains(entry.words), "\(result.error.prefix(600))")
        // Bounded: no crash (a signal would show as 128 + n), well under a GiB, well under a minute.
        #expect(result.peakMemory < 1 << 30, "peak memory \(result.peakMemory >> 20) MiB")
        #expect(result.seconds < 60, "\(result.seconds) s")
    }

    struct Measured: Sendable {
        let status: Int32
        let error: String
        let peakMemory: Int
        let seconds: Double
    }

    /// Runs the executable under a Python wrapper that waits for it with `wait4` and reports its
    /// peak resident memory and its time on the last line of standard error.
    func measured(_ arguments: [String], standardInput: URL?) async throws -> Measured {
        let wrapper = """
            import os, subprocess, sys, time
            start = time.monotonic()
            stdin = open(sys.argv[1], 'rb') if sys.argv[1] else subprocess.DEVNULL
            child = subprocess.Popen(sys.argv[2:], stdin=stdin, stdout=subprocess.DEVNULL)
            _, status, usage = os.wait4(child.pid, 0)
            code = os.waitstatus_to_exitcode(status)
            sys.stderr.write('\\nmeasured %d %d %f\\n' % (code if code >= 0 else 128 - code, usage.ru_maxrss * 1024, time.monotonic() - start))
            """
        let result = try await runProgram(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", wrapper, standardInput?.path ?? "", Self.executable.path] + arguments
        ).error
        let lines = result.split(separator: "\n")
        let last = try #require(lines.last { $0.hasPrefix("measured ") }).split(separator: " ")
        return Measured(
            status: Int32(last[1]) ?? -1, error: result, peakMemory: Int(last[2]) ?? .max,
            seconds: Double(last[3]) ?? .infinity)
    }
}
