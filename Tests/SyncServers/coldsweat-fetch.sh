#!/usr/bin/env bash
# coldsweat-fetch.sh DATADIR -- fetch all feeds again NOW.
# `coldsweat fetch` silently skips feeds checked less than 3 minutes ago
# (fetcher.MIN_FETCH_INTERVAL = 180 s) and sends If-None-Match/If-Modified-Since,
# so clear those fields first. The running server sees the new entries immediately.
set -euo pipefail
DATA=$(cd "${1:?usage: coldsweat-fetch.sh DATADIR}" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
# the virtual environment is kept in the checkout's .build (a build product, never committed)
VENV=${COLDSWEAT_VENV:-$(cd "$HERE/../.." && pwd)/.build/sync-servers/coldsweat-0.10.2}
"$VENV/bin/python" -c "
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute(\"UPDATE feeds SET last_checked_on = NULL, last_updated_on = NULL, etag = ''\")
c.commit()" "$DATA/coldsweat.db"
FLASK_DATABASE_URL="sqlite:///$DATA/coldsweat.db" FLASK_SECRET_KEY=x "$VENV/bin/coldsweat" fetch >>"$DATA/fetch.log" 2>&1
