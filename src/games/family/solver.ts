import { BestFirst } from "../../search/best-first.ts";
import { BudgetMeter, describeBudget } from "../../search/budget.ts";
import { DepthFirst } from "../../search/depth-first.ts";
import { pathMoves } from "../../search/domain.ts";
import type { VisitedTable } from "../../search/key-set.ts";
import { type Phase, replayer, solveByPlan } from "../../search/kit.ts";
import type { Entry } from "../../search/portfolio.ts";
import type { SolveResult } from "../../search/result.ts";
import { Shortener } from "../../search/shorten.ts";
import { StateTable } from "../../search/state-table.ts";
import { TeamDepthFirst } from "../../search/team-depth-first.ts";
import type { AutoPolicy, SolveOptions } from "../patience/contract.ts";
import {
  apply,
  autoMoves,
  copyState,
  type FamilyMove,
  type FamilyState,
  isWon,
  legalMoves,
  playInPlace,
  provedLost,
} from "./engine.ts";
import { freecellTwin, solveFreeCellFirst } from "./freecell-twin.ts";
import { familyKey } from "./key.ts";
import { montanaTwin, solveByMontana } from "./montana-twin.ts";
import {
  accordionUnsupported,
  coveringUnsupported,
  type FamilyWeights,
  MODE_SEARCH,
  PackedAccordion,
  PackedCovering,
  PackedFamily,
  packedUnsupported,
} from "./packed.ts";

/**
 * The family's solver for any rules (solveFamily: a complete search, with a second search beside it to find wins
 * sooner): a complete depth-first search (src/search/depth-first.ts) over the packed
 * position of packed.ts, which plays the engine's own moves in place, every position remembered by its canonical
 * key (piles that differ only in order counted once) in a typed-array table. The only moves made without choice
 * are those the rules make (turning a card up, filling a space at once) and the automatic moves: under the
 * policies "none" and "safe" the cards going home that `safeHome` proves never wrong for the rules in force, under
 * "all" every card home as the game sends it. Nothing else is pruned; the moves are only tried in an order (home
 * first, then moves that uncover, then onto cards, then the rest: docs/family.md). So when it runs out of
 * positions the deal is unsolvable under those rules; a budget met first gives unknown.
 *
 * The plain search of the engine's immutable states (`solveFamilyPlain`) stays as the reference the small-deck
 * tests hold this one to, and searches the rules the packed position does not play, but for covering layouts and
 * the accordion, which have packed positions of their own (`solveOwn`).
 */

/** Rough bytes a remembered position costs (its key as a string, and the set's entry). */
const BYTES_PER_KEY_CHAR = 2;
const BYTES_PER_ENTRY = 48;

interface Frame {
  state: FamilyState;
  moves: FamilyMove[];
  next: number;
  /** The moves that led here from the parent: the chosen move and the automatic moves after it. */
  path: FamilyMove[];
}

/** The automatic moves made after every move: the policy's, or, with none, those proved never wrong. */
function forcedAfter(state: FamilyState, policy: AutoPolicy): FamilyMove[] {
  return autoMoves(state, policy === "none" ? "safe" : policy);
}

function play(state: FamilyState, moves: readonly FamilyMove[]): FamilyState {
  let s = state;
  for (const m of moves) s = apply(s, m);
  return s;
}

/**
 * The plain search: kept as the reference the packed search is held to (and for the rules no packed position
 * plays: Gaps, and the tables PackedCovering and PackedAccordion refuse). It cuts the positions the rules' bound proves lost
 * (`provedLost`, Pyramid's; false under every other rules), a pruning proved safe in engine.ts and held to the
 * search without it on cut-down decks (covering.test.ts).
 */
