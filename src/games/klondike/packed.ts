import type { Card } from "../../cards/card.ts";
import type { SearchDomain } from "../../search/domain.ts";
import type { NearField, VisitedTable } from "../../search/key-set.ts";
import type { KlondikeRules, KlondikeState } from "./rules.ts";

/**
 * The solver's position: thoughtful Klondike (every card known) reduced to what decides the game.
 *
 * **The tableau as a set.** Call two face-up cards of the same rank and colour twins (the 9 of spades and the 9 of
 * clubs). Exchanging what lies on two twins gives an equivalent position: anything one can do, the other can do
 * with at most one extra move (the run on one twin moved onto the other when that one is uncovered, just before
 * it goes home); docs/klondike.md has the proof. Every arrangement of the face-up cards that the piles' bases
 * allow is reached by such exchanges, so a position is determined by *which* cards are face up in the piles,
 * which card of each pile lies on its face-down cards (its base), the foundations and the stock. The face-up set
 * is what the rest leaves, and the bases follow from how many of each pile's dealt cards remain, so the whole
 * position packs into 61 bits: foundations (16), the dealt cards left in each pile (16, mixed radix), the stock
 * cards left (24) and where the stock stands (5), plus the passes made when the rules limit them.
 *
 * In this view a run moved from twin to twin changes nothing and is not a move; what remains is a card to a
 * foundation (from a pile when it or its twin is uncovered), a pile's base moved with its run (turning up the
 * card under it, or emptying the pile), a stock card played, and a card back off a foundation.
 *
 * **The stock as a set.** Playing a stock card means turning cards until it shows, then playing it; turns and
 * other moves commute, so a move takes any stock card that some number of turns would show (with a pass limit,
 * turning the waste over counts a pass and the passes made are part of the position). Under unlimited passes a
 * waste whose size is a multiple of the draw (or the whole stock) reaches exactly what an empty waste reaches,
 * and is stored as one.
 *
 * **Forced moves** are the safe moves home of Solvitaire's proven dominance (`isSafeHome`), from the piles, and
 * from the stock: any card when drawing one card with unlimited passes (where any stock card can be had at any
 * time), else only the stock's last card at a pass boundary (`lastStockHome`).
 * A card that is safe home is never taken back off its foundation (it would go straight up again).
 */

export const P2F = 0; // a face-up pile card (or its twin's place) to its foundation
export const T2F = 1; // a stock card to its foundation
export const T2P = 2; // a stock card onto a pile
export const BASE = 3; // a pile's base with its run onto another pile (or a king to an empty pile)
export const F2P = 4; // a foundation's top card back onto a pile
export const RECYCLE = 5; // (score search only) turn the rest of the stock and the waste over: a new pass

/** A solver move: what it does, in the engine's terms, for turning a solution into engine moves. */
export interface PackedMove {
  kind: "pile-home" | "stock-home" | "stock-pile" | "base" | "foundation-pile" | "recycle";
  /** The card that moves (for "base", the base card of the pile). */
  card: Card;
  /** For "base": the pile whose base moves. */
  pile?: number;
}

const KIND_NAMES: PackedMove["kind"][] = [
  "pile-home",
  "stock-home",
  "stock-pile",
  "base",
  "foundation-pile",
  "recycle",
];

const VIS = 0;
const HIDDEN = 1;
const TALON = 2;
const HOME = 3;

/** Move layout: bits 0-5 card, 6-8 kind, 9-13 waste size at which a stock card shows, 14 a pass used, 15-17 pile. */
const move = (kind: number, card: number, q = 0, recycled = 0, pile = 0): number =>
  card | (kind << 6) | (q << 9) | (recycled << 14) | (pile << 15);
export const moveKind = (m: number): number => (m >> 6) & 7;
/** Set on the moves `forced` makes: they leave the pending placement alone. */
const FORCED = 1 << 18;
/** Set on a forced move home of the pending card's twin: its run went onto the pending card, which is its use. */
const CLEARS = 1 << 19;
/** `pending` after a pile was emptied: the next move puts a king there. */
const PENDING_SPACE = 64;
/**
 * Whether a move of card c may follow what is pending: anything when nothing is, a king after a pile was
 * emptied, else a card of `childClass` (the class below the card put down). A plain function, not a closure:
 * closures made in a hot loop cost an allocation (and a name helper under tsx) each time.
 */
