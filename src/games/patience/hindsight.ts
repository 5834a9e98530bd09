import { Prng } from "../../cards/random.ts";
import type { AutoPolicy } from "./contract.ts";
import {
  type BlindChoice,
  type BlindGame,
  type BlindOptions,
  type PlayerKnowledge,
  type SampleShare,
  type SeenPosition,
  sampleDeal,
} from "./knowledge.ts";
import { wilson } from "./wilson.ts";

/**
 * The blind player of any game with hidden cards, by hindsight optimisation: the platform's half of every game's
 * `blindPlayer` (Klondike's, the family's). A game gives its rules of play, what a player sees (its knowledge) and a
 * way to decide one sample with its solver under a budget; this chooses the moves.
 *
 * At each decision it draws deals consistent with what is seen (the unseen cards in random order), decides each
 * with the game's solver under a small budget of positions, and plays the line that wins in the most of them. A
 * decision is a **line**: moves that reveal nothing (their outcome is the same in every sample), then one move that
 * reveals a card (turns up a face-down card, deals or turns unseen stock cards), or else a win to the end. Between
 * two reveals the player learns nothing, so it decides only once per reveal.
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

export type Verdict = "won" | "lost" | "unknown";

/** A game's solver as the blind player uses it: one sample decided under a budget, kept across samples. */
export interface SampleDecider<S, M> {
  /** Searches run and positions they stored, so far. */
  solves: number;
  positions: number;
  /**
   * Whether `state` (the policy's automatic moves made) can be won within `positions`; with `line`, the win's
   * engine moves, the automatic moves written out after the move that led to them (they may be left out where
   * the win cannot be followed under the policy: the sample still counts as won).
   */
  decide(state: S, positions: number, policy: AutoPolicy, line?: boolean): { verdict: Verdict; moves?: M[] };
}

/**
 * A decision's time limit (BlindOptions.ms) on the caller's clock, for a game's sample decider: a search stops where
 * it ends, and none starts after it. Without a clock or a limit there is none.
 */
export class DecisionLimit {
  private deadline = Number.POSITIVE_INFINITY;

  constructor(readonly now?: () => number) {}

  /** Starts the limit: `ms` from now. */
  start(ms: number | undefined): void {
    this.deadline = ms !== undefined && this.now ? this.now() + ms : Number.POSITIVE_INFINITY;
  }

  /** Milliseconds left (0 or less: past), or undefined when there is no limit. */
  left(): number | undefined {
    return this.now && Number.isFinite(this.deadline) ? this.deadline - this.now() : undefined;
  }
}

/** What the blind player needs of a game. */
export interface HindsightGame<S, M> {
  knowledge: PlayerKnowledge<S>;
  apply(state: S, move: M): S;
  autoMoves(state: S, policy: AutoPolicy): M[];
  legalMoves(state: S): M[];
  whyIllegal(state: S, move: M): string | undefined;
  isWon(state: S): boolean;
  /** How many cards the player has not seen (`knowledge.seen(state).unseen.length`, cheaper). */
  unseenCount(state: S): number;
  /** A key of what a player sees of a position: equal for positions a player cannot tell apart. */
  seenKey(state: S): string;
  /** Equal positions (the automatic moves of a win checked against the policy's). */
  same(a: S, b: S): boolean;
  /**
   * The move that turns the stock when turning commits nothing (unlimited passes), or undefined. The commitments
   * search plays a card the turns bring to hand as one step (turns, then the play), as a player would.
   */
  turn?(state: S): M | undefined;
  /** Whether `move` plays the card the stock's last turn brought to hand (with `turn`). */
  plays?(state: S, move: M): boolean;
  /** The player's defaults (BlindOptions says what each is). */
  defaults: {
    seed: number;
    samples: number;
    positions: number;
    exactPositions: number;
    policy: AutoPolicy;
    /** Positions searched for commitments (BlindOptions.explore); absent: none. */
    explore?: number;
    /** BlindOptions.maxSamples as a multiple of the samples; absent: 4. */
    moreSamples?: number;
  };
}

/** A state with the policy's automatic moves made; the moves appended to `out`. */
export function settle<S, M>(game: HindsightGame<S, M>, state: S, policy: AutoPolicy, out?: M[]): S {
  let s = state;
  for (const m of game.autoMoves(s, policy)) {
    out?.push(m);
    s = game.apply(s, m);
  }
  return s;
}

/**
 * A win's player moves (the automatic moves after each left out), as far as `stop` says (after the first move that
 * reveals a card, for a decision's line), or undefined when the win's automatic moves are not the policy's.
 */
