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


/// Why a long paragraph's lines can be resolved one window at a time
/// (`ParagraphBidiIndex`), one character's part in it.
enum {
    ROUX_BIDI_PLAIN = 0,        /* leaves a left-to-right paragraph at level 0 */
    ROUX_BIDI_NEEDS = 1,        /* right-to-left, Arabic letter or number: the paragraph needs bidi */
    ROUX_BIDI_EXPLICIT = 2,     /* embedding, override or isolate: resolved only with the whole paragraph */
};

static inline int roux_fribidi_role(FriBidiChar character) {
    FriBidiCharType type = fribidi_get_bidi_type(character);
    if (FRIBIDI_IS_EXPLICIT(type) || FRIBIDI_IS_ISOLATE(type)) return ROUX_BIDI_EXPLICIT;
    if (FRIBIDI_IS_RTL(type) || FRIBIDI_IS_ARABIC(type)) return ROUX_BIDI_NEEDS;
    return ROUX_BIDI_PLAIN;
}

/// Whether a character leaves a left-to-right paragraph at level 0 whatever
/// surrounds it: not right-to-left, not an Arabic number, no embedding,
/// override or isolate. A paragraph of only such characters needs no bidi.
static inline int roux_fribidi_is_plain_left_to_right(FriBidiChar character) {
    return roux_fribidi_role(character) == ROUX_BIDI_PLAIN ? 1 : 0;
}

/// A strong letter (L, R, AL): the first one sets an auto paragraph's direction.
static inline int roux_fribidi_is_strong_letter(FriBidiChar character) {
    return FRIBIDI_IS_LETTER(fribidi_get_bidi_type(character)) ? 1 : 0;
}

/// A strong letter that Arabic joining does not skip: resolving rules W1-W7,
/// N1-N2 and cursive joining never look past one (`ParagraphBidiIndex`).
static inline int roux_fribidi_is_anchor(FriBidiChar character) {
    if (!FRIBIDI_IS_LETTER(fribidi_get_bidi_type(character))) return 0;
    return FRIBIDI_IS_JOIN_SKIPPED(fribidi_get_joining_type(character)) ? 0 : 1;
}

/// A character cursive joining passes over (transparent or ignored).
static inline int roux_fribidi_is_join_skipped(FriBidiChar character) {
    return FRIBIDI_IS_JOIN_SKIPPED(fribidi_get_joining_type(character)) ? 1 : 0;
}

/// Arabic shaping may change the cells of an Arabic letter (AL) and its neighbour.
static inline int roux_fribidi_is_arabic_letter(FriBidiChar character) {
    FriBidiCharType type = fribidi_get_bidi_type(character);
    return (FRIBIDI_IS_LETTER(type) && FRIBIDI_IS_ARABIC(type)) ? 1 : 0;
}

/// A bracket BD16 pairs (its bidi type is ON), with its id and the open bit; 0 for others.
static inline FriBidiBracketType roux_fribidi_paired_bracket(FriBidiChar character) {
    if (fribidi_get_bidi_type(character) != FRIBIDI_TYPE_ON) return FRIBIDI_NO_BRACKET;
    return fribidi_get_bracket(character);
}

/// How FriBidi's run list sees a character before rule W1: 1 ON, 2 NSM,
/// 3 removed by rule X9 (BN), 0 any other type.
static inline int roux_fribidi_run_class(FriBidiChar character) {
    FriBidiCharType type = fribidi_get_bidi_type(character);
    if (type == FRIBIDI_TYPE_ON) return 1;
    if (type == FRIBIDI_TYPE_NSM) return 2;
    if (FRIBIDI_IS_EXPLICIT_OR_BN(type)) return 3;
    return 0;
}

static inline int roux_fribidi_max_nested_brackets(void) { return FRIBIDI_BIDI_MAX_NESTED_BRACKET_PAIRS; }

#endif
