#!/usr/bin/env python3
"""Dates per family: Headlines beside Python's feedparser on feedparser's own date tests.

A test-time tool only (issue 30): feedparser is never a dependency of Headlines. The cases are
the `(_parse_date_FAMILY, text, expected)` triples of feedparser's `tests/test_date_parsers.py`
(its git tree; read as data, not run). For each, feedparser's figure is its general reader
(`feedparser.datetimes._parse_date`, what it applies to a feed's dates), and Headlines' is the
date `headlines --print --json` gives the item whose `pubDate` is that text. A case passes when
the instant is the expected one, or when no date is given where none is expected.

    Tests/Tools/feedparser-dates.py FEEDPARSER_TESTS_FOLDER [--headlines .build/debug/headlines] [--check] [--list]

Prints one line per family (cases, feedparser's passes, Headlines'); `--check` exits 1 when
Headlines passes fewer than feedparser in any family; `--list` prints the cases Headlines fails.
"""

import argparse
import ast
import calendar
import json
import os
import re
import subprocess
import sys
import tempfile
from xml.sax.saxutils import escape

import feedparser.datetimes

STAMP = re.compile(r"(-?\d+)-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)Z")


def cases(tests):
    with open(os.path.join(tests, "test_date_parsers.py"), encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and len(node.elts) == 3 and isinstance(node.elts[0], ast.Name) \
                and node.elts[0].id.startswith("_parse_date_"):
            try:
                text, expected = ast.literal_eval(node.elts[1]), ast.literal_eval(node.elts[2])
            except ValueError:
                continue
            if isinstance(text, str) and text:
                found.append((node.elts[0].id[len("_parse_date_"):], text, expected))
    return found


def instant(parsed):
    return None if parsed is None else calendar.timegm(tuple(parsed)[:6] + (0, 0, 0))


def headlines_dates(binary, texts):
    """Seconds since the epoch (or None) that Headlines reads for each text."""
    items = "".join(f"<item><title>case {index}</title><pubDate>{escape(text)}</pubDate></item>" for index, text in enumerate(texts))
    document = f'<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>dates</title>{items}</channel></rss>'
    with tempfile.TemporaryDirectory() as home:
        path = os.path.join(home, "dates.xml")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(document)
        environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
                       "TZ": "UTC", "NEWSAPI_KEY": ""}
        run = subprocess.run([binary, "--print", "--json", "--source", path], capture_output=True, env=environment, timeout=60)
    dates = [None] * len(texts)
    for line in run.stdout.decode("utf-8", "replace").splitlines():
        article = json.loads(line)
        index = int(article["title"].split()[1])
        stamp = STAMP.fullmatch(article.get("publishedAt") or "")
        if stamp:
            year, month, day, hour, minute, second = (int(part) for part in stamp.groups())
            dates[index] = calendar.timegm((year, month, day, hour, minute, second, 0, 0, 0))
    return dates


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    arguments.add_argument("tests", help="feedparser's tests/ folder (its git tree, which holds test_date_parsers.py)")
    arguments.add_argument("--headlines", default=".build/debug/headlines")
    arguments.add_argument("--check", action="store_true")
    arguments.add_argument("--list", action="store_true")
    options = arguments.parse_args()

    found = cases(options.tests)
    ours = headlines_dates(options.headlines, [text for _, text, _ in found])
    counts = {}
    failures = []
    for (family, text, expected), mine in zip(found, ours):
        wanted = instant(expected)
        try:
            reference = instant(feedparser.datetimes._parse_date(text))
        except Exception:
            reference = None
        count = counts.setdefault(family, [0, 0, 0])
        count[0] += 1
        count[1] += reference == wanted
        count[2] += mine == wanted
        if mine != wanted:
            failures.append(f"{family}: {text!r}: expected {wanted}, Headlines {mine}")
    print(f"{'family':<10} {'cases':>5} {'feedparser':>10} {'headlines':>9}")
    for family, (total, reference, mine) in counts.items():
        print(f"{family:<10} {total:>5} {reference:>10} {mine:>9}")
    if options.list:
        print("\n".join(failures))
    behind = [family for family, (_, reference, mine) in counts.items() if mine < reference]
    if options.check and behind:
        print("Headlines dates fewer than feedparser in: " + ", ".join(behind))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
