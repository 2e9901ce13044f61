#define _GNU_SOURCE
#include "CTransferKitSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <spawn.h>
#include <unistd.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

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

ssize_t transferkit_send_with_descriptor(int socket, const void *bytes, size_t count, int descriptor) {
    struct iovec vector = {.iov_base = (void *)bytes, .iov_len = count};
    struct msghdr message = {.msg_iov = &vector, .msg_iovlen = 1};
    union {
        char buffer[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } control;
    if (descriptor >= 0) {
        memset(&control, 0, sizeof control);
        message.msg_control = control.buffer;
        message.msg_controllen = sizeof control.buffer;
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(header), &descriptor, sizeof(int));
    }
    // Not retried on EINTR here: the Swift caller retries (SystemCalls.valueOrErrno), in one place.
    return sendmsg(socket, &message, MSG_NOSIGNAL);
}

ssize_t transferkit_receive_with_descriptors(
    int socket, void *bytes, size_t capacity, int *descriptors, int descriptor_capacity, int *descriptor_count) {
    struct iovec vector = {.iov_base = bytes, .iov_len = capacity};
    union {
        char buffer[CMSG_SPACE(sizeof(int) * 28)];
        struct cmsghdr align;
    } control;
    struct msghdr message = {
        .msg_iov = &vector, .msg_iovlen = 1, .msg_control = control.buffer, .msg_controllen = sizeof control.buffer};
    *descriptor_count = 0;
    // Not retried on EINTR here: the Swift caller retries (SystemCalls.valueOrErrno), in one place.
    ssize_t received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    if (received < 0) return received;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t index = 0; index < count; index++) {
            int descriptor;
            memcpy(&descriptor, CMSG_DATA(header) + index * sizeof(int), sizeof(int));
            if (*descriptor_count < descriptor_capacity) {
                descriptors[(*descriptor_count)++] = descriptor;
            } else {
                close(descriptor);
            }
        }
    }
    return received;
}

ssize_t transferkit_write_without_sigpipe(int descriptor, const void *bytes, size_t count) {
    sigset_t pipe_only, previous, pending;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    // A SIGPIPE already pending for the thread or process is not ours to take.
    sigpending(&pending);
    int was_pending = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, &previous);
    // Not retried on EINTR here: the Swift caller retries (SystemCalls.valueOrErrno), in one place.
    ssize_t written = write(descriptor, bytes, count);
    if (written < 0 && errno == EPIPE && !was_pending) {
        int saved = errno;
        struct timespec now = {0, 0};
        // Taking the SIGPIPE the write raised is not a call whose failure the caller sees: it must
        // happen before the mask is restored (or the signal would end the process), so another
        // signal interrupting it runs it again, here.
        while (sigtimedwait(&pipe_only, NULL, &now) < 0 && errno == EINTR) {
        }
        errno = saved;
    }
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    errno = saved;
    return written;
}

int transferkit_pipe_cloexec(int descriptors[2]) {
    return pipe2(descriptors, O_CLOEXEC);
}

int transferkit_keep_freed_memory(size_t map_threshold, size_t trim_threshold) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, (int)map_threshold) && mallopt(M_TRIM_THRESHOLD, (int)trim_threshold);
#else
    (void)map_threshold;
    (void)trim_threshold;
    return 0;
#endif
}
