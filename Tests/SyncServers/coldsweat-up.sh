#!/usr/bin/env bash
# coldsweat-up.sh PORT DATADIR URLFILE
#
# Starts a fresh Coldsweat 0.10.2 (Fever API) on http://127.0.0.1:PORT with an empty
# SQLite database in DATADIR, one user, subscribed to the feeds listed in URLFILE, and
# fetches them once. URLFILE: one feed URL per line, optionally followed by a group
# name ("http://127.0.0.1:8901/feed01.xml Tech"); blank lines and '#' lines are ignored.
# Idempotent: an instance previously started in DATADIR is stopped and wiped first.
# The virtualenv is cached (COLDSWEAT_VENV, default <checkout>/.build/sync-servers/coldsweat-0.10.2);
# pip works in TMPDIR (default <checkout>/.build/tmp).
# Env: COLDSWEAT_EMAIL (test@example.com), COLDSWEAT_PASSWORD (testpassword123, >= 12 chars).
# Stop with coldsweat-down.sh DATADIR. Re-fetch later with coldsweat-fetch.sh DATADIR.
set -euo pipefail
PORT=${1:?usage: coldsweat-up.sh PORT DATADIR URLFILE}
DATA=${2:?usage: coldsweat-up.sh PORT DATADIR URLFILE}
URLS=${3:?usage: coldsweat-up.sh PORT DATADIR URLFILE}
EMAIL=${COLDSWEAT_EMAIL:-test@example.com}
PASS=${COLDSWEAT_PASSWORD:-testpassword123}
HERE=$(cd "$(dirname "$0")" && pwd)
# the virtual environment is kept in the checkout's .build (a build product, never committed)
VENV=${COLDSWEAT_VENV:-$(cd "$HERE/../.." && pwd)/.build/sync-servers/coldsweat-0.10.2}
export TMPDIR=${TMPDIR:-$(cd "$HERE/../.." && pwd)/.build/tmp}; mkdir -p "$TMPDIR"
URLS=$(cd "$(dirname "$URLS")" && pwd)/$(basename "$URLS")
mkdir -p "$DATA"; DATA=$(cd "$DATA" && pwd)
log() { echo "coldsweat-up: $*" >&2; }

# 0. stop whatever we started here before
"$HERE/coldsweat-down.sh" "$DATA" >/dev/null 2>&1 || true
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then log "127.0.0.1:$PORT is already in use"; exit 1; fi

# 1. install (once; cached venv)
if ! "$VENV/bin/python" -c 'import coldsweat, sys; sys.exit(coldsweat.__version__[:3] != (0, 10, 2))' 2>/dev/null; then
  log "installing coldsweat 0.10.2 into $VENV"
  rm -rf "$VENV"; mkdir -p "$(dirname "$VENV")"
  if ! python3 -m venv "$VENV" >/dev/null 2>&1; then
    rm -rf "$VENV"
    log "python3 -m venv failed: install python3-venv (Resources/build/system-packages test, which make test runs)"
    exit 1
  fi
  "$VENV/bin/pip" install -q --disable-pip-version-check coldsweat==0.10.2
fi

# 2. fresh database (Coldsweat reads FLASK_-prefixed env vars when the Flask instance folder
#    has no config.toml), its first user, the feeds imported and fetched once
export FLASK_DATABASE_URL="sqlite:///$DATA/coldsweat.db" FLASK_SECRET_KEY="coldsweat-test"
rm -f "$DATA"/coldsweat.db "$DATA"/coldsweat.db-* "$DATA/server.log" "$DATA/fetch.log"
"$VENV/bin/coldsweat" setup "$EMAIL" -p "$PASS" -n "Test User" >/dev/null
COLDSWEAT_PASSWORD=$PASS COLDSWEAT_VENV=$VENV "$HERE/coldsweat-account.sh" "$DATA" "$EMAIL" "$URLS" >/dev/null

# 4. server (Flask dev server, single process, own session)
setsid "$VENV/bin/coldsweat" run -h 127.0.0.1 -p "$PORT" >"$DATA/server.log" 2>&1 </dev/null &
echo $! >"$DATA/server.pid"
BASE="http://127.0.0.1:$PORT"
for _ in $(seq 200); do curl -s -o /dev/null "$BASE/fever/?api" && break; sleep 0.05; done
curl -s -o /dev/null "$BASE/fever/?api" || { log "server did not start"; cat "$DATA/server.log" >&2; exit 1; }

KEY=$(printf '%s:%s' "$EMAIL" "$PASS" | md5sum | cut -d' ' -f1)
cat <<INFO
COLDSWEAT_URL=$BASE/
FEVER_URL=$BASE/fever/
FEVER_EMAIL=$EMAIL
FEVER_PASSWORD=$PASS
FEVER_API_KEY=$KEY
PID=$(cat "$DATA/server.pid")
INFO
