import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../cards/random.ts";
import { apply, autoMoves, dealState, type FamilyState, isWon, legalMoves } from "./engine.ts";
import { familyKey } from "./key.ts";
import {
  accordionUnsupported,
  coveringUnsupported,
  MODE_ENGINE,
  MODE_SEARCH,
  PackedAccordion,
  PackedCovering,
  PackedFamily,
  packedUnsupported,
} from "./packed.ts";
import { CATALOGUE_RULES, SOLVITAIRE_PRESETS } from "./presets.ts";
import { solveFamily, solveFamilyPlain } from "./solver.ts";

/**
 * The packed position of the family plays the engine's rules exactly: on positions of random play of every
 * preset, its moves are the engine's legal moves (the same list, in the same order), each leads to the engine's
 * position and is taken back in full, its search moves lead to the same canonical positions as the engine's
 * moves, its forced moves are the engine's automatic moves, and its key tells positions apart exactly as key.ts
 * does.
 */

/** Every preset, and the catalogue's games that are none (Yukon's and Scorpion's unbuilt groups, Spider's suits). */
const PRESETS = [...Object.entries(SOLVITAIRE_PRESETS), ...Object.entries(CATALOGUE_RULES)].filter(
  // Pyramid and TriPeaks have packed positions of their own (below).
  ([, r]) => !r.accordion && !r.sequences && !r.tableau.covering,
);
const RULES = Object.fromEntries(PRESETS);
/** The position as the rules count it: the passes of the waste (`redealt`) only where the rules limit them. */
const text = (s: FamilyState) =>
  JSON.stringify({
    ...s.table,
    redealt: s.rules.stock?.redealLimit !== undefined ? s.table.redealt : undefined,
  });

/**
 * The position as the search counts it: with the stock's moves taken into the waste's (talonMoves) and the waste
 * turned over at will, a waste whose size the stock's turns pass through (a multiple of the draw, or all the
 * cards) is one position with none in the waste.
 */
function searchState(domain: PackedFamily, s: FamilyState): FamilyState {
  const stock = s.rules.stock;
  const t = s.table;
  if (!domain.talonMoves || !stock?.redeals) return s;
  if (t.waste.length === 0 || (t.stock.length > 0 && t.waste.length % stock.draw !== 0)) return s;
  return { ...s, table: { ...t, stock: [...t.stock, ...t.waste.slice().reverse()], waste: [] } };
}

/** The positions the stock's moves alone reach from `s`, `s` first. */
function talonStates(s: FamilyState): FamilyState[] {
  const seen = new Map<string, FamilyState>([[familyKey(s), s]]);
  const todo = [s];
  while (todo.length > 0) {
    const here = todo.pop() as FamilyState;
    for (const m of legalMoves(here)) {
      if (m.from.kind !== "stock" && !(m.from.kind === "waste" && m.to.kind === "stock")) continue;
      const next = apply(here, m);
      const key = familyKey(next);
      if (!seen.has(key)) {
        seen.set(key, next);
        todo.push(next);
      }
    }
  }
  return [...seen.values()];
}

function keyText(domain: PackedFamily, words: Uint32Array): string {
  domain.encode(words);
  return words.join(",");
}

/**
 * Checks that the hashes a search keyed on hashes stores (`hashBoth`, computed without the key) are a function of
 * the packed key of the position the domain holds, and (64 bits over a few hundred positions) tell every two
 * keys apart: called with the key just encoded.
 */
function hashChecker(domain: PackedFamily): (packed: string) => void {
  const toHashes = new Map<string, string>();
  const toKey = new Map<string, string>();
  return (packed) => {
    const hashes = `${domain.hashBoth()},${domain.hash2Value}`;
    expect(toHashes.get(packed) ?? hashes, "one key, two pairs of hashes").toBe(hashes);
    expect(toKey.get(hashes) ?? packed, "two keys, one pair of hashes").toBe(packed);
    toHashes.set(packed, hashes);
    toKey.set(hashes, packed);
  };
}

