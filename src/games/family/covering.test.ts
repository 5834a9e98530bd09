import { describe, expect, it } from "vitest";
import { type Card, formatCard, parseCard, rankOf } from "../../cards/card.ts";
import { naiveSolve } from "../patience/naive.ts";
import { conformance, replaysToWin } from "../patience/testing.ts";
import { COVERING_GAMES } from "../registry.ts";
import { dealFamily } from "./deal.ts";
import {
  apply,
  autoMoves,
  type FamilyMove,
  type FamilyState,
  HOLE,
  isWon,
  legalMoves,
  provedLost,
  STOCK,
  tableauPile,
  WASTE,
  whyIllegal,
} from "./engine.ts";
import { type FamilyGame, familyGame } from "./index.ts";
import { familyKey } from "./key.ts";
import { PackedCovering, packedUnsupported } from "./packed.ts";
import { CATALOGUE_RULES, familyRules } from "./presets.ts";
import { type Covering, checkFamilyRules, type FamilyRules } from "./rules.ts";
import { solveFamily } from "./solver.ts";

/**
 * Pyramid and TriPeaks (docs/catalogue.md): the covering layout, pairs, the goal of clearing the table and the
 * limited redeal, as rules of the family engine. Their moves are held to a move generator written here apart
 * from the engine (its own covering, worked out from the rows rather than the places), the solver to a plain
 * complete search on cut-down decks, and the notation and the boards to round trips and refusals.
 */

const PYRAMID = CATALOGUE_RULES.pyramid;
const TRI_PEAKS = CATALOGUE_RULES["tri-peaks"];
const game = (id: string) => COVERING_GAMES.find((g) => g.id === id) as FamilyGame;

/** A small random generator (mulberry32), for random play. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Positions of random play from deals 1-3 (up to 40 moves each, a few games a deal). */
function playedPositions(rules: FamilyRules, games = 3): FamilyState[] {
  const out: FamilyState[] = [];
  const next = random(7);
  for (let deal = 1; deal <= 3; deal++)
    for (let g = 0; g < games; g++) {
      let s = game(rules === PYRAMID ? "pyramid" : "tri-peaks").deal(deal, rules, "solvitaire");
      out.push(s);
      for (let k = 0; k < 40; k++) {
        const moves = legalMoves(s);
        if (moves.length === 0) break;
        s = apply(s, moves[Math.floor(next() * moves.length)]);
        out.push(s);
      }
    }
  return out;
}

// ---- A move generator written apart from the engine ----

/**
 * Which places cover which, from the rows: the pyramid's card i of row r is covered by cards i and i + 1 of row
 * r + 1; TriPeaks' peak tops by the two cards of their peak's second row, those by the two of the third row
 * under them, and the third row's card j by cards j and j + 1 of the bottom row.
 */
function pyramidCovers(rows: number): number[][] {
  const at = (r: number, i: number) => (r * (r + 1)) / 2 + i;
  const out: number[][] = [];
  for (let r = 0; r < rows; r++)
    for (let i = 0; i <= r; i++) out.push(r + 1 < rows ? [at(r + 1, i), at(r + 1, i + 1)] : []);
  return out;
}

function triPeaksCovers(): number[][] {
  const out: number[][] = [];
  for (let k = 0; k < 3; k++) out.push([3 + 2 * k, 4 + 2 * k]);
  for (let k = 0; k < 3; k++) out.push([9 + 3 * k, 10 + 3 * k], [10 + 3 * k, 11 + 3 * k]);
  for (let j = 0; j < 9; j++) out.push([18 + j, 19 + j]);
  for (let j = 0; j < 10; j++) out.push([]);
  return out;
}

interface Plain {
  piles: (Card | null)[];
  stock: Card[];
  waste: Card[];
  hole: Card | null;
  redealsLeft: number;
}

const plainOf = (s: FamilyState): Plain => ({
  piles: s.table.tableau.map((p) => (p.length > 0 ? p[0] : null)),
  stock: s.table.stock.slice(),
  waste: s.table.waste.slice(),
  hole: s.rules.hole ? s.table.hole[s.table.hole.length - 1] : null,
  redealsLeft: (s.rules.stock?.redealLimit ?? 0) - (s.table.redealt ?? 0),
});

