// Hunspell's C interface (Debian libhunspell-dev). Swift imports it as it
// is; the shim only names the header, as the other system modules do.
#ifndef ROUX_HUNSPELL_SHIM_H
#define ROUX_HUNSPELL_SHIM_H

#include <hunspell/hunspell.h>

#endif