describe("the packed family position plays the engine's rules", () => {
  it.each(PRESETS.map(([name]) => [name]))("%s", (name) => {
    const rules = RULES[name];
    const random = mulberry32(0x5eed);
    const buffer = new Int32Array(1 << 16);
    for (let deal = 1; deal <= 2; deal++) {
      const start = dealState(rules, deal);
      expect(packedUnsupported(start)).toBeUndefined();
      const domain = new PackedFamily(rules, "safe");
      const words = new Uint32Array(domain.keyWords);
      // Packed key -> engine key and back: each must be a function (equal keys exactly when key.ts's are equal).
      const toEngine = new Map<string, string>();
      const toPacked = new Map<string, string>();
      const hashes = hashChecker(domain);
      const pair = (packed: string, engine: string) => {
        hashes(packed);
        expect(toEngine.get(packed) ?? engine, "two positions key.ts tells apart share a packed key").toBe(
          engine,
        );
        expect(
          toPacked.get(engine) ?? packed,
          "two positions key.ts counts alike differ in the packed key",
        ).toBe(packed);
        toEngine.set(packed, engine);
        toPacked.set(engine, packed);
      };
      domain.load(start);
      // A second position of the same deal, taken up from the first's raw records (a best-first search's).
      const twin = new PackedFamily(rules, "safe");
      twin.load(start);
      const raw = new Uint32Array(domain.rawWords + 2);
      const twinWords = new Uint32Array(twin.keyWords);
      let state = start;
      for (let step = 0; step < 40; step++) {
        const here = text(state);
        expect(text(domain.toState())).toBe(here);
        raw.fill(0xffffffff);
        domain.encodeRaw(raw, 1);
        expect(raw[domain.rawWords + 1], "a raw record stays within rawWords").toBe(0xffffffff);
        twin.decodeRaw(raw, 1);
        expect(text(twin.toState())).toBe(here);
        expect(keyText(twin, twinWords)).toBe(keyText(domain, words));
        expect(twin.hashBoth()).toBe(domain.hashBoth());
        expect(twin.hash2Value).toBe(domain.hash2Value);
        const searchKey = (s: FamilyState) => familyKey(searchState(domain, s));
        pair(keyText(domain, words), searchKey(state));

        const engineMoves = legalMoves(state);
        const end = domain.generate(MODE_ENGINE, buffer, 0);
        const packed = Array.from(buffer.subarray(0, end));
        expect(packed.map((m) => domain.toMove(m))).toEqual(engineMoves);
        for (const m of packed) {
          const next = apply(state, domain.toMove(m));
          domain.apply(m);
          expect(text(domain.toState())).toBe(text(next));
          pair(keyText(domain, words), searchKey(next));
          domain.undo(m);
          expect(text(domain.toState())).toBe(here);
        }

        // The search's moves reach the same canonical positions, but for the position itself (a whole pile into
        // a space when the piles are a set: the search leaves that move out, since its position is the one it
        // is in). With talonMoves, the stock is never turned alone: a move from the waste is any card the stock's
        // turns can bring to the waste's top, played from there (each such move's engine moves, toMoves, replay
        // to the same position).
        const engineKeys = new Set<string>();
        if (domain.talonMoves) {
          for (const m of engineMoves)
            if (m.from.kind !== "stock" && m.from.kind !== "waste")
              engineKeys.add(searchKey(apply(state, m)));
          for (const t of talonStates(state))
            for (const m of legalMoves(t))
              if (m.from.kind === "waste" && m.to.kind !== "stock") engineKeys.add(searchKey(apply(t, m)));
        } else for (const m of engineMoves) engineKeys.add(searchKey(apply(state, m)));
        engineKeys.delete(searchKey(state));
        const searchEnd = domain.generate(MODE_SEARCH, buffer, 0);
        const searchKeys = new Set<string>();
        for (let i = 0; i < searchEnd; i++) {
          const m = buffer[i];
          let replayed = state;
          for (const e of domain.toMoves(m)) replayed = apply(replayed, e);
          domain.apply(m);
          expect(text(domain.toState())).toBe(text(replayed));
          searchKeys.add(searchKey(domain.toState()));
          domain.undo(m);
          expect(text(domain.toState())).toBe(here);
        }
        searchKeys.delete(searchKey(state));
        expect([...searchKeys].sort()).toEqual([...engineKeys].sort());

        // Forced moves: the engine's automatic moves ("safe", and "all" in a position of its own).
        for (const policy of ["safe", "all"] as const) {
          const own = policy === "safe" ? domain : new PackedFamily(rules, policy);
          if (own !== domain) own.load(state);
          const forcedEnd = own.forced(-1, buffer, 0);
          expect(Array.from(buffer.subarray(0, forcedEnd), (m) => own.toMove(m))).toEqual(
            autoMoves(state, policy),
          );
          for (let i = forcedEnd - 1; i >= 0; i--) own.undo(buffer[i]);
          expect(text(own.toState())).toBe(here);
        }

        if (packed.length === 0) break;
        const m = packed[Math.floor(random() * packed.length)];
        state = apply(state, domain.toMove(m));
        domain.apply(m);
      }
    }
  });
});

