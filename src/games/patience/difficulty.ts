import type { Numbering } from "../../cards/deals/layout.ts";
import type { SolveResult } from "../../search/result.ts";
import type { AnyPatienceGame, AutoPolicy, PatienceSolver } from "./contract.ts";

/**
 * How hard a deal is, from what the solver needed to prove it winnable: the positions its search stored before it
 * found a win. The search is bounded by a count of positions only (never by time), so a deal's difficulty is the
 * same on every machine and in every browser. Three levels, whose thresholds are measured per game over a survey
 * of deals (bench/difficulty.ts; the figures and how they were taken are in docs/daily.md). A deal the solver
 * does not prove winnable within the budget gets no level: "not winnable" when proved so, else "not proved".
 */

export type Level = "easy" | "medium" | "hard";
export const LEVELS: readonly Level[] = ["easy", "medium", "hard"];

export interface Difficulty {
  /** The level of a deal proved winnable within the budget; null when it was not (see `result`). */
  level: Level | null;
  result: SolveResult<unknown>["result"];
  /** Positions the solver stored. */
  positions: number;
  /** The solution's moves, every move written out (0 when not solved). */
  moves: number;
  /** The positions budget the search had. */
  budget: number;
}

/** The positions a rating (and a daily deal's proof) may search, unless the game has a budget of its own. */
export const DEFAULT_BUDGET = 100_000;

/**
 * Per game: the positions budget, and the thresholds [easy, medium]: a deal solved within `easy` positions is
 * easy, within `medium` medium, else hard. Measured by bench/difficulty.ts over deals 1..N of the game's first
 * numbering under its default rules (the terciles of the positions of the deals solved; docs/daily.md).
 */
export interface GameDifficulty {
  budget: number;
  easy: number;
  medium: number;
}

