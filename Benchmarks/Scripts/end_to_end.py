"""End to end: `transfer convert` against polars, DuckDB, chDB (ClickHouse), pandas and Python's
csv+json, as whole processes converting a profiles archive from CSV to JSON and from JSON to CSV.

    python3 end_to_end.py --transfer .build/release/transfer --csv FILE.csv --json FILE.json \\
        [--runs 5] [--warmup 1] [--label 100k] [--tools transfer,cat,polars,...] \\
        [--directions csv2json,json2csv] [--python VENV/bin/python] [--no-verify] [--results FILE] \\
        [--verify-tools chdb,...] [--head-bytes 100]

For each direction, every tool runs once per round, round-robin (transfer, [transfer-stdin],
[transfer --whole], [cat], polars, duckdb, chdb, pandas, python, transfer, ...), so that a slow
drift of the machine is shared alike; --warmup rounds go first and are not counted (they warm the
page cache, and a tool that fails there is reported and left out of the timed rounds). Each run is
a fresh process, timed from spawn to exit (wall clock) with its peak resident set from wait4
(ru_maxrss): the peers' interpreter start-up and imports are part of what a user waits for, and
are counted.

  transfer convert FILE.csv --to json -o OUT        transfer convert FILE.json --to csv -o OUT
  (transfer-stdin: the same reading standard input from a pipe,
   sh -c 'cat FILE | transfer convert - --from csv --to json -o OUT', and json -> csv)
  (transfer-whole: the same with --whole, the conversion that imports the whole archive first)
  cat FILE > OUT                                    (the floor: the same bytes read and written)
  PYTHON convert_peers.py TOOL csv2json|json2csv INPUT OUT

A run through sh reports the peak RSS of the largest process it waited for (Linux's wait4 gives a
process's own and its reaped children's largest): for transfer-stdin, transfer's, not cat's.

PYTHON is the peers' virtual environment's interpreter (setup-peers.sh; Benchmarks/.venv, or
$TRANSFERKIT_PEERS_VENV). Outputs go to a temporary directory, removed at the end. After the
timed rounds the last outputs are checked with verify.py, record by record: each against the
input (so, when all pass, each peer's against transfer's), and where transfer's differs from the
input, each peer's against transfer's too; a difference is a warning on standard error and under
the table. --verify-tools limits that check to some tools (at 10M: chdb, the others being checked
byte for byte). transfer-stdin's output must also be transfer's, byte for byte (always checked).

--head-bytes N also times `transfer convert FILE.csv --to json | head -c N` (sh -c, output to a
file; --warmup then --runs runs): how soon the first bytes come and transfer stops once its reader
has gone. Its median goes to --results as the tool transfer-head.

The table (Markdown, on standard output) has per tool the median seconds, the ratio to
transfer's median (peer / transfer: above 1 is slower than transfer; against transfer --whole
where plain transfer failed) and the median peak RSS; then the versions. Progress and every run's
numbers go to standard error.

Peak RSS: Linux starts a child's ru_maxrss at the spawning process's own peak (it is carried
across fork and exec), so no child can show less than this driver's (~15 MiB). The driver keeps
itself small (the check runs in a process of its own) and says so under a table where a value is
at that floor. The benchmark's processes are far above it.

Each table gives the fastest of polars, DuckDB and chDB over transfer's median (and over
transfer-stdin's), transfer's median over cat's (how far from the floor), and the leanest of those
peers' peak RSS over transfer's. --results appends every median, one JSON object a line, for
targets.py, which says which targets are met.
"""
import argparse
import filecmp
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))

PEERS = ["polars", "duckdb", "chdb", "pandas", "python"]
RIVALS = ["polars", "duckdb", "chdb"]  # the peers the targets are set against
TRANSFERS = ["transfer", "transfer-stdin"]  # the tool, from a file and from standard input
ALL_TOOLS = ["transfer", "transfer-stdin", "transfer-whole", "cat"] + PEERS
DIRECTIONS = {"csv2json": ("csv", "json", "CSV → JSON"), "json2csv": ("json", "csv", "JSON → CSV")}
PACKAGES = ["polars", "duckdb", "chdb", "pandas", "pyarrow", "orjson"]