function wants(pending: number, childClass: number, c: number): boolean {
  if (pending === 0) return true;
  return pending === PENDING_SPACE ? (c >> 2) + 1 === KING_RANK : cls(c) === childClass;
}

/** The other card of the same rank and colour. */
const twinOf = (c: number) => (c & ~3) | (3 - (c & 3));
export const moveCard = (m: number): number => m & 63;

const rankOf = (c: number) => (c >> 2) + 1;
const isRedCard = (c: number) => ((c & 3) === 1 || (c & 3) === 2 ? 1 : 0);
/** Class of a card: rank and colour (twins share it). */
const cls = (c: number) => ((c >> 2) << 1) | isRedCard(c);
const KING_RANK = 13;
/** Local copies of shared constants: imported bindings cost a getter call on every use in a hot loop under tsx. */
const PILES = 7;
/** Weights of the mixed-radix count of dealt cards left: pile p holds 0..p+1 of them. */
const N_WEIGHT = [1, 2, 6, 24, 120, 720, 5040];

/** MurmurHash3's finaliser (as src/search/state-table.ts's mix32, inlined for the same reason). */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** rules.ts's isSafeHome on the packed foundations (see there for the rule and its source). */
function safeHome(f: Int8Array, c: number, worry: boolean): boolean {
  const r = (c >> 2) + 1;
  const s = c & 3;
  const opp = s === 1 || s === 2 ? Math.min(f[0], f[3]) : Math.min(f[1], f[2]);
  if (r <= opp + 2 && r <= f[3 - s] + 3) return true;
  return !worry && r <= opp + 1;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 63;
}

export class KlondikePosition implements SearchDomain<KlondikeState, PackedMove> {
  readonly keyWords: number;
  readonly maxMoves = 128;
  readonly draw: number;
  readonly unlimited: boolean;
  readonly maxRecycles: number;
  readonly worry: boolean;
  /** Draw one with unlimited passes: every stock card can be had at any time. */
  readonly freeStock: boolean;

  // Fixed at load: each pile's dealt cards still there when loaded (face-down ones and the base), the stock.
  private readonly orig = new Int8Array(PILES * 8);
  private readonly origLen = new Int8Array(PILES);
  private readonly talon = new Int8Array(24);
  private readonly talonIndex = new Int8Array(52);
  /** For a card dealt to a pile: which pile (else -1). */
  private readonly cardPile = new Int8Array(52);

  // The position.
  readonly f = new Int8Array(4);
  readonly n = new Int8Array(PILES);
  talonMask = 0;
  /** Stock cards in the waste (the waste's top is the talon's waste-th card still there). */
  waste = 0;
  recycles = 0;
  /**
   * A placement waiting for its use. A stock card is worth putting on a pile only for what that lets happen:
   * a card of the class below put on it, or its twin's run moved onto it so that the twin goes home. A move
   * that is neither and leaves the stock alone could as well have come before the placement (the two commute),
   * so the search makes a placement only right before a use: `pending` is 1 + the card, and the next move must
   * use it (or a forced move of the twin does). When drawing one card with unlimited passes, where any stock card
   * can be had at any time, stock moves commute with it too and must also be uses; otherwise any stock move may
   * follow, and a new placement takes the pending place. Likewise a pile is emptied only right before a king
   * moves into it (PENDING_SPACE). 0: nothing pending. It is part of the position's key. (Cards taken back off a
   * foundation are not treated so: one move can be the use of two of them, the king of hearts and the king of
   * spades both down for the queen of hearts.)
   */
  pending = 0;
  readonly loc = new Uint8Array(52);
  /** Whether a face-up card is a pile's base (lies on the pile's face-down cards or at its bottom). */
  private readonly isBase = new Uint8Array(52);
  /** Face-up pile cards of each class; of those, the ones lying on another card (not a base, not a king). */
  private readonly visCount = new Int8Array(28);
  private readonly childCount = new Int8Array(28);
  private zeroPiles = 0;
  /** The dealt cards left in each pile, as one mixed-radix number (pile p counts 0..p+1): kept as they change. */
  private nEnc = 0;
  private hidden = 0;

