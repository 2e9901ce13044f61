import Foundation
import Testing

/// Hostile inputs through every surface of the `transfer` tool — conversion inputs (CSV and JSON,
/// whole and streamed), standard input, files that are not files, output paths, arguments, type
/// declarations, receiver declarations, Accept headers — one class of problem per case.
///
/// Each case runs the built executable in a directory of its own, with `TMPDIR` pointing into it,
/// and `out.json` / `out.csv` already there from a "previous run". It checks the exit status, that
/// the message names the problem, that the previous output is untouched, that no file is left
/// beside it and that the temporary directory is empty.
///
/// Serialized: each case blocks a thread of the cooperative pool while the executable runs, and the
/// pool has one thread per core; run side by side, the cases would starve the asynchronous tests.
@Suite("transfer: hostile inputs", .serialized)
struct HostileInputCatalogueTests {
    @Test(arguments: HostileCase.catalogue)
    func hostileInput(_ hostile: HostileCase) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID())")
        let temporary = directory.appendingPathComponent(".tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, contents) in hostile.files {
            let url = directory.appendingPathComponent(name)
            if name.hasSuffix("/") {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } else {
                try contents.write(to: url)
            }
        }
        let previous = Data("previous".utf8)
        for output in ["out.json", "out.csv"] { try previous.write(to: directory.appendingPathComponent(output)) }
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()

        let arguments = hostile.arguments.map { $0.replacingOccurrences(of: "{d}", with: directory.path) }
        let result = try await transferExecutable(
            arguments, input: hostile.standardInput, environment: ["TMPDIR": temporary.path])

        #expect(result.status == hostile.status, "\(result.error)")
        #expect(result.error.contains(hostile.message), "\(result.error)")
        #expect(!result.error.contains("\u{1B}"), "a control character reached the terminal")
        if let absent = hostile.absent { #expect(!result.error.contains(absent), "\(result.error)") }
        for output in ["out.json", "out.csv"] {
            #expect(try Data(contentsOf: directory.appendingPathComponent(output)) == previous, "\(output) changed")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    @Test("the catalogue holds at least 100 cases, each named once")
    func catalogueSize() {
        #expect(HostileCase.catalogue.count >= 100)
        #expect(Set(HostileCase.catalogue.map(\.name)).count == HostileCase.catalogue.count)
    }
}

/// One hostile input: the command, the files it finds, what it must exit with and say.
struct HostileCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// The arguments; `{d}` stands for the case's directory.
    let arguments: [String]
    /// Files in the case's directory; a name ending in `/` is a directory.
    var files: [String: Data] = [:]
    var standardInput: Data? = nil
    let status: Int32
    /// Words the message must contain.
    let message: String
    /// Words it must not contain.
    var absent: String? = nil

    var testDescription: String { name }
}

// MARK: - The catalogue

extension HostileCase {
    static let catalogue: [HostileCase] =
        csvInputs + jsonInputs + standardInputs + filesThatAreNotFiles + outputs + argumentErrors + typeDeclarations
        + receiverDeclarations + linkPreviews

    private static let header = "id,name,bio,funFacts,video,portrait\r\n"
    private static let uuid = "55E5DADE-5DB2-4ACC-96C8-C4971393AE1E"
    private static let record = "\(uuid),Ann,Bio,\"[\"\"a\"\"]\",,\r\n"
    private static let usage: Int32 = 64
    private static let data: Int32 = 65
    private static let noInput: Int32 = 66
    private static let cannotCreate: Int32 = 73

    private static func utf8(_ text: String) -> Data { Data(text.utf8) }

    private static func utf16LittleEndian(_ text: String) -> Data {
        Data(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    }

    private static func utf16BigEndian(_ text: String) -> Data {
        Data(text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }

    private static func utf32LittleEndian(_ text: String) -> Data {
        Data(text.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8((scalar.value >> (8 * $0)) & 0xFF) } })
    }

