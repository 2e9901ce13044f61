#!/usr/bin/env bash
# `transfer placeholder serve` under a long run of requests from curl: requests per second, and the
# server's memory (resident set) and open descriptors sampled after every batch — flat, or the
# server leaks. Loopback only.
#
#     bash Benchmarks/Scripts/placeholder-server.sh [REQUESTS]      # default: 1000000
#
# Builds the tool in release mode and starts it on an ephemeral port. Each batch is one curl
# process given 10,000 URLs (a config file): curl keeps the connection alive, and the server closes
# it after 1,000 requests, so a batch also opens 10 connections. The URLs cycle through 40 images
# (drawn once, then served from the server's cache) and every 100th is an image never asked for
# before (drawn on the spot), with a 304 (If-None-Match), a HEAD, a 400 and a 404 in each hundred.
# A last batch of 2,000 requests opens a connection for each (Connection: close); then 200 good
# requests while 2,000 idle connections and 300 slowloris are held open. Every status is checked.
# Prints the Markdown table for Docs/Performance.md.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
requests=${1:-1000000}
batch=10000
batches=$(( (requests + batch - 1) / batch ))

swift build -c release --product transfer >&2
transfer=$(swift build -c release --show-bin-path)/transfer
work=$(mktemp -d)
server=
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

"$transfer" placeholder serve --port 0 >"$work/url" 2>"$work/log" &
server=$!
for _ in $(seq 100); do [ -s "$work/url" ] && break; sleep 0.05; done
url=$(head -1 "$work/url")
etag=$(curl -s -D - -o /dev/null "${url}image.png" | tr -d '\r' | awk -F': ' 'tolower($1)=="etag"{print $2}')

sample() { # rss-kB descriptors
  echo "$(awk '/VmRSS/{print $2}' /proc/$server/status) $(ls /proc/$server/fd | wc -l)"
}

# The URLs of batch $1: 96 of 40 cached images, a new image, a 304, a HEAD... per hundred.
make_batch() {
  local n=$1 file=$2
  python3 - "$url" "$n" "$batch" "$etag" >"$file" <<'PY'
import sys
url, n, size, etag = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
texts = ["商品", "ほげ", "Привет", "مرحبا", "dummy"]
etag = etag.replace('"', '\\"')
# Each URL an operation of its own (`next`): options such as `head` and `header` do not carry over,
# and curl keeps the connection alive across them.
for i in range(size):
    k = i % 100
    if i: print("next")
    print('silent\noutput = "/dev/null"\nwrite-out = "%{http_code}\\n"')
    if k == 0:
        print(f'url = "{url}{(n * size + i) % 4000 + 1}x{n % 50 + 1}.png?text=new"')
    elif k == 1:
        print(f'url = "{url}image.png"'); print(f'header = "If-None-Match: {etag}"')
    elif k == 2:
        print(f'url = "{url}300x200.png"'); print('head')
    elif k == 3:
        print(f'url = "{url}image.png?width=2147483648"')
    elif k == 4:
        print(f'url = "{url}nothing"')
    else:
        print(f'url = "{url}{120 + i % 8 * 10}x{60 + i % 5 * 10}.png?text={texts[i % 5]}"')
PY
}

echo "requests,seconds,rss_kb,descriptors" >"$work/samples.csv"
read -r rss fds < <(sample)
echo "0,0,$rss,$fds" >>"$work/samples.csv"
done_requests=0
for n in $(seq 0 $((batches - 1))); do
  make_batch "$n" "$work/batch.cfg"
  start=$(date +%s%N)
  curl --config "$work/batch.cfg" >"$work/codes"
  end=$(date +%s%N)
  # Per hundred: 96 × 200 (95 cached + 1 new), 1 × 304, 1 × HEAD 200, 1 × 400, 1 × 404.
  read -r ok notmod bad missing < <(awk '{c[$1]++} END {print c[200]+0, c[304]+0, c[400]+0, c[404]+0}' "$work/codes")
  if [ "$ok" -ne $((batch / 100 * 97)) ] || [ "$notmod" -ne $((batch / 100)) ] || [ "$bad" -ne $((batch / 100)) ] || [ "$missing" -ne $((batch / 100)) ]; then
    echo "batch $n: unexpected statuses: 200×$ok 304×$notmod 400×$bad 404×$missing" >&2
    exit 1
  fi
  done_requests=$((done_requests + batch))
  read -r rss fds < <(sample)
  echo "$done_requests,$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.4f", (b - a) / 1e9}'),$rss,$fds" >>"$work/samples.csv"
done

# A connection for each request.
python3 - "$url" >"$work/close.cfg" <<'PY'
import sys
for i in range(2000):
    if i: print("next")
    print('silent\noutput = "/dev/null"\nwrite-out = "%{http_code} %{num_connects}\\n"\nheader = "Connection: close"')
    print(f'url = "{sys.argv[1]}{i % 40 + 1}x10.png"')
PY
start=$(date +%s%N)
curl --config "$work/close.cfg" >"$work/close-codes"
end=$(date +%s%N)
closing_ok=$(awk '$1==200 && $2==1 {c++} END {print c+0}' "$work/close-codes")
[ "$closing_ok" -eq 2000 ] || { echo "connection-per-request: $closing_ok of 2000 on new connections" >&2; exit 1; }
read -r rss_after fds_after < <(sample)
# The server's processor time (user + system), in clock ticks.
ticks=$(awk '{print $14 + $15}' /proc/$server/stat)