export function solveFamilyPlain(start: FamilyState, options: SolveOptions = {}): SolveResult<FamilyMove> {
  const policy = options.policy ?? "none";
  const meter = new BudgetMeter(options.budget ?? {}, options.now);
  const searched = `every move of the rules (${policy === "none" ? "cards home only when proved safe" : `automatic moves: ${policy}`}), positions that differ only in the order of piles counted once`;
  const stats = (expanded: number) => ({
    positions: meter.positions,
    expanded,
    ms: meter.elapsed(),
    bytes: meter.bytesUsed,
    phases: [],
    searched,
  });
  const seen = new Set<string>();
  const remember = (state: FamilyState): boolean | "budget" => {
    const key = familyKey(state);
    if (seen.has(key)) return false;
    if (!meter.storePosition() || !meter.grow(key.length * BYTES_PER_KEY_CHAR + BYTES_PER_ENTRY))
      return "budget";
    seen.add(key);
    return true;
  };

  const firstForced = forcedAfter(start, policy);
  const root = play(start, firstForced);
  remember(root);
  const won = (stack: Frame[], last: FamilyMove[]): SolveResult<FamilyMove> => ({
    result: "solved",
    moves: [...firstForced, ...stack.slice(1).flatMap((f) => f.path), ...last],
    stats: stats(stack.length),
  });
  if (isWon(root)) return { result: "solved", moves: firstForced, stats: stats(0) };
  if (provedLost(root))
    return {
      result: "unsolvable",
      moves: [],
      stats: stats(0),
      reason: "proved lost as it lies: a card of the table can never leave (every partner left lies over it)",
    };

  const stack: Frame[] = [{ state: root, moves: legalMoves(root), next: 0, path: [] }];
  let expanded = 1;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.moves.length) {
      stack.pop();
      continue;
    }
    if (!meter.tick()) break;
    const move = frame.moves[frame.next++];
    let state = apply(frame.state, move);
    const after = forcedAfter(state, policy);
    state = play(state, after);
    const fresh = remember(state);
    if (fresh === "budget") break;
    if (!fresh) continue;
    const path = [move, ...after];
    if (isWon(state)) return won(stack, path);
    // A position the rules' bound proves lost (engine.ts's provedLost: Pyramid's cards whose every partner lies
    // over them) has no win below it: it is remembered and not searched.
    if (provedLost(state)) continue;
    expanded++;
    if ((expanded & 4095) === 0) options.onProgress?.({ positions: meter.positions, ms: meter.elapsed() });
    stack.push({ state, moves: legalMoves(state), next: 0, path });
  }
  if (meter.exceeded) {
    return {
      result: "unknown",
      moves: [],
      stats: { ...stats(expanded), budget: meter.exceeded },
      reason: describeBudget(meter.exceeded, meter),
    };
  }
  return {
    result: "unsolvable",
    moves: [],
    stats: stats(expanded),
    reason: `no position reached wins: ${meter.positions} searched`,
  };
}

/** Positions a search stores in its first turn (most deals end there) and in each turn after. */
const FIRST_TURN = 20_000;
const TURN = 50_000;
/**
 * Positions the second search stores in its first turn, taken before the complete search's: where it wins at
 * all it often wins in a few thousand positions while the complete search needs tens of thousands (Somerset's
 * median over deals 1..40 fell from 101 to 18 ms), and where it does not this is all it delays the other.
 */
const SECOND_FIRST_TURN = 2_000;
/**
 * Positions the second search may store before it gives its room and its turns to the complete search: on a lost
 * deal it adds at most this much work.
 */
const SECOND_LIMIT = 300_000;

/**
 * Whether sending every card home at once (policy "all") restricts the search under these rules: not when no card
 * goes home, nor when every card home is already proved safe (a suit-built or non-building tableau of one deck).
 */
function streamlines(start: FamilyState): boolean {
  const { rules } = start;
  const f = rules.foundations;
  if (f === null) return false;
  if (f.wholeSuits) return true;
  return (
    rules.decks === 2 || rules.tableau.build === "alternate-colours" || rules.tableau.build === "any-suit"
  );
}

/** `playInPlace` as the kit's replayer takes it: the position played on is the one returned. */
function playOn(state: FamilyState, move: FamilyMove): FamilyState {
  playInPlace(state, move);
  return state;
}

