import {
  ACE,
  type Card,
  cardName,
  formatCard,
  isRed,
  KING,
  rankOf,
  SUIT_LETTERS,
  type Suit,
  suitOf,
} from "../../cards/card.ts";
import { IllegalMoveError } from "../patience/errors.ts";
import { RulesError } from "../patience/rules.ts";

/** The rules of the FreeCell family, as options of one engine. */
export interface FreeCellRules {
  /** Free cells, 0..10. */
  cells: number;
  /** Cascades, 1..9. */
  cascades: number;
  /** Build down by alternating colour (FreeCell) or by suit (Baker's Game). */
  build: "alternate" | "suit";
  /** What may fill an empty cascade: any card, or only a king. */
  empty: "any" | "kings";
  /** Whether a card may leave a foundation for a cell or a cascade (the first model specification allows it). */
  fromFoundation: boolean;
  /** Whether a run may move as one step, up to (free cells + 1) * 2^(empty cascades other than the destination). */
  sequenceMoves: boolean;
  /**
   * Whether the cells are a reserve (King Albert): dealt full, played from and never to, so an emptied one stays
   * empty and counts as no free cell.
   */
  reserve: boolean;
}

export const DEFAULT_RULES: FreeCellRules = {
  cells: 4,
  cascades: 8,
  build: "alternate",
  empty: "any",
  fromFoundation: false,
  sequenceMoves: true,
  reserve: false,
};

export const MAX_CELLS = 10;
export const MAX_CASCADES = 9;

export type AutoPolicy = "none" | "safe" | "all";
export const AUTO_POLICIES: readonly AutoPolicy[] = ["none", "safe", "all"];

/** A position. Plain data: it serialises to JSON as it is. */
export interface FreeCellState {
  rules: FreeCellRules;
  /** Each cascade from the bottom card to the exposed card. */
  cascades: Card[][];
  /** One entry per cell; null when the cell is free. */
  cells: (Card | null)[];
  /** The rank on top of each foundation (0 when empty), indexed by suit: clubs, diamonds, hearts, spades. */
  foundations: number[];
}

export type PlaceKind = "cascade" | "cell" | "foundation";
/** A cascade or cell by index, or a foundation by suit. */
export interface Place {
  kind: PlaceKind;
  index: number;
}

/** One move: `count` cards from the top of `from` to `to`. */
export interface Move {
  from: Place;
  to: Place;
  count: number;
}

export function makeRules(options: Partial<FreeCellRules> = {}): FreeCellRules {
  const rules: FreeCellRules = { ...DEFAULT_RULES, ...options };
  if (!Number.isInteger(rules.cells) || rules.cells < 0 || rules.cells > MAX_CELLS) {
    throw new RulesError(`cells must be a whole number from 0 to ${MAX_CELLS}, not ${rules.cells}`);
  }
  if (!Number.isInteger(rules.cascades) || rules.cascades < 1 || rules.cascades > MAX_CASCADES) {
    throw new RulesError(`cascades must be a whole number from 1 to ${MAX_CASCADES}, not ${rules.cascades}`);
  }
  if (rules.build !== "alternate" && rules.build !== "suit") {
    throw new RulesError(`build must be "alternate" or "suit", not "${String(rules.build)}"`);
  }
  if (rules.empty !== "any" && rules.empty !== "kings") {
    throw new RulesError(`empty must be "any" or "kings", not "${String(rules.empty)}"`);
  }
  for (const key of ["fromFoundation", "sequenceMoves", "reserve"] as const) {
    if (typeof rules[key] !== "boolean")
      throw new RulesError(`${key} must be true or false, not ${String(rules[key])}`);
  }
  return rules;
}

export const cascade = (index: number): Place => ({ kind: "cascade", index });
export const cell = (index: number): Place => ({ kind: "cell", index });
export const foundation = (suit: Suit): Place => ({ kind: "foundation", index: suit });

/** Whether `upper` may lie on `lower` in a cascade under the build rule. */
export function canStack(rules: FreeCellRules, upper: Card, lower: Card): boolean {
  if (rankOf(lower) !== rankOf(upper) + 1) return false;
  return rules.build === "suit" ? suitOf(lower) === suitOf(upper) : isRed(lower) !== isRed(upper);
}

export const canGoHome = (state: FreeCellState, c: Card): boolean =>
  state.foundations[suitOf(c)] === rankOf(c) - 1;

export function freeCellCount(state: FreeCellState): number {
  if (state.rules.reserve) return 0;
  let n = 0;
  for (const c of state.cells) if (c === null) n++;
  return n;
}

