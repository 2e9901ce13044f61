// System calls that Swift cannot import on its own: `copy_file_range` needs _GNU_SOURCE, and
// `ioctl` is variadic. Used by TransferKit to copy files without passing the bytes through user
// space, cloning them where the file system can. And libcurl, opened at run time, for LinkPreviews'
// transport (CTransferKitHTTP.h).
#ifndef C_TRANSFER_KIT_SYSTEM_H
#define C_TRANSFER_KIT_SYSTEM_H

#include <stddef.h>
#include <sys/types.h>

#include "CTransferKitHTTP.h"

/// Clones `input` into `output` (reflink), or returns -1 with errno set when the file system cannot.
int transferkit_clone_file(int input, int output);

/// Copies up to `length` bytes from `input` to `output` in the kernel; returns the count copied,
/// 0 at the end of the input, or -1 with errno set (ENOSYS where the call does not exist).
ssize_t transferkit_copy_file_range(int input, int output, size_t length);

#endif