    private static func propertyList(_ body: String) -> Data {
        utf8(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<plist version="1.0">"# + body + "</plist>")
    }

    private static func declarations(_ entries: String) -> Data {
        utf8(#"{"UTExportedTypeDeclarations": ["# + entries + "]}")
    }

    /// An XML document type defining `depth` entities, each ten of the one before.
    private static func entityBomb(depth: Int) -> String {
        var entities = #"<!ENTITY e0 "aaaaaaaaaa">"#
        for level in 1...depth {
            entities += "<!ENTITY e\(level) \"" + String(repeating: "&e\(level - 1);", count: 10) + "\">"
        }
        return entities
    }

    // MARK: Conversion inputs

    private static let csvProblems: [(String, Data, String)] = [
        (
            "NUL bytes", Data(repeating: 0, count: 1000),
            "expected a header naming id, name, bio, funFacts (and optionally video, portrait), found"
        ),
        (
            "one line of prose", utf8("Lorem ipsum dolor sit amet, consectetur.\n"),
            "found \"Lorem ipsum dolor sit amet\""
        ),
        ("UTF-16LE with a byte-order mark", Data([0xFF, 0xFE]) + utf16LittleEndian(header), "found UTF-16LE"),
        ("UTF-16BE with a byte-order mark", Data([0xFE, 0xFF]) + utf16BigEndian(header), "found UTF-16BE"),
        ("UTF-16LE without a byte-order mark", utf16LittleEndian(header), "found UTF-16LE"),
        ("UTF-32LE", Data([0xFF, 0xFE, 0, 0]) + utf32LittleEndian(header), "found UTF-32LE"),
        (
            "invalid UTF-8", utf8(header + "\(uuid),An") + Data([0xFF]) + utf8(",Bio,[],,\r\n"),
            "line 2, column 40: expected UTF-8 text, found the byte 0xff"
        ),
        (
            "an unterminated quote", utf8(header + "\(uuid),\"Ann,Bio,[],,\r\n"),
            "line 2, column 38: expected a closing quote"
        ),
        (
            "too few fields", utf8(header + "\(uuid),Ann\r\n"),
            "line 2, column 1: expected 6 fields (as in the header), found 2"
        ),
        (
            "too many fields", utf8(header + "\(uuid),Ann,Bio,[],,,extra\r\n"),
            "expected 6 fields (as in the header), found 7"
        ),
        ("a malformed UUID", utf8(header + "not-a-uuid,Ann,Bio,[],,\r\n"), "found \"not-a-uuid\" (at [0].id)"),
        ("an empty id", utf8(header + ",Ann,Bio,[],,\r\n"), "found \"\" (at [0].id)"),
        (
            "funFacts that are not JSON", utf8(header + "\(uuid),Ann,Bio,[oops,,\r\n"),
            "expected a JSON array of strings, found \"[oops\""
        ),
        (
            "funFacts nested 100,000 deep",
            utf8(header + "\(uuid),Ann,Bio," + String(repeating: "[", count: 100_000) + ",,\r\n"), "(at [0].funFacts)"
        ),
        (
            "a stray quote in a field", utf8(header + "\(uuid),An\"n,Bio,[],,\r\n"),
            "expected no quote inside an unquoted field"
        ),
        ("a header without a required column", utf8("id,name,funFacts\r\n"), "found \"id\", \"name\", \"funFacts\""),
        ("a misspelt header", utf8("id,nme,bio,funFacts,video,portrait\r\n"), "\"nme\""),
        (
            "a second byte-order mark, shown", Data([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF]) + utf8(header),
            #"found "\u{FEFF}id""#
        ),
        (
            "a zero-width space in the header, shown", utf8("id,na\u{200B}me,bio,funFacts,video,portrait\r\n"),
            #""na\u{200B}me""#
        ),
        (
            "text after a closing quote", utf8(header + "\(uuid),\"Ann\"x,Bio,[],,\r\n"),
            "expected a delimiter or the end of the line after a closing quote, found 'x'"
        ),
    ]

    static let csvInputs: [HostileCase] = [false, true].flatMap { streaming in
        csvProblems.map { name, contents, message in
            HostileCase(
                name: "CSV: \(name)\(streaming ? ", streamed" : "")",
                arguments: ["convert", "{d}/in.csv", "--to", "json", "-o", "{d}/out.json"]
                    + (streaming ? ["--stream"] : []),
                files: ["in.csv": contents], status: data, message: message)
        }
    }

    private static let validJSON = #"[{"id": "\#(uuid)", "name": "x", "bio": "", "funFacts": []}]"#

    private static let jsonProblems: [(String, Data, String)] = [
        ("truncated", utf8(#"[{"id": ""# + uuid), "a string that is never closed (line 1, column 9)"),
        ("an object, not an array", utf8(#"{"id": 1}"#), "expected '[' opening an array, found '{' (line 1, column 1)"),
        ("numbers, not profiles", utf8("[1, 2, 3]"), "expected an object at [0], found a number (line 1, column 2)"),
        (
            "a field of the wrong type", utf8(#"[{"id": "\#(uuid)", "name": 5, "bio": "", "funFacts": []}]"#),
            "expected a string at [0].name, found a number"
        ),
        ("a missing field", utf8(#"[{"id": "\#(uuid)", "bio": "", "funFacts": []}]"#), "missing \"name\" in [0]"),
        ("nested 100,000 deep", utf8(String(repeating: "[", count: 100_000)), "more than 512 levels of nesting"),
        ("NUL bytes", Data(repeating: 0, count: 100), "found U+0000 (line 1, column 1)"),
        (
            "UTF-16LE", Data([0xFF, 0xFE]) + utf16LittleEndian(validJSON),
            "the document is UTF-16LE; JSON must be UTF-8"
        ),
        (
            "invalid UTF-8", utf8(#"[{"id": ""#) + Data([0xFF]) + utf8(#""}]"#),
            "invalid UTF-8 (byte 0xFF) (line 1, column 10)"
        ),
        ("garbage after the array", utf8(validJSON + " x"), "expected nothing after the array, found 'x'"),
        (
            "a control character in a string", utf8("[{\"id\": \"a\u{01}b\"}]"),
            "a control character (U+0001) in a string"
        ),
        (
            "a lone surrogate escape", utf8(validJSON.replacingOccurrences(of: #""x""#, with: #""\ud800""#)),
            "a lone high surrogate"
        ),
        (
            "a number where an array belongs", utf8(validJSON.replacingOccurrences(of: "[]", with: "1e999")),
            "expected an array at [0].funFacts, found a number"
        ),
        ("an empty file", Data(), "unexpected end of input: expected '[' opening an array (line 1, column 1)"),
        (
            "only white space", utf8("  \n\t "),
            "unexpected end of input: expected '[' opening an array (line 2, column 3)"
        ),
        ("single quotes", utf8("[{'id': 1}]"), "expected a string key, found ''' (line 1, column 3)"),
        (
            "a trailing comma", utf8(String(validJSON.dropLast()) + ",]"),
            "(a trailing comma), found ']' (line 1, column 89)"
        ),
        // The first problem is reported: element 0 is not a profile, before the comma that follows it.
        ("a bad element, then a trailing comma", utf8("[1,]"), "expected an object at [0], found a number"),
        ("an unquoted key", utf8("[{id: 1}]"), "expected a string key, found 'i' (line 1, column 3)"),
    ]

    static let jsonInputs: [HostileCase] = [false, true].flatMap { streaming in
        jsonProblems.map { name, contents, message in
            HostileCase(
                name: "JSON: \(name)\(streaming ? ", streamed" : "")",
                arguments: ["convert", "{d}/in.json", "--to", "csv", "-o", "{d}/out.csv"]
                    + (streaming ? ["--stream"] : []),
                files: ["in.json": contents], status: data, message: message)
        }
    }

    // MARK: Standard input, files, outputs

    static let standardInputs: [HostileCase] = [
        HostileCase(
            name: "standard input: malformed CSV", arguments: ["convert", "-", "--from", "csv", "--to", "json"],
            standardInput: utf8(header + "\(uuid),\"x\r\n"), status: data,
            message: "-: line 2, column 38: expected a closing quote"),
        HostileCase(
            name: "standard input: truncated JSON", arguments: ["convert", "-", "--from", "json", "--to", "csv"],
            standardInput: utf8("[{"), status: data,
            message: "-: not valid JSON: unexpected end of input: expected a string key (line 1, column 3)"),
        HostileCase(
            name: "standard input: no --from", arguments: ["convert", "-", "--to", "json"],
            standardInput: Data(), status: usage, message: "give --from TYPE for standard input"),
        HostileCase(
            name: "standard input: UTF-16 CSV", arguments: ["convert", "-", "--from", "csv", "--to", "json"],
            standardInput: Data([0xFF, 0xFE]) + utf16LittleEndian(header), status: data, message: "found UTF-16LE"),
    ]

    static let filesThatAreNotFiles: [HostileCase] = [
        HostileCase(
            name: "input: missing", arguments: ["convert", "{d}/missing.csv", "--to", "json"], status: noInput,
            message: "missing.csv: no such file"),
        HostileCase(
            name: "input: missing, without an extension", arguments: ["convert", "{d}/missing", "--to", "json"],
            status: noInput, message: "missing: no such file"),
        HostileCase(
            name: "input: a directory", arguments: ["convert", "{d}/folder.csv", "--to", "json"],
            files: ["folder.csv/": Data()],
            status: noInput, message: "folder.csv: is a directory (expected a file)"),
    ]

    static let outputs: [HostileCase] = [
        HostileCase(
            name: "output: onto a directory", arguments: ["convert", "{d}/in.csv", "--to", "json", "-o", "{d}/folder"],
            files: ["in.csv": utf8(header + record), "folder/": Data()], status: cannotCreate,
            message: "folder: is a directory (expected a file to write)"),
        HostileCase(
            name: "output: into a missing directory",
            arguments: ["convert", "{d}/in.csv", "--to", "json", "-o", "{d}/missing/out.json"],
            files: ["in.csv": utf8(header + record)], status: cannotCreate,
            message: "missing/out.json: cannot be written (No such file or directory)"),
        HostileCase(
            name: "output: onto a device", arguments: ["convert", "{d}/in.csv", "--to", "json", "-o", "/dev/null"],
            files: ["in.csv": utf8(header + record)], status: cannotCreate, message: "/dev/null: is not a regular file"),
        HostileCase(
            name: "output: an empty path", arguments: ["convert", "{d}/in.csv", "--to", "json", "-o", ""],
            files: ["in.csv": utf8(header + record)], status: usage, message: "-o needs a file name"),
        HostileCase(
            name: "output: a path ending in a slash",
            arguments: ["convert", "{d}/in.csv", "--to", "json", "-o", "{d}/new/"],
            files: ["in.csv": utf8(header + record)], status: usage,
            message: "expected a file name, found a directory's (ending in /)"),
        HostileCase(
            name: "output: a name longer than the file system allows",
            arguments: ["convert", "{d}/in.csv", "--to", "json", "-o", "{d}/" + String(repeating: "n", count: 300)],
            files: ["in.csv": utf8(header + record)], status: cannotCreate, message: "cannot be written"),
        HostileCase(
            name: "output: the conversion fails, the previous output stays",
            arguments: ["convert", "{d}/in.csv", "--to", "json", "-o", "{d}/out.json"],
            files: ["in.csv": utf8(header + "x\r\n")], status: data, message: "expected 6 fields"),
        HostileCase(
            name: "output: a streamed conversion fails late, the previous output stays",
            arguments: ["convert", "{d}/in.csv", "--to", "json", "-o", "{d}/out.json", "--stream"],
            files: ["in.csv": utf8(header + String(repeating: record, count: 5000) + "x\r\n")], status: data,
            message: "line 5002, column 1: expected 6 fields"),
    ]

    // MARK: Arguments

    static let argumentErrors: [HostileCase] = [
        HostileCase(name: "arguments: none", arguments: [], status: usage, message: "missing command"),
        HostileCase(
            name: "arguments: an unknown command", arguments: ["frobnicate"], status: usage,
            message: "unknown command 'frobnicate'"),
        HostileCase(
            name: "arguments: an option instead of a command", arguments: ["--frob"], status: usage,
            message: "expected a command before '--frob'"),
        HostileCase(
            name: "arguments: escape sequences", arguments: ["\u{1B}[2Jx"], status: usage,
            message: #"unknown command '\u{1B}[2Jx'"#),
        HostileCase(
            name: "arguments: convert without --to", arguments: ["convert", "{d}/in.csv"],
            files: ["in.csv": utf8(header)], status: usage, message: "missing --to"),
        HostileCase(
            name: "arguments: --to without a value", arguments: ["convert", "{d}/in.csv", "--to"],
            files: ["in.csv": utf8(header)], status: usage, message: "--to needs a value"),
        HostileCase(
            name: "arguments: --to= empty", arguments: ["convert", "{d}/in.csv", "--to="],
            files: ["in.csv": utf8(header)], status: usage, message: "--to needs a content type"),
        HostileCase(
            name: "arguments: --to=json",
            arguments: ["convert", "{d}/in.csv", "--to=json", "-o", "{d}/out.json", "--from=bogus"],
            files: ["in.csv": utf8(header)], status: usage, message: "--from bogus: unknown type 'bogus'"),
        HostileCase(
            name: "arguments: --to twice", arguments: ["convert", "{d}/in.csv", "--to", "json", "--to", "csv"],
            files: ["in.csv": utf8(header)], status: usage, message: "--to is given more than once"),
        HostileCase(
            name: "arguments: --to an unknown type", arguments: ["convert", "{d}/in.csv", "--to", "bogus"],
            files: ["in.csv": utf8(header)], status: usage, message: "--to bogus: unknown type 'bogus'"),
        HostileCase(
            name: "arguments: an unknown option", arguments: ["convert", "{d}/in.csv", "--to", "json", "--bogus"],
            files: ["in.csv": utf8(header)], status: usage, message: "unknown option '--bogus'"),
        HostileCase(
            name: "arguments: an extra argument",
            arguments: ["convert", "{d}/in.csv", "{d}/other.csv", "--to", "json"], files: ["in.csv": utf8(header)],
            status: usage, message: "unexpected argument"),
        HostileCase(
            name: "arguments: an unknown model",
            arguments: ["convert", "{d}/in.csv", "--to", "json", "--model", "Nope"], files: ["in.csv": utf8(header)],
            status: usage, message: "unknown model 'Nope'"),
        HostileCase(
            name: "arguments: --stream and --whole together",
            arguments: ["convert", "-", "--from", "csv", "--to", "json", "--stream", "--whole"], standardInput: Data(),
            status: usage, message: "give --stream or --whole, not both"),
        HostileCase(
            name: "arguments: --stream through a model whose representations are not records",
            arguments: ["convert", "{d}/in.csv", "--to", "json", "--model", "Profile", "--stream"],
            files: ["in.csv": utf8(header)], status: usage,
            message: "its public.comma-separated-values-text representation is not a sequence of records"),
        HostileCase(
            name: "types show: an unknown type", arguments: ["types", "show", "com.example.unknown"], status: data,
            message: "unknown type 'com.example.unknown'"),
        HostileCase(
            name: "types show: no type", arguments: ["types", "show"], status: usage,
            message: "missing the type to show"),
        HostileCase(
            name: "types lookup: no tag", arguments: ["types", "lookup"], status: usage,
            message: "give exactly one of --extension and --mime"),
        HostileCase(
            name: "types lookup: two tags",
            arguments: ["types", "lookup", "--extension", "png", "--mime", "image/png"], status: usage,
            message: "give exactly one of --extension and --mime"),
        HostileCase(
            name: "types lookup: a malformed MIME type", arguments: ["types", "lookup", "--mime", "not a mime"],
            status: data, message: "is not a valid MIME type (expected type/subtype)"),
        HostileCase(
            name: "types tree: an unknown format", arguments: ["types", "tree", "--format", "xml"], status: usage,
            message: "--format expects one of text, dot, found 'xml'"),
        HostileCase(
            name: "types list: --format twice", arguments: ["types", "list", "--format", "tsv", "--format=json"],
            status: usage, message: "--format is given more than once"),
        HostileCase(
            name: "types: an unknown subcommand", arguments: ["types", "frob"], status: usage,
            message: "unknown subcommand 'types frob'"),
        HostileCase(
            name: "negotiate: no offer", arguments: ["negotiate", "--receiver", "X"], status: usage,
            message: "give at least one --offer"),
        HostileCase(
            name: "negotiate: no receiver", arguments: ["negotiate", "--offer", "public.png"], status: usage,
            message: "give exactly one of --receiver, --accept, --accepts and --accept-any"),
        HostileCase(
            name: "negotiate: an unknown form",
            arguments: ["negotiate", "--receiver", "X", "--offer", "public.png:bogus"], status: usage,
            message: "expected a form of data, file or value after ':', found 'bogus'"),
        HostileCase(
            name: "negotiate: an unknown policy",
            arguments: ["negotiate", "--receiver", "X", "--offer", "public.png", "--policy", "bogus"], status: usage,
            message: "--policy expects one of sender, receiver, product, found 'bogus'"),
        HostileCase(
            name: "negotiate: an item without offers",
            arguments: ["negotiate", "--receiver", "X", "--item", "a", "--item", "b", "--offer", "public.png"],
            status: usage, message: "--item a has no --offer"),
        HostileCase(
            name: "negotiate: a malformed identifier",
            arguments: ["negotiate", "--receiver", "X", "--offer", "not an identifier"], status: data,
            message: "unknown type 'not an identifier'"),
        HostileCase(
            name: "negotiate: a malformed MIME parameter",
            arguments: ["negotiate", "--receiver", "X", "--offer", #"text/plain;charset="utf-8"#], status: data,
            message: "expected a closing quote for the value of 'charset'"),
        HostileCase(
            name: "negotiate: an unknown receiver, named once",
            arguments: ["negotiate", "--receiver", "Nope", "--offer", "public.png"], status: data,
            message: "Nope: no receiver profile is named 'Nope'; known: Photos", absent: "Nope: Nope"),
        HostileCase(
            name: "receivers show: an unknown receiver", arguments: ["receivers", "show", "Nope"], status: data,
            message: "no receiver profile is named 'Nope'"),
        HostileCase(
            name: "receivers list: --profiles missing",
            arguments: ["receivers", "list", "--profiles", "{d}/missing.json"], status: noInput,
            message: "missing.json: no such file"),
        HostileCase(
            name: "Accept: empty", arguments: ["negotiate", "--accept", "", "--offer", "public.png"], status: data,
            message: "Accept: expected at least one media range"),
        HostileCase(
            name: "Accept: only separators", arguments: ["negotiate", "--accept", ",,;;", "--offer", "public.png"],
            status: data, message: "expected a media range type/subtype, type/* or */*"),
        HostileCase(
            name: "Accept: a weight above 1",
            arguments: ["negotiate", "--accept", "image/png;q=2", "--offer", "public.png"], status: data,
            message: "expected a weight q from 0 to 1 with at most three decimals, found '2'"),
        HostileCase(
            name: "Accept: a repeated weight, its only member: read with the first, and a warning",
            arguments: ["negotiate", "--accept", "image/png;q=0.5;q=1", "--offer", "public.png"], status: 0,
            message: "image/png;q=0.5;q=1: the weight q is given twice; the first, 0.5, is used"),
        HostileCase(
            name: "Accept: nothing usable left",
            arguments: ["negotiate", "--accept", "image/png;q=2, text/", "--offer", "public.png"], status: data,
            message: "expected a weight q from 0 to 1 with at most three decimals, found '2'"),
        HostileCase(
            name: "Accept: a byte-order mark before the range",
            arguments: ["negotiate", "--accept", "\u{FEFF}image/png", "--offer", "public.png"], status: data,
            message: "expected a media type type/subtype, found '\\u{FEFF}' (U+FEFF)"),
        HostileCase(
            name: "Accept: a subtype beyond ASCII",
            arguments: ["negotiate", "--accept", "image/pñg", "--offer", "public.png"], status: data,
            message: "image/pñg: expected ';' before a parameter, found 'ñ' (U+00F1)"),
    ]

    // MARK: Type declarations

    private static func typesList(_ name: String, file: String, _ contents: Data?, status: Int32, message: String)
        -> HostileCase
    {
        HostileCase(
            name: "declarations: \(name)", arguments: ["types", "list", "--declarations", "{d}/" + file],
            files: contents.map { [file: $0] } ?? [:], status: status, message: message)
    }

    static let typeDeclarations: [HostileCase] = [
        typesList("missing", file: "missing.plist", nil, status: noInput, message: "missing.plist: no such file"),
        typesList("a directory", file: "folder/", Data(), status: noInput, message: "is a directory (expected a file)"),
        typesList(
            "empty", file: "empty.plist", Data(), status: data,
            message: "expected a property list (XML or binary) or a JSON object, found an empty file"),
        typesList("prose", file: "prose.plist", utf8("hello world"), status: data, message: "found 'h'"),
        typesList("prose beyond ASCII", file: "prose.plist", utf8("élan"), status: data, message: "found 'é' (U+00E9)"),
        typesList(
            "truncated JSON", file: "t.json", utf8(#"{"UTExportedTypeDeclarations": [{"UTTypeIdentifier": "#),
            status: data, message: "not valid JSON: unexpected end of input: expected a value (line 1, column 54)"),
        typesList(
            "JSON of the wrong shape", file: "t.json", utf8(#"{"UTExportedTypeDeclarations": 5}"#), status: data,
            message: "expected an array at UTExportedTypeDeclarations, found a number (line 1, column 32)"),
        typesList(
            "a JSON array", file: "t.json", utf8("[1]"), status: data,
            message: "expected an object at the top level, found an array"),
        typesList(
            "JSON nested 100,000 deep", file: "t.json", utf8(#"{"a":"# + String(repeating: "[", count: 100_000)),
            status: data, message: "more than 512 levels of nesting"),
        typesList(
            "JSON in UTF-16", file: "t.json",
            Data([0xFF, 0xFE]) + utf16LittleEndian(#"{"UTExportedTypeDeclarations": []}"#), status: data,
            message: "found UTF-16LE text (JSON must be UTF-8)"),
        typesList(
            "XML nested 100,000 deep", file: "t.plist", propertyList(String(repeating: "<array>", count: 100_000)),
            status: data, message: "nests arrays and dictionaries more than 512 levels deep"),
        typesList(
            "truncated XML", file: "t.plist",
            propertyList("<dict><key>UTExportedTypeDeclarations</key><array>").dropLast(20), status: data,
            message: "not a valid property list"),
        typesList(
            "an XML entity bomb", file: "t.plist",
            utf8(
                "<?xml version=\"1.0\"?><!DOCTYPE plist [\(entityBomb(depth: 7))]><plist><dict><key>&e7;</key><string>x</string></dict></plist>"
            ), status: data, message: "not a valid property list"),
        typesList(
            "XML with bytes that are not UTF-8", file: "t.plist",
            propertyList("<dict><key>UTExportedTypeDeclarations</key><array><integer>") + Data([0xFF, 0xFE, 0])
                + utf8("</integer></array></dict>"), status: data,
            message: "expected UTF-8 text, found the byte 0xFF (line 2)"),
        typesList(
            "a corrupt binary property list", file: "t.plist", utf8("bplist00") + Data(repeating: 0xFF, count: 40),
            status: data, message: "not a valid property list"),
        typesList(
            "a parent that is not declared", file: "t.json",
            declarations(#"{"UTTypeIdentifier": "com.example.a", "UTTypeConformsTo": ["com.example.nothing"]}"#),
            status: data, message: "com.example.a: conforms to com.example.nothing, which is not declared"),
        typesList(
            "a cycle", file: "t.json",
            declarations(
                #"{"UTTypeIdentifier": "com.example.a", "UTTypeConformsTo": ["com.example.b"]}, {"UTTypeIdentifier": "com.example.b", "UTTypeConformsTo": ["com.example.a"]}"#
            ), status: data, message: "com.example.a: its conformances form a cycle through com.example.b"),
        typesList(
            "a type that is its own parent", file: "t.json",
            declarations(#"{"UTTypeIdentifier": "com.example.a", "UTTypeConformsTo": ["com.example.a"]}"#),
            status: data, message: "com.example.a: its conformances form a cycle through com.example.a"),
        typesList(
            "a type below a cycle", file: "t.json",
            declarations(
                #"{"UTTypeIdentifier": "com.example.a", "UTTypeConformsTo": ["com.example.b"]}, {"UTTypeIdentifier": "com.example.b", "UTTypeConformsTo": ["com.example.a"]}, {"UTTypeIdentifier": "com.example.c", "UTTypeConformsTo": ["com.example.a"]}"#
            ), status: data, message: "com.example.c: conforms to com.example.a, which could not be declared"),
        typesList(
            "a cycle of 50,000 types", file: "t.json",
            declarations(
                (0..<50_000).map {
                    #"{"UTTypeIdentifier": "com.example.y\#($0)", "UTTypeConformsTo": ["com.example.y\#(($0 + 1) % 50_000)"]}"#
                }.joined(separator: ",")), status: data,
            message: "com.example.y49999: its conformances form a cycle through com.example.y0"),
        typesList(
            "a malformed identifier", file: "t.json", declarations(#"{"UTTypeIdentifier": "has space"}"#), status: data,
            message: "has space: the character \" \" is not allowed"),
        typesList(
            "the dyn. prefix", file: "t.json", declarations(#"{"UTTypeIdentifier": "dyn.ah62d4rv4ge80"}"#),
            status: data, message: "the dyn. prefix is reserved for dynamic types"),
        typesList(
            "an identifier declared twice", file: "t.json",
            declarations(#"{"UTTypeIdentifier": "com.example.a"}, {"UTTypeIdentifier": "com.example.a"}"#),
            status: data, message: "declared more than once in the same batch"),
        typesList(
            "an extension with a slash", file: "t.json",
            declarations(
                #"{"UTTypeIdentifier": "com.example.a", "UTTypeTagSpecification": {"public.filename-extension": ["a/b"]}}"#
            ), status: data, message: "a filename extension cannot contain '/'"),
        typesList(
            "an entry of the wrong type", file: "t.json", declarations(#""com.example.a""#), status: data,
            message: "expected an object at UTExportedTypeDeclarations[0], found a string"),
        typesList(
            "neither list", file: "t.json", utf8(#"{"Other": []}"#), status: data,
            message: "expected UTExportedTypeDeclarations or UTImportedTypeDeclarations, found neither"),
        typesList(
            "public.png exported again", file: "t.json", declarations(#"{"UTTypeIdentifier": "public.png"}"#),
            status: data, message: "public.png: is already exported by another declaration"),
        typesList(
            "an escape sequence in an identifier", file: "t.json",
            declarations(#"{"UTTypeIdentifier": "com.example.\u001b[2J"}"#), status: data,
            message: #"com.example.\u{1B}[2J"#),
    ]

    // MARK: Receiver declarations

    private static func receiver(_ name: String, file: String, _ contents: Data?, message: String, status: Int32 = data)
        -> HostileCase
    {
        HostileCase(
            name: "receiver: \(name)", arguments: ["negotiate", "--receiver", "{d}/" + file, "--offer", "public.png"],
            files: contents.map { [file: $0] } ?? [:], status: status, message: message)
    }

    private static func activationRule(_ rule: String) -> Data {
        propertyList(
            "<dict><key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key>\(rule)</dict></dict></dict>"
        )
    }

    /// `transfer preview` on pages and arguments that are not what they should be. None of them may
    /// touch the network: the URLs are private or not http(s), and files are read offline.
    static let linkPreviews: [HostileCase] = [
        HostileCase(
            name: "preview: a missing page", arguments: ["preview", "{d}/nope.html"], status: 66,
            message: "nope.html: no such file"),
        HostileCase(
            name: "preview: a directory", arguments: ["preview", "{d}/pages/"], files: ["pages/": Data()], status: 66,
            message: "is a directory"),
        HostileCase(name: "preview: no page", arguments: ["preview"], status: usage, message: "missing the page"),
        HostileCase(
            name: "preview: two pages", arguments: ["preview", "{d}/a.html", "{d}/b.html"], status: usage,
            message: "b.html"),
        HostileCase(
            name: "preview: a loopback URL", arguments: ["preview", "http://127.0.0.1:9/"], status: 77,
            message: "which is loopback"),
        HostileCase(
            name: "preview: a link-local URL (cloud metadata)",
            arguments: ["preview", "http://169.254.169.254/latest/meta-data/"], status: 77, message: "link-local"),
        HostileCase(
            name: "preview: localhost by name", arguments: ["preview", "http://localhost:9/"], status: 77,
            message: "resolves to"),
        HostileCase(
            name: "preview: an IPv4-mapped IPv6 loopback", arguments: ["preview", "http://[::ffff:127.0.0.1]:9/"],
            status: 77, message: "IPv4-mapped"),
        HostileCase(
            name: "preview: a decimal loopback address", arguments: ["preview", "http://2130706433/"], status: 77,
            message: "loopback"),
        HostileCase(
            name: "preview: a file: URL", arguments: ["preview", "file:///etc/passwd"], status: 77,
            message: "expected an http or https URL"),
        HostileCase(
            name: "preview: a javascript: URL", arguments: ["preview", "javascript:alert(1)"], status: 77,
            message: "expected an http or https URL"),
        HostileCase(
            name: "preview: an encoding browsers refuse", arguments: ["preview", "{d}/kr.html"],
            files: ["kr.html": utf8("<meta charset=iso-2022-kr><title>x</title>")], status: 65,
            message: "refuse to decode"),
        HostileCase(
            name: "preview: a bad --timeout", arguments: ["preview", "https://example.com/", "--timeout", "-1"],
            status: usage, message: "expected a number of seconds"),
        HostileCase(
            name: "preview: --cache with a file", arguments: ["preview", "{d}/a.html", "--cache", "{d}/cache"],
            files: ["a.html": utf8("<title>x</title>")], status: usage, message: "are for a URL"),
        HostileCase(
            name: "preview: --url that is not absolute", arguments: ["preview", "{d}/a.html", "--url", "/relative"],
            files: ["a.html": utf8("<title>x</title>")], status: usage, message: "expected an absolute URL"),
        HostileCase(
            name: "preview: escape sequences in a missing file's name", arguments: ["preview", "{d}/\u{1B}[2J.html"],
            status: 66, message: "no such file"),
    ]

    static let receiverDeclarations: [HostileCase] = [
        receiver("missing", file: "r.json", nil, message: "r.json: no such file", status: noInput),
        receiver("a directory", file: "r.json/", Data(), message: "is a directory (expected a file)", status: noInput),
        receiver(
            "truncated profile JSON", file: "r.json", utf8(#"{"name": "A", "accepts": ["#),
            message: "not valid JSON: unexpected end of input: expected a value (line 1, column 27)"),
        receiver(
            "a profile field of the wrong type", file: "r.json", utf8(#"{"name": 5}"#),
            message: "expected a string at name, found a number (line 1, column 10)"),
        receiver(
            "profile JSON nested 100,000 deep", file: "r.json", utf8(String(repeating: "[", count: 100_000)),
            message: "more than 512 levels of nesting"),
        receiver(
            "an array of numbers", file: "r.json", utf8("[1, 2]"), message: "expected an object at [0], found a number"),
        receiver(
            "an unknown form", file: "r.json",
            utf8(
                #"{"name": "A", "identifier": "a", "activation": {"accepts": [{"type": "public.png", "forms": ["bogus"]}]}}"#
            ), message: "expected one of the known values, found \"bogus\" at activation.accepts[0].forms[0]"),
        receiver(
            "an Info.plist nested 100,000 deep", file: "Info.plist",
            propertyList(String(repeating: "<array>", count: 100_000)),
            message: "nests arrays and dictionaries more than 512 levels deep"),
        // Found by Scripts/fuzz.sh infoplist: Foundation's XML integer reader traps on bytes that are not UTF-8.
        receiver(
            "an Info.plist with bytes that are not UTF-8 in an integer", file: "Info.plist",
            activationRule("<dict><key>NSExtensionActivationSupportsImageWithMaxCount</key><integer>")
                + Data([0, 0xFF, 0xFF, 0xFF, 0xFF, 0]) + utf8("</integer></dict></dict></dict></dict></plist>"),
            message: "expected UTF-8 text, found the byte 0xFF (line 2)"),
        receiver(
            "an Info.plist in Latin-1 as it declares", file: "Info.plist",
            utf8(
                #"<?xml version="1.0" encoding="ISO-8859-1"?><plist version="1.0"><dict><key>CFBundleName</key><string>Caf"#
            ) + Data([0xE9]) + utf8("</string></dict></plist>"), message: "unknown encoding"),
        receiver(
            "an Info.plist that is not a dictionary", file: "Info.plist", propertyList("<array/>"),
            message: "expected a dictionary at the top level"),
        receiver(
            "an Info.plist without an activation rule", file: "Info.plist", propertyList("<dict/>"),
            message: "missing NSExtensionActivationRule"),
        receiver(
            "a malformed predicate", file: "Info.plist", activationRule("<string>SUBQUERY(</string>"),
            message: "expected UTI-CONFORMS-TO or UTI-EQUALS comparisons, found none"),
        receiver(
            "an activation rule of the wrong type", file: "Info.plist", activationRule("<integer>5</integer>"),
            message: "expected a dictionary or a predicate string, found a number"),
        receiver(
            "an activation rule accepting nothing", file: "Info.plist",
            activationRule(
                "<dict><key>NSExtensionActivationSupportsImageWithMaxCount</key><integer>0</integer></dict>"),
            message: "accepts no content type"),
        receiver(
            "a malformed Android manifest", file: "AndroidManifest.xml", utf8("<manifest><application>"),
            message: "is not well-formed XML: expected </application>, found the end of the input"),
        receiver(
            "an Android manifest with no share intent", file: "AndroidManifest.xml",
            utf8(#"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application/></manifest>"#),
            message: "no activity has an intent filter for android.intent.action.SEND"),
        receiver(
            "an Android manifest entity bomb", file: "AndroidManifest.xml",
            utf8("<?xml version=\"1.0\"?><!DOCTYPE manifest [\(entityBomb(depth: 7))]><manifest>&e7;</manifest>"),
            message: "no activity has an intent filter"),
        receiver(
            "an Android manifest nested 100,000 deep", file: "AndroidManifest.xml",
            utf8(String(repeating: "<a>", count: 100_000)), message: "is not well-formed XML"),
        receiver(
            "a truncated web app manifest", file: "app.webmanifest", utf8(#"{"share_target": {"params": "#),
            message: "not valid JSON: unexpected end of input: expected a value (line 1, column 29)"),
        receiver(
            "a web app manifest without share_target", file: "app.webmanifest", utf8(#"{"name": "A"}"#),
            message: "expected a share_target object, found none"),
        receiver(
            "a web app manifest accepting nothing", file: "app.webmanifest",
            utf8(#"{"share_target": {"action": "/s", "params": {"files": [{"name": "f", "accept": ["bogus"]}]}}}"#),
            message: "share_target: accepts nothing"),
        receiver(
            "a web app manifest nested 100,000 deep", file: "app.webmanifest",
            utf8(#"{"share_target":"# + String(repeating: "[", count: 100_000)),
            message: "more than 512 levels of nesting"),
    ]
}
