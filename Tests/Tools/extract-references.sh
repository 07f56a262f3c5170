#!/usr/bin/env bash
# The reference extractors of the `extract` benchmark (Tests/Benchmarks/ExtractBenchmark.swift):
# Python's trafilatura and readability-lxml (with html-text, as the article-extraction benchmark
# runs it), installed from PyPI into a virtual environment under .build at the first run and
# kept there. Test-time tools only, never dependencies of Headlines.
#
#   Tests/Tools/extract-references.sh PAGES_FOLDER OUTPUT_JSON
#
# PAGES_FOLDER holds NAME.html.gz or NAME.html files; OUTPUT_JSON gets each extractor's text
# and seconds for each page (see extract-references.py).
set -euo pipefail
cd "$(dirname "$0")/../.."

# The versions of the benchmark's own latest table (its requirements.txt).
packages=("trafilatura==2.0.0" "readability-lxml==0.8.4.1" "html-text==0.7.0" "lxml<6" "lxml_html_clean==0.4.4")
folder="$PWD/.build/extract-references"
venv="$folder/venv"
stamp="$folder/installed-$(printf '%s ' "${packages[@]}" | cksum | cut -d' ' -f1)"
if [ ! -e "$stamp" ]; then
    rm -rf "$folder"
    mkdir -p "$folder"
    python3 -m venv "$venv" || { echo "python3 -m venv failed: install python3-venv (Resources/build/system-packages test)" >&2; exit 1; }
    "$venv/bin/python" -m pip --disable-pip-version-check --quiet install "${packages[@]}"
    touch "$stamp"
fi
exec "$venv/bin/python" Tests/Tools/extract-references.py "$@"
