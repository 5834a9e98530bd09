import { type Card, cardName, isRed, KING, rankOf, SUIT_NAMES, type Suit, suitOf } from "../../cards/card.ts";
import { dealCards, type Numbering } from "../../cards/deals/layout.ts";
import type { AutoPolicy, PileRef } from "../patience/contract.ts";
import { IllegalMoveError } from "../patience/errors.ts";
import { ruleSet, type Variant } from "../patience/rules.ts";

/** The rules of Klondike, as options of one engine. */
export interface KlondikeRules {
  /** Cards turned from the stock at a time: 1 or 3 (2 is allowed too). */
  draw: number;
  /** Passes through the stock allowed (1: the stock is never turned over again); null: no limit. */
  passes: number | null;
  /** Whether a card may come back off a foundation onto a pile ("worrying back"). */
  fromFoundation: boolean;
  /** The score kept: Windows' standard table or Vegas. */
  scoring: "standard" | "vegas";
}

export const DEFAULT_RULES: KlondikeRules = {
  draw: 1,
  passes: null,
  fromFoundation: true,
  scoring: "standard",
};

export const MAX_PASSES = 99;
export const PILES = 7;
export const STOCK_SIZE = 24;

/**
 * A position. Plain data: it goes through JSON as it is. Piles are bottom card first, the bottom `faceDown[i]`
 * cards of pile i face down; the stock's last card is the next one turned; the waste's last card is on top.
 */
export interface KlondikeState {
  rules: KlondikeRules;
  piles: Card[][];
  faceDown: number[];
  stock: Card[];
  waste: Card[];
  /** The rank on top of each foundation (0 when empty), by suit: clubs, diamonds, hearts, spades. */
  foundations: number[];
  /** Times the waste has been turned over into the stock: the pass under way is `recycles + 1`. */
  recycles: number;
  /** The score under the rules' scoring, kept as the game is played. */
  score: number;
}

/**
 * One move: `count` cards from `from` to `to`. Piles are "cascade" 0..6, foundations "foundation" by suit.
 * Turning stock cards onto the waste is stock -> waste (count: the cards turned); turning the waste over into
 * the stock when the stock is empty is waste -> stock (count: the whole waste).
 */
export interface KlondikeMove {
  from: PileRef;
  to: PileRef;
  count: number;
}

const VARIANTS: Variant<KlondikeRules>[] = [
  { id: "klondike", title: "Klondike", rules: {}, about: "turn one card at a time, as often as you like" },
  { id: "draw-3", title: "Klondike, draw 3", rules: { draw: 3 }, about: "turn three cards at a time" },
  {
    id: "vegas",
    title: "Vegas Klondike",
    rules: { draw: 3, passes: 3, scoring: "vegas" },
    about: "draw 3, three passes through the stock, $52 to play and $5 a card home",
  },
  {
    id: "vegas-draw-1",
    title: "Vegas Klondike, draw 1",
    rules: { draw: 1, passes: 1, scoring: "vegas" },
    about: "draw 1, one pass through the stock, Vegas scoring",
  },
  {
    id: "no-worrying-back",
    title: "Klondike, cards stay home",
    rules: { fromFoundation: false },
    about: "a card on a foundation never comes back to a pile",
  },
];

export function klondikeLabel(rules: KlondikeRules): string {
  const parts = [`Klondike, draw ${rules.draw}`];
  if (rules.passes !== null) parts.push(`${rules.passes} ${rules.passes === 1 ? "pass" : "passes"}`);
  if (!rules.fromFoundation) parts.push("cards stay home");
  if (rules.scoring === "vegas") parts.push("Vegas scoring");
  return parts.join(", ");
}

export const KLONDIKE_RULES = ruleSet<KlondikeRules>({
  fields: [
    { key: "draw", kind: "integer", min: 1, max: 3, about: "cards turned from the stock at a time" },
    {
      key: "passes",
      kind: "integer",
      min: 1,
      max: MAX_PASSES,
      unlimited: true,
      about: "passes through the stock",
    },
    { key: "fromFoundation", kind: "boolean", about: "a card may come back off a foundation" },
    { key: "scoring", kind: "choice", choices: ["standard", "vegas"], about: "standard or Vegas scoring" },
  ],
  defaults: DEFAULT_RULES,
  variants: VARIANTS,
  label: klondikeLabel,
});

