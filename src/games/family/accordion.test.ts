import { describe, expect, it } from "vitest";
import { parseCard } from "../../cards/card.ts";
import { naiveSolve } from "../patience/naive.ts";
import { conformance } from "../patience/testing.ts";
import { emptyTable } from "./deal.ts";
import {
  accordionPile,
  apply,
  dealState,
  type FamilyState,
  isWon,
  legalMoves,
  whyIllegal,
} from "./engine.ts";
import { familyGame } from "./index.ts";
import { familyKey } from "./key.ts";
import { formatMove, parseMove } from "./notation.ts";
import { accordionUnsupported, PackedAccordion } from "./packed.ts";
import { SOLVITAIRE_PRESETS } from "./presets.ts";
import type { AccordionRules, FamilyRules } from "./rules.ts";
import { solveFamily } from "./solver.ts";
import { describe as describeMove, lift, piles } from "./table.ts";

/** The accordion as family rules: Solvitaire's presets (the classic 52 cards, Knuth's 18), and other matches. */

const CLASSIC = SOLVITAIRE_PRESETS.accordion;

/** A position of the rules with the accordion's piles written as text, a pile's cards joined by +. */
function position(rules: FamilyRules, text: string, accordion: Partial<AccordionRules> = {}): FamilyState {
  const piles = text.split(" ").map((p) => p.split("+").map(parseCard));
  const size = piles.flat().length;
  const cut: FamilyRules = {
    ...rules,
    accordion: { ...(rules.accordion as AccordionRules), size, ...accordion },
  };
  const table = emptyTable(cut);
  table.accordion = piles;
  return { rules: cut, table, base: 1 };
}

const moves = (s: FamilyState) => legalMoves(s).map((m) => formatMove(s, m));

describe("the accordion, played by the family engine", () => {
  it("moves a pile onto the pile 1 or 3 to its left when their top cards match in suit or rank", () => {
    const s = position(CLASSIC, "5H 9C 2S+5C 7C 9H");
    // Pile 3 (5C) onto 2 (9C: suit); pile 4 (7C) onto 3 (5C: suit), not onto 1 (5H); pile 5 (9H) onto 2 (9C: rank).
    expect(moves(s)).toEqual(["32", "43", "52"]);
    expect(whyIllegal(s, parseMove(s, "41"))).toMatch(/the seven of clubs does not match the five of hearts/);
    expect(whyIllegal(s, parseMove(s, "53"))).toMatch(/a pile moves only onto the pile 1 or 3 to its left/);
    expect(whyIllegal(s, { from: accordionPile(2), to: accordionPile(1), count: 1 })).toMatch(
      /the whole pile/,
    );
  });

  it("moves the whole pile, which closes the gap it leaves", () => {
    const s = position(CLASSIC, "5H 9C 2S+5C 7C 9H");
    const after = apply(s, parseMove(s, "43"));
    expect(after.table.accordion).toEqual(
      ["5H", "9C", "2S+5C+7C", "9H"].map((p) => p.split("+").map(parseCard)),
    );
    const move = parseMove(after, "31");
    expect(move).toEqual({ from: accordionPile(2), to: accordionPile(0), count: 3 });
    expect(describeMove(after, move)).toBe(
      "pile 3 (the seven of clubs and 2 cards under it) onto pile 1 (the five of hearts)",
    );
    expect(lift(after, accordionPile(2), 0)).toBe(3);
    // Stacked, the pile shows its top card: picked up there too (one card lifted, the move the whole pile's); not
    // from the card between.
    expect(lift(after, accordionPile(2), 2)).toBe(1);
    expect(lift(after, accordionPile(2), 1)).toBe(0);
  });

  it("takes other matches and moves to the right when the rules say", () => {
    const s = position(CLASSIC, "5H 9C 2S", {
      moves: [{ direction: "right", distance: 1 }],
      matches: ["alternate-colours"],
    });
    expect(moves(s)).toEqual(["12"]);
  });

  it("is won with one pile left, Knuth's 18 cards too (as Solvitaire says); the key is the piles' top cards", () => {
    expect(isWon(position(CLASSIC, "5H+9C+2S"))).toBe(true);
    expect(isWon(position(CLASSIC, "5H 9C+2S"))).toBe(false);
    expect(familyKey(position(CLASSIC, "5H+9C 2S"))).toBe(familyKey(position(CLASSIC, "9C 5H+2S")));
    // Knuth's deal: 18 cards in the accordion, the rest out of the game; a win gathers the 18.
    const knuth = dealState(SOLVITAIRE_PRESETS["accordion-knuth"], 1);
    expect(knuth.table.accordion).toHaveLength(18);
    const gathered = { ...knuth, table: { ...knuth.table, accordion: [knuth.table.accordion.flat()] } };
    expect(isWon(gathered)).toBe(true);
  });

  it("shows the piles in a row under their keys 1, 2, …", () => {
    const view = piles(position(CLASSIC, "5H 9C 2S+5C"), "player");
    expect(view.map((p) => [p.key, p.cards.length, p.fan])).toEqual([
      ["1", 1, "stack"],
      ["2", 1, "stack"],
      ["3", 2, "stack"],
    ]);
    expect(view[0].takes).toBe("a pile 1 or 3 to its right whose top card matches (same suit or same rank)");
  });
});

