#!/usr/bin/env bash
# coldsweat-down.sh DATADIR -- stops the server started by coldsweat-up.sh (by its PID only).
# The database is left in place for inspection; coldsweat-up.sh wipes it.
DATA=${1:?usage: coldsweat-down.sh DATADIR}
exec "$(dirname "$0")/stop-process.sh" "$DATA/server.pid" coldsweat