export const makeRules = (options: Partial<KlondikeRules> = {}): KlondikeRules =>
  KLONDIKE_RULES.make(options);

export const pile = (index: number): PileRef => ({ kind: "cascade", index });
export const foundation = (suit: Suit | number): PileRef => ({ kind: "foundation", index: suit });
export const WASTE: PileRef = { kind: "waste", index: 0 };
export const STOCK: PileRef = { kind: "stock", index: 0 };

/** The score of a fresh deal: Vegas players pay 52 to play. */
export const startScore = (rules: KlondikeRules): number => (rules.scoring === "vegas" ? -52 : 0);

export function emptyState(rules: KlondikeRules): KlondikeState {
  return {
    rules,
    piles: Array.from({ length: PILES }, () => []),
    faceDown: new Array(PILES).fill(0),
    stock: [],
    waste: [],
    foundations: [0, 0, 0, 0],
    recycles: 0,
    score: startScore(rules),
  };
}

/** Deal n: seven piles of 1..7 cards, only the top card of each face up, and the other 24 in the stock. */
export function dealKlondike(n: number, rules: KlondikeRules, numbering: Numbering): KlondikeState {
  const dealt = dealCards(n, numbering, { piles: [1, 2, 3, 4, 5, 6, 7], diagonal: true, stock: STOCK_SIZE });
  const state = emptyState(rules);
  state.piles = dealt.piles;
  state.faceDown = dealt.piles.map((p) => p.length - 1);
  state.stock = dealt.stock;
  return state;
}

/** Whether `upper` may lie on `lower` in a pile: one rank lower, the other colour. */
export const fits = (upper: Card, lower: Card): boolean =>
  rankOf(lower) === rankOf(upper) + 1 && isRed(lower) !== isRed(upper);

export const canGoHome = (state: KlondikeState, c: Card): boolean =>
  state.foundations[suitOf(c)] === rankOf(c) - 1;

export function isWon(state: KlondikeState): boolean {
  return state.foundations.every((rank) => rank === KING);
}

/** The card on top of a foundation, or undefined. */
export const foundationTop = (state: KlondikeState, suit: number): Card | undefined =>
  state.foundations[suit] > 0 ? (state.foundations[suit] - 1) * 4 + suit : undefined;

/** The index in pile `p` of the lowest card of the face-up run that ends at its top (the pile's length if empty). */
export function runStart(state: KlondikeState, p: number): number {
  const cards = state.piles[p];
  let i = cards.length - 1;
  if (i < 0) return 0;
  while (i > state.faceDown[p] && fits(cards[i], cards[i - 1])) i--;
  return i;
}

/** Whether another pass through the stock is allowed. */
export const mayRecycle = (state: KlondikeState): boolean =>
  state.rules.passes === null || state.recycles + 1 < state.rules.passes;

export function pileName(ref: PileRef): string {
  switch (ref.kind) {
    case "cascade":
      return `pile ${ref.index + 1}`;
    case "foundation":
      return `the ${SUIT_NAMES[ref.index] ?? "?"} foundation`;
    case "waste":
      return "the waste";
    case "stock":
      return "the stock";
    default:
      return `no pile of this game (${ref.kind})`;
  }
}

function refExists(ref: PileRef): boolean {
  if (typeof ref !== "object" || ref === null || !Number.isInteger(ref.index)) return false;
  switch (ref.kind) {
    case "cascade":
      return ref.index >= 0 && ref.index < PILES;
    case "foundation":
      return ref.index >= 0 && ref.index < 4;
    case "waste":
    case "stock":
      return ref.index === 0;
    default:
      return false;
  }
}

/** The card a move takes first (the one that lands lowest), or undefined when the source is empty. */
export function movingCard(state: KlondikeState, move: KlondikeMove): Card | undefined {
  const { from, count } = move;
  if (from.kind === "cascade") {
    const cards = state.piles[from.index];
    return cards[cards.length - count];
  }
  if (from.kind === "waste") return state.waste[state.waste.length - 1];
  if (from.kind === "foundation") return foundationTop(state, from.index);
  return state.stock[state.stock.length - 1];
}

