// The wide-character curses API as Swift can see it. The defines must come
// before any system header; the macros Swift cannot import are wrapped below.
#ifndef HEADLINES_CNCURSESW_SHIM_H
#define HEADLINES_CNCURSESW_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1

#include <locale.h>
#include <wchar.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <ncursesw/curses.h>

int wcwidth(wchar_t c);
int wcswidth(const wchar_t *s, size_t n);

static inline attr_t hl_a_normal(void) { return A_NORMAL; }
static inline attr_t hl_a_bold(void) { return A_BOLD; }
static inline attr_t hl_a_reverse(void) { return A_REVERSE; }
static inline attr_t hl_a_dim(void) { return A_DIM; }
static inline attr_t hl_a_underline(void) { return A_UNDERLINE; }
static inline int hl_key_code_yes(void) { return KEY_CODE_YES; }
static inline int hl_err(void) { return ERR; }
static inline WINDOW *hl_stdscr(void) { return stdscr; }


/// Writes a run of characters (graphemes one after another, wide ones taking two columns)
/// with one set of attributes, starting at (y, x).
static inline int hl_put_run(WINDOW *win, int y, int x, const wchar_t *chars, int count, attr_t attrs, short pair) {
    wattr_set(win, attrs, pair, NULL);
    return mvwaddnwstr(win, y, x, chars, count);
}



/// A terminfo string capability, or NULL when the terminal has none.
static inline const char *hl_terminfo_string(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return NULL;
    return value;
}

/// The window size of the tty on `fd` (rows, columns); 0 when it cannot be read.
static inline void hl_tty_size(int fd, int *out_rows, int *out_columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0) { *out_rows = size.ws_row; *out_columns = size.ws_col; }
    else { *out_rows = 0; *out_columns = 0; }
}

/// Bytes waiting to be read on `fd` (FIONREAD); -1 on error.
static inline int hl_bytes_available(int fd) {
    int count = 0;
    if (ioctl(fd, FIONREAD, &count) != 0) return -1;
    return count;
}

static inline int hl_ignore_signal(int signo) { return signal(signo, SIG_IGN) == SIG_ERR ? -1 : 0; }

#endif
