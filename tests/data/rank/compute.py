#!/usr/bin/env python3
"""Expected output of 'hardsix rank' on the tiny lists, computed independently of hardsix: its own
two-pass feedback (DESIGN.md), entropy as -sum p log2 p, expected answers left as sum n^2 / N.
Run from the repository root; writes tests/data/rank/tiny-BY.tsv for each --by. The outputs are
checked in: tests/cli/rank.sh compares hardsix's rows with them."""
import math

answers = [w.strip() for w in open("tests/data/tiny-answers.txt") if w.strip()]
guesses = [w.strip() for w in open("tests/data/tiny-guesses.txt") if w.strip()]
words = answers + guesses  # canonical order: answers, then the other guesses


def feedback(guess, answer):
    tiles = [0] * 5
    left = list(answer)
    for i in range(5):
        if guess[i] == answer[i]:
            tiles[i] = 2
            left[i] = None
    for i in range(5):
        if tiles[i] == 0 and guess[i] in left:
            tiles[i] = 1
            left[left.index(guess[i])] = None
    return tuple(tiles)


rows = []
for pos, g in enumerate(words):
    parts = {}
    for a in answers:
        p = feedback(g, a)
        parts[p] = parts.get(p, 0) + 1
    n = len(answers)
    sizes = list(parts.values())
    entropy = -sum(k / n * math.log2(k / n) for k in sizes)
    expected = sum(k * k for k in sizes) / n
    rows.append((g, pos, entropy, expected, max(sizes), len(sizes), sum(k * k for k in sizes)))

keys = {
    # entropy compared on a rounded value so that equal multisets of part sizes tie
    "entropy": lambda r: (-round(r[2], 9), r[1]),
    "expected": lambda r: (r[6], r[1]),
    "maxbucket": lambda r: (r[4], r[1]),
    "buckets": lambda r: (-r[5], r[1]),
}
for by, key in keys.items():
    with open(f"tests/data/rank/tiny-{by}.tsv", "w") as out:
        out.write("rank\topener\tentropy\texpected\tmaxbucket\tbuckets\n")
        for i, r in enumerate(sorted(rows, key=key)):
            out.write(f"{i + 1}\t{r[0]}\t{r[2]:.6f}\t{r[3]:.4f}\t{r[4]}\t{r[5]}\n")
