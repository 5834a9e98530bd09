import { type Card, card, rankOf, suitOf } from "../../cards/card.ts";
import { DealNumberError, isDealNumber, type Numbering } from "../../cards/deals/layout.ts";
import { boostUniform, Mt19937, SOLVITAIRE_SUITS, solvitaireDeck } from "../../cards/deals/solvitaire.ts";
import { microsoftDealOrder } from "../../cards/microsoft.ts";
import { checkFamilyRules, coveredBy, deckSuits, type FamilyRules, foundationCount } from "./rules.ts";

/**
 * The cards of a family game's table. Every pile lists its bottom card first, so its last card is the one on
 * top. Two decks hold every card twice: the copies are the same card (no rule tells them apart).
 */
export interface FamilyTable {
  tableau: Card[][];
  /** How many cards at the bottom of each tableau pile lie face down. */
  faceDown: number[];
  /** One foundation a suit and deck: foundation `copy * 4 + suit`, suits in card.ts's order. */
  foundations: Card[][];
  cells: (Card | null)[];
  stock: Card[];
  waste: Card[];
  /** A stacked reserve is one pile; a spread one is a pile a card. */
  reserve: Card[][];
  hole: Card[];
  /** Gaps' rows, left to right; null is a gap. */
  sequences: (Card | null)[][];
  /** The accordion's piles, left to right. */
  accordion: Card[][];
  /**
   * The waste's passes: where the rules limit them (StockRules.redealLimit), how many have been made, 0 from the
   * deal and part of the position (key.ts); under unlimited redeals 1 once the waste has been turned over
   * (undefined before), the player's memory of the stock (knowledge.ts), no part of the position.
   */
  redealt?: number;
}

/** The foundation a card of Solvitaire's foundation `index` goes to (its foundations run clubs, hearts, spades, diamonds). */
export function foundationOfSolvitaireIndex(index: number): number {
  return Math.floor(index / 4) * 4 + SOLVITAIRE_SUITS[index % 4];
}

export function emptyTable(rules: FamilyRules): FamilyTable {
  return {
    tableau: Array.from({ length: rules.tableau.piles }, () => []),
    faceDown: Array.from({ length: rules.tableau.piles }, () => 0),
    foundations: Array.from({ length: foundationCount(rules) }, () => []),
    cells: Array.from({ length: rules.cells.count }, () => null),
    stock: [],
    waste: [],
    reserve: rules.reserve
      ? Array.from({ length: rules.reserve.stacked ? 1 : rules.reserve.size }, () => [])
      : [],
    hole: [],
    sequences: rules.sequences ? Array.from({ length: rules.sequences.rows }, () => []) : [],
    accordion: [],
    ...(rules.stock?.redealLimit !== undefined ? { redealt: 0 } : {}),
  };
}

/**
 * The face-down counts of a covering layout that hides covered cards (TriPeaks): a card lies face down while a
 * card covering it is still there. Other tables are left as they are.
 */
export function hideCovered(rules: FamilyRules, table: FamilyTable): void {
  const covering = rules.tableau.covering;
  if (!covering?.hidden) return;
  const over = coveredBy(covering);
  for (let p = 0; p < table.tableau.length; p++)
    table.faceDown[p] =
      table.tableau[p].length > 0 && over[p].some((q) => table.tableau[q].length > 0) ? 1 : 0;
}

/** Takes the first copy of `c` out of the deck. */
function takeOut(deck: Card[], c: Card): Card {
  const at = deck.indexOf(c);
  if (at < 0) throw new RangeError(`the deck has no ${c}`);
  deck.splice(at, 1);
  return c;
}

/**
 * The rules deal the Microsoft numbering: one deck of 52 cards, dealt onto the table (Gaps' rows and the
 * accordion are not: Gaps has its own Microsoft layout in the Montana game).
 */
export function hasMicrosoftNumbering(rules: FamilyRules): boolean {
  return (
    rules.decks === 1 &&
    (rules.suits ?? 4) === 4 &&
    rules.highestRank === 13 &&
    !rules.sequences &&
    !rules.accordion
  );
}

/**
 * Deal N's deck for a deck of fewer suits (Spider with one or two suits; tsol's numbering, as Solvitaire's has no
 * such deck): Solvitaire's shuffle (`std::mt19937` seeded with N, Boost's uniform draws, Fisher-Yates from the
 * top) of the deck listed as Solvitaire lists one, each copy in turn, each ace to the highest rank, each rank in
 * Solvitaire's suit order, here only the deck's suits; a copy is as many cards as a full deck's.
 */