describe("a stock that deals onto the piles tells them apart only while it holds cards", () => {
  /** The position with its piles in the other order. */
  const turned = (state: FamilyState): FamilyState => {
    const order = state.table.tableau.map((_, i) => i).reverse();
    return {
      ...state,
      table: {
        ...state.table,
        tableau: order.map((i) => state.table.tableau[i]),
        faceDown: order.map((i) => state.table.faceDown[i]),
      },
    };
  };

  it.each([["spiderette"], ["scorpion"], ["spider-two-suits"]])(
    "%s: once it is empty the piles are a set",
    (name) => {
      const rules = RULES[name];
      const random = mulberry32(0xdea1);
      const buffer = new Int32Array(1 << 16);
      let emptied = 0;
      for (let deal = 1; deal <= 4; deal++) {
        let state = dealState(rules, deal);
        // Deal the whole stock first (a card on every pile each time), then play at random.
        for (;;) {
          const stock = legalMoves(state).find((m) => m.from.kind === "stock");
          if (!stock) break;
          state = apply(state, stock);
        }
        if (state.table.stock.length > 0) continue;
        emptied++;
        // key.ts: the same piles in another order are one position.
        expect(familyKey(turned(state))).toBe(familyKey(state));
        // The packed key tells positions apart exactly as key.ts does, over the play that follows (the search's
        // moves too: one space tried, as the piles are a set).
        const domain = new PackedFamily(rules, "safe");
        const words = new Uint32Array(domain.keyWords);
        const toEngine = new Map<string, string>();
        const toPacked = new Map<string, string>();
        const hashes = hashChecker(domain);
        const pair = (packed: string, engine: string) => {
          hashes(packed);
          expect(toEngine.get(packed) ?? engine).toBe(engine);
          expect(toPacked.get(engine) ?? packed).toBe(packed);
          toEngine.set(packed, engine);
          toPacked.set(engine, packed);
        };
        domain.load(state);
        for (let step = 0; step < 30; step++) {
          pair(keyText(domain, words), familyKey(state));
          const end = domain.generate(MODE_SEARCH, buffer, 0);
          for (let i = 0; i < end; i++) {
            domain.apply(buffer[i]);
            pair(keyText(domain, words), familyKey(domain.toState()));
            domain.undo(buffer[i]);
          }
          if (end === 0) break;
          const m = buffer[Math.floor(random() * end)];
          for (const e of domain.toMoves(m)) state = apply(state, e);
          domain.apply(m);
        }
      }
      expect(emptied, "deals whose stock was dealt out").toBeGreaterThan(0);
    },
  );

  it("while it holds cards, the same piles in another order are another position", () => {
    const state = dealState(RULES.spiderette, 1);
    expect(state.table.stock.length).toBeGreaterThan(0);
    expect(familyKey(turned(state))).not.toBe(familyKey(state));
  });
});

describe("the passes of the waste, counted under every redeal rule (what the player has seen)", () => {
  it("leave the searches' verdicts and position counts on Canfield as they were before the engine counted them", () => {
    // Measured before the engine counted unlimited passes (commit 734fd80): deal, verdict, the positions of the
    // search that answered, moves. (Deal 5: 5,480 positions in all then, 2,001 of them the streamliner's turn and
    // 3,479 the complete search's; the best-first search, which joined later, takes a turn of its own.)
    const before: [number, string, number | null, number][] = [
      [1, "solved", 887, 180],
      [2, "solved", 40, 238],
      [3, "solved", 38, 241],
      [4, "unknown", null, 0],
      [5, "unsolvable", 3479, 0],
    ];
    const canfield = SOLVITAIRE_PRESETS.canfield;
    const figures = before.map(([deal]) => {
      const r = solveFamily(dealState(canfield, deal), { budget: { positions: 50_000 } });
      const answered = r.stats.phases?.find((p) => p.outcome === "solved" || p.outcome === "exhausted");
      return [deal, r.result, answered?.positions ?? null, r.moves.length];
    });
    expect(figures).toEqual(before);
    // The plain search, whose key (key.ts) leaves the count out where the passes are unlimited.
    const plain = solveFamilyPlain(dealState(canfield, 3), { budget: { positions: 20_000 } });
    expect([plain.result, plain.stats.positions, plain.moves.length]).toEqual(["solved", 1204, 197]);
    let s = dealState(canfield, 3);
    for (const m of plain.moves) s = apply(s, m);
    expect(isWon(s)).toBe(true);
    expect(s.table.redealt ?? 0).toBeGreaterThan(0);
  });
});

