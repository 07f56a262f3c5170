#!/usr/bin/env bash
# coldsweat-account.sh DATADIR EMAIL URLFILE -- an account of its own on the Coldsweat in
# DATADIR (started by coldsweat-up.sh): user EMAIL, subscribed to the feeds of URLFILE (one URL
# a line, optionally followed by a group name) under their groups. Coldsweat keeps one copy of
# a feed's entries for every user and each user's read and saved marks apart, so a test that
# owns its account owns its marks. coldsweat-up.sh makes its first user's subscriptions this way.
# Env: COLDSWEAT_PASSWORD (testpassword123, >= 12 chars), COLDSWEAT_VENV.
# Prints FEVER_EMAIL=, FEVER_PASSWORD= and FEVER_API_KEY=.
set -euo pipefail
DATA=$(cd "${1:?usage: coldsweat-account.sh DATADIR EMAIL URLFILE}" && pwd)
EMAIL=${2:?usage: coldsweat-account.sh DATADIR EMAIL URLFILE}
URLS=${3:?usage: coldsweat-account.sh DATADIR EMAIL URLFILE}
PASS=${COLDSWEAT_PASSWORD:-testpassword123}
HERE=$(cd "$(dirname "$0")" && pwd)
VENV=${COLDSWEAT_VENV:-$(cd "$HERE/../.." && pwd)/.build/sync-servers/coldsweat-0.10.2}
case "$EMAIL" in *[!A-Za-z0-9_.@+-]*) echo "coldsweat-account: an email of letters, digits and _.@+- only" >&2; exit 2 ;; esac
export FLASK_DATABASE_URL="sqlite:///$DATA/coldsweat.db" FLASK_SECRET_KEY="coldsweat-test"

# The user, straight into the database: `coldsweat setup` would also write Coldsweat's built-in
# groups again with INSERT OR REPLACE, whose delete cascades to every subscription in the Default
# group (an earlier account lost its ungrouped feeds that way). coldsweat-up.sh runs setup once.
"$VENV/bin/python" - "$DATA/coldsweat.db" "$EMAIL" "$PASS" <<'PY'
import hashlib, sqlite3, sys
from werkzeug import security
database, email, password = sys.argv[1:4]
connection = sqlite3.connect(database)
if connection.execute("SELECT 1 FROM users WHERE email = ?", (email,)).fetchone() is None:
    connection.execute(
        "INSERT INTO users (display_name, email, fever_api_key, enabled, password_hash) VALUES (?, ?, ?, 1, ?)",
        ("Test User", email, hashlib.md5(f"{email}:{password}".encode()).hexdigest(), security.generate_password_hash(password)))
    connection.commit()
PY
# An OPML of URLFILE with no title attributes (Coldsweat would keep an OPML title for ever
# instead of the feed's own), imported and fetched (-f; a feed fetched lately is skipped, its
# entries already there).
"$VENV/bin/python" - "$URLS" "$DATA/subscriptions-$EMAIL.opml" <<'PY'
import sys
from xml.sax.saxutils import quoteattr
groups = {}
for line in open(sys.argv[1]):
    line = line.strip()
    if not line or line.startswith('#'):
        continue
    url, _, group = line.partition(' ')
    groups.setdefault(group.strip(), []).append(url)
out = ['<?xml version="1.0" encoding="UTF-8"?>', '<opml version="1.0"><head><title>test</title></head><body>']
for g, urls in groups.items():
    if g:
        out.append('<outline text=%s title=%s>' % (quoteattr(g), quoteattr(g)))
    out += ['<outline type="rss" xmlUrl=%s/>' % quoteattr(u) for u in urls]
    if g:
        out.append('</outline>')
out.append('</body></opml>')
open(sys.argv[2], 'w').write('\n'.join(out) + '\n')
PY
"$VENV/bin/coldsweat" import "$DATA/subscriptions-$EMAIL.opml" "$EMAIL" -f >>"$DATA/fetch.log" 2>&1 \
  || { tail -n 40 "$DATA/fetch.log" >&2; exit 1; }

echo "FEVER_EMAIL=$EMAIL"
echo "FEVER_PASSWORD=$PASS"
echo "FEVER_API_KEY=$(printf '%s:%s' "$EMAIL" "$PASS" | md5sum | cut -d' ' -f1)"
