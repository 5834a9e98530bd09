import type { PieceId } from "../../../src/games/tetris/guideline/srs.ts";
import { SHAPES } from "../../../src/games/tetris/guideline/srs.ts";
import { COLUMNS, ROWS, type TetrisPicture } from "./session.ts";

/** Guideline colours by piece id: I J L O S T Z. */
const COLOURS = ["", "#22c6e8", "#3559e0", "#f08c1a", "#f4cf1d", "#4cc74a", "#a552d8", "#e8423f"];

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount));
  const r = mix(n >> 16);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `rgb(${r}, ${g}, ${b})`;
}

export function drawBlock(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, id: number) {
  const colour = COLOURS[id] ?? "#888";
  const inset = Math.max(1, size * 0.06);
  ctx.fillStyle = shade(colour, -0.35);
  ctx.fillRect(x, y, size, size);
  ctx.fillStyle = colour;
  ctx.fillRect(x + inset, y + inset, size - inset * 2, size - inset * 2);
  ctx.fillStyle = shade(colour, 0.35);
  ctx.fillRect(x + inset, y + inset, size - inset * 2, Math.max(1, size * 0.14));
  ctx.fillStyle = shade(colour, -0.15);
  ctx.fillRect(
    x + inset,
    y + size - inset - Math.max(1, size * 0.12),
    size - inset * 2,
    Math.max(1, size * 0.12),
  );
}

/** The playfield: the two rows above the field shaded, the grid, the stack, the ghost, the piece. */
export function drawField(
  ctx: CanvasRenderingContext2D,
  picture: TetrisPicture,
  cell: number,
  dark: boolean,
): void {
  const w = COLUMNS * cell;
  const h = ROWS * cell;
  ctx.fillStyle = dark ? "#0b0f14" : "#10161f";
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = "rgba(255,255,255,0.035)";
  ctx.fillRect(0, 0, w, 2 * cell);
  ctx.strokeStyle = "rgba(255,255,255,0.06)";
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let c = 1; c < COLUMNS; c++) {
    ctx.moveTo(c * cell + 0.5, 2 * cell);
    ctx.lineTo(c * cell + 0.5, h);
  }
  for (let r = 3; r < ROWS; r++) {
    ctx.moveTo(0, r * cell + 0.5);
    ctx.lineTo(w, r * cell + 0.5);
  }
  ctx.stroke();
  ctx.strokeStyle = "rgba(255,255,255,0.25)";
  ctx.beginPath();
  ctx.moveTo(0, 2 * cell + 0.5);
  ctx.lineTo(w, 2 * cell + 0.5);
  ctx.stroke();
  const pieceSet = new Set(picture.piece);
  for (let i = 0; i < picture.cells.length; i++) {
    const id = picture.cells[i];
    if (id !== 0 && !pieceSet.has(i))
      drawBlock(ctx, (i % COLUMNS) * cell, Math.floor(i / COLUMNS) * cell, cell, id);
  }
  if (picture.pieceId > 0) {
    for (const i of picture.ghost) {
      if (pieceSet.has(i)) continue;
      const x = (i % COLUMNS) * cell;
      const y = Math.floor(i / COLUMNS) * cell;
      ctx.fillStyle = `${COLOURS[picture.pieceId]}33`;
      ctx.fillRect(x + 1, y + 1, cell - 2, cell - 2);
      ctx.strokeStyle = `${COLOURS[picture.pieceId]}aa`;
      ctx.lineWidth = Math.max(1, cell * 0.06);
      ctx.strokeRect(x + 2, y + 2, cell - 4, cell - 4);
    }
    for (const i of picture.piece)
      drawBlock(ctx, (i % COLUMNS) * cell, Math.floor(i / COLUMNS) * cell, cell, picture.pieceId);
  }
}

/** A piece in a small box, for the next queue and hold. */
export function drawPreview(
  ctx: CanvasRenderingContext2D,
  id: PieceId,
  x: number,
  y: number,
  box: number,
  dim: boolean,
): void {
  const cells = SHAPES[id][0];
  const xs = cells.map(([cx]) => cx);
  const ys = cells.map(([, cy]) => cy);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const size = Math.floor(box / 4.4);
  const ox = x + (box - (maxX - minX + 1) * size) / 2;
  const oy = y + (box * 0.6 - (maxY - minY + 1) * size) / 2;
  ctx.globalAlpha = dim ? 0.35 : 1;
  for (const [cx, cy] of cells) drawBlock(ctx, ox + (cx - minX) * size, oy + (maxY - cy) * size, size, id);
  ctx.globalAlpha = 1;
}
