import Foundation
import TransferKit

/// `--profiles FILE` and `--receiver NAME|FILE`: receiver profiles from the built-in set and files.
enum ProfilesOption {
    /// `--profiles FILE`, repeatable.
    static let option = OptionDeclaration.repeated(
        "profiles", "FILE",
        help:
            "Receiver profiles to add, overriding built-in ones of the same name: a JSON file of profiles (one "
            + "object or an array), an Info.plist, an AndroidManifest.xml (every share activity and alias is a "
            + "receiver of its own) or a web app manifest.")

    /// The user's profiles from every `--profiles FILE`, then the built-in ones.
    static func load(_ arguments: inout Arguments, console: Console) throws -> [ReceiverProfile] {
        var profiles: [ReceiverProfile] = []
        for path in try arguments.values(option) {
            profiles += try readProfiles(path, console: console)
        }
        return profiles + ReceiverProfile.builtIn
    }

    static func lookup(_ name: String, in profiles: [ReceiverProfile]) throws -> ReceiverProfile {
        try ReceiverProfile.lookup(name, in: profiles)
    }

    /// Profiles from a file: JSON profiles, an `Info.plist`, an `AndroidManifest.xml` or a web app
    /// manifest, by extension and content.
    static func readProfiles(_ path: String, console: Console) throws -> [ReceiverProfile] {
        let url = URL(fileURLWithPath: path)
        let data = try InputFile.contents(of: path)
        do {
            switch url.pathExtension.lowercased() {
            case "plist":
                return [try warn(console, ReceiverProfile.parse(infoPlist: data), path)]
            case "xml":
                return try ReceiverProfile.parse(androidManifest: data).map { try warn(console, $0, path) }
            case "webmanifest":
                return [try warn(console, ReceiverProfile.parse(webAppManifest: data), path)]
            default:
                if let text = String(data: data, encoding: .utf8), text.contains("\"share_target\"") {
                    return [try warn(console, ReceiverProfile.parse(webAppManifest: data), path)]
                }
                return try ReceiverProfile.load(from: data, source: path)
            }
        } catch {
            // Said of the file, whatever the parser calls its source (ToolError(_:)).
            throw CommandFailure(error, input: path)
        }
    }

    /// Diagnostics of a declaration that was parsed go to the error stream as warnings.
    private static func warn(_ console: Console, _ parsed: ParsedReceiver, _ path: String) throws -> ReceiverProfile {
        for diagnostic in parsed.diagnostics {
            console.error(TransferTool.escapingControls("warning: \(path): \(diagnostic)") + "\n")
        }
        return parsed.profile
    }
}
