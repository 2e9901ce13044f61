import Foundation
import ProfileModels
import Synchronization
import TransferKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `transfer convert`: import through one representation, export through another.
enum ConvertCommand {
    static let command = Command(name: "convert", summary: "Convert data through a model's representations") { arguments, console in
        var arguments = arguments
        if arguments.wantsHelp {
            console.write(help)
            return
        }
        try TypesCommand.loadDeclarations(&arguments)
        if arguments.flag("list") {
            try arguments.finish()
            console.write(list())
            return
        }
        let target = try arguments.option("to")
        let source = try arguments.option("from")
        let modelName = try arguments.option("model") ?? "ProfilesArchive"
        let output = try arguments.option("o") ?? arguments.option("output")
        guard let input = arguments.positional() else { throw UsageError("missing the input file (or - for standard input)") }
        try arguments.finish()
        guard let target else { throw UsageError("missing --to csv|json|TYPE") }
        guard let model = models.first(where: { $0.name.lowercased() == modelName.lowercased() }) else {
            throw UsageError("unknown model '\(modelName)': expected one of \(models.map(\.name).joined(separator: ", "))")
        }

        let toType = try contentType(target)
        let fromType: UTType
        if let source {
            fromType = try contentType(source)
        } else if input == "-" {
            throw UsageError("give --from TYPE for standard input: there is no extension to infer it from")
        } else {
            let ext = URL(fileURLWithPath: input).pathExtension
            guard !ext.isEmpty, let type = UTType(filenameExtension: ext), type.isDeclared else {
                throw UsageError("cannot infer the content type of '\(input)' from its extension: give --from TYPE")
            }
            fromType = type
        }

        // The input is dropped once imported, so that it and the output are not in memory together.
        let box = InputBox(try readInput(input, console: console))
        let converted: Data
        do {
            converted = try await model.convert(box, fromType, toType)
        } catch let error as TransferError {
            throw ToolError(.dataError, "\(input): \(error.description)")
        }
        if let output, output != "-" {
            try writeAtomically(converted, to: output)
        } else {
            console.writeData(converted)
        }
    }

    static let help = """
        USAGE: transfer convert INPUT --to csv|json|TYPE [--from TYPE] [--model NAME] [-o OUTPUT]
               transfer convert --list

        Converts data by importing it through the model's representation for its content type and
        exporting it through the representation for the requested one.

        ARGUMENTS:
          INPUT               A file, or - for standard input.

        OPTIONS:
          --to csv|json|TYPE  The content type to produce: csv, json, or an identifier, .ext or type/subtype.
          --from TYPE         The input's content type; the default is inferred from INPUT's extension.
          --model NAME        The model to convert through (default: ProfilesArchive). See --list.
          -o, --output FILE   Write there instead of standard output: the file is written under a temporary
                              name and renamed, so it is complete or left untouched.
          --list              The models and their representations.
          --declarations FILE Custom type declarations to load first.

        EXAMPLE:
          transfer convert Examples/Profiles/profiles.csv --to json

        """

    /// The input bytes, handed over once.
    final class InputBox: Sendable {
        private let data: Mutex<Data?>

        init(_ data: Data) {
            self.data = Mutex(data)
        }

        /// The bytes; the box no longer holds them.
        func take() -> Data {
            data.withLock { data in
                defer { data = nil }
                return data ?? Data()
            }
        }
    }

    /// A model the tool converts through.
    struct Model: Sendable {
        let name: String
        let summary: String
        let exported: [UTType]
        let imported: [UTType]
        let convert: @Sendable (InputBox, UTType, UTType) async throws -> Data
    }

    static func model<T: Transferable>(_ type: T.Type, _ summary: String) -> Model {
        Model(
            name: String(describing: type), summary: summary,
            exported: T.exportedContentTypes(visibility: .ownProcess), imported: T.importedContentTypes()
        ) { input, from, to in
            let value = try await T(importing: input.take(), contentType: from)
            return try await value.exported(as: to)
        }
    }

    static let models: [Model] = [
        model(ProfilesArchive.self, "A collection of profiles (Apple's \"Meet Transferable\" sample)"),
        model(Profile.self, "One profile"),
    ]

    static func list() -> String {
        models.map { model in
            "\(model.name) — \(model.summary)\n"
                + "  imports: " + model.imported.map(\.identifier).joined(separator: ", ") + "\n"
                + "  exports: " + model.exported.map(\.identifier).joined(separator: ", ") + "\n"
        }.joined(separator: "\n")
    }

    static func contentType(_ name: String) throws -> UTType {
        switch name.lowercased() {
        case "csv": return .commaSeparatedText
        case "json": return .json
        case "tsv": return .tabSeparatedText
        default: return try TypesCommand.resolve(name)
        }
    }

    /// The input's bytes, with a progress bar on a terminal for large files.
    static func readInput(_ path: String, console: Console) throws -> Data {
        if path == "-" {
            return FileHandle.standardInput.readDataToEndOfFile()
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw ToolError(.noInput, "\(path): no such file")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let showsProgress = isatty(2) == 1 && size >= 8 << 20
        do {
            let data = try FileOperations.read(URL(fileURLWithPath: path)) { completed, total in
                guard showsProgress, total > 0 else { return }
                let width = 30
                let filled = Int(Double(width) * Double(completed) / Double(total))
                console.error("\r[\(String(repeating: "#", count: filled))\(String(repeating: " ", count: width - filled))] \(completed * 100 / total)%")
            }
            if showsProgress { console.error("\n") }
            return data
        } catch {
            throw ToolError(.noInput, "\(path): cannot be read (\(error))")
        }
    }

    /// Writes `data` to `path` through a temporary file in the same directory, renamed into place.
    static func writeAtomically(_ data: Data, to path: String) throws {
        let destination = URL(fileURLWithPath: path)
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, destination.path) == 0 else {
                throw ToolError(.cannotCreate, "\(path): cannot be written (\(String(cString: strerror(errno))))")
            }
        } catch let error as ToolError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw ToolError(.cannotCreate, "\(path): cannot be written (\(error.localizedDescription))")
        }
    }
}
