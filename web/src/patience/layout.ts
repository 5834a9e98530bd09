import type { PileRef, PileView } from "../../../src/games/patience/contract.ts";

/**
 * Where piles and cards go on the table, for every game: a small per-game module (web/src/games/<id>/) says
 * which piles share a band and in what order; this file sizes the cards to the room there is, in height as well
 * as width, so that the longest pile the game can reach fits (a pile's overlap tightens as it grows). Pure
 * arithmetic: the table draws it, the tests check it.
 */

/**
 * An item of a band: a pile, or an empty space so many card widths wide (`grow`: it takes the room left). A pile
 * with `advance` is covered by the next item but for its left `advance` card widths (a spread reserve drawn as
 * a row of overlapping cards, each showing its corner index). A space's `gaps` adds that many gaps between piles
 * to its width (a fraction, or fewer than none), so that piles of bands placed by half-card steps line up
 * whatever the gap (Pyramid's rows).
 */
export type BandItem = { pile: PileRef; advance?: number } | { space: number; grow?: boolean; gaps?: number };

/** A row of the table: piles left to right. */
export interface Band {
  items: BandItem[];
  /**
   * How far down the next band starts, in card heights, when the bands overlap (Montana's grid on an upright
   * phone: each card covers the one above it but its corner index); by default below this band's piles.
   */
  step?: number;
}

/** What a game says about its table. */
export interface GameLayout {
  /**
   * The table's arrangements, as bands top to bottom; the one that gives the largest cards in the room there
   * is wins (Montana offers its grid both ways, for a phone held upright).
   */
  arrangements(piles: readonly PileView[]): Band[][];
  /**
   * The most cards a pile fanned down may hold in play: its face-down cards and face-up ones (`piles`: all the
   * piles of the position the table is sized for).
   */
  reach(pile: PileView, piles: readonly PileView[]): { faceDown: number; faceUp: number };
  /**
   * How much larger (a fraction) a later arrangement's cards must be for it to be drawn rather than an earlier
   * one (default 0: any larger); a game lists its arrangements plainest first.
   */
  margin?: number;
  /** Cards spread in a pile fanned right (the waste shows the last three turned in draw three). */
  spread?(pile: PileView): number;
  /** A click on a card: pick it up ("select"), or play its quick move at once ("quick", Montana). */
  clickMode?: "select" | "quick";
  /** Whether an empty foundation shows its suit (not where any suit may go to any foundation: Spider). */
  suitMarks?: boolean;
  /** Moves no pile gesture makes, as buttons: Montana's redeal. */
  actions?: readonly GameAction[];
  /** A short note on a pile, from the position (Klondike's stock: the passes left), with its words for a reader. */
  pileNote?(state: unknown, pile: PileView): { text: string; words: string } | undefined;
  /** The score as the player reads it (Vegas scoring in dollars); the number itself by default. */
  formatScore?(state: unknown, score: number): string;
}