# Under siege: 2,000 idle connections and 300 slowloris (a header line a second each) held open
# while a good client asks 200 times, a new connection each: its latencies, and what the siege
# costs the server (memory, descriptors).
siege=$(python3 - "$url" "$server" <<'PY'
import http.client, resource, socket, statistics, sys, threading, time, urllib.parse
url, pid = urllib.parse.urlsplit(sys.argv[1]), sys.argv[2]
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4096)), hard))
def status():
    fields = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status") if ":" in line)
    return int(fields["VmRSS"].split()[0]), len(__import__("os").listdir(f"/proc/{pid}/fd"))
before = status()
idle = [socket.create_connection((url.hostname, url.port)) for _ in range(2000)]
slow = [socket.create_connection((url.hostname, url.port)) for _ in range(300)]
for s in slow: s.sendall(b"GET /1.png HTTP/1.1\r\n")
stop = threading.Event()
def trickle():
    line = 0
    while not stop.wait(1.0):
        for s in slow:
            try: s.sendall(b"X-Line-%d: slow\r\n" % line)
            except OSError: pass
        line += 1
threading.Thread(target=trickle, daemon=True).start()
during = status()
latencies, statuses = [], {}
for i in range(200):
    start = time.perf_counter()
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    connection.request("GET", f"/{i % 40 + 1}x{i % 7 + 1}.png")
    response = connection.getresponse(); response.read(); connection.close()
    latencies.append(time.perf_counter() - start)
    statuses[response.status] = statuses.get(response.status, 0) + 1
stop.set()
latencies.sort()
print(f"{statistics.median(latencies) * 1000:.2f} {latencies[int(len(latencies) * 0.99) - 1] * 1000:.2f} "
      f"{latencies[-1] * 1000:.2f} {statuses.get(200, 0)} {before[0]} {during[0]} {during[1]}")
PY
)
read -r siege_median siege_p99 siege_max siege_ok rss_before_siege rss_siege fds_siege <<<"$siege"
[ "$siege_ok" -eq 200 ] || { echo "under siege: $siege_ok of 200 good requests answered 200" >&2; exit 1; }

kill -TERM "$server"; wait "$server" || true; server=
python3 - "$work/samples.csv" "$(curl --version | head -1 | cut -d' ' -f1-2)" "$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.4f", (b - a) / 1e9}')" "$rss_after" "$fds_after" "$(tail -1 "$work/log")" "$ticks" "$(getconf CLK_TCK)" "$siege_median $siege_p99 $siege_max $rss_before_siege $rss_siege $fds_siege" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
curl, close_seconds, rss_after, fds_after, log = sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
batches = rows[1:]
rates = [10000 / float(r["seconds"]) for r in batches]
first, last = batches[0], batches[-1]
print(f"{curl}; {len(batches) * 10000:,} requests in batches of 10,000 (one curl process each, keep-alive)\n")
print("| | after the first batch | after the last | change |")
print("|---|---|---|---|")
print(f"| resident memory (VmRSS) | {int(first['rss_kb']) / 1024:.1f} MB | {int(last['rss_kb']) / 1024:.1f} MB | {(int(last['rss_kb']) - int(first['rss_kb'])) / 1024:+.1f} MB |")
print(f"| open descriptors | {first['descriptors']} | {last['descriptors']} | {int(last['descriptors']) - int(first['descriptors']):+d} |")
step = max(1, len(batches) // 10)
series = batches[step - 1::step]
print("\n| requests | " + " | ".join(f"{int(r['requests']):,}" for r in series) + " |")
print("|---" * (len(series) + 1) + "|")
print("| VmRSS (MB) | " + " | ".join(f"{int(r['rss_kb']) / 1024:.1f}" for r in series) + " |")
print("| descriptors | " + " | ".join(r["descriptors"] for r in series) + " |")
ticks, hertz = int(sys.argv[7]), int(sys.argv[8])
total = len(batches) * 10000 + 2001
print(f"\nRequests per second, per batch: median **{statistics.median(rates):,.0f}** (min {min(rates):,.0f}, max {max(rates):,.0f});")
print(f"the server's processor time: {ticks / hertz:.1f} s for {total:,} requests, {ticks / hertz / total * 1e6:.0f} µs a request.")
peak = max(int(r['rss_kb']) for r in batches) / 1024
print(f"Largest resident set seen: {peak:.1f} MB. Connection per request (2,000, `Connection: close`): {2000 / close_seconds:,.0f} requests per second;")
print(f"afterwards {rss_after / 1024:.1f} MB and {fds_after} descriptors. Server's last words: \"{log}\"")
median, p99, worst, rss_before, rss_siege, fds_siege = sys.argv[9].split()
print(f"\nUnder siege (2,000 idle connections and 300 slowloris sending a header line a second, held open):")
print(f"200 good requests, a connection each, all 200: latency median **{median} ms**, 99th percentile {p99} ms, "
      f"worst {worst} ms; the server {int(rss_before) / 1024:.1f} → {int(rss_siege) / 1024:.1f} MB and {fds_siege} descriptors.")
PY
