import { type Card, formatCard, isRed } from "../../cards/card.ts";
import { rowLength } from "../../games/family/engine.ts";
import { FAMILY_GAMES, presetGame } from "../../games/family/index.ts";
import type { Covering, FamilyRules } from "../../games/family/rules.ts";
import type { PileView } from "../../games/patience/contract.ts";
import { PATIENCE_GAMES } from "../../games/registry.ts";

/** How a renderer marks piles: the one picked up, the one under the cursor. */
export interface Marks {
  selected?: number;
  cursor?: number;
  colour: boolean;
  /** The room the table may take, in columns and lines (a renderer that can fit itself to it does). */
  room?: { width: number; height: number };
}

/**
 * A game's table in the terminal, drawn from the pile view (what a player may see). Each renderer also places
 * the piles on a grid, so the arrow keys can move a cursor between them.
 */
export interface TableRenderer {
  place(piles: readonly PileView[], room?: { width: number; height: number }): { x: number; y: number }[];
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
/** The cards a pile shows on one line: its top three fanned right, else its top card. */
const shownCards = (pile: PileView) => (pile.fan === "right" ? pile.cards.slice(-3) : pile.cards.slice(-1));

/** Those cards as text, `[ ]` for an empty pile. */
function topText(shown: PileView["cards"], colour: boolean): string {
  if (shown.length === 0) return "[ ]";
  return shown
    .map((v) => cardText(v.card, v.faceUp, colour).trimEnd())
    .join(" ")
    .padEnd(3);
}

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
      const shown = shownCards(pile);
      const text = topText(shown, colour);
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

/** A pile's key as the screen shows it: a control character never reaches the terminal. */
const safeKey = (key: string) => key.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");

/** A cell's key in the 3 columns of a card: ` 1 `, `10 `, `r10`. */
const keyCell = (key: string | undefined) =>
  key === undefined ? "   " : key.length === 1 ? ` ${safeKey(key)} ` : safeKey(key).padEnd(3);

/** How many piles of 3 columns and a space fit across `width`. */
const across = (width: number) => Math.max(1, Math.floor((width + 1) / 4));

/** Splits `list` into rows of at most `size`, as even as they can be (9 and 9 of 18, not 12 and 6). */
function evenRows<T>(list: readonly T[], size: number): T[][] {
  const rows = Math.max(1, Math.ceil(list.length / size));
  const each = Math.ceil(list.length / rows);
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += each) out.push(list.slice(i, i + each));
  return out;
}

/** How many piles of the accordion a row holds across `width`: a multiple of ten when ten fit, so rows begin at 1, 21, 41. */
const accordionAcross = (width: number) => {
  const n = across(width);
  return n >= 10 ? n - (n % 10) : n;
};

/** How many cards an accordion's pile holds, in the 3 columns of its card: `x3`, `x12`, `x52`. */
const accordionCount = (n: number) => `x${n}`.padEnd(3);

/** The piles of a table, each with its index in the pile view, in the parts the family's table draws apart. */
function parts(piles: readonly PileView[], rowLength: number) {
  const all = piles.map((p, i) => ({ p, i }));
  const places = all.filter(({ p }) => p.ref.kind === "place");
  // Gaps' rows: place r * rowLength + k is row r's (k + 1)-th.
  const gridRows: { p: PileView; i: number }[][] = [];
  for (const item of places) {
    const r = Math.floor(item.p.ref.index / rowLength);
    while (gridRows.length <= r) gridRows.push([]);
    gridRows[r].push(item);
  }
  return {
    top: all.filter(({ p }) => p.fan !== "down" && !isSpread(p) && !inRows(p)),
    spread: all.filter(({ p }) => isSpread(p)),
    gridRows: gridRows.filter((row) => row.length > 0),
    accordion: all.filter(({ p }) => p.ref.kind === "accordion"),
    columns: all.filter(({ p }) => p.fan === "down"),
  };
}

/** Gaps' places and the accordion's piles are drawn in rows of their own, not in the top row. */
const inRows = (p: PileView) => p.ref.kind === "place" || p.ref.kind === "accordion";

/**
 * The family engine's games (Spider, Golf, Canfield, Black Hole, Fan…): the stock (with how many cards it holds),
 * the waste, the hole, the cells, the foundations and a stacked reserve (its top card and its count) in a row
 * across the top, each under its key; a spread reserve on a row of its own; Gaps' places as a grid, a row of the
 * rules a line of keys over a line of cards (`--` a gap); the accordion's piles in rows of ten, twenty… (as many
 * tens as fit across), each under its key and over its count when it holds more than one card (`x3`); the
 * tableau's piles in columns below, in as many rows of piles as the terminal's width needs (eighteen fit in 80
 * columns). When the piles are too long for the terminal's height, a run of face-down cards shows as its count
 * (`#5`), and then the lowest face-up cards of the longest piles as theirs (`+4`), so the whole table stays on the
 * screen. `rowLength` is the places in a row of Gaps (13).
 */