/** Thresholds measured with `taskset -c 1 npx tsx bench/difficulty.ts --presets` (docs/daily.md has the run). */
export const THRESHOLDS: Readonly<Record<string, GameDifficulty>> = {
  freecell: { budget: DEFAULT_BUDGET, easy: 256, medium: 331 },
  "king-albert": { budget: DEFAULT_BUDGET, easy: 1979, medium: 5502 },
  klondike: { budget: DEFAULT_BUDGET, easy: 49, medium: 1132 },
  montana: { budget: DEFAULT_BUDGET, easy: 3155, medium: 15107 },
  "bakers-game": { budget: DEFAULT_BUDGET, easy: 2106, medium: 14072 },
  "eight-off": { budget: DEFAULT_BUDGET, easy: 772, medium: 2217 },
  "seahaven-towers": { budget: DEFAULT_BUDGET, easy: 1039, medium: 2174 },
  "fore-cell": { budget: DEFAULT_BUDGET, easy: 2895, medium: 16098 },
  "beleaguered-castle": { budget: DEFAULT_BUDGET, easy: 10524, medium: 52224 },
  "streets-and-alleys": { budget: DEFAULT_BUDGET, easy: 78943, medium: 83408 },
  "fortunes-favor": { budget: DEFAULT_BUDGET, easy: 58, medium: 69 },
  fan: { budget: DEFAULT_BUDGET, easy: 2321, medium: 12064 },
  somerset: { budget: DEFAULT_BUDGET, easy: 1497, medium: 20375 },
  "alpha-star": { budget: DEFAULT_BUDGET, easy: 146, medium: 259 },
  canfield: { budget: DEFAULT_BUDGET, easy: 57, medium: 458 },
  "canfield-strict": { budget: DEFAULT_BUDGET, easy: 75, medium: 673 },
  spiderette: { budget: DEFAULT_BUDGET, easy: 11019, medium: 43702 },
  "simple-simon": { budget: DEFAULT_BUDGET, easy: 3538, medium: 6195 },
  "will-o-the-wisp": { budget: DEFAULT_BUDGET, easy: 7099, medium: 47391 },
  "black-hole": { budget: DEFAULT_BUDGET, easy: 11397, medium: 47236 },
  "worm-hole": { budget: DEFAULT_BUDGET, easy: 3049, medium: 34714 },
  golf: { budget: DEFAULT_BUDGET, easy: 4455, medium: 54514 },
  "flower-garden": { budget: DEFAULT_BUDGET, easy: 30737, medium: 52674 },
  raglan: { budget: DEFAULT_BUDGET, easy: 2665, medium: 15992 },
  "northwest-territory": { budget: DEFAULT_BUDGET, easy: 155, medium: 2200 },
  "castles-of-spain": { budget: DEFAULT_BUDGET, easy: 1899, medium: 3906 },
  yukon: { budget: DEFAULT_BUDGET, easy: 92, medium: 2247 },
  "spider-one-suit": { budget: DEFAULT_BUDGET, easy: 26866, medium: 41037 },
  "spider-two-suits": { budget: DEFAULT_BUDGET, easy: 44070, medium: 61652 },
  pyramid: { budget: DEFAULT_BUDGET, easy: 44, medium: 48 },
  "tri-peaks": { budget: DEFAULT_BUDGET, easy: 51, medium: 1329 },
  // Solvitaire's presets that are not registry games (OTHER_PRESETS), dealt in Solvitaire's numbering.
  accordion: { budget: DEFAULT_BUDGET, easy: 1218, medium: 7996 },
  "accordion-knuth": { budget: DEFAULT_BUDGET, easy: 1376, medium: 6630 },
  "canfield-arbitrary-built-moves": { budget: DEFAULT_BUDGET, easy: 109, medium: 1298 },
  "canfield-auto-reserve-then-waste": { budget: DEFAULT_BUDGET, easy: 59, medium: 485 },
  "canfield-partial-piles-restricted": { budget: DEFAULT_BUDGET, easy: 57, medium: 458 },
  "delta-star": { budget: DEFAULT_BUDGET, easy: 485, medium: 1728 },
  "east-haven": { budget: DEFAULT_BUDGET, easy: 1586, medium: 7986 },
  "eight-off-any-card-spaces": { budget: DEFAULT_BUDGET, easy: 335, medium: 615 },
  "free-cell": { budget: DEFAULT_BUDGET, easy: 2799, medium: 17005 },
  "free-cell-2-cell": { budget: DEFAULT_BUDGET, easy: 6326, medium: 18294 },
  "free-cell-3-cell": { budget: DEFAULT_BUDGET, easy: 5295, medium: 30895 },
  "free-cell-6-pile": { budget: DEFAULT_BUDGET, easy: 13632, medium: 29197 },
  "free-cell-7-pile": { budget: DEFAULT_BUDGET, easy: 11980, medium: 32085 },
  "gaps-one-deal": { budget: DEFAULT_BUDGET, easy: 9519, medium: 34693 },
  "gargantua-redeal": { budget: DEFAULT_BUDGET, easy: 82, medium: 3210 },
  "klondike-arbitrary-built-moves": { budget: DEFAULT_BUDGET, easy: 438, medium: 4098 },
  "klondike-deal-1": { budget: DEFAULT_BUDGET, easy: 54, medium: 1901 },
  "klondike-deal-1-arbitrary-built-moves": { budget: DEFAULT_BUDGET, easy: 106, medium: 4144 },
  "klondike-deal-1-partial-piles-restricted": { budget: DEFAULT_BUDGET, easy: 54, medium: 1901 },
  "klondike-partial-piles-restricted": { budget: DEFAULT_BUDGET, easy: 183, medium: 1473 },
  "klondike-reserve": { budget: DEFAULT_BUDGET, easy: 668, medium: 2629 },
  "klondike-two-deck-9": { budget: DEFAULT_BUDGET, easy: 439, medium: 4252 },
  "late-binding-solitaire": { budget: DEFAULT_BUDGET, easy: 1376, medium: 6630 },
  lucas: { budget: DEFAULT_BUDGET, easy: 9282, medium: 9851 },
  "northwest-territory-arbitrary-built-moves": { budget: DEFAULT_BUDGET, easy: 1281, medium: 4051 },
  "northwest-territory-partial-piles-restricted": { budget: DEFAULT_BUDGET, easy: 155, medium: 2200 },
  "one-cell": { budget: DEFAULT_BUDGET, easy: 2188, medium: 3278 },
  siegecraft: { budget: DEFAULT_BUDGET, easy: 4891, medium: 37003 },
  "spanish-patience": { budget: DEFAULT_BUDGET, easy: 3037, medium: 36377 },
  stronghold: { budget: DEFAULT_BUDGET, easy: 25696, medium: 74443 },
  thirty: { budget: DEFAULT_BUDGET, easy: 324, medium: 2209 },
  thirtysix: { budget: DEFAULT_BUDGET, easy: 3668, medium: 51524 },
  trigon: { budget: DEFAULT_BUDGET, easy: 123, medium: 160 },
  "two-cell": { budget: DEFAULT_BUDGET, easy: 2294, medium: 4816 },
  "ultra-klondike-2-deck": { budget: DEFAULT_BUDGET, easy: 3080, medium: 31044 },
};

