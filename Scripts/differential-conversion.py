#!/usr/bin/env python3
"""A differential check of `transfer convert` against Python's own `csv` and `json` modules.

Generated archives of profiles — strings with every kind of escape, quotes, delimiters, line
breaks of every kind, NUL, byte-order marks inside fields, combining marks, emoji; media URLs in
RFC 3986 form; empty and long fun-fact lists; sizes on and around the tool's batch boundaries —
are written by Python in CSV (several dialects: CRLF or LF, a leading byte-order mark, every field
quoted), as a JSON array (compact or indented, ASCII-escaped or not) and as JSON Lines (with blank
lines and CRLF). Each is converted by the tool to every format, streamed and `--whole`; the two
outputs must be the same bytes, and Python's readers must read from them exactly the profiles that
were written, with the normalizations Docs/Fidelity.md states (UUIDs in upper case). Archives with
a bad record (and a later malformed one) must fail with exit status 65, the same message both ways,
naming the first bad record, and a streamed conversion to standard output must hold exactly the
records before it.

Usage: differential-conversion.py TRANSFER_EXECUTABLE [--cases N] [--seed S]
Exits 0 when every case holds; prints each failure and exits 1 otherwise.
"""

import argparse
import csv
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import uuid

COLUMNS = ["id", "name", "bio", "funFacts", "video", "portrait"]

PIECES = [
    "plain", "comma, inside", 'a "quoted" word', "line\nfeed", "carriage\rreturn", "crlf\r\nend",
    "tab\there", "semi;colon", "back\\slash", "slash/es", "NUL\x00byte", "bom\ufeffinside", "é", "e\u0301",
    "山に登る", "Любит", "🍵🎸", "مرحبا", "\u0007bell", "  spaces  ", "", "'single'", "{\"json\":1}",
    "[1,2]", "\\u0041", "%20", "#hash",
]

HOSTS = ["media.example.com", "cdn.example.org", "example.net/~user"]


def random_text(rng, maximum=6):
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, maximum)))


def random_profile(rng, index):
    profile = {
        "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
        "name": random_text(rng, 3),
        "bio": random_text(rng, 10) + (" long" * rng.choice([0, 0, 0, 2000])),
        "funFacts": [random_text(rng, 3) for _ in range(rng.choice([0, 1, 2, 5]))],
        "video": None,
        "portrait": None,
    }
    if rng.random() < 0.6:
        profile["video"] = "https://%s/videos/%d.mp4" % (rng.choice(HOSTS), index)
    if rng.random() < 0.7:
        profile["portrait"] = "https://%s/p/%d/face%%20%d.jpg?size=%d#f" % (
            rng.choice(HOSTS), index, rng.randint(0, 999), rng.choice([128, 512]))
    if rng.random() < 0.3:
        profile["id"] = profile["id"].lower()
    else:
        profile["id"] = profile["id"].upper()
    return profile


def expected(profile):
    """The profile as the tool writes it back: UUIDs in upper case, nothing else changed."""
    result = dict(profile)
    result["id"] = profile["id"].upper()
    return result


# Writing inputs, with Python's own writers.

def write_csv(profiles, dialect):
    out = io.StringIO(newline="")
    writer = csv.writer(
        out, lineterminator=dialect["line"], quoting=csv.QUOTE_ALL if dialect["quote_all"] else csv.QUOTE_MINIMAL)
    writer.writerow(COLUMNS)
    for p in profiles:
        writer.writerow([
            p["id"], p["name"], p["bio"], json.dumps(p["funFacts"], ensure_ascii=False, separators=(",", ":")),
            p["video"] or "", p["portrait"] or ""])
    data = out.getvalue().encode("utf-8")
    return (b"\xef\xbb\xbf" if dialect["bom"] else b"") + data


def json_object(p):
    return {key: value for key, value in p.items() if value is not None or key not in ("video", "portrait")}


def write_json(profiles, style):
    objects = [json_object(p) for p in profiles]
    if style["indent"]:
        text = json.dumps(objects, ensure_ascii=style["ascii"], indent=2)
    else:
        text = json.dumps(objects, ensure_ascii=style["ascii"], separators=(",", ":"))
    return text.encode("utf-8")


def write_jsonl(profiles, style):
    end = "\r\n" if style["crlf"] else "\n"
    lines = []
    for p in profiles:
        lines.append(json.dumps(json_object(p), ensure_ascii=style["ascii"]))
        if style["blank"]:
            lines.append("")
    return (end.join(lines) + end).encode("utf-8")


# Reading outputs, with Python's own readers.

def read_csv(data):
    text = data.decode("utf-8")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if not rows:
        return []
    header, records = rows[0], rows[1:]
    if header != COLUMNS:
        raise ValueError("header %r" % header)
    result = []
    for row in records:
        record = dict(zip(header, row))
        result.append({
            "id": record["id"], "name": record["name"], "bio": record["bio"],
            "funFacts": json.loads(record["funFacts"]),
            "video": record["video"] or None, "portrait": record["portrait"] or None,
        })
    return result


def normalize_json_object(o):
    return {"id": o["id"], "name": o["name"], "bio": o["bio"], "funFacts": o["funFacts"],
            "video": o.get("video"), "portrait": o.get("portrait")}


def read_json(data):
    return [normalize_json_object(o) for o in json.loads(data.decode("utf-8"))]


def read_jsonl(data):
    text = data.decode("utf-8")
    if text and not text.endswith("\n"):
        raise ValueError("JSON Lines output does not end with a line feed")
    return [normalize_json_object(json.loads(line)) for line in text.split("\n") if line]


