// A pseudo-terminal pair of a given size, for driving curses without a real terminal (the
// redraw benchmark). C because setting the size is an ioctl, which Swift cannot call.
#ifndef HEADLINES_PSEUDO_TERMINAL_H
#define HEADLINES_PSEUDO_TERMINAL_H

/// Opens a pseudo-terminal pair of `rows` x `columns`. Returns 0 and sets both descriptors,
/// or -1 with errno set.
int pty_open(int *master, int *slave, unsigned short rows, unsigned short columns);

#endif
