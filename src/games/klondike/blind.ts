import { Prng } from "../../cards/random.ts";
import { BudgetMeter } from "../../search/budget.ts";
import { KeySet } from "../../search/key-set.ts";
import { TeamDepthFirst } from "../../search/team-depth-first.ts";
import type { AutoPolicy } from "../patience/contract.ts";
import {
  type BlindChoice,
  type BlindGame,
  type BlindOptions,
  type BlindPlayer,
  type SampleShare,
  type SeenPosition,
  sampleDeal,
} from "../patience/knowledge.ts";
import { wilson } from "../patience/wilson.ts";
import { blockedReason } from "./blocked.ts";
import { klondikeKnowledge, seen } from "./knowledge.ts";
import { KlondikePosition, type PackedMove } from "./packed.ts";
import {
  applyMove,
  autoMoves,
  isWon,
  type KlondikeMove,
  type KlondikeRules,
  type KlondikeState,
  legalMoves,
  whyIllegal,
} from "./rules.ts";
import { translate } from "./solver.ts";

/**
 * The blind player: Klondike played seeing only what a player sees (knowledge.ts), by hindsight optimisation.
 *
 * At each decision it draws deals consistent with what is seen (the unseen cards in random order), decides each
 * with the thoughtful solver's search under a small budget of positions, and plays the line that wins in the most
 * of them. A decision is a **line**: moves that reveal nothing (their outcome is the same in every sample), then
 * one move that reveals a card (turns up a face-down card, or turns unseen stock cards), or else a win to the end.
 * Between two reveals the player learns nothing, so it decides only once per reveal.
 *
 * The candidate lines are the first lines of the wins the solver finds in the samples (the positions they reach
 * before their reveal told apart by what a player sees there), and every single move that reveals a card now.
 * Each candidate is played out in every sample to its reveal and the position decided there: a candidate's score
 * is the samples it wins. Where the two best stay close, more samples are drawn (up to `maxSamples`). With
 * nothing unseen, the one deal there is is solved with a larger budget and its win played to the end.
 *
 * The player never reads a hidden card: everything it does depends on the seen position, the seed and the
 * outcomes of its own samples. The real position is used only to play the chosen moves (`playBlind`).
 */

const DEFAULTS = {
  seed: 1,
  samples: 16,
  positions: 10_000,
  exactPositions: 2_000_000,
  policy: "safe" as const,
};

type Verdict = "won" | "lost" | "unknown";

/**
 * The thoughtful solver's search (solver.ts's, the same domain, table and walks), kept and reused across samples:
 * one table cleared between searches, no engine replay of a win unless its moves are asked for.
 */
export class SampleSolver {
  private readonly domains: KlondikePosition[];
  private readonly search: TeamDepthFirst<KlondikeState, PackedMove>;
  solves = 0;
  positions = 0;

  constructor(rules: KlondikeRules) {
    this.domains = [new KlondikePosition(rules), new KlondikePosition(rules)];
    const table = new KeySet(this.domains[0].keyWords, undefined, 1024, this.domains[0].nearField);
    this.search = new TeamDepthFirst(this.domains, "complete", [0, 0], 2000, {
      table,
      reversed: [false, true],
    });
    for (const d of this.domains) d.attach(table);
  }

  /** Whether `state` (automatic moves made) can be won, within `positions`; with `line`, the win's engine moves. */
  decide(
    state: KlondikeState,
    positions: number,
    policy: AutoPolicy,
    line = false,
  ): {
    verdict: Verdict;
    moves?: KlondikeMove[];
  } {
    this.solves++;
    if (isWon(state)) return { verdict: "won", moves: [] };
    if (blockedReason(state) !== undefined) return { verdict: "lost" };
    const meter = new BudgetMeter({ positions }, undefined, 4096);
    const search = this.search;
    search.begin(state, meter);
    let outcome = search.outcome;
    while (outcome === "capped") outcome = search.resume(meter.positions + 100_000);
    this.positions += search.positions;
    if (outcome === "solved") {
      if (!line) return { verdict: "won" };
      const { moves, domain } = search.path();
      try {
        return { verdict: "won", moves: translate(domain as KlondikePosition, state, moves, policy) };
      } catch (error) {
        // Under "all" the game sends home every card it can, which the win found may need on a pile (solver.ts
        // says the same): the sample is won, but its line cannot be followed.
        if (policy !== "all") throw error;
        return { verdict: "won" };
      }
    }
    return { verdict: outcome === "exhausted" ? "lost" : "unknown" };
  }
}

