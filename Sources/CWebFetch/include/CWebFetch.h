#ifndef ROUX_CWEBFETCH_H
#define ROUX_CWEBFETCH_H

#include <stddef.h>

/// What fetching a web page gave: its bytes (malloc'ed, the caller frees
/// them with roux_fetch_free), or why not.
typedef enum {
    ROUX_FETCH_OK = 0,
    /// libcurl is not installed (it is opened only when a page is fetched).
    ROUX_FETCH_NO_LIBRARY,
    /// The page is over the limit (said by its length, or found reading it).
    ROUX_FETCH_TOO_LARGE,
    /// The server answered, but not with a page: `status` and `reason`.
    ROUX_FETCH_STATUS,
    /// The transfer failed: `message` says why.
    ROUX_FETCH_FAILED
} roux_fetch_outcome;

typedef struct {
    roux_fetch_outcome outcome;
    unsigned char *bytes;
    size_t count;
    long status;
    char reason[128];
    char message[320];
} roux_fetch_result;

/// Fetches `url` over http or https only (redirects too), at most `limit`
/// bytes, giving up after `answer_seconds` without a byte and `whole_seconds` in all.
void roux_fetch(const char *url, const char *user_agent, const char *accept, long answer_seconds, long whole_seconds,
                size_t limit, roux_fetch_result *result);

void roux_fetch_free(roux_fetch_result *result);

#endif