/** Why `move` is illegal in `state`, in words, or undefined when it is legal. */
export function whyIllegal(state: KlondikeState, move: KlondikeMove): string | undefined {
  if (typeof move !== "object" || move === null) return "a move names where from, where to and how many";
  const { from, to, count } = move;
  if (!refExists(from)) return `there is no such place to move from (${describeRef(from)})`;
  if (!refExists(to)) return `there is no such place to move to (${describeRef(to)})`;
  if (!Number.isInteger(count) || count < 1) return `a move takes at least one card, not ${String(count)}`;
  const { rules } = state;
  if (from.kind === "stock") {
    if (to.kind !== "waste") return "cards from the stock go only to the waste";
    if (state.stock.length === 0)
      return state.waste.length === 0
        ? "the stock and the waste are empty"
        : "the stock is empty: turn the waste over";
    const turned = Math.min(rules.draw, state.stock.length);
    if (count !== turned)
      return `the stock turns ${turned} ${turned === 1 ? "card" : "cards"} now, not ${count}`;
    return undefined;
  }
  if (to.kind === "stock") {
    if (from.kind !== "waste") return "only the waste turns over into the stock";
    if (state.stock.length > 0) return "the stock is not empty yet: the waste turns over only when it is";
    if (state.waste.length === 0) return "the waste is empty: there is nothing to turn over";
    if (!mayRecycle(state)) {
      const passes = rules.passes as number;
      return `no more passes: these rules allow ${passes} ${passes === 1 ? "pass" : "passes"} through the stock`;
    }
    if (count !== state.waste.length) return `turning the waste over takes all ${state.waste.length} cards`;
    return undefined;
  }
  if (to.kind === "waste") return "cards go to the waste only from the stock";
  if (from.kind === to.kind && from.index === to.index)
    return `${pileName(from)} is both source and destination`;
  if (count > 1 && from.kind !== "cascade") return "only a run of cards on a pile moves as a group";
  if (from.kind === "foundation") {
    if (!rules.fromFoundation) return "cards may not come back off the foundations under these rules";
    if (to.kind === "foundation") return "a card cannot move from one foundation to another";
  }
  let moving: Card | undefined;
  if (from.kind === "cascade") {
    const cards = state.piles[from.index];
    if (cards.length === 0) return `${pileName(from)} is empty`;
    if (count > cards.length - state.faceDown[from.index]) {
      const up = cards.length - state.faceDown[from.index];
      return `${pileName(from)} has ${up} face-up ${up === 1 ? "card" : "cards"}, not ${count}`;
    }
    if (cards.length - count < runStart(state, from.index)) {
      return `the top ${count} cards of ${pileName(from)} are not a run in alternating colours`;
    }
    moving = cards[cards.length - count];
  } else {
    moving = movingCard(state, move);
    if (moving === undefined) return `${pileName(from)} is empty`;
  }
  if (to.kind === "foundation") {
    if (count > 1) return "cards go to a foundation one at a time";
    if (to.index !== suitOf(moving))
      return `the ${cardName(moving)} goes on the ${SUIT_NAMES[suitOf(moving)]} foundation`;
    if (!canGoHome(state, moving)) {
      const rank = state.foundations[to.index];
      return rank === 0
        ? `the ${cardName(moving)} cannot start a foundation: an ace comes first`
        : `the ${cardName(moving)} cannot go home on the ${cardName((rank - 1) * 4 + to.index)}`;
    }
    return undefined;
  }
  // To a pile.
  const dest = state.piles[to.index];
  if (dest.length === 0) {
    if (rankOf(moving) !== KING) return `only a king, or a run headed by one, fills an empty pile`;
    return undefined;
  }
  const top = dest[dest.length - 1];
  if (!fits(moving, top)) {
    return `the ${cardName(moving)} does not fit on the ${cardName(top)}: a pile builds down in alternating colours`;
  }
  return undefined;
}

function describeRef(ref: unknown): string {
  try {
    return JSON.stringify(ref)?.slice(0, 60) ?? String(ref);
  } catch {
    return String(ref);
  }
}

