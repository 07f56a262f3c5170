#!/usr/bin/env python3
"""Pass counts of Headlines beside Python's feedparser on feedparser's own test files.

A test-time tool only (issue 16): feedparser is never a dependency of Headlines.
`Tests/Tools/feedparser-conformance.sh` (run by the test suite) installs feedparser and its
tests/ from PyPI and calls this with `--check`; by hand:

    pip install feedparser
    git clone https://github.com/kurtmckee/feedparser /tmp/feedparser   # or the PyPI sdist, which holds tests/
    swift build && Tests/Tools/feedparser-conformance.py /tmp/feedparser/tests [--headlines .build/debug/headlines]

Each test file of feedparser holds a Python expression (its `Expect:` line) that must hold of
the parsed feed. The files whose expression reads only one of the fields a reader shows (title,
link, date, summary, author, feed title) are kept; feedparser's result is `feedparser.parse`,
and Headlines' is `headlines --print --json --source FILE`, put in feedparser's shape:

- texts (titles, summaries, authors, the feed title) are what a person sees, so an expected
  value written as HTML (`<b>x</b>`, `&amp;`) may also match as the text it shows (a `<br>`
  or a block's tag showing as a space, as a line break or a paragraph does);
- the summary is the description, else the full text (`content`), as feedparser's falls back
  to the content; an article with neither has an empty one (feedparser's may be markup that
  shows nothing, `<span abbr=""></span>`);
- an article with no text for a title is shown under a made one ("Untitled, 3 Dec",
  "Untitled, <feed>", "Untitled"; issue 30: no blank rows), which matches an expected title
  that shows nothing (`<img src="...">`, feedparser's blank row);
- an author written `Name (email)` is shown as its name (issue 16 asks for that), so the
  expected `Name (email)` matches Headlines' `Name`;
- the one date Headlines keeps stands for every `*_parsed` date feedparser gives;
- the feed title is the articles' source name, or the title `--print` names when the feed has
  no entries ("the feed “X” has no entries"); a feed with neither shows no title: "";
- two entries that are one article to Headlines (the same link, or no link and the same title
  and date: its identity) show once. An expectation that both hold one value
  (`entries[0]['link'] == entries[1]['link'] == ...`) is judged on the one shown, when
  Headlines shows one of feedparser's two: folding them proves the second had that same value;
- where feedparser's expectation is not what a reader should see, Headlines is judged by
  what it should see instead (`HEADLINES_RIGHT`, a reason a file, printed with the counts);
- a file feedparser raises an exception on is one feedparser fails.

Prints one line per field: the number of files, and how many pass for each. `--list FIELD`
prints the files Headlines fails on for that field; `--check` exits 1 when Headlines passes
fewer than feedparser on any field.
"""

import argparse
import calendar
import concurrent.futures
import html
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import feedparser

DESCRIPTION = re.compile(r"Description:\s*(.*?)\s*Expect:\s*(.*)\s*-->", re.S)
SKIP = re.compile(r"SkipUnless:\s*(.*?)\n")
ENTRY_KEY = re.compile(r"entries\[\d+\]\[['\"](\w+)['\"]\](?:\[['\"](\w+)['\"]\])?")
FEED_KEY = re.compile(r"feed\[['\"](\w+)['\"]\](?:\[['\"](\w+)['\"]\])?")
DATE_KEYS = {"published_parsed", "updated_parsed", "created_parsed", "date_parsed", "issued_parsed", "modified_parsed"}
FIELDS = ["title", "link", "date", "summary", "author", "feed title"]
EMPTY_FEED = re.compile(r"Nothing to print: the feed (?:“(.*)” )?has no entries\.$", re.M)
# Both of two entries compared to one value: `entries[0]['link'] == entries[1]['link'] == ...`.
BOTH_ENTRIES = re.compile(r"entries\[0\]\[['\"](link|title)['\"]\] == entries\[1\]\[['\"]\1['\"]\]")
# Where feedparser's expectation is not what a reader should see, Headlines passes by showing
# what it should instead: file -> (the expectation Headlines must meet instead, and why).
HEADLINES_RIGHT = {
    "wellformed/sanitize/xml_malicious_comment.xml": (
        "feed['title'] == 'sa'",
        "HTML's tokenizer ends a comment only at `-->`: `<!-- -- nonwhitespace >` runs to the end, so a browser shows 'sa'"),
}
# The title Headlines makes for an article with no text for one (issue 30: no blank rows).
MADE_TITLE = re.compile(r"Untitled(, .+)?")
# Tags that show as a break between words: a line break, or a block's edge.
BREAKING_TAG = re.compile(r"<(?:br|/?(?:p|div|li|ul|ol|h[1-6]|blockquote|pre|table|tr|td|th))\b[^>]*>", re.I)