  private undoStack = new Int32Array(1024);
  private undoTop = 0;
  private readonly seq = new Int8Array(24);

  /**
   * With `score`, the position serves the search for the highest score (max-score.ts), where how a card gets
   * somewhere counts: no forced moves, no waiting placements from the stock, the stock's place and the passes
   * made kept as they are (a pass costs points), turning the waste over a move of its own.
   */
  readonly scoreMode: boolean;

  constructor(rules: KlondikeRules, options: { score?: boolean } = {}) {
    this.scoreMode = options.score ?? false;
    this.draw = rules.draw;
    this.unlimited = rules.passes === null;
    this.maxRecycles = rules.passes === null ? Number.POSITIVE_INFINITY : rules.passes - 1;
    this.worry = rules.fromFoundation;
    this.freeStock = !this.scoreMode && this.draw === 1 && this.unlimited;
    // Without a pass limit the search's key fits two words (see `encode`); the score search and a pass limit keep
    // the passes made in a third.
    this.keyWords = this.unlimited && !this.scoreMode ? 2 : 3;
  }

  load(state: KlondikeState): void {
    this.orig.fill(-1);
    this.cardPile.fill(-1);
    this.talonIndex.fill(-1);
    this.isBase.fill(0);
    this.visCount.fill(0);
    this.childCount.fill(0);
    this.zeroPiles = 0;
    this.hidden = 0;
    this.undoTop = 0;
    this.loc.fill(HOME);
    for (let s = 0; s < 4; s++) this.f[s] = state.foundations[s];
    for (let p = 0; p < PILES; p++) {
      const cards = state.piles[p];
      const down = state.faceDown[p];
      if (down > p || (cards.length > 0 && down >= cards.length)) {
        throw new RangeError(`pile ${p + 1} is not a Klondike pile (${down} face-down cards)`);
      }
      const dealt = cards.length === 0 ? 0 : down + 1;
      this.origLen[p] = dealt;
      for (let i = 0; i < dealt; i++) {
        this.orig[p * 8 + i] = cards[i];
        this.cardPile[cards[i]] = p;
      }
      for (let i = 0; i < down; i++) this.loc[cards[i]] = HIDDEN;
      this.hidden += down;
      this.n[p] = dealt;
      if (dealt > 0) this.isBase[cards[down]] = 1;
      for (let i = down; i < cards.length; i++) this.show(cards[i]);
      if (dealt === 1 && rankOf(cards[0]) === KING_RANK) {
        // A king at the bottom of a pile is a king in a space: the pile is as good as one that was emptied.
        this.isBase[cards[0]] = 0;
        this.n[p] = 0;
      }
      if (this.n[p] === 0) this.zeroPiles++;
    }
    this.nEnc = 0;
    for (let p = 0; p < PILES; p++) this.nEnc += this.n[p] * N_WEIGHT[p];
    const talon = [...state.waste, ...state.stock.slice().reverse()];
    if (talon.length > 24) throw new RangeError("the stock and the waste hold more than 24 cards");

    talon.forEach((c, i) => {
      this.talon[i] = c;
      this.talonIndex[c] = i;
      this.loc[c] = TALON;
    });
    this.talonMask = (1 << talon.length) - 1;
    this.waste = this.normalWaste(state.waste.length, talon.length);
    this.recycles = this.unlimited && !this.scoreMode ? 0 : state.recycles;
    this.pending = 0;
  }

  /** A face-up card appears (its base flag already set when it is one). */
  private show(c: number): void {
    this.loc[c] = VIS;
    const k = cls(c);
    this.visCount[k]++;
    if (!this.isBase[c] && rankOf(c) !== KING_RANK) this.childCount[k]++;
  }

  private unshow(c: number): void {
    const k = cls(c);
    this.visCount[k]--;
    if (!this.isBase[c] && rankOf(c) !== KING_RANK) this.childCount[k]--;
  }

  /** Uncovered face-up cards a card `c` could be placed on (rank + 1, other colour). */
  private parentsFor(c: number): number {
    const k = cls(c) + 2; // one rank up, same colour
    const parent = k ^ 1; // the other colour
    return this.visCount[parent] - this.childCount[cls(c)];
  }

