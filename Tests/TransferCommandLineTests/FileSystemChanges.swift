import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Waits for the file system to change rather than for time: `condition` is checked first, then
/// again at each change the system reports in `directories` (inotify: a file made, written,
/// closed, moved in); `alive` is asked between changes, at least once a second (a process that
/// ends without changing anything). `true` when `condition` came to hold before `deadline` and
/// while `alive`.
func waitForChanges(
    in directories: [URL], until deadline: Date, while alive: () -> Bool, _ condition: () -> Bool
) -> Bool {
    let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard watch >= 0 else { return condition() }
    defer { close(watch) }
    for directory in directories {
        inotify_add_watch(watch, directory.path, UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO))
    }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        if condition() { return true }
        let left = deadline.timeIntervalSinceNow
        guard left > 0, alive() else { return false }
        var ready = [pollfd(fd: watch, events: Int16(POLLIN), revents: 0)]
        _ = poll(&ready, 1, Int32(min(left, 1) * 1000))
        while read(watch, &buffer, buffer.count) > 0 {}  // The changes so far: the condition says what they made.
    }
}
