import { type Card, formatCard, isRed } from "../../cards/card.ts";
import type { PileView } from "../../games/patience/contract.ts";

/** How a renderer marks piles: the one picked up, the one under the cursor. */
export interface Marks {
  selected?: number;
  cursor?: number;
  colour: boolean;
}

/**
 * A game's table in the terminal, drawn from the pile view (what a player may see). Each renderer also places
 * the piles on a grid, so the arrow keys can move a cursor between them.
 */
export interface TableRenderer {
  place(piles: readonly PileView[]): { x: number; y: number }[];
  draw(piles: readonly PileView[], marks: Marks): string[];
}

const RED = "\x1b[31m";
const REVERSE = "\x1b[7m";
const RESET = "\x1b[0m";

/** A card in three columns: `TH `, `## ` face down, `[ ]` for an empty place. */
function cardText(card: Card | null | undefined, faceUp: boolean, colour: boolean): string {
  if (!faceUp) return "## ";
  if (card === null || card === undefined) return "[ ]";
  const text = `${formatCard(card)} `;
  return colour && isRed(card) ? `${RED}${text}${RESET}` : text;
}

/** Marks a 3-column cell: `>` before the cursor's, `<` after the picked-up pile's top card. */
function mark(text: string, selected: boolean, cursor: boolean, colour: boolean): string {
  let out = selected ? `${text.slice(0, -1)}<` : text;
  if (cursor) out = colour ? `${REVERSE}${out}${RESET}` : `>${out.slice(0, -1)}`;
  return out;
}

/**
 * FreeCell, King Albert, Klondike: the piles that stack (cells, reserve, stock, waste, foundations) in a row
 * across the top, each under its key; the cascades in columns below, numbered.
 */
export const columns: TableRenderer = {
  place(piles) {
    let x = 0;
    let col = 0;
    return piles.map((p) => (p.fan === "down" ? { x: col++, y: 1 } : { x: x++, y: 0 }));
  },
  draw(piles, marks) {
    const { colour } = marks;
    const tops: string[] = [];
    const keys: string[] = [];
    const columnsAt: number[] = [];
    piles.forEach((pile, i) => {
      if (pile.fan === "down") {
        columnsAt.push(i);
        return;
      }
      const shown = pile.fan === "right" ? pile.cards.slice(-3) : pile.cards.slice(-1);
      const text =
        shown.length === 0
          ? "[ ]"
          : shown
              .map((v) => cardText(v.card, v.faceUp, colour).trimEnd())
              .join(" ")
              .padEnd(3);
      const width = Math.max(3, shown.length * 3 - 1);
      tops.push(
        mark(
          text.length < width ? text.padEnd(width) : text,
          marks.selected === i,
          marks.cursor === i,
          colour,
        ),
      );
      keys.push(` ${pile.key ?? " "} `.padEnd(width));
    });
    const lines = [keys.join(" ").trimEnd(), tops.join(" ").trimEnd(), ""];
    lines.push(
      columnsAt
        .map((i) => ` ${piles[i].key ?? " "} `)
        .join(" ")
        .trimEnd(),
    );
    const depth = Math.max(1, ...columnsAt.map((i) => piles[i].cards.length));
    for (let row = 0; row < depth; row++) {
      const cells = columnsAt.map((i) => {
        const pile = piles[i];
        const last = pile.cards.length - 1;
        if (row > last) {
          const empty = row === 0 ? " . " : "   ";
          return row === 0 ? mark(empty, false, marks.cursor === i, colour) : empty;
        }
        const view = pile.cards[row];
        const text = cardText(view.card, view.faceUp, colour);
        return row === last ? mark(text, marks.selected === i, marks.cursor === i, colour) : text;
      });
      lines.push(cells.join(" ").trimEnd());
    }
    return lines;
  },
};

/** Montana: four rows of thirteen places, rows a-d, columns 1-13; a gap is `--`. */
export const grid: TableRenderer = {
  place(piles) {
    return piles.map((p) => ({ x: p.ref.index % 13, y: Math.floor(p.ref.index / 13) }));
  },
  draw(piles, marks) {
    const { colour } = marks;
    const header = `   ${Array.from({ length: 13 }, (_, c) => String(c + 1).padEnd(3)).join(" ")}`.trimEnd();
    const lines = [header];
    for (let row = 0; row < 4; row++) {
      const cells: string[] = [];
      for (let col = 0; col < 13; col++) {
        const i = piles.findIndex((p) => p.ref.kind === "place" && p.ref.index === row * 13 + col);
        const pile = piles[i];
        const view = pile?.cards[0];
        const text = view ? cardText(view.card, view.faceUp, colour) : "-- ";
        cells.push(mark(text, marks.selected === i, marks.cursor === i, colour));
      }
      lines.push(`${"abcd"[row]}  ${cells.join(" ").trimEnd()}`);
    }
    return lines;
  },
};

/** The renderer of each game; a game not listed is drawn in columns. */
export const RENDERERS: Record<string, TableRenderer> = { montana: grid };

export function rendererFor(game: string): TableRenderer {
  return RENDERERS[game] ?? columns;
}
