import Foundation
import TransferKitTesting
import TransferSupport

/// `transfer placeholder`: a placeholder PNG or WAV from the parameters `PlaceholderURLProtocol`
/// takes, to a file or to standard output — for clients that are not Swift processes.
enum PlaceholderCommand {
    static let command = Command(name: "placeholder", summary: "Write a placeholder image (PNG) or sound (WAV)") {
        arguments, console in
        var arguments = arguments
        if arguments.wantsHelp {
            console.write(help)
            return
        }
        guard let kind = arguments.positional() else { throw UsageError("missing what to make: image or audio") }
        let output = try arguments.option("o") ?? arguments.option("output")
        let data: Data
        switch kind {
        case "image":
            let width = try integer(&arguments, "width", default: 250)
            let height = try integer(&arguments, "height", default: 250)
            let text = try arguments.option("text") ?? "dummy"
            let foreground = try arguments.option("fgcolor")
            let background = try arguments.option("bgcolor")
            try arguments.finish()
            data = try refusingBadParameters { () throws(PlaceholderError) -> Data in
                var image = try PlaceholderImage(width: width, height: height, text: text)
                if let foreground { image.foreground = try color(foreground, "fgcolor") }
                if let background { image.background = try color(background, "bgcolor") }
                return image.pngData()
            }
        case "audio":
            var written: [String: String] = [:]
            let duration = try number(&arguments, "duration", default: 0.5, written: &written)
            let frequency = try number(&arguments, "frequency", default: 440, written: &written)
            try arguments.finish()
            data = try refusingBadParameters(written: written) { () throws(PlaceholderError) -> Data in
                try PlaceholderAudio(duration: duration, frequency: frequency).wavData()
            }
        default:
            throw UsageError("'\(kind)': expected image or audio")
        }
        guard let output, output != "-" else {
            console.writeData(data)
            return
        }
        guard !output.isEmpty else {
            throw UsageError("-o needs a file name, not an empty one (- writes to standard output)")
        }
        do throws(CocoaError) {
            try AtomicFile.write(data, to: URL(fileURLWithPath: output))
        } catch {
            throw ToolError(.cannotCreate, "\(output): cannot be written (\(error.fileSystemReason))")
        }
    }

    /// A whole-number option, named in the error when it is not one.
    private static func integer(_ arguments: inout Arguments, _ name: String, default value: Int) throws -> Int {
        guard let text = try arguments.option(name) else { return value }
        guard let number = Int(text) else {
            throw UsageError(
                "--\(name) '\(text)': expected a whole number from 1 to \(PlaceholderImage.maximumSide)")
        }
        return number
    }

    /// A number option, named in the error when it is not one.
    private static func number(
        _ arguments: inout Arguments, _ name: String, default value: Double, written: inout [String: String]
    ) throws -> Double {
        guard let text = try arguments.option(name) else { return value }
        written[name] = text
        guard let number = Double(text), number.isFinite else {
            throw UsageError("--\(name) '\(text)': expected a number")
        }
        return number
    }

    /// A colour option, its error naming the option.
    private static func color(_ text: String, _ name: String) throws(PlaceholderError) -> PlaceholderImage.Color {
        do {
            return try PlaceholderImage.Color(hex: text)
        } catch {
            throw .invalidParameter(name: name, value: text, expected: error.expected)
        }
    }

    /// Runs `body`, turning a refused parameter into a usage error that names it, with the value as
    /// the command line wrote it: `--duration '99': …`.
    private static func refusingBadParameters(
        written: [String: String] = [:], _ body: () throws(PlaceholderError) -> Data
    ) throws(UsageError) -> Data {
        do {
            return try body()
        } catch {
            let value = written[error.parameter] ?? error.value
            throw UsageError("--\(error.parameter) '\(value)': expected \(error.expected)")
        }
    }

    static let help = """
        USAGE: transfer placeholder image [--width N] [--height N] [--text TEXT] [--fgcolor HEX] [--bgcolor HEX] [-o FILE]
               transfer placeholder audio [--duration SECONDS] [--frequency HZ] [-o FILE]

        Writes a placeholder PNG or WAV, as PlaceholderURLProtocol serves them, to FILE or (without -o,
        or with -o -) to standard output. An image draws its text in any script of the Basic
        Multilingual Plane (GNU Unifont's glyphs), centred, at the largest whole scale that fits.

        OPTIONS:
          --width N, --height N  1 to 4096 pixels (default 250 each).
          --text TEXT            The text drawn (default "dummy"; "" for none).
          --fgcolor, --bgcolor   3 or 6 hexadecimal digits (default 202f55 on dddddd).
          --duration SECONDS     Up to 60 (default 0.5). --frequency HZ: above 0 (default 440).
          -o FILE                The file, written whole or not at all.

        A bad parameter exits 64 with a message that names it.

        EXAMPLES:
          transfer placeholder image --width 300 --height 200 --text 商品 -o out.png
          transfer placeholder audio --duration 1 > beep.wav
        """
}
