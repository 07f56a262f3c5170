#!/usr/bin/env bash
# ttrss-account.sh DATADIR LOGIN URLFILE -- an account of its own on the TT-RSS in DATADIR
# (started by ttrss-up.sh): user LOGIN with the API on, the default settings, the feeds of
# URLFILE (one URL a line, optionally followed by a category) under their categories, each
# fetched once now. A sync test that owns its account owns its marks: no other test moves its
# counts, and nothing needs putting back. An existing LOGIN gets the password again and only
# the feeds it lacks (ttrss-up.sh makes its `admin` this way).
# Env: TTRSS_PASSWORD (testpassword123), TTRSS_UPDATE_JOBS (nproc), TTRSS_PHP_LOG_ERRORS (0).
# Prints TTRSS_LOGIN= and TTRSS_PASSWORD=.
set -euo pipefail
DATA=$(cd "${1:?usage: ttrss-account.sh DATADIR LOGIN URLFILE}" && pwd)
LOGIN=${2:?usage: ttrss-account.sh DATADIR LOGIN URLFILE}
URLS=${3:?usage: ttrss-account.sh DATADIR LOGIN URLFILE}
PASS=${TTRSS_PASSWORD:-testpassword123}
JOBS=${TTRSS_UPDATE_JOBS:-$(nproc)}
LOGERR=${TTRSS_PHP_LOG_ERRORS:-0}
case "$LOGIN" in *[!A-Za-z0-9_-]*) echo "ttrss-account: a login of letters, digits, _ and - only" >&2; exit 2 ;; esac
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
export PGOPTIONS='-c client_min_messages=warning'
PSQL=("$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$DATA/run" -U ttrss -d ttrss)
if [ "$(id -u)" = 0 ]; then WEBCMD=(setpriv --reuid=www-data --regid=www-data --init-groups); else WEBCMD=(); fi

PWHASH="SHA1:$(printf '%s' "$PASS" | sha1sum | cut -d' ' -f1)"
uid=$("${PSQL[@]}" -At -c "INSERT INTO ttrss_users (login, pwd_hash, access_level, created, last_login)
  VALUES ('$LOGIN', '$PWHASH', 0, NOW(), NOW())
  ON CONFLICT (login) DO UPDATE SET pwd_hash = EXCLUDED.pwd_hash, last_login = NOW() RETURNING id" | head -n1)
[ -n "$uid" ] || { echo "ttrss-account: no user id for $LOGIN" >&2; exit 1; }
{
  # what tt-rss does on first login (initialize_user_prefs): without a DEFAULT_UPDATE_INTERVAL
  # row the updater schedules nothing for the user
  echo "INSERT INTO ttrss_user_prefs (owner_uid, pref_name, profile, value)
    SELECT $uid, pref_name, NULL, def_value FROM ttrss_prefs p
    WHERE NOT EXISTS (SELECT 1 FROM ttrss_user_prefs u WHERE u.owner_uid = $uid AND u.pref_name = p.pref_name AND u.profile IS NULL);"
  echo "UPDATE ttrss_user_prefs SET value = 'true' WHERE owner_uid = $uid AND pref_name = 'ENABLE_API_ACCESS';"
  grep -v '^[[:space:]]*\(#\|$\)' "$URLS" | while read -r url cat; do
    url=${url//\'/\'\'}; cat=${cat//\'/\'\'}
    exists="NOT EXISTS (SELECT 1 FROM ttrss_feeds WHERE owner_uid = $uid AND feed_url = '$url')"
    if [ -n "$cat" ]; then
      echo "INSERT INTO ttrss_feed_categories (owner_uid, title) SELECT $uid, '$cat' WHERE NOT EXISTS (SELECT 1 FROM ttrss_feed_categories WHERE owner_uid = $uid AND title = '$cat');"
      echo "INSERT INTO ttrss_feeds (owner_uid, title, feed_url, cat_id) SELECT $uid, '[Unknown]', '$url', (SELECT id FROM ttrss_feed_categories WHERE owner_uid = $uid AND title = '$cat') WHERE $exists;"
    else
      echo "INSERT INTO ttrss_feeds (owner_uid, title, feed_url, cat_id) SELECT $uid, '[Unknown]', '$url', NULL WHERE $exists;"
    fi
  done
} | "${PSQL[@]}" >/dev/null

# Each of the account's feeds fetched now, JOBS at a time: one `update.php --update-feed N
# --task N` per feed (--task gives each run its own lock file; the stock --feeds does one at a time).
"${PSQL[@]}" -At -c "SELECT id FROM ttrss_feeds WHERE owner_uid = $uid AND last_updated IS NULL ORDER BY id" |
  xargs -r -P "$JOBS" -I{} "${WEBCMD[@]}" php -d log_errors="$LOGERR" "$DATA/www/update.php" \
    --update-feed {} --task {} >>"$DATA/update.log" 2>&1 \
  || { tail -n 40 "$DATA/update.log" >&2; echo "ttrss-account: the feed update failed" >&2; exit 1; }

echo "TTRSS_LOGIN=$LOGIN"
echo "TTRSS_PASSWORD=$PASS"
