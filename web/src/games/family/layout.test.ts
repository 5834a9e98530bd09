import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../../../src/cards/random.ts";
import type { AnyPatienceGame, PileView } from "../../../../src/games/patience/contract.ts";
import { findPatience, OTHER_PRESETS } from "../../../../src/games/registry.ts";
import { layoutTable, pileId, type TableLayout } from "../../patience/layout.ts";
import { layoutOf } from "../index.ts";

/**
 * Every one of Solvitaire's presets on the web table (issue 34): its family layout fits the four screens the app
 * is checked at, each card in view and large enough, every pile once; Gaps as a grid of 4 rows of 13, the
 * accordion's 52 piles wrapped into rows. The rooms are the table's at each screen, less the app's bars (as in
 * web/src/patience/layout.test.ts).
 */
const SCREENS: { name: string; room: [number, number]; minCard: number }[] = [
  { name: "phone upright 390x844", room: [390 - 8, 844 - 250], minCard: 28 },
  { name: "phone sideways 844x390", room: [844 - 16, 390 - 150], minCard: 24 },
  { name: "phone sideways 844x390, bars at the sides", room: [844 - 2 * 106, 390 - 60], minCard: 24 },
  { name: "laptop 1280x800", room: [1280 - 16, 800 - 200], minCard: 50 },
  { name: "desktop 1920x1080", room: [1920 - 16, 1080 - 200], minCard: 65 },
];

const game = (id: string): AnyPatienceGame => {
  const g = findPatience(id);
  if (!g) throw new Error(`no game ${id}`);
  return g;
};

/** The deal (Solvitaire's numbering, as the app deals presets) and positions of seeded random play from it. */
function positions(g: AnyPatienceGame, deal: number, seed: number, moves: number): { rules: unknown }[] {
  let s = g.deal(deal, g.rules.make({}), "solvitaire");
  const out = [s];
  const random = mulberry32(seed);
  for (let i = 0; i < moves; i++) {
    const legal = g.legalMoves(s);
    if (legal.length === 0) break;
    s = g.apply(s, legal[Math.floor(random() * legal.length)]);
    out.push(s);
  }
  return out;
}

function inRoom(table: TableLayout, w: number, h: number, where: string): void {
  expect(table.height, where).toBeLessThanOrEqual(h);
  for (const spot of table.cards.flat()) {
    expect(spot.x, where).toBeGreaterThanOrEqual(0);
    expect(spot.y, where).toBeGreaterThanOrEqual(0);
    expect(spot.x + table.cardW, where).toBeLessThanOrEqual(w);
    expect(spot.y + table.cardH, where).toBeLessThanOrEqual(h);
  }
}

/** The piles' rows on the table: their tops, each with its piles' left edges in order. */
function rowsOf(table: TableLayout, kind: string): number[][] {
  const rows = new Map<number, number[]>();
  for (const p of table.piles.filter((p) => p.view.ref.kind === kind))
    rows.set(p.rect.y, [...(rows.get(p.rect.y) ?? []), p.rect.x]);
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, xs]) => xs.sort((a, b) => a - b));
}

