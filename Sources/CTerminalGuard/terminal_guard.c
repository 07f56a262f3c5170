#define _GNU_SOURCE 1
#include "terminal_guard.h"

#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>

static struct termios saved_termios;
static int saved_termios_valid = 0;
static int restore_fd = 1;
static char restore_sequence[256];
static size_t restore_sequence_length = 0;

static void fatal_signal_handler(int signo) {
    if (saved_termios_valid) tcsetattr(restore_fd, TCSANOW, &saved_termios);
    if (restore_sequence_length > 0) {
        ssize_t ignored = write(restore_fd, restore_sequence, restore_sequence_length);
        (void)ignored;
    }
    static const char message[] = "headlines: crashed; the terminal has been restored.\n";
    ssize_t ignored = write(2, message, sizeof message - 1);
    (void)ignored;
    signal(signo, SIG_DFL);
    raise(signo);
}

int tg_save_tty_modes(int fd) {
    restore_fd = fd;
    saved_termios_valid = tcgetattr(fd, &saved_termios) == 0;
    return saved_termios_valid;
}

void tg_restore_tty_modes(void) {
    if (saved_termios_valid) tcsetattr(restore_fd, TCSANOW, &saved_termios);
}

void tg_set_restore_sequence(const char *sequence) {
    size_t length = strlen(sequence);
    if (length >= sizeof restore_sequence) length = sizeof restore_sequence - 1;
    memcpy(restore_sequence, sequence, length);
    restore_sequence[length] = 0;
    restore_sequence_length = length;
}

void tg_install_crash_handlers(void) {
    int signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS };
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = fatal_signal_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaction(signals[i], &action, NULL);
}
