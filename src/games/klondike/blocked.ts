import { type Card, cardName } from "../../cards/card.ts";

/**
 * Blocked positions: a proof, without searching, that no play wins a Klondike position (every card known).
 *
 * The search of a deal that cannot be won must visit every position it can reach before it may say so: tens of
 * millions for the hardest deals. Many of those deals are lost for a reason plain at the start, a card buried
 * under cards that can never move out of its way. Two arguments find them here; docs/klondike.md ("Blocked
 * positions") has the proofs.
 *
 * **What can ever happen.** A least fixpoint of three kinds of event, each allowed only once something that
 * must come before it is allowed: a card *leaves* its place in a pile (as the head of what it carries: it must be
 * uncovered first if it is face down, and have somewhere to go: its foundation when the card below it in its suit
 * can get home and nothing lies on it, a card one rank higher of the other colour that can be uncovered, or a space
 * for a king); a card is *uncovered* once the card lying on it has left; a card gets *home* once the one below it
 * in its suit can and it can be uncovered. Stock and waste cards count as always at hand, and so do cards on the
 * foundations when cards may come back. Every real play is a sequence of such events, each with what it needs
 * happening before it, so the events the fixpoint leaves out never happen: a card it never sends home means the
 * position is lost. The fixpoint over-approximates (a card it lets move may still be stuck in every real play)
 * and never the other way.
 *
 * **Twins that need one parent.** The fixpoint ignores that a card lying on a parent takes it: two cards can
 * each move onto the one parent they have, but not both at once. Let X be face down with its twin X' (the other
 * card of its rank and colour) somewhere above it in the same pile, and one parent Y of X (and of X') under X;
 * let neither X' nor the card below X in its suit be able to get home unless X leaves (the fixpoint with X held
 * in place says so). Before X is uncovered, X' must lie on the other parent Y': it either left as a head, and
 * could go nowhere else, or lies face up in a run, on a parent, and Y is under X. It stays there (home and Y are
 * out of its reach while X stays), so X has nowhere to go when it is uncovered: Y is under it, Y' is taken, it
 * cannot go home, and it is no king. X never leaves, so the fixpoint with X held in place covers every play, and
 * X itself never gets home.
 */
export interface BlockedView {
  /** Each pile's cards, bottom first. */
  piles: readonly (readonly Card[])[];
  /** How many of each pile's cards are face down (the bottom ones). */
  faceDown: readonly number[];
  /** The rank on top of each foundation (0 when empty), by suit. */
  foundations: ArrayLike<number>;
  /** Whether cards may come back off the foundations. */
  rules: { fromFoundation: boolean };
}

const KING = 13;
const rank = (c: number) => (c >> 2) + 1;
const isRed = (c: number) => (c & 3) === 1 || (c & 3) === 2;
/** The other card of the same rank and colour. */
const twinOf = (c: number) => (c & ~3) | (3 - (c & 3));

/** Where a card is, for the analysis. */
const IN_PILE = 0;
const AT_HAND = 1; // stock or waste: some turns show it (over-approximated: always)
const HOME = 2;

/**
 * Why the position is lost, in words, when one of the two arguments proves it; undefined when neither does (it
 * may still be lost: only a search can tell).
 */
export function blockedReason(view: BlockedView): string | undefined {
  const b = new Blockade(view);
  const stuck = b.neverHome(-1);
  if (stuck >= 0)
    return `the ${cardName(stuck)} can never get home: the cards over it in its pile can never all move out of its way`;
  const squeeze = b.squeeze();
  if (squeeze !== undefined) {
    const [x, y] = squeeze;
    return (
      `the ${cardName(x)} can never move: the ${cardName(y)} lies under it, and the ${cardName(twinOf(x))}, ` +
      `which lies over it, must first take the other card it could go on`
    );
  }
  return undefined;
}

class Blockade {
  private readonly where = new Uint8Array(52);
  private readonly pileOf = new Int8Array(52).fill(-1);
  private readonly indexOf = new Int8Array(52);
  private readonly leaves = new Uint8Array(52);
  private readonly home = new Uint8Array(52);
  private space = false;