  /** Uncovered twins of `c` or `c` itself: whether c can be brought to the top of a pile. */
  private reachable(c: number): boolean {
    const k = cls(c);
    const below = k - 2; // one rank down, same colour
    const children = below >= 0 ? this.childCount[below ^ 1] : 0;
    return this.visCount[k] - children > 0;
  }

  /** Spaces: piles with none of their dealt cards left, less the kings lying in them. */
  private empties(): number {
    let kingsIn = this.visCount[(KING_RANK - 1) << 1] + this.visCount[((KING_RANK - 1) << 1) | 1];
    for (let p = 0; p < PILES; p++) {
      const n = this.n[p];
      if (n > 0 && rankOf(this.orig[p * 8 + n - 1]) === KING_RANK) kingsIn--;
    }
    return this.zeroPiles - kingsIn;
  }

  /** Kings that could still use a space: not home (unless cards come back), not already lying in one. */
  private kingsWanting(): number {
    let count = 0;
    for (let s = 0; s < 4; s++) {
      const king = (KING_RANK - 1) * 4 + s;
      const where = this.loc[king];
      if (where === HIDDEN || where === TALON || (where === HOME && this.worry)) count++;
      else if (where === VIS && this.isBase[king]) count++;
    }
    return count;
  }

  private normalWaste(waste: number, len: number): number {
    if (!this.unlimited || this.scoreMode) return waste;
    return waste === len || waste % this.draw === 0 ? 0 : waste;
  }

  private push(x: number): void {
    if (this.undoTop === this.undoStack.length) {
      const bigger = new Int32Array(this.undoStack.length * 2);
      bigger.set(this.undoStack);
      this.undoStack = bigger;
    }
    this.undoStack[this.undoTop++] = x;
  }

  /** The base of pile p leaves it (home, or with its run onto another pile): the card under it turns up. */
  private popBase(p: number): void {
    const old = this.n[p];
    this.push(old);
    this.isBase[this.orig[p * 8 + old - 1]] = 0;
    let n = old - 1;
    if (n >= 1) {
      const b = this.orig[p * 8 + n - 1];
      this.hidden--;
      this.isBase[b] = 1;
      this.show(b);
      if (n === 1 && rankOf(b) === KING_RANK) {
        // See load: a king alone at the bottom is a king in a space.
        this.isBase[b] = 0;
        n = 0;
      }
    }
    this.nEnc += (n - old) * N_WEIGHT[p];
    this.n[p] = n;
    if (n === 0) this.zeroPiles++;
  }

  private unpopBase(p: number): void {
    const old = this.undoStack[--this.undoTop];
    if (this.n[p] === 0) this.zeroPiles--;
    if (old - 1 >= 1) {
      const b = this.orig[p * 8 + old - 2];
      this.isBase[b] = 1;
      this.unshow(b);
      this.isBase[b] = 0;
      this.loc[b] = HIDDEN;
      this.hidden++;
    }
    this.nEnc += (old - this.n[p]) * N_WEIGHT[p];
    this.n[p] = old;
    this.isBase[this.orig[p * 8 + old - 1]] = 1;
  }

  /** The stock cards still there, in the order turned, into `seq`; returns how many. */
  private talonSeq(): number {
    let len = 0;
    let mask = this.talonMask;
    while (mask !== 0) {
      const i = 31 - Math.clz32(mask & -mask);
      this.seq[len++] = this.talon[i];
      mask &= mask - 1;
    }
    return len;
  }

  /** The moves of the stock card the waste shows at size q (after a pass when `recycled`). */
  private stockMoves(q: number, recycled: number, empties: number, out: Int32Array, at: number): number {
    const d = this.seq[q - 1];
    const pending = this.pending;
    // With a stock whose order matters, any stock move may follow a placement (the two do not commute).
    if (pending !== 0 && (this.freeStock || pending === PENDING_SPACE)) {
      const wanted =
        pending === PENDING_SPACE ? (d >> 2) + 1 === KING_RANK : cls(d) === ((cls(pending - 1) - 2) ^ 1);
      if (!wanted) return at;
    } else if (this.f[d & 3] === d >> 2) out[at++] = move(T2F, d, q, recycled);
    if ((d >> 2) + 1 === KING_RANK ? empties > 0 : this.parentsFor(d) > 0)
      out[at++] = move(T2P, d, q, recycled);
    return at;
  }