/** A state with the policy's automatic moves made; the moves appended to `out`. */
function settle(state: KlondikeState, policy: AutoPolicy, out?: KlondikeMove[]): KlondikeState {
  let s = state;
  for (const m of autoMoves(s, policy)) {
    out?.push(m);
    s = applyMove(s, m);
  }
  return s;
}

/** Cards unseen by the player in a position (face-down cards, and the stock before its first turn-over). */
const unseenCount = (state: KlondikeState): number =>
  state.faceDown.reduce((a, b) => a + b, 0) + (state.recycles > 0 ? 0 : state.stock.length);

/** A key of what a player sees (the passes made only where they are limited; the score left out). */
function seenKey(state: KlondikeState): string {
  const v = seen(state).position;
  const passes = state.rules.passes === null ? "" : `#${state.recycles}`;
  return `${JSON.stringify([v.piles, v.faceDown, v.stock, v.waste, v.foundations])}${passes}`;
}

/**
 * The player moves of a win written out (automatic moves after each left out), cut after the first that reveals
 * a card: the line a decision plays. `reveals` is false when the whole win reveals nothing.
 */
function firstLine(
  start: KlondikeState,
  win: readonly KlondikeMove[],
  policy: AutoPolicy,
): { line: KlondikeMove[]; reveals: boolean; before: KlondikeState } {
  const line: KlondikeMove[] = [];
  let s = start;
  let i = 0;
  while (i < win.length) {
    const before = s;
    const m = win[i++];
    line.push(m);
    s = applyMove(s, m);
    const autos = autoMoves(s, policy);
    for (const a of autos) s = applyMove(s, a);
    // The automatic moves are written out in the win after the move that led to them.
    i += autos.length;
    if (unseenCount(s) < unseenCount(before)) return { line, reveals: true, before };
  }
  return { line, reveals: false, before: s };
}

/** Plays a line's player moves in a sample, each followed by the automatic moves; undefined if one is illegal. */
function playLine(state: KlondikeState, line: readonly KlondikeMove[], policy: AutoPolicy) {
  let s = state;
  for (const m of line) {
    s = settle(applyMove(s, m), policy);
  }
  return s;
}

interface Candidate {
  line: KlondikeMove[];
  key: string;
  /** Samples whose first win began with this line. */
  votes: number;
  verdicts: Verdict[];
  wins: number;
}

const share = (wins: number, unknown: number, samples: number): SampleShare => ({
  wins,
  unknown,
  samples,
  ...wilson(wins, samples),
});

/** The moves a player can make now that reveal a card (seen in any sample: they depend only on the seen cards). */
function revealingMoves(sample: KlondikeState, policy: AutoPolicy): KlondikeMove[] {
  const before = unseenCount(sample);
  const out: KlondikeMove[] = [];
  for (const m of legalMoves(sample)) {
    if (unseenCount(settle(applyMove(sample, m), policy)) < before) out.push(m);
  }
  return out;
}

/**
 * The blind player's choice in a position as a player sees it (never the position itself): the line to play,
 * with the chance to win from here. `prng` draws the samples; `solver` is reused across calls.
 */