  constructor(private readonly view: BlockedView) {
    this.where.fill(AT_HAND);
    view.piles.forEach((cards, p) => {
      cards.forEach((c, i) => {
        this.where[c] = IN_PILE;
        this.pileOf[c] = p;
        this.indexOf[c] = i;
      });
    });
    for (let s = 0; s < 4; s++)
      for (let r = 1; r <= view.foundations[s]; r++) this.where[(r - 1) * 4 + s] = HOME;
  }

  /** Whether c is ever uncovered (the top of its pile), in the fixpoint so far. */
  private uncovered(c: number): boolean {
    if (this.where[c] !== IN_PILE) return this.where[c] === AT_HAND;
    const cards = this.view.piles[this.pileOf[c]];
    const i = this.indexOf[c];
    return i === cards.length - 1 || this.leaves[cards[i + 1]] === 1;
  }

  /** Whether c can ever be a pile's top card for another card to go on. */
  private atHandAsParent(c: number): boolean {
    if (this.where[c] === HOME) return this.view.rules.fromFoundation;
    return this.uncovered(c);
  }

  private homeReady(c: number): boolean {
    return rank(c) === 1 || this.home[c - 4] === 1;
  }

  /** Whether some card of the other colour one rank higher can be uncovered for c to go on. */
  private parentAtHand(c: number): boolean {
    if (rank(c) === KING) return false;
    const up = c + 4;
    const red = isRed(c);
    for (let s = 0; s < 4; s++) {
      const parent = (up & ~3) | s;
      if (isRed(parent) !== red && this.atHandAsParent(parent)) return true;
    }
    return false;
  }

  /** Runs the fixpoint with card `held` (or none: -1) kept from leaving its place. */
  private fixpoint(held: number): void {
    const { piles, faceDown } = this.view;
    this.leaves.fill(0);
    this.home.fill(0);
    this.space = piles.some((cards) => cards.length === 0);
    for (let c = 0; c < 52; c++) if (this.where[c] === HOME) this.home[c] = 1;
    for (let changed = true; changed; ) {
      changed = false;
      for (let p = 0; p < piles.length; p++) {
        const cards = piles[p];
        for (let i = cards.length - 1; i >= 0; i--) {
          const c = cards[i];
          const top = this.uncovered(c);
          if (this.home[c] === 0 && top && this.homeReady(c)) {
            this.home[c] = 1;
            changed = true;
          }
          if (this.leaves[c] === 1 || c === held) continue;
          // A face-up card can head a run at once; a face-down one once uncovered.
          const head = i >= faceDown[p] || top;
          const goes =
            (top && this.homeReady(c)) ||
            (head && (this.parentAtHand(c) || (rank(c) === KING && this.space && i > 0)));
          if (goes) {
            this.leaves[c] = 1;
            if (i === 0) this.space = true;
            changed = true;
          }
        }
      }
      for (let c = 0; c < 52; c++) {
        if (this.where[c] === AT_HAND && this.home[c] === 0 && this.homeReady(c)) {
          this.home[c] = 1;
          changed = true;
        }
      }
    }
  }

  /** A card the fixpoint (with `held` kept in place) never sends home, or -1. */
  neverHome(held: number): number {
    this.fixpoint(held);
    for (let c = 0; c < 52; c++) if (this.home[c] === 0) return c;
    return -1;
  }

  /** [X, Y] of a squeeze of twins (see the file's comment), or undefined. */
  squeeze(): [number, number] | undefined {
    const { piles, faceDown } = this.view;
    for (let p = 0; p < piles.length; p++) {
      const cards = piles[p];
      for (let i = 1; i < faceDown[p]; i++) {
        const x = cards[i];
        if (rank(x) === 1 || rank(x) === KING) continue;
        const twin = twinOf(x);
        // The twin above X (face up on a card, it lies on a parent already: Y' then, Y being under X).
        if (this.pileOf[twin] !== p || this.where[twin] !== IN_PILE || this.indexOf[twin] <= i) continue;
        let under = -1;
        for (let k = 0; k < i; k++) {
          const y = cards[k];
          if (rank(y) === rank(x) + 1 && isRed(y) !== isRed(x)) under = y;
        }
        if (under < 0) continue;
        this.fixpoint(x);
        if (this.home[twin] === 0 && this.home[x - 4] === 0) return [x, under];
      }
    }
    return undefined;
  }
}
