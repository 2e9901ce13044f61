// System calls that Swift cannot import on its own: `copy_file_range` and `sync_file_range` need
// _GNU_SOURCE, and `ioctl` is variadic. Used by TransferKit to copy files without passing the bytes
// through user space, cloning them where the file system can, and by the atomic file to start
// writing back what it has written before it synchronizes. And libcurl, opened at run time, for LinkPreviews'
// transport (CTransferKitHTTP.h).
#ifndef C_TRANSFER_KIT_SYSTEM_H
#define C_TRANSFER_KIT_SYSTEM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "CTransferKitHTTP.h"

/// Clones `input` into `output` (reflink), or returns -1 with errno set when the file system cannot.
int transferkit_clone_file(int input, int output);

/// Copies up to `length` bytes from `input` to `output` in the kernel; returns the count copied,
/// 0 at the end of the input, or -1 with errno set (ENOSYS where the call does not exist).
ssize_t transferkit_copy_file_range(int input, int output, size_t length);

/// Starts writing the dirty pages of `count` bytes from `offset` of `descriptor` to its device and
/// returns without waiting for them (`sync_file_range` with `SYNC_FILE_RANGE_WRITE`), so that a
/// later `fsync` has little left to do; 0, or -1 with errno set (ENOSYS where the call does not exist).
int transferkit_start_writeback(int descriptor, int64_t offset, int64_t count);

/// Closes every descriptor from `from` up (`close_range`, Linux 5.9 and later; else each open one
/// that /proc/self/fd lists), so that a forked process holds none of its caller's others.
void transferkit_close_from(int from);

/// A sealed copy of what `source` holds from where it is to its end, at most `limit` bytes: a new
/// memory file (`memfd_create`), filled in the kernel (`sendfile` from a regular file, `splice`
/// from a pipe, else `read` and `write`), then sealed against writing, growing and shrinking, so
/// that what was copied cannot change. Its descriptor (close-on-exec), with `*size` set; -1 with
/// `errno` set on failure, and `EFBIG` when `source` holds more than `limit`.
int transferkit_snapshot(int source, long long limit, long long *size);

/// A new memory file (`memfd_create`, close-on-exec) holding `count` bytes from `bytes`: what a
/// Wayland window's pixels are shared with the compositor through (`wl_shm`). Its descriptor, or -1
/// with `errno` set (ENOSYS where there is no `memfd_create`).
int transferkit_shared_memory(const void *bytes, size_t count);

/// `splice` from `file` at `*offset` (advanced) into the pipe `pipe`, at most `count` bytes,
/// without blocking and without SIGPIPE (as `transferkit_write_without_sigpipe`): what was moved,
/// or -1 with `errno` (`EAGAIN` when the pipe is full, `EPIPE` when its reader is gone).
long transferkit_splice_to_pipe(int file, long long *offset, int pipe, unsigned long count);

/// Adds to `actions` (a `posix_spawn_file_actions_t *`) the closing of every descriptor from `from`
/// up (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34 and later), so that a spawned process
/// inherits none of the caller's other descriptors; 0, or an errno (ENOSYS where it does not exist).
/// The tests' desktop servers are spawned so.
int transferkit_spawn_close_from(void *actions, int from);

/// Sends `count` bytes on the Unix stream socket `socket`, with `descriptor` attached (SCM_RIGHTS)
/// when it is not negative, and without SIGPIPE (`MSG_NOSIGNAL`); the count sent, or -1 with errno
/// set. Used by the Wayland clipboard, whose messages carry pipes.
ssize_t transferkit_send_with_descriptor(int socket, const void *bytes, size_t count, int descriptor);

/// Receives up to `capacity` bytes from the Unix stream socket `socket`, and the descriptors that
/// came with them (SCM_RIGHTS, close-on-exec): up to `descriptor_capacity` are stored in
/// `descriptors` and their count in `*descriptor_count`, any more are closed. The count received (0
/// at the end), or -1 with errno set.
ssize_t transferkit_receive_with_descriptors(
    int socket, void *bytes, size_t capacity, int *descriptors, int descriptor_capacity, int *descriptor_count);

/// `pipe2(descriptors, O_CLOEXEC)`: a pipe whose ends no spawned program inherits, made atomically
/// (pipe2 needs _GNU_SOURCE); 0, or -1 with errno set.
int transferkit_pipe_cloexec(int descriptors[2]);

/// `accept4(listener, NULL, NULL, SOCK_CLOEXEC | (nonblocking ? SOCK_NONBLOCK : 0))`: a connection
/// no spawned program inherits, made atomically (accept4 needs _GNU_SOURCE); the descriptor, or -1
/// with errno set. Not retried on EINTR here: the Swift caller retries.
int transferkit_accept_cloexec(int listener, int nonblocking);

/// `write` that cannot end the process with SIGPIPE when the reader has gone: the signal is blocked
/// in the calling thread for the call, and one the call raised is taken before it is unblocked, so
/// the reader's absence is only EPIPE. Pipes have no `MSG_NOSIGNAL`; a library must not change the
/// process's signal dispositions.
ssize_t transferkit_write_without_sigpipe(int descriptor, const void *bytes, size_t count);

/// Asks the C allocator to keep freed memory for the next allocation rather than return it to
/// the system at once: blocks up to `map_threshold` bytes come from the heap instead of a mapping
/// of their own, and up to `trim_threshold` free bytes stay at its top. Returns 0 where the
/// allocator has no such settings (not glibc), 1 when they were applied.
int transferkit_keep_freed_memory(size_t map_threshold, size_t trim_threshold);

#endif
