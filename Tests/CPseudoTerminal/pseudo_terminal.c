#define _GNU_SOURCE
#include "pseudo_terminal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

int pty_open(int *master, int *slave, unsigned short rows, unsigned short columns) {
    int m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (m < 0) return -1;
    if (grantpt(m) != 0 || unlockpt(m) != 0) { close(m); return -1; }
    char *name = ptsname(m);
    if (name == NULL) { close(m); return -1; }
    int s = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (s < 0) { close(m); return -1; }
    struct winsize size = { .ws_row = rows, .ws_col = columns, .ws_xpixel = 0, .ws_ypixel = 0 };
    ioctl(m, TIOCSWINSZ, &size);
    *master = m;
    *slave = s;
    return 0;
}

int pty_spawn(int master, const char *path, char *const argv[], char *const envp[], pid_t *pid) {
    char name[128];
    if (ptsname_r(master, name, sizeof name) != 0) return errno;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    // glibc applies the attributes (setsid) before the file actions, so the child is already a
    // session leader without a terminal when it opens the slave: it becomes its controlling one.
    posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0);
    posix_spawn_file_actions_adddup2(&actions, 0, 1);
    posix_spawn_file_actions_adddup2(&actions, 0, 2);
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    int result = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return result;
}