/** What the scoring table gives for a move (before the standard score's floor at 0). */
function scoreDelta(state: KlondikeState, move: KlondikeMove, turnedUp: boolean): number {
  const { from, to } = move;
  if (state.rules.scoring === "vegas") {
    if (to.kind === "foundation") return 5;
    if (from.kind === "foundation") return -5;
    return 0;
  }
  let delta = turnedUp ? 5 : 0;
  if (to.kind === "foundation") delta += 10;
  else if (from.kind === "waste" && to.kind === "cascade") delta += 5;
  else if (from.kind === "foundation") delta -= 15;
  else if (from.kind === "waste" && to.kind === "stock")
    delta -= recyclePenalty(state.rules, state.recycles + 1);
  return delta;
}

/**
 * The standard score's charge for the k-th turn of the waste into the stock (k from 1), as Windows Solitaire
 * charges it: drawing one card, 100 points for every pass after the first; drawing three (or two), 20 points for
 * every pass after the third.
 */
export function recyclePenalty(rules: KlondikeRules, k: number): number {
  if (rules.draw === 1) return 100;
  return k >= 3 ? 20 : 0;
}

/** The position after a legal move; an illegal one throws IllegalMoveError with the reason. */
export function applyMove(state: KlondikeState, move: KlondikeMove): KlondikeState {
  const why = whyIllegal(state, move);
  if (why !== undefined) throw new IllegalMoveError(move, why);
  const next: KlondikeState = {
    rules: state.rules,
    piles: state.piles.slice(),
    faceDown: state.faceDown.slice(),
    stock: state.stock,
    waste: state.waste,
    foundations: state.foundations.slice(),
    recycles: state.recycles,
    score: state.score,
  };
  const { from, to, count } = move;
  let turnedUp = false;
  if (from.kind === "stock") {
    const stock = state.stock.slice();
    const waste = state.waste.slice();
    for (let i = 0; i < count; i++) waste.push(stock.pop() as Card);
    next.stock = stock;
    next.waste = waste;
  } else if (to.kind === "stock") {
    next.stock = state.waste.slice().reverse();
    next.waste = [];
    next.recycles++;
  } else {
    let cards: Card[];
    if (from.kind === "cascade") {
      const source = state.piles[from.index];
      cards = source.slice(source.length - count);
      const rest = source.slice(0, source.length - count);
      next.piles[from.index] = rest;
      if (rest.length > 0 && next.faceDown[from.index] >= rest.length) {
        // The card uncovered turns face up by itself.
        next.faceDown[from.index] = rest.length - 1;
        turnedUp = true;
      }
    } else if (from.kind === "waste") {
      cards = [state.waste[state.waste.length - 1]];
      next.waste = state.waste.slice(0, -1);
    } else {
      cards = [foundationTop(state, from.index) as Card];
      next.foundations[from.index]--;
    }
    if (to.kind === "foundation") next.foundations[to.index]++;
    else next.piles[to.index] = [...state.piles[to.index], ...cards];
  }
  const score = state.score + scoreDelta(state, move, turnedUp);
  next.score = state.rules.scoring === "standard" ? Math.max(0, score) : score;
  return next;
}