def field_of(expect):
    """The one field an expectation reads, or None when it reads another or several."""
    fields = set()
    for key, sub in ENTRY_KEY.findall(expect):
        if key == "title":
            fields.add("title")
        elif key == "link":
            fields.add("link")
        elif key in DATE_KEYS:
            fields.add("date")
        elif key in ("summary", "description"):
            fields.add("summary")
        elif key == "author" or (key == "author_detail" and sub == "name"):
            fields.add("author")
        else:
            return None
    for key, sub in FEED_KEY.findall(expect):
        if key == "title":
            fields.add("feed title")
        else:
            return None
    rest = ENTRY_KEY.sub("", FEED_KEY.sub("", expect))
    if re.search(r"\b(feed|entries|headers|encoding|version|namespaces|href|status)\b", rest):
        return None
    return fields.pop() if len(fields) == 1 else None


def shown(text):
    """What an HTML text shows: tags dropped (a break or a block's tag as a space), references
    decoded, spaces folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]*>", "", BREAKING_TAG.sub(" ", text))).split())


class Shown(str):
    """A text Headlines shows; equal to an expected value that is the same text, or shows it."""

    def __eq__(self, other):
        if isinstance(other, str):
            mine = " ".join(self.split())
            if MADE_TITLE.fullmatch(mine) and not shown(other):
                return True  # the title made for an article whose own shows nothing
            return mine == " ".join(other.split()) or mine == shown(other)
        return NotImplemented

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    __hash__ = str.__hash__


class Author(Shown):
    """An author's name; also equal to the expected `Name (email)` of that name."""

    def __eq__(self, other):
        if isinstance(other, str):
            found = re.fullmatch(r"\s*(.*?)\s*\(\s*[^()\s]+@[^()\s]+\s*\)\s*", other)
            if found and Shown.__eq__(self, found.group(1)):
                return True
        return Shown.__eq__(self, other)

    __hash__ = str.__hash__


class Entry(dict):
    pass


def headlines_result(binary, path, home):
    """feedparser's shape of what Headlines prints for the file."""
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "LANG": "C.UTF-8",
                   "LC_ALL": "C.UTF-8", "TZ": "UTC", "NEWSAPI_KEY": "", "SWIFT_BACKTRACE": "enable=no"}
    try:
        run = subprocess.run([binary, "--print", "--json", "--source", path], capture_output=True,
                             env=environment, timeout=30)
    except subprocess.TimeoutExpired:
        return {"bozo": 1, "feed": {}, "entries": []}
    entries = []
    feed = {}
    for line in run.stdout.decode("utf-8", "replace").splitlines():
        try:
            article = json.loads(line)
        except ValueError:
            continue
        entry = Entry()
        entry["title"] = Shown(article.get("title") or "")
        if article.get("url"):
            entry["link"] = article["url"]
        # No description is an empty one: what a reader shows of either is nothing.
        entry["summary"] = entry["description"] = Shown(article.get("description") or article.get("content") or "")
        if article.get("author"):
            entry["author"] = Author(article["author"])
            entry["author_detail"] = {"name": entry["author"]}
        if article.get("publishedAt"):
            parsed = time.strptime(article["publishedAt"], "%Y-%m-%dT%H:%M:%SZ")
            parsed = time.gmtime(calendar.timegm(parsed))
            for key in DATE_KEYS:
                entry[key] = parsed
        if "title" not in feed:
            feed["title"] = Shown(article.get("source") or "")
        entries.append(entry)
    empty = EMPTY_FEED.search(run.stderr.decode("utf-8", "replace"))
    if empty and not entries:
        feed["title"] = Shown(empty.group(1) or "")
    return {"bozo": 0 if run.returncode == 0 else 1, "feed": feed, "entries": entries}


