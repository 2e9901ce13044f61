import CTransferKitSystem

/// A pipe whose ends are closed on exec: a program another test starts meanwhile does not hold
/// them (as it would a plain `pipe()`'s), so that a test waiting for the end of the data sees it
/// when its own write end closes. Read end first.
func closedOnExecPipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    guard transferkit_pipe_cloexec(&ends) == 0 else { throw DescriptorFailure(call: "pipe2") }
    return (ends[0], ends[1])
}

/// A connection accepted on `listener`, closed on exec, as ``closedOnExecPipe()`` is; -1 when
/// accepting fails.
func acceptClosedOnExec(_ listener: Int32) -> Int32 {
    transferkit_accept_cloexec(listener, 0)
}

/// A descriptor a test could not make.
struct DescriptorFailure: Error {
    let call: String
}