export function familyRenderer(rowLength = 13): TableRenderer {
  return {
    place(piles, room) {
      const width = room?.width ?? 80;
      const { top, spread, gridRows, accordion, columns: columnsOf } = parts(piles, rowLength);
      const accordionRows = chunk(accordion, accordionAcross(width));
      const rows = evenRows(columnsOf, across(width));
      const at: { x: number; y: number }[] = piles.map(() => ({ x: 0, y: 0 }));
      let y = 0;
      const lay = (row: readonly { i: number }[]) => {
        row.forEach(({ i }, x) => {
          at[i] = { x, y };
        });
        if (row.length > 0) y++;
      };
      lay(top);
      lay(spread);
      for (const row of gridRows) for (const piece of evenRows(row, across(width))) lay(piece);
      for (const row of accordionRows) lay(row);
      for (const row of rows) lay(row);
      return at;
    },
    draw(piles, marks) {
      const { colour } = marks;
      const width = marks.room?.width ?? 80;
      const lines: string[] = [];
      const { top, spread, gridRows, accordion, columns: columnsAt } = parts(piles, rowLength);
      const cell = (i: number, text: string) => mark(text, marks.selected === i, marks.cursor === i, colour);
      /** A pile's top card in its 3 columns, `empty` when it has none. */
      const topCard = ({ p, i }: { p: PileView; i: number }, empty: string) => {
        const v = p.cards[p.cards.length - 1];
        return cell(i, v ? cardText(v.card, v.faceUp, colour) : empty);
      };
      const keyLine = (row: readonly { p: PileView }[]) =>
        row
          .map(({ p }) => keyCell(p.key))
          .join(" ")
          .trimEnd();

      // The top row: each pile under its key; a count after the stock and a stacked reserve.
      if (top.length > 0) {
        const { keys, cards } = topCells(top, marks);
        lines.push(...wrapCells(keys, cards, width), "");
      }

      // A spread reserve: each place under its key.
      if (spread.length > 0) {
        const keys = spread.map(({ p }) => keyCell(p.key));
        const cards = spread.map((item) => topCard(item, "[ ]"));
        lines.push(...wrapCells(keys, cards, width), "");
      }

      // Gaps: a row of places a line of keys over a line of cards, a gap `--`.
      // A terminal too narrow for a row has it in pieces, a blank line between rows.
      if (gridRows.length > 0) {
        gridRows.forEach((row, r) => {
          const pieces = evenRows(row, across(width));
          if (r > 0 && pieces.length > 1) lines.push("");
          for (const piece of pieces)
            lines.push(
              keyLine(piece),
              piece
                .map((item) => topCard(item, "-- "))
                .join(" ")
                .trimEnd(),
            );
        });
        lines.push("");
      }

      // The accordion: its piles in rows, each under its key, and under a pile of more than one card how many it
      // holds (`x3`), on a line a row has only when one of its piles has grown.
      if (accordion.length > 0) {
        for (const row of chunk(accordion, accordionAcross(width))) {
          lines.push(
            keyLine(row),
            row
              .map((item) => topCard(item, "[ ]"))
              .join(" ")
              .trimEnd(),
          );
          if (row.some(({ p }) => p.cards.length > 1))
            lines.push(
              row
                .map(({ p }) => (p.cards.length > 1 ? accordionCount(p.cards.length) : "   "))
                .join(" ")
                .trimEnd(),
            );
        }
        lines.push("");
      }

      // The tableau: rows of columns, each as deep as the room allows.
      const rows = evenRows(columnsAt, across(width));
      const height = marks.room?.height ?? Number.POSITIVE_INFINITY;
      const room = Math.max(
        3,
        Math.floor((height - lines.length) / Math.max(1, rows.length)) - 1 - (rows.length > 1 ? 1 : 0),
      );
      rows.forEach((row, r) => {
        if (r > 0) lines.push("");
        lines.push(keyLine(row));
        const shown = fitColumns(
          row.map(({ p }) => p),
          room,
        );
        const depth = Math.max(1, ...shown.map((c) => c.length));
        for (let line = 0; line < depth; line++) {
          const cells = row.map(({ i }, c) => {
            const column = shown[c];
            const last = column.length - 1;
            if (line > last) return line === 0 ? mark(" . ", false, marks.cursor === i, colour) : "   ";
            const item = column[line];
            const text = typeof item === "string" ? item : cardText(item.card, item.faceUp, colour);
            return line === last ? mark(text, marks.selected === i, marks.cursor === i, colour) : text;
          });
          lines.push(cells.join(" ").trimEnd());
        }
      });
      // No blank line at the foot of a table without a tableau.
      while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
      return lines;
    },
  };
}

