#!/usr/bin/env bash
# stop-when-tests-end.sh RUNDIR -- the tests' guard for the servers they start (SyncServerFixture).
#
# The test process starts this first, with its standard input a pipe only the test process
# holds. The servers run in sessions of their own (setsid), so nothing else would stop them when
# the tests end; the pipe closes however the test process ends (it exits, crashes or is killed),
# and then this stops every server started in RUNDIR (feeds, ttrss, coldsweat) and removes it.
# First it does the same for the RUNDIRs beside RUNDIR (headlines-sync-PID-XXXXXX, as
# SyncServerRunFolder makes them) whose test process is gone: what a guard that was itself
# killed left behind.
set -uo pipefail
RUN=${1:?usage: stop-when-tests-end.sh RUNDIR}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$RUN"; RUN=$(cd "$RUN" && pwd)
# Nothing goes back to the test process: it does not read, and may be gone when this writes.
exec >"$RUN.stop.log" 2>&1

stop_all() {
  "$HERE/ttrss-down.sh" "$1/ttrss"
  "$HERE/coldsweat-down.sh" "$1/coldsweat"
  "$HERE/feeds-down.sh" "$1/feeds"
  rm -rf "$1"
}

for stale in "$(dirname "$RUN")"/headlines-sync-*-*; do
  [ -d "$stale" ] && [ "$stale" != "$RUN" ] || continue
  pid=${stale##*/headlines-sync-}; pid=${pid%%-*}
  case "$pid" in '' | *[!0-9]*) continue ;; esac
  [ -d "/proc/$pid" ] && continue
  echo "stopping what a finished test process left in $stale"
  stop_all "$stale"
  rm -f "$stale.stop.log"
done

cat >/dev/null   # until the test process ends
stop_all "$RUN"
rm -f "$RUN.stop.log"
