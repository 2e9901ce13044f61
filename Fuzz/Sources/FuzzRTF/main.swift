// AttributedString's RTF import on any bytes; and, for bytes that are UTF-8 text, export to RTF and
// import again: the text must come back, with CR LF, CR and U+2029 as line feeds.
import Foundation
import TransferKit

/// libFuzzer's entry point: runs one input, trapping (a finding) when a property does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let done = DispatchSemaphore(value: 0)
    Task {
        defer { done.signal() }
        _ = try? await AttributedString(importing: data, contentType: .rtf)
        guard let text = try? await AttributedString(importing: data, contentType: .utf8PlainText),
            let rtf = try? await text.exported(as: .rtf)
        else { return }
        let back = try? await AttributedString(importing: rtf, contentType: .rtf)
        var expected = String.UnicodeScalarView()
        var previous: Unicode.Scalar = "a"
        for scalar in String(text.characters).unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n", previous == "\r" { continue }
            expected.append(scalar == "\r" || scalar == "\u{2029}" ? "\n" : scalar)
        }
        precondition(
            back.map { Array(String($0.characters).unicodeScalars) } == Array(expected),
            "the RTF round trip changed the text")
    }
    done.wait()
    return 0
}
