"""Writes the link-preview benchmark's pages, deterministically, into a directory.

    python3 make_pages.py DIRECTORY

- article.html: a news article of about 120 KB (a head with 40 metadata tags and a JSON-LD @graph, scripts,
  styles, a body
  of nested markup, inline SVG icons with titles, comments, character references);
- large-head.html: 2 MB, the metadata in the head and the rest markup;
- large-tail.html: 2 MB, the metadata after the body (as some CMSs emit it);
- comment.html: a 100 MB comment, then the metadata (a pathological page);
- attributes.html: a <meta> with a million attributes (a pathological page).
"""
import os
import random
import sys

HEAD_METADATA = """<meta charset="utf-8">
<title>Ignored when og:title is present &amp; other words</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A page description from the description meta tag, with an &eacute; and an &amp;.">
<meta property="og:title" content="Scientists Find Water on a Distant Exoplanet">
<meta property="og:description" content="The James Webb telescope detected water vapour in the atmosphere of K2-18b.">
<meta property="og:site_name" content="Example News">
<meta property="og:type" content="article">
<meta property="og:url" content="https://news.example.com/science/2026/11/water-exoplanet">
<meta property="og:image" content="/images/k2-18b-hero.jpg">
<meta property="og:image:secure_url" content="https://cdn.example.com/images/k2-18b-hero.jpg">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta property="og:image:alt" content="An artist's impression of K2-18b">
<meta property="og:image" content="/images/k2-18b-square.jpg">
<meta property="og:image:width" content="600">
<meta property="og:image:height" content="600">
<meta property="article:published_time" content="2026-11-23T09:00:00Z">
<meta property="article:author" content="https://news.example.com/staff/ada">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:site" content="@examplenews">
<meta name="twitter:title" content="Water on K2-18b">
<meta name="twitter:description" content="Webb finds water vapour.">
<meta name="twitter:image" content="https://cdn.example.com/images/k2-18b-twitter.jpg">
<link rel="canonical" href="https://news.example.com/science/2026/11/water-exoplanet">
<link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png">
<link rel="icon" href="/favicon-16.png" sizes="16x16" type="image/png">
<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180">
<link rel="alternate" type="application/json+oembed" href="https://news.example.com/oembed?url=x&amp;format=json">
<link rel="stylesheet" href="/static/site.css">
<link rel="preload" href="/static/font.woff2" as="font" crossorigin>
<script type="application/ld+json">{"@context": "https://schema.org", "@graph": [
 {"@type": "WebSite", "@id": "https://news.example.com/#website", "name": "Example News", "url": "https://news.example.com/"},
 {"@type": "Organization", "@id": "https://news.example.com/#org", "name": "Example News Group",
  "logo": {"@type": "ImageObject", "url": "https://cdn.example.com/logo.png", "width": 600, "height": 60}},
 {"@type": ["NewsArticle"], "headline": "Scientists Find Water on a Distant Exoplanet",
  "description": "The James Webb telescope detected water vapour in the atmosphere of K2-18b.",
  "image": [{"@type": "ImageObject", "url": "https://cdn.example.com/images/k2-18b-hero.jpg", "width": 1200, "height": 630},
            "https://cdn.example.com/images/k2-18b-square.jpg"],
  "author": [{"@type": "Person", "name": "Ada Lovelace", "url": "https://news.example.com/staff/ada"}],
  "publisher": {"@id": "https://news.example.com/#org", "name": "Example News Group"},
  "datePublished": "2026-11-23T09:00:00Z", "dateModified": "2026-11-23T11:30:00Z",
  "mainEntityOfPage": {"@type": "WebPage", "@id": "https://news.example.com/science/2026/11/water-exoplanet"},
  "keywords": ["space", "exoplanets", "webb"], "articleSection": "Science"}
]}</script>
"""

def block(rng, index):
    words = ["telescope", "planet", "atmosphere", "water", "vapour", "astronomers", "signal", "spectrum",
             "habitable", "orbit", "star", "&mdash;", "&nbsp;", "caf&eacute;", "&#8220;quoted&#8221;"]
    text = " ".join(rng.choice(words) for _ in range(rng.randint(20, 60)))
    kind = index % 7
    if kind == 0:
        return f'<section class="story-body__section" data-index="{index}"><h2 id="h{index}">Section {index}</h2><p class="para">{text}</p></section>\n'
    if kind == 1:
        return f'<div class="related"><ul>' + "".join(
            f'<li class="related__item"><a href="/story/{index}-{i}" data-track=\'{{"id": {i}}}\'>{text[:40]}</a></li>' for i in range(5)) + "</ul></div>\n"
    if kind == 2:
        return f'<figure><img src="/img/{index}.jpg" alt="Figure {index}" width="640" height="360" loading="lazy"><figcaption>{text[:80]}</figcaption></figure>\n'
    if kind == 3:
        return f'<button class="share"><svg viewBox="0 0 24 24" aria-hidden="true"><title>Share {index}</title><path d="M12 2L2 7l10 5 10-5-10-5z"/></svg>Share</button>\n'
    if kind == 4:
        return f'<script>window.__data{index} = {{"items": [1, 2, 3], "html": "<div class=\\"x\\"></div>", "cmp": {index} < 5}};</script>\n'
    if kind == 5:
        return f'<!-- ad slot {index}: <div class="ad"></div> -->\n<aside class=ad-slot id="ad{index}"></aside>\n'
    return f'<p>{text}</p>\n<p><em>{text[:50]}</em> <strong>{text[50:90]}</strong></p>\n'

def body(size, seed):
    rng = random.Random(seed)
    parts, total, index = [], 0, 0
    while total < size:
        part = block(rng, index)
        parts.append(part)
        total += len(part.encode())
        index += 1
    return "".join(parts)

def page(head_metadata, body_text, tail_metadata=""):
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n" + head_metadata +
            "<style>body{font:16px/1.5 serif}.ad-slot{display:none}</style>\n"
            "<script>var config = {\"a\": 1}; if (a < b && c > d) { load('</div>'); }</script>\n"
            "</head>\n<body>\n" + body_text + "</body>\n" + tail_metadata + "</html>\n")

def main():
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    def write(name, text):
        with open(os.path.join(directory, name), "wb") as file:
            file.write(text.encode() if isinstance(text, str) else text)
    write("article.html", page(HEAD_METADATA, body(120_000, 1)))
    write("large-head.html", page(HEAD_METADATA, body(2_000_000, 2)))
    write("large-tail.html", page("<meta charset=\"utf-8\">\n", body(2_000_000, 3), HEAD_METADATA))
    write("comment.html", b"<!DOCTYPE html><html><head><!--" + b"- comment text <title>no</title> " * 3_125_000 + b"-->" + HEAD_METADATA.encode() + b"</head></html>")
    write("attributes.html", b"<html><head><meta property=\"og:title\"" + b" data-x=\"1\"" * 1_000_000 + b" content=\"Many attributes\"></head></html>")

if __name__ == "__main__":
    main()
