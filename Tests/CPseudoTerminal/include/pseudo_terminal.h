// A pseudo-terminal pair of a given size, for driving curses without a real terminal (the
// redraw, start and filter benchmarks), and a program started on one. C because setting the
// size is an ioctl, which Swift cannot call, and the spawn needs glibc's _GNU_SOURCE extensions.
#ifndef HEADLINES_PSEUDO_TERMINAL_H
#define HEADLINES_PSEUDO_TERMINAL_H

#include <sys/types.h>

/// Opens a pseudo-terminal pair of `rows` x `columns`. Returns 0 and sets both descriptors,
/// or -1 with errno set.
int pty_open(int *master, int *slave, unsigned short rows, unsigned short columns);

/// Starts `path` with `argv` and `envp` (both NULL-terminated) in a session of its own, with the
/// slave of `master` as its controlling terminal and its stdin, stdout and stderr, and no other
/// descriptor of ours. Returns 0 and sets `pid`, or an errno value.
int pty_spawn(int master, const char *path, char *const argv[], char *const envp[], pid_t *pid);

#endif
