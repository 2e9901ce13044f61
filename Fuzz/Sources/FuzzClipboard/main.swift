// The clipboard's codecs on the bytes a hostile display server sends. Each run fuzzes one of two,
// named by TRANSFERKIT_FUZZ_PARSER (Scripts/fuzz.sh sets it):
//
//   x11      the input as what an X server sends a client: the setup answer (X11SetupReply), then
//            packets framed (X11Packet.size(ofNextIn:maximum:)) and decoded, each reply through
//            every reply decoder (GetProperty and the TARGETS, INCR and MULTIPLE values in it,
//            GetSelectionOwner, InternAtom, GetAtomName, QueryExtension, BigReqEnable). Oracle:
//            nothing traps; a framed packet always decodes; an event decodes the same with
//            SendEvent's bit set, and written again (X11Event.encoded) is the bytes it came from,
//            SendEvent's bit cleared, where the protocol defines them; a property's value is the
//            length its format and units say, inside the reply; a client message that is one of
//            XDND's (XdndMessage, atoms 1 to 6) reads as itself when written again.
//   wayland  the input's first byte a count of descriptors received (fake numbers, closed through
//            the queue's hook, never the process's), the rest messages framed
//            (WaylandMessage.size(ofNextIn:)) and decoded as events (WaylandEvent) for a fixed
//            map of objects to interfaces. Oracle: nothing traps; a framed message always
//            decodes and encodes to the same bytes; an event written again by this file's own
//            encoder decodes to the same event; `send` takes the next descriptor, a refused
//            message none; every descriptor is taken or closed, once.
import Foundation

@testable import TransferClipboard

let parser = ProcessInfo.processInfo.environment["TRANSFERKIT_FUZZ_PARSER"] ?? "x11"

/// libFuzzer's entry point: runs one input, trapping (a finding) when a property does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    switch parser {
    case "wayland": fuzzWayland(bytes)
    default: fuzzX11(bytes)
    }
    return 0
}

// MARK: - X11

func fuzzX11(_ input: [UInt8]) {
    guard input.count >= 8, let length = try? X11SetupReply.additionalLength(head: Array(input.prefix(8))) else {
        return
    }
    let setup = Array(input.prefix(8 + length))
    if case .success(let success) = try? X11SetupReply(decoding: setup) {
        precondition(setup[0] == 1 && setup.count >= 40, "a setup answer decoded without its fixed fields")
        precondition(success.idBase == setup.uint32(at: 12) && success.idMask == setup.uint32(at: 16))
        precondition((success.root == nil) == (setup[28] == 0), "a root without a screen, or none with one")
        precondition(success.maximumRequestLength >= 4096, "requests shorter than the protocol guarantees")
    }
    var rest = input[min(input.count, 8 + length)...]
    while true {
        let size: Int?
        do {
            size = try X11Packet.size(ofNextIn: rest, maximum: 1 << 20)
        } catch {
            precondition(error.code == .protocolError)
            return
        }
        guard let size, rest.count >= size else { return }
        let bytes = Array(rest.prefix(size))
        rest = rest.dropFirst(size)
        let packet: X11Packet
        do {
            packet = try X11Packet(decoding: bytes)
        } catch {
            preconditionFailure("a framed packet of \(size) bytes did not decode: \(error)")
        }
        switch packet {
        case .reply(let sequence, let reply):
            precondition(sequence == bytes.uint16(at: 2) && reply == bytes)
            checkReplyDecoders(reply)
        case .error(let sequence, let code, let value):
            precondition(sequence == bytes.uint16(at: 2) && code == bytes[1] && value == bytes.uint32(at: 4))
        case .event(let event):
            checkEvent(event, bytes)
        }
    }
}

func checkReplyDecoders(_ reply: [UInt8]) {
    if let property = try? X11Reply.Property(decoding: reply) {
        let units = Int(reply.uint32(at: 16))
        precondition([0, 8, 16, 32].contains(property.format) && property.format == reply[1])
        precondition(property.value.count == units * Int(property.format) / 8, "a value of the wrong length")
        precondition(property.value.startIndex == 32 && property.value.endIndex <= reply.count)
        if let atoms = try? X11Reply.targets(property, targetsAtom: 0x1234) {
            precondition(property.format == 32 && atoms.count == property.value.count / 4)
        }
        if let size = X11Reply.incrSize(property) {
            precondition(size == Int(reply.uint32(at: 32)))
        }
        if let pairs = try? X11Reply.atomPairs(property) {
            precondition(pairs.count * 8 == property.value.count)
        }
    }
    let owner = try? X11Reply.selectionOwner(reply)
    precondition(owner?.rawValue == (try? X11Reply.internAtom(reply))?.rawValue, "the same word read two ways")
    if let owner { precondition(owner.rawValue == reply.uint32(at: 8)) }
    if let name = try? X11Reply.atomName(reply) {
        precondition(name.utf8.count <= Int(reply.uint16(at: 8)) * 3, "a name longer than its bytes allow")
    }
    _ = try? X11Reply.Extension(decoding: reply)
    _ = try? X11Reply.bigRequestsMaximumLength(reply)
}

func checkEvent(_ event: X11Event, _ bytes: [UInt8]) {
    let code = bytes[0] & 0x7F
    // Codes 0 and 1 are an error and a reply; with SendEvent's bit (which no server sets on them),
    // an event of no known kind.
    if code > 1 {
        var flipped = bytes
        flipped[0] ^= 0x80
        precondition((try? X11Event(decoding: flipped)) == event, "SendEvent's bit changed the event")
    }
    guard let encoded = event.encoded(sequence: bytes.uint16(at: 2)) else {
        precondition(event == .other(code: code) && X11Event.definedBytes(code: code) == nil)
        return
    }
    guard let defined = X11Event.definedBytes(code: code) else {
        preconditionFailure("an event of code \(code) written without its defined bytes")
    }
    precondition(encoded.count == 32 && encoded[0] == code, "the code written is not the code read")
    precondition(encoded[defined] == bytes[defined], "the event written again is not the bytes it came from")
    precondition(encoded.indices.allSatisfy { defined.contains($0) || $0 == 0 || encoded[$0] == 0 })
    checkXdnd(event)
}

