import { type Card, rankOf, suitOf } from "../../cards/card.ts";
import { BudgetMeter } from "../../search/budget.ts";
import { KeySet } from "../../search/key-set.ts";
import { replayer, solveByPlan } from "../../search/kit.ts";
import type { SolveResult } from "../../search/result.ts";
import { TeamDepthFirst } from "../../search/team-depth-first.ts";
import type { AutoPolicy, SolveOptions } from "../patience/contract.ts";
import { blockedReason } from "./blocked.ts";
import { KlondikePosition, type PackedMove } from "./packed.ts";
import {
  applyMove,
  autoMoves,
  canGoHome,
  cardsInState,
  fits,
  foundation,
  isWon,
  type KlondikeMove,
  type KlondikeState,
  PILES,
  pile,
  STOCK,
  WASTE,
} from "./rules.ts";

/**
 * Klondike's solver: a complete depth-first search (two walks in opposite move orders, sharing one table) over the
 * packed position of `packed.ts` (the face-up cards as a set, the stock as the set of cards some turns would show,
 * safe moves home forced), with every position kept in a typed-array table. It answers `solved` with every engine move written out, `unsolvable` only when the
 * search ran out of positions or blocked.ts proves the position lost without one, and `unknown` when a budget ran
 * out.
 */
export function solveKlondike(
  state: KlondikeState,
  options: SolveOptions = {},
  /** Whether a blocked position is answered without a search (off: the tests hold the proofs to the search). */
  proofs = true,
): SolveResult<KlondikeMove> {
  if (options.objective !== undefined && options.objective !== "win") {
    if (options.objective === "max-score") {
      // The game's solver entry (index.ts) sends this objective to the score search of max-score.ts.
      throw new RangeError('the max-score objective is searched by solveMaxScore of "./max-score.ts"');
    }
    throw new RangeError(
      `Klondike's solver knows the objectives "win" and "max-score", not ${options.objective}`,
    );
  }
  checkWhole(state);
  // The clock read every 4096 positions, not 256: a CPU clock (process.cpuUsage) read that often took 8% of a long
  // search, and 4096 positions take a few milliseconds.
  const meter = new BudgetMeter(options.budget ?? {}, options.now, 4096);
  const policy = options.policy ?? "safe";
  // The game makes its automatic moves on the deal before any turn: the search starts where the player does.
  let root = state;
  const opening: KlondikeMove[] = [];
  for (const m of autoMoves(state, policy)) {
    opening.push(m);
    root = applyMove(root, m);
  }
  // A position blocked at the start (blocked.ts: a card that can never get home) needs no search.
  const blocked = proofs ? blockedReason(root) : undefined;
  if (blocked !== undefined) {
    return {
      result: "unsolvable",
      moves: [],
      stats: {
        positions: 0,
        expanded: 0,
        ms: meter.elapsed(),
        bytes: 0,
        phases: [],
        searched: `proof without search (${blocked})`,
      },
      reason: `no sequence of moves wins: ${blocked}`,
      proof: blocked,
    };
  }
  // Two walks over one table, one trying each position's moves in the other's reverse order: a deal with a win
  // ends when either finds it (a wrong first choice of one order costs a whole lost subtree, and the other order
  // rarely makes the same one), and a deal without one costs what one walk costs, every position stored once.
  const domains = [new KlondikePosition(root.rules), new KlondikePosition(root.rules)];
  // Only whether a position was seen matters here: a set of bare keys holds about twice the positions of a
  // StateTable in the same bytes.
  const table = new KeySet(domains[0].keyWords, undefined, 1024, domains[0].nearField);
  const search = new TeamDepthFirst(domains, "complete", [0, 0], TURN, { table, reversed: [false, true] });
  for (const domain of domains) domain.attach(table);
  return solveByPlan({
    // Progress is reported every 200,000 positions.
    phases: [{ entries: [{ runner: search, first: 200_000, quantum: 200_000 }] }],
    root,
    meter,
    translate: (by) => {
      try {
        const { moves: path, domain } = by.path();
        return [...opening, ...translate(domain as KlondikePosition, root, path, policy)];
      } catch (error) {
        if (policy !== "all") throw error;
        // Under "all" the game sends home every card it can, which a win found may need on a pile.
        return (
          "a win exists, but the one found keeps a card off its foundation that the automatic moves of the " +
          'policy "all" send home; play with the policy "safe" or "none" to follow it'
        );
      }
    },
    replay: replayer(state, applyMove, isWon),
    searched: searchedWords(root),
    onProgress: options.onProgress,
  });
}