def judge(field, path, expect, binary, home, tests):
    """Whether feedparser, and Headlines, pass the expectation."""
    original = expect
    right = HEADLINES_RIGHT.get(os.path.relpath(path, tests).replace(os.sep, "/"))
    if right:
        expect = right[0]  # only Headlines is judged by it
    try:
        reference = feedparser.parse(path)
    except Exception:  # 6.0.11 raises on `<!DOCTYPE ~`: a file it fails
        reference = {"bozo": 1, "feed": {}, "entries": []}
    ours = headlines_result(binary, path, home)
    if BOTH_ENTRIES.search(expect) and len(ours["entries"]) == 1 and len(reference["entries"]) == 2:
        ours["entries"].append(ours["entries"][0])  # a repeat Headlines folded into the first (see above)
    return passes(original, reference), passes(expect, ours)


def passes(expect, environment):
    try:
        return bool(eval(expect, {}, dict(environment)))
    except Exception:
        return False


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    arguments.add_argument("tests", help="feedparser's tests/ folder")
    arguments.add_argument("--headlines", default=".build/debug/headlines")
    arguments.add_argument("--list", choices=FIELDS, help="print the files Headlines fails for this field")
    arguments.add_argument("--check", action="store_true",
                           help="exit 1 when Headlines passes fewer expectations than feedparser on any field")
    arguments.add_argument("--jobs", type=int, default=max(4, 2 * (os.cpu_count() or 2)), help="files judged at once (each runs Headlines)")
    options = arguments.parse_args()

    cases = []
    for folder in ("wellformed", "illformed"):
        for root, _, files in os.walk(os.path.join(options.tests, folder)):
            for name in sorted(files):
                if not name.endswith(".xml"):
                    continue
                path = os.path.join(root, name)
                with open(path, "rb") as handle:
                    text = handle.read().decode("utf-8", "ignore")
                found = DESCRIPTION.search(text)
                skip = SKIP.search(text)
                if not found or skip:
                    continue
                field = field_of(found.group(2).strip())
                if field:
                    cases.append((field, path, found.group(2).strip()))

    counts = {field: [0, 0, 0] for field in FIELDS}
    failures = []
    with tempfile.TemporaryDirectory() as home, concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
        results = pool.map(lambda case: judge(*case, options.headlines, home, options.tests), cases)
        for (field, path, expect), (reference, ours) in zip(cases, results):
            counts[field][0] += 1
            counts[field][1] += reference
            counts[field][2] += ours
            if not ours and field == options.list:
                failures.append(f"{os.path.relpath(path, options.tests)}: {expect}")

    print(f"{'field':<11} {'files':>5} {'feedparser':>10} {'headlines':>9}")
    for field in FIELDS:
        total, reference, ours = counts[field]
        print(f"{field:<11} {total:>5} {reference:>10} {ours:>9}")
    total = [sum(counts[field][index] for field in FIELDS) for index in range(3)]
    print(f"{'all':<11} {total[0]:>5} {total[1]:>10} {total[2]:>9}")
    for name, (instead, reason) in HEADLINES_RIGHT.items():
        print(f"judged for Headlines by {instead}: {name}: {reason}")
    for line in failures:
        print(line)
    behind = [field for field in FIELDS if counts[field][2] < counts[field][1]]
    if options.check and behind:
        print("Headlines passes fewer of feedparser's expectations than feedparser on: " + ", ".join(behind))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
