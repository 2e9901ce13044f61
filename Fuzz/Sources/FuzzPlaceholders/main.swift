// Placeholder requests on any bytes. Each run fuzzes one of two, named by TRANSFERKIT_FUZZ_PARSER
// (Scripts/fuzz.sh sets it):
//
//   placeholder         the reading of placeholder URLs (`PlaceholderRequest(target:)`), which the
//                       server runs on every request target: paths, query items, percent-decoding.
//                       Oracle: whatever it reads is within the limits (sides 1 to 4096, text up to
//                       1,024 characters, 0 to 60 seconds of sound), written out again and read back
//                       it is the same request with the same entity tag, and a small image draws a
//                       PNG; whatever it refuses has a code, a parameter and words.
//   placeholder-server  `PlaceholderServer` itself, over a loopback connection: the input is written
//                       as the request bytes, then the connection half-closed. Oracle: the server
//                       answers only well-framed responses (a status line of a status it gives, a
//                       Content-Length the body has), and is still serving afterwards.
import Foundation
import TransferKitTesting

#if canImport(Glibc)
    import Glibc
#endif

let parser = ProcessInfo.processInfo.environment["TRANSFERKIT_FUZZ_PARSER"] ?? "placeholder"

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
    switch parser {
    case "placeholder": fuzzRequest(Data(bytes: start, count: count))
    case "placeholder-server": fuzzServer(UnsafeRawBufferPointer(start: start, count: count))
    default: fatalError("unknown TRANSFERKIT_FUZZ_PARSER '\(parser)'")
    }
    return 0
}

func fuzzRequest(_ data: Data) {
    let target = String(decoding: data, as: UTF8.self)
    let request: PlaceholderRequest
    do {
        request = try PlaceholderRequest(target: target)
    } catch {
        precondition([.invalidParameter, .malformedTarget, .notFound].contains(error.code), "code \(error.code)")
        precondition(!error.parameter.isEmpty && !error.expected.isEmpty, "an error without words: \(error)")
        precondition(error.value.count <= 100, "the value is shortened")
        return
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
}

/// One server for the whole run, with short deadlines: an input that never completes a head is
/// closed by the half-close, not by a timeout.
let server: PlaceholderServer = {
    var configuration = PlaceholderServer.Configuration()
    configuration.requestTimeout = .milliseconds(500)
    configuration.idleTimeout = .milliseconds(500)
    configuration.maximumConnections = 4
    do {
        return try PlaceholderServer(configuration: configuration)
    } catch {
        fatalError("the fuzzed server cannot start: \(error)")
    }
}()

/// The statuses the server gives.
let statuses: Set<Int> = [200, 204, 304, 400, 404, 405, 408, 413, 414, 431, 503, 505]

func fuzzServer(_ input: UnsafeRawBufferPointer) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    precondition(socket >= 0, "socket")
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = server.port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    precondition(connected == 0, "the server stopped accepting")
    var offset = 0
    while offset < input.count {
        let written = send(socket, input.baseAddress! + offset, input.count - offset, Int32(MSG_NOSIGNAL))
        guard written > 0 else { break }  // The server may refuse and close before reading it all.
        offset += written
    }
    shutdown(socket, Int32(SHUT_WR))
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { break }
        received += chunk[..<count]
    }
    // Every response well framed: a status line with a status the server gives, the head's end, and
    // as many body bytes as Content-Length says (none for a HEAD, a 204 or a 304).
    var rest = received[...]
    while !rest.isEmpty {
        guard let end = rest.firstRange(of: [13, 10, 13, 10]) else {
            preconditionFailure(
                "a response without the end of its head: \(String(decoding: rest.prefix(200), as: UTF8.self))")
        }
        let head = String(decoding: rest[..<end.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let status = lines[0].hasPrefix("HTTP/1.1 ") ? Int(lines[0].dropFirst(9).prefix(3)) : nil
        precondition(status.map(statuses.contains) == true, "status line \(lines[0])")
        let length =
            lines.first { $0.lowercased().hasPrefix("content-length: ") }.flatMap { Int($0.dropFirst(16)) } ?? 0
        rest = rest[end.upperBound...]
        // A HEAD's response gives the length of a body it does not send: the next bytes are then the
        // next status line (no body the server sends starts with one), or nothing.
        if status == 204 || status == 304 || rest.isEmpty || rest.starts(with: "HTTP/1.1 ".utf8) { continue }
        precondition(rest.count >= length, "a body shorter than its Content-Length")
        rest = rest.dropFirst(length)
    }
}
