// Giving the terminal back, even after a crash. Plain C because a signal handler may only
// make async-signal-safe calls and touch plain memory.
#ifndef HEADLINES_TERMINAL_GUARD_H
#define HEADLINES_TERMINAL_GUARD_H

#include <stddef.h>

/// Saves the tty modes of `fd` as they are now (call before curses changes them). Returns 1 on success.
int tg_save_tty_modes(int fd);

/// Restores the saved tty modes (also used on normal exit, after endwin, as a last resort).
void tg_restore_tty_modes(void);

/// The bytes written on a crash: typically rmcup (leave the alternate screen), cnorm and sgr0.
void tg_set_restore_sequence(const char *sequence);

/// Installs the restoring handler on the signals a crash raises (SEGV, BUS, ILL, FPE, ABRT, TRAP, SYS).
/// The handler restores the modes, writes the sequence, says so on stderr, then re-raises.
void tg_install_crash_handlers(void);

#endif