describe("the packed positions of Pyramid, TriPeaks and the accordion play the engine's rules", () => {
  const GAMES = [
    ["pyramid", CATALOGUE_RULES.pyramid],
    ["tri-peaks", CATALOGUE_RULES["tri-peaks"]],
    ["accordion", SOLVITAIRE_PRESETS.accordion],
    ["accordion-knuth", SOLVITAIRE_PRESETS["accordion-knuth"]],
  ] as const;
  it.each(GAMES.map(([name]) => [name]))(
    "%s: the engine's moves in its order, each child's key as key.ts tells positions apart, forced moves the engine's automatic ones, undo in full",
    (name) => {
      const rules = (GAMES.find(([n]) => n === name) as (typeof GAMES)[number])[1];
      const random = mulberry32(0x5eed);
      const domain = rules.accordion ? new PackedAccordion(rules) : new PackedCovering(rules);
      const buffer = new Int32Array(1 << 14);
      const words = new Uint32Array(domain.keyWords);
      let children = 0;
      for (let deal = 1; deal <= 6; deal++) {
        const root = dealState(rules, deal);
        expect(rules.accordion ? accordionUnsupported(root) : coveringUnsupported(root)).toBeUndefined();
        domain.load(root);
        // Keys are of one deal's search: a key read back to the engine's key, and that to the key, one each way.
        const byKey = new Map<string, string>();
        const byFamily = new Map<string, string>();
        let s: FamilyState = root;
        for (let step = 0; step < 60; step++) {
          const end = domain.generate(MODE_ENGINE, buffer, 0);
          expect(Array.from(buffer.subarray(0, end), (m) => domain.toMove(m))).toEqual(legalMoves(s));
          domain.encode(words);
          const before = words.join();
          for (let i = 0; i < end; i++) {
            const m = buffer[i];
            let child = apply(s, domain.toMove(m));
            domain.apply(m);
            const forcedEnd = domain.forced(m, buffer, end);
            const auto = autoMoves(child, "safe");
            expect(forcedEnd - end).toBe(auto.length);
            for (let k = 0; k < auto.length; k++) {
              child = apply(child, auto[k]);
            }
            domain.encode(words);
            const key = words.join();
            const family = familyKey(child);
            expect(byKey.get(key) ?? family).toBe(family);
            expect(byFamily.get(family) ?? key).toBe(key);
            byKey.set(key, family);
            byFamily.set(family, key);
            expect(domain.isWon()).toBe(isWon(child));
            for (let k = forcedEnd - 1; k >= end; k--) domain.undo(buffer[k]);
            domain.undo(m);
            domain.encode(words);
            expect(words.join()).toBe(before);
            children++;
          }
          if (end === 0) break;
          const pick = Math.floor(random() * end);
          s = apply(s, legalMoves(s)[pick]);
          domain.apply(buffer[pick]);
        }
      }
      expect(children).toBeGreaterThan(100);
    },
  );

  it("the search's moves are the engine's moves, in another order (the accordion) or the same", () => {
    for (const [, rules] of GAMES) {
      const domain = rules.accordion ? new PackedAccordion(rules) : new PackedCovering(rules);
      const buffer = new Int32Array(1 << 14);
      for (let deal = 1; deal <= 4; deal++) {
        domain.load(dealState(rules, deal));
        const engine = domain.generate(MODE_ENGINE, buffer, 0);
        const listed = Array.from(buffer.subarray(0, engine)).sort();
        const search = domain.generate(MODE_SEARCH, buffer, 0);
        // Pyramid's search makes no move where its bound proves the deal lost (deal 1 is).
        if (search > 0 || !rules.pairs) expect(Array.from(buffer.subarray(0, search)).sort()).toEqual(listed);
      }
    }
  });
});
