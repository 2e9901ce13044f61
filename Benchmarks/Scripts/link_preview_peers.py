"""Python link-preview extractors on the benchmark's pages, for the same run as the Swift benchmark.

    python3 link_preview_peers.py PAGES_DIRECTORY PAGE [PAGE ...]

For each page and each extractor — built on html5lib (a WHATWG parser in Python), on lxml (libxml2's
HTML parser, C) and on BeautifulSoup with the lxml parser — prints a tab-separated line: the
extractor, the page, the median seconds per extraction, and the title and first image it found (to
check that every extractor agrees with TransferKit). The extraction rules are TransferKit's:
og → twitter → JSON-LD → <title>, first value wins, og:image groups with secure_url preferred, URLs
resolved against <base href>; each extractor parses the page's JSON-LD blocks with Python's json (C)
and picks the article node, as TransferKit does.
"""
import json
import os
import statistics
import sys
import time
from urllib.parse import urljoin

import html5lib
import lxml.html
from bs4 import BeautifulSoup


def linked_data(blocks):
    """The first article node's headline in the JSON-LD blocks (objects, arrays, @graph)."""
    nodes = []
    for block in blocks:
        try:
            root = json.loads(block)
        except ValueError:
            continue
        stack = [root]
        while stack:
            value = stack.pop(0)
            if isinstance(value, list):
                stack.extend(value)
            elif isinstance(value, dict):
                if "@type" in value:
                    nodes.append(value)
                if "@graph" in value:
                    stack.append(value["@graph"])
    for node in nodes:
        types = node["@type"] if isinstance(node["@type"], list) else [node["@type"]]
        if any(str(t).endswith("Article") for t in types):
            return node.get("headline") or node.get("name")
    return None


def rules(metas, title, base_href, page_url, blocks=()):
    """metas: (key, content) in document order."""
    base = urljoin(page_url, base_href) if base_href else page_url
    scalars, images = {}, []
    for key, content in metas:
        key, content = key.strip().lower(), " ".join(content.split())
        if not content:
            continue
        if key in ("og:image", "og:image:url"):
            images.append({"url": content})
        elif key == "og:image:secure_url" and images and "secure" not in images[-1]:
            images[-1]["secure"] = content
        elif key in ("og:image:width", "og:image:height") and images:
            images[-1].setdefault(key[9:], content)
        else:
            scalars.setdefault(key, content)
    headline = linked_data(blocks)
    title_text = (scalars.get("og:title") or scalars.get("twitter:title") or headline
                  or (" ".join(title.split()) if title else None))
    first = images[0] if images else None
    image = urljoin(base, first.get("secure") or first["url"]) if first else (
        urljoin(base, scalars["twitter:image"]) if "twitter:image" in scalars else None)
    return title_text, image


def with_html5lib(data, url):
    document = html5lib.parse(data, treebuilder="etree", namespaceHTMLElements=False)
    metas = []
    for meta in document.iter("meta"):
        key = meta.get("property") or meta.get("name") or meta.get("itemprop")
        if key and meta.get("content") is not None:
            metas.append((key, meta.get("content")))
    title = next((element.text or "" for element in document.iter("title")), None)
    base = next((element.get("href") for element in document.iter("base") if element.get("href")), None)
    blocks = [element.text or "" for element in document.iter("script")
              if (element.get("type") or "").strip().lower() == "application/ld+json"]
    return rules(metas, title, base, url, blocks)


def with_lxml(data, url):
    document = lxml.html.document_fromstring(data)
    metas = []
    for meta in document.iter("meta"):
        key = meta.get("property") or meta.get("name") or meta.get("itemprop")
        if key and meta.get("content") is not None:
            metas.append((key, meta.get("content")))
    titles = document.xpath("//title")
    title = titles[0].text_content() if titles else None
    bases = document.xpath("//base[@href]")
    blocks = [element.text or "" for element in document.xpath('//script[@type="application/ld+json"]')]
    return rules(metas, title, bases[0].get("href") if bases else None, url, blocks)


def with_beautifulsoup(data, url):
    soup = BeautifulSoup(data, "lxml")
    metas = []
    for meta in soup.find_all("meta"):
        key = meta.get("property") or meta.get("name") or meta.get("itemprop")
        if key and meta.get("content") is not None:
            metas.append((key, meta.get("content")))
    title = soup.title.get_text() if soup.title else None
    base = soup.find("base", href=True)
    blocks = [element.string or "" for element in soup.find_all("script", type="application/ld+json")]
    return rules(metas, title, base["href"] if base else None, url, blocks)


EXTRACTORS = [("html5lib", with_html5lib), ("lxml", with_lxml), ("beautifulsoup4+lxml", with_beautifulsoup)]
URL = "https://news.example.com/science/2026/11/water-exoplanet"


def main():
    directory, pages = sys.argv[1], sys.argv[2:]
    for page in pages:
        with open(os.path.join(directory, page), "rb") as file:
            data = file.read()
        for name, extract in EXTRACTORS:
            repeats = 3 if name == "html5lib" and len(data) > 1_000_000 else 11
            result, samples = None, []
            for _ in range(repeats):
                start = time.perf_counter()
                result = extract(data, URL)
                samples.append(time.perf_counter() - start)
            title, image = result
            print(f"{name}\t{page}\t{statistics.median(samples)}\t{title}\t{image}", flush=True)


if __name__ == "__main__":
    main()
