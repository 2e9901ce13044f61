// The reading of placeholder URLs (`PlaceholderRequest(target:)`), which `transfer placeholder
// serve` runs on every request target a client sends: paths, query items, percent-decoding.
//
// Oracle: whatever it reads is within the limits (sides 1 to 4096, text up to 1,024 characters,
// 0 to 60 seconds of sound), written out again and read back it is the same request with the same
// entity tag, and a small image draws a PNG; whatever it refuses has a code, a parameter and words.
import Foundation
import TransferKitTesting

/// Percent-encodes every byte but unreserved ones: the one way the oracle writes a value.
func encoded(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            result.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
    }
    return result
}

func hex(_ color: PlaceholderImage.Color) -> String {
    [color.red, color.green, color.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

/// libFuzzer's entry point: runs one input, trapping (a finding) when a property does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let target = String(decoding: Data(bytes: start, count: count), as: UTF8.self)
    let request: PlaceholderRequest
    do {
        request = try PlaceholderRequest(target: target)
    } catch {
        precondition([.invalidParameter, .malformedTarget, .notFound].contains(error.code), "code \(error.code)")
        precondition(!error.parameter.isEmpty && !error.expected.isEmpty, "an error without words: \(error)")
        precondition(error.value.count <= 100, "the value is shortened")
        return 0
    }
    let tag = request.entityTag
    precondition(tag.count == 18 && tag.hasPrefix("\"") && tag.hasSuffix("\""), "entity tag \(tag)")
    let again: String
    switch request.media {
    case .image(let image):
        precondition((1...PlaceholderImage.maximumSide).contains(image.width), "width \(image.width)")
        precondition((1...PlaceholderImage.maximumSide).contains(image.height), "height \(image.height)")
        precondition(image.text.count <= PlaceholderImage.maximumTextLength, "text of \(image.text.count)")
        again =
            "/image.png?width=\(image.width)&height=\(image.height)&text=\(encoded(image.text))"
            + "&fgcolor=\(hex(image.foreground))&bgcolor=\(hex(image.background))"
        if image.width * image.height <= 1024 {
            precondition(request.data().starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")
        }
    case .audio(let audio):
        precondition(audio.duration > 0 && audio.duration <= PlaceholderAudio.maximumDuration, "duration")
        again = "/audio.wav?duration=\(audio.duration)&frequency=\(audio.frequency)"
    }
    guard let reread = try? PlaceholderRequest(target: again) else {
        preconditionFailure("\(target.debugDescription) was read, but not \(again.debugDescription)")
    }
    precondition(reread == request, "\(target.debugDescription) and \(again.debugDescription) differ")
    precondition(reread.entityTag == tag, "the same request, another entity tag")
    return 0
}