export function emptyCascadeCount(state: FreeCellState): number {
  let n = 0;
  for (const col of state.cascades) if (col.length === 0) n++;
  return n;
}

/**
 * How many cards may move as one step to `to`: (free cells + 1) * 2^(empty cascades other than `to`). When only a
 * king may fill an empty cascade, empty cascades cannot hold the parts of a run on the way, so the capacity is
 * free cells + 1: a run moves as one only where the single-card moves it stands for are legal.
 */
export function sequenceCapacity(state: FreeCellState, to: Place): number {
  if (!state.rules.sequenceMoves) return 1;
  if (state.rules.empty === "kings") return freeCellCount(state) + 1;
  let empty = emptyCascadeCount(state);
  if (to.kind === "cascade" && state.cascades[to.index].length === 0) empty--;
  return (freeCellCount(state) + 1) * 2 ** empty;
}

/** Length of the ordered run at the top of a cascade. */
export function runLength(rules: FreeCellRules, col: readonly Card[]): number {
  if (col.length === 0) return 0;
  let n = 1;
  while (n < col.length && canStack(rules, col[col.length - n], col[col.length - n - 1])) n++;
  return n;
}

export function isWon(state: FreeCellState): boolean {
  return state.foundations.every((rank) => rank === KING);
}

export function placeName(place: Place, rules?: FreeCellRules): string {
  if (place.kind === "cascade") return `cascade ${place.index + 1}`;
  if (place.kind === "cell")
    return `${rules?.reserve ? "reserve" : "cell"} ${CELL_LETTERS[place.index] ?? place.index}`;
  return `the ${["clubs", "diamonds", "hearts", "spades"][place.index]} foundation`;
}

/** Cell letters of the standard notation: a-g, then i, j, k (h is the foundation). */
export const CELL_LETTERS = "abcdefgijk";

/** The card on top of a place, or undefined when it is empty. */
export function topCard(state: FreeCellState, place: Place): Card | undefined {
  if (place.kind === "cascade") {
    const col = state.cascades[place.index];
    return col[col.length - 1];
  }
  if (place.kind === "cell") return state.cells[place.index] ?? undefined;
  const rank = state.foundations[place.index];
  return rank > 0 ? (rank - 1) * 4 + place.index : undefined;
}

function placeExists(state: FreeCellState, place: Place): boolean {
  if (!Number.isInteger(place.index) || place.index < 0) return false;
  if (place.kind === "cascade") return place.index < state.cascades.length;
  if (place.kind === "cell") return place.index < state.cells.length;
  return place.kind === "foundation" && place.index < 4;
}

/** Why `move` is illegal in `state`, or undefined when it is legal. */
export function whyIllegal(state: FreeCellState, move: Move): string | undefined {
  const { rules } = state;
  const { from, to, count } = move;
  if (!placeExists(state, from)) return `there is no ${placeName(from, rules)} (${describeLayout(state)})`;
  if (!placeExists(state, to)) return `there is no ${placeName(to, rules)} (${describeLayout(state)})`;
  if (to.kind === "cell" && rules.reserve) return "cards are played from the reserve, never to it";
  if (!Number.isInteger(count) || count < 1) return `a move takes at least one card, not ${count}`;
  if (from.kind === to.kind && from.index === to.index)
    return `${placeName(from, rules)} is both source and destination`;
  const moving = topCard(state, from);
  if (moving === undefined) return `${placeName(from, rules)} is empty`;
  if (from.kind === "foundation") {
    if (!rules.fromFoundation) return "cards may not leave the foundations under these rules";
    if (to.kind === "foundation") return "a card cannot move from one foundation to another";
  }
  if (count > 1) {
    if (from.kind !== "cascade" || to.kind !== "cascade")
      return "only a run of cards in a cascade moves as a group";
    const col = state.cascades[from.index];
    if (count > col.length) return `${placeName(from)} holds only ${col.length} cards, not ${count}`;
    if (count > runLength(rules, col)) {
      return `the top ${count} cards of ${placeName(from)} are not an ordered run`;
    }
    if (!rules.sequenceMoves) return "sequence moves are off: move one card at a time";
    const capacity = sequenceCapacity(state, to);
    if (count > capacity) {
      const spaces =
        rules.empty === "kings"
          ? "empty cascades take only kings, so they hold no part of a run"
          : `${emptyCascadeCount(state) - (state.cascades[to.index].length === 0 ? 1 : 0)} empty cascades besides the destination`;
      const cells = rules.reserve
        ? "no free cells: the reserve holds no card of a run"
        : `${freeCellCount(state)} free cells`;
      return `${count} cards exceed the capacity ${capacity} (${cells}, ${spaces})`;
    }
  }
  const base =
    from.kind === "cascade" ? state.cascades[from.index][state.cascades[from.index].length - count] : moving;
  if (to.kind === "foundation") {
    if (to.index !== suitOf(moving))
      return `${formatCard(moving)} belongs on the ${SUIT_NAMES[suitOf(moving)]} foundation`;
    if (!canGoHome(state, moving)) {
      const rank = state.foundations[suitOf(moving)];
      return rank === 0
        ? `${formatCard(moving)} cannot go home: the ${SUIT_NAMES[suitOf(moving)]} foundation needs its ace first`
        : `${formatCard(moving)} cannot go home: the ${SUIT_NAMES[suitOf(moving)]} foundation is at ${formatCard((rank - 1) * 4 + suitOf(moving))}`;
    }
    return undefined;
  }
  if (to.kind === "cell") {
    const occupant = state.cells[to.index];
    return occupant === null ? undefined : `${placeName(to)} already holds ${formatCard(occupant)}`;
  }
  const dest = state.cascades[to.index];
  if (dest.length === 0) {
    if (rules.empty === "kings" && rankOf(base) !== KING) {
      return `only a king may fill an empty cascade, not ${formatCard(base)}`;
    }
    return undefined;
  }
  const target = dest[dest.length - 1];
  if (!canStack(rules, base, target)) {
    const why =
      rankOf(target) !== rankOf(base) + 1
        ? "ranks must go down by one"
        : rules.build === "suit"
          ? "cards must follow suit"
          : "colours must alternate";
    return `${formatCard(base)} cannot go on ${formatCard(target)}: ${why}`;
  }
  return undefined;
}

