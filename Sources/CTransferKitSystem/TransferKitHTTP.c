// libcurl through dlopen: see CTransferKitHTTP.h. The few declarations used are written here, with
// libcurl's stable ABI values (curl.h: CURLOPTTYPE_* bases plus each option's number), so that no
// development files are needed.
#define _GNU_SOURCE
#include "CTransferKitHTTP.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

// MARK: - libcurl's declarations

typedef void CURL;
typedef void CURLM;
typedef int CURLcode;
typedef int CURLMcode;
typedef long long curl_off_t;
struct curl_slist;
struct curl_sockaddr {
    int family;
    int socktype;
    int protocol;
    unsigned int addrlen;
    struct sockaddr addr;
};
typedef struct {
    int msg;
    CURL *easy_handle;
    union {
        void *whatever;
        CURLcode result;
    } data;
} CURLMsg;

enum {
    OPT_LONG = 0, OPT_POINTER = 10000, OPT_FUNCTION = 20000, OPT_OFF_T = 30000,
    CURLOPT_URL = OPT_POINTER + 2,
    CURLOPT_PROXY = OPT_POINTER + 4,
    CURLOPT_ERRORBUFFER = OPT_POINTER + 10,
    CURLOPT_WRITEFUNCTION = OPT_FUNCTION + 11,
    CURLOPT_WRITEDATA = OPT_POINTER + 1,
    CURLOPT_HTTPHEADER = OPT_POINTER + 23,
    CURLOPT_HEADERDATA = OPT_POINTER + 29,
    CURLOPT_CUSTOMREQUEST = OPT_POINTER + 36,
    CURLOPT_NOPROGRESS = OPT_LONG + 43,
    CURLOPT_NOBODY = OPT_LONG + 44,
    CURLOPT_FOLLOWLOCATION = OPT_LONG + 52,
    CURLOPT_XFERINFODATA = OPT_POINTER + 57,
    CURLOPT_HEADERFUNCTION = OPT_FUNCTION + 79,
    CURLOPT_NOSIGNAL = OPT_LONG + 99,
    CURLOPT_ACCEPT_ENCODING = OPT_POINTER + 102,
    CURLOPT_POSTFIELDSIZE_LARGE = OPT_OFF_T + 120,
    CURLOPT_TIMEOUT_MS = OPT_LONG + 155,
    CURLOPT_OPENSOCKETFUNCTION = OPT_FUNCTION + 163,
    CURLOPT_OPENSOCKETDATA = OPT_POINTER + 164,
    CURLOPT_COPYPOSTFIELDS = OPT_POINTER + 165,
    CURLOPT_NOPROXY = OPT_POINTER + 177,
    CURLOPT_PROTOCOLS = OPT_LONG + 181,
    CURLOPT_RESOLVE = OPT_POINTER + 203,
    CURLOPT_XFERINFOFUNCTION = OPT_FUNCTION + 219,
    CURLOPT_HTTP09_ALLOWED = OPT_LONG + 285,
    CURLOPT_PROTOCOLS_STR = OPT_POINTER + 318,
};
enum { CURLINFO_RESPONSE_CODE = 0x200000 + 2, CURLINFO_OS_ERRNO = 0x200000 + 25 };
enum { CURLMSG_DONE = 1 };
enum { CURLPROTO_HTTP = 1, CURLPROTO_HTTPS = 2 };
enum { CURL_GLOBAL_ALL = 3 };
enum { CURLE_OK = 0, CURLE_WRITE_ERROR = 23, CURLE_ABORTED_BY_CALLBACK = 42 };
#define CURL_ERROR_SIZE 256
#define CURL_SOCKET_BAD (-1)

static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, int, ...);
    CURLcode (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, void *, unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_cleanup)(CURLM *);
    char *(*version)(void);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char unavailable[512];
static char version[64];

static void load(void) {
#if defined(__APPLE__)
    const char *names[] = {"libcurl.4.dylib", "/usr/lib/libcurl.4.dylib"};
#else
    const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};
#endif
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        const char *error = dlerror();
        snprintf(unavailable, sizeof unavailable, "libcurl could not be loaded (%s)", error ? error : names[0]);
        return;
    }
