#!/usr/bin/env bash
# ttrss-up.sh PORT DATADIR URLFILE
#
# Starts a fresh Tiny Tiny RSS (Debian 12 package tt-rss 21~git20210204) on
# http://127.0.0.1:PORT/ (API: /api/) served by PHP's built-in web server, backed by a
# private PostgreSQL instance that lives in DATADIR/pg and listens only on a Unix socket
# in DATADIR/run (no TCP port). One user (admin) with API access enabled, subscribed to
# the feeds in URLFILE (one URL per line, optionally followed by a category name; blank
# and '#' lines ignored), updated once with update.php --feeds.
# Idempotent: an instance previously started in DATADIR is stopped and wiped first.
# The Debian packages it needs come from Resources/build/system-packages test (make test runs it).
# Env: TTRSS_PASSWORD (testpassword123), TTRSS_PHP_WORKERS (4), TTRSS_PHP_LOG_ERRORS (0),
#      TTRSS_UPDATE_JOBS (nproc feeds fetched at once).
# Stop with ttrss-down.sh DATADIR. Re-fetch later with ttrss-fetch.sh DATADIR.
set -euo pipefail
PORT=${1:?usage: ttrss-up.sh PORT DATADIR URLFILE}
DATA=${2:?usage: ttrss-up.sh PORT DATADIR URLFILE}
URLS=${3:?usage: ttrss-up.sh PORT DATADIR URLFILE}
LOGIN=admin
PASS=${TTRSS_PASSWORD:-testpassword123}
WORKERS=${TTRSS_PHP_WORKERS:-4}
# This 2021 code base raises ~60 PHP 8 warnings per served article; each one goes through
# tt-rss' error handler and, with log_errors=1, into php-server.log (~80 MB per 10k articles).
LOGERR=${TTRSS_PHP_LOG_ERRORS:-0}
HERE=$(cd "$(dirname "$0")" && pwd)
URLS=$(cd "$(dirname "$URLS")" && pwd)/$(basename "$URLS")
mkdir -p "$DATA"; DATA=$(cd "$DATA" && pwd)
log() { echo "ttrss-up: $*" >&2; }

# 0. stop whatever we started here before
"$HERE/ttrss-down.sh" "$DATA" >/dev/null 2>&1 || true
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then log "127.0.0.1:$PORT is already in use"; exit 1; fi

# 1. packages (once)
pkgs_ok() {
  [ -f /usr/share/tt-rss/www/update.php ] && ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 &&
  php -r 'exit(extension_loaded("pdo_pgsql") && extension_loaded("intl") && extension_loaded("mbstring") && extension_loaded("dom") && function_exists("curl_init") ? 0 : 1);' 2>/dev/null
}
if ! pkgs_ok; then
  log "tt-rss, postgresql or a PHP extension is missing: run Resources/build/system-packages test (make test does)"
  exit 1
fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)

# users: PostgreSQL and tt-rss both refuse to run as root
if [ "$(id -u)" = 0 ]; then
  PGU=postgres; WEBU=www-data
  as_pg()  { runuser -u postgres -- "$@"; }
  as_web() { runuser -u www-data -- "$@"; }
else
  PGU=$(id -un); WEBU=$PGU
  as_pg()  { "$@"; }
  as_web() { "$@"; }
fi

# 2. fresh data folder layout
rm -rf "$DATA/pg" "$DATA/run" "$DATA/www" "$DATA/cache" "$DATA/lock" "$DATA"/*.log
mkdir -p "$DATA/pg" "$DATA/run" "$DATA/cache"/{images,upload,export,feeds} "$DATA/lock"
chmod a+x "$DATA"
SOCK="$DATA/run"
if [ ${#SOCK} -gt 90 ]; then log "DATADIR path too long for a Unix socket"; exit 1; fi
[ "$(id -u)" = 0 ] && chown "$PGU" "$DATA/pg" "$DATA/run" && chown -R "$WEBU" "$DATA/cache" "$DATA/lock"

# 3. private PostgreSQL: trust auth, Unix socket only, durability off (test data)
as_pg "$PGBIN/initdb" -D "$DATA/pg" -U ttrss -A trust -E UTF8 --locale=C.UTF-8 --no-sync >"$DATA/initdb.log" 2>&1 \
  || { cat "$DATA/initdb.log" >&2; exit 1; }
cat >>"$DATA/pg/postgresql.conf" <<PGCONF
listen_addresses = ''
unix_socket_directories = '$SOCK'
port = 5432
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 50
PGCONF
as_pg "$PGBIN/pg_ctl" -D "$DATA/pg" -l "$DATA/run/postgresql.log" -w -t 30 start >/dev/null
export PGOPTIONS='-c client_min_messages=warning'
PSQL=("$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$SOCK" -U ttrss)
"$PGBIN/createdb" -h "$SOCK" -U ttrss ttrss
"${PSQL[@]}" -d ttrss -f /usr/share/tt-rss/schema/ttrss_schema_pgsql.sql >/dev/null

# 4. private copy of the web root with its own config.php
cp -a /usr/share/tt-rss/www "$DATA/www"
# the package uses relative symlinks into /usr/share (lib/gettext, lib/dojo, vendor/Psr...): make them absolute
(cd /usr/share/tt-rss/www && find . -type l) | while read -r l; do
  ln -sfn "$(readlink -f "/usr/share/tt-rss/www/$l")" "$DATA/www/$l"
done
rm -f "$DATA/www/config.php" "$DATA/www/feed-icons"
mkdir "$DATA/www/feed-icons"; [ "$(id -u)" = 0 ] && chown "$WEBU" "$DATA/www/feed-icons"
# tt-rss refuses to fetch from 127.*/localhost and from ports other than 80/443
# (UrlHelper::fetch SSRF guard). The test feeds are on 127.0.0.1:<port>, so lift the
# guard in this private copy only.
U="$DATA/www/classes/urlhelper.php"
sed -i -e 's/if (\$extended_filtering) {/if (false \&\& $extended_filtering) {/' \
       -e 's/strpos(\$ip_addr, "127\.") === 0/false/' \
       -e 's/strpos(\$fetch_effective_ip_addr, "127\.") === 0/false/g' "$U"
