#!/usr/bin/env python3
"""An independent count of move sequences for five games of the family engine (the oracle of
src/games/family/perft.test.ts): Golf, Black Hole, Canfield, Spider and Eight Off.

Written apart from the TypeScript engine, in Python (standard library only), from the rules of play in
docs/family.md. perft(d) is the number of distinct sequences of d legal moves from a position, with no automatic
moves between them. What a move is:

- A pile's top card (or, where groups move, a run on top of a pile) goes to a foundation, the hole, an empty
  cell, or another pile; a cell's card to a foundation or a pile (never to another cell); the reserve's top card
  (a stacked reserve) or the waste's top card to a foundation or a pile.
- Each destination is a different move: a card into an empty cell is one move per empty cell, onto each pile
  one move per pile. To the foundations it is one move however many foundations of the suit would take it (two
  decks: the copies of a card are the same card; the card goes to the first that takes it).
- The stock's move is one move: turn `draw` cards onto the waste (the last turned on top), deal a card onto
  each pile from the left, or play its top card to the hole; with redeals, an empty stock turns the waste over
  (one move).
- Part of a move, never a move of its own: turning up a face-down card a move leaves on top of a pile, and
  filling a space at once from the reserve (Canfield).

The games (docs/family.md, "The games"):
- golf: 7 piles, nothing builds on them; a pile's top card goes into the hole when it is one rank above or below
  the hole's top card (no wrap: king and ace do not meet); the stock's top card goes to the hole (one move).
- black-hole: 17 piles, nothing builds; top cards to the hole one rank above or below, king and ace meet.
- canfield: 4 piles building down in alternate colours, ranks counted from the base (the base the lowest rank,
  the rank below it the highest); foundations up in suit from the base, turning the corner king to ace; a built
  group moves as one, and part of one only when the card it leaves on top can then go home (into a space any
  part may move); a space is filled at once from the stacked reserve, and once it is gone any card or group may
  fill it; the stock turns 3 at a time onto the waste, redealt as often as you like.
- spider: 2 decks, 10 piles (only top cards face up) building down in any suit; a group built down in suit moves
  as one onto any card one rank higher or into a space; any card fills a space; a whole suit king to ace goes
  home from the top of any pile; the stock deals one card onto every pile.
- eight-off: 8 piles building down in suit, one card at a time, only a king into a space; 8 cells, 4 dealt full;
  foundations up in suit from the ace.

Run (from the repository root):

    python3 test/data/family-perft.py            # counts the positions in family-perft.json, writes the counts
    python3 test/data/family-perft.py --deal     # first (re)reads the starting positions from `node bin/tsol.js
                                                 # deal GAME N --format json`, deals 1 to 3
    python3 test/data/family-perft.py --check    # only compares, exits 1 on a difference
"""
import json
import subprocess
import sys
from pathlib import Path

FILE = Path(__file__).with_name("family-perft.json")
SUITS = "CDHS"  # the foundations' order in the JSON: clubs, diamonds, hearts, spades
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}
DEALS = (1, 2, 3)
# How deep each game is counted: as deep as runs in a few seconds here (and in the TypeScript test).
DEPTHS = {"golf": 8, "black-hole": 8, "canfield": 6, "spider": 4, "eight-off": 3}

# The five games' rules, in this script's own words.
GAMES = {
    "golf": dict(decks=1, build="none", spaces="none", groups="none", group_build=None, cells=0,
                 foundations=False, whole_suits=False, hole=True, wraps=False,
                 stock="hole", draw=1, redeals=False),
    "black-hole": dict(decks=1, build="none", spaces="none", groups="none", group_build=None, cells=0,
                       foundations=False, whole_suits=False, hole=True, wraps=True,
                       stock=None, draw=0, redeals=False),
    "canfield": dict(decks=1, build="alternate", spaces="reserve-then-any", groups="to-uncover",
                     group_build="alternate", cells=0, foundations=True, whole_suits=False, hole=False,
                     wraps=False, stock="waste", draw=3, redeals=True),
    "spider": dict(decks=2, build="any", spaces="any", groups="any", group_build="suit", cells=0,
                   foundations=True, whole_suits=True, hole=False, wraps=False,
                   stock="piles", draw=1, redeals=False),
    "eight-off": dict(decks=1, build="suit", spaces="kings", groups="none", group_build=None, cells=8,
                      foundations=True, whole_suits=False, hole=False, wraps=False,
                      stock=None, draw=0, redeals=False),
}


