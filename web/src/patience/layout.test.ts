import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../../src/cards/random.ts";
import { FAMILY_GAMES } from "../../../src/games/family/index.ts";
import { COVERING_GAMES, findPatience, OTHER_PRESETS, PATIENCE_GAMES } from "../../../src/games/registry.ts";
import { layoutOf } from "../games/index.ts";
import { COMFORT, layoutTable, pileId } from "./layout.ts";

/** The table's room at each screen the app is checked at, less the app's bars above it (at most). */
const ROOMS: [number, number][] = [
  [1280 - 16, 800 - 200],
  [1366 - 16, 768 - 200],
  [1920 - 16, 1080 - 200],
  [390 - 8, 844 - 250],
  // A phone held sideways: the bars squeezed to their least (base.css), a short wide table.
  [844 - 16, 390 - 150],
  // ...and with the shell's bar and the toolbar as columns at the sides (the layout since issue 32).
  [844 - 2 * 106, 390 - 60],
];

/** Positions of random play from a deal (seeded): what the table must fit. */
function positions(gameIndex: number, deal: number, seed: number, moves: number) {
  const game = PATIENCE_GAMES[gameIndex];
  const start = game.deal(deal, game.rules.make({}), game.numberings[0]);
  const random = mulberry32(seed);
  const out = [start];
  let s = start;
  for (let i = 0; i < moves; i++) {
    const legal = game.legalMoves(s);
    if (legal.length === 0) break;
    s = game.apply(s, legal[Math.floor(random() * legal.length)]);
    out.push(s);
  }
  return { game, start, out };
}

