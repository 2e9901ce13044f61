"""werkzeug's MIMEAccept.best_match on the negotiation benchmark's lists.

Prints the median seconds per call over 21 repeats, then the chosen type, so that the Swift
benchmark can check both negotiators agree.

    python3 werkzeug_best_match.py HEADER OFFER [OFFER ...]
"""
import statistics
import sys
import time

from werkzeug.datastructures import MIMEAccept
from werkzeug.http import parse_accept_header

header, offers = sys.argv[1], sys.argv[2:]
accept = parse_accept_header(header, MIMEAccept)  # parsed once, like a compiled receiver

iterations = 20000
samples = []
for _ in range(21):
    start = time.perf_counter()
    for _ in range(iterations):
        accept.best_match(offers)
    samples.append((time.perf_counter() - start) / iterations)
print(statistics.median(samples))
print(accept.best_match(offers))