/** A game's own button: its label from the position, shown only where the rules have it. */
export interface GameAction {
  label: string | ((state: unknown) => string);
  notation: string;
  /** Whether the rules in play have this move at all (Montana without redeals has no Redeal button). */
  shown?(state: unknown): boolean;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface CardSpot {
  x: number;
  y: number;
  pile: PileRef;
  /** Place in its pile, bottom card 0. */
  index: number;
  /** Stacking order on the table: a card covering another is above it. */
  z: number;
}

export interface PileSpot {
  view: PileView;
  /** Where the pile's base card lies. */
  rect: Rect;
  /** Where a drop lands on this pile: down to the table's bottom for a pile fanned down. */
  area: Rect;
  /** Stacking order of the pile's outline: above the piles drawn before it, below its own cards. */
  z: number;
}

export interface TableLayout {
  cardW: number;
  cardH: number;
  width: number;
  height: number;
  piles: PileSpot[];
  /** By pile (`kind-index`), each card's place in the pile order. */
  cards: CardSpot[][];
}

/** Fractions of a card's height or width. */
const GAP = 0.12;
/**
 * The gap between piles where the screen's width is what limits the cards (a phone held upright with eight or
 * more piles a row): the cards gain what the gaps give up, down to this.
 */
const TIGHT_GAP = 0.04;
const MIN_GAP_PX = 3;
const BAND_GAP = 0.2;
const DOWN_FAN = 0.1;
/** The corner index of a card is about a fifth of its height: a fan tighter than this hides it. */
const MIN_UP_FAN = 0.19;
/** The tightest fan, for the longest piles a game can reach (the rank's upper part still shows). */
const SQUEEZE_UP_FAN = 0.11;
const SQUEEZE_DOWN_FAN = 0.05;
/** Face-up cards a pile is sized to show whole corners for, beyond those it was dealt. */
export const COMFORT = 6;
const MAX_UP_FAN = 0.3;
/** On a narrow upright screen, cards fan further apart: buried cards are easier to tap. */
const TALL_UP_FAN = 0.6;
const RIGHT_FAN = 0.28;
const RATIO = 1.4;
const MAX_CARD_W = 132;
const MIN_CARD_W = 18;

export const pileId = (ref: PileRef): string => `${ref.kind}-${ref.index}`;

/** An item's width in card widths; a pile with `advance` counts that much less the gap it does without. */
function itemWidth(
  item: BandItem,
  views: Map<string, PileView>,
  layout: GameLayout,
  gapFraction = GAP,
): number {
  if ("space" in item) return item.space + (item.gaps ?? 0) * gapFraction;
  if (item.advance !== undefined) return item.advance - gapFraction;
  const view = views.get(pileId(item.pile));
  if (view?.fan === "right") return 1 + (Math.max(1, layout.spread?.(view) ?? 3) - 1) * RIGHT_FAN;
  return 1;
}

/**
 * A band's height in card heights. Its piles are sized so that a pile as long as play usually makes it (its dealt
 * face-up cards and `COMFORT` more) shows every corner index, and the longest pile the game can reach still fits
 * with its cards closer together (`squeezed`): a rare long pile tightens rather than every card being small.
 */
function bandReach(band: Band, views: Map<string, PileView>, layout: GameLayout, squeezed = false): number {
  let most = 1;
  for (const item of band.items) {
    if ("space" in item) continue;
    const view = views.get(pileId(item.pile));
    if (view?.fan !== "down") continue;
    const { faceDown, faceUp } = layout.reach(view, [...views.values()]);
    if (squeezed) {
      most = Math.max(most, 1 + faceDown * SQUEEZE_DOWN_FAN + Math.max(0, faceUp - 1) * SQUEEZE_UP_FAN);
      continue;
    }
    const dealtUp = view.cards.filter((c) => c.faceUp).length;
    const usual = Math.min(faceUp, Math.max(dealtUp, 1) + COMFORT);
    most = Math.max(most, 1 + faceDown * DOWN_FAN + Math.max(0, usual - 1) * MIN_UP_FAN);
  }
  return most;
}

/** The bands' total height in card heights (bands that overlap by `step` count their step). */
function tallness(
  bands: Band[],
  views: Map<string, PileView>,
  layout: GameLayout,
  squeezed: boolean,
): number {
  return (
    bands.reduce(
      (sum, band, i) =>
        sum +
        (i < bands.length - 1 && band.step !== undefined
          ? band.step
          : bandReach(band, views, layout, squeezed) + BAND_GAP),
      0,
    ) +
    BAND_GAP * 0.5
  );
}

/** The table mirrored: each band's items right to left (a spread reserve's overlapping run kept in its order). */
function mirrored(bands: Band[]): Band[] {
  return bands.map((band) => {
    const groups: BandItem[][] = [];
    for (const item of band.items) {
      const last = groups[groups.length - 1];
      const previous = last?.[last.length - 1];
      if (previous && "pile" in previous && previous.advance !== undefined) last.push(item);
      else groups.push([item]);
    }
    return { ...band, items: groups.reverse().flat() };
  });
}

interface Fit {
  bands: Band[];
  cardW: number;
  /** The gap between piles, a fraction of the card's width. */
  gap: number;
}

/**
 * The card width an arrangement allows in width x height. Where the width limits the cards more than the height
 * does, the gaps between piles narrow (to `TIGHT_GAP`) until the height limits them too.
 */
function fitOf(
  bands: Band[],
  views: Map<string, PileView>,
  layout: GameLayout,
  width: number,
  height: number,
): Fit {
  const widest = (gap: number) => {
    let most = 1;
    for (const band of bands) {
      const units =
        band.items.reduce((sum, item) => sum + itemWidth(item, views, layout, gap), 0) +
        gap * (band.items.length + 1);
      most = Math.max(most, units);
    }
    return most;
  };
  const tall = Math.max(tallness(bands, views, layout, false), tallness(bands, views, layout, true));
  const byHeight = height / tall / RATIO;
  let gap = GAP;
  let byWidth = width / widest(GAP);
  if (byWidth < byHeight && byWidth < MAX_CARD_W) {
    // The gap that makes the width allow what the height does, within [TIGHT_GAP, GAP]: widest() is linear in it.
    const atTight = widest(TIGHT_GAP);
    const slope = (widest(GAP) - atTight) / (GAP - TIGHT_GAP);
    const wanted = slope > 0 ? TIGHT_GAP + (width / byHeight - atTight) / slope : GAP;
    gap = Math.min(GAP, Math.max(TIGHT_GAP, wanted));
    // A gap is at least MIN_GAP_PX pixels (the table rounds it so).
    gap = Math.min(GAP, Math.max(gap, MIN_GAP_PX / (width / widest(gap))));
    byWidth = width / widest(gap);
  }
  return { bands, cardW: Math.max(MIN_CARD_W, Math.min(MAX_CARD_W, byWidth, byHeight)), gap };
}

/** The player's choices: cards smaller than the largest that fit (`scale`, up to 1), the table mirrored. */
export interface LayoutOptions {
  scale?: number;
  mirror?: boolean;
}

/**
 * Lays the table out in `width` x `height` pixels. `sizing` is the position the card size is chosen for (the
 * deal's, so cards keep their size through a game); `piles` is the position drawn.
 */
export function layoutTable(
  layout: GameLayout,
  piles: readonly PileView[],
  sizing: readonly PileView[],
  width: number,
  height: number,
  options: LayoutOptions = {},
): TableLayout {
  const sizeViews = new Map(sizing.map((p) => [pileId(p.ref), p]));
  const views = new Map(piles.map((p) => [pileId(p.ref), p]));
  let best: Fit | undefined;
  for (const arrangement of layout.arrangements(sizing)) {
    const bands = options.mirror ? mirrored(arrangement) : arrangement;
    const fit = fitOf(bands, sizeViews, layout, width, height);
    if (!best || fit.cardW > best.cardW * (1 + (layout.margin ?? 0)) + 0.5) best = fit;
  }
  if (!best) throw new Error("the game's layout gave no arrangement");
  const scale = Math.min(1, Math.max(0.3, options.scale ?? 1));
  const cardW = Math.floor(Math.max(MIN_CARD_W, best.cardW * scale));
  const cardH = Math.round(cardW * RATIO);
  const gap = Math.max(MIN_GAP_PX, Math.round(cardW * best.gap));
  const bandGap = Math.max(4, Math.round(cardH * BAND_GAP));
  const upright = height > width * 1.3;

  // Every band as wide as the widest: the spaces that grow take up the difference; the table is centred.
  const widthOf = (item: BandItem) =>
    "pile" in item && item.advance !== undefined
      ? Math.round(item.advance * cardW) - gap
      : Math.round(itemWidth(item, views, layout, best.gap) * cardW);
  const bandWidths = best.bands.map(
    (band) => band.items.reduce((sum, item) => sum + widthOf(item), 0) + gap * (band.items.length - 1),
  );
  const tableWidth = Math.max(...bandWidths);
  const left = Math.max(0, Math.floor((width - tableWidth) / 2));

  const spots: PileSpot[] = [];
  const cards: CardSpot[][] = [];
  let y = Math.max(4, Math.round(bandGap / 2));
  best.bands.forEach((band, b) => {
    const growers = band.items.filter((i) => "space" in i && i.grow).length;
    const extra = growers > 0 ? (tableWidth - bandWidths[b]) / growers : 0;
    // A band without growing spaces is centred.
    let x = left + (growers > 0 ? 0 : Math.round((tableWidth - bandWidths[b]) / 2));
    const reach = Math.max(bandReach(band, sizeViews, layout), bandReach(band, sizeViews, layout, true));
    const bottom = b === best.bands.length - 1 ? height : y + Math.round(reach * cardH);
    for (const item of band.items) {
      const w = widthOf(item);
      if ("space" in item) {
        x += w + (item.grow ? extra : 0) + gap;
        continue;
      }
      const view = views.get(pileId(item.pile));
      if (!view) {
        x += w + gap;
        continue;
      }
      const rect = { x: Math.round(x), y, w: item.advance !== undefined ? cardW : w, h: cardH };
      const area = view.fan === "down" ? { ...rect, h: Math.max(cardH, bottom - y) } : rect;
      spots.push({ view, rect, area, z: 0 });
      cards.push(placeCards(view, rect, cardW, cardH, bottom, upright, layout));
      x += w + gap;
    }
    y += band.step !== undefined ? Math.round(band.step * cardH) : Math.round(reach * cardH) + bandGap;
  });
  // Stacking: pile by pile in the order drawn, the outline then the cards, bottom card first.
  let z = 1;
  spots.forEach((spot, i) => {
    spot.z = z++;
    for (const card of cards[i]) card.z = z++;
  });
  const tallest = Math.max(...spots.map((s) => s.area.y + s.area.h), ...cards.flat().map((c) => c.y + cardH));
  return { cardW, cardH, width, height: Math.max(height, tallest), piles: spots, cards };
}

/** The cards of one pile: stacked, fanned right (the last few spread), or fanned down within the room below. */
function placeCards(
  view: PileView,
  rect: Rect,
  cardW: number,
  cardH: number,
  bottom: number,
  upright: boolean,
  layout: GameLayout,
): CardSpot[] {
  const n = view.cards.length;
  const out: CardSpot[] = [];
  if (view.fan === "right") {
    const spread = Math.max(1, layout.spread?.(view) ?? 3);
    const step = Math.round(cardW * RIGHT_FAN);
    const first = Math.max(0, n - spread);
    view.cards.forEach((_, i) => {
      out.push({ x: rect.x + Math.max(0, i - first) * step, y: rect.y, pile: view.ref, index: i, z: 0 });
    });
    return out;
  }
  if (view.fan === "stack" || n <= 1) {
    view.cards.forEach((_, i) => {
      out.push({ x: rect.x, y: rect.y, pile: view.ref, index: i, z: 0 });
    });
    return out;
  }
  const down = view.cards.filter((c) => !c.faceUp).length;
  const up = n - down;
  const room = Math.max(0, bottom - rect.y - cardH - 2);
  let downStep = Math.round(cardH * DOWN_FAN);
  const upMax = cardH * (upright ? TALL_UP_FAN : MAX_UP_FAN);
  let upStep = up > 1 ? Math.min(upMax, (room - down * downStep) / (up - 1)) : 0;
  if (upStep < cardH * DOWN_FAN && down > 0) {
    // So long a pile that the face-down cards must close up too.
    const each = room / Math.max(1, n - 1);
    downStep = Math.min(downStep, each);
    upStep = up > 1 ? (room - down * downStep) / (up - 1) : 0;
  }
  let y = rect.y;
  view.cards.forEach((card, i) => {
    out.push({ x: rect.x, y: Math.round(y), pile: view.ref, index: i, z: 0 });
    y += card.faceUp ? upStep : downStep;
  });
  return out;
}

/** The pile whose drop area overlaps `r` most. */
export function dropTarget(table: TableLayout, r: Rect): PileRef | undefined {
  let best: PileRef | undefined;
  let bestArea = 0;
  for (const spot of table.piles) {
    const a = spot.area;
    const w = Math.min(r.x + r.w, a.x + a.w) - Math.max(r.x, a.x);
    const h = Math.min(r.y + r.h, a.y + a.h) - Math.max(r.y, a.y);
    if (w > 0 && h > 0 && w * h > bestArea) {
      bestArea = w * h;
      best = spot.view.ref;
    }
  }
  return best;
}
