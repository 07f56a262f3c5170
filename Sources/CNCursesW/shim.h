// The wide-character curses API as Swift can see it. The defines must come
// before any system header; the macros Swift cannot import are wrapped below.
#ifndef HEADLINES_CNCURSESW_SHIM_H
#define HEADLINES_CNCURSESW_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

int wcwidth(wchar_t c);
int wcswidth(const wchar_t *s, size_t n);

static inline attr_t hl_a_normal(void) { return A_NORMAL; }
static inline attr_t hl_a_bold(void) { return A_BOLD; }
static inline attr_t hl_a_reverse(void) { return A_REVERSE; }
static inline attr_t hl_a_dim(void) { return A_DIM; }
static inline attr_t hl_a_underline(void) { return A_UNDERLINE; }
static inline attr_t hl_color_pair(int n) { return COLOR_PAIR(n); }
static inline int hl_key_code_yes(void) { return KEY_CODE_YES; }
static inline int hl_err(void) { return ERR; }
static inline int hl_ok(void) { return OK; }

/// Writes one grapheme (a base character and its combining marks) with attributes at (y, x).
static inline int hl_put_cell(WINDOW *win, int y, int x, const wchar_t *chars, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, chars, attrs, pair, NULL) != OK) return ERR;
    return mvwadd_wch(win, y, x, &cell);
}

/// Writes a cell at (y, x) while leaving the cursor where it ends; used for the last column too.
static inline int hl_ins_cell(WINDOW *win, int y, int x, const wchar_t *chars, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, chars, attrs, pair, NULL) != OK) return ERR;
    return mvwins_wch(win, y, x, &cell);
}

#endif
