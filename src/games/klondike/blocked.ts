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
 * each move onto the one parent they have, but not both at once. Take twins A and B (the two cards of a rank and
 * colour, queen or lower, neither home) and their parents Y and Y', and suppose that whichever twin may move
 * first, the fixpoint run with the *other* one held in place (it neither leaves nor goes home) sends neither
 * twin's lower card home and never frees Y (never uncovers it; Y is not at hand, nor home with cards allowed
 * back). A twin lying face up on a card has made its first move already, onto that card; a twin lying under the
 * other in its pile cannot move first. Then the first twin to move can go only onto Y' (until the second moves,
 * its foundation and Y are out of reach, and it is no king), and it stays there until the second moves, for the
 * same reasons; so the second never has anywhere to go, and never moves. Whichever it is, the fixpoint with it
 * held covers every play, and in it the second twin never gets home. Solvitaire's draw-3 deal 22 is lost so: the
 * queens of spades and clubs lie over the king of hearts, with the six of spades and the nine of clubs under
 * them, and the king of diamonds can take only one of them.
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
  if (stuck >= 0) {
    const blocker = b.blocker(stuck);
    return `the ${cardName(stuck)} can never get home: the ${cardName(blocker)} over it can never move out of its way`;
  }
  const squeeze = b.squeeze();
  if (squeeze !== undefined) {
    const [x, x2, y, other] = squeeze.map(cardName);
    return (
      `the ${x} and the ${x2} can never both move: the ${y} never comes free, so both need the ${other}, ` +
      "and neither can get home before the other has moved"
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
    for (let p = 0; p < view.piles.length; p++) {
      const cards = view.piles[p];
      for (let i = 0; i < cards.length; i++) {
        const c = cards[i];
        this.where[c] = IN_PILE;
        this.pileOf[c] = p;
        this.indexOf[c] = i;
      }
    }
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
    const where = this.where[c];
    if (where === IN_PILE) return this.uncovered(c);
    if (where === HOME && !this.view.rules.fromFoundation) return false;
    // From the stock or a foundation a card becomes a parent only once it is put on a pile itself.
    return this.parentAtHand(c) || (rank(c) === KING && this.space);
  }

  private homeReady(c: number): boolean {
    return rank(c) === 1 || this.home[c - 4] === 1;
  }

  /** Whether some card of the other colour one rank higher can be uncovered for c to go on. */
  private parentAtHand(c: number): boolean {
    if (rank(c) === KING) return false;
    // The two cards of the other colour one rank higher (suits 1 and 2 are red, 0 and 3 black).
    const up = (c & ~3) + 4;
    return isRed(c)
      ? this.atHandAsParent(up) || this.atHandAsParent(up + 3)
      : this.atHandAsParent(up + 1) || this.atHandAsParent(up + 2);
  }

  /** Runs the fixpoint with card `held` (or none: -1) kept in its place: it neither leaves nor goes home. */
  private fixpoint(held: number): void {
    const { piles, faceDown } = this.view;
    this.leaves.fill(0);
    this.home.fill(0);
    this.space = false;
    for (let p = 0; p < piles.length; p++) if (piles[p].length === 0) this.space = true;
    for (let c = 0; c < 52; c++) if (this.where[c] === HOME) this.home[c] = 1;
    for (let changed = true; changed; ) {
      changed = false;
      for (let p = 0; p < piles.length; p++) {
        const cards = piles[p];
        for (let i = cards.length - 1; i >= 0; i--) {
          const c = cards[i];
          const top = this.uncovered(c);
          if (this.home[c] === 0 && top && c !== held && this.homeReady(c)) {
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
        if (this.where[c] === AT_HAND && this.home[c] === 0 && c !== held && this.homeReady(c)) {
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

  /**
   * The card that keeps `c` (one `neverHome` found, the lowest of its suit not home) covered: the topmost card
   * over it that never leaves, all the cards over that one leaving. (The lowest card not home is in a pile and
   * never uncovered: were it uncovered, or at hand, the card under it being home would send it home.)
   */
  blocker(c: number): number {
    const cards = this.view.piles[this.pileOf[c]];
    for (let i = cards.length - 1; i > this.indexOf[c]; i--) if (this.leaves[cards[i]] === 0) return cards[i];
    return c;
  }

  /**
   * Twins A and B squeezed onto one parent (see the file's comment): [A, B, the parent that never comes free,
   * the one they would both need], or undefined.
   */
  squeeze(): [number, number, number, number] | undefined {
    for (let a = 4; a < 48; a++) {
      const b = twinOf(a);
      if (b < a || this.where[a] === HOME || this.where[b] === HOME) continue;
      // A lower card home already is home in every fixpoint: no squeeze (and no fixpoint to run).
      if (this.where[a - 4] === HOME || this.where[b - 4] === HOME) continue;
      const up = (a & ~3) + 4;
      const y0 = isRed(a) ? up : up + 1;
      const y1 = isRed(a) ? up + 3 : up + 2;
      // A twin face up on a card lies on a parent already: it has made its first move, onto that parent.
      const pa = this.lyingOn(a);
      const pb = this.lyingOn(b);
      if (pa >= 0 && pb >= 0) continue;
      // For each twin held in place (one fixpoint each, run when first needed): whether neither twin's lower card
      // gets home and each parent never comes free (bit 0: y0, bit 1: y1; -1 not yet run).
      let heldA = -1;
      let heldB = -1;
      for (let k = 0; k < 2; k++) {
        const y = k === 0 ? y0 : y1;
        const other = k === 0 ? y1 : y0;
        // Which twin may move first (onto the other parent): not one lying under the other in its pile. Once
        // the first is on the other parent, the second never moves: neither twin can get home, and the parent y
        // never comes free, while the second stays where it is.
        const aFirst = pa >= 0 ? pa === other : pb < 0 && !this.under(a, b);
        const bFirst = pb >= 0 ? pb === other : pa < 0 && !this.under(b, a);
        if (!aFirst && !bFirst) continue;
        if (aFirst) {
          if (heldB < 0) heldB = this.heldStuck(b, a, b, y0, y1);
          if ((heldB & (1 << k)) === 0) continue;
        }
        if (bFirst) {
          if (heldA < 0) heldA = this.heldStuck(a, a, b, y0, y1);
          if ((heldA & (1 << k)) === 0) continue;
        }
        return [a, b, y, other];
      }
    }
    return undefined;
  }

  /** The card a face-up card lies on (its first move made, onto that card), or -1. */
  private lyingOn(c: number): number {
    if (this.where[c] !== IN_PILE) return -1;
    const p = this.pileOf[c];
    const i = this.indexOf[c];
    return i > this.view.faceDown[p] ? this.view.piles[p][i - 1] : -1;
  }

  /** Whether c lies under d in one pile. */
  private under(c: number, d: number): boolean {
    return (
      this.where[c] === IN_PILE && this.pileOf[c] === this.pileOf[d] && this.indexOf[c] < this.indexOf[d]
    );
  }

  /**
   * The fixpoint with `held` kept in place: whether neither twin's (a's and b's) lower card gets home and each
   * parent never comes free, as bits (1: y0, 2: y1).
   */
  private heldStuck(held: number, a: number, b: number, y0: number, y1: number): number {
    this.fixpoint(held);
    if (this.home[a - 4] !== 0 || this.home[b - 4] !== 0) return 0;
    return (this.atHandAsParent(y0) ? 0 : 1) | (this.atHandAsParent(y1) ? 0 : 2);
  }
}