/** The positions one move leads to, by the rules as docs/catalogue.md states them. */
function plainNext(p: Plain, covers: number[][], pyramid: boolean): Plain[] {
  const out: Plain[] = [];
  const free = p.piles.flatMap((c, i) =>
    c !== null && covers[i].every((q) => p.piles[q] === null) ? [i] : [],
  );
  if (pyramid) {
    // Places in play: free piles, the waste's top (-1), the stock's top (-2).
    const places: [number, Card][] = free.map((i) => [i, p.piles[i] as Card]);
    if (p.waste.length > 0) places.push([-1, p.waste[p.waste.length - 1]]);
    if (p.stock.length > 0) places.push([-2, p.stock[p.stock.length - 1]]);
    const without = (gone: number[]): Plain => {
      const q: Plain = { ...p, piles: p.piles.slice(), stock: p.stock.slice(), waste: p.waste.slice() };
      for (const g of gone) {
        if (g === -1) q.waste.pop();
        else if (g === -2) q.stock.pop();
        else q.piles[g] = null;
      }
      return q;
    };
    for (const [i, c] of places) if (rankOf(c) === 13) out.push(without([i]));
    for (let a = 0; a < places.length; a++)
      for (let b = a + 1; b < places.length; b++)
        if (rankOf(places[a][1]) + rankOf(places[b][1]) === 13)
          out.push(without([places[a][0], places[b][0]]));
    if (p.stock.length > 0)
      out.push({ ...p, stock: p.stock.slice(0, -1), waste: [...p.waste, p.stock[p.stock.length - 1]] });
    else if (p.waste.length > 0 && p.redealsLeft > 0)
      out.push({ ...p, stock: p.waste.slice().reverse(), waste: [], redealsLeft: p.redealsLeft - 1 });
    return out;
  }
  const h = rankOf(p.hole as Card);
  for (const i of free) {
    const r = rankOf(p.piles[i] as Card);
    if (Math.abs(r - h) === 1 || Math.abs(r - h) === 12) {
      const piles = p.piles.slice();
      piles[i] = null;
      out.push({ ...p, piles, hole: p.piles[i] });
    }
  }
  if (p.stock.length > 0) out.push({ ...p, stock: p.stock.slice(0, -1), hole: p.stock[p.stock.length - 1] });
  return out;
}

function plainPerft(p: Plain, depth: number, covers: number[][], pyramid: boolean): number {
  if (depth === 0) return 1;
  let n = 0;
  for (const q of plainNext(p, covers, pyramid)) n += plainPerft(q, depth - 1, covers, pyramid);
  return n;
}

function perft(s: FamilyState, depth: number): number {
  if (depth === 0) return 1;
  let n = 0;
  for (const m of legalMoves(s)) n += perft(apply(s, m), depth - 1);
  return n;
}

/** The engine's moves as positions of the plain generator, in a canonical text, sorted. */
const nextTexts = (s: FamilyState) =>
  legalMoves(s)
    .map((m) => JSON.stringify(plainOf(apply(s, m))))
    .sort();

describe("Pyramid and TriPeaks: the deal", () => {
  it("Pyramid: 28 piles of one card, a stock of 24, all face up; every card once", () => {
    const t = dealFamily(PYRAMID, 1);
    expect(t.tableau.map((p) => p.length)).toEqual(Array(28).fill(1));
    expect(t.stock).toHaveLength(24);
    expect(t.faceDown.every((n) => n === 0)).toBe(true);
    expect(t.redealt).toBe(0);
    expect([...t.tableau.flat(), ...t.stock].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 52 }, (_, c) => c),
    );
  });

  it("TriPeaks: 28 piles of one card, the 18 of the peaks face down, the 10 of the bottom row up; one card in the hole, 23 in the stock", () => {
    const t = dealFamily(TRI_PEAKS, 1);
    expect(t.tableau.map((p) => p.length)).toEqual(Array(28).fill(1));
    expect(t.faceDown).toEqual([...Array(18).fill(1), ...Array(10).fill(0)]);
    expect(t.hole).toHaveLength(1);
    expect(t.stock).toHaveLength(23);
    expect([...t.tableau.flat(), ...t.stock, ...t.hole].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 52 }, (_, c) => c),
    );
  });

  it("the pile order is the order of dealing: the shuffled deck's last card to pile 1 (the top)", () => {
    // The same cards, dealt by the rows of any 28 piles (Solvitaire's dealing, row by row).
    const rows = dealFamily(
      familyRules({ tableau: { piles: 28 }, foundations: false, stock: { size: 24 } }),
      4,
    );
    expect(dealFamily(PYRAMID, 4).tableau).toEqual(rows.tableau);
  });
});

