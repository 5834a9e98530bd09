import { describe, expect, it } from "vitest";
import { Prng } from "../../cards/random.ts";
import { commitments } from "../patience/hindsight.ts";
import { consistentDeals } from "../patience/knowledge.ts";
import { movesNotation } from "../patience/solution.ts";
import { checkSolution } from "../patience/verify.ts";
import { bestBlindMove, chooseLine, KLONDIKE_HINDSIGHT, playBlind } from "./blind.ts";
import { parseBoard } from "./board-text.ts";
import { klondike } from "./index.ts";
import { klondikeKnowledge, seen } from "./knowledge.ts";
import { formatMove } from "./notation.ts";
import { applyMove, autoMoves, dealKlondike, type KlondikeState, makeRules } from "./rules.ts";
import { solveKlondike } from "./solver.ts";

/** Few samples (the player's default commitments: every reveal within 30 positions reached without one). */
const quick = { samples: 4, positions: 3000 };
/** The same, weighing only the samples' wins' lines and the reveals that can be made now. */
const narrow = { ...quick, explore: 0 };

/** The position after the first `count` moves of the thoughtful solver's win of a deal (or where `stop` says). */
function along(deal: number, draw: number, count: number, stop = (_: KlondikeState) => false): KlondikeState {
  let state = dealKlondike(deal, makeRules({ draw }), "solvitaire");
  const win = solveKlondike(state, { budget: { positions: 100_000 } });
  expect(win.result).toBe("solved");
  for (const m of win.moves.slice(0, count)) {
    if (stop(state)) break;
    state = applyMove(state, m);
  }
  return state;
}

const settle = (s: KlondikeState) => autoMoves(s, "safe").reduce(applyMove, s);

describe("the blind player", () => {
  it.each([
    ["", quick],
    [", weighing only the wins' lines and the reveals of now", narrow],
  ])(
    "never reads a hidden card%s: deals that differ only where the player cannot see get the same moves",
    (_, options) => {
      const a = dealKlondike(7, makeRules({ draw: 3 }), "solvitaire");
      const view = seen(a);
      // The same deal with its unseen cards in the reverse order: face-down cards and stock alike.
      let b = klondikeKnowledge.fill(view, view.unseen.slice().reverse());
      expect(b).not.toEqual(a);
      let s = a;
      const pa = new Prng(5);
      const pb = new Prng(5);
      let compared = 0;
      while (JSON.stringify(seen(s)) === JSON.stringify(seen(b)) && compared < 8) {
        const ca = chooseLine(seen(s), options, pa);
        const cb = chooseLine(seen(b), options, pb);
        expect(cb).toEqual(ca);
        compared++;
        if (ca.move === undefined) break;
        for (const m of ca.line) {
          s = settle(applyMove(s, m));
          b = settle(applyMove(b, m));
        }
      }
      expect(compared).toBeGreaterThan(0);
    },
  );

  it("gives the chance to win from here as exhaustive enumeration does, within its interval", () => {
    // Drawing one, deal 6 (Solvitaire) after 153 moves of its win: 4 cards unseen, 18 of their 24 orders won.
    const state = along(6, 1, 153);
    const view = seen(state);
    expect(view.unseen).toHaveLength(4);
    let won = 0;
    let all = 0;
    for (const deal of consistentDeals(klondikeKnowledge, view)) {
      all++;
      if (solveKlondike(deal, { budget: { positions: 200_000 } }).result === "solved") won++;
    }
    expect([won, all]).toEqual([18, 24]);
    const { chance } = bestBlindMove(state, { samples: 240, maxSamples: 240, seed: 3 });
    expect(chance.samples).toBe(240);
    expect(chance.unknown).toBe(0);
    expect(chance.low).toBeLessThanOrEqual(won / all);
    expect(chance.high).toBeGreaterThanOrEqual(won / all);
  });

  it("with nothing unseen solves the one deal there is and plays its win to the end", () => {
    // Drawing three, deal 7 (Solvitaire): every card is seen after 79 moves of its win, 35 cards not home.
    const state = settle(along(7, 3, 1000, (s) => seen(s).unseen.length === 0));
    expect(seen(state).unseen).toHaveLength(0);
    expect(klondike.isWon(state)).toBe(false);
    const choice = bestBlindMove(state);
    expect(choice.line.length).toBeGreaterThan(0);
    expect(choice.chance).toMatchObject({ wins: 1, samples: 1 });
    let s = state;
    for (const m of choice.line) s = settle(applyMove(s, m));
    expect(klondike.isWon(s)).toBe(true);
  });

  it.each([
    ["", quick],
    [", an undecided sample worth half", { ...quick, undecidedWeight: 0.5 }],
    [", weighing only the wins' lines and the reveals of now", narrow],
  ])(
    "plays a game whose moves replay through the verifier to what it says%s, the same with the same seed",
    (_, options) => {
      const start = dealKlondike(13, makeRules({ draw: 3 }), "solvitaire");
      const game = playBlind(start, { ...options, seed: 9 });
      expect(game.stats.decisions).toBeGreaterThan(0);
      const check = checkSolution(klondike, start, movesNotation(klondike, start, game.moves), "none");
      expect(check).toMatchObject({ valid: true, won: game.won });
      expect(playBlind(start, { ...options, seed: 9 }).moves).toEqual(game.moves);
    },
  );

  it("stops deciding samples at a decision's time limit, counting the rest undecided (hints answer at once)", () => {
    const start = settle(dealKlondike(13, makeRules({ draw: 3 }), "solvitaire"));
    const free = bestBlindMove(start, quick);
    expect(free.chance.unknown).toBeLessThan(free.chance.samples);
    // A clock that moves a second at every reading: the limit is past before the first search.
    let t = 0;
    const late = bestBlindMove(start, { ...quick, ms: 500, now: () => (t += 1000) });
    expect(late.chance).toMatchObject({ wins: 0, unknown: late.chance.samples });
    expect(late.chance.high).toBe(1);
  });

  it("choosing among commitments weighs lines that reveal a card after moves that reveal none", () => {
    // Drawing three, deal 13 (Solvitaire) at the start: the reveals of the first position and of those reached from
    // it without one, each a line of its own beside the samples' wins.
    const start = settle(dealKlondike(13, makeRules({ draw: 3 }), "solvitaire"));
    const plain = chooseLine(seen(start), narrow, new Prng(2));
    const wide = chooseLine(seen(start), quick, new Prng(2));
    expect(wide.candidates).toBeGreaterThan(plain.candidates);
    // Whatever it plays is a line of moves that reveal nothing, ended by one that reveals a card.
    let s = start;
    const unseen = seen(start).unseen.length;
    for (const m of wide.line.slice(0, -1)) {
      s = settle(applyMove(s, m));
      expect(seen(s).unseen).toHaveLength(unseen);
    }
    expect(seen(settle(applyMove(s, wide.line[wide.line.length - 1]))).unseen.length).toBeLessThan(unseen);
  });
});