/** The family's table of a game without Gaps' rows, or with rows of thirteen places. */
export const family = familyRenderer();

/** Splits `list` into rows of `size` (the last one shorter). */
function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * The cells of piles that show their top card (or the last three of a waste fanned right), each with its key
 * above: a count after the stock and a stacked reserve (`## (23)`).
 */
function topCells(
  top: readonly { p: PileView; i: number }[],
  marks: Marks,
): { keys: string[]; cards: string[] } {
  const { colour } = marks;
  const keys: string[] = [];
  const cards: string[] = [];
  for (const { p, i } of top) {
    const shown = shownCards(p);
    const text = topText(shown, colour);
    const count =
      (p.ref.kind === "stock" || p.ref.kind === "reserve") && p.cards.length > 0 ? `(${p.cards.length})` : "";
    const w = Math.max(3, shown.length * 3 - 1);
    cards.push(
      `${mark(text.length < w ? text.padEnd(w) : text, marks.selected === i, marks.cursor === i, colour)}${count}`,
    );
    keys.push(keyCell(p.key).padEnd(w + count.length));
  }
  return { keys, cards };
}

const isSpread = (p: PileView) => p.ref.kind === "reserve" && p.key !== "r";

/** Cells with their keys above, wrapped onto more lines when they do not fit across `width`. */
function wrapCells(keys: string[], cards: string[], width: number): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < keys.length) {
    let end = start;
    let used = 0;
    while (end < keys.length && (end === start || used + 1 + keys[end].length <= width)) {
      used += (end === start ? 0 : 1) + keys[end].length;
      end++;
    }
    out.push(keys.slice(start, end).join(" ").trimEnd(), cards.slice(start, end).join(" ").trimEnd());
    start = end;
  }
  return out;
}

type Shown = PileView["cards"][number] | string;

/**
 * Each pile's cards as shown in at most `room` lines: a run of face-down cards becomes its count (`#5`) first,
 * in every pile; then the longest piles lose their lowest face-up cards to a count (`+4`), their top cards kept.
 */
function fitColumns(piles: readonly PileView[], room: number): Shown[][] {
  const full = piles.map((p) => p.cards as Shown[]);
  if (Math.max(0, ...full.map((c) => c.length)) <= room) return full;
  const compact = piles.map((p) => {
    const down = p.cards.filter((c) => !c.faceUp).length;
    const up = p.cards.slice(down) as Shown[];
    return down > 1 ? [`#${down}`.padEnd(3), ...up] : (p.cards as Shown[]);
  });
  return compact.map((c) => {
    if (c.length <= room) return c;
    const head = typeof c[0] === "string" ? [c[0]] : [];
    const rest = c.slice(head.length);
    const keep = Math.max(1, room - head.length - 1);
    const hidden = rest.length - keep;
    return [...head, `+${hidden}`.padEnd(3), ...rest.slice(hidden)];
  });
}

/**
 * The terminal columns of a half-card step of a covering layout: two, so that the cards of a row lie four columns
 * apart (a card's three and a space, as in every other table); three where the terminal is wide enough for the
 * layout to spread out (at least `WIDE` columns).
 */
const HALF_STEPS = [3, 2] as const;
const WIDE = 100;

/**
 * A covering layout (the family's `tableau.covering`: Pyramid, TriPeaks): the stock (its top card and its count),
 * the waste and the hole or discard in a row across the top, each under its key; then the layout's rows, each
 * pile's card at its column (half-card steps, so a row lies half a card across from the one above it) under its
 * key, which goes when the card does. A covered card the rules hide shows face down (`##`), as the pile view has
 * it; a place whose card is gone shows a dot. A terminal too short for the top row above the rows (fewer than 24
 * lines) has it beside the top rows, on their left.
 */
