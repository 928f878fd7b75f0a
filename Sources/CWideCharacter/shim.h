// glibc declares wcwidth only under _XOPEN_SOURCE, which SwiftPM does not define.
#ifndef ROUX_WIDE_CHARACTER_SHIM_H
#define ROUX_WIDE_CHARACTER_SHIM_H

#include <locale.h>
#include <stddef.h>

extern int wcwidth(wchar_t character);

/// The cells glibc (and so ncurses) gives one code point; -1 when it does not know it.
static inline int roux_wcwidth(unsigned int codePoint) {
    return wcwidth((wchar_t)codePoint);
}

/// Puts LC_CTYPE in a UTF-8 locale: the user's when it is one, else C.UTF-8.
/// Returns 1 when wcwidth then knows wide characters.
static inline int roux_use_utf8_ctype(void) {
    setlocale(LC_CTYPE, "");
    if (wcwidth(0x4E00) != 2) setlocale(LC_CTYPE, "C.UTF-8");
    return wcwidth(0x4E00) == 2;
}

#endif