#define LOAD(field, symbol)                                                                            \
    do {                                                                                               \
        *(void **)(&curl.field) = dlsym(library, symbol);                                              \
        if (curl.field == NULL) {                                                                      \
            snprintf(unavailable, sizeof unavailable, "libcurl lacks %s (version 7.68 or later is needed)", \
                     symbol);                                                                          \
            return;                                                                                    \
        }                                                                                              \
    } while (0)
    LOAD(global_init, "curl_global_init");
    LOAD(easy_init, "curl_easy_init");
    LOAD(easy_setopt, "curl_easy_setopt");
    LOAD(easy_getinfo, "curl_easy_getinfo");
    LOAD(easy_cleanup, "curl_easy_cleanup");
    LOAD(easy_strerror, "curl_easy_strerror");
    LOAD(slist_append, "curl_slist_append");
    LOAD(slist_free_all, "curl_slist_free_all");
    LOAD(multi_init, "curl_multi_init");
    LOAD(multi_add_handle, "curl_multi_add_handle");
    LOAD(multi_remove_handle, "curl_multi_remove_handle");
    LOAD(multi_perform, "curl_multi_perform");
    LOAD(multi_poll, "curl_multi_poll");
    LOAD(multi_wakeup, "curl_multi_wakeup");
    LOAD(multi_info_read, "curl_multi_info_read");
    LOAD(multi_cleanup, "curl_multi_cleanup");
    LOAD(version, "curl_version");
#undef LOAD
    if (curl.global_init(CURL_GLOBAL_ALL) != CURLE_OK) {
        snprintf(unavailable, sizeof unavailable, "libcurl could not be initialized");
        return;
    }
    const char *text = curl.version();  // "libcurl/7.88.1 OpenSSL/3.0.17 …"
    const char *slash = text ? strchr(text, '/') : NULL;
    if (slash) {
        size_t length = strcspn(slash + 1, " ");
        if (length >= sizeof version) length = sizeof version - 1;
        memcpy(version, slash + 1, length);
        version[length] = 0;
    }
}

static int loaded(void) {
    pthread_once(&load_once, load);
    return unavailable[0] == 0;
}

const char *transferkit_http_unavailable_reason(void) { return loaded() ? NULL : unavailable; }

const char *transferkit_http_library_version(void) { return loaded() ? version : NULL; }

// MARK: - A transfer

struct transferkit_http_transfer {
    CURLM *multi;
    atomic_int cancelled;
};

transferkit_http_transfer *transferkit_http_transfer_create(void) {
    if (!loaded()) return NULL;
    transferkit_http_transfer *transfer = calloc(1, sizeof *transfer);
    if (transfer == NULL) return NULL;
    transfer->multi = curl.multi_init();
    if (transfer->multi == NULL) {
        free(transfer);
        return NULL;
    }
    atomic_init(&transfer->cancelled, 0);
    return transfer;
}

void transferkit_http_cancel(transferkit_http_transfer *transfer) {
    atomic_store(&transfer->cancelled, 1);
    curl.multi_wakeup(transfer->multi);  // Thread-safe: ends a poll under way at once.
}

void transferkit_http_transfer_destroy(transferkit_http_transfer *transfer) {
    if (transfer == NULL) return;
    curl.multi_cleanup(transfer->multi);
    free(transfer);
}

void transferkit_http_response_free(transferkit_http_response *response) {
    free(response->headers);
    free(response->body);
    response->headers = NULL;
    response->body = NULL;
}

/// What the callbacks share.
typedef struct context {
    transferkit_http_transfer *transfer;
    const transferkit_http_request *request;
    transferkit_http_response *response;
    size_t header_capacity;
    size_t header_lines;
    size_t body_capacity;
    long long content_length;  // -1: none seen
    int chunked;
} context;

static int stop(context *context, int reason, const char *format, ...) {
    if (context->response->stop == TRANSFERKIT_HTTP_STOP_NONE) {
        context->response->stop = reason;
        if (format) {
            va_list arguments;
            va_start(arguments, format);
            vsnprintf(context->response->message, sizeof context->response->message, format, arguments);
            va_end(arguments);
        }
    }
    return 0;
}

