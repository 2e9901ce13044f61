import CTransferKitSystem
import TransferCommandLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// A fixed threshold: blocks of 128 KiB and more (the input, the output, the decoded records'
// arrays) are mapped on their own and go back to the system when freed. glibc otherwise raises the
// threshold after the first large block is freed and serves the next ones from the heap, where
// they stay; converting a 45 MB archive peaked 9 MiB higher that way.
transferkit_set_mmap_threshold(128 << 10)

exit(await TransferTool.run(Array(CommandLine.arguments.dropFirst()), console: .standard).rawValue)
