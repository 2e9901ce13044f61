import Dispatch
import Synchronization
import TransferCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// A closed standard descriptor is held on /dev/null first, before the runtime opens anything.
// The signals are blocked before any other thread starts (they inherit the mask), and the main
// thread then waits on a semaphore with them still blocked. An asynchronous main would park the main
// thread in Dispatch's `sigsuspend`, which unblocks every signal while it waits: a SIGINT would then
// be delivered to it and kill the process, instead of reaching the thread that cleans up.
StandardStreams.reserveClosed()
// A detached `transfer copy` forks here, while the process has one thread: the parent returns once
// the child serves.
if let status = Detached.forkIfCopying(CommandLine.arguments) { exit(status) }
SignalCleanup.install()
MemoryAllocator.keepFreedMemory()
let status = Mutex<Int32>(0)
let finished = DispatchSemaphore(value: 0)
Task.detached {
    let result = await TransferTool.run(Array(CommandLine.arguments.dropFirst()), console: .standard)
    status.withLock { $0 = result.rawValue }
    finished.signal()
}
finished.wait()
exit(status.withLock { $0 })