/// XDND's messages, named by small atoms so that the input's type word meets them often: a message
/// read and written again is read as itself.
let xdndAtoms = XdndMessage.Atoms(enter: 1, position: 2, status: 3, leave: 4, drop: 5, finished: 6)

func checkXdnd(_ event: X11Event) {
    guard case .clientMessage(let window, _, _, _) = event, let message = XdndMessage(event, atoms: xdndAtoms) else {
        return
    }
    let again = message.event(about: window, atoms: xdndAtoms)
    precondition(XdndMessage(again, atoms: xdndAtoms) == message, "an XDND message written again reads otherwise")
    precondition(again.encoded()?.count == 32)
}

// MARK: - Wayland

/// The interfaces the decoder is given: the display, a registry, a callback, a device, a source,
/// and offers among the identifiers a compositor allocates.
func interface(of object: WaylandObjectID) -> WaylandEvent.Interface? {
    switch object.rawValue {
    case 1: .display
    case 2: .registry
    case 3: .callback
    case 4: .dataControlDevice
    case 5: .dataControlSource
    case 0xFF00_0000...: .dataControlOffer
    default: nil
    }
}

final class Closed {
    var descriptors: [Int32] = []
}

func fuzzWayland(_ input: [UInt8]) {
    guard let first = input.first else { return }
    let received = (0..<Int32(first % 16)).map { 1000 + $0 }
    let closed = Closed()
    var queue = WaylandDescriptorQueue(numbers: received) { closed.descriptors.append($0) }
    var taken: [Int32] = []
    var rest = input.dropFirst()
    while true {
        let size: Int?
        do {
            size = try WaylandMessage.size(ofNextIn: rest)
        } catch {
            precondition(error.code == .protocolError)
            break
        }
        guard let size else { break }
        let bytes = rest.prefix(size)
        rest = rest.dropFirst(size)
        let message: WaylandMessage
        do {
            message = try WaylandMessage(decoding: bytes)
            let encoded = try message.encoded()
            precondition(encoded == Array(bytes), "a message written again is not its bytes")
        } catch {
            preconditionFailure("a framed message of \(size) bytes did not decode: \(error)")
        }
        let before = queue.numbers
        do {
            let event = try WaylandEvent(
                decoding: message, interface: interface(of: message.object), descriptors: &queue)
            if let descriptor = event.descriptorNumber {
                precondition(descriptor == before.first && queue.numbers == Array(before.dropFirst()))
                taken.append(descriptor)
            } else {
                precondition(queue.numbers == before, "an event without a descriptor took one")
            }
            checkRoundTrip(event, message)
        } catch {
            precondition(queue.numbers == before, "a refused message took a descriptor")
        }
    }
    queue.closeAll()
    precondition((taken + closed.descriptors).sorted() == received, "a descriptor lost or closed twice")
}

/// The event written by an encoder of this file's own, then decoded again: the same event.
func checkRoundTrip(_ event: WaylandEvent, _ message: WaylandMessage) {
    var arguments = WaylandArguments()
    let opcode: UInt16
    switch event {
    case .error(let object, let code, let words):
        arguments = arguments.object(object).uint(code).string(words)
        opcode = 0
    case .deleteID(let id):
        arguments = arguments.uint(id.rawValue)
        opcode = 1
    case .global(_, let name, let interface, let version):
        arguments = arguments.uint(name).string(interface).uint(version)
        opcode = 0
    case .globalRemove(_, let name):
        arguments = arguments.uint(name)
        opcode = 1
    case .done(_, let data):
        arguments = arguments.uint(data)
        opcode = 0
    case .dataOffer(_, let offer):
        arguments = arguments.object(offer)
        opcode = 0
    case .selection(_, let selection, let offer):
        arguments = arguments.object(offer)
        opcode = selection == .clipboard ? 1 : 3
    case .finished:
        opcode = 2
    case .offer(_, let type):
        arguments = arguments.string(type)
        opcode = 0
    case .send(_, let type, _):
        arguments = arguments.string(type)
        opcode = 0
    case .cancelled:
        opcode = 1
    case .other(let object, let other):
        precondition(object == message.object && other == message.opcode)
        return
    case .capabilities, .pointerEnter, .pointerLeave, .pointerMotion, .pointerButton, .ping, .configure,
        .toplevelSize, .close, .dragOffer, .dragEnter, .dragLeave, .dragMotion, .dragDrop, .dropPerformed,
        .dragFinished, .sourceActions, .action, .target:
        // A window's events: `interface(of:)` names only the clipboard's interfaces, which make none.
        preconditionFailure("a window's event from a clipboard interface: \(event)")
    }
    precondition(opcode == message.opcode, "\(event) from opcode \(message.opcode)")
    let closed = Closed()
    var queue = WaylandDescriptorQueue(numbers: event.descriptorNumber.map { [$0] } ?? []) {
        closed.descriptors.append($0)
    }
    let again = try? WaylandEvent(
        decoding: WaylandMessage(object: message.object, opcode: opcode, arguments: arguments.bytes),
        interface: interface(of: message.object), descriptors: &queue)
    precondition(again == event, "\(event) written and read again is \(String(describing: again))")
}