function playerMoves<S, M>(
  game: HindsightGame<S, M>,
  start: S,
  win: readonly M[],
  policy: AutoPolicy,
  stopAtReveal: boolean,
): { line: M[]; reveals: boolean; before: S } | undefined {
  const line: M[] = [];
  let s = start;
  let i = 0;
  while (i < win.length) {
    const before = s;
    const m = win[i++];
    line.push(m);
    s = game.apply(s, m);
    const autos = game.autoMoves(s, policy);
    if (autos.length > 0) {
      // The automatic moves are written out in the win after the move that led to them.
      let played = s;
      for (let k = 0; k < autos.length && i + k < win.length; k++) {
        if (game.whyIllegal(played, win[i + k]) !== undefined) return undefined;
        played = game.apply(played, win[i + k]);
      }
      for (const a of autos) s = game.apply(s, a);
      if (i + autos.length > win.length || !game.same(played, s)) return undefined;
      i += autos.length;
    }
    if (stopAtReveal && game.unseenCount(s) < game.unseenCount(before))
      return { line, reveals: true, before };
  }
  return { line, reveals: false, before: s };
}

/** Plays a line's player moves in a sample, each followed by the automatic moves. */
function playLine<S, M>(game: HindsightGame<S, M>, state: S, line: readonly M[], policy: AutoPolicy): S {
  let s = state;
  for (const m of line) s = settle(game, game.apply(s, m), policy);
  return s;
}

interface Candidate<M> {
  line: M[];
  key: string;
  /** Samples whose first win began with this line. */
  votes: number;
  verdicts: Verdict[];
  wins: number;
  /** Samples it wins, an undecided one counted at the options' weight. */
  score: number;
}

/**
 * The share of samples won, with a 95% Wilson interval that counts each undecided sample both ways, as the
 * survey's report does: lost at its low end, won at its high end (an undecided sample is not a lost one).
 */
export const share = (wins: number, unknown: number, samples: number): SampleShare => ({
  wins,
  unknown,
  samples,
  low: wilson(wins, samples).low,
  high: wilson(wins + unknown, samples).high,
});

/**
 * The commitments a player can reach from `sample` (the lines lonelybot's player chooses among): every move that
 * reveals a card, from every position reached by moves that reveal nothing (their outcome is the same in every
 * sample, so any sample explores them alike), each by the shortest line to it, the positions visited breadth first
 * up to `limit`. A line that wins without a reveal is a commitment too. Where turning the stock commits nothing
 * (the game's `turn`), a card the turns bring to hand is played in one step from the position, as lonelybot's
 * moves play any card of the stock a player can reach: turned one position at a time, the stock's cards past the
 * first turns lay beyond any limit.
 */
export function commitments<S, M>(
  game: HindsightGame<S, M>,
  sample: S,
  policy: AutoPolicy,
  limit: number,
): { line: M[]; key: string }[] {
  const out: { line: M[]; key: string }[] = [];
  const visited = new Set<string>([game.seenKey(sample)]);
  let layer: { state: S; line: M[] }[] = [{ state: sample, line: [] }];
  let explored = 0;
  while (layer.length > 0 && explored < limit) {
    const next: { state: S; line: M[] }[] = [];
    for (const { state, line } of layer) {
      if (explored++ >= limit) break;
      const before = game.unseenCount(state);
      const key = game.seenKey(state);
      const step = (from: S, fromKey: string, m: M, moves: M[]) => {
        const after = settle(game, game.apply(from, m), policy);
        if (game.unseenCount(after) < before || game.isWon(after)) {
          out.push({ line: [...line, ...moves, m], key: `${fromKey} ${JSON.stringify(m)}` });
        } else {
          const k = game.seenKey(after);
          if (visited.has(k)) return;
          visited.add(k);
          next.push({ state: after, line: [...line, ...moves, m] });
        }
      };
      // Each card the stock's turns bring to hand is played as one step, the turns and the play (the turns alone
      // are not searched; a move that leaves the waste alone is the same as from here).
      const cycle = turnCycle(game, state, policy);
      const turn = cycle.length > 0 ? JSON.stringify(game.turn?.(state)) : undefined;
      for (const m of game.legalMoves(state)) if (JSON.stringify(m) !== turn) step(state, key, m, []);
      for (const t of cycle) {
        const tk = game.seenKey(t.state);
        for (const m of game.legalMoves(t.state)) if (game.plays?.(t.state, m)) step(t.state, tk, m, t.moves);
      }
    }
    layer = next;
  }
  return out;
}

/**
 * The positions the stock's turns reach from `state` while they reveal nothing (the game's `turn`), each with the
 * turns that reach it; empty where turning commits or reveals.
 */