const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"];

function describeLayout(state: FreeCellState): string {
  const cells = state.rules.reserve ? `a reserve of ${state.cells.length}` : `${state.cells.length} cells`;
  return `this game has ${state.cascades.length} cascades and ${cells}`;
}

export const isLegal = (state: FreeCellState, move: Move): boolean => whyIllegal(state, move) === undefined;

/** Applies a legal move and returns the new state; an illegal move throws IllegalMoveError with the reason. */
export function applyMove(state: FreeCellState, move: Move): FreeCellState {
  const reason = whyIllegal(state, move);
  if (reason !== undefined) throw new IllegalMoveError(move, reason);
  return applyUnchecked(state, move);
}

/** Applies a move known to be legal. */
export function applyUnchecked(state: FreeCellState, move: Move): FreeCellState {
  const { from, to, count } = move;
  const cascades = state.cascades.slice();
  let cells = state.cells;
  let foundations = state.foundations;
  let moving: Card[];
  if (from.kind === "cascade") {
    const col = cascades[from.index];
    moving = col.slice(col.length - count);
    cascades[from.index] = col.slice(0, col.length - count);
  } else if (from.kind === "cell") {
    moving = [cells[from.index] as Card];
    cells = cells.slice();
    cells[from.index] = null;
  } else {
    const rank = foundations[from.index];
    moving = [(rank - 1) * 4 + from.index];
    foundations = foundations.slice();
    foundations[from.index] = rank - 1;
  }
  if (to.kind === "cascade") {
    cascades[to.index] = cascades[to.index].concat(moving);
  } else if (to.kind === "cell") {
    if (cells === state.cells) cells = cells.slice();
    cells[to.index] = moving[0];
  } else {
    if (foundations === state.foundations) foundations = foundations.slice();
    foundations[to.index] = rankOf(moving[0]);
  }
  return { rules: state.rules, cascades, cells, foundations };
}

/**
 * Every legal move. Between two non-empty cascades at most one run length fits; into an empty cascade every
 * run length up to the capacity is a different move; each free cell is a different destination.
 */
