"""The peers of `transfer convert`: a profiles archive from CSV to JSON or back, in one process.

    python convert_peers.py TOOL DIRECTION INPUT OUTPUT [--verify]

TOOL is polars, duckdb, chdb (ClickHouse in process), pandas or python (the csv and json modules);
DIRECTION is csv2json or json2csv. Each tool does the whole conversion the way it is meant to be
used, as fast as it goes out of the box (polars, DuckDB and chDB on all cores, as they are by
default): it reads the whole input, turns funFacts from the JSON text in the CSV field into a list
of strings (csv2json) or the list back into JSON text for the field (json2csv), makes an empty
video or portrait field null in JSON and null an empty field in CSV, and writes the output file.

- CSV in: header id,name,bio,funFacts,video,portrait, RFC 4180 quoting, fields with commas,
  doubled quotes, CR/LF and non-ASCII. Every column is read as text (no type inference), and an
  empty name or bio is the empty string.
- JSON out: an array of objects with the keys sorted. The peers write null for absent media
  (python omits the key, like transfer); pandas escapes "/" as "\\/" (its writer always does);
  DuckDB and chDB put each object on a line of its own. All are the same values.
- JSON in: an array of objects; an absent key is null.
- CSV out: that header, the tool's own quoting and line ending (polars, DuckDB and chDB end rows
  with LF; pandas and python with CRLF, as transfer does: see pandas_json2csv; chDB quotes every
  text field, the header's too).

--verify compares the output with the input record by record afterwards (verify.py), outside the
conversion: it is for testing, not for timing. Only the chosen tool is imported, so a timed run
includes that tool's own start-up and nothing else's.
"""
import sys

COLUMNS = ["id", "name", "bio", "funFacts", "video", "portrait"]  # CSV order
KEYS = sorted(COLUMNS)  # JSON order: bio, funFacts, id, name, portrait, video
MEDIA = ["video", "portrait"]


# polars ----------------------------------------------------------------------------------------
# read_csv and the expressions run on all cores; read_json and write_json are polars' own.

def polars_csv2json(source, destination):
    import polars as pl

    df = pl.read_csv(source, infer_schema=False)  # every column String; an empty field is null
    df = df.select(
        pl.col("bio").fill_null(""),
        pl.col("funFacts").str.json_decode(pl.List(pl.String)),
        pl.col("id"),
        pl.col("name").fill_null(""),
        *(pl.when(pl.col(m) != "").then(pl.col(m)).alias(m) for m in ["portrait", "video"]),
    )
    df.write_json(destination)  # row-oriented: [{"bio":...,...},...]


def polars_json2csv(source, destination):
    import polars as pl

    schema = {"bio": pl.String, "funFacts": pl.List(pl.String), "id": pl.String, "name": pl.String,
              "portrait": pl.String, "video": pl.String}
    df = pl.read_json(source, schema=schema)
    # polars has no JSON encoder for a list column, only for structs: encode {"funFacts":[...]}
    # and keep the array.
    facts = (pl.struct("funFacts").struct.json_encode()
             .str.strip_prefix('{"funFacts":').str.strip_suffix("}").alias("funFacts"))
    df.select("id", "name", "bio", facts, "video", "portrait").write_csv(destination)


# DuckDB ----------------------------------------------------------------------------------------
# One COPY statement each way, in an in-memory database, on all cores.

def _sql_string(text):
    return "'" + text.replace("'", "''") + "'"


def duckdb_csv2json(source, destination):
    import duckdb

    # The dialect and the columns are given, so nothing is sniffed or inferred. An empty field is
    # NULL in DuckDB; name and bio are text, so NULL is made the empty string again.
    columns = "{" + ", ".join(f"'{c}': 'VARCHAR'" for c in COLUMNS) + "}"

    def convert(parallel):
        duckdb.connect().execute(f"""
            COPY (
                SELECT coalesce(bio, '') AS bio, from_json(funFacts, '["VARCHAR"]') AS funFacts, id,
                       coalesce(name, '') AS name, nullif(portrait, '') AS portrait, nullif(video, '') AS video
                FROM read_csv({_sql_string(source)}, header = true, delim = ',', quote = '"', escape = '"',
                              columns = {columns}, parallel = {parallel})
            ) TO {_sql_string(destination)} (FORMAT json, ARRAY true)
        """)

    # DuckDB's parallel CSV reader gives up on some large files whose quoted fields hold line
    # breaks ("does not support a full read on this file") and says to read them single-threaded:
    # that is what a user does, so the time includes the failed attempt.
    try:
        convert("true")
    except duckdb.NotImplementedException:
        convert("false")


