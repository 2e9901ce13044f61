"""The end-to-end targets of issue 23, met or not, from the medians end_to_end.py wrote.

    python3 targets.py RESULTS.jsonl

RESULTS.jsonl holds one JSON object a line ({label, records, direction, tool, seconds, rss,
input_bytes}), appended by `end_to_end.py --results`. Prints a Markdown table: for each size and
direction with peers, transfer against the fastest and the leanest of polars and DuckDB; for the
largest size, whether transfer's memory stayed flat and its time linear from the 1M run.
"""
import json
import sys

RIVALS = ["polars", "duckdb"]
NAMES = {"csv2json": "CSV → JSON", "json2csv": "JSON → CSV"}


def main():
    rows = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
    medians = {(r["label"], r["direction"], r["tool"]): r for r in rows}
    labels = list(dict.fromkeys(r["label"] for r in rows))
    out = ["| target | measured | |", "|---|---|---|"]
    for label in labels:
        for direction in NAMES:
            mine = medians.get((label, direction, "transfer"))
            rivals = [medians[(label, direction, t)] for t in RIVALS if (label, direction, t) in medians]
            if not mine or not rivals:
                continue
            fastest = min(rivals, key=lambda r: r["seconds"])
            leanest = min(rivals, key=lambda r: r["rss"])
            speed = fastest["seconds"] / mine["seconds"]
            memory = leanest["rss"] / mine["rss"]
            verdict = "**met** (goal 1.5×: met)" if speed >= 1.5 else ("met (goal 1.5×: not met)" if speed > 1
                                                                        else "**not met**")
            out.append(f"| {label} {NAMES[direction]}: ahead of the fastest peer | {fastest['tool']} "
                       f"{fastest['seconds']:.2f} s ÷ transfer {mine['seconds']:.2f} s = {speed:.2f}× | {verdict} |")
            out.append(f"| {label} {NAMES[direction]}: peak RSS ≤ ½ the leanest peer's | {leanest['tool']} "
                       f"{leanest['rss'] / 2**20:.0f} MiB ÷ transfer {mine['rss'] / 2**20:.0f} MiB = {memory:.1f}× | "
                       f"{'met' if memory >= 2 else '**not met**'} |")
    # Flat memory and linear time, from the 1M run to the largest.
    by_records = sorted({(r["records"], r["label"]) for r in rows if r["tool"] == "transfer"})
    if len(by_records) >= 2:
        base = next(((n, l) for n, l in by_records if n == 1_000_000), by_records[-2])
        top = by_records[-1]
        for direction in NAMES:
            small = medians.get((base[1], direction, "transfer"))
            large = medians.get((top[1], direction, "transfer"))
            if not small or not large:
                continue
            scale = top[0] / base[0]
            time = large["seconds"] / small["seconds"]
            limit = scale * 1.05
            out.append(f"| {top[1]} {NAMES[direction]}: time linear (≤ {limit:.1f}× {base[1]}'s) | "
                       f"{large['seconds']:.1f} s ÷ {small['seconds']:.2f} s = {time:.2f}× | "
                       f"{'met' if time <= limit else '**not met**'} |")
            growth = large["rss"] / small["rss"]
            out.append(f"| {top[1]} {NAMES[direction]}: memory flat from {base[1]} | "
                       f"{small['rss'] / 2**20:.0f} → {large['rss'] / 2**20:.0f} MiB ({growth:.2f}×) | "
                       f"{'met' if growth <= 1.25 else '**not met**'} |")
    print("\n".join(out))


if __name__ == "__main__":
    main()
