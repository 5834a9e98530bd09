"""An independent count of King Albert's move sequences (the oracle of src/games/king-albert/perft.test.ts).

Written apart from the engine, in Python, from the rules alone: nine cascades, a reserve played from only, no
free cells, foundations by suit from the ace, cascades built down in alternating colours, any card into an empty
cascade, one card a move, no card back off a foundation, no automatic moves. A move takes the top card of a
cascade or a reserve card to its foundation (when the card below it by rank and suit is there) or to another
cascade (empty, or topped by a card one rank higher of the other colour); each destination is a different move.

Run: python3 test/data/king-albert-perft.py > test/data/king-albert-perft.json
"""
import json

RANKS = {"A": 1, "10": 10, "J": 11, "Q": 12, "K": 13}
RED = {"D", "H"}


def card(text):
    rank, suit = text[:-1], text[-1]
    return (RANKS.get(rank) or int(rank), suit)


def moves(cascades, reserve, found):
    out = []
    sources = [("c", i) for i, c in enumerate(cascades) if c] + [("r", i) for i, r in enumerate(reserve) if r]
    for kind, i in sources:
        rank, suit = cascades[i][-1] if kind == "c" else reserve[i]
        if found[suit] == rank - 1:
            out.append((kind, i, "f", suit))
        for j, dest in enumerate(cascades):
            if kind == "c" and j == i:
                continue
            if not dest:
                out.append((kind, i, "c", j))
                continue
            trank, tsuit = dest[-1]
            if trank == rank + 1 and ((tsuit in RED) != (suit in RED)):
                out.append((kind, i, "c", j))
    return out


def perft(cascades, reserve, found, depth):
    ms = moves(cascades, reserve, found)
    if depth == 1:
        return len(ms)
    total = 0
    for kind, i, to, j in ms:
        cs = [list(c) for c in cascades]
        rs = list(reserve)
        fs = dict(found)
        if kind == "c":
            c = cs[i].pop()
        else:
            c = rs[i]
            rs[i] = None
        if to == "f":
            fs[c[1]] += 1
        else:
            cs[j].append(c)
        total += perft(cs, rs, fs, depth - 1)
    return total


def main():
    deals = {d["seed"]: d for d in json.load(open("test/data/solvitaire-numbered-deals.json")) if d["game"] == "king-albert"}
    counts = {}
    for seed in (1, 2):
        d = deals[seed]
        cascades = [[card(t) for t in pile] for pile in d["tableau"]]
        reserve = [card(t) for t in d["reserve"]]
        found = {"C": 0, "D": 0, "H": 0, "S": 0}
        counts[str(seed)] = [perft(cascades, reserve, found, depth) for depth in range(1, 6)]
    print(json.dumps({
        "definition": "Number of distinct sequences of d legal moves from Solvitaire-numbered King Albert deal N, default rules (single cards, no card back off a foundation), no automatic moves: a cascade's top card or a reserve card to its foundation, or to any other cascade that is empty or whose top card is one rank higher and of the other colour (each cascade a different move).",
        "numbering": "solvitaire",
        "counts": counts,
    }, indent=2))


main()
