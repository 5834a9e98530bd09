import type { Card } from "../../../src/cards/card.ts";
import type { FreeCellState, Place } from "../../../src/games/freecell/rules.ts";

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where every pile and card goes on a board of the given size. Pure arithmetic; the board draws it. */
export interface BoardLayout {
  cardW: number;
  cardH: number;
  gap: number;
  width: number;
  height: number;
  cells: Rect[];
  foundations: Rect[];
  cascades: Rect[];
  /** Vertical distance between cards of each cascade. */
  fans: number[];
  /** Position of every card still in play or on a foundation. */
  cards: Map<Card, { x: number; y: number; place: Place; index: number }>;
}

export function computeLayout(state: FreeCellState, width: number, height: number): BoardLayout {
  const nCells = state.cells.length;
  const nCascades = state.cascades.length;
  const topSlots = nCells + 4;
  const columns = Math.max(nCascades, topSlots + (topSlots >= nCascades ? 0.35 : 0));
  const gap = Math.max(4, Math.min(16, Math.round(width * 0.014)));
  const cardW = Math.max(28, Math.min(120, Math.floor((width - gap * (columns + 1)) / columns)));
  const cardH = Math.round(cardW * 1.4);
  const topY = gap;
  const cascadeY = topY + cardH + Math.max(gap * 2, Math.round(cardH * 0.18));

  const rowWidth = (n: number) => n * cardW + (n - 1) * gap;
  const cascadeLeft = Math.round((width - rowWidth(nCascades)) / 2);
  const cascades: Rect[] = Array.from({ length: nCascades }, (_, i) => ({
    x: cascadeLeft + i * (cardW + gap),
    y: cascadeY,
    w: cardW,
    h: cardH,
  }));
  const left = Math.min(cascadeLeft, Math.round((width - rowWidth(topSlots) - gap * 2) / 2));
  const right = width - left - cardW;
  const cells: Rect[] = Array.from({ length: nCells }, (_, i) => ({
    x: left + i * (cardW + gap),
    y: topY,
    w: cardW,
    h: cardH,
  }));
  const foundations: Rect[] = Array.from({ length: 4 }, (_, i) => ({
    x: right - (3 - i) * (cardW + gap),
    y: topY,
    w: cardW,
    h: cardH,
  }));

  const room = Math.max(height, cascadeY + cardH * 3) - cascadeY - cardH - gap;
  // Narrow screens have small cards and room below them: fan them wider so the indices read well.
  const fullFan = Math.round(cardH * (width < 600 ? 0.36 : 0.27));
  const minFan = Math.round(cardH * 0.14);
  const fans = state.cascades.map((col) =>
    col.length <= 1 ? fullFan : Math.max(minFan, Math.min(fullFan, Math.floor(room / (col.length - 1)))),
  );
  let tallest = cascadeY + cardH;
  state.cascades.forEach((col, i) => {
    tallest = Math.max(tallest, cascadeY + cardH + fans[i] * Math.max(0, col.length - 1));
  });

  const cards = new Map<Card, { x: number; y: number; place: Place; index: number }>();
  state.foundations.forEach((rank, suit) => {
    for (let r = 1; r <= rank; r++) {
      const c = (r - 1) * 4 + suit;
      cards.set(c, {
        x: foundations[suit].x,
        y: topY,
        place: { kind: "foundation", index: suit },
        index: r - 1,
      });
    }
  });
  state.cells.forEach((c, i) => {
    if (c !== null) cards.set(c, { x: cells[i].x, y: topY, place: { kind: "cell", index: i }, index: 0 });
  });
  state.cascades.forEach((col, i) => {
    col.forEach((c, j) => {
      cards.set(c, {
        x: cascades[i].x,
        y: cascadeY + j * fans[i],
        place: { kind: "cascade", index: i },
        index: j,
      });
    });
  });
  return {
    cardW,
    cardH,
    gap,
    width,
    height: Math.max(height, tallest + gap),
    cells,
    foundations,
    cascades,
    fans,
    cards,
  };
}

/** The pile whose area overlaps `r` most (cascades reach down to the bottom of the board). */
export function dropTarget(layout: BoardLayout, r: Rect): Place | undefined {
  let best: Place | undefined;
  let bestArea = 0;
  const consider = (place: Place, area: Rect) => {
    const w = Math.min(r.x + r.w, area.x + area.w) - Math.max(r.x, area.x);
    const h = Math.min(r.y + r.h, area.y + area.h) - Math.max(r.y, area.y);
    if (w > 0 && h > 0 && w * h > bestArea) {
      bestArea = w * h;
      best = place;
    }
  };
  layout.cells.forEach((a, i) => {
    consider({ kind: "cell", index: i }, a);
  });
  layout.foundations.forEach((a, i) => {
    consider({ kind: "foundation", index: i }, a);
  });
  layout.cascades.forEach((a, i) => {
    consider({ kind: "cascade", index: i }, { ...a, h: layout.height - a.y });
  });
  return best;
}
