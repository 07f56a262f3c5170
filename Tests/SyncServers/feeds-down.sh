#!/usr/bin/env bash
# feeds-down.sh DATADIR  -- stops the http.server started by feeds-up.sh (by its PID only)
DATA=${1:?usage: feeds-down.sh DATADIR}
exec "$(dirname "$0")/stop-process.sh" "$DATA/feeds-server.pid" http.server