/** Positions a walk stores in its turn before the other goes on. */
const TURN = 2000;

function searchedWords(state: KlondikeState): string {
  const { rules } = state;
  const passes =
    rules.passes === null ? "unlimited passes" : `${rules.passes} ${rules.passes === 1 ? "pass" : "passes"}`;
  return (
    `complete search of every position (draw ${rules.draw}, ${passes}, ` +
    `${rules.fromFoundation ? "cards may come back off the foundations" : "cards stay home"}; every card known), ` +
    "pruned only by proven dominances: safe moves home, runs moved between twins counted once, stock cards " +
    "played as soon as turned"
  );
}

/** Refuses a position that is not a whole Klondike position (the solver's verdicts mean nothing for it). */
function checkWhole(state: KlondikeState): void {
  const cards = cardsInState(state);
  if (cards.length !== 52 || new Set(cards).size !== 52) {
    throw new RangeError("the solver needs a whole Klondike position: all 52 cards, each once");
  }
}

/** Finds a card in the piles: [pile, index], or undefined. */
function findInPiles(state: KlondikeState, c: Card): [number, number] | undefined {
  for (let p = 0; p < PILES; p++) {
    const i = state.piles[p].indexOf(c);
    if (i >= 0) return [p, i];
  }
  return undefined;
}

/** A pile the card may be put on: one whose top it fits, or an empty one for a king. */
function landing(state: KlondikeState, c: Card, except = -1): number {
  for (let p = 0; p < PILES; p++) {
    if (p === except) continue;
    const cards = state.piles[p];
    if (cards.length === 0 ? rankOf(c) === 13 : fits(c, cards[cards.length - 1])) return p;
  }
  throw new Error(`internal error: no pile takes the card ${c}`);
}

/** The concrete position a solution is written on: each move played, then the policy's automatic moves. */
class Table {
  constructor(
    public s: KlondikeState,
    readonly policy: AutoPolicy,
    readonly out: KlondikeMove[],
  ) {}

  play(move: KlondikeMove): void {
    this.out.push(move);
    this.s = applyMove(this.s, move);
    for (const a of autoMoves(this.s, this.policy)) {
      this.out.push(a);
      this.s = applyMove(this.s, a);
    }
  }

  private isHome(c: Card): boolean {
    return this.s.foundations[suitOf(c)] >= rankOf(c);
  }

  /** Turns stock cards (and the waste over) until `c` is the waste's top card. */
  private turnTo(c: Card): void {
    for (let guard = 0; this.s.waste[this.s.waste.length - 1] !== c && !this.isHome(c); guard++) {
      const s = this.s;
      if (guard > 200) throw new Error("internal error: a stock card the solver played cannot be turned up");
      this.play(
        s.stock.length > 0
          ? { from: STOCK, to: WASTE, count: Math.min(s.rules.draw, s.stock.length) }
          : { from: WASTE, to: STOCK, count: s.waste.length },
      );
    }
  }