describe("Pyramid and TriPeaks: the schema", () => {
  it("refuses a covering layout that does not fit its piles or builds, pairs with foundations, a redeal limit without redeals", () => {
    const bad: [FamilyRules, RegExp][] = [
      [{ ...PYRAMID, tableau: { ...PYRAMID.tableau, build: "suit" } }, /nothing builds/],
      [
        {
          ...PYRAMID,
          tableau: {
            ...PYRAMID.tableau,
            covering: { ...(PYRAMID.tableau.covering as Covering), places: [] },
          },
        },
        /a place for each pile/,
      ],
      [
        {
          ...PYRAMID,
          tableau: {
            ...PYRAMID.tableau,
            covering: {
              hidden: false,
              places: (PYRAMID.tableau.covering as Covering).places.map(
                (_, i) => [0, i === 1 ? 0 : i] as const,
              ),
            },
          },
        },
        /two piles at one place/,
      ],
      [{ ...PYRAMID, foundations: { start: "none", base: 1, removable: false, wholeSuits: false } }, /pairs/],
      [
        { ...PYRAMID, stock: { ...(PYRAMID.stock as NonNullable<FamilyRules["stock"]>), redeals: false } },
        /redeal limit/,
      ],
      [
        { ...PYRAMID, stock: { ...(PYRAMID.stock as NonNullable<FamilyRules["stock"]>), size: 23 } },
        /covering/,
      ],
      [{ ...PYRAMID, pairs: { total: 40 } }, /pairs total/],
    ];
    for (const [rules, why] of bad) expect(() => checkFamilyRules(rules)).toThrow(why);
    checkFamilyRules(PYRAMID);
    checkFamilyRules(TRI_PEAKS);
  });

  it("the packed position refuses them (the plain complete search plays them)", () => {
    expect(packedUnsupported(game("pyramid").deal(1, PYRAMID, "solvitaire"))).toMatch(/covering/);
    expect(packedUnsupported(game("tri-peaks").deal(1, TRI_PEAKS, "solvitaire"))).toMatch(/covering/);
  });
});