describe("the blind player's commitments", () => {
  // Drawing three, the stock known (one pass made): the seven of hearts comes to hand on the third turn; played on
  // the eight of spades, it takes the six of clubs, which turns up the card under it. Nothing else but the stock's
  // turns and kings into empty piles can be played.
  const board = [
    "Foundations: D-K S-6 H-5 C-4",
    "Stock: 7H 8C QS 9S TS JS 7C",
    "Waste:",
    "Recycles: 1",
    ": 8S",
    ": 5C | 6C",
    ":",
    ": JC QC 8H | KH",
    ": 9H TH JH QH | KS",
    ": 7S 6H 9C TC | KC",
    ":",
  ].join("\n");
  const start = parseBoard(board, makeRules({ draw: 3, fromFoundation: false }));
  const reveals = (game: typeof KLONDIKE_HINDSIGHT, explore: number) =>
    commitments(game, start, "safe", explore).map((c) => c.line.map((m) => formatMove(start, m)).join(" "));

  it("play a card the stock's turns bring to hand as one step, as a player would", () => {
    const lines = commitments(KLONDIKE_HINDSIGHT, start, "safe", 2);
    const deep = lines.find((c) => {
      const last = c.line[c.line.length - 1];
      return (
        last.from.kind === "cascade" &&
        last.from.index === 1 &&
        last.to.kind === "cascade" &&
        last.to.index === 0
      );
    });
    expect(deep?.line.map((m) => `${m.from.kind}>${m.to.kind}`)).toEqual([
      "stock>waste",
      "stock>waste",
      "stock>waste",
      "waste>cascade",
      "cascade>cascade",
    ]);
    // It reveals the five of clubs, in every sample alike.
    const after = deep!.line.reduce((s, m) => settle(applyMove(s, m)), start);
    expect(after.faceDown[1]).toBe(0);
    // Without the turns as one step, the same search within two positions does not reach it: it visits the first
    // turn as a position of its own.
    const { turn: _t, plays: _p, ...plain } = KLONDIKE_HINDSIGHT;
    expect(reveals(plain, 2).some((l) => l.endsWith(formatMove(start, deep!.line[4])))).toBe(false);
    expect(reveals(KLONDIKE_HINDSIGHT, 2).length).toBeGreaterThan(reveals(plain, 2).length);
  });

  it("turn nothing as one step where the turns reveal cards or use up passes", () => {
    const unseen = parseBoard(
      board.replace("Recycles: 1", "Recycles: 0"),
      makeRules({ draw: 3, fromFoundation: false }),
    );
    expect(KLONDIKE_HINDSIGHT.turn?.(unseen)).toBeDefined();
    // Before the first turn-over the stock is unseen: its first turn is a reveal, a commitment of its own.
    const lines = commitments(KLONDIKE_HINDSIGHT, unseen, "safe", 2);
    expect(lines.some((c) => c.line.length === 1 && c.line[0].from.kind === "stock")).toBe(true);
    expect(lines.every((c) => c.line.filter((m) => m.from.kind === "stock").length <= 1)).toBe(true);
    const limited = parseBoard(board, makeRules({ draw: 3, passes: 3, fromFoundation: false }));
    expect(KLONDIKE_HINDSIGHT.turn?.(limited)).toBeUndefined();
  });
});