/** Wins up to this many moves are shortened by two-move shortcuts, longer ones by single moves. */
const SHORTCUTS_OF_TWO = 3000;
/** Wins longer than this are left as found: a pass costs about a position's expansion a move. */
const LONGEST_SHORTENED = 200_000;

/**
 * With `shortest`, the win a search found with shortcuts taken (src/search/shorten.ts): from each position on the
 * way, a move (or two) that reaches a later position of the way replaces the moves between. The shortcuts are
 * found with keys of positions as they lie (`physical`), so the moves after a shortcut mean what they meant. A
 * depth-first win can be hundreds of moves where a few dozen do; shortened, the same deal's win is often a third
 * of that (docs/family.md). The kit replays the result like any win.
 */
function shorter(
  start: FamilyState,
  found: PackedFamily,
  path: readonly number[],
  shortest: boolean | undefined,
): readonly number[] {
  if (!shortest || path.length < 2 || path.length > LONGEST_SHORTENED) return path;
  const physical = new PackedFamily(start.rules, found.policy, "forward", true);
  const depth = path.length <= SHORTCUTS_OF_TWO ? 2 : 1;
  return new Shortener(physical, MODE_SEARCH).shorten(start, [...path], depth);
}

type FamilySearch = DepthFirst<FamilyState, FamilyMove>;
type FamilyTeam = TeamDepthFirst<FamilyState, FamilyMove>;

/** Positions a member of the complete search's team stores in its turn before the other goes on. */
const MEMBER_TURN = 2000;

type FamilyBest = BestFirst<FamilyState, FamilyMove, FamilyWeights>;

/**
 * The best-first search's heuristic (PackedFamily.score), chosen on Spider with one suit, Spiderette, Will o' the
 * Wisp, Simple Simon and Mrs Mop (deals 1..10 at 100,000 positions, docs/family.md): a card turned up is worth two
 * cards home, a card out of its group more than one; the stock weighs about what the cards it deals add out of
 * their groups, so dealing is neither sought nor put off; a move costs a little, which keeps the search from
 * sinking down one line.
 */
const WEIGHTS: FamilyWeights = {
  notHome: 2,
  faceDown: 4,
  loose: 3,
  cell: 2,
  stock: 3,
  occupied: 4,
  depth: 1,
};

/**
 * The heuristic where a card can lie on its next card under the tableau's build but out of its group (Spider of two
 * or four suits: off suit) and cards are hidden (face down, or in the stock): a card off its group weighs more
 * than one on no card at all (it blocks the same and it invites burying more under it), and a loose card more than
 * a card home. Measured on deals 1..40 at 500,000 positions (docs/family.md): Spiderette 11 -> 24 won, Will o' the
 * Wisp 13 -> 30; deals 1..30, Spider with two suits 8 -> 17, Spider with four suits 0 -> 4. Where no card is
 * hidden (Simple Simon, Mrs Mop) it did worse (Mrs Mop 13 -> 9), so those keep WEIGHTS. A face-down card weighs
 * twice a loose one (8, not 4): turning cards up is what four-suit Spider's wins wait on. The whole plan, Spider
 * deals 41..80 at 2,000,000 positions: 24 -> 32 won; deals 1..30 at 1,000,000, Spider with two suits 27 -> 27 (in
 * 6M positions against 8M), Spiderette 24 -> 25 (docs/family.md).
 */
const HIDDEN_OFF_GROUP_WEIGHTS: FamilyWeights = { ...WEIGHTS, faceDown: 8, loose: 4, offGroup: 7 };

/**
 * The heuristic where the stock is turned once onto a waste (Forty Thieves and its kin, `oneWastePass`): a card in
 * the waste weighs twice a card in the stock (6 against 3), and 3 more when it lies on a card it does not build
 * on. Dealing is then put off until a card is wanted, and the waste kept in an order it can be played back from:
 * the plain weights, which count a waste card as a stock card, won none of Forty Thieves' deals 1..10 at 500,000
 * positions; these weights, deals 51..80 at 1,000,000, 13 of 30 (docs/family.md).
 */
