#!/usr/bin/env python3
"""Independent perft counter for Klondike, written apart from the TypeScript engine to check its move generator.

Reads test/data/klondike-perft.json, counts for each position the sequences of legal moves of each depth, and
writes the counts back into the file ("perft": [depth 1, depth 2, ...]). Run once when positions are added:

    python3 test/data/klondike-perft.py [--check]

With --check it only compares and exits 1 on a difference. The rules counted (the file says them too):
- "s": when the stock has cards, turn min(draw, stock) cards onto the waste (one move); when it is empty and the
  waste is not, turn the waste over into the stock, if the pass limit allows another pass.
- The waste's top card: to its foundation when it is next; onto each pile whose top card is one rank higher and
  of the other colour; a king onto each empty pile.
- Each pile's top card to its foundation when next. For each pair of piles (from, to): the face-up card of the
  run at the top of `from` that fits on `to`'s top card (one rank lower, other colour) moves with the cards on
  it; onto an empty pile, the run moves when its lowest face-up card is a king (even if nothing lies under it).
- With cards allowed off the foundations: each foundation's top card onto each pile it fits (a king: each empty
  pile).
- After a move from a pile, a face-down card left on top turns face up (part of the move).
Cards: rank 1..13, suits C D H S (index 0..3); red = D, H.
"""
import json
import sys
from pathlib import Path

RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
SUITS = "CDHS"


def parse_card(text):
    rank_text, suit_text = text[:-1], text[-1]
    rank = RANKS[rank_text] if rank_text in RANKS else int(rank_text)
    return (rank, SUITS.index(suit_text))


def red(card):
    return card[1] in (1, 2)


def fits(upper, lower):
    return lower[0] == upper[0] + 1 and red(upper) != red(lower)


class Pos:
    def __init__(self, piles, down, stock, waste, found, recycles, rules):
        self.piles = piles  # list of lists of cards, bottom first
        self.down = down  # face-down count per pile
        self.stock = stock  # last card turned first
        self.waste = waste  # last card on top
        self.found = found  # top rank per suit
        self.recycles = recycles
        self.rules = rules

    def copy(self):
        return Pos([list(p) for p in self.piles], list(self.down), list(self.stock), list(self.waste),
                   list(self.found), self.recycles, self.rules)


def run_start(pos, i):
    pile = pos.piles[i]
    k = len(pile) - 1
    while k > pos.down[i] and fits(pile[k], pile[k - 1]):
        k -= 1
    return k


def after_pile_loss(pos, i):
    pile = pos.piles[i]
    if pile and pos.down[i] >= len(pile):
        pos.down[i] = len(pile) - 1


def children(pos):
    out = []
    draw = pos.rules["draw"]
    passes = pos.rules["passes"]
    if pos.stock:
        q = pos.copy()
        for _ in range(min(draw, len(q.stock))):
            q.waste.append(q.stock.pop())
        out.append(q)
    elif pos.waste and (passes is None or pos.recycles + 1 < passes):
        q = pos.copy()
        q.stock = list(reversed(q.waste))
        q.waste = []
        q.recycles += 1
        out.append(q)
    if pos.waste:
        w = pos.waste[-1]
        if pos.found[w[1]] == w[0] - 1:
            q = pos.copy()
            q.waste.pop()
            q.found[w[1]] += 1
            out.append(q)
        for j in range(7):
            dest = pos.piles[j]
            if (not dest and w[0] == 13) or (dest and fits(w, dest[-1])):
                q = pos.copy()
                q.piles[j].append(q.waste.pop())
                out.append(q)
    for i in range(7):
        pile = pos.piles[i]
        if not pile:
            continue
        top = pile[-1]
        if pos.found[top[1]] == top[0] - 1:
            q = pos.copy()
            q.piles[i].pop()
            q.found[top[1]] += 1
            after_pile_loss(q, i)
            out.append(q)
        start = run_start(pos, i)
        for j in range(7):
            if j == i:
                continue
            dest = pos.piles[j]
            for k in range(start, len(pile)):
                ok = pile[k][0] == 13 if not dest else fits(pile[k], dest[-1])
                if ok:
                    q = pos.copy()
                    moving = q.piles[i][k:]
                    del q.piles[i][k:]
                    q.piles[j].extend(moving)
                    after_pile_loss(q, i)
                    out.append(q)
                    break
    if pos.rules["fromFoundation"]:
        for s in range(4):
            r = pos.found[s]
            if r == 0:
                continue
            c = (r, s)
            for j in range(7):
                dest = pos.piles[j]
                if (not dest and r == 13) or (dest and fits(c, dest[-1])):
                    q = pos.copy()
                    q.found[s] -= 1
                    q.piles[j].append(c)
                    out.append(q)
    return out


def perft(pos, depth):
    if depth == 0:
        return 1
    kids = children(pos)
    if depth == 1:
        return len(kids)
    return sum(perft(k, depth - 1) for k in kids)


def load(entry):
    b = entry["board"]
    piles = [[parse_card(c) for c in p] for p in b["tableau"]]
    down = b.get("faceDown", [min(i, max(0, len(p) - 1)) for i, p in enumerate(piles)])
    found = [0, 0, 0, 0]
    for letter, top in b.get("foundations", {}).items():
        found[SUITS.index(letter)] = parse_card(top)[0]
    return Pos(piles, list(down), [parse_card(c) for c in b["stock"]], [parse_card(c) for c in b.get("waste", [])],
               found, b.get("recycles", 0), entry["rules"])


def main():
    path = Path(__file__).with_name("klondike-perft.json")
    data = json.loads(path.read_text())
    check = "--check" in sys.argv
    bad = False
    for entry in data["positions"]:
        pos = load(entry)
        counts = [perft(pos, d) for d in range(1, entry["depth"] + 1)]
        if check:
            if counts != entry.get("perft"):
                print(f"{entry['name']}: {counts} != {entry.get('perft')}")
                bad = True
        else:
            entry["perft"] = counts
        print(entry["name"], counts)
    if not check:
        path.write_text(json.dumps(data, indent=2) + "\n")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