export function chooseLine(
  view: SeenPosition<KlondikeState>,
  options: BlindOptions,
  prng: Prng,
  solver: SampleSolver = new SampleSolver(view.position.rules),
): BlindChoice<KlondikeMove> {
  const policy = options.policy ?? DEFAULTS.policy;
  const positions = options.positions ?? DEFAULTS.positions;
  const base = Math.max(1, options.samples ?? DEFAULTS.samples);
  const most = Math.max(base, options.maxSamples ?? base * 4);
  const solves0 = solver.solves;
  const positions0 = solver.positions;
  const done = (
    move: KlondikeMove | undefined,
    line: KlondikeMove[],
    chance: SampleShare,
    lineChance: SampleShare,
    candidates: number,
  ): BlindChoice<KlondikeMove> => ({
    move,
    line,
    chance,
    lineChance,
    candidates,
    solves: solver.solves - solves0,
    positions: solver.positions - positions0,
  });

  if (view.unseen.length === 0) {
    // One deal only: solve it properly and play the win to the end.
    const state = klondikeKnowledge.fill(view, []);
    const r = solver.decide(state, options.exactPositions ?? DEFAULTS.exactPositions, policy, true);
    const won = r.verdict === "won" ? 1 : 0;
    const exact = share(won, r.verdict === "unknown" ? 1 : 0, 1);
    if (!r.moves) return done(undefined, [], exact, exact, 0);
    const all = wholeLine(state, r.moves, policy);
    return done(all[0], all, exact, exact, 1);
  }

  // Samples, and the first line of each one's win.
  const samples: KlondikeState[] = [];
  const rootVerdicts: Verdict[] = [];
  /** The candidate each sample's own win began with. */
  const own: (Candidate | undefined)[] = [];
  const candidates = new Map<string, Candidate>();
  const add = (line: KlondikeMove[], key: string, vote: boolean) => {
    let c = candidates.get(key);
    if (!c) {
      c = { line, key, votes: 0, verdicts: [], wins: 0 };
      candidates.set(key, c);
    }
    if (vote) c.votes++;
    return c;
  };
  /** Decides sample i from the root with a budget, and adds the first line of its win. */
  const root = (i: number, budget: number) => {
    const sample = samples[i];
    const r = solver.decide(sample, budget, policy, true);
    rootVerdicts[i] = r.verdict;
    own[i] = undefined;
    if (r.moves && r.moves.length > 0) {
      const first = firstLine(sample, r.moves, policy);
      const key = `${seenKey(first.before)} ${JSON.stringify(first.line[first.line.length - 1])}`;
      own[i] = add(first.reveals ? first.line : wholeLine(sample, r.moves, policy), key, true);
      if (first.reveals && first.line.length > 1) {
        // The same reveal as early as it can be made: what comes before it may wait until the card is seen.
        const early = earliest(sample, first.line, policy);
        if (early.length < first.line.length)
          add(
            early,
            `${seenKey(playLine(sample, early.slice(0, -1), policy))} ${JSON.stringify(early[early.length - 1])}`,
            false,
          );
      }
    }
  };
  for (let i = 0; i < base; i++) {
    samples.push(sampleDeal(klondikeKnowledge, view, prng));
    root(i, positions);
  }
  // Every single move that reveals a card now is a candidate too.
  for (const m of revealingMoves(samples[0], policy)) {
    add([m], `${seenKey(samples[0])} ${JSON.stringify(m)}`, false);
  }
  if (candidates.size === 0) {
    // Nothing to learn and no sample won within the budget: before giving up, decide the undecided samples with
    // twenty times the budget.
    for (let i = 0; i < base; i++) if (rootVerdicts[i] === "unknown") root(i, positions * 20);
  }
  const rootWins = rootVerdicts.filter((v) => v === "won").length;
  const chance = share(rootWins, rootVerdicts.filter((v) => v === "unknown").length, samples.length);
  const list = [...candidates.values()];
  if (list.length === 0) return done(undefined, [], chance, chance, 0);

  // Scores each candidate on samples [from, to): a sample lost from the root is lost after any line.
  const score = (c: Candidate, from: number) => {
    for (let i = from; i < samples.length; i++) {
      let v: Verdict;
      if (i < base && rootVerdicts[i] !== "won") v = rootVerdicts[i];
      else if (i < base && own[i] === c) v = "won";
      else v = solver.decide(playLine(samples[i], c.line, policy), positions, policy).verdict;
      c.verdicts.push(v);
      if (v === "won") c.wins++;
    }
  };
  let live = list;
  if (live.length > 1) for (const c of live) score(c, 0);
  // Most wins first; among equals the shortest line (it commits fewer moves before it learns a card: the samples,
  // each seen with every card known, cannot tell the worth of learning first), then the solver's favourite.
  const order = (a: Candidate, b: Candidate) =>
    b.wins - a.wins || a.line.length - b.line.length || b.votes - a.votes;
  while (live.length > 1) {
    live.sort(order);
    const [a, b] = live;
    // Samples the two disagree on: stop when the leader's margin is clear, or at the most samples.
    let ahead = 0;
    let behind = 0;
    for (let i = 0; i < samples.length; i++) {
      if (a.verdicts[i] === "won" && b.verdicts[i] !== "won") ahead++;
      else if (b.verdicts[i] === "won" && a.verdicts[i] !== "won") behind++;
    }
    if (ahead - behind >= 2 * Math.sqrt(ahead + behind) || samples.length >= most) break;
    // Keep the lines within reach of the leader, and draw more samples for them.
    live = live.filter((c) => c.wins >= a.wins - Math.max(2, 2 * Math.sqrt(a.wins)));
    const from = samples.length;
    const extra = Math.min(base, most - from);
    for (let i = 0; i < extra; i++) samples.push(sampleDeal(klondikeKnowledge, view, prng));
    for (const c of live) score(c, from);
  }
  live.sort(order);
  const best = live[0];
  const n = best.verdicts.length || samples.length;
  const wins = best.verdicts.length ? best.wins : rootWins;
  const unknown = best.verdicts.length ? best.verdicts.filter((v) => v === "unknown").length : 0;
  return done(best.line[0], best.line, chance, share(wins, unknown, n), list.length);
}