def display(tool):
    return {"transfer-whole": "transfer --whole", "transfer-stdin": "transfer-stdin (a pipe)",
            "cat": "cat (floor)"}.get(tool, tool)


def default_python():
    venv = os.environ.get("TRANSFERKIT_PEERS_VENV") or os.path.join(HERE, "..", ".venv")
    return os.path.normpath(os.path.join(venv, "bin", "python"))


def command(tool, direction, source, destination, args):
    origin, target, _ = DIRECTIONS[direction]
    if tool == "transfer-stdin":
        # A pipe, not a redirected file: transfer cannot map or seek its input.
        return ["sh", "-c", 'cat "$0" | exec "$1" convert - --from "$2" --to "$3" -o "$4"',
                source, args.transfer, origin, target, destination]
    if tool.startswith("transfer"):
        cmd = [args.transfer, "convert", source, "--to", target, "-o", destination]
        return cmd + ["--whole"] if tool == "transfer-whole" else cmd
    if tool == "cat":
        return ["sh", "-c", 'exec cat "$0" > "$1"', source, destination]
    return [args.python, os.path.join(HERE, "convert_peers.py"), tool, direction, source, destination]


def run_once(cmd, log_path, timeout=None):
    """(seconds, peak RSS in bytes, exit code) of one child process, spawn to exit. A child still
    running after `timeout` seconds is killed (exit code -9): DuckDB has been seen to stop doing
    anything half way through a conversion (1% CPU for minutes)."""
    with open(log_path, "wb") as log:
        start = time.perf_counter()
        child = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        timer = threading.Timer(timeout, child.kill) if timeout else None
        if timer:
            timer.start()
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - start
        if timer:
            timer.cancel()
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
    rss = usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024)  # KiB on Linux, bytes on macOS
    return elapsed, rss, child.returncode


def own_peak_rss():
    """This process's peak RSS in bytes: the least ru_maxrss a child it spawns can report."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak * (1 if sys.platform == "darwin" else 1024)


def first_lines(path, lines=2):
    """The start of a failed run's output: where its error message is."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = [line.strip() for line in f.read().strip().splitlines()]
    except OSError:
        return ""
    return " / ".join(text[:lines])[:400]