  /** The engine moves of one solver move. */
  expand(m: PackedMove): void {
    switch (m.kind) {
      case "stock-home":
        if (this.isHome(m.card)) return; // the game sent it home by itself
        this.turnTo(m.card);
        if (this.isHome(m.card)) return;
        this.play({ from: WASTE, to: foundation(suitOf(m.card)), count: 1 });
        return;
      case "stock-pile":
        this.turnTo(m.card);
        this.play({ from: WASTE, to: pile(landing(this.s, m.card)), count: 1 });
        return;
      case "pile-home": {
        if (this.isHome(m.card)) return;
        const at = findInPiles(this.s, m.card);
        if (!at) throw new Error("internal error: the card to send home is not on a pile");
        const [p, i] = at;
        const above = this.s.piles[p].length - 1 - i;
        if (above > 0) {
          // Its twin is uncovered: the run on the card moves there first.
          const twin = (m.card & ~3) | (3 - (m.card & 3));
          const t = findInPiles(this.s, twin);
          if (!t || t[1] !== this.s.piles[t[0]].length - 1)
            throw new Error("internal error: neither twin is uncovered");
          this.play({ from: pile(p), to: pile(t[0]), count: above });
          if (this.isHome(m.card)) return;
        }
        this.play({ from: pile(p), to: foundation(suitOf(m.card)), count: 1 });
        return;
      }
      case "base": {
        const s = this.s;
        const p = m.pile as number;
        if (s.piles[p][s.faceDown[p]] !== m.card)
          throw new Error("internal error: the base is not where it was");
        this.play({
          from: pile(p),
          to: pile(landing(s, m.card, p)),
          count: s.piles[p].length - s.faceDown[p],
        });
        return;
      }
      case "recycle": {
        // Turn the rest of the stock, then the waste over.
        while (this.s.stock.length > 0) {
          this.play({ from: STOCK, to: WASTE, count: Math.min(this.s.rules.draw, this.s.stock.length) });
        }
        this.play({ from: WASTE, to: STOCK, count: this.s.waste.length });
        return;
      }
      case "foundation-pile":
        this.play({ from: foundation(suitOf(m.card)), to: pile(landing(this.s, m.card)), count: 1 });
        return;
    }
  }

  /** Plays a position whose cards are all face up (and whose stock is at hand) to the end: the lowest card first. */
  finish(): void {
    for (let guard = 0; !isWon(this.s); guard++) {
      const s = this.s;
      if (guard > 60) throw new Error("internal error: a position the solver counted as won does not finish");
      let best = -1;
      for (let suit = 0; suit < 4; suit++) {
        if (s.foundations[suit] < 13 && (best < 0 || s.foundations[suit] < s.foundations[best])) best = suit;
      }
      const c = s.foundations[best] * 4 + best;
      if (s.stock.includes(c) || s.waste.includes(c)) {
        this.turnTo(c);
        if (!this.isHome(c)) this.play({ from: WASTE, to: foundation(best), count: 1 });
        continue;
      }
      const at = findInPiles(s, c);
      if (!at || !canGoHome(s, c) || at[1] !== s.piles[at[0]].length - 1) {
        throw new Error("internal error: the lowest card left is not free");
      }
      this.play({ from: pile(at[0]), to: foundation(best), count: 1 });
    }
  }
}

/**
 * The engine's moves for a path of packed moves from `root`, forced moves and the finish written out. Under a
 * policy, the automatic moves the game makes after each move are written out where the game makes them, and a
 * solver move the game has already made is left out, so the list plays the same with the policy or without.
 */
export function translate(
  domain: KlondikePosition,
  root: KlondikeState,
  path: readonly number[],
  policy: AutoPolicy = "none",
  finishWin = true,
): KlondikeMove[] {
  const out: KlondikeMove[] = [];
  const buffer = new Int32Array(256);
  const table = new Table(root, policy, out);
  const playForced = (after: number) => {
    const end = domain.forced(after, buffer, 0);
    for (let i = end - 1; i >= 0; i--) domain.undo(buffer[i]);
    for (let i = 0; i < end; i++) {
      table.expand(domain.toMove(buffer[i]));
      domain.apply(buffer[i]);
    }
  };
  domain.load(root);
  playForced(-1);
  for (const m of path) {
    table.expand(domain.toMove(m));
    domain.apply(m);
    playForced(m);
  }
  if (finishWin) table.finish();
  return out;
}