describe("Pyramid and TriPeaks: the moves, against a generator written apart", () => {
  for (const [id, rules, covers, depths] of [
    ["pyramid", PYRAMID, pyramidCovers(7), 4],
    ["tri-peaks", TRI_PEAKS, triPeaksCovers(), 5],
  ] as const) {
    const pyramid = id === "pyramid";
    it(`${id}: perft on deals 1-3 to depth ${depths}`, () => {
      for (let deal = 1; deal <= 3; deal++) {
        const s = game(id).deal(deal, rules, "solvitaire");
        for (let d = 1; d <= depths; d++)
          expect(perft(s, d), `deal ${deal} depth ${d}`).toBe(plainPerft(plainOf(s), d, covers, pyramid));
      }
    });

    it(`${id}: the same positions one move on, from positions of random play`, () => {
      for (const s of playedPositions(rules)) {
        const theirs = plainNext(plainOf(s), covers, pyramid)
          .map((p) => JSON.stringify(p))
          .sort();
        expect(nextTexts(s)).toEqual(theirs);
      }
    });
  }

  it("a covered card is refused with the piles still over it; a freed TriPeaks card turns face up", () => {
    const s = game("tri-peaks").deal(1, TRI_PEAKS, "solvitaire");
    expect(whyIllegal(s, { from: tableauPile(0), to: HOLE, count: 1 })).toBe(
      "that card is covered by piles 4 and 5",
    );
    // Clear piles 19 and 20 (the bottom row's first two) by hand: pile 10 over them turns up.
    const t = structuredClone(s.table);
    t.hole.push(...t.tableau[18].splice(0), ...t.tableau[19].splice(0));
    const cleared = apply({ ...s, table: t }, { from: STOCK, to: HOLE, count: 1 });
    expect(cleared.table.faceDown[9]).toBe(0);
    expect(cleared.table.faceDown[10]).toBe(1);
  });

  it("Pyramid's waste turns over twice and no more", () => {
    let s = game("pyramid").deal(2, PYRAMID, "solvitaire");
    const turn = () => {
      while (s.table.stock.length > 0) s = apply(s, { from: STOCK, to: WASTE, count: 1 });
      const redeal: FamilyMove = { from: WASTE, to: STOCK, count: s.table.waste.length };
      const why = whyIllegal(s, redeal);
      if (why === undefined) s = apply(s, redeal);
      return why;
    };
    expect(turn()).toBeUndefined();
    expect(turn()).toBeUndefined();
    expect(turn()).toMatch(/twice at most/);
    expect(s.table.redealt).toBe(2);
  });

  it("pairs: two cards that do not make 13 are refused, and so is a queen alone", () => {
    const s = game("pyramid").deal(1, PYRAMID, "solvitaire");
    // Deal 1: pile 22 is the 6D, pile 23 the 2C, pile 27 the AH, pile 28 the JD.
    expect(whyIllegal(s, { from: tableauPile(21), to: tableauPile(22), count: 2 })).toBe(
      "the six of diamonds and the two of clubs make 8, not 13",
    );
    expect(whyIllegal(s, { from: tableauPile(27), to: HOLE, count: 1 })).toMatch(
      /only a king goes out alone/,
    );
    expect(whyIllegal(s, { from: tableauPile(0), to: tableauPile(21), count: 2 })).toMatch(
      /covered by piles 2 and 3/,
    );
    expect(whyIllegal(s, { from: tableauPile(22), to: tableauPile(27), count: 2 })).toBeUndefined();
  });

  it("the key keeps the piles' places (a layout's piles are not a set)", () => {
    const s = game("pyramid").deal(1, PYRAMID, "solvitaire");
    const swapped = structuredClone(s.table);
    [swapped.tableau[21], swapped.tableau[22]] = [swapped.tableau[22], swapped.tableau[21]];
    expect(familyKey({ ...s, table: swapped })).not.toBe(familyKey(s));
  });

  it("Pyramid's automatic moves: a king in play goes out; a pair goes only when neither card has another partner left", () => {
    const s = game("pyramid").deal(1, PYRAMID, "solvitaire");
    const auto = autoMoves(s, "safe");
    expect(auto[0]).toEqual({ from: tableauPile(25), to: HOLE, count: 1 });
    for (const m of auto) expect(m.to.kind === "hole" || m.count === 2).toBe(true);
    expect(autoMoves(s, "none")).toEqual([]);
  });
});