# build_url() also drops the port ("http://127.0.0.1:8901/x" is fetched as "http://127.0.0.1/x")
sed -i 's/\$tmp = \$parts\[.scheme.\] \. ":\/\/" \. \$parts\[.host.\];/&\n\t\tif (isset($parts["port"])) $tmp .= ":" . $parts["port"];/' "$U"
[ "$(grep -c 'false && \$extended_filtering\|| false)\|\$parts\["port"\]' "$U")" -ge 4 ] || { log "could not patch $U"; exit 1; }
cat >"$DATA/www/config.php" <<PHP
<?php
	define('DB_TYPE', 'pgsql');
	define('DB_HOST', '$SOCK');
	define('DB_PORT', '5432');
	define('DB_USER', 'ttrss');
	define('DB_NAME', 'ttrss');
	define('DB_PASS', '');
	define('MYSQL_CHARSET', 'UTF8');
	define('SELF_URL_PATH', 'http://127.0.0.1:$PORT/');
	define('_SKIP_SELF_URL_PATH_CHECKS', true);
	define('SINGLE_USER_MODE', false);
	define('SIMPLE_UPDATE_MODE', false);
	define('PHP_EXECUTABLE', '/usr/bin/php');
	define('LOCK_DIRECTORY', '$DATA/lock');
	define('CACHE_DIR', '$DATA/cache');
	define('ICONS_DIR', 'feed-icons');
	define('ICONS_URL', 'feed-icons');
	define('AUTH_AUTO_CREATE', true);
	define('AUTH_AUTO_LOGIN', true);
	define('FORCE_ARTICLE_PURGE', 0);
	define('ENABLE_REGISTRATION', false);
	define('REG_NOTIFY_ADDRESS', 'user@example.org');
	define('REG_MAX_USERS', 10);
	define('SESSION_COOKIE_LIFETIME', 86400);
	define('SMTP_FROM_NAME', 'Tiny Tiny RSS');
	define('SMTP_FROM_ADDRESS', 'noreply@example.org');
	define('DIGEST_SUBJECT', '[tt-rss] New headlines for last 24 hours');
	define('CHECK_FOR_UPDATES', false);
	define('ENABLE_GZIP_OUTPUT', false);
	define('PLUGINS', 'auth_internal, note');
	define('LOG_DESTINATION', ''); // 'sql' would write every PHP 8 warning of this 2021 code into ttrss_error_log
	define('DAEMON_UPDATE_LOGIN_LIMIT', 0);
	define('CONFIG_VERSION', 26);
PHP

# 5. the admin account (API on, the default settings), subscribed to URLFILE's feeds and
#    each fetched once; later accounts come from ttrss-account.sh alike (one a test)
TTRSS_PASSWORD=$PASS TTRSS_PHP_LOG_ERRORS=$LOGERR "$HERE/ttrss-account.sh" "$DATA" "$LOGIN" "$URLS" >/dev/null

# fresh statistics: without them the first API calls after a bulk update run with bad plans
# (first newsboat reload of 50x200 articles: 22 s instead of 7 s)
"${PSQL[@]}" -d ttrss -c "VACUUM ANALYZE" >/dev/null

# 6. web server: PHP built-in server with a few workers, own session (process group)
if [ "$(id -u)" = 0 ]; then
  PHP_CLI_SERVER_WORKERS=$WORKERS setsid setpriv --reuid="$WEBU" --regid="$WEBU" --init-groups php -d display_errors=0 -d log_errors="$LOGERR" -S "127.0.0.1:$PORT" -t "$DATA/www" \
    >"$DATA/php-server.log" 2>&1 </dev/null &
else
  PHP_CLI_SERVER_WORKERS=$WORKERS setsid php -d display_errors=0 -d log_errors="$LOGERR" -S "127.0.0.1:$PORT" -t "$DATA/www" \
    >"$DATA/php-server.log" 2>&1 </dev/null &
fi
echo $! >"$DATA/php-server.pid"
BASE="http://127.0.0.1:$PORT"
for _ in $(seq 200); do curl -s -o /dev/null "$BASE/api/" && break; sleep 0.05; done
curl -s -o /dev/null "$BASE/api/" || { log "php server did not start"; cat "$DATA/php-server.log" >&2; exit 1; }

cat <<INFO
TTRSS_URL=$BASE/
TTRSS_API=$BASE/api/
TTRSS_LOGIN=$LOGIN
TTRSS_PASSWORD=$PASS
PID=$(cat "$DATA/php-server.pid")
INFO
