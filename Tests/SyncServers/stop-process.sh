#!/usr/bin/env bash
# stop-process.sh PIDFILE NAME -- stops the process whose id PIDFILE holds, if it is still the one
# started (its command line holds NAME: a pid may have been reused), then removes PIDFILE.
set -uo pipefail
pf=${1:?usage: stop-process.sh PIDFILE NAME}; name=${2:?usage: stop-process.sh PIDFILE NAME}
[ -f "$pf" ] || exit 0
pid=$(cat "$pf")
if [ -n "$pid" ] && grep -qa -- "$name" "/proc/$pid/cmdline" 2>/dev/null; then
  kill "$pid" 2>/dev/null
  # a killed child of PID 1 can stay a zombie for a while: check /proc cmdline, not kill -0
  for _ in $(seq 100); do grep -qa -- "$name" "/proc/$pid/cmdline" 2>/dev/null || break; sleep 0.02; done
  grep -qa -- "$name" "/proc/$pid/cmdline" 2>/dev/null && kill -9 "$pid" 2>/dev/null
fi
rm -f "$pf"
