// The wide-character curses API as Swift can see it. The defines must come
// before any system header; the macros Swift cannot import are wrapped below.
#ifndef HEADLINES_CNCURSESW_SHIM_H
#define HEADLINES_CNCURSESW_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline attr_t hl_a_normal(void) { return A_NORMAL; }
static inline attr_t hl_a_bold(void) { return A_BOLD; }
static inline attr_t hl_a_reverse(void) { return A_REVERSE; }
static inline attr_t hl_a_dim(void) { return A_DIM; }
static inline attr_t hl_a_underline(void) { return A_UNDERLINE; }
static inline attr_t hl_a_italic(void) { return A_ITALIC; }
static inline int hl_key_code_yes(void) { return KEY_CODE_YES; }
static inline int hl_err(void) { return ERR; }
static inline WINDOW *hl_stdscr(void) { return stdscr; }


/// Writes a run of characters (graphemes one after another, wide ones taking two columns)
/// with one set of attributes, starting at (y, x). The pair goes through `opts`, so pair
/// numbers beyond a short's range work (ncurses' extended pairs).
static inline int hl_put_run_pair(WINDOW *win, int y, int x, const wchar_t *chars, int count, attr_t attrs, int pair) {
    wattr_set(win, attrs, 0, &pair);
    return mvwaddnwstr(win, y, x, chars, count);
}

/// The terminal's colours and colour pairs (globals Swift 6 refuses to read).
static inline int hl_colors(void) { return COLORS; }
static inline int hl_color_pairs(void) { return COLOR_PAIRS; }

/// Defines an extended colour pair (foreground and background: 0-255, or -1 for the default).
static inline int hl_init_pair(int pair, int foreground, int background) {
    return init_extended_pair(pair, foreground, background);
}


/// A terminfo string capability, or NULL when the terminal has none.
static inline const char *hl_terminfo_string(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return NULL;
    return value;
}

#endif