def duckdb_json2csv(source, destination):
    import duckdb

    columns = "{" + ", ".join(f"'{c}': '{'VARCHAR[]' if c == 'funFacts' else 'VARCHAR'}'" for c in KEYS) + "}"
    duckdb.connect().execute(f"""
        COPY (
            SELECT id, name, bio, to_json(funFacts) AS funFacts, video, portrait
            FROM read_json({_sql_string(source)}, format = 'array', columns = {columns})
        ) TO {_sql_string(destination)} (FORMAT csv, HEADER true)
    """)


# chDB: ClickHouse in process -------------------------------------------------------------------
# One INSERT INTO FUNCTION file(...) SELECT ... FROM file(...) each way: ClickHouse's own readers
# and writers stream blocks of rows, parsing and formatting on all cores (input_format_parallel_
# parsing and output_format_parallel_formatting, on by default, keep the rows in order). The
# columns are given, so nothing is inferred. JSONEachRow is ClickHouse's JSON format both ways: it
# reads a JSON array of objects as well as one object a line, and writes an array with
# output_format_json_array_of_rows = 1. An absent or null video or portrait is NULL.
# The other settings that are not ClickHouse's defaults, each because the default changes the output:
# - parallelize_output_from_storages = 0, max_insert_threads = 1: by default the rows read are
#   spread over max_threads streams after the reader and gathered again before the writer (and
#   since ClickHouse 26.8 the INSERT writes on as many), so the output's records come out of order
#   (seen at 100k profiles). These keep one stream from reader to writer; ClickHouse's
#   documentation gives max_insert_threads = 1 for keeping the order of an INSERT ... SELECT.
# - input_format_csv_trim_whitespaces = 0: the default trims spaces and tabs around an unquoted
#   field ("  spaces  " would lose them).
# - format_csv_allow_single_quotes = 0: the default already; said, since ' quotes nothing here.
# - format_csv_null_representation = '': the default writes NULL as \N.
# - output_format_json_escape_forward_slashes = 0: the default writes "/" as "\/" (the same value,
#   not transfer's bytes); it also applies to toJSONString.
# - engine_file_truncate_on_insert = 1: replace an existing output file rather than fail.

CHDB_IN_ORDER = "parallelize_output_from_storages = 0, max_insert_threads = 1"
CHDB_CSV_COLUMNS = ", ".join(f"{c} String" for c in COLUMNS)
CHDB_JSON_COLUMNS = ("bio String, funFacts Array(String), id String, name String, "
                     "portrait Nullable(String), video Nullable(String)")


def _clickhouse_path(path):
    """A file path as a ClickHouse string literal. file() expands globs (* ? { }) in its path:
    refuse a path that has them rather than read or write some other file."""
    if any(c in path for c in "*?{}"):
        raise SystemExit(f"chdb: ClickHouse's file() would take {path!r} for a glob: use another path")
    return "'" + path.replace("\\", "\\\\").replace("'", "\\'") + "'"


def chdb_sql(direction, source, destination):
    """The one statement chdb runs for a direction."""
    source, destination = _clickhouse_path(source), _clickhouse_path(destination)
    if direction == "csv2json":
        return f"""
            INSERT INTO FUNCTION file({destination}, 'JSONEachRow')
            SELECT bio, JSONExtract(funFacts, 'Array(String)') AS funFacts, id, name,
                   nullIf(portrait, '') AS portrait, nullIf(video, '') AS video
            FROM file({source}, 'CSVWithNames', '{CHDB_CSV_COLUMNS}')
            SETTINGS {CHDB_IN_ORDER}, input_format_csv_trim_whitespaces = 0, format_csv_allow_single_quotes = 0,
                     output_format_json_array_of_rows = 1, output_format_json_escape_forward_slashes = 0,
                     engine_file_truncate_on_insert = 1"""
    return f"""
            INSERT INTO FUNCTION file({destination}, 'CSVWithNames')
            SELECT id, name, bio, toJSONString(funFacts) AS funFacts, video, portrait
            FROM file({source}, 'JSONEachRow', '{CHDB_JSON_COLUMNS}')
            SETTINGS {CHDB_IN_ORDER}, format_csv_null_representation = '',
                     output_format_json_escape_forward_slashes = 0,
                     engine_file_truncate_on_insert = 1"""


