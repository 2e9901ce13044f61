"""Whether two profiles archives, CSV or JSON, hold the same records.

    python3 verify.py A B [C ...] [--max-differences N]

Each file is read with Python's csv or json module (by its extension: .csv, else JSON) into
records (id, name, bio, funFacts, video, portrait) as Python values, and the two sequences are
compared in order, field by field: the strings exactly (CR, LF and CRLF inside a field are
different values), funFacts as lists of strings, and a video or portrait that is an empty CSV
field, a JSON null or an absent JSON key all as None. Ids are compared without regard to case
(a UUID is the same UUID in either case). A file that is not a profiles archive (a missing
column or key, funFacts that is not a JSON array of strings, a bio that is null, ...) fails.

Every file after A is compared with A. With more than two files, when B differs from A each of
the rest is also compared with B: end_to_end.py passes the input, transfer's output, then the
peers' outputs, so that the peers are checked against transfer's output even where transfer and
the input disagree (were they all equal to the input, they would be equal to each other).

The files are read as streams, a record at a time and all in step (a JSON array through
json.JSONDecoder.raw_decode, an element at a time), so memory does not grow with the archives: a
10M-profile archive (5 GiB) is checked in the memory of a read buffer (1 Mi characters) and a
few records a file.

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


def iter_csv(path):
    """The records of a CSV profiles archive, one at a time."""
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
        for number, row in enumerate(reader, 1):
            if len(row) != len(header):
                raise FormatError(f"{path}: record {number} has {len(row)} fields, the header {len(header)}")
            i, name, bio, facts, video, portrait = (row[k] for k in index)
            where = f"{path}: record {number}"
            try:
                facts = json.loads(facts)
            except ValueError as error:
                raise FormatError(f"{where}: funFacts is not JSON ({error}): {facts!r:.200}") from None
            yield (i.upper(), name, bio, _fun_facts(facts, where), video or None, portrait or None)


WHITESPACE = " \t\n\r"  # JSON's
NUMBER = "0123456789+-.eE"  # what can follow the start of a JSON number


def iter_json_array(path, chunk=1 << 20):
    """The elements of the JSON array that is the whole file, one at a time: what json.load would
    give, in the memory of a chunk and an element. Raises FormatError where json.load would raise
    (a JSONDecodeError's line and column would be the buffer's, not the file's: the error names
    the element instead)."""
    decoder = json.JSONDecoder()
    count = 0
    with open(path, encoding="utf-8") as f:
        text, position, at_end = "", 0, False

        def fill():
            """More text after position; False at the end of the file."""
            nonlocal text, position, at_end
            more = "" if at_end else f.read(chunk)
            at_end = at_end or not more
            text, position = text[position:] + more, 0
            return bool(more)

        def next_character():
            """The next non-whitespace character, not consumed ("" at the end of the file)."""
            nonlocal position
            while True:
                while position < len(text) and text[position] in WHITESPACE:
                    position += 1
                if position < len(text):
                    return text[position]
                if not fill():
                    return ""

        if next_character() != "[":
            raise FormatError(f"{path}: not a JSON array")
        position += 1
        if next_character() == "]":
            position += 1
        else:
            while True:
                start = position
                while True:
                    try:
                        value, end = decoder.raw_decode(text, start)
                    except json.JSONDecodeError as error:
                        if at_end:
                            raise FormatError(f"{path}: element {count + 1}: {error.msg}") from None
                        fill()  # an element cut at the end of the chunk
                        start = position
                        continue
                    # A number cut at the end of the chunk ("1." of "1.5") decodes as a shorter
                    # one: read on when all that follows the element in the buffer could be the
                    # rest of a number.
                    if at_end or (end < len(text) and (text[end] not in NUMBER
                                                       or text[end:].strip(NUMBER))):
                        break
                    fill()
                    start = position
                position = end
                count += 1
                yield value
                separator = next_character()
                position += 1
                if separator == "]":
                    break
                if separator != ",":
                    raise FormatError(f"{path}: after element {count}: expecting ',' or ']', not {separator!r}")
                if next_character() in ("", "]"):
                    raise FormatError(f"{path}: after element {count}: expecting a value")
        if next_character() != "":
            raise FormatError(f"{path}: after the array: extra data")


def iter_json(path):
    """The records of a JSON profiles archive, one at a time."""
    for number, o in enumerate(iter_json_array(path), 1):
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
        yield (_text(o["id"], "id", where).upper(), _text(o["name"], "name", where),
               _text(o["bio"], "bio", where), _fun_facts(o["funFacts"], where), *media)


def records(path):
    """The records of a CSV or JSON profiles archive, as tuples in COLUMNS order, one at a time."""
    return iter_csv(path) if is_csv(path) else iter_json(path)


READ_ERRORS = (FormatError, csv.Error, ValueError, OSError)  # ValueError: JSON's and UTF-8's


class Stream:
    """One file's records, read one at a time; a file that cannot be read ends with .error set."""

    END = object()

    def __init__(self, path):
        self.path = path
        self.records = records(path)
        self.count = 0
        self.error = None

    def next(self):
        if self.error is not None:
            return Stream.END
        try:
            record = next(self.records)
        except StopIteration:
            return Stream.END
        except READ_ERRORS as error:
            self.error = f"{type(error).__name__}: {error}"
            return Stream.END
        self.count += 1
        return record


