#!/usr/bin/env bash
# Headlines against Python's feedparser on feedparser's own test files (issue 16), as the test
# suite runs it (EndToEnd.FeedparserConformance):
#
#   Tests/Tools/feedparser-conformance.sh HEADLINES_BINARY   exit 1 when Headlines passes fewer of
#                                                            feedparser's expectations on any field
#   Tests/Tools/feedparser-conformance.sh --reachable        exit 0 when the package index answers
#
# FEEDPARSER_TESTS=FOLDER takes feedparser's tests from FOLDER (its git tree's tests/) instead of
# the sdist's; then the dates of `test_date_parsers.py` are measured per family too
# (Tests/Tools/feedparser-dates.py), and Headlines must date each family as often as feedparser.
#
# feedparser is a test-time tool, never a dependency of Headlines: it is installed from PyPI into a
# virtual environment under .build, with its tests/ taken from its source distribution (the sdist
# holds them). Both are kept there, so only the first run reaches the network. The install builds
# nothing in an isolated environment (pip would fetch setuptools for each sdist): setuptools and
# wheel are installed first and the two sdists (feedparser, sgmllib3k) are built with them.
set -euo pipefail
cd "$(dirname "$0")/../.."

version=6.0.11
folder="$PWD/.build/feedparser-conformance"
venv="$folder/venv"
index="${PIP_INDEX_URL:-https://pypi.org/simple}"

# Whether the package index answers within 15 seconds (a machine offline skips the test).
reachable() {
    python3 - "$index" <<'EOF'
import sys, urllib.request
try:
    urllib.request.urlopen(sys.argv[1].rstrip("/") + "/feedparser/", timeout=15).read(1)
except Exception as error:
    print(f"{sys.argv[1]} cannot be reached: {error}", file=sys.stderr)
    sys.exit(1)
EOF
}

if [ "${1:-}" = "--reachable" ]; then
    reachable
    exit
fi
binary="${1:?usage: $0 HEADLINES_BINARY | --reachable}"
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"

stamp="$folder/installed-$version"
if [ ! -e "$stamp" ]; then
    rm -rf "$folder"
    mkdir -p "$folder/downloads"
    python3 -m venv "$venv"
    pip=("$venv/bin/python" -m pip --disable-pip-version-check --quiet)
    "${pip[@]}" install setuptools wheel
    "${pip[@]}" download --no-build-isolation --no-binary feedparser,sgmllib3k --dest "$folder/downloads" "feedparser==$version"
    "${pip[@]}" install --no-build-isolation --no-index --find-links "$folder/downloads" "feedparser==$version"
    tar -xzf "$folder/downloads/feedparser-$version.tar.gz" -C "$folder" "feedparser-$version/tests" "feedparser-$version/LICENSE"
    touch "$stamp"
fi

# FEEDPARSER_TESTS may name another copy of feedparser's tests/ (its git tree, say, which holds
# more files and test_date_parsers.py); the sdist's is the default.
tests="${FEEDPARSER_TESTS:-$folder/feedparser-$version/tests}"
[ -d "$tests/wellformed" ] || { echo "FEEDPARSER_TESTS=$tests is not feedparser's tests/ folder (no wellformed/ in it)" >&2; exit 2; }
status=0
"$venv/bin/python" Tests/Tools/feedparser-conformance.py "$tests" --headlines "$binary" --check || status=1
# Dates per family (issue 30), from feedparser's date tests, which only its git tree holds.
if [ -e "$tests/test_date_parsers.py" ]; then
    "$venv/bin/python" Tests/Tools/feedparser-dates.py "$tests" --headlines "$binary" --check || status=1
else
    echo "dates per family: not measured, $tests has no test_date_parsers.py (set FEEDPARSER_TESTS to feedparser's git tests/ folder)"
fi
exit $status