describe("Pyramid and TriPeaks: notation and boards", () => {
  it("every legal move of random play written and read back as the same move", () => {
    for (const [id, rules] of [
      ["pyramid", PYRAMID],
      ["tri-peaks", TRI_PEAKS],
    ] as const) {
      const g = game(id);
      for (const s of playedPositions(rules, 2))
        for (const m of legalMoves(s)) expect(g.notation.parse(s, g.notation.format(s, m)), id).toEqual(m);
    }
  });

  it("Pyramid's notation: pairs by their two places, s the stock's top in a pair and its turn alone, o the discard", () => {
    const g = game("pyramid");
    const s = g.deal(1, PYRAMID, "solvitaire");
    expect(g.notation.parse(s, "23>28")).toEqual({ from: tableauPile(22), to: tableauPile(27), count: 2 });
    expect(g.notation.parse(s, "26>o")).toEqual({ from: tableauPile(25), to: HOLE, count: 1 });
    expect(g.notation.parse(s, "s")).toEqual({ from: STOCK, to: WASTE, count: 1 });
    expect(g.notation.parse(s, "sw")).toEqual({ from: STOCK, to: WASTE, count: 2 });
    expect(g.notation.format(s, { from: WASTE, to: STOCK, count: 2 })).toBe("ws");
    expect(() => g.notation.parse(s, "23>23")).toThrow(/two cards from two places/);
    expect(() => g.notation.parse(s, "23>28v2")).toThrow(/count/);
    expect(() => g.notation.parse(s, "o5")).toThrow(/discard/);
  });

  it("board text and JSON read back every position of random play", () => {
    for (const [id, rules] of [
      ["pyramid", PYRAMID],
      ["tri-peaks", TRI_PEAKS],
    ] as const) {
      const g = game(id);
      for (const s of playedPositions(rules, 2)) {
        const text = g.board.format(s);
        expect(g.board.parse(text, rules).table, text).toEqual(s.table);
        const json = JSON.parse(JSON.stringify(g.board.toJson(s, 1)));
        expect(g.board.fromJson(json, rules).table).toEqual(s.table);
      }
    }
  });

  it("boards refused: a card gone from under a card still there, two cards at a place, a |, too many redeals, a part the game lacks", () => {
    const g = game("pyramid");
    const s = g.deal(1, PYRAMID, "solvitaire");
    const text = g.board.format(s);
    const lines = text.split("\n");
    const pile = (i: number) => lines.findIndex((l) => l.startsWith(":")) + i;
    const withLine = (i: number, line: string) => lines.map((l, k) => (k === i ? line : l)).join("\n");
    // Pile 1 (the top) taken out with its card put in the discard while piles 2 and 3 are there.
    const top = formatCard(s.table.tableau[0][0]);
    const gone = withLine(pile(0), ":").replace("Discard: -", `Discard: ${top}`);
    expect(() => g.board.parse(gone, PYRAMID)).toThrow(/pile 1 is gone while pile 2, which covers it/);
    const second = formatCard(s.table.tableau[1][0]);
    const two = withLine(pile(0), `: ${top} ${second}`).replace(new RegExp(`^: ${second}$`, "m"), ":");
    expect(() => g.board.parse(two, PYRAMID)).toThrow(/a place holds one card|gone while/);
    expect(() => g.board.parse(withLine(pile(0), `: | ${top}`), PYRAMID)).toThrow(/one card, written alone/);
    expect(() => g.board.parse(text.replace("Redeals: 0", "Redeals: 3"), PYRAMID)).toThrow(/0 to 2/);
    expect(() => g.board.parse(`${text}Hole: AS\n`, PYRAMID)).toThrow(/no hole/);
    const t = game("tri-peaks");
    const ts = t.deal(1, TRI_PEAKS, "solvitaire");
    expect(() => t.board.parse(`${t.board.format(ts)}Discard: -\n`, TRI_PEAKS)).toThrow(/no discard/);
    const json = t.board.toJson(ts, 1) as Record<string, unknown>;
    expect(() => t.board.fromJson({ ...json, "face down": Array(28).fill(0) }, TRI_PEAKS)).toThrow(
      /follows from the rules/,
    );
    const pj = g.board.toJson(s, 1) as Record<string, unknown>;
    expect(() => g.board.fromJson({ ...pj, redeals: 5 }, PYRAMID)).toThrow(/0 to 2/);
    expect(parseCard(top)).toBe(s.table.tableau[0][0]);
  });
});

describe("Pyramid and TriPeaks: the table", () => {
  it("piles, lift, intent, quick moves and words", () => {
    const g = game("pyramid");
    const s = g.deal(1, PYRAMID, "solvitaire");
    const views = g.piles(s, "player");
    expect(views.find((v) => v.ref.kind === "hole")?.label).toBe("the discard");
    const stock = views.find((v) => v.ref.kind === "stock");
    expect(stock?.cards.at(-1)?.faceUp).toBe(true);
    expect(stock?.cards[0].faceUp).toBe(false);
    expect(g.lift(s, tableauPile(0), 0)).toBe(0); // covered
    expect(g.lift(s, tableauPile(22), 0)).toBe(1);
    expect(g.lift(s, tableauPile(25), 0)).toBe(0); // the KH goes out at a click
    expect(g.intent(s, tableauPile(22), tableauPile(27))).toEqual({
      move: { from: tableauPile(22), to: tableauPile(27), count: 2 },
    });
    expect(g.intent(s, tableauPile(21), tableauPile(22))).toEqual({
      reason: "The six of diamonds and the two of clubs make 8, not 13",
    });
    expect(g.quickMove(s, tableauPile(25))).toEqual({ move: { from: tableauPile(25), to: HOLE, count: 1 } });
    expect(g.quickMove(s, STOCK)).toEqual({ move: { from: STOCK, to: WASTE, count: 1 } });
    expect(g.describe(s, { from: tableauPile(22), to: tableauPile(27), count: 2 })).toBe(
      "the two of clubs (pile 23) and the jack of diamonds (pile 28) out as a pair",
    );
    const t = game("tri-peaks");
    const ts = t.deal(1, TRI_PEAKS, "solvitaire");
    const tv = t.piles(ts, "player");
    expect(tv.filter((v) => v.ref.kind === "cascade" && v.cards[0].card === null)).toHaveLength(18);
    expect(t.quickMove(ts, tableauPile(0))).toEqual({ reason: "Nothing can move from pile 1" });
    expect(t.quickMove(ts, STOCK)).toEqual({ move: { from: STOCK, to: HOLE, count: 1 } });
    expect(t.about).toMatch(/Clear the 28 cards of the table into the hole/);
    expect(g.about).toMatch(/twice at most \(3 passes\)/);
  });
});