function fewerSuitsDeck(rules: FamilyRules, deal: number): Card[] {
  const suits = SOLVITAIRE_SUITS.filter((s) => deckSuits(rules).includes(s));
  const deck: Card[] = [];
  const copies = (rules.decks * 4) / suits.length;
  for (let copy = 0; copy < copies; copy++)
    for (let rank = 1; rank <= rules.highestRank; rank++)
      for (const suit of suits) deck.push(card(rank, suit));
  const engine = new Mt19937(deal);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = boostUniform(engine, i);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/**
 * Deal N's deck in a numbering, the card dealt first last (the dealing pops it): Solvitaire's shuffled deck, or
 * the Microsoft / FreeCell Pro generator's 52 cards in the order it deals them, reversed.
 */
export function familyDeck(rules: FamilyRules, deal: number, numbering: Numbering): Card[] {
  if (!isDealNumber(deal, numbering)) throw new DealNumberError(deal, numbering);
  if (numbering === "solvitaire")
    return (rules.suits ?? 4) === 4 ? solvitaireDeck(deal, rules) : fewerSuitsDeck(rules, deal);
  if (!hasMicrosoftNumbering(rules))
    throw new RangeError("the Microsoft numbering deals one deck of 52 cards");
  return microsoftDealOrder(deal).reverse();
}

/**
 * Deal N of a numbering (Solvitaire's unless told): that numbering's deck (familyDeck) dealt by dealDeck. The
 * Microsoft numbering's cards go to the same places in the same order as Solvitaire's: its first card where
 * Solvitaire's deck's last goes, so Baker's Game's Microsoft deal N is FreeCell's.
 */
export function dealFamily(
  rules: FamilyRules,
  deal: number,
  numbering: Numbering = "solvitaire",
): FamilyTable {
  checkFamilyRules(rules);
  return dealDeck(rules, familyDeck(rules, deal, numbering));
}

/**
 * A shuffled deck dealt as Solvitaire deals one (the deck is used up): the hole's card taken out (its base card,
 * or the deck's first card); the foundations' base cards taken out (the base rank, or the rank of the deck's
 * first card, whose suit then starts); then from the back of the deck, in turn: the filled cells, the stock
 * (the first card taken at the bottom), the reserve, Gaps' rows (card t to row t mod rows, aces leaving gaps),
 * the accordion, and the tableau row by row (card t to pile t mod n; a diagonal deal runs each of its first n
 * rows from right to left, skipping the piles left of the row's number). With some piles dealt face down, only
 * each pile's top card is face up. A covering layout (Pyramid, TriPeaks) is one card a pile, so pile by pile in
 * the order of its places (row by row from the top, each from the left).
 */
export function dealDeck(rules: FamilyRules, deck: Card[]): FamilyTable {
  const table = emptyTable(rules);
  const next = (): Card => {
    const c = deck.pop();
    if (c === undefined) throw new RangeError("the deck ran out while dealing");
    return c;
  };

  if (rules.hole) table.hole.push(takeOut(deck, rules.hole.base === "random" ? deck[0] : rules.hole.base));

  const f = rules.foundations;
  if (f && f.start !== "none") {
    const first = deck[0];
    const baseRank = f.base === "random" ? rankOf(first) : f.base;
    const firstIndex = f.base === "random" ? SOLVITAIRE_SUITS.indexOf(suitOf(first) as 0 | 1 | 2 | 3) : 0;
    const count = f.start === "one" ? 1 : foundationCount(rules);
    for (let i = 0; i < count; i++) {
      const index = i + firstIndex;
      const c = card(baseRank, SOLVITAIRE_SUITS[index % 4]);
      table.foundations[foundationOfSolvitaireIndex(index)].push(takeOut(deck, c));
    }
  }

  for (let i = 0; i < rules.cells.filled; i++) table.cells[i] = next();
  for (let i = 0; i < (rules.stock?.size ?? 0); i++) table.stock.push(next());
  if (rules.reserve) {
    for (let i = 0; i < rules.reserve.size; i++) table.reserve[rules.reserve.stacked ? 0 : i].push(next());
  }
  if (rules.sequences) {
    const rows = table.sequences;
    for (let t = 0; deck.length > 0; t++) {
      const c = next();
      rows[t % rows.length].push(rankOf(c) === 1 ? null : c);
    }
  }
  if (rules.accordion) for (let i = 0; i < rules.accordion.size; i++) table.accordion.push([next()]);

  const n = rules.tableau.piles;
  const layout = rules.tableau.layout;
  if (layout) {
    // Row by row onto the piles that still take a card: the face-down cards first, then the face-up ones.
    for (const counts of [layout.down, layout.up])
      for (let row = 0; counts.some((k) => k > row); row++)
        for (let p = 0; p < n; p++) if (counts[p] > row) table.tableau[p].push(next());
    table.faceDown = layout.down.slice();
  } else if (n > 0) {
    for (let t = 0; deck.length > 0; t++) {
      const row = Math.floor(t / n);
      if (rules.tableau.diagonal && row < n) {
        const p = n - 1 - (t % n);
        if (p >= row) table.tableau[p].push(next());
      } else {
        table.tableau[t % n].push(next());
      }
    }
    if (rules.tableau.faceDown) table.faceDown = table.tableau.map((pile) => Math.max(0, pile.length - 1));
  }
  // A covering layout: one card a pile, dealt pile by pile (the rows above), covered cards hidden if the rules say.
  hideCovered(rules, table);
  return table;
}
