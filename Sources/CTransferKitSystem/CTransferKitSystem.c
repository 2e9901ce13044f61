#define _GNU_SOURCE
#include "CTransferKitSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/ioctl.h>
#include <linux/fs.h>
#endif

int transferkit_clone_file(int input, int output) {
#if defined(__linux__) && defined(FICLONE)
    return ioctl(output, FICLONE, input);
#else
    (void)input;
    (void)output;
    errno = ENOTSUP;
    return -1;
#endif
}

ssize_t transferkit_copy_file_range(int input, int output, size_t length) {
#if defined(__linux__)
    return copy_file_range(input, NULL, output, NULL, length, 0);
#else
    (void)input;
    (void)output;
    (void)length;
    errno = ENOSYS;
    return -1;
#endif
}

int transferkit_start_writeback(int descriptor, int64_t offset, int64_t count) {
#if defined(__linux__)
    return sync_file_range(descriptor, offset, count, SYNC_FILE_RANGE_WRITE);
#else
    (void)descriptor;
    (void)offset;
    (void)count;
    errno = ENOSYS;
    return -1;
#endif
}

int transferkit_spawn_close_from(void *actions, int from) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, from);
#else
    (void)actions;
    (void)from;
    return ENOSYS;
#endif
}