// ---- Cut-down decks: the family solver against the plain complete search ----

/** Pyramid on ranks ace to 4: a pyramid of 3 rows, a stock of 10, pairs making 4 (a 4 alone), two redeals. */
const SMALL_PYRAMID: FamilyRules = {
  ...PYRAMID,
  highestRank: 4,
  pairs: { total: 4 },
  tableau: {
    ...PYRAMID.tableau,
    piles: 6,
    covering: {
      hidden: false,
      places: [0, 1, 2].flatMap((r) => Array.from({ length: r + 1 }, (_, i) => [r, 2 - r + 2 * i] as const)),
    },
  },
  stock: { ...(PYRAMID.stock as NonNullable<FamilyRules["stock"]>), size: 10 },
};

/** Pyramid on ranks ace to 6: a pyramid of 4 rows, a stock of 14, pairs making 7 (three pairs of ranks), two redeals. */
const PYRAMID_TO_6: FamilyRules = {
  ...SMALL_PYRAMID,
  highestRank: 6,
  pairs: { total: 7 },
  tableau: {
    ...PYRAMID.tableau,
    piles: 10,
    covering: {
      hidden: false,
      places: [0, 1, 2, 3].flatMap((r) =>
        Array.from({ length: r + 1 }, (_, i) => [r, 3 - r + 2 * i] as const),
      ),
    },
  },
  stock: { ...(PYRAMID.stock as NonNullable<FamilyRules["stock"]>), size: 14 },
};

/** TriPeaks on ranks ace to 5: two peaks of three rows sharing their bottom row, one card in the hole, a stock of 7. */
const SMALL_PEAKS: FamilyRules = {
  ...TRI_PEAKS,
  highestRank: 5,
  // Without king and ace meeting (on so small a deck nearly every deal wins when they do).
  hole: { base: "random", wraps: false },
  tableau: {
    ...TRI_PEAKS.tableau,
    piles: 12,
    covering: {
      hidden: true,
      places: [
        [0, 2],
        [0, 8],
        [1, 1],
        [1, 3],
        [1, 7],
        [1, 9],
        ...[0, 2, 4, 6, 8, 10].map((c) => [2, c] as const),
      ],
    },
  },
  stock: { ...(TRI_PEAKS.stock as NonNullable<FamilyRules["stock"]>), size: 7 },
};

describe("the family solver agrees with a plain complete search on cut-down decks", () => {
  for (const [name, rules] of [
    ["pyramid", SMALL_PYRAMID],
    [
      "pyramid to the 6, one pass",
      { ...PYRAMID_TO_6, stock: { size: 14, dealsTo: "waste", draw: 1, redeals: false, topInPlay: true } },
    ],
    ["tri-peaks", SMALL_PEAKS],
  ] as const) {
    it(name, () => {
      checkFamilyRules(rules);
      const g = familyGame(name, name, rules);
      const verdicts = new Set<string>();
      for (let deal = 1; deal <= 24; deal++) {
        const start = g.deal(deal, rules, "solvitaire");
        // Every position in full, but for the cards under the hole's top and in Pyramid's discard (they never
        // play again): by their number only, and the hole's top card.
        const text = (s: FamilyState) =>
          JSON.stringify({
            ...s.table,
            hole: [s.rules.pairs ? -1 : s.table.hole.at(-1), s.table.hole.length],
          });
        const plain = naiveSolve(g, start, text, 200_000);
        const family = solveFamily(start, { budget: { positions: 200_000 } });
        expect(plain.result, `deal ${deal}`).not.toBe("unknown");
        expect(family.result, `deal ${deal}`).toBe(plain.result);
        verdicts.add(family.result);
        if (family.result === "solved")
          expect(replaysToWin(g, start, family.moves), `deal ${deal}`).toBe(true);
      }
      // Both verdicts met, so the test can tell a wrong pruning from a right one.
      expect([...verdicts].sort()).toEqual(["solved", "unsolvable"]);
    });
  }
});

