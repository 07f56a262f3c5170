#!/usr/bin/env python3
"""trafilatura and readability-lxml over a folder of pages, for the `extract` benchmark.

    extract-references.py PAGES_FOLDER OUTPUT_JSON

Each page (NAME.html.gz or NAME.html, UTF-8) is read into memory first; each extractor then
runs over every page in turn, timed per page with perf_counter (one untimed warm-up page
first, so that imports and first-call set-up are not charged to a page). readability-lxml runs
as the article-extraction benchmark runs it: Document(html).summary(html_partial=True) then
html_text.extract_text; trafilatura as trafilatura.extract(html, include_comments=False).

Writes {"versions": {...}, "trafilatura": {NAME: {"articleBody": TEXT, "seconds": S, "title": T}}, "readability": {...}}
(the title as each reads it from the page's metadata, for data sets whose truth includes the headline).
"""
import gzip
import json
import sys
import time
from importlib.metadata import version
from pathlib import Path

import html_text
import trafilatura
from readability import Document


def read_pages(folder):
    pages = {}
    for path in sorted(Path(folder).iterdir()):
        if path.name.endswith(".html.gz"):
            with gzip.open(path, "rt", encoding="utf8") as f:
                pages[path.name[: -len(".html.gz")]] = f.read()
        elif path.name.endswith(".html"):
            data = path.read_bytes()
            try:
                pages[path.name[: -len(".html")]] = data.decode("utf8")
            except UnicodeDecodeError:  # another encoding (windows-1252, latin-1): the extractors read the page's own meta
                pages[path.name[: -len(".html")]] = data
    return pages


def run_trafilatura(html):
    return trafilatura.extract(html, include_comments=False) or ""


def run_readability(html):
    return html_text.extract_text(Document(html).summary(html_partial=True))


def title_trafilatura(html):
    metadata = trafilatura.extract_metadata(html)
    return (metadata.title if metadata else None) or ""


def title_readability(html):
    return Document(html).title() or ""


def main():
    folder, output = sys.argv[1], sys.argv[2]
    pages = read_pages(folder)
    if not pages:
        sys.exit(f"{folder} holds no .html or .html.gz pages")
    result = {"versions": {"trafilatura": version("trafilatura"), "readability": version("readability-lxml")}}
    first = next(iter(pages.values()))
    for name, extract, title in (("trafilatura", run_trafilatura, title_trafilatura), ("readability", run_readability, title_readability)):
        extract(first)  # warm-up, untimed
        texts = {}
        for key, html in pages.items():
            start = time.perf_counter()
            try:
                text = extract(html)
            except Exception as error:  # a reference that fails on a page scores nothing there
                text = ""
                print(f"{name} failed on {key}: {error}", file=sys.stderr)
            seconds = time.perf_counter() - start
            try:
                headline = title(html)  # untimed: the body is what is timed, as for ours
            except Exception:
                headline = ""
            texts[key] = {"articleBody": text, "seconds": seconds, "title": headline}
        result[name] = texts
    Path(output).write_text(json.dumps(result, ensure_ascii=False), encoding="utf8")


if __name__ == "__main__":
    main()