describe("the table's layout", () => {
  it("keeps every card of every position in view, at every size, for every game", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: PATIENCE_GAMES.length - 1 }),
        fc.integer({ min: 1, max: 32000 }),
        fc.integer(),
        fc.constantFrom(...ROOMS),
        (g, deal, seed, [w, h]) => {
          const { game, start, out } = positions(g, deal, seed, 60);
          const layout = layoutOf(game.id);
          const sizing = game.piles(start, "player");
          for (const s of out) {
            const piles = game.piles(s, "player");
            const table = layoutTable(layout, piles, sizing, w, h);
            expect(table.height).toBeLessThanOrEqual(h);
            for (const pile of table.cards) {
              for (const spot of pile) {
                expect(spot.x).toBeGreaterThanOrEqual(0);
                expect(spot.y).toBeGreaterThanOrEqual(0);
                expect(spot.x + table.cardW).toBeLessThanOrEqual(w);
                expect(spot.y + table.cardH).toBeLessThanOrEqual(h);
              }
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("fits every game of the family engine, dealt and played on, at every size: Fan's 18 piles on a phone too", () => {
    for (const family of FAMILY_GAMES) {
      const g = PATIENCE_GAMES.findIndex((game) => game.id === family.id);
      for (const [w, h] of ROOMS) {
        const { game, start, out } = positions(g, 1, 5, 30);
        const sizing = game.piles(start, "player");
        for (const s of [out[0], out[out.length - 1]]) {
          const table = layoutTable(layoutOf(game.id), game.piles(s, "player"), sizing, w, h);
          const where = `${game.id} at ${w}x${h}`;
          expect(table.height, where).toBeLessThanOrEqual(h);
          expect(table.cardW, where).toBeGreaterThanOrEqual(w > 1000 ? 60 : 24);
          for (const spot of table.cards.flat()) {
            expect(spot.x, where).toBeGreaterThanOrEqual(0);
            expect(spot.y, where).toBeGreaterThanOrEqual(0);
            expect(spot.x + table.cardW, where).toBeLessThanOrEqual(w);
            expect(spot.y + table.cardH, where).toBeLessThanOrEqual(h);
          }
          // Every pile the game has is on the table, once.
          expect(new Set(table.piles.map((p) => pileId(p.view.ref))).size, where).toBe(sizing.length);
        }
      }
    }
  });

  it("lays a covering layout out in its rows (Pyramid, TriPeaks): each card half a card below the row above, centred under the two it covers, at every size", () => {
    for (const covering of COVERING_GAMES) {
      const g = PATIENCE_GAMES.findIndex((game) => game.id === covering.id);
      const places = covering.rules.defaults.tableau.covering?.places ?? [];
      for (const [w, h] of ROOMS) {
        const { game, start } = positions(g, 1, 2, 0);
        const table = layoutTable(
          layoutOf(game.id),
          game.piles(start, "player"),
          game.piles(start, "player"),
          w,
          h,
        );
        const where = `${game.id} at ${w}x${h}`;
        let checked = 0;
        const at = (i: number) =>
          table.cards.flat().find((c) => c.pile.kind === "cascade" && c.pile.index === i);
        for (let p = 0; p < places.length; p++)
          for (let q = 0; q < places.length; q++) {
            if (places[q][0] !== places[p][0] + 1 || Math.abs(places[q][1] - places[p][1]) !== 1) continue;
            // q covers p: half a card lower, half a card and half a gap to one side, drawn over it.
            const a = at(p);
            const b = at(q);
            if (!a || !b) continue;
            expect(Math.abs(b.y - a.y - table.cardH / 2), where).toBeLessThanOrEqual(1);
            const dx = Math.abs(b.x - a.x);
            expect(dx, where).toBeGreaterThanOrEqual(table.cardW / 2 - 1);
            expect(dx, where).toBeLessThanOrEqual(table.cardW * 0.56 + 1);
            expect(b.z, where).toBeGreaterThan(a.z);
            checked++;
          }
        // Every covering pair of the deal checked (Pyramid's 42, TriPeaks' 36).
        expect(checked, where).toBe(covering.id === "pyramid" ? 42 : 36);
        expect(table.cardW, where).toBeGreaterThanOrEqual(w > 1000 ? 60 : 30);
      }
    }
  });

  it("stacks each pile bottom card first, and fans cards so a covered card's corner shows", () => {
    for (const game of PATIENCE_GAMES) {
      const { start, out } = positions(PATIENCE_GAMES.indexOf(game), 5, 11, 40);
      const layout = layoutOf(game.id);
      const sizing = game.piles(start, "player");
      for (const s of out) {
        const table = layoutTable(layout, game.piles(s, "player"), sizing, 1264, 600);
        const zs = table.cards.flat().map((c) => c.z);
        expect(new Set(zs).size).toBe(zs.length);
        for (const pile of table.cards) {
          for (let i = 1; i < pile.length; i++) {
            expect(pile[i].z).toBeGreaterThan(pile[i - 1].z);
            const view = table.piles.find((p) => pileId(p.view.ref) === pileId(pile[i].pile))?.view;
            if (view?.fan === "down" && view.cards[i - 1].faceUp) {
              // A face-up card under another shows at least its corner index (a fifth of the card) while the
              // pile is no longer than play usually makes it; a longer one tightens, the rank's top still shown.
              const dealt = sizing.find((p) => pileId(p.ref) === pileId(view.ref));
              const usual = Math.max(1, dealt?.cards.filter((c) => c.faceUp).length ?? 0) + COMFORT;
              const up = view.cards.filter((c) => c.faceUp).length;
              const least = up <= usual ? 0.19 : 0.11;
              expect(pile[i].y - pile[i - 1].y).toBeGreaterThanOrEqual(Math.floor(table.cardH * least) - 1);
            }
          }
        }
      }
    }
  });

  it("uses the height: cards are as large as the width or the height allows, up to a limit", () => {
    for (const game of PATIENCE_GAMES) {
      const start = game.deal(1, game.rules.make({}), game.numberings[0]);
      const piles = game.piles(start, "player");
      const wide = layoutTable(layoutOf(game.id), piles, piles, 1904, 880);
      const laptop = layoutTable(layoutOf(game.id), piles, piles, 1264, 568);
      expect(wide.cardW).toBeGreaterThan(laptop.cardW);
      expect(laptop.cardW).toBeGreaterThanOrEqual(48);
    }
  });

  it("narrows the gaps between piles where the width limits the cards: FreeCell's eight cascades on an upright phone", () => {
    const freecell = PATIENCE_GAMES.find((g) => g.id === "freecell");
    if (!freecell) throw new Error("no FreeCell");
    const piles = freecell.piles(freecell.deal(7, freecell.rules.make({}), "microsoft"), "player");
    const phone = layoutTable(layoutOf("freecell"), piles, piles, 386, 640);
    // 42 px with gaps of 12% of a card (386 / 9.08); 44 with the narrower gaps.
    expect(phone.cardW).toBeGreaterThanOrEqual(44);
    const cascades = phone.piles.filter((p) => p.view.ref.kind === "cascade").map((p) => p.rect.x);
    for (let i = 1; i < cascades.length; i++) {
      const gap = cascades[i] - cascades[i - 1] - phone.cardW;
      expect(gap).toBeGreaterThanOrEqual(3);
      expect(gap).toBeLessThan(Math.round(phone.cardW * 0.12));
    }
    expect(cascades[cascades.length - 1] + phone.cardW).toBeLessThanOrEqual(386);
    // Where the height limits the cards, the gaps stay as they were.
    const laptop = layoutTable(layoutOf("freecell"), piles, piles, 1264, 568);
    const wide = laptop.piles.filter((p) => p.view.ref.kind === "cascade").map((p) => p.rect.x);
    expect(wide[1] - wide[0] - laptop.cardW).toBe(Math.round(laptop.cardW * 0.12));
  });

  it("mirrors the table for the left hand (each row right to left, the same cards) and makes cards smaller on request, Solvitaire's presets too", () => {
    const presets = OTHER_PRESETS.flatMap((id) => findPatience(id) ?? []);
    expect(presets.length).toBe(OTHER_PRESETS.length);
    for (const game of [...PATIENCE_GAMES, ...presets]) {
      const numbering = game.numberings[0];
      const start = game.deal(1, game.rules.make({}), numbering);
      const piles = game.piles(start, "player");
      const plain = layoutTable(layoutOf(game.id), piles, piles, 1264, 600);
      const mirror = layoutTable(layoutOf(game.id), piles, piles, 1264, 600, { mirror: true });
      expect(mirror.cardW, game.id).toBe(plain.cardW);
      // Piles in a row: left to right in one is right to left in the other (a spread reserve's overlapping
      // cards keep their order, each showing its corner: left out here).
      const rows = (t: typeof plain) => {
        const byY = new Map<number, string[]>();
        const shown = t.piles.filter((p) => p.view.ref.kind !== "reserve" || p.view.fan !== "stack");
        for (const p of shown.sort((a, b) => a.rect.x - b.rect.x))
          byY.set(p.rect.y, [...(byY.get(p.rect.y) ?? []), pileId(p.view.ref)]);
        return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, ids]) => ids);
      };
      expect(
        rows(mirror).map((r) => r.reverse()),
        game.id,
      ).toEqual(rows(plain));
      const small = layoutTable(layoutOf(game.id), piles, piles, 1264, 600, { scale: 0.7 });
      expect(small.cardW, game.id).toBeLessThanOrEqual(Math.ceil(plain.cardW * 0.7));
      expect(small.cardW, game.id).toBeGreaterThanOrEqual(Math.floor(plain.cardW * 0.7) - 1);
    }
  });
});