  isWon(): boolean {
    const f = this.f;
    if (f[0] + f[1] + f[2] + f[3] === 52) return true;
    if (this.scoreMode) return false;
    // Every card face up and the stock at hand: the lowest card not home is always free to go, so it is won.
    if (this.hidden !== 0) return false;
    const left = popcount(this.talonMask);
    return left <= 1 || this.freeStock;
  }

  /**
   * The waste's size in the two-word key drawing more than one card: `dominated` looks up the sizes of a position
   * in turn, so a `KeySet` keeps them in one stretch of slots (undefined: nothing gained).
   */
  get nearField(): NearField | undefined {
    return this.keyWords === 2 && this.draw > 1 ? { word: 1, shift: 24, bits: 5 } : undefined;
  }

  /** The search's table of positions seen, for the stock dominance (see `dominated`). */
  private table: VisitedTable | undefined;
  private readonly probe = new Uint32Array(3);

  /** Lets `generate` look up positions already searched (the table of the search that runs this domain). */
  attach(table: VisitedTable | undefined): void {
    this.table = table;
  }

  /**
   * Whether a position that reaches at least the same stock cards, all else equal, was already searched: then
   * this one needs no search of its own (any win from it is a win from that one, move for move). With
   * unlimited passes a waste of size p shows, after turns and turning the waste over, the cards at sizes p,
   * p + k, p + 2k ..., the last card, and every multiple of the draw k; so the waste sizes p' < p with the same
   * remainder, and every size for a waste whose size is a multiple of k (stored as 0), reach a superset.
   */
  private dominated(): boolean {
    const table = this.table as VisitedTable;
    const len = popcount(this.talonMask);
    const k = this.draw;
    const p = this.waste;
    const key = this.probe;
    this.encode(key);
    // The stock cards left and the pending space (two-word key) stay; the waste's size is what varies.
    const w1 = this.talonMask | (key[1] & 0xe0000000);
    const tail = this.keyWords === 3 ? Math.imul(key[2], 0x9e3779b1) : 0;
    for (let q = p === 0 ? 1 : p % k; q < (p === 0 ? len : p); q += p === 0 ? 1 : k) {
      if (p === 0 && q % k === 0) continue;
      key[1] = (w1 | (q << 24)) >>> 0;
      if (table.findOrInsert(key, mix(key[0] ^ mix(key[1] ^ tail)), false) >= 0) return true;
    }
    return false;
  }

