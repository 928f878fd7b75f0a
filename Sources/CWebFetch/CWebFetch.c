// `roux import https://…` through libcurl, opened with dlopen only when a
// page is fetched: linked at start (as Foundation's URLSession links it),
// libcurl brings some thirty libraries (TLS, Kerberos, LDAP, SSH…) into
// every start of the editor. The few entry points and option numbers used
// are libcurl's stable ABI (curl.h), declared here so no headers are needed.
#include "CWebFetch.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_WRITEFUNCTION = 20011,
    OPT_TIMEOUT = 13, OPT_LOW_SPEED_LIMIT = 19, OPT_LOW_SPEED_TIME = 20, OPT_USERAGENT = 10018,
    OPT_HTTPHEADER = 10023, OPT_HEADERDATA = 10029, OPT_FOLLOWLOCATION = 52, OPT_MAXREDIRS = 68,
    OPT_CONNECTTIMEOUT = 78, OPT_HEADERFUNCTION = 20079, OPT_NOSIGNAL = 99, OPT_ACCEPT_ENCODING = 10102,
    OPT_MAXFILESIZE_LARGE = 30117, OPT_PROTOCOLS = 181, OPT_REDIR_PROTOCOLS = 182,
    OPT_PROTOCOLS_STR = 10318, OPT_REDIR_PROTOCOLS_STR = 10319,
    INFO_RESPONSE_CODE = 0x200002,
    CODE_OK = 0, CODE_WRITE_ERROR = 23, CODE_FILESIZE_EXCEEDED = 63,
    PROTO_HTTP_AND_HTTPS = 1 | 2, GLOBAL_ALL = 3, ERROR_SIZE = 256
};

typedef struct curl_slist curl_slist;
typedef void CURL;

static struct {
    int (*global_init)(long);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *, int, ...);
    int (*easy_perform)(CURL *);
    int (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(int);
    curl_slist *(*slist_append)(curl_slist *, const char *);
    void (*slist_free_all)(curl_slist *);
} curl;
static int opened;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_library(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    *(void **)&curl.global_init = dlsym(library, "curl_global_init");
    *(void **)&curl.easy_init = dlsym(library, "curl_easy_init");
    *(void **)&curl.easy_setopt = dlsym(library, "curl_easy_setopt");
    *(void **)&curl.easy_perform = dlsym(library, "curl_easy_perform");
    *(void **)&curl.easy_getinfo = dlsym(library, "curl_easy_getinfo");
    *(void **)&curl.easy_cleanup = dlsym(library, "curl_easy_cleanup");
    *(void **)&curl.easy_strerror = dlsym(library, "curl_easy_strerror");
    *(void **)&curl.slist_append = dlsym(library, "curl_slist_append");
    *(void **)&curl.slist_free_all = dlsym(library, "curl_slist_free_all");
    if (!curl.global_init || !curl.easy_init || !curl.easy_setopt || !curl.easy_perform || !curl.easy_getinfo
        || !curl.easy_cleanup || !curl.easy_strerror || !curl.slist_append || !curl.slist_free_all) return;
    opened = curl.global_init(GLOBAL_ALL) == CODE_OK;
}

typedef struct {
    roux_fetch_result *result;
    size_t limit;
    size_t capacity;
    int too_large;
} transfer;

static size_t take_bytes(char *data, size_t size, size_t count, void *context) {
    transfer *t = context;
    size_t n = size * count;
    if (t->result->count + n > t->limit) {
        t->too_large = 1;
        return 0; // stops the transfer
    }
    if (t->result->count + n > t->capacity) {
        size_t capacity = t->capacity ? t->capacity : 64 << 10;
        while (capacity < t->result->count + n) capacity *= 2;
        unsigned char *grown = realloc(t->result->bytes, capacity);
        if (!grown) return 0;
        t->result->bytes = grown;
        t->capacity = capacity;
    }
    memcpy(t->result->bytes + t->result->count, data, n);
    t->result->count += n;
    return n;
}