export function legalMoves(state: FreeCellState): Move[] {
  const { rules } = state;
  const moves: Move[] = [];
  const sources: Place[] = [];
  state.cascades.forEach((col, i) => {
    if (col.length > 0) sources.push(cascade(i));
  });
  state.cells.forEach((c, i) => {
    if (c !== null) sources.push(cell(i));
  });
  if (rules.fromFoundation) {
    state.foundations.forEach((rank, s) => {
      if (rank > 0) sources.push(foundation(s as Suit));
    });
  }
  for (const from of sources) {
    const top = topCard(state, from) as Card;
    if (from.kind !== "foundation" && canGoHome(state, top)) {
      moves.push({ from, to: foundation(suitOf(top)), count: 1 });
    }
    if (!rules.reserve) {
      state.cells.forEach((c, i) => {
        if (c === null && !(from.kind === "cell" && from.index === i))
          moves.push({ from, to: cell(i), count: 1 });
      });
    }
    const run = from.kind === "cascade" ? runLength(rules, state.cascades[from.index]) : 1;
    state.cascades.forEach((dest, i) => {
      if (from.kind === "cascade" && from.index === i) return;
      const to = cascade(i);
      if (dest.length === 0) {
        const most = Math.min(run, sequenceCapacity(state, to));
        const col = from.kind === "cascade" ? state.cascades[from.index] : [top];
        for (let n = 1; n <= most; n++) {
          if (rules.empty === "kings" && rankOf(col[col.length - n]) !== KING) continue;
          moves.push({ from, to, count: n });
        }
        return;
      }
      const target = dest[dest.length - 1];
      const need = rankOf(target) - rankOf(top);
      if (need < 1 || need > run) return;
      const base =
        from.kind === "cascade" ? state.cascades[from.index][state.cascades[from.index].length - need] : top;
      if (!canStack(rules, base, target)) return;
      if (need > 1 && need > sequenceCapacity(state, to)) return;
      moves.push({ from, to, count: need });
    });
  }
  return moves;
}

/**
 * Whether a card may go home without loss: no card still in play could need to be placed on it. Under
 * alternating colours that holds when both opposite-colour cards one rank lower are home, or when both
 * opposite-colour cards two lower and the other same-colour card three lower are home; aces and twos always.
 * Under building by suit the only card that could lie on it is the one below it of its suit, already home.
 */
export function isSafeHome(state: FreeCellState, c: Card): boolean {
  if (!canGoHome(state, c)) return false;
  const rank = rankOf(c);
  if (rank <= 2 || state.rules.build === "suit") return true;
  const f = state.foundations;
  const red = isRed(c);
  const opposite = red ? [f[0], f[3]] : [f[1], f[2]];
  const sameOther = f[(suitOf(c) ^ 3) as Suit];
  const lowOpposite = Math.min(opposite[0], opposite[1]);
  // When cards may come back off the foundations, a card home could be wanted back as a base for a card one
  // lower of the other colour, itself parked to free a card one lower again: then only the second case is safe
  // (the dominance Solvitaire proves for worrying back).
  if (state.rules.fromFoundation) return lowOpposite >= rank - 2 && sameOther >= rank - 3;
  return lowOpposite >= rank - 1 || (lowOpposite >= rank - 2 && sameOther >= rank - 3);
}

/** The next automatic foundation move the policy makes, or undefined. Cells are tried before cascades. */
export function nextAutoMove(state: FreeCellState, policy: AutoPolicy): Move | undefined {
  if (policy === "none") return undefined;
  const test = policy === "all" ? canGoHome : isSafeHome;
  for (let i = 0; i < state.cells.length; i++) {
    const c = state.cells[i];
    if (c !== null && test(state, c)) return { from: cell(i), to: foundation(suitOf(c)), count: 1 };
  }
  for (let i = 0; i < state.cascades.length; i++) {
    const col = state.cascades[i];
    if (col.length > 0 && test(state, col[col.length - 1])) {
      return { from: cascade(i), to: foundation(suitOf(col[col.length - 1])), count: 1 };
    }
  }
  return undefined;
}

/** Every automatic foundation move the policy makes from `state`, in order, and the state they lead to. */
export function autoMoves(state: FreeCellState, policy: AutoPolicy): { moves: Move[]; state: FreeCellState } {
  const moves: Move[] = [];
  for (let move = nextAutoMove(state, policy); move; move = nextAutoMove(state, policy)) {
    moves.push(move);
    state = applyUnchecked(state, move);
  }
  return { moves, state };
}

/** All 52 cards in the state, for invariant checks. */
export function cardsInState(state: FreeCellState): Card[] {
  const out: Card[] = [];
  state.foundations.forEach((rank, s) => {
    for (let r = ACE; r <= rank; r++) out.push((r - 1) * 4 + s);
  });
  for (const c of state.cells) if (c !== null) out.push(c);
  for (const col of state.cascades) out.push(...col);
  return out;
}

export function emptyState(rules: FreeCellRules): FreeCellState {
  return {
    rules,
    cascades: Array.from({ length: rules.cascades }, () => []),
    cells: Array.from({ length: rules.cells }, () => null),
    foundations: [0, 0, 0, 0],
  };
}

export function describeCard(c: Card): string {
  return cardName(c);
}

export function suitLetterOf(c: Card): string {
  return SUIT_LETTERS[suitOf(c)];
}

export { IllegalMoveError, RulesError };