/// Appends to a growing buffer (kept NUL-terminated), doubling it but never past `most` bytes
/// when that is enough, so that a body at its limit costs the limit.
static int append(char **buffer, size_t *length, size_t *capacity, const void *bytes, size_t count, size_t most) {
    if (*length + count + 1 > *capacity) {
        size_t wanted = *capacity ? *capacity : 4096;
        while (wanted < *length + count + 1) wanted *= 2;
        if (wanted > most && most >= *length + count + 1) wanted = most;
        char *grown = realloc(*buffer, wanted);
        if (grown == NULL) return -1;
        *buffer = grown;
        *capacity = wanted;
    }
    memcpy(*buffer + *length, bytes, count);
    *length += count;
    (*buffer)[*length] = 0;
    return 0;
}

/// The value after "name:" when `line` is that header, else NULL.
static const char *header_value(const char *line, size_t length, const char *name) {
    size_t name_length = strlen(name);
    if (length <= name_length || strncasecmp(line, name, name_length) != 0 || line[name_length] != ':') return NULL;
    return line + name_length + 1;
}

static size_t on_header(char *bytes, size_t size, size_t count, void *user) {
    context *context = user;
    transferkit_http_response *response = context->response;
    size_t length = size * count;
    if (atomic_load(&context->transfer->cancelled)) return stop(context, TRANSFERKIT_HTTP_STOP_CANCELLED, NULL);
    if (length >= 5 && memcmp(bytes, "HTTP/", 5) == 0) {
        // A status line: a new response (after a 1xx one) starts over.
        response->headers_length = 0;
        context->header_lines = 0;
        context->content_length = -1;
        context->chunked = 0;
        response->phase = TRANSFERKIT_HTTP_PHASE_STATUS;
    } else if (length <= 2 && (bytes[0] == '\r' || bytes[0] == '\n')) {
        if (context->chunked && context->content_length >= 0) {
            return stop(context, TRANSFERKIT_HTTP_STOP_LENGTH_WITH_CHUNKED,
                        "both Content-Length and Transfer-Encoding, which HTTP forbids (RFC 9112, section 6.3)");
        }
        response->phase = TRANSFERKIT_HTTP_PHASE_HEADERS;
        return length;
    } else {
        context->header_lines += 1;
        if (context->header_lines > context->request->header_line_limit) {
            return stop(context, TRANSFERKIT_HTTP_STOP_TOO_MANY_HEADERS,
                        "more than %zu header lines (the limit)", context->request->header_line_limit);
        }
        const char *value = header_value(bytes, length, "content-length");
        if (value) {
            // Digits, optionally a list of one repeated value ("5, 5"), else a framing error.
            long long parsed = -1;
            const char *end = bytes + length;
            while (value < end) {
                while (value < end && (*value == ' ' || *value == '\t' || *value == ',')) value++;
                if (value >= end || *value == '\r' || *value == '\n') break;
                long long number = 0;
                const char *start = value;
                while (value < end && *value >= '0' && *value <= '9') {
                    if (number > (LLONG_MAX - 9) / 10) {
                        return stop(context, TRANSFERKIT_HTTP_STOP_BAD_LENGTH, "a Content-Length too large to hold");
                    }
                    number = number * 10 + (*value - '0');
                    value++;
                }
                if (value == start) {
                    return stop(context, TRANSFERKIT_HTTP_STOP_BAD_LENGTH, "a Content-Length that is not a number");
                }
                if (parsed >= 0 && parsed != number) {
                    return stop(context, TRANSFERKIT_HTTP_STOP_CONFLICTING_LENGTH,
                                "two Content-Length values, %lld and %lld", parsed, number);
                }
                parsed = number;
            }
            if (context->content_length >= 0 && parsed >= 0 && parsed != context->content_length) {
                return stop(context, TRANSFERKIT_HTTP_STOP_CONFLICTING_LENGTH,
                            "two Content-Length headers, %lld and %lld", context->content_length, parsed);
            }
            if (parsed >= 0) context->content_length = parsed;
        }
        if (header_value(bytes, length, "transfer-encoding")) context->chunked = 1;
    }
    if (response->headers_length + length > context->request->header_bytes_limit) {
        return stop(context, TRANSFERKIT_HTTP_STOP_HEADERS_TOO_LARGE, "headers larger than %zu bytes (the limit)",
                    context->request->header_bytes_limit);
    }
    if (append(&response->headers, &response->headers_length, &context->header_capacity, bytes, length,
               context->request->header_bytes_limit + 1) != 0) {
        return stop(context, TRANSFERKIT_HTTP_STOP_OUT_OF_MEMORY, "out of memory");
    }
    return length;
}

