#!/usr/bin/env python3
"""Checks that the documentation names only what exists.

    Scripts/check-docs.py

For README.md, CONTRIBUTING.md, Docs/*.md and every DocC article and catalog page in Sources/:
- every repository path it names (`Sources/…`, `Docs/CSV.md`, `Scripts/build-docs.sh`, a link's
  target) exists, relative to the repository or to the document — but what a build or a script makes
  (`.build/…`, `.venv/…`), which a clone does not have;
- nothing points outside the repository (`../shared/…`: a clone has no such folder);
- every symbol it names in backticks that looks like this package's (`TransferError.Code`,
  `SharePlan.deliver(_:to:)`, `ShareItem.id`) is declared in Sources/: each dotted component, and
  the type, found as a declaration.
Exits 1 and lists what is missing; CI runs it (.ci/run).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOP = ("Sources/", "Tests/", "Docs/", "Scripts/", "Examples/", "Benchmarks/", "Fuzz/", ".ci/")
# Names of the toolchain, Apple's frameworks and other projects that the docs name beside ours.
EXTERNAL = set("""
Data URL String Int Double Float Bool Character Substring Array Dictionary Set Optional Result Never
Void Error Sendable Codable Encodable Decodable Hashable Equatable Comparable Identifiable
CustomStringConvertible LosslessStringConvertible RawRepresentable CaseIterable Sequence Collection
AsyncSequence Duration ContinuousClock Task TaskGroup Mutex Atomic UUID Date DateFormatter FileManager
FileHandle JSONDecoder JSONEncoder JSONSerialization PropertyListDecoder PropertyListEncoder
PropertyListSerialization NSError CocoaError POSIXError URLSession URLRequest URLProtocol URLError
URLResponse HTTPURLResponse NSItemProvider NSSecureCoding NSObject NSCoder Bundle ProcessInfo Process
Thread DispatchQueue OperationQueue DecodingError EncodingError CodingKey Decoder Encoder
UnkeyedDecodingContainer KeyedDecodingContainer SingleValueDecodingContainer CodingUserInfoKey
AttributedString NSAttributedString UIImage NSImage Image CGImage UIActivityViewController
ShareLink PhotosPicker PasteButton UIPasteboard NSPasteboard XCTest XCTestCase Testing Test Suite
HTTPRequest HTTPResponse HTTPFields Foundation FoundationEssentials FoundationNetworking Glibc Musl
Darwin Synchronization UniformTypeIdentifiers CoreTransferable LinkPresentation SwiftUI UIKit AppKit
LPLinkMetadata LPMetadataProvider LPError LPErrorDomain UTType UTTagClass Transferable
TransferRepresentation CodableRepresentation DataRepresentation FileRepresentation ProxyRepresentation
SentTransferredFile ReceivedTransferredFile TransferRepresentationBuilder TransferRepresentationVisibility
ExportedTypeDeclarations UTExportedTypeDeclarations UTImportedTypeDeclarations Info NSExtension
NSExtensionActivationRule NSExtensionAttributes SUBQUERY TRUEPREDICATE FALSEPREDICATE Package
PackageDescription Regex JSON CSV MIME HTTP HTML XML PNG JPEG GIF WAV TSV UTF OG API CLI GNU RFC
DocC README CHANGELOG CONTRIBUTING LICENSE Linux macOS iOS TRUE FALSE NULL SIGINT SIGPIPE EINTR EIO
ENOSPC ENOENT EISDIR EBADF EACCES EROFS EDQUOT EFBIG EXDEV ENOSYS EOPNOTSUPP EINVAL O_CLOEXEC Self
""".split())

DECLARATION = re.compile(
    r"\b(?:struct|class|enum|protocol|actor|typealias|associatedtype|case|func|var|let|init|macro)\s+`?([A-Za-z_][A-Za-z0-9_]*)")
CASES = re.compile(r"\bcase\s+([^:=\n{]+)")


def declared_names():
    names = set()
    for directory, _, files in os.walk(os.path.join(ROOT, "Sources")):
        if "/.build" in directory:
            continue
        for name in files:
            if not name.endswith((".swift", ".h", ".c")):
                continue
            text = open(os.path.join(directory, name), encoding="utf-8", errors="replace").read()
            names.update(DECLARATION.findall(text))
            for group in CASES.findall(text):
                names.update(re.findall(r"([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(|,|$|=)", group.strip() + ","))
            names.update(re.findall(r"\bextension\s+([A-Za-z_][A-Za-z0-9_.]*)", text))
            # Parameter labels: `for offer: Offer`, `_ body:`.
            names.update(re.findall(r"[(,]\s*([a-z][A-Za-z0-9_]*)\s+[a-z_][A-Za-z0-9_]*\s*:", text))
            names.update(re.findall(r"[(,]\s*([a-z][A-Za-z0-9_]*)\s*:", text))
            names.update(re.findall(r"\binit\b", text))
    return names


def documents():
    paths = ["README.md", "CONTRIBUTING.md"]
    paths += sorted(os.path.join("Docs", n) for n in os.listdir(os.path.join(ROOT, "Docs")) if n.endswith(".md"))
    for directory, _, files in os.walk(os.path.join(ROOT, "Sources")):
        if ".docc" in directory:
            paths += [os.path.relpath(os.path.join(directory, n), ROOT) for n in sorted(files) if n.endswith(".md")]
    return [p for p in paths if os.path.exists(os.path.join(ROOT, p))]


def without_code_blocks(text):
    """The text with fenced blocks blanked (their lines kept, for line numbers)."""
    out, fenced = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            out.append("")
            continue
        out.append("" if fenced else line)
    return out


def repository_files():
    found = set()
    for directory, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if not d.startswith(".build") and d != ".git"]
        found.update(files)
    return found


def test_names():
    """The suites and targets of the tests, the fuzzers and the benchmarks."""
    names = set(re.findall(r'name: "([^"]+)"', open(os.path.join(ROOT, "Package.swift")).read()))
    for top in ("Tests", "Fuzz", "Benchmarks"):
        for directory, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if not d.startswith(".build")]
            names.update(os.path.basename(directory) for _ in [0])
            for name in files:
                if name.endswith(".swift"):
                    text = open(os.path.join(directory, name), encoding="utf-8", errors="replace").read()
                    names.update(re.findall(r"\b(?:struct|class|enum|func)\s+([A-Za-z_][A-Za-z0-9_]*)", text))
                    names.add(name[:-6])
    return names


def check():
    names = declared_names()
    files = repository_files()
    tests = test_names()
    problems = []
    for document in documents():
        text = open(os.path.join(ROOT, document), encoding="utf-8").read()
        for number, line in enumerate(without_code_blocks(text), 1):
            where = f"{document}:{number}"
            if "../shared" in line:
                problems.append(f"{where}: points outside the repository (../shared)")
            # Links to files: [words](target), not to the web or to an anchor.
            for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", line):
                if re.match(r"[a-z]+:", target) or target.startswith("doc:"):
                    continue
                base = os.path.dirname(os.path.join(ROOT, document))
                if not os.path.exists(os.path.normpath(os.path.join(base, target))) and not os.path.exists(
                        os.path.join(ROOT, target)):
                    problems.append(f"{where}: the link target {target} does not exist")
            for token in re.findall(r"`([^`\n]+)`", line):
                token = token.strip()
                path = token.split(" ")[0].split(":")[0].rstrip(",.;")
                placeholder = any(c in path for c in "*<>{}$") or re.search(r"/[A-Z_]{4,}(/|$)", path)
                # What a build or a script makes (`.build/…`, `Benchmarks/.venv`) is not in a clone.
                generated = any(part.startswith((".build", ".venv")) for part in path.split("/"))
                placeholder = placeholder or generated
                if path.startswith(TOP) and not placeholder:
                    if not os.path.exists(os.path.join(ROOT, path)):
                        problems.append(f"{where}: the path {path} does not exist")
                    continue
                # A file named by itself: `NegotiatingWithReceivers.md`, `SharePlan.swift`.
                domain = token.startswith(("public.", "com.", "org.", "dyn.", "net."))
                if re.fullmatch(r"[A-Za-z0-9_+.-]+\.(md|swift|sh|py|json|csv|txt|h|c)", token) and not domain:
                    if token not in files:
                        problems.append(f"{where}: no file is named {token}")
                    continue
                # A test suite or target: `DeliveryTests`.
                if re.fullmatch(r"[A-Z][A-Za-z0-9]*Tests", token):
                    if token not in tests:
                        problems.append(f"{where}: no test suite or target is named {token}")
                    continue
                # A member of one of this package's types: Type.member, Type.Nested.member(_:label:).
                symbol = re.fullmatch(r"([A-Z][A-Za-z0-9]*)((?:\.[A-Za-z_][A-Za-z0-9_]*)+)(\([A-Za-z0-9_:]*\))?", token)
                if not symbol or symbol.group(1) not in names or symbol.group(1) in EXTERNAL:
                    continue
                parts = [symbol.group(1)] + [p for p in symbol.group(2).split(".") if p]
                if symbol.group(3):
                    # The labels of a function: each must be a parameter label somewhere.
                    parts += [label for label in symbol.group(3).strip("()").split(":") if label and label != "_"]
                missing = [p for p in parts if p not in names and p not in EXTERNAL]
                if missing:
                    problems.append(f"{where}: `{token}` names {', '.join(missing)}, declared nowhere in Sources/")
    return problems


if __name__ == "__main__":
    found = check()
    for problem in found:
        print(problem)
    if found:
        print(f"{len(found)} reference(s) to what does not exist", file=sys.stderr)
        sys.exit(1)
    print("every path and symbol the docs name exists")