/** Every legal move, in a fixed order: the stock, the waste, the piles, the foundations. */
export function legalMoves(state: KlondikeState): KlondikeMove[] {
  const out: KlondikeMove[] = [];
  const { rules } = state;
  if (state.stock.length > 0)
    out.push({ from: STOCK, to: WASTE, count: Math.min(rules.draw, state.stock.length) });
  else if (state.waste.length > 0 && mayRecycle(state))
    out.push({ from: WASTE, to: STOCK, count: state.waste.length });
  const onto = (moving: Card, from: PileRef, count: number) => {
    for (let j = 0; j < PILES; j++) {
      if (from.kind === "cascade" && from.index === j) continue;
      const dest = state.piles[j];
      const ok = dest.length === 0 ? rankOf(moving) === KING : fits(moving, dest[dest.length - 1]);
      if (ok) out.push({ from, to: pile(j), count });
    }
  };
  if (state.waste.length > 0) {
    const w = state.waste[state.waste.length - 1];
    if (canGoHome(state, w)) out.push({ from: WASTE, to: foundation(suitOf(w)), count: 1 });
    onto(w, WASTE, 1);
  }
  for (let i = 0; i < PILES; i++) {
    const cards = state.piles[i];
    if (cards.length === 0) continue;
    const top = cards[cards.length - 1];
    if (canGoHome(state, top)) out.push({ from: pile(i), to: foundation(suitOf(top)), count: 1 });
    const start = runStart(state, i);
    for (let j = 0; j < PILES; j++) {
      if (j === i) continue;
      const dest = state.piles[j];
      if (dest.length === 0) {
        if (rankOf(cards[start]) === KING)
          out.push({ from: pile(i), to: pile(j), count: cards.length - start });
        continue;
      }
      const target = dest[dest.length - 1];
      // At most one card of the run fits: the one a rank below the target.
      for (let k = start; k < cards.length; k++) {
        if (fits(cards[k], target)) {
          out.push({ from: pile(i), to: pile(j), count: cards.length - k });
          break;
        }
      }
    }
  }
  if (rules.fromFoundation) {
    for (let s = 0; s < 4; s++) {
      const c = foundationTop(state, s);
      if (c !== undefined) onto(c, foundation(s), 1);
    }
  }
  return out;
}

/**
 * Whether sending `c` home can never lose a won game (Solvitaire's proven dominance): with cards allowed back off
 * the foundations, when both foundations of the other colour are at most 2 below it and the other one of its
 * colour at most 3 below; without, also whenever both of the other colour are at most 1 below (no card could
 * ever need it to build on). Aces and twos are always safe.
 */
export function isSafeHome(foundations: ArrayLike<number>, c: Card, fromFoundation: boolean): boolean {
  const r = rankOf(c);
  const s = suitOf(c);
  const red = s === 1 || s === 2;
  const opp = red ? Math.min(foundations[0], foundations[3]) : Math.min(foundations[1], foundations[2]);
  const partner = foundations[3 - s];
  if (r <= opp + 2 && r <= partner + 3) return true;
  return !fromFoundation && r <= opp + 1;
}

/** Whether the waste's top card may be sent home automatically under `safe`: only when every stock card stays reachable. */
const wasteIsFree = (rules: KlondikeRules): boolean => rules.draw === 1 && rules.passes === null;

/**
 * The automatic moves to the foundations a policy makes, each after the previous one: none; the safe ones (from
 * the piles, and from the waste when drawing one card with unlimited passes, where the order of the stock cannot
 * matter); or every card that can go home, from the piles and the waste.
 */
export function autoMoves(state: KlondikeState, policy: AutoPolicy): KlondikeMove[] {
  if (policy === "none") return [];
  const out: KlondikeMove[] = [];
  let s = state;
  const accepts = (c: Card) =>
    canGoHome(s, c) && (policy === "all" || isSafeHome(s.foundations, c, s.rules.fromFoundation));
  for (;;) {
    let move: KlondikeMove | undefined;
    for (let i = 0; i < PILES && !move; i++) {
      const cards = s.piles[i];
      if (cards.length > 0 && accepts(cards[cards.length - 1])) {
        move = { from: pile(i), to: foundation(suitOf(cards[cards.length - 1])), count: 1 };
      }
    }
    if (!move && s.waste.length > 0 && (policy === "all" || wasteIsFree(s.rules))) {
      const w = s.waste[s.waste.length - 1];
      if (accepts(w)) move = { from: WASTE, to: foundation(suitOf(w)), count: 1 };
    }
    if (!move) return out;
    out.push(move);
    s = applyMove(s, move);
  }
}

/** Every card once: foundations, piles, stock, waste. */
export function cardsInState(state: KlondikeState): Card[] {
  const out: Card[] = [];
  state.foundations.forEach((rank, s) => {
    for (let r = 1; r <= rank; r++) out.push((r - 1) * 4 + s);
  });
  for (const p of state.piles) out.push(...p);
  out.push(...state.stock, ...state.waste);
  return out;
}

/** The score of a position (kept as the game is played). */
export const scoreOf = (state: KlondikeState): number => state.score;

export type { AutoPolicy };