describe("Pyramid's bound: a card whose every partner left lies over it (or none is left) proves the deal lost", () => {
  it("is never wrong: every position it calls lost, on the cut-down deck, has no win by the plain complete search", () => {
    const g = familyGame("pyramid", "pyramid", SMALL_PYRAMID);
    const next = random(11);
    const text = (s: FamilyState) => JSON.stringify({ ...s.table, hole: s.table.hole.length });
    let lost = 0;
    let open = 0;
    for (let deal = 1; deal <= 150; deal++) {
      let s = g.deal(deal, SMALL_PYRAMID, "solvitaire");
      for (let k = 0; k < 12; k++) {
        if (provedLost(s)) {
          expect(naiveSolve(g, s, text, 200_000).result, `deal ${deal} move ${k}`).toBe("unsolvable");
          lost++;
        } else open++;
        const moves = legalMoves(s);
        if (moves.length === 0 || isWon(s)) break;
        s = apply(s, moves[Math.floor(next() * moves.length)]);
      }
    }
    // Positions of both kinds met.
    expect(lost).toBeGreaterThan(10);
    expect(open).toBeGreaterThan(10);
  });

  it("the packed search's bound (that one, Hall's condition for each rank and its partners, the order bound) is never wrong either, and proves more", () => {
    checkFamilyRules(PYRAMID_TO_6);
    const g = familyGame("pyramid", "pyramid", PYRAMID_TO_6);
    const domain = new PackedCovering(PYRAMID_TO_6);
    const next = random(13);
    const text = (s: FamilyState) => JSON.stringify({ ...s.table, hole: s.table.hole.length });
    let lost = 0;
    let more = 0;
    // Positions the order bound proves lost and the engine's bound does not.
    let byOrder = 0;
    let open = 0;
    for (let deal = 1; deal <= 40; deal++) {
      let s = g.deal(deal, PYRAMID_TO_6, "solvitaire");
      for (let k = 0; k < 12; k++) {
        domain.load(s);
        if (domain.provedLost()) {
          expect(naiveSolve(g, s, text, 200_000).result, `deal ${deal} move ${k}`).toBe("unsolvable");
          lost++;
          if (!provedLost(s)) more++;
          if (domain.deadlocked() && !provedLost(s)) byOrder++;
        } else open++;
        // The engine's bound is the packed bound's first part.
        if (provedLost(s)) expect(domain.provedLost()).toBe(true);
        const moves = legalMoves(s);
        if (moves.length === 0 || isWon(s)) break;
        s = apply(s, moves[Math.floor(next() * moves.length)]);
      }
    }
    expect(lost).toBeGreaterThan(10);
    expect(more).toBeGreaterThan(5);
    expect(byOrder).toBeGreaterThan(3);
    expect(open).toBeGreaterThan(10);
  });

  it("proves Pyramid deals 1, 7 and 18 lost as dealt (a card under all four of its partners), not deal 3 (won)", () => {
    const deal = (n: number) => game("pyramid").deal(n, PYRAMID, "solvitaire");
    expect([1, 7, 18].map((n) => provedLost(deal(n)))).toEqual([true, true, true]);
    expect(provedLost(deal(3))).toBe(false);
    expect(provedLost(game("tri-peaks").deal(1, TRI_PEAKS, "solvitaire"))).toBe(false);
  });
});

for (const g of COVERING_GAMES) {
  describe(`${g.title} conformance`, () => {
    conformance(g, { deals: [1, 2], playouts: { games: 1, moves: 30 } });
  });
}
