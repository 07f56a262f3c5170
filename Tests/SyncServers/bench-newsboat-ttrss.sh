#!/usr/bin/env bash
# bench-newsboat-ttrss.sh [NFEEDS] [NITEMS] -- 50 x 200 by default.
# Feed server on 127.0.0.1:8911, TT-RSS on 127.0.0.1:8913 (BENCH_FEEDS_PORT, BENCH_TTRSS_PORT),
# data in <checkout>/.build/sync-servers/bench; both servers are stopped at the end.
# Times: ttrss-up (incl. first update), newsboat -x reload (cold cache, then warm), 3 runs each.
set -euo pipefail
NF=${1:-50}; NI=${2:-200}
HERE=$(cd "$(dirname "$0")" && pwd); B=$(cd "$HERE/../.." && pwd)/.build/sync-servers/bench
FP=${BENCH_FEEDS_PORT:-8911}; TP=${BENCH_TTRSS_PORT:-8913}
mkdir -p "$B"
trap '"$HERE/ttrss-down.sh" "$B/tt"; "$HERE/feeds-down.sh" "$B/feeds"' EXIT
t() { local s e; s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N); printf '%.2f' "$(echo "$e - $s" | bc)"; }
echo "feeds-up ($NF x $NI): $(t "$HERE/feeds-up.sh" "$FP" "$B/feeds" "$NF" "$NI") s"
echo "ttrss-up incl. update.php --feeds: $(t "$HERE/ttrss-up.sh" "$TP" "$B/tt" "$B/feeds/feeds/urls.txt") s"
grep -E "Processed [0-9]+ feeds" "$B/tt/update.log" || true
mkdir -p "$B/nb"
cat >"$B/nb/config" <<CFG
urls-source "ttrss"
ttrss-url "http://127.0.0.1:$TP/"
ttrss-login "admin"
ttrss-password "testpassword123"
CFG
: >"$B/nb/urls"
for i in 1 2 3; do
  rm -f "$B/nb/cache.db"
  echo "newsboat -x reload, empty cache, run $i: $(t newsboat -C "$B/nb/config" -u "$B/nb/urls" -c "$B/nb/cache.db" -x reload) s"
done
for i in 1 2 3; do
  echo "newsboat -x reload, warm cache, run $i: $(t newsboat -C "$B/nb/config" -u "$B/nb/urls" -c "$B/nb/cache.db" -x reload) s"
done
python3 -c "
import sqlite3,sys; c=sqlite3.connect(sys.argv[1])
print('newsboat cache: feeds=%d items=%d unread=%d' % (c.execute('select count(*) from rss_feed').fetchone()[0], *c.execute('select count(*), sum(unread) from rss_item').fetchone()))" "$B/nb/cache.db"
printf 'POST /api/ requests seen by php -S in the last run set: '; grep -cE 'POST /+api/' "$B/tt/php-server.log" || true
