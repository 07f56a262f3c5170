#define _GNU_SOURCE 1
#include "system_calls.h"

#include <errno.h>
#include <malloc.h>
#include <poll.h>
#include <sys/prctl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

void sys_window_size(int fd, int *out_rows, int *out_columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0) {
        *out_rows = size.ws_row;
        *out_columns = size.ws_col;
    } else {
        *out_rows = 0;
        *out_columns = 0;
    }
}

void sys_window_pixels(int fd, int *out_width, int *out_height) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0) {
        *out_width = size.ws_xpixel;
        *out_height = size.ws_ypixel;
    } else {
        *out_width = 0;
        *out_height = 0;
    }
}

long sys_read_within(int fd, unsigned char *buffer, unsigned long size, int timeout_ms) {
    struct pollfd entry = {.fd = fd, .events = POLLIN};
    int ready = poll(&entry, 1, timeout_ms < 0 ? 0 : timeout_ms);
    if (ready < 0) return errno == EINTR ? 0 : -1;
    if (ready == 0) return 0;
    if (!(entry.revents & POLLIN)) return -1;
    ssize_t count = read(fd, buffer, size);
    if (count < 0) return errno == EINTR || errno == EAGAIN ? 0 : -1;
    return count == 0 ? -1 : (long)count;
}

int sys_bytes_available(int fd) {
    int count = 0;
    if (ioctl(fd, FIONREAD, &count) != 0) return -1;
    return count;
}

int sys_input_hung_up(int fd) {
    struct pollfd poller = { .fd = fd, .events = POLLIN, .revents = 0 };
    if (poll(&poller, 1, 0) < 0) return 0;
    return (poller.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

int sys_disable_flow_control(int fd) {
    struct termios modes;
    if (tcgetattr(fd, &modes) != 0) return -1;
    modes.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
    return tcsetattr(fd, TCSANOW, &modes);
}

int sys_ignore_signal(int signo) { return signal(signo, SIG_IGN) == SIG_ERR ? -1 : 0; }

int sys_spawn_close_from(void *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, from);
}

int sys_limit_malloc_arenas(int count) {
    return mallopt(M_ARENA_MAX, count);
}

int sys_set_not_dumpable(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }
int sys_is_dumpable(void) { return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0); }

int sys_child_has_exited(int pid) {
    siginfo_t info = { 0 };
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return -1;
    return info.si_pid == pid ? 1 : 0;
}