/** What a game's difficulty rests on: its measured thresholds, or undefined when none were measured. */
export function difficultyOf(gameId: string): GameDifficulty | undefined {
  return THRESHOLDS[gameId];
}

/** The positions budget of a game's ratings and daily deals. */
export function budgetOf(gameId: string): number {
  return THRESHOLDS[gameId]?.budget ?? DEFAULT_BUDGET;
}

/** The level of a deal solved after `positions` positions, by the game's thresholds (null without any). */
export function levelOf(gameId: string, positions: number): Level | null {
  const t = THRESHOLDS[gameId];
  if (!t) return null;
  return positions <= t.easy ? "easy" : positions <= t.medium ? "medium" : "hard";
}

/** The policy a deal is rated and proved under: the game's default (the safe policy never changes a verdict). */
export const ratingPolicy = (game: AnyPatienceGame): AutoPolicy => game.policies[0];

/** Rates a position with the game's solver (loaded by the caller), bounded by the game's positions budget. */
export function rate(
  game: AnyPatienceGame,
  solver: PatienceSolver<{ rules: unknown }, unknown>,
  state: { rules: unknown },
  budget = budgetOf(game.id),
): Difficulty {
  const result = solver.solve(state, { policy: ratingPolicy(game), budget: { positions: budget } });
  return {
    level: result.result === "solved" ? levelOf(game.id, result.stats.positions) : null,
    result: result.result,
    positions: result.stats.positions,
    moves: result.result === "solved" ? result.moves.length : 0,
    budget,
  };
}

/** A rating in words: "easy (1,234 positions searched)", "not winnable", "not proved winnable within …". */
export function describeDifficulty(d: Difficulty): string {
  const positions = `${d.positions.toLocaleString("en")} positions searched`;
  if (d.result === "unsolvable") return `not winnable (${positions})`;
  if (d.result === "unknown")
    return `not proved winnable within ${d.budget.toLocaleString("en")} positions: unrated`;
  const level = d.level ?? "unrated (no levels measured for this game)";
  return `${level} (the solver won in ${d.moves} moves, ${positions})`;
}

/** How many deals a search for a deal of a level tries before it gives up. */
export const LEVEL_TRIES = 30;

/**
 * The next deal of a level: deals drawn from `random` (numbers 1..1,000,000) and rated one after another until
 * one has the level asked for; null when none of LEVEL_TRIES deals had it (or the game has no levels).
 */
export function findDealOfLevel(
  game: AnyPatienceGame,
  solver: PatienceSolver<{ rules: unknown }, unknown>,
  ask: { rules: unknown; numbering: Numbering; level: Level },
  random: () => number,
  tries = LEVEL_TRIES,
): { deal: number; difficulty: Difficulty; tried: number } | null {
  if (!difficultyOf(game.id)) return null;
  for (let tried = 1; tried <= tries; tried++) {
    const deal = 1 + Math.floor(random() * 1_000_000);
    const difficulty = rate(game, solver, game.deal(deal, ask.rules, ask.numbering));
    if (difficulty.level === ask.level) return { deal, difficulty, tried };
  }
  return null;
}