const ONE_PASS_WEIGHTS: FamilyWeights = { ...WEIGHTS, waste: 6, wasteOutOfOrder: 3 };

/**
 * The second best-first search of a one-pass game, taking turns with the first: the waste weighed five times the
 * stock, its order not at all. Alone it won 11 of the same 30 deals, not all the same ones; the two together, 15
 * within 2,000,000 positions (docs/family.md).
 */
const ONE_PASS_HEAVY: FamilyWeights = { ...WEIGHTS, waste: 15 };

/** The best-first search's weights for this deal's rules (see HIDDEN_OFF_GROUP_WEIGHTS, ONE_PASS_WEIGHTS). */
function weightsFor(start: FamilyState): FamilyWeights {
  const { rules, table } = start;
  const t = rules.tableau;
  const offGroup = t.groupBuild !== "as-built" && t.groupBuild !== t.build && (rules.suits ?? 4) > 1;
  const hidden = table.stock.length > 0 || table.faceDown.some((d) => d > 0);
  if (offGroup && hidden && bestGoesFirst(start)) return HIDDEN_OFF_GROUP_WEIGHTS;
  return oneWastePass(start) ? ONE_PASS_WEIGHTS : WEIGHTS;
}

/**
 * Whether the stock is turned onto a waste once, with no redeal: the waste then only grows until its cards are
 * played, last turned first, and the best-first searches (two, ONE_PASS_WEIGHTS and ONE_PASS_HEAVY) keep their
 * turns to the end beside the complete search, which on Forty Thieves rarely ends within a minute.
 */
function oneWastePass(start: FamilyState): boolean {
  const s = start.rules.stock;
  const { stock, waste } = start.table;
  return s !== null && s.dealsTo === "waste" && !s.redeals && stock.length + waste.length > 0;
}

/**
 * The complete search's turn where the stock is turned once onto a waste (`oneWastePass`), in positions: a fifth of
 * the others'. A position costs the complete search about three times what it costs a best-first search (its exact
 * key is written whole, and each is expanded), so with equal turns it took 60% of the time on Forty Thieves, where
 * it proves few deals lost within a minute and the best-first searches find the wins. With this turn it takes about
 * a quarter: Forty Thieves' deals won in 4 to 32 s came 1.2 to 1.9 times sooner (median 1.4; deals 4, 10, 36, 49,
 * 54, 75, 82, 84, 99), deal 15 was proved lost as soon as before, and the minute's run of deals 1..100 decided 46
 * against 44 (docs/family.md). A lost deal still gets the minute: the best-first searches drop out once they have
 * tried every position of their game.
 */
const ONE_PASS_COMPLETE_TURN = 10_000;

/**
 * Where whole suits go home, the best-first search is joined by others that weigh the depth otherwise (twice, and
 * not at all), taking turns with it. A greedy search on one score sinks into a plateau of its own on some deals,
 * where another score walks past it: of the 14 Spiderette deals of 1..100 left undecided at 60 s with one (the
 * first weights alone won none of them at 3,000,000 positions), the depth weighed twice won 7 and not at all 3,
 * each within 3,000,000 (docs/family.md).
 */
const DEPTH_VARIANTS: readonly number[] = [2, 0];

/**
 * Positions the best-first search may store before it gives its room and its turns to the complete search, where
 * that one can hope to end (on a lost deal it adds at most this much work).
 */
const BEST_LIMIT = 300_000;

/**
 * Whether the depth-first searches lose their way, so the best-first search goes first and keeps its turns to the
 * end: whole suits going home. (At 20,000 positions the survey of deals 1..1,000 had proved lost none of Spider or
 * Will o' the Wisp, 10 of Spiderette, 18 of Mrs Mop, 49 of Simple Simon, and won hardly any: docs/survey.md.) Not
 * two decks as such: going first there, it cost the Klondikes of two decks most of the wins the depth-first
 * searches find within 20,000 positions (Gargantua with redeals, deals 1..1,000: 508 won against 9,157 of 10,000).
 */