function turnCycle<S, M>(
  game: HindsightGame<S, M>,
  state: S,
  policy: AutoPolicy,
): { state: S; moves: M[] }[] {
  const out: { state: S; moves: M[] }[] = [];
  if (!game.turn || !game.plays) return out;
  const home = game.seenKey(state);
  const unseen = game.unseenCount(state);
  let s = state;
  const moves: M[] = [];
  for (let i = 0; i < 64; i++) {
    const m = game.turn(s);
    if (m === undefined) break;
    const after = settle(game, game.apply(s, m), policy);
    if (game.unseenCount(after) < unseen || game.seenKey(after) === home) break;
    moves.push(m);
    s = after;
    out.push({ state: s, moves: moves.slice() });
  }
  return out;
}

/** Commitments scored on every first sample; with more, the field is narrowed on the first samples. */
const FEW = 6;

/** A line cut to make its last move (a reveal) at the first point of its prefix where it is legal. */
function earliest<S, M>(game: HindsightGame<S, M>, start: S, line: readonly M[], policy: AutoPolicy): M[] {
  const reveal = line[line.length - 1];
  let s = start;
  for (let j = 0; j < line.length - 1; j++) {
    if (game.whyIllegal(s, reveal) === undefined) return [...line.slice(0, j), reveal];
    s = settle(game, game.apply(s, line[j]), policy);
  }
  return line.slice();
}

/**
 * The blind player's choice in a position as a player sees it (never the position itself): the line to play,
 * with the chance to win from here. `prng` draws the samples; `solver` is reused across calls.
 */