READERS = {"csv": read_csv, "json": read_json, "jsonl": read_jsonl}


class Checker:
    def __init__(self, transfer, directory):
        self.transfer = transfer
        self.directory = directory
        self.failures = []
        self.conversions = 0

    def fail(self, case, message):
        self.failures.append("%s: %s" % (case, message))

    def convert(self, path, target, whole):
        arguments = [self.transfer, "convert", path, "--to", target] + (["--whole"] if whole else [])
        result = subprocess.run(arguments, capture_output=True, timeout=300)
        self.conversions += 1
        return result

    def check_good(self, case, path, profiles):
        want = [expected(p) for p in profiles]
        for target in ("csv", "json", "jsonl"):
            streamed = self.convert(path, target, whole=False)
            whole = self.convert(path, target, whole=True)
            label = "%s → %s" % (case, target)
            if streamed.returncode != 0 or whole.returncode != 0:
                self.fail(label, "exit %d/%d: %s" % (
                    streamed.returncode, whole.returncode, (streamed.stderr or whole.stderr).decode()[:300]))
                continue
            if streamed.stdout != whole.stdout:
                self.fail(label, "streamed and whole outputs differ")
            try:
                got = READERS[target](streamed.stdout)
            except Exception as error:  # noqa: BLE001 - any reading failure is the finding
                self.fail(label, "Python cannot read the output: %s" % error)
                continue
            if got != want:
                index = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
                self.fail(label, "record %d differs: got %r, want %r (%d vs %d records)" % (
                    index, got[index] if index < len(got) else None, want[index] if index < len(want) else None,
                    len(got), len(want)))

    def check_bad(self, case, path, profiles, bad_index, source):
        for target in ("csv", "json", "jsonl"):
            if target == source:
                continue
            streamed = self.convert(path, target, whole=False)
            whole = self.convert(path, target, whole=True)
            label = "%s → %s" % (case, target)
            if streamed.returncode != 65 or whole.returncode != 65:
                self.fail(label, "exit %d/%d, expected 65" % (streamed.returncode, whole.returncode))
                continue
            if streamed.stderr != whole.stderr:
                self.fail(label, "messages differ: %r / %r" % (streamed.stderr[:200], whole.stderr[:200]))
            message = streamed.stderr.decode()
            if "[%d]" % bad_index not in message:
                self.fail(label, "the message does not name record [%d]: %s" % (bad_index, message[:300]))
            if whole.stdout:
                self.fail(label, "--whole wrote %d bytes before failing" % len(whole.stdout))
            # Standard output holds exactly the records before the bad one.
            output = streamed.stdout
            if target == "json":
                output = output + b"]" if output not in (b"", b"[") else b"[]"
            try:
                got = READERS[target](output) if output else []
            except Exception as error:  # noqa: BLE001
                self.fail(label, "the partial output is not the records before the bad one: %s" % error)
                continue
            if got != [expected(p) for p in profiles[:bad_index]]:
                self.fail(label, "the partial output holds %d records, expected the %d before the bad one" % (
                    len(got), bad_index))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("transfer")
    parser.add_argument("--cases", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    sizes = [0, 1, 2, 3, 17, 1023, 1024, 1025, 2500]
    with tempfile.TemporaryDirectory(prefix="differential-") as directory:
        checker = Checker(arguments.transfer, directory)
        for number in range(arguments.cases):
            count = sizes[number % len(sizes)] if number < len(sizes) else rng.choice(sizes)
            profiles = [random_profile(rng, index) for index in range(count)]
            source = ["csv", "json", "jsonl"][number % 3]
            if source == "csv":
                style = {"line": rng.choice(["\r\n", "\n"]), "bom": rng.random() < 0.3, "quote_all": rng.random() < 0.3}
                data = write_csv(profiles, style)
            elif source == "json":
                style = {"indent": rng.random() < 0.3, "ascii": rng.random() < 0.5}
                data = write_json(profiles, style)
            else:
                style = {"crlf": rng.random() < 0.3, "blank": rng.random() < 0.3, "ascii": rng.random() < 0.5}
                data = write_jsonl(profiles, style)
            path = os.path.join(directory, "case%d.%s" % (number, source))
            with open(path, "wb") as file:
                file.write(data)
            case = "case %d (%d profiles, %s %s)" % (number, count, source, style)
            checker.check_good(case, path, profiles)
            if count >= 3:
                # A bad UUID at one record, and a malformed record after it.
                bad = rng.randrange(count - 1)
                spoiled = [dict(p) for p in profiles]
                spoiled[bad]["id"] = spoiled[bad]["id"] + "\x00garbage" if source != "csv" else "not-a-uuid"
                if source == "csv":
                    data = write_csv(spoiled, style)
                    data += b'"never closed\r\n'
                elif source == "json":
                    data = write_json(spoiled, style)[:-1] + b",{]"
                else:
                    data = write_jsonl(spoiled, style) + b"{\n"
                bad_path = os.path.join(directory, "bad%d.%s" % (number, source))
                with open(bad_path, "wb") as file:
                    file.write(data)
                checker.check_bad("bad " + case + " at [%d]" % bad, bad_path, profiles, bad, source)
        print("%d cases, %d conversions, %d failures (Python %s)" % (
            arguments.cases, checker.conversions, len(checker.failures), sys.version.split()[0]))
        for failure in checker.failures[:40]:
            print("FAIL " + failure)
        return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