  generate(_mode: number, out: Int32Array, at: number): number {
    if (
      this.table !== undefined &&
      this.unlimited &&
      this.draw > 1 &&
      this.talonMask !== 0 &&
      this.dominated()
    ) {
      return at;
    }
    const f = this.f;
    const empties = this.empties();
    // After a card was put on a pile only to take a card (see `pending`), only moves that take one: a card of the
    // class below onto it, or its twin home (its run moved onto it). After a pile was emptied, only a king into it.
    const pending = this.pending;
    const space = pending === PENDING_SPACE;
    const childClass = pending > 0 && !space ? (cls(pending - 1) - 2) ^ 1 : -1;
    // Bases that turn a card up.
    for (let p = 0; p < PILES; p++) {
      const n = this.n[p];
      if (n < 2) continue;
      const b = this.orig[p * 8 + n - 1];
      if (!wants(pending, childClass, b)) continue;
      if ((b >> 2) + 1 === KING_RANK ? empties > 0 : this.parentsFor(b) > 0)
        out[at++] = move(BASE, b, 0, 0, p);
    }
    // Pile cards home (the safe ones were forced already); after a card was put down, only its twin.
    for (let s = 0; s < 4; s++) {
      if (f[s] === KING_RANK) continue;
      const c = f[s] * 4 + s;
      if (pending !== 0 && (space || c !== twinOf(pending - 1))) continue;
      if (this.loc[c] === VIS && this.reachable(c)) out[at++] = move(P2F, c);
    }
    // Stock cards: each one some turns (and at most one pass) would show.
    const len = this.talonSeq();
    if (len > 0 && this.scoreMode) {
      // The score search turns the waste over as a move of its own (it costs points): only this pass here.
      const k = this.draw;
      const p = this.waste;
      if (p > 0) at = this.stockMoves(p, 0, empties, out, at);
      for (let q = p + k; q < len; q += k) at = this.stockMoves(q, 0, empties, out, at);
      if (p < len) at = this.stockMoves(len, 0, empties, out, at);
      // A pass from an empty waste would give back this very position with a pass more and no more points.
      if (this.recycles < this.maxRecycles && p > 0) out[at++] = move(RECYCLE, 0);
    } else if (len > 0) {
      const k = this.draw;
      const p = this.waste;
      if (p > 0) at = this.stockMoves(p, 0, empties, out, at);
      for (let q = p + k; q < len; q += k) at = this.stockMoves(q, 0, empties, out, at);
      if (p < len) at = this.stockMoves(len, 0, empties, out, at);
      if (this.recycles < this.maxRecycles) {
        // Passes are counted only where they are limited: otherwise the count would only split equal positions.
        const pass = this.unlimited ? 0 : 1;
        for (let q = k; q < len; q += k)
          if (q < p || (q - p) % k !== 0) at = this.stockMoves(q, pass, empties, out, at);
      }
    }
    // Bases that empty their pile: only worth it while a king could use the space.
    if (!space) {
      let wanting = -1;
      for (let p = 0; p < PILES; p++) {
        if (this.n[p] !== 1) continue;
        const b = this.orig[p * 8];
        if ((b >> 2) + 1 === KING_RANK || !wants(pending, childClass, b) || this.parentsFor(b) === 0)
          continue;
        if (wanting < 0) wanting = this.kingsWanting();
        if (wanting > empties) out[at++] = move(BASE, b, 0, 0, p);
      }
    }
    // Cards back off the foundations (never one that would go straight back up).
    if (this.worry) {
      for (let s = 0; s < 4; s++) {
        const r = f[s];
        if (r === 0) continue;
        const c = (r - 1) * 4 + s;
        // A card taken back off a foundation is also used by taking the one under it back too.
        if (!wants(pending, childClass, c)) continue;
        f[s]--;
        const safe = !this.scoreMode && safeHome(f, c, true);
        f[s]++;
        if (safe) continue;
        if (r === KING_RANK ? empties > 0 : this.parentsFor(c) > 0) out[at++] = move(F2P, c);
      }
    }
    return at;
  }

  apply(m: number): void {
    if ((m & FORCED) === 0) {
      this.push(this.pending);
      const kind = (m >> 6) & 7;
      const c = m & 63;
      if (kind === T2P && this.freeStock) this.pending = 1 + c;
      else if (kind === BASE && this.n[(m >> 15) & 7] === 1) this.pending = PENDING_SPACE;
      else this.pending = 0;
    }
    this.doMove(m);
  }

  undo(m: number): void {
    this.undoMove(m);
    if ((m & FORCED) === 0 || (m & CLEARS) !== 0) this.pending = this.undoStack[--this.undoTop];
  }

  private doMove(m: number): void {
    const c = m & 63;
    switch ((m >> 6) & 7) {
      case P2F: {
        const base = this.isBase[c];
        this.unshow(c);
        this.loc[c] = HOME;
        this.f[c & 3]++;
        if (base) this.popBase(this.cardPile[c]);
        this.push(base);
        break;
      }
      case RECYCLE:
        this.push(this.waste);
        this.waste = 0;
        this.recycles++;
        break;
      case T2F:
      case T2P: {
        this.push(this.waste);
        const q = (m >> 9) & 31;
        this.talonMask &= ~(1 << this.talonIndex[c]);
        this.recycles += (m >> 14) & 1;
        this.waste = this.normalWaste(q - 1, popcount(this.talonMask));
        if (((m >> 6) & 7) === T2F) {
          this.loc[c] = HOME;
          this.f[c & 3]++;
        } else this.show(c);
        break;
      }
      case BASE: {
        const p = (m >> 15) & 7;
        this.unshow(c);
        this.popBase(p);
        this.show(c);
        break;
      }
      case F2P:
        this.f[c & 3]--;
        this.show(c);
        break;
    }
  }