static size_t on_body(char *bytes, size_t size, size_t count, void *user) {
    context *context = user;
    transferkit_http_response *response = context->response;
    size_t length = size * count;
    if (atomic_load(&context->transfer->cancelled)) return stop(context, TRANSFERKIT_HTTP_STOP_CANCELLED, NULL);
    response->phase = TRANSFERKIT_HTTP_PHASE_BODY;
    size_t room = (size_t)context->request->body_limit - response->body_length;
    size_t taken = length < room ? length : room;
    if (taken > 0 &&
        append((char **)&response->body, &response->body_length, &context->body_capacity, bytes, taken,
               (size_t)context->request->body_limit + 1) != 0) {
        return stop(context, TRANSFERKIT_HTTP_STOP_OUT_OF_MEMORY, "out of memory");
    }
    if (taken < length) return stop(context, TRANSFERKIT_HTTP_STOP_BODY_LIMIT, NULL);
    return length;
}

static int on_progress(void *user, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total,
                       curl_off_t uploaded) {
    (void)download_total, (void)downloaded, (void)upload_total, (void)uploaded;
    context *context = user;
    if (atomic_load(&context->transfer->cancelled)) {
        stop(context, TRANSFERKIT_HTTP_STOP_CANCELLED, NULL);
        return 1;
    }
    return 0;
}

static int on_open_socket(void *user, int purpose, struct curl_sockaddr *address) {
    (void)purpose;
    context *context = user;
    const transferkit_http_request *request = context->request;
    if (request->allowed_addresses != NULL) {
        int allowed = 0;
        char text[64] = "an unknown address";
        if (address->family == AF_INET) {
            const struct sockaddr_in *in = (const struct sockaddr_in *)&address->addr;
            inet_ntop(AF_INET, &in->sin_addr, text, sizeof text);
            for (size_t index = 0; index < request->allowed_count && !allowed; index++) {
                allowed = request->allowed_addresses[index].family == 4 &&
                          memcmp(request->allowed_addresses[index].bytes, &in->sin_addr, 4) == 0;
            }
        } else if (address->family == AF_INET6) {
            const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)&address->addr;
            inet_ntop(AF_INET6, &in6->sin6_addr, text, sizeof text);
            for (size_t index = 0; index < request->allowed_count && !allowed; index++) {
                allowed = request->allowed_addresses[index].family == 6 &&
                          memcmp(request->allowed_addresses[index].bytes, &in6->sin6_addr, 16) == 0;
            }
        }
        if (!allowed) {
            snprintf(context->response->refused_address, sizeof context->response->refused_address, "%s", text);
            stop(context, TRANSFERKIT_HTTP_STOP_REFUSED_ADDRESS, "a connection to %s, which was not checked", text);
            return CURL_SOCKET_BAD;
        }
    }
    return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

