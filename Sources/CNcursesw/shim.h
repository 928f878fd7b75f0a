// What Swift cannot import from ncursesw: SwiftPM drops -D_XOPEN_SOURCE=600,
// the wide-character API needs these defines, and attribute constants, colour
// pairs and the stdscr/LINES/COLS globals are macros or C globals.
#ifndef ROUX_NCURSES_SHIM_H
#define ROUX_NCURSES_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <string.h>

static inline WINDOW *roux_stdscr(void) { return stdscr; }
static inline int roux_lines(void) { return LINES; }
static inline int roux_cols(void) { return COLS; }
static inline int roux_colors(void) { return COLORS; }
static inline attr_t roux_a_bold(void) { return A_BOLD; }
static inline attr_t roux_a_italic(void) { return A_ITALIC; }
static inline attr_t roux_a_underline(void) { return A_UNDERLINE; }
static inline attr_t roux_a_reverse(void) { return A_REVERSE; }
static inline attr_t roux_a_dim(void) { return A_DIM; }
static inline attr_t roux_a_normal(void) { return A_NORMAL; }
static inline void roux_set_escdelay(int milliseconds) { set_escdelay(milliseconds); }

/// One cell: up to 5 wide characters (a spacing one and its combining marks).
static inline int roux_put_cell(int y, int x, const wchar_t *text, attr_t attributes, int pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attributes, (short)(pair < 32767 ? pair : 0), &pair) != OK) return ERR;
    return mvwadd_wch(stdscr, y, x, &cell);
}

/// Looks up the terminal named by TERM without taking the screen: 1 when
/// it has cursor addressing (ncurses can draw on it), 0 when it has not, -1
/// when terminfo does not know it. `alternate` says whether it has an
/// alternate screen to leave on quit; `clear` receives its clear-screen
/// string (padding included), for terminals that have none.
static inline int roux_probe_terminal(int *alternate, char *clear, int size) {
    int error = 0;
    *alternate = 0;
    clear[0] = 0;
    if (setupterm(NULL, 1, &error) != OK) return -1;
    char *move = tigetstr("cup");
    char *leave = tigetstr("rmcup");
    char *wipe = tigetstr("clear");
    int usable = move != NULL && move != (char *)-1;
    *alternate = leave != NULL && leave != (char *)-1 && leave[0] != 0;
    if (wipe != NULL && wipe != (char *)-1) {
        strncpy(clear, wipe, (size_t)size - 1);
        clear[size - 1] = 0;
    }
    del_curterm(cur_term);
    return usable;
}

/// Whether the terminfo entry `name` is a direct-colour one (24-bit colours
/// as numbers) that sends the numbers 8–15 as the bright palette colours
/// (SGR 90–97, as xterm-direct16 does): 1 if so, 0 if it sends them as RGB
/// (xterm-direct), -1 when it is not a direct-colour entry or is unknown.
static inline int roux_direct_colour_indexes_bright(const char *name) {
    int error = 0;
    if (setupterm(name, 1, &error) != OK) return -1;
    int result = -1;
    char *setaf = tigetstr("setaf");
    if (tigetnum("colors") >= (1 << 24) && setaf != NULL && setaf != (char *)-1) {
        const char *bright = tiparm(setaf, 12);
        result = bright != NULL && strcmp(bright, "\033[94m") == 0;
    }
    del_curterm(cur_term);
    return result;
}

/// Starts curses on the terminal entry `name` (for TERM itself, initscr).
static inline int roux_start_curses(const char *name) {
    if (name == NULL) return initscr() != NULL;
    SCREEN *screen = newterm(name, stdout, stdin);
    if (screen == NULL) return 0;
    set_term(screen);
    return 1;
}
/// The escape sequence that sets `attributes` and colour pair `pair`, as
/// ncurses would send it (vid_puts, which also records them as the
/// terminal's current ones), written into `out`; returns its length.
/// (The buffer lives in a function: Swift emits no global of a header.)
typedef struct { char bytes[512]; int length; } roux_sgr_output;
static inline roux_sgr_output *roux_sgr_state(void) {
    static roux_sgr_output output;
    return &output;
}
static inline int roux_sgr_put(int character) {
    roux_sgr_output *output = roux_sgr_state();
    if (output->length < (int)sizeof output->bytes) output->bytes[output->length++] = (char)character;
    return character;
}
static inline int roux_sgr(attr_t attributes, int pair, char *out, int size) {
    roux_sgr_output *output = roux_sgr_state();
    output->length = 0;
    vid_puts(attributes, 0, &pair, roux_sgr_put);
    int length = output->length < size ? output->length : size;
    memcpy(out, output->bytes, (size_t)length);
    return length;
}

/// The sequence that starts a curly underline on the terminal curses
/// drives, from its terminfo entry's extended capability `Smulx` (kitty's,
/// foot's, wezterm's entries have it) with style 3, written into `out`;
/// returns its length, 0 when the entry has none. ncurses has no attribute
/// for it, so the backend sends it itself.
static inline int roux_curly_underline(char *out, int size) {
    char *smulx = tigetstr("Smulx");
    if (smulx == NULL || smulx == (char *)-1) return 0;
    const char *sequence = tiparm(smulx, 3);
    if (sequence == NULL) return 0;
    int length = (int)strlen(sequence);
    if (length >= size) return 0;
    memcpy(out, sequence, (size_t)length);
    return length;
}

/// Where ncurses left the cursor after a refresh (the window's cursor).
static inline int roux_cursor_y(void) { return getcury(stdscr); }
static inline int roux_cursor_x(void) { return getcurx(stdscr); }

#endif