function bestGoesFirst(start: FamilyState): boolean {
  return start.rules.foundations?.wholeSuits === true;
}

/**
 * Whether the best-first search has something to go by: piles that build (its score weighs the cards out of their
 * groups). Where they do not (Golf, Black Hole, Worm Hole), it is left out: on Golf it only delayed the
 * depth-first walks (deals 1..30 at 200,000 positions: 8 won and 4 lost without it, 6 and 2 with it).
 */
function scores(start: FamilyState): boolean {
  return start.rules.tableau.build !== "none";
}

/**
 * The family's solver, a plan of the solver kit (src/search/kit.ts):
 * - the complete search: two depth-first walks over one table of positions (team-depth-first.ts), one trying each
 *   kind of move in the other's order (a deal whose win one order finds late the other often finds at once, and
 *   neither walk stores a position the other stored, so a deal with no win costs what one walk costs). Every move
 *   of the rules, only the automatic moves proved safe made without choice: when both walks run out of positions,
 *   the deal is unsolvable.
 * - where sending every card home at once is not proved safe (streamlines), a second search beside it, taking
 *   turns (a portfolio), that does so (Solvitaire's "streamliner"): it can miss a win, so it only ever answers
 *   "solved", and it stops at SECOND_LIMIT positions, its room and turns going to the complete search. It takes
 *   the first, short turn (SECOND_FIRST_TURN).
 * - a best-first search (src/search/best-first.ts, keyed on 64-bit hashes, every card home at once), greedy on
 *   the position's score (PackedFamily.score: cards not home, face-down cards, cards out of their groups, the
 *   stock): it finds the long wins of whole-suit games that depth-first walks lose their way to (Simple Simon,
 *   Spiderette, Mrs Mop). It only ever answers "solved". It goes first and keeps its turns where whole suits go
 *   home (`bestGoesFirst`), joined there by two more that weigh the depth otherwise (DEPTH_VARIANTS); where the
 *   stock is turned once onto a waste (`oneWastePass`) it keeps its turns too, joined by one that weighs the waste
 *   heavier (ONE_PASS_HEAVY); elsewhere it gives them up at BEST_LIMIT positions, and it is left out where the
 *   piles do not build (`scores`).
 * Every win is replayed through the engine before it is answered (the kit's rule).
 */
export function solveFamily(start: FamilyState, options: SolveOptions = {}): SolveResult<FamilyMove> {
  // Gaps as Montana plays it: Montana's solver, whose proofs hold for exactly these rules (montana-twin.ts).
  const twin = montanaTwin(start.rules);
  if (twin) return solveByMontana(start, twin, options);
  // FreeCell's rules with single-card moves and spaces that take any card (FreeCell, its cell and pile variants,
  // Baker's Game): FreeCell's solver, proved for them (freecell-twin.ts), with half the budget, then the family's
  // own search with the rest. Neither is ahead on every preset (FreeCell's decides more at 200,000 positions, the
  // family's more of some at 20,000), and the two halves decide about as many as the better of the two given the
  // whole. Where only kings fill a space (Eight Off, Fore Cell) FreeCell's searches, tuned on FreeCell, need
  // several times the family's positions and time: those keep the family's own search (docs/family.md).
  const freecell = freecellTwin(start.rules);
  if (freecell && freecell.empty === "any")
    return solveFreeCellFirst(start, freecell, options, solveFamilyOwn);
  return solveFamilyOwn(start, options);
}

/**
 * The family's own search, with no twin (solveFamily's searches above, without handing Gaps to Montana's solver or
 * FreeCell's presets to FreeCell's): what the tests and the bench hold the specialised solvers to.
 */
