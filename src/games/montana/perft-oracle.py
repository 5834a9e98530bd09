#!/usr/bin/env python3
"""Montana perft oracle: an independent, naive move generator written once, apart from the TypeScript engine.

Writes test/data/montana-perft.json:   python3 src/games/montana/perft-oracle.py > test/data/montana-perft.json

Counts the distinct sequences of d legal moves from a deal (paths, not positions), no automatic moves. A move is a
card to a gap: a gap in the first column takes a 2 (each 2 that may go there is a move of its own); any other gap
takes the card one higher and of the same suit as the card on its left; nothing goes after a king or a gap. Under
the default rules a 2 heading a row stays there; with free twos any 2 may move to any first-column gap; with fixed
suits a row's first gap takes only its own 2 (rows a..d clubs, hearts, spades, diamonds), from anywhere. A redeal is
one more move while redeals are left. The tests read the file; they never run Python.
"""
import json
import os
import sys

SUITS = "CDHS"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
ROW_SUITS = [0, 2, 3, 1]  # clubs, hearts, spades, diamonds as suit numbers C=0 D=1 H=2 S=3


def card(rank, suit):  # rank 1..13
    return (rank - 1) * 4 + suit


def parse(text):
    if text is None:
        return None
    return card(RANKS.index(text[:-1]) + 1, SUITS.index(text[-1]))


def microsoft_rows(deal):
    """Microsoft / FreeCell Pro deal (below 2^31), the 52 cards dealt row by row into four rows of 13."""
    state = deal
    deck = list(range(52))
    order = []
    for left in range(52, 0, -1):
        state = (state * 214013 + 2531011) % (1 << 32)
        j = ((state >> 16) & 0x7FFF) % left
        order.append(deck[j])
        deck[j] = deck[left - 1]
    return [[None if c < 4 else c for c in order[r * 13:(r + 1) * 13]] for r in range(4)]


def mulberry(state):
    state = (state + 0x6D2B79F5) & 0xFFFFFFFF
    t = state
    t = ((t ^ (t >> 15)) * (t | 1)) & 0xFFFFFFFF
    t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF)) & 0xFFFFFFFF
    return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296.0, state


def imul(a, b):
    return (a * b) & 0xFFFFFFFF


def deal_seed(deal, numbering):
    h = 0x4D534654 if numbering == "microsoft" else 0x534F4C56
    for word in (deal & 0xFFFFFFFF, (deal >> 32) & 0xFFFFFFFF):
        h = imul(h ^ word, 0x9E3779B1)
        h ^= h >> 15
        h = imul(h, 0x85EBCA6B)
        h ^= h >> 13
    return h


def run_length(row):
    first = row[0]
    if first is None or first // 4 != 1:
        return 0
    k = 1
    while k < 13 and row[k] == first + 4 * k:
        k += 1
    return k


def redeal(rows, seed):
    runs = [run_length(r) for r in rows]
    gathered = [0, 1, 2, 3]
    for r in range(4):
        gathered += [c for c in rows[r][runs[r]:] if c is not None]
    gathered.sort()
    for i in range(len(gathered) - 1, 0, -1):
        u, seed = mulberry(seed)
        j = int(u * (i + 1))
        gathered[i], gathered[j] = gathered[j], gathered[i]
    out = []
    it = iter(gathered)
    for r in range(4):
        row = list(rows[r][:runs[r]])
        for _ in range(runs[r], 13):
            c = next(it)
            row.append(None if c < 4 else c)
        out.append(row)
    return out, seed


def moves(rows, rules, redeals_left):
    where = {}
    for r in range(4):
        for c in range(13):
            if rows[r][c] is not None:
                where[rows[r][c]] = (r, c)
    out = []
    for r in range(4):
        for c in range(13):
            if rows[r][c] is not None:
                continue
            if c == 0:
                for s in range(4):
                    two = card(2, s)
                    fr, fc = where[two]
                    if rules["fixedSuits"] and ROW_SUITS[r] != s:
                        continue
                    if fc == 0 and not (rules["freeTwos"] or rules["fixedSuits"]):
                        continue
                    out.append((two, r, c))
            else:
                left = rows[r][c - 1]
                if left is None or left // 4 == 12:
                    continue
                out.append((left + 4, r, c))
    if redeals_left > 0:
        out.append("r")
    return out


def play(rows, move):
    x, r, c = move
    new = [list(row) for row in rows]
    for rr in range(4):
        for cc in range(13):
            if new[rr][cc] == x:
                new[rr][cc] = None
    new[r][c] = x
    return new


def perft(rows, rules, redeals_left, seed, depth):
    ms = moves(rows, rules, redeals_left)
    if depth == 1:
        return len(ms)
    total = 0
    for m in ms:
        if m == "r":
            nrows, nseed = redeal(rows, seed)
            total += perft(nrows, rules, redeals_left - 1, nseed, depth - 1)
        else:
            total += perft(play(rows, m), rules, redeals_left, seed, depth - 1)
    return total


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    data = json.load(open(os.path.join(here, "..", "..", "..", "test", "data", "solvitaire-numbered-deals.json")))
    solvitaire = {d["seed"]: [[parse(t) for t in row] for row in d["rows"]] for d in data if d["game"] == "montana"}
    default = {"freeTwos": False, "fixedSuits": False, "redeals": 0}
    cases = []

    def case(name, numbering, deal, rules, depth):
        rows = solvitaire[deal] if numbering == "solvitaire" else microsoft_rows(deal)
        seed = deal_seed(deal, numbering) if rules["redeals"] > 0 else 0
        counts = [perft(rows, rules, rules["redeals"], seed, d) for d in range(1, depth + 1)]
        cases.append({"name": name, "numbering": numbering, "deal": deal, "rules": rules, "counts": counts})
        print(name, counts, file=sys.stderr)

    for deal in (1, 2, 3):
        case(f"solvitaire {deal}", "solvitaire", deal, default, 12)
    case("microsoft 1", "microsoft", 1, default, 12)
    case("microsoft 1, free twos", "microsoft", 1, dict(default, freeTwos=True), 10)
    case("solvitaire 2, free twos", "solvitaire", 2, dict(default, freeTwos=True), 10)
    case("microsoft 1, fixed suits", "microsoft", 1, dict(default, fixedSuits=True), 12)
    case("solvitaire 3, fixed suits", "solvitaire", 3, dict(default, fixedSuits=True), 12)
    case("solvitaire 1, one redeal", "solvitaire", 1, dict(default, redeals=1), 7)
    case("microsoft 5, two redeals", "microsoft", 5, dict(default, redeals=2), 6)
    json.dump(
        {
            "definition": (
                "Number of distinct sequences of d legal moves from the deal (paths, not positions), no automatic "
                "moves. A move is a card to a gap: a first-column gap takes a 2 (each 2 that may go there a move of "
                "its own: under the default rules not one heading a row; with free twos any; with fixed suits only "
                "the row's own, rows a-d clubs, hearts, spades, diamonds); any other gap takes the next card of "
                "the suit of the card on its left; nothing after a king or a gap. A redeal (gather the cards not in "
                "a run from the first column with the aces, sort, shuffle with the position's mulberry32 state, "
                "deal row by row into the places not in a run, aces out) is one more move while redeals are left; "
                "a deal with redeals starts from its deal seed. Computed by src/games/montana/perft-oracle.py."
            ),
            "cases": cases,
        },
        sys.stdout,
        indent=1,
    )
    print()


main()
