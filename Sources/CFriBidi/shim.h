// What Swift cannot import from FriBidi: its function-like macros and the
// macro constants for paragraph directions and flags.
#ifndef ROUX_FRIBIDI_SHIM_H
#define ROUX_FRIBIDI_SHIM_H

#include <fribidi.h>

static inline FriBidiParType roux_fribidi_paragraph_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType roux_fribidi_paragraph_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType roux_fribidi_paragraph_auto(void) { return FRIBIDI_PAR_ON; }

/// Arabic presentation forms and ligatures (lam-alef); ligatures pad with U+FEFF.
static inline FriBidiFlags roux_fribidi_flags_arabic_shaping(void) { return FRIBIDI_FLAGS_ARABIC; }

/// Characters rule X9 removes: embeddings, overrides, PDF and boundary neutrals.
static inline int roux_fribidi_is_removed_by_x9(FriBidiCharType type) {
    return FRIBIDI_IS_EXPLICIT_OR_BN(type) ? 1 : 0;
}

static inline int roux_fribidi_is_letter_strong(FriBidiCharType type) {
    return FRIBIDI_IS_LETTER(type) ? 1 : 0;
}

/// Whether a character leaves a left-to-right paragraph at level 0 whatever
/// surrounds it: not right-to-left, not an Arabic number, no embedding,
/// override or isolate. A paragraph of only such characters needs no bidi.
static inline int roux_fribidi_is_plain_left_to_right(FriBidiChar character) {
    FriBidiCharType type = fribidi_get_bidi_type(character);
    return (FRIBIDI_IS_RTL(type) || FRIBIDI_IS_ARABIC(type) || FRIBIDI_IS_EXPLICIT(type) || FRIBIDI_IS_ISOLATE(type)) ? 0 : 1;
}

#endif