/** A line cut to make its last move (a reveal) at the first point of its prefix where it is legal. */
function earliest(start: KlondikeState, line: readonly KlondikeMove[], policy: AutoPolicy): KlondikeMove[] {
  const reveal = line[line.length - 1];
  let s = start;
  for (let j = 0; j < line.length - 1; j++) {
    if (whyIllegal(s, reveal) === undefined) return [...line.slice(0, j), reveal];
    s = settle(applyMove(s, line[j]), policy);
  }
  return line.slice();
}

/** A whole win's player moves (automatic moves left out). */
function wholeLine(start: KlondikeState, win: readonly KlondikeMove[], policy: AutoPolicy): KlondikeMove[] {
  const line: KlondikeMove[] = [];
  let s = start;
  let i = 0;
  while (i < win.length) {
    const m = win[i++];
    line.push(m);
    s = applyMove(s, m);
    const autos = autoMoves(s, policy);
    for (const a of autos) s = applyMove(s, a);
    i += autos.length;
  }
  return line;
}

/**
 * The blind player's best move in a position (the API of hints that do not peek): the move, the line it begins,
 * and the chance to win from here with its sample count. Reads only what a player sees of `state`. The state is
 * taken as it stands (make the policy's automatic moves first, as the game does after every move).
 */
export function bestBlindMove(state: KlondikeState, options: BlindOptions = {}): BlindChoice<KlondikeMove> {
  return chooseLine(seen(state), options, new Prng(options.seed ?? DEFAULTS.seed));
}

/**
 * Plays a position to its end seeing only what a player sees: each decision's line is played on the real
 * position, then the next decision is made on what the player sees then. Ends won, or when the player has
 * nothing left worth playing (no sample can be won and no move reveals a card).
 */
export function playBlind(start: KlondikeState, options: BlindOptions = {}): BlindGame<KlondikeMove> {
  const now = options.now ?? (() => 0);
  const t0 = now();
  const policy = options.policy ?? DEFAULTS.policy;
  const prng = new Prng(options.seed ?? DEFAULTS.seed);
  const solver = new SampleSolver(start.rules);
  const moves: KlondikeMove[] = [];
  let state = settle(start, policy, moves);
  let decisions = 0;
  let startChance: SampleShare | undefined;
  const visited = new Set<string>([seenKey(state)]);
  for (;;) {
    if (isWon(state)) break;
    const choice = chooseLine(seen(state), options, prng, solver);
    decisions++;
    startChance ??= choice.chance;
    if (choice.move === undefined) break;
    const before = unseenCount(state);
    for (const m of choice.line) {
      moves.push(m);
      state = settle(applyMove(state, m), policy, moves);
    }
    // A line either reveals a card or wins; guard against a loop all the same.
    const key = seenKey(state);
    if (unseenCount(state) >= before && !isWon(state) && visited.has(key)) break;
    visited.add(key);
  }
  return {
    won: isWon(state),
    moves,
    stats: {
      decisions,
      solves: solver.solves,
      positions: solver.positions,
      startChance: startChance ?? share(1, 0, 1),
      ms: now() - t0,
    },
  };
}

export const klondikeBlindPlayer: BlindPlayer<KlondikeState, KlondikeMove> = {
  bestMove: bestBlindMove,
  play: (state, options) => playBlind(state, options),
};
