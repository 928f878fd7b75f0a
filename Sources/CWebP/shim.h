// libwebp's simple decoding calls (Debian libwebp-dev).
#ifndef ROUX_WEBP_SHIM_H
#define ROUX_WEBP_SHIM_H

#include <webp/decode.h>

#endif