def parse_card(text):
    rank, suit = text[:-1], text[-1]
    return (RANKS[rank] if rank in RANKS else int(rank), SUITS.index(suit))


def is_red(card):
    return SUITS[card[1]] in "DH"


class Position:
    """A table: piles bottom first with a count of face-down cards each; cells (None when empty); a stacked
    reserve (top last); foundations (a list of cards each, per suit in the order C D H S, then the second deck's);
    stock (the last card is the next one dealt); waste (top last); the hole's top card."""

    __slots__ = ("piles", "down", "cells", "reserve", "found", "stock", "waste", "hole")

    def copy(self):
        p = Position()
        p.piles = [list(x) for x in self.piles]
        p.down = list(self.down)
        p.cells = list(self.cells)
        p.reserve = list(self.reserve)
        p.found = [list(f) for f in self.found]
        p.stock = list(self.stock)
        p.waste = list(self.waste)
        p.hole = self.hole
        return p


class Game:
    def __init__(self, name, board):
        self.name = name
        self.r = GAMES[name]
        self.base = board.get("base", 1)

    # Ranks counted from the foundations' base: 0 is the lowest rank, 12 the highest.
    def order(self, card):
        return (card[0] - self.base) % 13

    def start(self, board):
        p = Position()
        p.piles = [[parse_card(t) for t in pile] for pile in board["tableau piles"]]
        p.down = list(board.get("face down", [0] * len(p.piles)))
        p.cells = [None if c is None else parse_card(c) for c in board.get("cells", [])]
        reserve = board.get("reserve", [])
        # A stacked reserve is one pile (the JSON gives it as a list of one list).
        p.reserve = [parse_card(t) for t in (reserve[0] if reserve else [])]
        p.found = [[parse_card(t) for t in f] for f in board.get("foundations", [])]
        p.stock = [parse_card(t) for t in board.get("stock", [])]
        p.waste = [parse_card(t) for t in board.get("waste", [])]
        hole = board.get("hole", [])
        p.hole = parse_card(hole[-1]) if hole else None
        assert len(p.cells) == self.r["cells"], "cells"
        return p

    # --- what goes where -------------------------------------------------------------------------------------

    def builds(self, upper, lower, rule):
        """May `upper` lie on `lower` under the build rule?"""
        if rule == "none":
            return False
        if self.order(lower) != self.order(upper) + 1:
            return False
        if rule == "any":
            return True
        if rule == "suit":
            return upper[1] == lower[1]
        if rule == "alternate":
            return is_red(upper) != is_red(lower)
        raise ValueError(rule)

    def home_index(self, p, card):
        """The first foundation that takes this single card, or None."""
        if not self.r["foundations"] or self.r["whole_suits"]:
            return None
        for i, f in enumerate(p.found):
            if i % 4 != card[1]:
                continue
            if (not f and self.order(card) == 0) or (f and self.order(f[-1]) + 1 == self.order(card)):
                return i
        return None

    def to_hole(self, p, card):
        if not self.r["hole"]:
            return False
        diff = abs(card[0] - p.hole[0])
        return diff == 1 or (self.r["wraps"] and diff == 12)

    def space_takes(self, p, lowest):
        """May a card (the lowest of its group: the one that would lie on the empty pile) fill a space?"""
        spaces = self.r["spaces"]
        if self.r["build"] == "none" or spaces == "none":
            return False
        if spaces == "any":
            return True
        if spaces == "kings":
            return self.order(lowest) == 12
        if spaces == "reserve-then-any":
            return not p.reserve  # with a reserve a space never stays empty
        raise ValueError(spaces)

    def onto_pile(self, p, j, lowest, count):
        pile = p.piles[j]
        if not pile:
            return self.space_takes(p, lowest)
        rule = self.r["build"]
        return self.builds(lowest, pile[-1], rule)

    # --- the moves: each a function making the next position -----------------------------------------------

    def after_leaving_pile(self, p, i):
        """What follows a pile's losing cards: turn up a face-down top card; fill a space from the reserve."""
        pile = p.piles[i]
        if pile and p.down[i] >= len(pile):
            p.down[i] = len(pile) - 1
        if not pile and self.r["spaces"] == "reserve-then-any" and p.reserve:
            pile.append(p.reserve.pop())

    def run_length(self, p, i, rule):
        """How many cards on top of pile i are face up and built on one another by `rule`."""
        pile = p.piles[i]
        if not pile:
            return 0
        n = 1
        while n < len(pile) - p.down[i] and self.builds(pile[-n], pile[-n - 1], rule):
            n += 1
        return n

    def successors(self, p):
        out = []
        r = self.r
        npiles = len(p.piles)
        empty_cells = [k for k, c in enumerate(p.cells) if c is None]

        # Single cards from the sources whose top card is in play: pile tops, cells, reserve, waste.
        sources = []
        for i, pile in enumerate(p.piles):
            if pile:
                sources.append(("pile", i, pile[-1]))
        for k, c in enumerate(p.cells):
            if c is not None:
                sources.append(("cell", k, c))
        if p.reserve:
            sources.append(("reserve", 0, p.reserve[-1]))
        if p.waste:
            sources.append(("waste", 0, p.waste[-1]))

        def take(q, kind, idx):
            if kind == "pile":
                card = q.piles[idx].pop()
            elif kind == "cell":
                card = q.cells[idx]
                q.cells[idx] = None
            elif kind == "reserve":
                card = q.reserve.pop()
            else:
                card = q.waste.pop()
            return card

        def finish(q, kind, idx):
            if kind == "pile":
                self.after_leaving_pile(q, idx)
            out.append(q)

        for kind, idx, card in sources:
            # Home.
            f = self.home_index(p, card)
            if f is not None:
                q = p.copy()
                take(q, kind, idx)
                q.found[f].append(card)
                finish(q, kind, idx)
            # The hole.
            if self.to_hole(p, card):
                q = p.copy()
                take(q, kind, idx)
                q.hole = card
                finish(q, kind, idx)
            # A free cell: each empty cell its own move. Not from a cell: a card moved from cell to cell changes
            # nothing but its place (Solvitaire makes no such move, and neither does the engine).
            for k in empty_cells:
                if kind == "cell":
                    break
                q = p.copy()
                take(q, kind, idx)
                q.cells[k] = card
                finish(q, kind, idx)
            # Onto piles, single cards, where groups do not move (those are below, with the groups).
            if kind == "pile" and r["groups"] != "none":
                continue
            for j in range(npiles):
                if kind == "pile" and j == idx:
                    continue
                if self.onto_pile(p, j, card, 1):
                    q = p.copy()
                    take(q, kind, idx)
                    q.piles[j].append(card)
                    finish(q, kind, idx)

        # Groups (one card is a group of one) from pile to pile.
        if r["groups"] != "none":
            rule = r["build"] if r["group_build"] in (None, "as-built") else r["group_build"]
            for i, pile in enumerate(p.piles):
                if not pile:
                    continue
                run = self.run_length(p, i, rule)
                for n in range(1, run + 1):
                    lowest = pile[-n]
                    for j in range(npiles):
                        if j == i:
                            continue
                        dest = p.piles[j]
                        if not self.onto_pile(p, j, lowest, n):
                            continue
                        if r["groups"] == "to-uncover" and n < run and dest:
                            # Part of a group, onto a card: only when the card it leaves on top can then go home.
                            left = pile[-n - 1]
                            if self.home_index(p, left) is None:
                                continue
                        q = p.copy()
                        moving = q.piles[i][-n:]
                        del q.piles[i][-n:]
                        q.piles[j].extend(moving)
                        self.after_leaving_pile(q, i)
                        out.append(q)

        # A whole suit, king to ace, from the top of any pile goes home (Spider).
        if r["whole_suits"]:
            for i, pile in enumerate(p.piles):
                if self.run_length(p, i, "suit") >= 13 and pile[-13][0] == 13:
                    slot = next((k for k, f in enumerate(p.found) if not f), None)
                    if slot is not None:
                        q = p.copy()
                        q.found[slot] = q.piles[i][-13:]
                        del q.piles[i][-13:]
                        self.after_leaving_pile(q, i)
                        out.append(q)

        # The stock.
        if r["stock"] == "hole" and p.stock:
            q = p.copy()
            q.hole = q.stock.pop()
            out.append(q)
        elif r["stock"] == "piles" and p.stock:
            q = p.copy()
            for j in range(npiles):
                if not q.stock:
                    break
                q.piles[j].append(q.stock.pop())
            out.append(q)
        elif r["stock"] == "waste":
            if p.stock:
                q = p.copy()
                for _ in range(min(r["draw"], len(q.stock))):
                    q.waste.append(q.stock.pop())
                out.append(q)
            elif p.waste and r["redeals"]:
                q = p.copy()
                q.stock = q.waste[::-1]
                q.waste = []
                out.append(q)
        return out

    def perft(self, p, depth):
        nxt = self.successors(p)
        if depth == 1:
            return len(nxt)
        return sum(self.perft(q, depth - 1) for q in nxt)


