import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * WCAG AA for every label: the colours are read from the style sheet itself, for each theme and table colour,
 * and every pair of ink and what lies under it must reach 4.5:1 (normal text). The felt's lightest stop is the
 * worst case; the dark chips, buttons and the head bar are laid over it with their opacity.
 */
const css = readFileSync(new URL("./base.css", import.meta.url), "utf8");

function block(selector: string): Record<string, string> {
  const at = css.indexOf(`${selector} {`);
  if (at < 0) return {};
  const body = css.slice(at + selector.length + 2, css.indexOf("}", at));
  const out: Record<string, string> = {};
  for (const m of body.matchAll(/(--[\w-]+):\s*([^;]+);/g)) out[m[1]] = m[2].trim();
  return out;
}

type Rgba = [number, number, number, number];

function parse(colour: string): Rgba {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (hex) {
    const n = Number.parseInt(hex[1], 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const rgba = /^rgba?\(([^)]+)\)$/.exec(colour);
  if (rgba) {
    const [r, g, b, a = "1"] = rgba[1].split(",").map((x) => x.trim());
    return [Number(r), Number(g), Number(b), Number(a)];
  }
  throw new Error(`cannot read colour ${colour}`);
}

const over = (top: Rgba, under: Rgba): Rgba => [
  top[0] * top[3] + under[0] * (1 - top[3]),
  top[1] * top[3] + under[1] * (1 - top[3]),
  top[2] * top[3] + under[2] * (1 - top[3]),
  1,
];

function luminance([r, g, b]: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe("contrast of every label", () => {
  const tables = ["green", "blue", "red", "grey"];
  for (const theme of ["light", "dark"]) {
    for (const table of tables) {
      it(`meets AA in the ${theme} theme on the ${table} table`, () => {
        const vars = {
          ...block(":root"),
          ...(table === "green" ? {} : block(`:root[data-table="${table}"]`)),
          ...(theme === "dark" ? block(':root[data-theme="dark"]') : {}),
          ...(theme === "dark" && table !== "green"
            ? block(`:root[data-theme="dark"][data-table="${table}"]`)
            : {}),
        };
        const get = (name: string) => parse(vars[name]);
        const felt = get("--felt-1");
        const pairs: [string, Rgba, Rgba][] = [
          ["ink on the felt (notice line)", get("--ink"), felt],
          ["ink on a chip (status)", get("--ink"), over(get("--chip"), felt)],
          ["dim ink on a chip (status labels)", get("--ink-dim"), over(get("--chip"), felt)],
          ["ink on a button", get("--ink"), over(get("--button"), felt)],
          ["ink on a hovered button", get("--ink"), over(get("--button-hover"), felt)],
          ["dim ink on the head bar (menu)", get("--ink-dim"), over(get("--head"), felt)],
          ["pile keys (white on their dark chip)", parse("#ffffff"), over(parse("rgba(0,0,0,0.55)"), felt)],
          ["accent ink on the accent", get("--accent-ink"), get("--accent")],
          ["panel ink", get("--panel-ink"), get("--panel")],
          ["panel notes", get("--panel-dim"), get("--panel")],
        ];
        for (const [what, ink, under] of pairs) {
          expect(contrast(ink, under), what).toBeGreaterThanOrEqual(4.5);
        }
      });
    }
  }
});