def versions(args):
    lines = []
    try:
        if args.transfer:
            out = subprocess.run([args.transfer, "--version"], capture_output=True, text=True, timeout=60)
            lines.append((out.stdout.strip() or out.stderr.strip()).splitlines()[0] if out.returncode == 0
                         else f"transfer (--version exited {out.returncode})")
    except (OSError, IndexError, subprocess.SubprocessError) as error:
        lines.append(f"transfer (version unknown: {error})")
    probe = ("import platform, sys\nfrom importlib.metadata import version, PackageNotFoundError\n"
             "def v(n):\n    try: text = version(n)\n    except PackageNotFoundError: return 'not installed'\n"
             "    if n == 'chdb':  # and the ClickHouse inside it\n"
             "        import chdb\n        text += ' (ClickHouse ' + chdb.engine_version + ')'\n"
             "    return text\n"
             "print('Python ' + platform.python_version() + '; ' + ', '.join(n + ' ' + v(n) for n in sys.argv[1:]))")
    try:
        out = subprocess.run([args.python, "-c", probe, *PACKAGES], capture_output=True, text=True, timeout=120)
        lines.append(out.stdout.strip() if out.returncode == 0 else f"peers' python failed: {out.stderr.strip()[:200]}")
    except (OSError, subprocess.SubprocessError) as error:
        lines.append(f"peers' python failed: {error}")
    lines.append(f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores")
    return "; ".join(lines)


def benchmark(direction, tools, args, workdir):
    source_kind, target_kind, title = DIRECTIONS[direction]
    source = os.path.abspath(args.csv if source_kind == "csv" else args.json)
    outputs = {t: os.path.join(workdir, f"{direction}-{t}.{target_kind}") for t in tools}
    logs = {t: os.path.join(workdir, f"{direction}-{t}.log") for t in tools}
    samples = {t: [] for t in tools}
    failures = {}
    # Every tool's output is kept until the direction is checked: make sure they fit, with a
    # quarter to spare (a full disk truncates a peer's output without a word: chDB's, once, at
    # 10M). The outputs are removed once checked.
    needed = int(len(tools) * os.path.getsize(source) * 1.25)
    free = shutil.disk_usage(workdir).free
    if free < needed:
        sys.exit(f"end_to_end.py: {direction} needs about {needed >> 30} GiB free in {workdir} "
                 f"for {len(tools)} outputs of {os.path.getsize(source) >> 20} MiB each; {free >> 30} GiB are")

    rounds = [("warm-up", r) for r in range(args.warmup)] + [("run", r) for r in range(args.runs)]
    for kind, number in rounds:
        for tool in tools:
            if tool in failures:
                continue
            if os.path.exists(outputs[tool]):
                os.remove(outputs[tool])
            cmd = command(tool, direction, source, outputs[tool], args)
            seconds, rss, code = run_once(cmd, logs[tool], args.timeout)
            label = f"{kind} {number + 1}/{args.warmup if kind == 'warm-up' else args.runs}"
            if code != 0 or not os.path.exists(outputs[tool]):
                why = f"exit {code}" if code != 0 else "no output file"
                if args.timeout and seconds >= args.timeout:
                    why = f"still running after {args.timeout:.0f} s, killed"
                failures[tool] = f"{why}: {first_lines(logs[tool])}"
                print(f"  {direction} {label} {display(tool)}: FAILED ({failures[tool]})", file=sys.stderr)
                continue
            print(f"  {direction} {label} {display(tool)}: {seconds:.3f} s, {rss / 2**20:.0f} MiB", file=sys.stderr)
            if kind == "run":
                samples[tool].append((seconds, rss))

    baseline = next((t for t in ("transfer", "transfer-whole") if t in tools and t not in failures), None)
    base_time = statistics.median(s for s, _ in samples[baseline]) if baseline else None

    size = os.path.getsize(source)
    size = f"{size / 2**20:.1f} MiB" if size >= 2**20 else f"{size / 2**10:.1f} KiB"
    heading = f"### {title}" + (f", {args.label}" if args.label else "")
    heading += f" ({os.path.basename(source)}, {size}; median of {args.runs} interleaved runs"
    heading += f" after {args.warmup} warm-up)" if args.warmup else ")"
    table = [heading, "", "| tool | median s | vs transfer | peak RSS MiB |", "| --- | ---: | ---: | ---: |"]
    for tool in tools:
        if tool in failures:
            table.append(f"| {display(tool)} | failed | — | — |")
            continue
        median_time = statistics.median(s for s, _ in samples[tool])
        median_rss = statistics.median(r for _, r in samples[tool]) / 2**20
        ratio = f"{median_time / base_time:.2f}×" if base_time else "—"
        table.append(f"| {display(tool)} | {median_time:.3f} | {ratio} | {median_rss:.0f} |")
    medians = {t: (statistics.median(s for s, _ in samples[t]), statistics.median(r for _, r in samples[t]))
               for t in tools if t not in failures and samples[t]}
    notes = []
    rivals = [t for t in RIVALS if t in medians]
    for tool in (t for t in TRANSFERS if t in medians):
        mine, rss = medians[tool]
        if rivals:
            fastest = min(rivals, key=lambda t: medians[t][0])
            leanest = min(rivals, key=lambda t: medians[t][1])
            notes.append(f"{tool}: the fastest of {', '.join(rivals)} ({fastest}) takes "
                         f"{medians[fastest][0] / mine:.2f}× its time; the leanest ({leanest}) "
                         f"{medians[leanest][1] / rss:.1f}× its peak RSS.")
        if "cat" in medians:
            notes.append(f"{tool} takes {mine / medians['cat'][0]:.1f}× the floor (cat of the input to the output).")
    if args.results:
        with open(args.results, "a", encoding="utf-8") as results:
            for tool, (seconds, peak) in medians.items():
                results.write(json.dumps({"label": args.label, "records": args.records, "direction": direction,
                                          "tool": tool, "seconds": seconds, "rss": peak,
                                          "input_bytes": os.path.getsize(source)}) + "\n")
    floor = own_peak_rss()
    if any(r <= floor * 1.1 for t in tools if t not in failures for _, r in samples[t]):
        notes.append(f"Peak RSS at or near {floor / 2**20:.0f} MiB is a floor, not a measurement: Linux carries "
                     "the spawning process's (this driver's) peak into the child's ru_maxrss.")
    if baseline == "transfer-whole":
        notes.append("Ratios are against transfer --whole: plain transfer failed.")
    for tool, why in failures.items():
        notes.append(f"{display(tool)} failed: {why}")

    if "transfer" in medians and "transfer-stdin" in medians:
        # From a pipe or from the file, the same conversion: the same bytes.
        if filecmp.cmp(outputs["transfer"], outputs["transfer-stdin"], shallow=False):
            notes.append("transfer-stdin's output is transfer's, byte for byte.")
        else:
            warning = "WARNING: transfer-stdin's output differs from transfer's."
            print(warning, file=sys.stderr)
            notes.append(warning)
    if not args.no_verify:
        # cat's output is its input, not a conversion.
        checked = {t: outputs[t] for t in tools if t not in failures and t != "cat"
                   and (args.verify_tools is None or t in args.verify_tools)}
        notes.extend(check_outputs(source, checked, baseline))
    for output in outputs.values():
        if os.path.exists(output):
            os.remove(output)
    return "\n".join(table + ([""] + notes if notes else []))


def first_bytes(args, workdir):
    """`transfer convert CSV --to json | head -c N`: the median wall time of --runs runs after
    --warmup, a table row and a --results line (tool transfer-head)."""
    source = os.path.abspath(args.csv)
    head = os.path.join(workdir, "head.json")
    log = os.path.join(workdir, "head.log")
    cmd = ["sh", "-c", '"$0" convert "$1" --to json | head -c "$2" > "$3"', args.transfer, source,
           str(args.head_bytes), head]
    samples, problems = [], []
    for number in range(args.warmup + args.runs):
        if os.path.exists(head):
            os.remove(head)
        seconds, rss, code = run_once(cmd, log, args.timeout)
        start = b""
        if os.path.exists(head):
            with open(head, "rb") as f:
                start = f.read()
        said = first_lines(log)
        label = f"warm-up {number + 1}" if number < args.warmup else f"run {number - args.warmup + 1}"
        print(f"  | head -c {args.head_bytes} {label}: {seconds:.3f} s, {rss / 2**20:.0f} MiB", file=sys.stderr)
        if code != 0 or len(start) != args.head_bytes or not start.startswith(b"["):
            problems.append(f"exit {code}, {len(start)} bytes: {start[:40]!r}")
        if said:
            problems.append(f"transfer said: {said}")
        if number >= args.warmup:
            samples.append((seconds, rss))
    median = statistics.median(s for s, _ in samples)
    peak = statistics.median(r for _, r in samples)
    if args.results:
        with open(args.results, "a", encoding="utf-8") as results:
            results.write(json.dumps({"label": args.label, "records": args.records, "direction": "csv2json",
                                      "tool": "transfer-head", "head_bytes": args.head_bytes, "seconds": median,
                                      "rss": peak, "input_bytes": os.path.getsize(source)}) + "\n")
    lines = [f"### First bytes, CSV → JSON" + (f", {args.label}" if args.label else ""),
             "", f"`transfer convert {os.path.basename(source)} --to json | head -c {args.head_bytes}`: "
             f"median {median:.3f} s of {args.runs} runs (min {min(s for s, _ in samples):.3f}, "
             f"max {max(s for s, _ in samples):.3f}), peak RSS {peak / 2**20:.0f} MiB."]
    for problem in dict.fromkeys(problems):
        print(f"WARNING: | head -c: {problem}", file=sys.stderr)
        lines.append(f"WARNING: {problem}")
    return "\n".join(lines)


def check_outputs(source, outputs, baseline):
    """Notes on the outputs: each against the input and, where transfer's differs from the
    input, each peer's against transfer's (verify.py, in a process of its own)."""
    order = ([baseline] if baseline in outputs else []) + [t for t in outputs if t != baseline]
    if not order:
        return []
    check = subprocess.run([sys.executable, os.path.join(HERE, "verify.py"), source, *(outputs[t] for t in order),
                            "--max-differences", "3"], capture_output=True, text=True)
    names = {outputs[t]: display(t) for t in order}
    report = check.stdout.strip()
    for path, name in names.items():
        report = report.replace(path, f"{name}'s output")
    report = report.replace(source, "the input")
    if check.returncode == 0:
        return [f"Checked: all {len(order)} outputs hold the input's records, equal field by field (verify.py)."]
    warnings = [f"WARNING: {line}" for line in report.splitlines() if not line.startswith("OK: ")]
    warnings += [f"WARNING: {line}" for line in check.stderr.strip().splitlines()]
    for warning in warnings:
        print(warning, file=sys.stderr)
    return warnings + [line for line in report.splitlines() if line.startswith("OK: ")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--transfer", help="the transfer binary (needed unless --tools leaves it out)")
    parser.add_argument("--csv", required=True, help="the archive as CSV")
    parser.add_argument("--json", required=True, help="the same archive as JSON")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=1, help="untimed rounds first (default 1)")
    parser.add_argument("--label", default="", help="a name for the data set, for the headings (e.g. 100k)")
    parser.add_argument("--tools", default=None,
                        help=f"a comma-separated subset of {','.join(ALL_TOOLS)} (default: all)")
    parser.add_argument("--directions", default="csv2json,json2csv")
    parser.add_argument("--python", default=default_python(), help="the peers' interpreter (default: %(default)s)")
    parser.add_argument("--no-verify", action="store_true", help="skip the check of the outputs")
    parser.add_argument("--verify-tools", default=None,
                        help="check only these tools' outputs with verify.py (comma-separated; default: all)")
    parser.add_argument("--head-bytes", type=int, default=0,
                        help="also time `transfer convert CSV --to json | head -c N` (default: not)")
    parser.add_argument("--tmpdir", default=None, help="where the outputs go (default: the system's)")
    parser.add_argument("--timeout", type=float, default=600,
                        help="kill a run still going after this many seconds (default %(default)s)")
    parser.add_argument("--results", default=None, help="append each tool's medians to this file (JSON lines)")
    parser.add_argument("--records", type=int, default=0, help="how many records the archive holds, for --results")
    args = parser.parse_args()

    tools = args.tools.split(",") if args.tools else list(ALL_TOOLS)
    unknown = sorted(set(tools) - set(ALL_TOOLS))
    if unknown:
        parser.error(f"--tools: unknown {unknown}: expected some of {','.join(ALL_TOOLS)}")
    tools = sorted(set(tools), key=ALL_TOOLS.index)  # always in the round's order
    directions = args.directions.split(",")
    if not set(directions) <= set(DIRECTIONS):
        parser.error(f"--directions: expected some of {','.join(DIRECTIONS)}")
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be at least 1 and --warmup at least 0")
    if any(t.startswith("transfer") for t in tools):
        if not args.transfer:
            parser.error("--transfer is required unless --tools leaves transfer out")
        args.transfer = shutil.which(args.transfer) or args.transfer
        if not os.access(args.transfer, os.X_OK):
            parser.error(f"--transfer {args.transfer}: not an executable")
        args.transfer = os.path.abspath(args.transfer)
    args.verify_tools = set(args.verify_tools.split(",")) if args.verify_tools else None
    if args.verify_tools and not args.verify_tools <= set(ALL_TOOLS):
        parser.error(f"--verify-tools: unknown {sorted(args.verify_tools - set(ALL_TOOLS))}")
    if args.head_bytes and "transfer" not in tools:
        parser.error("--head-bytes times transfer: keep it in --tools")
    if any(t in PEERS for t in tools) and not os.access(args.python, os.X_OK):
        parser.error(f"no interpreter at {args.python}: run Benchmarks/Scripts/setup-peers.sh, or give --python")
    for path in (args.csv, args.json):
        if not os.path.isfile(path):
            parser.error(f"{path}: no such file")

    print(f"end_to_end: {', '.join(display(t) for t in tools)}; {args.runs} runs, {args.warmup} warm-up", file=sys.stderr)
    sections = []
    with tempfile.TemporaryDirectory(prefix="transfer-e2e-", dir=args.tmpdir) as workdir:
        for direction in directions:
            sections.append(benchmark(direction, tools, args, workdir))
        if args.head_bytes:
            sections.append(first_bytes(args, workdir))
    sections.append("Versions: " + versions(args))
    print("\n\n".join(sections))


if __name__ == "__main__":
    main()
