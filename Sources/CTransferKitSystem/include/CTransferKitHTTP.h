// One HTTP exchange through libcurl, opened at run time (dlopen) so that no libcurl headers or
// development files are needed to build, and no link-time dependency is added: FoundationNetworking
// already loads `libcurl.so.4` on Linux. Used by LinkPreviews' default transport.
//
// What this layer owns, and URLSession could not give:
// - every byte of the body is counted as it is decoded (gzip, deflate, brotli, zstd), and the
//   transfer stops at the limit, so memory stays bounded whatever the server sends;
// - the transfer can be cancelled from another thread at any moment, decoding included;
// - the socket is opened only to an address the caller allowed (the address connected is the
//   address checked), and no proxy from the environment is used;
// - framing that HTTP forbids (conflicting Content-Length, Content-Length with Transfer-Encoding),
//   too many header lines and too large a header block end the transfer with a reason;
// - no response can terminate the process.
#ifndef C_TRANSFER_KIT_HTTP_H
#define C_TRANSFER_KIT_HTTP_H

#include <stddef.h>
#include <stdint.h>

/// An IP address a transfer may connect to: 4 or 16 bytes.
typedef struct transferkit_http_address {
    int family;              // 4 or 6
    unsigned char bytes[16];
} transferkit_http_address;

/// What to send, and the limits.
typedef struct transferkit_http_request {
    const char *url;
    const char *method;                   // NULL or "GET" for GET
    const char *const *headers;           // "Name: value" lines
    size_t header_count;
    const unsigned char *body;            // NULL for none
    size_t body_length;
    const char *resolve;                  // "host:port:address[,address]" pinning the name, or NULL
    const transferkit_http_address *allowed_addresses;  // NULL: any address may be connected
    size_t allowed_count;
    int64_t body_limit;                   // decoded bytes kept; one more ends the transfer
    size_t header_line_limit;             // the most header lines
    size_t header_bytes_limit;            // the most bytes of header lines together
    long timeout_ms;                      // 0: none (cancel instead)
} transferkit_http_request;

/// Where a transfer stopped, when it did not complete.
enum {
    TRANSFERKIT_HTTP_STOP_NONE = 0,
    TRANSFERKIT_HTTP_STOP_BODY_LIMIT = 1,         // the body reached the limit (a truncated success)
    TRANSFERKIT_HTTP_STOP_REFUSED_ADDRESS = 2,    // a connection to an address not allowed
    TRANSFERKIT_HTTP_STOP_CANCELLED = 3,
    TRANSFERKIT_HTTP_STOP_TOO_MANY_HEADERS = 4,
    TRANSFERKIT_HTTP_STOP_HEADERS_TOO_LARGE = 5,
    TRANSFERKIT_HTTP_STOP_CONFLICTING_LENGTH = 6,
    TRANSFERKIT_HTTP_STOP_LENGTH_WITH_CHUNKED = 7,
    TRANSFERKIT_HTTP_STOP_BAD_LENGTH = 8,
    TRANSFERKIT_HTTP_STOP_UNAVAILABLE = 9,        // libcurl could not be loaded
    TRANSFERKIT_HTTP_STOP_OUT_OF_MEMORY = 10,
};

/// How far a response came: nothing, a status line, every header, body bytes.
enum {
    TRANSFERKIT_HTTP_PHASE_NOTHING = 0,
    TRANSFERKIT_HTTP_PHASE_STATUS = 1,
    TRANSFERKIT_HTTP_PHASE_HEADERS = 2,
    TRANSFERKIT_HTTP_PHASE_BODY = 3,
};

/// What came back. Free with `transferkit_http_response_free`.
typedef struct transferkit_http_response {
    long status;
    char *headers;            // the header lines of the final response, "\r\n"-separated
    size_t headers_length;
    unsigned char *body;
    size_t body_length;
    int curl_code;            // libcurl's result (0: complete)
    int stop;                 // TRANSFERKIT_HTTP_STOP_…
    int phase;                // TRANSFERKIT_HTTP_PHASE_…
    long os_errno;            // the system's error number of the last failed socket call, or 0
    char message[256];        // libcurl's words for a failure, or ours
    char refused_address[64]; // the address refused, as text
} transferkit_http_response;

/// One transfer's handle: made before, cancelled from any thread, destroyed after.
typedef struct transferkit_http_transfer transferkit_http_transfer;

/// A handle, or NULL when libcurl cannot be loaded (`transferkit_http_unavailable_reason` says why).
transferkit_http_transfer *transferkit_http_transfer_create(void);

/// Performs `request` on the calling thread (it blocks), filling `response`. Returns 0 when the
/// transfer ran (see `response->curl_code` and `stop`), -1 when it could not start.
int transferkit_http_perform(transferkit_http_transfer *transfer, const transferkit_http_request *request,
                             transferkit_http_response *response);

/// Cancels the transfer from any thread: it stops within milliseconds, or never starts.
void transferkit_http_cancel(transferkit_http_transfer *transfer);

/// Frees a handle, after `transferkit_http_perform` has returned (or was never called).
void transferkit_http_transfer_destroy(transferkit_http_transfer *transfer);

/// Frees the buffers of a response.
void transferkit_http_response_free(transferkit_http_response *response);

/// Why libcurl could not be loaded, or NULL when it is.
const char *transferkit_http_unavailable_reason(void);

/// libcurl's version, as it says it ("7.88.1"), or NULL when it cannot be loaded.
const char *transferkit_http_library_version(void);

#endif
