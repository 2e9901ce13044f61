import TransferCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

SignalCleanup.install()
exit(await TransferTool.run(Array(CommandLine.arguments.dropFirst()), console: .standard).rawValue)