// The status line of each answer (a redirect's, then the page's): the last
// one's reason phrase is what the server said ("Not Found").
static size_t take_header(char *data, size_t size, size_t count, void *context) {
    transfer *t = context;
    size_t n = size * count;
    if (n > 5 && memcmp(data, "HTTP/", 5) == 0) {
        const char *space = memchr(data, ' ', n);
        const char *reason = space ? memchr(space + 1, ' ', n - (size_t)(space + 1 - data)) : NULL;
        size_t length = 0;
        if (reason) {
            reason++;
            while (reason + length < data + n && reason[length] != '\r' && reason[length] != '\n'
                   && length + 1 < sizeof t->result->reason) length++;
            memcpy(t->result->reason, reason, length);
        }
        t->result->reason[length] = 0;
    }
    return n;
}

void roux_fetch(const char *url, const char *user_agent, const char *accept, long answer_seconds, long whole_seconds,
                size_t limit, roux_fetch_result *result) {
    memset(result, 0, sizeof *result);
    pthread_once(&once, open_library);
    if (!opened) {
        result->outcome = ROUX_FETCH_NO_LIBRARY;
        return;
    }
    CURL *handle = curl.easy_init();
    if (!handle) {
        result->outcome = ROUX_FETCH_FAILED;
        snprintf(result->message, sizeof result->message, "libcurl could not start a transfer");
        return;
    }
    transfer t = { result, limit, 0, 0 };
    char error[ERROR_SIZE] = "";
    curl_slist *headers = curl.slist_append(NULL, accept);
    curl.easy_setopt(handle, OPT_URL, url);
    // Only the web, redirects included (never file:, ftp:…).
    if (curl.easy_setopt(handle, OPT_PROTOCOLS_STR, "http,https") != CODE_OK)
        curl.easy_setopt(handle, OPT_PROTOCOLS, (long)PROTO_HTTP_AND_HTTPS);
    if (curl.easy_setopt(handle, OPT_REDIR_PROTOCOLS_STR, "http,https") != CODE_OK)
        curl.easy_setopt(handle, OPT_REDIR_PROTOCOLS, (long)PROTO_HTTP_AND_HTTPS);
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(handle, OPT_MAXREDIRS, 16L);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, OPT_CONNECTTIMEOUT, answer_seconds);
    curl.easy_setopt(handle, OPT_LOW_SPEED_LIMIT, 1L);
    curl.easy_setopt(handle, OPT_LOW_SPEED_TIME, answer_seconds);
    curl.easy_setopt(handle, OPT_TIMEOUT, whole_seconds);
    curl.easy_setopt(handle, OPT_USERAGENT, user_agent);
    curl.easy_setopt(handle, OPT_HTTPHEADER, headers);
    curl.easy_setopt(handle, OPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, OPT_MAXFILESIZE_LARGE, (long long)limit);
    curl.easy_setopt(handle, OPT_ERRORBUFFER, error);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, take_bytes);
    curl.easy_setopt(handle, OPT_WRITEDATA, &t);
    curl.easy_setopt(handle, OPT_HEADERFUNCTION, take_header);
    curl.easy_setopt(handle, OPT_HEADERDATA, &t);
    int code = curl.easy_perform(handle);
    curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &result->status);
    if (t.too_large || code == CODE_FILESIZE_EXCEEDED) {
        result->outcome = ROUX_FETCH_TOO_LARGE;
    } else if (code != CODE_OK) {
        result->outcome = ROUX_FETCH_FAILED;
        snprintf(result->message, sizeof result->message, "%s", error[0] ? error : curl.easy_strerror(code));
    } else if (result->status < 200 || result->status >= 300) {
        result->outcome = ROUX_FETCH_STATUS;
    } else {
        result->outcome = ROUX_FETCH_OK;
    }
    if (result->outcome != ROUX_FETCH_OK) {
        free(result->bytes);
        result->bytes = NULL;
        result->count = 0;
    }
    curl.slist_free_all(headers);
    curl.easy_cleanup(handle);
}

void roux_fetch_free(roux_fetch_result *result) {
    free(result->bytes);
    result->bytes = NULL;
    result->count = 0;
}
