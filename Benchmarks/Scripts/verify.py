"""Whether two profiles archives, CSV or JSON, hold the same records.

    python3 verify.py A B [C ...] [--max-differences N]

Each file is read with Python's csv or json module (by its extension: .csv, else JSON) into
records (id, name, bio, funFacts, video, portrait) as Python values, and the two lists are
compared in order, field by field: the strings exactly (CR, LF and CRLF inside a field are
different values), funFacts as lists of strings, and a video or portrait that is an empty CSV
field, a JSON null or an absent JSON key all as None. Ids are compared without regard to case
(a UUID is the same UUID in either case). A file that is not a profiles archive (a missing
column or key, funFacts that is not a JSON array of strings, a bio that is null, ...) fails.

Every file after A is compared with A. With more than two files, when B differs from A each of
the rest is also compared with B: end_to_end.py passes the input, transfer's output, then the
peers' outputs, so that the peers are checked against transfer's output even where transfer and
the input disagree (were they all equal to the input, they would be equal to each other).

Prints a line per comparison ("OK: ..." or "DIFFERS: ..." with the first differences, "ERROR:"
for a file that cannot be read as an archive) and exits 0 when every file equals A, else 1.
Used by convert_peers.py --verify and end_to_end.py (in a process of its own there, so that the
driver stays small: see end_to_end.py on peak RSS).
"""
import argparse
import csv
import json
import sys

COLUMNS = ("id", "name", "bio", "funFacts", "video", "portrait")
REQUIRED = ("id", "name", "bio", "funFacts")
MEDIA = ("video", "portrait")


class FormatError(Exception):
    """The file is not a profiles archive."""


def is_csv(path):
    return path.lower().endswith(".csv")


def _fun_facts(value, where):
    if not isinstance(value, list) or not all(isinstance(fact, str) for fact in value):
        raise FormatError(f"{where}: funFacts is not an array of strings: {value!r:.200}")
    return value


def _text(value, key, where):
    if not isinstance(value, str):
        raise FormatError(f"{where}: {key} is not a string: {value!r:.200}")
    return value


def load_csv(path):
    with open(path, encoding="utf-8", newline="") as f:
        reader = csv.reader(f, strict=True)
        header = next(reader, None)
        if header is None:
            raise FormatError(f"{path}: empty file, no header")
        if header and header[0].startswith("\ufeff"):
            header[0] = header[0][1:]
        missing = [c for c in COLUMNS if c not in header]
        if missing:
            raise FormatError(f"{path}: header {header} lacks {missing}")
        index = [header.index(c) for c in COLUMNS]
        records = []
        for number, row in enumerate(reader, 1):
            if len(row) != len(header):
                raise FormatError(f"{path}: record {number} has {len(row)} fields, the header {len(header)}")
            i, name, bio, facts, video, portrait = (row[k] for k in index)
            where = f"{path}: record {number}"
            try:
                facts = json.loads(facts)
            except ValueError as error:
                raise FormatError(f"{where}: funFacts is not JSON ({error}): {facts!r:.200}") from None
            records.append((i.upper(), name, bio, _fun_facts(facts, where), video or None, portrait or None))
    return records


def load_json(path):
    with open(path, encoding="utf-8") as f:
        objects = json.load(f)
    if not isinstance(objects, list):
        raise FormatError(f"{path}: not a JSON array")
    records = []
    for number, o in enumerate(objects, 1):
        where = f"{path}: record {number}"
        if not isinstance(o, dict):
            raise FormatError(f"{where}: not an object")
        missing = [k for k in REQUIRED if k not in o]
        extra = [k for k in o if k not in COLUMNS]
        if missing or extra:
            raise FormatError(f"{where}: keys {sorted(o)}: missing {missing}, unexpected {extra}")
        media = []
        for key in MEDIA:
            value = o.get(key)
            if value is not None:
                _text(value, key, where)
            media.append(value or None)
        records.append((_text(o["id"], "id", where).upper(), _text(o["name"], "name", where),
                        _text(o["bio"], "bio", where), _fun_facts(o["funFacts"], where), *media))
    return records


def load(path):
    """The records of a CSV or JSON profiles archive, as tuples in COLUMNS order."""
    return load_csv(path) if is_csv(path) else load_json(path)


def compare(a, b, max_differences=10):
    """The differences between two lists of records, at most max_differences of them described."""
    differences = []
    if len(a) != len(b):
        differences.append(f"{len(a)} records against {len(b)}")
    for number, (x, y) in enumerate(zip(a, b), 1):
        if x != y:
            fields = [f"{c}: {u!r:.120} != {v!r:.120}" for c, u, v in zip(COLUMNS, x, y) if u != v]
            differences.append(f"record {number} (id {x[0]}): " + "; ".join(fields))
            if len(differences) >= max_differences:
                differences.append("...")
                break
    return differences


def check(path_a, path_b, max_differences=10):
    """(ok, message): whether the two files hold the same records."""
    try:
        a = load(path_a)
        b = load(path_b)
    except (FormatError, csv.Error, ValueError, OSError) as error:
        return False, f"ERROR: {type(error).__name__}: {error}"
    differences = compare(a, b, max_differences)
    if differences:
        return False, f"DIFFERS: {path_b} from {path_a}:\n  " + "\n  ".join(differences)
    return True, f"OK: {len(a)} records equal ({path_a}, {path_b})"


def check_many(reference, second, rest, max_differences=10):
    """(ok, lines): every file against the reference; the rest also against the second when the
    second differs from the reference. Holds three files' records at most."""
    lines, ok = [], True
    try:
        expected = load(reference)
    except (FormatError, csv.Error, ValueError, OSError) as error:
        return False, [f"ERROR: {reference}: {type(error).__name__}: {error}"]
    second_records = None
    for path in [second, *rest]:
        try:
            records = load(path)
        except (FormatError, csv.Error, ValueError, OSError) as error:
            ok = False
            lines.append(f"ERROR: {path}: {type(error).__name__}: {error}")
            continue
        differences = compare(expected, records, max_differences)
        if differences:
            ok = False
            lines.append(f"DIFFERS: {path} from {reference}:\n  " + "\n  ".join(differences))
            if path == second:
                second_records = records
        else:
            lines.append(f"OK: {path}: {len(records)} records equal to {reference}'s")
        if second_records is not None and path != second:
            differences = compare(second_records, records, max_differences)
            if differences:
                lines.append(f"DIFFERS: {path} from {second}:\n  " + "\n  ".join(differences))
            else:
                lines.append(f"OK: {path}: {len(records)} records equal to {second}'s")
    return ok, lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reference")
    parser.add_argument("files", nargs="+")
    parser.add_argument("--max-differences", type=int, default=10)
    args = parser.parse_args()
    ok, lines = check_many(args.reference, args.files[0], args.files[1:], args.max_differences)
    print("\n".join(lines))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
