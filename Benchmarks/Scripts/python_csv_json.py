"""Python's C csv module and json module on the benchmark's profile files, timed inside Python.

    python3 python_csv_json.py PROFILES.csv PROFILES.json REPEATS

Prints one line per operation: name, median seconds, rows.
"""
import csv
import io
import json
import statistics
import sys
import time
import uuid

csv_path, json_path, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
csv_text = open(csv_path, encoding="utf-8", newline="").read()
json_text = open(json_path, encoding="utf-8").read()


def timed(name, body):
    samples, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = body()
        samples.append(time.perf_counter() - start)
    print(name, statistics.median(samples), result)


rows = list(csv.reader(io.StringIO(csv_text, newline="")))
timed("csv.reader", lambda: sum(1 for _ in csv.reader(io.StringIO(csv_text, newline=""))))
timed("csv.DictReader", lambda: len(list(csv.DictReader(io.StringIO(csv_text, newline="")))))


def profile_records():
    # The work CSVDecoder does for [Profile]: every record kept, its UUID parsed, the fun facts
    # (JSON inside the field) decoded, empty fields as None.
    records = []
    for row in csv.DictReader(io.StringIO(csv_text, newline="")):
        records.append((uuid.UUID(row["id"]), row["name"], row["bio"], json.loads(row["funFacts"]),
                        row["video"] or None, row["portrait"] or None))
    return len(records)


timed("csv.DictReader→profile-records(uuid.UUID,json.loads)", profile_records)


def write_csv():
    out = io.StringIO(newline="")
    csv.writer(out).writerows(rows)
    return len(out.getvalue())


timed("csv.writer", write_csv)
objects = json.loads(json_text)
timed("json.loads", lambda: len(json.loads(json_text)))
timed("json.dumps", lambda: len(json.dumps(objects, ensure_ascii=False, sort_keys=True)))