describe("accordion keeps the platform's contract", () => {
  // Two deals, short games: the gestures alone are 52 x 52 drags a position, each checked.
  conformance(familyGame("accordion", "Accordion", CLASSIC), {
    deals: [1, 2],
    playouts: { games: 1, moves: 2 },
  });
});

describe("the accordion's packed search agrees with a plain complete search on short accordions", () => {
  // Accordions of 11 to 14 cards of a deck of ranks ace to 7 (short ones of the full deck nearly all lose), the
  // classic moves and matches and two others: every deal decided by both, the verdicts equal, each win replayed.
  const variants: [string, Partial<AccordionRules>][] = [
    ["classic", {}],
    [
      "one or two to the left, same suit or rank",
      {
        moves: [
          { direction: "left", distance: 1 },
          { direction: "left", distance: 2 },
        ],
      },
    ],
    [
      "two to the left or one to the right, same suit or rank",
      {
        moves: [
          { direction: "left", distance: 2 },
          { direction: "right", distance: 1 },
        ],
        matches: ["same-suit", "same-rank"],
      },
    ],
  ];
  it.each(variants)("%s", (_, change) => {
    const verdicts = new Set<string>();
    for (let deal = 1; deal <= 24; deal++) {
      const size = 11 + (deal % 4);
      const rules: FamilyRules = {
        ...CLASSIC,
        highestRank: 7,
        accordion: { ...(CLASSIC.accordion as AccordionRules), size, ...change },
      };
      const game = familyGame("accordion", "Accordion", rules);
      const start = dealState(rules, deal);
      expect(accordionUnsupported(start)).toBeUndefined();
      const plain = naiveSolve(game, start, (s) => familyKey(s), 100_000);
      const family = solveFamily(start, { budget: { positions: 100_000 } });
      expect(plain.result, `deal ${deal}`).not.toBe("unknown");
      expect(family.result, `deal ${deal}`).toBe(plain.result);
      verdicts.add(family.result);
      if (family.result === "solved") {
        let s = start;
        for (const m of family.moves) s = apply(s, m);
        expect(isWon(s), `deal ${deal}`).toBe(true);
      }
    }
    expect([...verdicts].sort()).toEqual(["solved", "unsolvable"]);
  });
});

describe("the accordion's bound: top cards that fall apart into groups matching no card of another never come to one pile", () => {
  it("is never wrong: each position of random play it calls lost has no win by the plain complete search", () => {
    const rules: FamilyRules = {
      ...CLASSIC,
      highestRank: 7,
      accordion: { ...(CLASSIC.accordion as AccordionRules), size: 14 },
    };
    const game = familyGame("accordion", "Accordion", rules);
    const domain = new PackedAccordion(rules);
    let lost = 0;
    let open = 0;
    let seed = 1;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let deal = 1; deal <= 40; deal++) {
      let s = dealState(rules, deal);
      for (let k = 0; k < 10; k++) {
        domain.load(s);
        if (domain.provedLost()) {
          expect(naiveSolve(game, s, (x) => familyKey(x), 100_000).result, `deal ${deal} move ${k}`).toBe(
            "unsolvable",
          );
          lost++;
        } else open++;
        const moves = legalMoves(s);
        if (moves.length === 0) break;
        s = apply(s, moves[Math.floor(next() * moves.length)]);
      }
    }
    expect(lost).toBeGreaterThan(10);
    expect(open).toBeGreaterThan(10);
  });

  it("knows the groups: 5H 9C 2S+5C is one group (5H-5C-9C), 5H 9C KD two (KD matches neither)", () => {
    const domain = new PackedAccordion(CLASSIC);
    domain.load(position(CLASSIC, "5H 9C 2S+5C"));
    expect(domain.provedLost()).toBe(false);
    domain.load(position(CLASSIC, "5H 9C KD"));
    expect(domain.provedLost()).toBe(true);
  });
});
