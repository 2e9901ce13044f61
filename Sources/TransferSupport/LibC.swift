#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library's functions whose names the package's own methods share (`read`, `write`,
/// `close`, `send`…), named once for each platform: what ``FileDescriptor`` and ``SystemCalls``
/// call beneath their methods of the same names.
enum LibC {
    #if canImport(Glibc)
        static let read = Glibc.read
        static let write = Glibc.write
        static let close = Glibc.close
        static let poll = Glibc.poll
        static let send = Glibc.send
        static let shutdown = Glibc.shutdown
        static let bind = Glibc.bind
        static let listen = Glibc.listen
        static let connect = Glibc.connect
    #elseif canImport(Musl)
        static let read = Musl.read
        static let write = Musl.write
        static let close = Musl.close
        static let poll = Musl.poll
        static let send = Musl.send
        static let shutdown = Musl.shutdown
        static let bind = Musl.bind
        static let listen = Musl.listen
        static let connect = Musl.connect
    #elseif canImport(Darwin)
        static let read = Darwin.read
        static let write = Darwin.write
        static let close = Darwin.close
        static let poll = Darwin.poll
        static let send = Darwin.send
        static let shutdown = Darwin.shutdown
        static let bind = Darwin.bind
        static let listen = Darwin.listen
        static let connect = Darwin.connect
    #endif
}