export function solveFamilyOwn(start: FamilyState, options: SolveOptions = {}): SolveResult<FamilyMove> {
  if (packedUnsupported(start) !== undefined) {
    const own = ownPosition(start);
    return own === undefined ? solveFamilyPlain(start, options) : solveOwn(start, own, options);
  }
  const policy = options.policy ?? "none";
  const meter = new BudgetMeter(options.budget ?? {}, options.now, 1024);
  const own = policy === "all" ? "all" : "safe";
  const streamliner = policy !== "all" && streamlines(start);
  const packed = (p: "safe" | "all", order: "forward" | "reverse") => new PackedFamily(start.rules, p, order);
  const phases: Phase<FamilyState, FamilySearch | FamilyTeam | FamilyBest>[] = [
    {
      entries: () => {
        const complete = new TeamDepthFirst(
          [packed(own, "forward"), packed(own, "reverse")],
          "complete, in two orders",
          [MODE_SEARCH, MODE_SEARCH],
          MEMBER_TURN,
        );
        const entries: Entry<FamilySearch | FamilyTeam | FamilyBest>[] = [];
        if (streamliner)
          entries.push({
            runner: new DepthFirst(packed("all", "reverse"), "every card home at once", MODE_SEARCH),
            first: SECOND_FIRST_TURN,
            quantum: TURN,
            complete: false,
            limit: SECOND_LIMIT,
          });
        if (!scores(start)) {
          entries.push({ runner: complete, first: FIRST_TURN, quantum: TURN });
          return entries;
        }
        // A best-first search that proves nothing, keyed on a hash: it looks for wins.
        const bestFirst = (name: string, weights: FamilyWeights) =>
          new BestFirst(packed("all", "forward"), name, false, MODE_SEARCH, weights, false);
        const weights = weightsFor(start);
        const best: Entry<FamilyBest> = {
          runner: bestFirst("best first", weights),
          first: SECOND_FIRST_TURN,
          quantum: TURN,
          complete: false,
          limit: BEST_LIMIT,
        };
        // Where the depth-first searches lose their way (whole suits), the best-first search goes first, with the
        // complete search's first turn, and keeps its turns to the end, followed by its variants (DEPTH_VARIANTS).
        if (bestGoesFirst(start)) {
          entries.unshift(
            { ...best, first: FIRST_TURN, limit: undefined },
            ...DEPTH_VARIANTS.map((times) => ({
              ...best,
              runner: bestFirst(
                `best first, depth weighed ${times === 0 ? "not at all" : `${times} times`}`,
                { ...weights, depth: weights.depth * times },
              ),
              limit: undefined,
            })),
          );
        } else if (oneWastePass(start))
          entries.push(
            { ...best, limit: undefined },
            {
              ...best,
              runner: bestFirst("best first, the waste weighed heavier", ONE_PASS_HEAVY),
              limit: undefined,
            },
          );
        else entries.push(best);
        const quantum = oneWastePass(start) && !bestGoesFirst(start) ? ONE_PASS_COMPLETE_TURN : TURN;
        entries.push({ runner: complete, first: FIRST_TURN, quantum });
        return entries;
      },
    },
  ];
  return solveByPlan({
    root: start,
    meter,
    phases,
    translate: (by) => {
      if (by instanceof BestFirst) {
        const domain = by.domain as PackedFamily;
        return pathMoves(domain, start, shorter(start, domain, by.codes, options.shortest));
      }
      if (by instanceof DepthFirst) {
        const domain = by.domain as PackedFamily;
        return pathMoves(domain, start, shorter(start, domain, by.path(), options.shortest));
      }
      const { moves, domain } = by.path();
      return pathMoves(domain, start, shorter(start, domain as PackedFamily, moves, options.shortest));
    },
    // Each replay on a copy of its own, played on in place.
    replay: (moves) => replayer(copyState(start), playOn, isWon)(moves),
    searched: `every move of the rules (${policy === "none" ? "cards home only when proved safe" : `automatic moves: ${policy}`}), positions that differ only in the order of piles counted once`,
    onProgress: options.onProgress,
  });
}

/**
 * The packed position of its own for rules the family's packed position does not play: a covering layout
 * (Pyramid, TriPeaks) or the accordion, when it can stand for the start (packed.ts says when); else undefined.
 */