export function coveringRenderer(layout: Covering): TableRenderer {
  const places = layout.places;
  const minCol = Math.min(0, ...places.map(([, c]) => c));
  const span = Math.max(0, ...places.map(([, c]) => c)) - minCol;
  const rowCount = Math.max(0, ...places.map(([r]) => r)) + 1;
  const placeOf = (p: PileView) => (p.ref.kind === "cascade" ? places[p.ref.index] : undefined);
  const half = (width: number) =>
    HALF_STEPS.find((h) => width >= WIDE && span * h + 3 <= width) ?? HALF_STEPS[HALF_STEPS.length - 1];
  const talon = (piles: readonly PileView[]) =>
    piles.map((p, i) => ({ p, i })).filter(({ p }) => placeOf(p) === undefined);
  /**
   * The top row's keys and cards, its width, and where the rows start: above them, or beside the top row (left of
   * it) when the room is too short for the top row above the rows and wide enough for it beside them.
   */
  const arrange = (piles: readonly PileView[], marks: Marks) => {
    const width = marks.room?.width ?? 80;
    const height = marks.room?.height ?? Number.POSITIVE_INFINITY;
    const h = half(width);
    const top = talon(piles);
    const { keys, cards } = topCells(top, marks);
    const talonWidth = keys.reduce((sum, k) => sum + k.length, 0) + Math.max(0, keys.length - 1);
    const beside = top.length > 0 && 3 + 2 * rowCount > height && talonWidth + 2 + span * h + 3 <= width;
    return { h, top, keys, cards, talonWidth, beside, offset: beside ? talonWidth + 2 : 0 };
  };
  return {
    place(piles, room) {
      const { h, top, keys, beside, offset } = arrange(piles, { colour: false, room });
      // The piles of the top row at their columns in half steps, so that up and down go to the nearest.
      const starts = new Map<number, number>();
      let at = 0;
      top.forEach(({ i }, k) => {
        starts.set(i, (at - offset) / h);
        at += keys[k].length + 1;
      });
      return piles.map((p, i) => {
        const where = placeOf(p);
        return where === undefined
          ? { x: starts.get(i) ?? 0, y: beside ? 1 : 0 }
          : { x: where[1] - minCol, y: 1 + where[0] };
      });
    },
    draw(piles, marks) {
      const { colour } = marks;
      const width = marks.room?.width ?? 80;
      const { h, top, keys, cards, talonWidth, beside, offset } = arrange(piles, marks);
      const lines: string[] = [];
      if (top.length > 0 && !beside) lines.push(...wrapCells(keys, cards, width), "");
      for (let row = 0; row < rowCount; row++) {
        const inRow = piles
          .map((p, i) => ({ p, i, at: placeOf(p) }))
          .filter(({ at }) => at !== undefined && at[0] === row)
          .map(({ p, i, at }) => ({ p, i, x: offset + ((at as readonly [number, number])[1] - minCol) * h }))
          .sort((a, b) => a.x - b.x);
        const withTalon = beside && row === 0;
        let keyLine = withTalon ? keys.join(" ") : "";
        let cardLine = withTalon ? cards.join(" ") : "";
        // Columns used so far on the card line (its colours take none).
        let used = withTalon ? talonWidth : 0;
        for (const { p, i, x } of inRow) {
          const view = p.cards[p.cards.length - 1];
          const text = view ? cardText(view.card, view.faceUp, colour) : " . ";
          keyLine = keyLine.padEnd(x) + (view ? keyCell(p.key) : "   ");
          cardLine += " ".repeat(Math.max(0, x - used));
          cardLine += view
            ? mark(text, marks.selected === i, marks.cursor === i, colour)
            : mark(text, false, marks.cursor === i, colour);
          used = Math.max(used, x) + 3;
        }
        lines.push(keyLine.trimEnd(), cardLine.trimEnd());
      }
      return lines;
    },
  };
}

/** The rules in force, or else the game's defaults, as the family engine's rules (or undefined). */
function familyRulesOf(game: string, rules?: unknown): Partial<FamilyRules> | undefined {
  const found = PATIENCE_GAMES.find((g) => g.id === game) ?? presetGame(game);
  const r = rules ?? found?.rules.defaults;
  return typeof r === "object" && r !== null ? (r as Partial<FamilyRules>) : undefined;
}

/** The renderer of each game by name; a game not listed is drawn in columns (the family engine's: `family`). */
const RENDERERS: Record<string, TableRenderer> = {
  montana: grid,
  ...Object.fromEntries(FAMILY_GAMES.map((g) => [g.id, family])),
};

/**
 * The table of a game, shaped by its rules (those in force when given, else its defaults): a covering layout
 * (Pyramid, TriPeaks), Gaps' rows of the rules' length, or the game's own (Montana's grid, the columns of FreeCell).
 */
export function rendererFor(game: string, rules?: unknown): TableRenderer {
  const r = familyRulesOf(game, rules);
  const covering = r?.tableau?.covering;
  if (covering) return coveringRenderer(covering);
  const renderer = RENDERERS[game] ?? (presetGame(game) ? family : columns);
  if (renderer === family && r?.sequences) return familyRenderer(rowLength(r as FamilyRules));
  return renderer;
}