def chdb_csv2json(source, destination):
    import chdb

    chdb.query(chdb_sql("csv2json", source, destination))


def chdb_json2csv(source, destination):
    import chdb

    chdb.query(chdb_sql("json2csv", source, destination))


# pandas ----------------------------------------------------------------------------------------
# read_csv's C engine, single-threaded: engine="pyarrow" is faster but wrong here, since pandas
# does not set pyarrow's newlines_in_values, so pyarrow cuts a large file into blocks at line
# breaks, some inside quoted fields (a 100 MB archive fails: "Expected 6 columns, got 13").
# read_json and to_json are pandas' ujson; funFacts go through orjson a cell at a time: pandas has
# no vectorised JSON for a column.

def pandas_csv2json(source, destination):
    import orjson
    import pandas as pd

    # dtype=str, no NA detection: "NA", "null", "NaN" or "" stay the strings they are.
    df = pd.read_csv(source, dtype=str, keep_default_na=False, na_filter=False)
    df["funFacts"] = df["funFacts"].map(orjson.loads)
    for m in MEDIA:
        df[m] = df[m].replace("", None)
    df[KEYS].to_json(destination, orient="records", force_ascii=False)


def pandas_json2csv(source, destination):
    import orjson
    import pandas as pd

    df = pd.read_json(source, orient="records", dtype=False)  # strings stay strings; absent is NaN
    for key in KEYS:  # an archive with no media at all has no such column
        if key not in df.columns:
            df[key] = None
    df["funFacts"] = df["funFacts"].map(lambda facts: orjson.dumps(facts).decode())
    # CRLF, not pandas' LF: the csv module quotes a field for the characters of the line
    # terminator, and with LF a lone CR inside a field would be written bare.
    df.to_csv(destination, columns=COLUMNS, index=False, lineterminator="\r\n")


# python: the csv and json modules --------------------------------------------------------------
# json.dumps, not json.dump: dump goes through the pure-Python iterencode, dumps the C encoder.

def python_csv2json(source, destination):
    import csv
    import json

    loads = json.loads
    with open(source, encoding="utf-8", newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        i, n, b, ff, v, p = (header.index(c) for c in COLUMNS)
        records = []
        append = records.append
        for row in reader:
            o = {"bio": row[b], "funFacts": loads(row[ff]), "id": row[i], "name": row[n]}
            if row[p]:
                o["portrait"] = row[p]
            if row[v]:
                o["video"] = row[v]
            append(o)
    text = json.dumps(records, ensure_ascii=False, separators=(",", ":"))
    with open(destination, "w", encoding="utf-8") as f:
        f.write(text)


def python_json2csv(source, destination):
    import csv
    import json

    with open(source, "rb") as f:
        records = json.loads(f.read())
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    with open(destination, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)  # QUOTE_MINIMAL, CRLF
        writer.writerow(COLUMNS)
        writer.writerows(
            (o["id"], o["name"], o["bio"], dumps(o["funFacts"]), o.get("video") or "", o.get("portrait") or "")
            for o in records
        )


TOOLS = {
    "polars": {"csv2json": polars_csv2json, "json2csv": polars_json2csv},
    "duckdb": {"csv2json": duckdb_csv2json, "json2csv": duckdb_json2csv},
    "chdb": {"csv2json": chdb_csv2json, "json2csv": chdb_json2csv},
    "pandas": {"csv2json": pandas_csv2json, "json2csv": pandas_json2csv},
    "python": {"csv2json": python_csv2json, "json2csv": python_json2csv},
}
DIRECTIONS = ("csv2json", "json2csv")


def main(argv):
    arguments = [a for a in argv if a != "--verify"]
    if len(arguments) != 4 or arguments[0] not in TOOLS or arguments[1] not in DIRECTIONS:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n\n"
                         f"TOOL: {', '.join(TOOLS)}; DIRECTION: {', '.join(DIRECTIONS)}\n")
        return 64
    tool, direction, source, destination = arguments
    TOOLS[tool][direction](source, destination)
    if "--verify" in argv:
        import os
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import verify

        ok, message = verify.check(source, destination)
        print(f"{tool} {direction}: {message}")
        return 0 if ok else 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