function ownPosition(start: FamilyState): PackedCovering | PackedAccordion | undefined {
  if (start.rules.tableau.covering && coveringUnsupported(start) === undefined)
    return new PackedCovering(start.rules);
  if (start.rules.accordion && accordionUnsupported(start) === undefined)
    return new PackedAccordion(start.rules);
  return undefined;
}

/**
 * The complete search of Pyramid, TriPeaks and the accordion: one depth-first walk (src/search/depth-first.ts)
 * over their packed positions (packed.ts's PackedCovering, PackedAccordion), every position remembered by its key
 * in a typed-array table. Every move of the rules; made without choice only Pyramid's automatic moves (engine.ts's
 * `autoMoves`, proved never wrong there); cut only the positions Pyramid's bound proves lost (engine.ts's
 * `provedLost`). So when it runs out of positions the deal is unsolvable; a budget met first gives unknown.
 */
function solveOwn(
  start: FamilyState,
  domain: PackedCovering | PackedAccordion,
  options: SolveOptions,
): SolveResult<FamilyMove> {
  const meter = new BudgetMeter(options.budget ?? {}, options.now, 1024);
  const name = domain instanceof PackedCovering ? "complete, covering layout" : "complete, accordion";
  const redeals = domain instanceof PackedCovering && domain.limitedRedeals;
  return solveByPlan({
    root: start,
    meter,
    phases: [
      {
        entries: () => [
          {
            runner: new DepthFirst(
              domain,
              name,
              MODE_SEARCH,
              redeals ? new FewestRedeals(domain.keyWords) : undefined,
            ),
            first: FIRST_TURN,
            quantum: TURN,
          },
        ],
      },
    ],
    translate: (by: FamilySearch) => pathMoves(by.domain, start, by.path()),
    replay: (moves) => replayer(copyState(start), playOn, isWon)(moves),
    searched:
      domain instanceof PackedCovering
        ? "every move of the rules (Pyramid's automatic moves, positions its bound proves lost cut)"
        : "every move of the rules, positions by their piles' top cards",
    onProgress: options.onProgress,
  });
}

/**
 * The table of a search under a limited redeal (PackedCovering's key, the redeals made in its last word from bit
 * 8): a position is stored once for its table and talon, with the fewest redeals it has been reached with. One
 * reached again with as many redeals or more is skipped: every move it has is one the position stored has (the
 * redeal only needs one left), to the same position with as few redeals or fewer, and a win there is a win here;
 * so the stored one, searched in full, finds any win the skipped one has. One reached with fewer redeals is
 * searched again (counted as a new position), and stored with them.
 */
class FewestRedeals implements VisitedTable {
  readonly ownHash = true;
  inserted = false;
  private readonly table: StateTable;
  private readonly last: number;

  constructor(readonly keyWords: number) {
    this.table = new StateTable(keyWords, keyWords + 1, undefined, 1024);
    this.last = keyWords - 1;
  }

  get count(): number {
    return this.table.count;
  }

  get bytes(): number {
    return this.table.bytes;
  }

  findOrInsert(key: Uint32Array, _hash: number, mayInsert = true): number {
    const redealt = key[this.last] >>> 8;
    key[this.last] &= 0xff;
    const id = this.table.findOrInsert(key, hashWords(key, this.keyWords), mayInsert);
    if (id < 0) return id;
    const at = id * (this.keyWords + 1) + this.keyWords;
    if (this.table.inserted || redealt < this.table.words[at]) {
      this.table.words[at] = redealt;
      this.inserted = true;
    } else this.inserted = false;
    return id;
  }

  clear(): void {
    this.table.clear();
  }

  setMeter(meter: BudgetMeter | undefined): void {
    this.table.setMeter(meter);
  }
}

function hashWords(key: Uint32Array, n: number): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < n; k++) {
    h = Math.imul(h ^ key[k], 0x9e3779b1);
    h = (h << 15) | (h >>> 17);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}
