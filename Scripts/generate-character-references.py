#!/usr/bin/env python3
"""Regenerates Sources/LinkPreviews/HTML/HTMLCharacterReference+Table.swift from the WHATWG HTML named
character reference table, as the Python standard library carries it (html.entities.html5)."""
import html.entities
import pathlib

lines = [f"{name} {','.join('%X' % ord(c) for c in value)}" for name, value in sorted(html.entities.html5.items())]
out = [
    "// Generated from the WHATWG HTML named character reference table (html.spec.whatwg.org/entities.json,",
    "// as Python's html.entities.html5 carries it): 2,231 names, 106 of them also without their semicolon.",
    "// Do not edit: regenerate with Scripts/generate-character-references.py.",
    "",
    "extension HTMLCharacterReference {",
    "    /// One name and its code points (hexadecimal, comma-separated) per line; names that the table",
    "    /// also lists without a semicolon appear twice, once with and once without.",
    '    static let namedTable = """',
    *("        " + line for line in lines),
    '        """',
    "}",
]
root = pathlib.Path(__file__).resolve().parent.parent
(root / "Sources/LinkPreviews/HTML/HTMLCharacterReference+Table.swift").write_text("\n".join(out) + "\n")