# Positions made by hand, to reach rules the first moves of a deal do not: each part as listed, "?n" standing for
# n cards of those the parts do not name (the rest of the deck, in a fixed shuffled order); "face down" counts.
SCENARIOS = [
    {
        "game": "canfield", "name": "reserve gone",
        "how": "no reserve, a space any card or any part of a group fills; a group's part moves onto a card only "
               "when the card it leaves can go home (AD, under KS QH); the waste's QC goes home",
        "depth": 4,
        "board": {"tableau piles": [["4S", "3H", "2C", "AD", "KS", "QH"], [], ["AH"], ["5H", "KC"]],
                  "reserve": [[]], "base": 11,
                  "foundations": [["JC"], ["JD", "QD", "KD"], [], []],
                  "stock": ["?34"], "waste": ["?4", "QC"]},
    },
    {
        "game": "canfield", "name": "redeal",
        "how": "two cards left in the stock, then the waste turned over and dealt three at a time again",
        "depth": 5,
        "board": {"tableau piles": [["9S"], ["8H", "7C"], ["6D"], ["JH"]],
                  "reserve": [["?3", "5S"]], "base": 11,
                  "foundations": [[], ["JD"], [], []],
                  "stock": ["?2"], "waste": ["?40"]},
    },
    {
        "game": "canfield", "name": "space from the reserve",
        "how": "a pile's only card goes home and the reserve's top card fills the space in the same move; a "
               "whole group moves, its part not (5H under 4S cannot go home)",
        "depth": 5,
        "board": {"tableau piles": [["QC"], ["5H", "4S"], ["5D"], ["6C"]],
                  "reserve": [["?8", "2D", "KC"]], "base": 11,
                  "foundations": [["JC"], [], [], []],
                  "stock": ["?36"], "waste": []},
    },
    {
        "game": "spider", "name": "groups, a space and a whole suit",
        "how": "a whole suit KH..AH on a pile goes home and turns up the card under it; groups in suit move onto "
               "any card one rank higher or into a space; a card built in another suit moves alone",
        "depth": 3,
        "board": {"tableau piles": [["?3", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H",
                                     "2H", "AH"],
                                    [],
                                    ["?2", "9D", "8D", "7C"],
                                    ["?4", "8S", "7S", "6S"],
                                    ["?5", "9H"],
                                    ["?3", "9C", "7D"],
                                    ["?6", "8C"],
                                    ["?2", "6H", "5H", "4H"],
                                    ["?1", "5C"],
                                    ["?7", "10C"]],
                  "face down": [3, 0, 2, 4, 5, 3, 6, 2, 1, 7],
                  "foundations": [["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS",
                                   "KS"], [], [], [], [], [], [], []],
                  "stock": ["?30"]},
    },
    {
        "game": "eight-off", "name": "kings and spaces",
        "how": "only a king fills a space (from a cell or a pile, a pile's lone king too); cards home from the "
               "cells and piles; no card from cell to cell",
        "depth": 3,
        "board": {"tableau piles": [[], ["?5", "KD"], ["KS"], ["?6", "5C"], ["?6", "3D"], ["?7", "JH"],
                                    ["?6", "2D"], ["?6", "QH"]],
                  "cells": ["KH", "4C", None, None, "2H", "QS", None, None],
                  "foundations": [["AC", "2C", "3C"], ["AD"], ["AH"], []]},
    },
    {
        "game": "golf", "name": "king and ace do not meet",
        "how": "a king in the hole takes only a queen, not an ace; one card left in the stock",
        "depth": 6,
        "board": {"tableau piles": [["?3", "AC"], ["QD"], [], ["?2", "AH"], ["?4", "QS"], ["?1", "JD"],
                                    ["?2", "2S"]],
                  "stock": ["?1"], "hole": ["?32", "KC"]},
    },
    {
        "game": "black-hole", "name": "king and ace meet",
        "how": "a king in the hole takes a queen or an ace; empty piles",
        "depth": 6,
        "board": {"tableau piles": [["?2", "AC"], ["QD"], [], [], ["?2", "AH"], ["?2", "QS"], ["?2", "JD"],
                                    ["?1", "2S"], ["?2", "3D"], [], ["?3"], ["?3"], ["?1"], ["?2"], ["?3"],
                                    ["?3"], ["?3"]],
                  "hole": ["?15", "KC"]},
    },
]


