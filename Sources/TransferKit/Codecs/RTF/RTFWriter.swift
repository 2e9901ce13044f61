#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes an attributed string as RTF 1.9: its characters, paragraph and line breaks, tabs, and its
/// links as `HYPERLINK` fields — the attributes Foundation has on every platform. Everything outside
/// printable ASCII is written as a `\uN` escape, so the output is 7-bit, as RTF requires.
enum RTFWriter {
    static func rtf(from string: AttributedString) -> Data {
        var output = Array(#"{\rtf1\ansi\ansicpg1252\uc1\deff0{\fonttbl\f0\fswiss\fcharset0 Helvetica;}"#.utf8)
        output += Array("\n\\f0\\fs24 ".utf8)
        for run in string.runs {
            let text = String(string[run.range].characters)
            if let link = run.link {
                output += Array(#"{\field{\*\fldinst{HYPERLINK ""#.utf8)
                appendEscaped(link.absoluteString, to: &output)
                output += Array(#""}}{\fldrslt "#.utf8)
                appendEscaped(text, to: &output)
                output += Array("}}".utf8)
            } else {
                appendEscaped(text, to: &output)
            }
        }
        output += Array("}\n".utf8)
        return Data(output)
    }

    /// Appends `text` as RTF text: `\`, `{` and `}` escaped, breaks and tabs as control words, and
    /// every other character outside printable ASCII as `\uN?` (UTF-16, negative above U+7FFF as RTF
    /// wants, `?` the one-character fallback that `\uc1` announces).
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\", "{", "}":
                output += [UInt8(ascii: "\\"), UInt8(scalar.value)]
            case "\n":
                if !previousWasCR { output += Array("\\par\n".utf8) }  // CRLF is one break
            case "\r", "\u{2029}":
                output += Array("\\par\n".utf8)
            case "\u{2028}":
                output += Array("\\line ".utf8)
            case "\t":
                output += Array("\\tab ".utf8)
            case " "..."~":
                output.append(UInt8(scalar.value))
            default:
                for unit in String(scalar).utf16 {
                    output += Array("\\u\(Int16(bitPattern: unit))?".utf8)
                }
            }
        }
    }
}