describe("Solvitaire's presets on the web table", () => {
  it("offers every preset that is no game of the registry (53), each with its family layout", () => {
    expect(OTHER_PRESETS.length).toBe(53);
    for (const id of OTHER_PRESETS) {
      const layout = layoutOf(id);
      const piles = game(id).piles(game(id).deal(1, game(id).rules.make({}), "solvitaire"), "player");
      // The family layout gives arrangements that hold every pile; the default would not know Gaps' places.
      const placed = layout.arrangements(piles)[0].flatMap((band) => band.items.filter((i) => "pile" in i));
      expect(placed.length, id).toBe(piles.length);
    }
  });

  it("fits every preset, dealt and played on, at an upright and a sideways phone, a laptop and a desktop", () => {
    for (const id of OTHER_PRESETS) {
      const g = game(id);
      const layout = layoutOf(id);
      const states = positions(g, 1, 7, 40);
      const sizing = g.piles(states[0], "player");
      for (const { name, room, minCard } of SCREENS) {
        const [w, h] = room;
        const where = `${id} at ${name}`;
        for (const s of [states[0], states[Math.floor(states.length / 2)], states[states.length - 1]]) {
          const table = layoutTable(layout, g.piles(s, "player"), sizing, w, h);
          inRoom(table, w, h, where);
          expect(table.cardW, where).toBeGreaterThanOrEqual(minCard);
        }
        // Every pile of the deal on the table, once.
        const dealt = layoutTable(layout, sizing, sizing, w, h);
        const ids = dealt.piles.map((p) => pileId(p.view.ref));
        expect(new Set(ids).size, where).toBe(sizing.length);
        expect(ids.length, where).toBe(sizing.length);
      }
    }
  });

  it("fits the longest piles the two-deck games can reach (every card of a suit on a pile)", () => {
    for (const id of ["gargantua", "klondike-two-deck-9", "ultra-klondike-2-deck", "lucas", "maria"]) {
      const g = game(id);
      const layout = layoutOf(id);
      const sizing = g.piles(g.deal(1, g.rules.make({}), "solvitaire"), "player");
      // The first pile holds 13 face-up cards more than it was dealt: a long built run on it.
      const long: PileView[] = sizing.map((p) =>
        p.ref.kind === "cascade" && p.ref.index === 0
          ? { ...p, cards: [...p.cards, ...Array.from({ length: 13 }, () => ({ card: 0, faceUp: true }))] }
          : p,
      );
      for (const { name, room } of SCREENS) {
        const [w, h] = room;
        inRoom(layoutTable(layout, long, sizing, w, h), w, h, `${id} at ${name}`);
      }
    }
  });

  it("lays Gaps out as a grid of 4 rows of 13 places (turned a quarter on an upright phone), not a row", () => {
    for (const id of ["gaps-one-deal", "gaps-basic-variant"]) {
      const g = game(id);
      const piles = g.piles(g.deal(1, g.rules.make({}), "solvitaire"), "player");
      expect(piles.filter((p) => p.ref.kind === "place").length).toBe(52);
      for (const { name, room } of SCREENS) {
        const [w, h] = room;
        const table = layoutTable(layoutOf(id), piles, piles, w, h);
        const rows = rowsOf(table, "place");
        const where = `${id} at ${name}`;
        const shape = rows.map((r) => r.length);
        if (h > w * 1.3) expect(shape, where).toEqual(Array(13).fill(4));
        else expect(shape, where).toEqual([13, 13, 13, 13]);
        // The columns line up from row to row.
        for (const row of rows) expect(row, where).toEqual(rows[0]);
      }
      // A click plays (a card to its gap, a gap filled), as in Montana.
      expect(layoutOf(id).clickMode).toBe("quick");
    }
  });

  it("wraps the accordion's piles into rows that fit, in reading order, the columns lined up", () => {
    for (const [id, count] of [
      ["accordion", 52],
      ["accordion-knuth", 18],
      ["late-binding-solitaire", 18],
    ] as const) {
      const g = game(id);
      const piles = g.piles(g.deal(1, g.rules.make({}), "solvitaire"), "player");
      expect(piles.length).toBe(count);
      for (const { name, room } of SCREENS) {
        const [w, h] = room;
        const table = layoutTable(layoutOf(id), piles, piles, w, h);
        const where = `${id} at ${name}`;
        const rows = rowsOf(table, "accordion");
        // Every row as long as the first but the last; the last's piles under the first's.
        expect(rows.flat().length, where).toBe(count);
        for (const row of rows.slice(0, -1)) expect(row, where).toEqual(rows[0]);
        expect(rows[rows.length - 1], where).toEqual(rows[0].slice(0, rows[rows.length - 1].length));
        if (count === 52) expect(rows.length, where).toBeGreaterThan(1);
        // Reading order: pile i+1 right of pile i in its row, or first in the next row.
        const spot = (i: number) => table.piles.find((p) => p.view.ref.index === i)?.rect;
        for (let i = 1; i < count; i++) {
          const a = spot(i - 1);
          const b = spot(i);
          if (!a || !b) throw new Error(`pile ${i} not on the table`);
          expect(b.y > a.y || (b.y === a.y && b.x > a.x), `${where}: pile ${i + 1}`).toBe(true);
        }
      }
    }
  });
});