int transferkit_http_perform(transferkit_http_transfer *transfer, const transferkit_http_request *request,
                             transferkit_http_response *response) {
    memset(response, 0, sizeof *response);
    if (!loaded() || transfer == NULL) {
        response->stop = TRANSFERKIT_HTTP_STOP_UNAVAILABLE;
        snprintf(response->message, sizeof response->message, "%s", unavailable[0] ? unavailable : "no transfer");
        return -1;
    }
    context context = {.transfer = transfer, .request = request, .response = response, .content_length = -1};
    if (atomic_load(&transfer->cancelled)) {
        response->stop = TRANSFERKIT_HTTP_STOP_CANCELLED;
        return 0;
    }
    CURL *easy = curl.easy_init();
    if (easy == NULL) {
        response->stop = TRANSFERKIT_HTTP_STOP_OUT_OF_MEMORY;
        snprintf(response->message, sizeof response->message, "libcurl could not make a handle");
        return -1;
    }
    char error_buffer[CURL_ERROR_SIZE] = {0};
    struct curl_slist *headers = NULL;
    struct curl_slist *resolve = NULL;
    for (size_t index = 0; index < request->header_count; index++) {
        headers = curl.slist_append(headers, request->headers[index]);
    }
    if (request->resolve) resolve = curl.slist_append(NULL, request->resolve);

    curl.easy_setopt(easy, CURLOPT_URL, request->url);
    curl.easy_setopt(easy, CURLOPT_ERRORBUFFER, error_buffer);
    curl.easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
    // http and https only; older libraries know only the bit mask.
    if (curl.easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK) {
        curl.easy_setopt(easy, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    }
    curl.easy_setopt(easy, CURLOPT_HTTP09_ALLOWED, 0L);
    curl.easy_setopt(easy, CURLOPT_PROXY, "");  // No proxy from the environment: the address is ours.
    curl.easy_setopt(easy, CURLOPT_NOPROXY, "*");
    curl.easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");  // Every decoding libcurl has, counted after it.
    if (headers) curl.easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
    if (resolve) curl.easy_setopt(easy, CURLOPT_RESOLVE, resolve);
    if (request->method && strcmp(request->method, "GET") != 0) {
        if (strcmp(request->method, "HEAD") == 0) {
            curl.easy_setopt(easy, CURLOPT_NOBODY, 1L);
        } else {
            curl.easy_setopt(easy, CURLOPT_CUSTOMREQUEST, request->method);
        }
    }
    if (request->body) {
        curl.easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
        curl.easy_setopt(easy, CURLOPT_COPYPOSTFIELDS, (const char *)request->body);
        if (request->method) curl.easy_setopt(easy, CURLOPT_CUSTOMREQUEST, request->method);
    }
    if (request->timeout_ms > 0) curl.easy_setopt(easy, CURLOPT_TIMEOUT_MS, request->timeout_ms);
    curl.easy_setopt(easy, CURLOPT_HEADERFUNCTION, on_header);
    curl.easy_setopt(easy, CURLOPT_HEADERDATA, &context);
    curl.easy_setopt(easy, CURLOPT_WRITEFUNCTION, on_body);
    curl.easy_setopt(easy, CURLOPT_WRITEDATA, &context);
    curl.easy_setopt(easy, CURLOPT_NOPROGRESS, 0L);
    curl.easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl.easy_setopt(easy, CURLOPT_XFERINFODATA, &context);
    curl.easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, on_open_socket);
    curl.easy_setopt(easy, CURLOPT_OPENSOCKETDATA, &context);

    CURLcode result = CURLE_OK;
    int finished = 0;
    if (curl.multi_add_handle(transfer->multi, easy) == 0) {
        int running = 1;
        while (running) {
            if (curl.multi_perform(transfer->multi, &running) != 0) break;
            if (!running) break;
            if (atomic_load(&transfer->cancelled)) {
                stop(&context, TRANSFERKIT_HTTP_STOP_CANCELLED, NULL);
                result = CURLE_ABORTED_BY_CALLBACK;
                break;
            }
            if (curl.multi_poll(transfer->multi, NULL, 0, 1000, NULL) != 0) break;
        }
        int queued = 0;
        CURLMsg *message;
        while ((message = curl.multi_info_read(transfer->multi, &queued)) != NULL) {
            if (message->msg == CURLMSG_DONE && message->easy_handle == easy) {
                result = message->data.result;
                finished = 1;
            }
        }
        curl.multi_remove_handle(transfer->multi, easy);
    }
    if (!finished && response->stop == TRANSFERKIT_HTTP_STOP_NONE) {
        stop(&context, TRANSFERKIT_HTTP_STOP_OUT_OF_MEMORY, "libcurl's transfer loop failed");
    }
    response->curl_code = result;
    curl.easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &response->status);
    curl.easy_getinfo(easy, CURLINFO_OS_ERRNO, &response->os_errno);
    if (response->message[0] == 0 && result != CURLE_OK) {
        const char *words = error_buffer[0] ? error_buffer : curl.easy_strerror(result);
        snprintf(response->message, sizeof response->message, "%s", words ? words : "");
    }
    curl.easy_cleanup(easy);
    if (headers) curl.slist_free_all(headers);
    if (resolve) curl.slist_free_all(resolve);
    return 0;
}
