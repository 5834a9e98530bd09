/**
 * Draws a Tetris screen as text: the well, next queue, hold, score panel, status and the footnote with the
 * rules and keys. Pure: it takes a view and returns lines; the caller writes them.
 */

export type CellKind = "empty" | "stack" | "piece" | "ghost";

export interface ScreenCell {
  id: number;
  kind: CellKind;
}

export interface ScreenView {
  title: string;
  mode: "classic" | "guideline";
  /** Top row first, ten cells each. */
  cells: ScreenCell[][];
  next: number[];
  /** null: hold is empty; undefined: this mode has no hold. */
  hold: number | null | undefined;
  score: number;
  lines: number;
  level: number;
  /** The mode's personal best as shown: points, or a sprint's time. */
  best: string;
  /** Lines under the level: time, lines to go. */
  stats: string[];
  /** Lines of status under the panel: paused, game over, the last clear, a problem with the score file... */
  status: string[];
  /** When the game is over: the results screen, shown in place of the panel. */
  results?: string[];
}

/** The model's ANSI colours (Board`getCellPrint), shared by both modes. */
export const PIECE_COLORS = [0, 51, 21, 208, 226, 34, 165, 196, 245];
const LETTERS = ".IJLOSTZ#";

/** Mini pictures of each piece for the next and hold boxes, two rows of four cells. */
const MINI: Record<number, [string, string]> = {
  1: ["    ", "XXXX"],
  2: ["X   ", "XXX "],
  3: ["  X ", "XXX "],
  4: [" XX ", " XX "],
  5: [" XX ", "XX  "],
  6: [" X  ", "XXX "],
  7: ["XX  ", " XX "],
};

function paint(text: string, id: number, color: boolean, dim = false): string {
  if (!color) return text;
  const code = PIECE_COLORS[id] ?? 245;
  return `\u001B[${dim ? "2;" : ""}38;5;${code}m${text}\u001B[0m`;
}

function cellText(cell: ScreenCell, color: boolean): string {
  switch (cell.kind) {
    case "empty":
      return " .";
    case "ghost":
      return paint("::", cell.id, color, true);
    default:
      return paint("[]", cell.id, color);
  }
}

function mini(id: number | null | undefined, row: 0 | 1, color: boolean): string {
  if (!id) return "        ";
  const pattern = MINI[id]![row];
  let out = "";
  for (const ch of pattern) out += ch === "X" ? paint("[]", id, color) : "  ";
  return out;
}

export const FOOTNOTE_KEYS = [
  "Keys: Left/a left  Right/d right  Up/s/x rotate  z rotate back  v half turn  Down soft drop",
  "      Space/f drop  c hold  p pause  q quit.  Held keys: auto shift starts at your terminal's",
  "      first repeat, then tsol's ARR; terminals report no key release (inferred 0.1 s after).",
];

export function footnoteRules(mode: "classic" | "guideline"): string[] {
  if (mode === "classic") {
    return [
      "Rules (the VDM++ model): fill a row to clear it. 1/2/3/4 rows score 100/300/400/800 x level, a drop",
      "scores its distance x level; level = 1 + lines / 10. A piece that cannot appear ends the game.",
    ];
  }
  return [
    "Rules (guideline): 1-4 rows score 100/300/500/800 x level, T-spins and back-to-back score more;",
    "soft drop 1 a row, hard drop 2. Marathons level up every 10 lines (to 20). Sprint: 40 lines against",
    "the clock; ultra: points in 2 minutes; zen: a full well empties and play goes on.",
  ];
}

/** The screen as lines, with ANSI colour when `color` is true. */
export function renderScreen(view: ScreenView, color: boolean): string[] {
  const panel: string[] = [view.title, ""];
  if (view.results) panel.push(...view.results);
  else {
    panel.push(
      `Next: ${view.next.map((id) => LETTERS[id]).join(" ")}`,
      ` ${mini(view.next[0], 0, color)}`,
      ` ${mini(view.next[0], 1, color)}`,
      "",
    );
    if (view.hold !== undefined)
      panel.push(
        `Hold: ${view.hold ? LETTERS[view.hold] : "-"}`,
        ` ${mini(view.hold, 0, color)}`,
        ` ${mini(view.hold, 1, color)}`,
        "",
      );
    panel.push(
      `Score: ${view.score}`,
      `Lines: ${view.lines}`,
      `Level: ${view.level}`,
      ...view.stats,
      `Best:  ${view.best}`,
      "",
    );
  }
  panel.push(...view.status);
  const lines: string[] = [];
  const height = view.cells.length;
  for (let r = 0; r < height + 1; r++) {
    const well =
      r < height ? `|${view.cells[r]!.map((c) => cellText(c, color)).join("")}|` : `+${"-".repeat(20)}+`;
    lines.push(`${well}  ${panel[r] ?? ""}`);
  }
  for (let r = height + 1; r < panel.length; r++) lines.push(`${" ".repeat(22)}  ${panel[r]}`);
  lines.push("", ...footnoteRules(view.mode), ...FOOTNOTE_KEYS);
  return lines;
}

/** The screen without colour, one character a cell, for logs and tests. */
export function plainCells(view: ScreenView): string[] {
  return view.cells.map((row) =>
    row.map((c) => (c.kind === "empty" ? "." : c.kind === "ghost" ? ":" : LETTERS[c.id])).join(""),
  );
}

/** The smallest terminal the game is played in: the well and a narrow panel. */
export const MIN_COLUMNS = 46;
export const MIN_ROWS = 22;

/**
 * The screen cut to a terminal of `columns` x `rows`: lines cut to the width (colour codes kept, not counted),
 * the lines below the well (footnote) dropped when they do not fit. null when the well itself does not fit.
 */
export function fitScreen(lines: string[], columns: number, rows: number): string[] | null {
  if (columns < MIN_COLUMNS || rows < MIN_ROWS) return null;
  return lines.slice(0, rows).map((line) => cutVisible(line, columns));
}

/** `line` cut to `width` visible characters; ANSI escape sequences pass through uncounted. */
export function cutVisible(line: string, width: number): string {
  let out = "";
  let visible = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "\u001B") {
      const end = line.indexOf("m", i);
      if (end < 0) break;
      out += line.slice(i, end + 1);
      i = end;
      continue;
    }
    if (visible >= width) continue;
    out += line[i];
    visible++;
  }
  return out;
}