  private undoMove(m: number): void {
    const c = m & 63;
    switch ((m >> 6) & 7) {
      case P2F: {
        this.f[c & 3]--;
        if (this.undoStack[--this.undoTop]) this.unpopBase(this.cardPile[c]);
        this.show(c);
        break;
      }
      case T2F:
      case T2P: {
        if (((m >> 6) & 7) === T2F) this.f[c & 3]--;
        else this.unshow(c);
        this.loc[c] = TALON;
        this.talonMask |= 1 << this.talonIndex[c];
        this.recycles -= (m >> 14) & 1;
        this.waste = this.undoStack[--this.undoTop];
        break;
      }
      case RECYCLE:
        this.recycles--;
        this.waste = this.undoStack[--this.undoTop];
        break;
      case BASE: {
        const p = (m >> 15) & 7;
        this.isBase[c] = 0;
        this.unshow(c);
        this.unpopBase(p);
        this.show(c);
        break;
      }
      case F2P:
        this.unshow(c);
        this.loc[c] = HOME;
        this.f[c & 3]++;
        break;
    }
  }

  forced(_after: number, out: Int32Array, at: number): number {
    if (this.scoreMode) return at;
    const f = this.f;
    for (let s = 0; s < 4; s++) {
      if (s === 0) {
        const last = this.lastStockHome();
        if (last >= 0) {
          // The stock's last card went home (see lastStockHome); then look again from the first suit.
          out[at++] = last;
          s = -1;
          continue;
        }
      }
      if (f[s] === KING_RANK) continue;
      const c = f[s] * 4 + s;
      const where = this.loc[c];
      if (where === VIS) {
        if (!this.reachable(c) || !safeHome(f, c, this.worry)) continue;
        let m = move(P2F, c) | FORCED;
        if (this.pending > 0 && this.pending !== PENDING_SPACE && twinOf(this.pending - 1) === c) {
          m |= CLEARS;
          this.push(this.pending);
          this.pending = 0;
        }
        this.doMove(m);
        out[at++] = m;
        s = -1;
      } else if (where === TALON && this.freeStock) {
        if (!safeHome(f, c, this.worry)) continue;
        const q = this.seqIndexOf(c) + 1;
        const m = move(T2F, c, q, 0) | FORCED;
        this.doMove(m);
        out[at++] = m;
        s = -1;
      }
    }
    return at;
  }

  /**
   * The stock's last card home when it is safe (T2, docs/klondike.md "The stock's last card"): drawing more than one
   * card, or under a pass limit, with nothing pending and the waste at a pass boundary (unlimited passes: stored as
   * 0; a pass limit: the whole talon turned, the card on top), the card every pass shows last goes home when
   * `safeHome` says so. Taking it out of the stock shifts no other card's turn, so it commutes with every stock move.
   * Makes the move and returns it, or returns -1.
   */
  private lastStockHome(): number {
    const mask = this.talonMask;
    if (this.freeStock || this.pending !== 0 || mask === 0) return -1;
    const len = popcount(mask);
    if (this.unlimited ? this.waste !== 0 : this.waste !== len) return -1;
    const d = this.talon[31 - Math.clz32(mask)];
    if (this.f[d & 3] !== d >> 2 || !safeHome(this.f, d, this.worry)) return -1;
    const m = move(T2F, d, len, 0) | FORCED;
    this.doMove(m);
    return m;
  }

  /** How many stock cards still there come before c in the order turned. */
  private seqIndexOf(c: number): number {
    const i = this.talonIndex[c];
    return popcount(this.talonMask & ((1 << i) - 1));
  }

  hash(): number {
    const f = this.f;
    const w0 = (f[0] | (f[1] << 4) | (f[2] << 8) | (f[3] << 12) | (this.nEnc << 16)) >>> 0;
    const w1 = (this.talonMask | (this.waste << 24)) >>> 0;
    return mix(w0 ^ mix(w1 ^ Math.imul(this.keyRecycles() | (this.pending << 8), 0x9e3779b1)));
  }

