"""Profiles archives in the layout `transfer convert` reads and writes, for testing the peers.

    python3 make_profiles.py OUT_PREFIX [--rows N] [--seed S] [--no-tricky]

Writes OUT_PREFIX.csv and OUT_PREFIX.json, the same records in both:

- CSV: header id,name,bio,funFacts,video,portrait; RFC 4180 (CRLF between records, a field
  quoted when it holds a comma, a quote, CR or LF); funFacts a compact JSON array in the field;
  an absent video or portrait an empty field.
- JSON: one array of objects with sorted keys, compact, slashes not escaped, non-ASCII as UTF-8;
  an absent video or portrait is omitted.

The first rows are hand-made edge cases (CR/LF, lone CR, lone LF inside fields, doubled quotes,
emoji, an empty bio, an empty funFacts list, names a type-inferring reader could take for a null,
a number or a boolean, video empty but portrait set, ...) unless --no-tricky; the rest are
generated like ProfileGenerator's (bios with commas, quotes and line breaks, several scripts),
with media URLs for about four rows in five. The benchmark's own files come from the Swift
generator; these are for checking that each peer converts correctly, at small and large sizes.
"""
import argparse
import csv
import json
import random
import uuid

FIRST = ["Juan", "Ana", "山田", "Иван", "Zoë", "Nkechi", "Łukasz", "María José", "太郎", "Ольга", "Sam 🎸", "O'Neil"]
LAST = ["Chavez", "Pereira", "太郎", "Петров", '"Z" Smith', "Okafor", "Wójcik", "García, Jr.", "佐藤", "Иванова", "Lee", "Brown"]
PHRASES = [
    "Loves trees, tea and long walks", 'Says "hello" to every dog', "Writes Swift on weekends",
    "山に登るのが好き", "Любит читать книги", "Collects 🍵 teapots", "Runs, bikes, swims",
    'Once met a "real" astronaut', "Plays the cello\r\nbadly", "Bakes bread\non Sundays",
]
FACTS = [
    "Has climbed 40 trees", "Owns 12 teapots", "Speaks 3 languages", "Was born on a leap day",
    "Can juggle, a little", 'Knows every "Star Wars" line', "日本語を勉強中", "Был в Антарктиде", "🐙 fan",
]


def tricky(rng):
    """Hand-made edge cases: (name, bio, funFacts, video, portrait)."""
    url = "https://media.example.com/"
    return [
        ("Plain Name", "Plain bio", ["one"], url + "v/1.mp4", url + "p/1.jpg"),
        ("CRLF inside", "line one\r\nline two\r\n", ["a\r\nb"], None, url + "p/2.png"),
        ("Lone CR", "before\rafter", [], url + "v/3.mov?t=1,2&x=%2F", None),
        ("Lone LF", "\nstarts with a line break", ['"quoted"', "back\\slash", "tab\there"], None, None),
        ('Quote "inside", comma', '""', ["[not an array]", "{}", ","], url + "v/4.mp4", None),
        ("NA", "", ["null"], None, None),                      # pandas/polars null markers as values
        ("null", " ", ["NaN"], None, url + "p/5.jpg"),
        ("NaN", "None", [""], url + "v/6.mp4", url + "p/6.jpg"),
        ("0042", "1e5", ["true", "0"], None, None),          # numbers and booleans as text
        ("true", "-", ["日本語", "🐙🐙", "Ünïcödé"], None, None),
        ("Zoë 🎸 山田", "emoji 🍵 and\u00a0nbsp and \u2028 separator", ["\u0001 control"], None, None),
        ("  spaces  ", "  leading and trailing  ", ["  x  "], url + "v/7.mp4", url + "p/7.jpg"),
        ("Slash/Name", "https://not.a.url/in/a/bio", ["/", "</script>"], "https://a.example/b/c?d=e/f", None),
        ("Semicolon; tab\tname", "a;b;c\td", ["a;b"], None, url + "p/8.jpg"),
    ]


def generated(rng):
    name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
    bio = ", ".join(rng.choice(PHRASES) for _ in range(3 + rng.randrange(5)))
    bio += ". " + "Lorem ipsum dolor sit amet. " * (4 + rng.randrange(6))
    facts = [rng.choice(FACTS) for _ in range(1 + rng.randrange(4))]
    n = rng.randrange(10)
    video = None if n < 2 else f"https://media.example.com/videos/{rng.getrandbits(48):012x}.mp4"
    portrait = None if n in (0, 3) else f"https://media.example.com/portraits/{rng.getrandbits(48):012x}.jpg"
    return name, bio, facts, video, portrait


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prefix")
    parser.add_argument("--rows", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2022)
    parser.add_argument("--no-tricky", action="store_true")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    records = [] if args.no_tricky else tricky(rng)
    while len(records) < args.rows:
        records.append(generated(rng))
    records = records[: args.rows]
    rows = []
    for name, bio, facts, video, portrait in records:
        rows.append((str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper(), name, bio, facts, video, portrait))

    with open(args.prefix + ".csv", "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)  # excel dialect: CRLF, QUOTE_MINIMAL on , " CR LF
        writer.writerow(["id", "name", "bio", "funFacts", "video", "portrait"])
        writer.writerows(
            (i, n, b, json.dumps(ff, ensure_ascii=False, separators=(",", ":")), v or "", p or "")
            for i, n, b, ff, v, p in rows
        )
    objects = []
    for i, n, b, ff, v, p in rows:
        o = {"bio": b, "funFacts": ff, "id": i, "name": n}
        if p is not None:
            o["portrait"] = p
        if v is not None:
            o["video"] = v
        objects.append(o)
    with open(args.prefix + ".json", "w", encoding="utf-8") as f:
        f.write(json.dumps(objects, ensure_ascii=False, separators=(",", ":"), sort_keys=True))
    print(f"{args.prefix}.csv, {args.prefix}.json: {len(rows)} records")


if __name__ == "__main__":
    main()
