"""The end-to-end targets (issue 46), met or not, from the medians end_to_end.py wrote.

    python3 targets.py RESULTS.jsonl

RESULTS.jsonl holds one JSON object a line ({label, records, direction, tool, seconds, rss,
input_bytes}), appended by `end_to_end.py --results`. Prints a Markdown table, a row a target with
the figures and "met" or "**NOT met**" (or "not measured" where a figure is missing):

- below 10M profiles (100k and 1M), both directions, from a file (transfer) and from standard
  input (transfer-stdin): at least 1.5× as fast as the fastest of polars, DuckDB and chDB
  (ClickHouse), that is the fastest peer's median ÷ transfer's ≥ 1.5;
- at 10M and above, both directions, transfer and transfer-stdin: at least as fast as chDB, and
  a peak RSS of at most 64 MiB;
- at 1M, each direction: transfer's median at most 3× cat's (the floor: the input copied to the
  output);
- `transfer convert FILE.csv --to json | head -c 100` (transfer-head): under 0.1 s, at each size
  where it was measured (the target is set on the 1M archive).
"""
import json
import sys

RIVALS = ["polars", "duckdb", "chdb"]
NAMES = {"csv2json": "CSV → JSON", "json2csv": "JSON → CSV"}
TRANSFERS = ["transfer", "transfer-stdin"]
LARGE = 10_000_000  # from here on the target is chDB alone (polars and DuckDB hold the table)
SPEEDUP = 1.5
RSS_LIMIT = 64 * 2**20
FLOOR_RECORDS, FLOOR_LIMIT = 1_000_000, 3.0
HEAD_LIMIT = 0.1


def verdict(ok):
    return "met" if ok else "**NOT met**"


def main():
    rows = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
    medians = {(r["label"], r["direction"], r["tool"]): r for r in rows}
    labels = list(dict.fromkeys(r["label"] for r in rows))
    records = {r["label"]: r["records"] for r in rows}
    out = ["| target | measured | |", "|---|---|---|"]

    def row(target, measured, ok):
        out.append(f"| {target} | {measured} | {ok if isinstance(ok, str) else verdict(ok)} |")

    for label in labels:
        large = records[label] >= LARGE
        for direction, name in NAMES.items():
            if not any((label, direction, t) in medians for t in TRANSFERS):
                continue
            rivals = [medians[(label, direction, t)] for t in (["chdb"] if large else RIVALS)
                      if (label, direction, t) in medians]
            for tool in TRANSFERS:
                mine = medians.get((label, direction, tool))
                if large:
                    target = f"{label} {name}, {tool}: at least as fast as chDB"
                else:
                    target = f"{label} {name}, {tool}: ≥ {SPEEDUP}× the fastest of polars, DuckDB, chDB"
                if not mine:
                    row(target, f"{tool} not measured", "not measured")
                elif not rivals:
                    row(target, "no peer measured", "not measured")
                else:
                    fastest = min(rivals, key=lambda r: r["seconds"])
                    speed = fastest["seconds"] / mine["seconds"]
                    row(target, f"{fastest['tool']} {fastest['seconds']:.3f} s ÷ {tool} {mine['seconds']:.3f} s "
                                f"= {speed:.2f}×", speed >= (1 if large else SPEEDUP))
                if large:
                    target = f"{label} {name}, {tool}: peak RSS ≤ {RSS_LIMIT // 2**20} MiB"
                    if mine:
                        row(target, f"{mine['rss'] / 2**20:.0f} MiB", mine["rss"] <= RSS_LIMIT)
                    else:
                        row(target, f"{tool} not measured", "not measured")
            if records[label] == FLOOR_RECORDS:
                target = f"{label} {name}: transfer ≤ {FLOOR_LIMIT:g}× the cat floor"
                mine, floor = medians.get((label, direction, "transfer")), medians.get((label, direction, "cat"))
                if mine and floor:
                    ratio = mine["seconds"] / floor["seconds"]
                    row(target, f"transfer {mine['seconds']:.3f} s ÷ cat {floor['seconds']:.3f} s = {ratio:.1f}×",
                        ratio <= FLOOR_LIMIT)
                else:
                    row(target, "transfer or cat not measured", "not measured")
        head = medians.get((label, "csv2json", "transfer-head"))
        if head:
            count = head.get("head_bytes", 100)
            row(f"{label} `transfer convert FILE.csv --to json \\| head -c {count}`: < {HEAD_LIMIT:g} s",
                f"median {head['seconds']:.3f} s", head["seconds"] < HEAD_LIMIT)
    print("\n".join(out))


if __name__ == "__main__":
    main()