  /**
   * The key: word 0 the foundations (4 bits each) and the dealt cards left (mixed radix, 16 bits); word 1 the
   * stock cards left (24 bits) and the waste's size (5 bits). With a pass limit, or for the score search, word 2
   * holds the passes made and the pending placement. Without a pass limit the pending placement fits word 1's top
   * bits instead: drawing one, the waste's size is always stored as 0 and the pending value (0 to 64) takes bits
   * 24 to 30; drawing more, only a pending space can be pending (placements wait only when any stock card can be
   * had at any time), one bit, 29.
   */
  encode(out: Uint32Array): void {
    const f = this.f;
    out[0] = f[0] | (f[1] << 4) | (f[2] << 8) | (f[3] << 12) | (this.nEnc << 16);
    if (this.keyWords === 2) {
      out[1] = this.freeStock
        ? (this.talonMask | (this.pending << 24)) >>> 0
        : (this.talonMask | (this.waste << 24) | (this.pending === PENDING_SPACE ? 1 << 29 : 0)) >>> 0;
      return;
    }
    out[1] = this.talonMask | (this.waste << 24);
    out[2] = this.keyRecycles() | (this.pending << 8);
  }

  /**
   * The passes made, as far as they matter: all of them under a pass limit; with none, only what the score
   * search's penalties still tell apart (drawing one every pass costs the same; drawing three, the third on).
   */
  private keyRecycles(): number {
    if (!this.unlimited || !this.scoreMode) return this.recycles;
    return this.draw === 1 ? 0 : Math.min(this.recycles, 2);
  }

  /**
   * What a move adds to the score (before the standard score's floor at 0), read before it is made: standard
   * scoring 10 a card home, 5 a stock card onto a pile, 5 a face-down card turned up, -15 a card back off a
   * foundation, a pass as rules.ts's recyclePenalty; Vegas 5 a card home, -5 a card back.
   */
  gain(m: number, vegas: boolean): number {
    const c = m & 63;
    const kind = (m >> 6) & 7;
    if (vegas) return kind === P2F || kind === T2F ? 5 : kind === F2P ? -5 : 0;
    switch (kind) {
      case P2F:
        return 10 + (this.isBase[c] && this.n[this.cardPile[c]] >= 2 ? 5 : 0);
      case T2F:
        return 10;
      case T2P:
        return 5;
      case BASE:
        return this.n[(m >> 15) & 7] >= 2 ? 5 : 0;
      case F2P:
        return -15;
      default:
        return this.draw === 1 ? -100 : this.recycles + 1 >= 3 ? -20 : 0;
    }
  }

  /**
   * An upper bound on the score of any line from here, reached with `score`. Every gain is counted once: 10 (Vegas
   * 5) each card not home going home, 5 each face-down card turned up, 5 each stock card played onto a pile; a card
   * back off a foundation costs more (15, Vegas 5) than its going home again brings (10, Vegas 5). Standard
   * scoring stops at 0, though: a move that would take it below gives back the rest, and from 0 cards taken back
   * for nothing score again when they go home. So with cards allowed back a line that touches 0 may end with up to
   * 10 for every card (520) plus the turns and stock plays left; without, the cards not home only become fewer and
   * the bound from 0 is never above the one from `score`.
   */
  bound(score: number, vegas: boolean): number {
    const left = 52 - this.home;
    if (vegas) return score + 5 * left;
    const rest = 5 * this.hidden + 5 * popcount(this.talonMask);
    const plain = score + 10 * left + rest;
    return this.worry ? Math.max(plain, 520 + rest) : plain;
  }

  toMove(m: number): PackedMove {
    const kind = KIND_NAMES[(m >> 6) & 7];
    const card = m & 63;
    return kind === "base" ? { kind, card, pile: (m >> 15) & 7 } : { kind, card };
  }

  /** Cards still face down in the piles. */
  get faceDownLeft(): number {
    return this.hidden;
  }

  /** Cards left in the stock and the waste. */
  get stockLeft(): number {
    return popcount(this.talonMask);
  }

  /** Cards on the foundations. */
  get home(): number {
    return this.f[0] + this.f[1] + this.f[2] + this.f[3];
  }
}