export function chooseLine<S, M>(
  game: HindsightGame<S, M>,
  view: SeenPosition<S>,
  options: BlindOptions,
  prng: Prng,
  solver: SampleDecider<S, M>,
): BlindChoice<M> {
  const policy = options.policy ?? game.defaults.policy;
  const positions = options.positions ?? game.defaults.positions;
  const base = Math.max(1, options.samples ?? game.defaults.samples);
  const most = Math.max(base, options.maxSamples ?? base * (game.defaults.moreSamples ?? 4));
  const weight = Math.min(1, Math.max(0, options.undecidedWeight ?? 0));
  const worth = (v: Verdict | undefined) => (v === "won" ? 1 : v === "unknown" ? weight : 0);
  const solves0 = solver.solves;
  const positions0 = solver.positions;
  const done = (
    move: M | undefined,
    line: M[],
    chance: SampleShare,
    lineChance: SampleShare,
    candidates: number,
  ): BlindChoice<M> => ({
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
    const state = game.knowledge.fill(view, []);
    const r = solver.decide(state, options.exactPositions ?? game.defaults.exactPositions, policy, true);
    const won = r.verdict === "won" ? 1 : 0;
    const exact = share(won, r.verdict === "unknown" ? 1 : 0, 1);
    const all = r.moves ? playerMoves(game, state, r.moves, policy, false) : undefined;
    if (!all) return done(undefined, [], exact, exact, 0);
    return done(all.line[0], all.line, exact, exact, 1);
  }

  // Samples, and the first line of each one's win.
  const samples: S[] = [];
  const rootVerdicts: Verdict[] = [];
  /** The candidate each sample's own win began with. */
  const own: (Candidate<M> | undefined)[] = [];
  const candidates = new Map<string, Candidate<M>>();
  const add = (line: M[], key: string, vote: boolean) => {
    let c = candidates.get(key);
    if (!c) {
      c = { line, key, votes: 0, verdicts: [], wins: 0, score: 0 };
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
      const first = playerMoves(game, sample, r.moves, policy, true);
      if (!first) return;
      const key = `${game.seenKey(first.before)} ${JSON.stringify(first.line[first.line.length - 1])}`;
      const line = first.reveals ? first.line : playerMoves(game, sample, r.moves, policy, false)?.line;
      if (!line) return;
      own[i] = add(line, key, true);
      if (first.reveals && first.line.length > 1) {
        // The same reveal as early as it can be made: what comes before it may wait until the card is seen.
        const early = earliest(game, sample, first.line, policy);
        if (early.length < first.line.length)
          add(
            early,
            `${game.seenKey(playLine(game, sample, early.slice(0, -1), policy))} ${JSON.stringify(early[early.length - 1])}`,
            false,
          );
      }
    }
  };
  for (let i = 0; i < base; i++) {
    samples.push(sampleDeal(game.knowledge, view, prng));
    root(i, positions);
  }
  // Every commitment is a candidate too; without exploring, those of this position only (every single move that
  // reveals a card now: with a card unseen no single move wins).
  const explore = options.explore ?? game.defaults.explore ?? 0;
  for (const c of commitments(game, samples[0], policy, Math.max(1, explore))) add(c.line, c.key, false);
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
  const score = (c: Candidate<M>, from: number, to = samples.length) => {
    for (let i = from; i < to; i++) {
      let v: Verdict;
      if (i < base && rootVerdicts[i] !== "won") v = rootVerdicts[i];
      else if (i < base && own[i] === c) v = "won";
      else v = solver.decide(playLine(game, samples[i], c.line, policy), positions, policy).verdict;
      c.verdicts.push(v);
      if (v === "won") c.wins++;
      c.score += worth(v);
    }
  };
  let live = list;
  if (explore > 0 && live.length > FEW) {
    // The commitments are many: narrow the field on the first samples (8, then 4 more), keeping the lines within
    // reach of the best.
    for (const [from, to] of [
      [0, Math.min(base, 8)],
      [Math.min(base, 8), Math.min(base, 12)],
    ]) {
      for (const c of live) score(c, from, to);
      const top = Math.max(...live.map((c) => c.score));
      live = live.filter((c) => c.score >= top - Math.max(1, Math.sqrt(top)));
    }
    for (const c of live) score(c, c.verdicts.length);
  } else if (live.length > 1) for (const c of live) score(c, 0);
  // Most wins first; among equals the shortest line (it commits fewer moves before it learns a card: the samples,
  // each seen with every card known, cannot tell the worth of learning first), then the solver's favourite.
  const order = (a: Candidate<M>, b: Candidate<M>) =>
    b.score - a.score || a.line.length - b.line.length || b.votes - a.votes;
  while (live.length > 1) {
    live.sort(order);
    const [a, b] = live;
    // Samples the two disagree on: stop when the leader's margin is clear, or at the most samples.
    let ahead = 0;
    let behind = 0;
    for (let i = 0; i < samples.length; i++) {
      const d = worth(a.verdicts[i]) - worth(b.verdicts[i]);
      if (d > 0) ahead += d;
      else behind -= d;
    }
    if (ahead - behind >= 2 * Math.sqrt(ahead + behind) || samples.length >= most) break;
    // Keep the lines within reach of the leader, and draw more samples for them.
    live = live.filter((c) => c.score >= a.score - Math.max(2, 2 * Math.sqrt(a.score)));
    const from = samples.length;
    const extra = Math.min(base, most - from);
    for (let i = 0; i < extra; i++) samples.push(sampleDeal(game.knowledge, view, prng));
    for (const c of live) score(c, from);
  }
  live.sort(order);
  const best = live[0];
  const n = best.verdicts.length || samples.length;
  const wins = best.verdicts.length ? best.wins : rootWins;
  const unknown = best.verdicts.length ? best.verdicts.filter((v) => v === "unknown").length : 0;
  return done(best.line[0], best.line, chance, share(wins, unknown, n), list.length);
}

/**
 * The blind player's best move in a position (the API of hints that do not peek): the move, the line it begins,
 * and the chance to win from here with its sample count. Reads only what a player sees of `state`. The state is
 * taken as it stands (make the policy's automatic moves first, as the game does after every move).
 */
export function bestBlindMove<S, M>(
  game: HindsightGame<S, M>,
  state: S,
  options: BlindOptions,
  solver: SampleDecider<S, M>,
): BlindChoice<M> {
  return chooseLine(
    game,
    game.knowledge.seen(state),
    options,
    new Prng(options.seed ?? game.defaults.seed),
    solver,
  );
}

/**
 * Plays a position to its end seeing only what a player sees: each decision's line is played on the real
 * position, then the next decision is made on what the player sees then. Ends won, or when the player has
 * nothing left worth playing (no sample can be won and no move reveals a card).
 */
export function playBlind<S, M>(
  game: HindsightGame<S, M>,
  start: S,
  options: BlindOptions,
  solver: SampleDecider<S, M>,
): BlindGame<M> {
  const now = options.now ?? (() => 0);
  const t0 = now();
  const policy = options.policy ?? game.defaults.policy;
  const prng = new Prng(options.seed ?? game.defaults.seed);
  const solves0 = solver.solves;
  const positions0 = solver.positions;
  const moves: M[] = [];
  let state = settle(game, start, policy, moves);
  let decisions = 0;
  let startChance: SampleShare | undefined;
  const visited = new Set<string>([game.seenKey(state)]);
  for (;;) {
    if (game.isWon(state)) break;
    const choice = chooseLine(game, game.knowledge.seen(state), options, prng, solver);
    decisions++;
    startChance ??= choice.chance;
    if (choice.move === undefined) break;
    const before = game.unseenCount(state);
    for (const m of choice.line) {
      moves.push(m);
      state = settle(game, game.apply(state, m), policy, moves);
    }
    // A line either reveals a card or wins; guard against a loop all the same.
    const key = game.seenKey(state);
    if (game.unseenCount(state) >= before && !game.isWon(state) && visited.has(key)) break;
    visited.add(key);
  }
  return {
    won: game.isWon(state),
    moves,
    stats: {
      decisions,
      solves: solver.solves - solves0,
      positions: solver.positions - positions0,
      startChance: startChance ?? share(1, 0, 1),
      ms: now() - t0,
    },
  };
}