def deck_of(game):
    cards = [r + s for s in SUITS for r in ["A"] + [str(n) for n in range(2, 11)] + ["J", "Q", "K"]]
    return cards * GAMES[game]["decks"]


def scenario_board(sc):
    """The board a scenario names, its "?n" filled from the cards it does not name, as the JSON gives one."""
    import random

    board = sc["board"]
    rest = deck_of(sc["game"])

    def named(value):
        if isinstance(value, list):
            for v in value:
                named(v)
        elif isinstance(value, str) and not value.startswith("?"):
            rest.remove(value)

    for key in ("tableau piles", "cells", "reserve", "foundations", "stock", "waste", "hole"):
        named(board.get(key, []))
    random.Random(sc["name"]).shuffle(rest)

    def fill(value):
        if isinstance(value, list):
            out = []
            for v in value:
                if isinstance(v, str) and v.startswith("?"):
                    out.extend(rest.pop() for _ in range(int(v[1:])))
                else:
                    out.append(fill(v))
            return out
        return value

    out = {"game": sc["game"], "deal": None}
    for key, value in board.items():
        out[key] = fill(value) if key != "face down" and key != "base" else value
    assert not rest, f"{sc['name']}: {len(rest)} cards left over"
    return out


def deal_board(game, n):
    text = subprocess.run(["node", "bin/tsol.js", "deal", game, str(n), "--format", "json"], check=True,
                          capture_output=True, text=True).stdout
    return json.loads(text)


