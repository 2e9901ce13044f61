"""orjson on one JSON file: median seconds of loads and of dumps, on one line.

    python orjson_bench.py FILE REPEATS
"""
import statistics
import sys
import time

import orjson

path, repeats = sys.argv[1], int(sys.argv[2])
data = open(path, "rb").read()
loads, dumps = [], []
value = None
for _ in range(repeats):
    start = time.perf_counter()
    value = orjson.loads(data)
    loads.append(time.perf_counter() - start)
    start = time.perf_counter()
    orjson.dumps(value)
    dumps.append(time.perf_counter() - start)
print(statistics.median(loads), statistics.median(dumps))
