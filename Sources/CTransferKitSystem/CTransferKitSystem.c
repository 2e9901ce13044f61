#define _GNU_SOURCE
#include "CTransferKitSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <dirent.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#if defined(__linux__)
#include <sys/ioctl.h>
#include <linux/fs.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
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

void transferkit_close_from(int from) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)from, ~0U, 0) == 0) return;
#endif
    DIR *directory = opendir("/proc/self/fd");
    if (directory == NULL) return;
    int listing = dirfd(directory);
    int open[1024];
    int count = 0;
    for (struct dirent *entry; (entry = readdir(directory)) != NULL && count < 1024;) {
        int descriptor = atoi(entry->d_name);
        if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9' && descriptor >= from && descriptor != listing) {
            open[count++] = descriptor;
        }
    }
    closedir(directory);
    for (int index = 0; index < count; index++) close(open[index]);
}

#if defined(__linux__)
int transferkit_snapshot(int source, long long limit, long long *size) {
    int memory = memfd_create("transfer-snapshot", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (memory < 0) return -1;
    long long total = 0;
    // The kernel's own copy first: sendfile from what can be mapped, splice from a pipe; the
    // first call that cannot move bytes (EINVAL) hands over to read and write.
    int way = 0;
    char buffer[65536];
    for (;;) {
        long long room = limit - total + 1;
        size_t want = room > (1LL << 30) ? (1UL << 30) : (size_t)room;
        ssize_t moved;
        if (way == 0) {
            moved = sendfile(memory, source, NULL, want);
        } else if (way == 1) {
            moved = splice(source, NULL, memory, NULL, want, 0);
        } else {
            moved = read(source, buffer, want < sizeof buffer ? want : sizeof buffer);
            for (ssize_t written = 0; moved > 0 && written < moved;) {
                ssize_t count = write(memory, buffer + written, (size_t)(moved - written));
                if (count < 0 && errno == EINTR) continue;
                if (count < 0) {
                    moved = -1;
                    break;
                }
                written += count;
            }
        }
        if (moved < 0 && errno == EINTR) continue;
        if (moved < 0 && (errno == EINVAL || errno == ENOSYS) && way < 2 && total == 0) {
            way += 1;
            continue;
        }
        if (moved < 0) {
            int saved = errno;
            close(memory);
            errno = saved;
            return -1;
        }
        if (moved == 0) break;
        total += moved;
        if (total > limit) {
            close(memory);
            errno = EFBIG;
            return -1;
        }
    }
    if (fcntl(memory, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0) {
        int saved = errno;
        close(memory);
        errno = saved;
        return -1;
    }
    *size = total;
    return memory;
}

int transferkit_shared_memory(const void *bytes, size_t count) {
    int memory = memfd_create("transferkit-window", MFD_CLOEXEC);
    if (memory < 0) return -1;
    for (size_t written = 0; written < count;) {
        ssize_t moved = pwrite(memory, (const char *)bytes + written, count - written, (off_t)written);
        if (moved < 0 && errno == EINTR) continue;
        if (moved <= 0) {
            int saved = moved < 0 ? errno : EIO;
            close(memory);
            errno = saved;
            return -1;
        }
        written += (size_t)moved;
    }
    return memory;
}

#else
int transferkit_snapshot(int source, long long limit, long long *size) {
    (void)source;
    (void)limit;
    (void)size;
    errno = ENOSYS;
    return -1;
}

int transferkit_shared_memory(const void *bytes, size_t count) {
    (void)bytes;
    (void)count;
    errno = ENOSYS;
    return -1;
}
#endif

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

/// SIGPIPE blocked around one write to a pipe whose reader may be gone, and the SIGPIPE it raised
/// taken before the mask is restored: the write's EPIPE is the caller's to see.
typedef struct {
    sigset_t pipe_only;
    sigset_t previous;
    int was_pending;
} sigpipe_guard;

static void sigpipe_block(sigpipe_guard *guard) {
    sigset_t pending;
    sigemptyset(&guard->pipe_only);
    sigaddset(&guard->pipe_only, SIGPIPE);
    // A SIGPIPE already pending for the thread or process is not ours to take.
    sigpending(&pending);
    guard->was_pending = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &guard->pipe_only, &guard->previous);
}

static void sigpipe_restore(sigpipe_guard *guard, ssize_t result) {
    if (result < 0 && errno == EPIPE && !guard->was_pending) {
        int saved = errno;
        struct timespec now = {0, 0};
        // Taking the SIGPIPE the write raised is not a call whose failure the caller sees: it must
        // happen before the mask is restored (or the signal would end the process), so another
        // signal interrupting it runs it again, here.
        while (sigtimedwait(&guard->pipe_only, NULL, &now) < 0 && errno == EINTR) {
        }
        errno = saved;
    }
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, &guard->previous, NULL);
    errno = saved;
}

ssize_t transferkit_write_without_sigpipe(int descriptor, const void *bytes, size_t count) {
    sigpipe_guard guard;
    sigpipe_block(&guard);
    // Not retried on EINTR here: the Swift caller retries (SystemCalls.valueOrErrno), in one place.
    ssize_t written = write(descriptor, bytes, count);
    sigpipe_restore(&guard, written);
    return written;
}

long transferkit_splice_to_pipe(int file, long long *offset, int pipe, unsigned long count) {
#if defined(__linux__)
    sigpipe_guard guard;
    sigpipe_block(&guard);
    loff_t from = (loff_t)*offset;
    // Not retried on EINTR here: the Swift caller retries (SystemCalls.valueOrErrno), in one place.
    ssize_t moved = splice(file, &from, pipe, NULL, count, SPLICE_F_NONBLOCK);
    if (moved > 0) *offset = from;
    sigpipe_restore(&guard, moved);
    return moved;
#else
    (void)file;
    (void)offset;
    (void)pipe;
    (void)count;
    errno = ENOSYS;
    return -1;
#endif
}

int transferkit_pipe_cloexec(int descriptors[2]) {
    return pipe2(descriptors, O_CLOEXEC);
}

int transferkit_accept_cloexec(int listener, int nonblocking) {
#if defined(__linux__)
    return accept4(listener, NULL, NULL, SOCK_CLOEXEC | (nonblocking ? SOCK_NONBLOCK : 0));
#else
    int connection = accept(listener, NULL, NULL);
    if (connection >= 0) {
        fcntl(connection, F_SETFD, FD_CLOEXEC);
        if (nonblocking) fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK);
    }
    return connection;
#endif
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
