import { describe, expect, it } from "vitest";
import { mulberry32, shuffle } from "../../../cards/random.ts";
import { montana } from "../index.ts";
import { applyMove, legalMoves, type MontanaRules, type MontanaState } from "../rules.ts";
import { MontanaPosition } from "./packed.ts";
import { NO_WATCH, Reach } from "./reach.ts";

/** A random position of a cut-down deck: ranks 1..columns in four rows, the aces taken out. */
function cutDown(columns: number, random: () => number, rules: MontanaRules): MontanaState {
  const deck = shuffle(
    Array.from({ length: 4 * columns }, (_, i) => i),
    random,
  );
  const rows = [0, 1, 2, 3].map((r) =>
    deck.slice(r * columns, (r + 1) * columns).map((c) => (c < 4 ? null : c)),
  );
  return { rules, rows, redealsLeft: 0, seed: 0 };
}

/**
 * Every (card, place) and every gap of the positions reachable by the engine's moves, none filling a place of
 * `frozen` (the first `limit` positions found, depth first): what the may-analysis must include.
 */
function reachable(start: MontanaState, frozen: ReadonlySet<number>, limit = 1500) {
  const columns = start.rows[0].length;
  const lies = new Set<string>();
  const gaps = new Set<number>();
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length > 0 && seen.size < limit) {
    const s = todo.pop() as MontanaState;
    const key = JSON.stringify(s.rows);
    if (seen.has(key)) continue;
    seen.add(key);
    s.rows.forEach((row, r) => {
      row.forEach((card, c) => {
        if (card === null) gaps.add(r * columns + c);
        else lies.add(`${card}@${r * columns + c}`);
      });
    });
    for (const m of legalMoves(s)) if (m.kind === "card" && !frozen.has(m.to)) todo.push(applyMove(s, m));
  }
  return { lies, gaps, positions: seen.size };
}

describe("Montana's may-analysis", () => {
  const variants: [string, Partial<MontanaRules>][] = [
    ["2s stay", {}],
    ["free twos", { freeTwos: true }],
    ["fixed suits", { fixedSuits: true }],
  ];
  for (const [name, r] of variants) {
    it(`holds every card place and gap any moves reach, with and without frozen gaps (${name})`, () => {
      const rules = montana.rules.make(r);
      const random = mulberry32(77 + Object.keys(r).length);
      let tight = 0;
      for (let t = 0; t < 120; t++) {
        const columns = 4 + (t % 2);
        const start = cutDown(columns, random, rules);
        const position = new MontanaPosition(rules, columns);
        position.load(start);
        const reach = new Reach();
        reach.load(position);
        // Nothing frozen, then each single gap frozen.
        const gapPlaces = Array.from(position.gaps);
        for (const frozenGap of [-1, ...gapPlaces]) {
          const frozen = new Set(frozenGap < 0 ? [] : [frozenGap]);
          const lo = frozenGap < 0 ? 0 : reach.bitLo[frozenGap];
          const hi = frozenGap < 0 ? 0 : reach.bitHi[frozenGap];
          expect(reach.run(lo, hi, NO_WATCH)).toBe(true);
          const truth = reachable(start, frozen);
          for (const fact of truth.lies) {
            const [card, place] = fact.split("@").map(Number);
            expect(reach.mayHold(place, card), `card ${card} at ${place}`).toBe(true);
          }
          for (const gap of truth.gaps) expect(reach.mayBeGap(gap), `gap at ${gap}`).toBe(true);
          // Some runs rule things out, so the analysis says something.
          let held = 0;
          for (let card = 4; card < columns * 4; card++)
            for (let p = 0; p < columns * 4; p++) if (reach.mayHold(p, card)) held++;
          if (held < 12 * (columns * 4 - 4)) tight++;
        }
      }
      expect(tight).toBeGreaterThan(50);
    });
  }
});
