// The system calls Swift cannot make itself: what the terminal driver asks of the tty (ioctl is
// variadic, SIG_IGN is a macro), and what the Glibc module leaves out: one spawn action, waitid without reaping, and mallopt.
#ifndef HEADLINES_SYSTEM_CALLS_H
#define HEADLINES_SYSTEM_CALLS_H

/// The window size of the tty on `fd` (rows, columns); both 0 when it cannot be read.
void sys_window_size(int fd, int *out_rows, int *out_columns);

/// The tty's size in pixels (TIOCGWINSZ's xpixel and ypixel); both 0 when the terminal does not say.
void sys_window_pixels(int fd, int *out_width, int *out_height);

/// Reads what arrives on `fd` within `timeout_ms` milliseconds into `buffer` (at most `size`
/// bytes): the count, 0 when nothing came in time, -1 on error or end of input.
long sys_read_within(int fd, unsigned char *buffer, unsigned long size, int timeout_ms);

/// Bytes waiting to be read on `fd` (FIONREAD); -1 on error.
int sys_bytes_available(int fd);
/// 1 when `fd` has hung up (POLLHUP, POLLERR or POLLNVAL): the terminal is gone. Readable with
/// nothing decoded (a lone invalid UTF-8 byte, which curses drops) is not that.
int sys_input_hung_up(int fd);
/// prctl(PR_SET_DUMPABLE, 0): no core file, no ptrace by the same user, /proc/PID owned by root.
int sys_set_not_dumpable(void);
/// prctl(PR_GET_DUMPABLE): 1 dumpable, 0 not.
int sys_is_dumpable(void);

/// Turns the tty's output flow control off (IXON): Ctrl-S and Ctrl-Q then reach the program as
/// keys instead of stopping and restarting the terminal's output. 0 on success, -1 when `fd` is
/// not a tty. The saved modes (`tg_save_tty_modes`) bring it back on exit.
int sys_disable_flow_control(int fd);

/// Ignores `signo` (SIG_IGN); -1 on error.
int sys_ignore_signal(int signo);

/// Adds "close every descriptor from `from` up" to spawn actions (posix_spawn_file_actions_t *,
/// passed as void * so the header needs no <spawn.h>): a program the terminal browser starts
/// inherits nothing of ours. 0 on success.
int sys_spawn_close_from(void *actions, int from);

/// 1 when the child `pid` has ended, 0 while it runs, -1 on error (no such child): waitid with
/// WNOWAIT, which leaves it unreaped, so that its process group's ID stays reserved while the
/// rest of the group is signalled (a reaped leader's ID could be reused).
int sys_child_has_exited(int pid);

/// Caps glibc's malloc arenas at `count` (mallopt M_ARENA_MAX); 1 on success.
int sys_limit_malloc_arenas(int count);

#endif
