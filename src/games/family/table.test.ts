import { describe, expect, it } from "vitest";
import { apply, dealState, legalMoves } from "./engine.ts";
import { unseenCount } from "./knowledge.ts";
import { SOLVITAIRE_PRESETS } from "./presets.ts";
import { piles } from "./table.ts";

describe("the player's view of a family table", () => {
  it("shows a stacked reserve's top card only (Canfield): the cards below it face down, named to the solver alone", () => {
    const rules = SOLVITAIRE_PRESETS.canfield;
    let s = dealState(rules, 1);
    for (let step = 0; step < 2; step++) {
      const reserve = s.table.reserve[0];
      expect(reserve.length).toBeGreaterThan(1);
      const view = piles(s, "player").find((p) => p.ref.kind === "reserve");
      expect(view?.cards).toEqual([
        ...reserve.slice(0, -1).map(() => ({ card: null, faceUp: false })),
        { card: reserve[reserve.length - 1], faceUp: true },
      ]);
      const solver = piles(s, "solver").find((p) => p.ref.kind === "reserve");
      expect(solver?.cards.map((c) => c.card)).toEqual(reserve);
      expect(solver?.cards.filter((c) => c.faceUp)).toHaveLength(1);
      // Every card the player's view hides is one the player does not know, and the other way round.
      const hidden = piles(s, "player").flatMap((p) => p.cards.filter((c) => !c.faceUp));
      expect(hidden.every((c) => c.card === null)).toBe(true);
      expect(hidden).toHaveLength(unseenCount(s));
      // The reserve's top card played: the next one turns up.
      const play = legalMoves(s).find((m) => m.from.kind === "reserve");
      if (!play) break;
      s = apply(s, play);
    }
  });

  it("shows a spread reserve's places face up (Flower Garden)", () => {
    const s = dealState(SOLVITAIRE_PRESETS["flower-garden"], 1);
    const views = piles(s, "player").filter((p) => p.ref.kind === "reserve");
    expect(views).toHaveLength(16);
    for (const [i, v] of views.entries())
      expect(v.cards).toEqual(s.table.reserve[i].map((card) => ({ card, faceUp: true })));
  });
});