class Comparison:
    """The differences between two streams' records, in step, the first max_differences described."""

    def __init__(self, max_differences):
        self.max_differences = max_differences
        self.differences = []
        self.more = False

    def add(self, number, x, y):
        if x == y or x is Stream.END or y is Stream.END:  # a record too many or too few: counted at the end
            return
        if len(self.differences) >= self.max_differences:
            self.more = True
            return
        fields = [f"{c}: {u!r:.120} != {v!r:.120}" for c, u, v in zip(COLUMNS, x, y) if u != v]
        self.differences.append(f"record {number} (id {x[0]}): " + "; ".join(fields))

    def lines(self, a, b):
        counted = [f"{a.count} records against {b.count}"] if a.count != b.count else []
        return counted + self.differences + (["..."] if self.more else [])


def check(path_a, path_b, max_differences=10):
    """(ok, message): whether the two files hold the same records."""
    ok, lines = check_many(path_a, path_b, [], max_differences)
    return ok, "\n".join(lines)


def check_many(reference, second, rest, max_differences=10):
    """(ok, lines): every file against the reference; the rest also against the second when the
    second differs from the reference. Reads all the files in step, a record at a time."""
    expected, other = Stream(reference), Stream(second)
    others = [Stream(path) for path in rest]
    against_reference = {id(s): Comparison(max_differences) for s in [other, *others]}
    against_second = {id(s): Comparison(max_differences) for s in others}
    number = 0
    while True:
        number += 1
        x, y = expected.next(), other.next()
        against_reference[id(other)].add(number, x, y)
        done = x is Stream.END and y is Stream.END
        for stream in others:
            z = stream.next()
            against_reference[id(stream)].add(number, x, z)
            against_second[id(stream)].add(number, y, z)
            done = done and z is Stream.END
        if done or expected.error is not None:
            break
    if expected.error is not None:
        return False, [f"ERROR: {reference}: {expected.error}"]
    lines, ok = [], True
    second_differs = other.error is None and bool(against_reference[id(other)].lines(expected, other))
    for stream in [other, *others]:
        if stream.error is not None:
            ok = False
            lines.append(f"ERROR: {stream.path}: {stream.error}")
            continue
        differences = against_reference[id(stream)].lines(expected, stream)
        if differences:
            ok = False
            lines.append(f"DIFFERS: {stream.path} from {reference}:\n  " + "\n  ".join(differences))
        else:
            lines.append(f"OK: {stream.path}: {stream.count} records equal to {reference}'s")
        if second_differs and stream is not other:
            differences = against_second[id(stream)].lines(other, stream)
            if differences:
                lines.append(f"DIFFERS: {stream.path} from {second}:\n  " + "\n  ".join(differences))
            else:
                lines.append(f"OK: {stream.path}: {stream.count} records equal to {second}'s")
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