def main():
    check = "--check" in sys.argv
    data = json.loads(FILE.read_text()) if FILE.exists() else {"positions": []}
    if "--deal" in sys.argv or not data["positions"]:
        data["positions"] = [
            {"game": g, "deal": n, "depth": DEPTHS[g], "board": deal_board(g, n), "perft": []}
            for g in GAMES for n in DEALS
        ] + [
            {"game": sc["game"], "name": sc["name"], "how": sc["how"], "depth": sc["depth"],
             "board": scenario_board(sc), "perft": []}
            for sc in SCENARIOS
        ]
    bad = False
    for entry in data["positions"]:
        game = Game(entry["game"], entry["board"])
        start = game.start(entry["board"])
        counts = [game.perft(start, d) for d in range(1, entry["depth"] + 1)]
        if check and counts != entry["perft"]:
            print(f"{entry['game']} {entry.get('deal', entry.get('name'))}: {counts} != {entry['perft']}",
                  file=sys.stderr)
            bad = True
        entry["perft"] = counts
        print(entry["game"], entry.get("deal", entry.get("name")), counts, file=sys.stderr)
    if check:
        sys.exit(1 if bad else 0)
    data = {
        "definition": "Number of distinct sequences of d legal moves (no automatic moves between them) from "
        "Solvitaire-numbered deals of five family games, counted by test/data/family-perft.py from the rules "
        "of play in docs/family.md, and from positions made by hand (name, how; deal null): each destination a "
        "different move (each empty cell, each pile; no card from cell to cell), one move "
        "home however many foundations of the suit take the card, the stock's turn, deal or play one move, "
        "turning up an uncovered card and filling a space from the reserve part of the move.",
        "numbering": "solvitaire",
        "positions": data["positions"],
    }
    FILE.write_text(json.dumps(data, indent=1) + "\n")


main()
