import { describe, expect, it } from "vitest";
import { orderedDeck } from "../../cards/card.ts";
import { mulberry32 } from "../../cards/random.ts";
import { BestFirst } from "../../search/best-first.ts";
import { BudgetMeter } from "../../search/budget.ts";
import { codeMoves, lineMoves } from "../../search/domain.ts";
import { KING_ALBERT_RULES } from "../king-albert/index.ts";
import { dealMicrosoft, dealSeeded } from "./deal.ts";
import { dealFreeCell } from "./index.ts";
import {
  applyMove,
  applyUnchecked,
  autoMoves,
  type FreeCellRules,
  type FreeCellState,
  isWon,
  legalMoves,
  type Move,
  runLength,
} from "./rules.ts";
import {
  FORCE_ALL,
  FORCE_NONE,
  FORCE_SAFE,
  GEN_ALL,
  GEN_COMPLETE,
  GEN_FAST,
  LAZY_RESERVE,
  moveReserve,
  PackedPosition,
  TIGHT,
} from "./solver-packed.ts";
import { position } from "./testing.ts";

const VARIANTS: Partial<FreeCellRules>[] = [
  {},
  { sequenceMoves: false },
  { cells: 0 },
  { cells: 1, cascades: 4 },
  { cells: 10, cascades: 9 },
  { build: "suit" },
  { empty: "kings" },
  { fromFoundation: true },
  { fromFoundation: true, sequenceMoves: false, cells: 2, cascades: 6 },
  { cascades: 1, cells: 3 },
];

const moveKey = (m: Move) => `${m.from.kind}${m.from.index}>${m.to.kind}${m.to.index}x${m.count}`;

/** Positions met on random walks of the engine's own legal moves. */
function* randomPositions(
  rules: Partial<FreeCellRules>,
  walks: number,
  steps: number,
): Generator<FreeCellState> {
  const random = mulberry32(1234 + walks);
  for (let w = 0; w < walks; w++) {
    let state = dealSeeded(Math.floor(random() * 1e9), rules);
    for (let s = 0; s < steps; s++) {
      yield state;
      const moves = legalMoves(state);
      if (moves.length === 0) break;
      // Prefer foundation moves now and then, so walks reach positions with cards home.
      const home = moves.filter((m) => m.to.kind === "foundation");
      const pick = home.length > 0 && random() < 0.5 ? home : moves;
      state = applyUnchecked(state, pick[Math.floor(random() * pick.length)]);
    }
  }
}

/** King Albert positions met on random walks of the engine's legal moves, under three rule sets. */
function* kingAlbertPositions(walks: number, steps: number): Generator<FreeCellState> {
  const random = mulberry32(4321 + walks);
  const variants: Partial<FreeCellRules>[] = [{}, { fromFoundation: true }, { sequenceMoves: true }];
  for (let w = 0; w < walks; w++) {
    const rules = { ...KING_ALBERT_RULES, ...variants[w % variants.length] };
    let state = dealFreeCell(1 + Math.floor(random() * 1e6), rules, w % 2 === 0 ? "microsoft" : "solvitaire");
    for (let s = 0; s < steps; s++) {
      yield state;
      const moves = legalMoves(state);
      if (moves.length === 0) break;
      const home = moves.filter((m) => m.to.kind === "foundation");
      const pick = home.length > 0 && random() < 0.5 ? home : moves;
      state = applyUnchecked(state, pick[Math.floor(random() * pick.length)]);
    }
  }
}

function key(pos: PackedPosition): string {
  const bytes = new Uint8Array(pos.keyBytes);
  pos.encodeBytes(bytes);
  return bytes.join(",");
}

describe("the solver's move generator", () => {
  it("lists exactly the engine's legal moves on thousands of random positions, for every variant", () => {
    let checked = 0;
    const out = new Int32Array(4096);
    for (const rules of VARIANTS) {
      for (const state of randomPositions(rules, 12, 80)) {
        const pos = new PackedPosition(state.rules);
        pos.load(state);
        const n = pos.generate(GEN_ALL, out, 0);
        const mine = Array.from(out.subarray(0, n), (m) => moveKey(pos.toMove(m))).sort();
        const engine = legalMoves(state).map(moveKey).sort();
        expect(mine).toEqual(engine);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(4000);
  });

  it("keeps, up to the order of cascades and cells, every single-card move in its complete mode", () => {
    const out = new Int32Array(4096);
    for (const rules of VARIANTS) {
      for (const state of randomPositions(rules, 3, 40)) {
        const pos = new PackedPosition(state.rules);
        pos.load(state);
        const before = key(pos);
        const reached = new Set<string>();
        const n = pos.generate(GEN_COMPLETE, out, 0);
        for (let k = 0; k < n; k++) {
          pos.apply(out[k]);
          reached.add(key(pos));
          pos.undo(out[k]);
        }
        expect(key(pos)).toBe(before);
        for (const move of legalMoves(state)) {
          if (move.count !== 1) continue;
          const after = new PackedPosition(state.rules);
          after.load(applyUnchecked(state, move));
          const k = key(after);
          // A move that changes nothing but places (a lone card to an empty cascade, cell to cell) is no move.
          if (k !== before) expect(reached.has(k)).toBe(true);
        }
      }
    }
  });

  it("only lists legal moves in its fast mode", () => {
    const out = new Int32Array(4096);
    for (const rules of VARIANTS) {
      for (const state of randomPositions(rules, 3, 40)) {
        const pos = new PackedPosition(state.rules);
        pos.load(state);
        const legal = new Set(legalMoves(state).map(moveKey));
        const n = pos.generate(GEN_FAST, out, 0);
        for (let k = 0; k < n; k++) expect(legal.has(moveKey(pos.toMove(out[k])))).toBe(true);
      }
    }
  });

  it("leaves out a card's moves that another of its moves beats in its fast mode", () => {
    const out = new Int32Array(4096);
    let beaten = 0;
    let homes = 0;
    let lone = 0;
    let runs = 0;
    let useful = 0;
    let useless = 0;
    let tightKept = 0;
    let crowded = 0;
    for (const rules of VARIANTS) {
      for (const state of randomPositions(rules, 3, 40)) {
        const pos = new PackedPosition(state.rules);
        pos.load(state);
        const all = Array.from(out.subarray(0, pos.generate(GEN_ALL, out, 0)), (m) => pos.toMove(m));
        const fast = Array.from(out.subarray(0, pos.generate(GEN_FAST, out, 0)), (m) => pos.toMove(m));
        // What moves in fast mode from each place: a cell's card, or the ordered run on top of a cascade.
        const moving = (m: Move) =>
          `${m.from.kind}${m.from.index}x${m.from.kind === "cascade" ? pos.runLength(m.from.index) : 1}`;
        const what = (m: Move) => `${m.from.kind}${m.from.index}x${m.count}`;
        const goesHome = new Set(all.filter((m) => m.to.kind === "foundation").map(what));
        const ontoCard = new Set(
          all.filter((m) => m.to.kind === "cascade" && state.cascades[m.to.index].length > 0).map(what),
        );
        homes += goesHome.size;
        const freeCells = state.cells.filter((c) => c === null).length;
        const tops = state.cascades.flatMap((c) => (c.length > 0 ? [c[c.length - 1]] : []));
        const cellCards = state.cells.filter((c) => c !== null);
        // Whether the card under cascade i's top is of use once uncovered (when it would take the last cell).
        const uncoversUse = (i: number) => {
          const c = state.cascades[i];
          if (freeCells !== 1 || state.rules.reserve || c.length < 2) return true;
          const u = c[c.length - 2];
          const use =
            c.length === 2 ||
            state.foundations[u & 3] === u >> 2 ||
            tops.some((t) => pos.canStack(u, t) || pos.canStack(t, u)) ||
            cellCards.some((x) => pos.canStack(x, u));
          if (use) useful++;
          else useless++;
          return use;
        };
        for (let i = 0; i < state.cascades.length; i++) uncoversUse(i);
        // TIGHT: the last free cell only when the card uncovered can then go home or onto another cascade's top.
        const tight = Array.from(out.subarray(0, pos.generate(GEN_FAST | TIGHT, out, 0)), (m) =>
          pos.toMove(m),
        );
        for (const m of tight) {
          if (m.to.kind !== "cell" || m.from.kind !== "cascade" || freeCells !== 1 || state.rules.reserve)
            continue;
          const c = state.cascades[m.from.index];
          const u = c[c.length - 2];
          const use =
            u !== undefined &&
            (state.foundations[u & 3] === u >> 2 ||
              state.cascades.some(
                (d, j) => j !== m.from.index && d.length > 0 && pos.canStack(u, d[d.length - 1]),
              ));
          if (use) tightKept++;
          else beaten++;
        }
        const free = state.cells.includes(null) && !state.rules.reserve;
        const empty = state.cascades.some((c) => c.length === 0);
        // No free cell and one empty cascade: no cascade card goes into it.
        const lastEmpty =
          !state.rules.reserve &&
          state.cells.length > 0 &&
          freeCells === 0 &&
          state.cascades.filter((c) => c.length === 0).length === 1;
        const intoEmpty = (m: Move) =>
          m.from.kind === "cascade" && m.to.kind === "cascade" && state.cascades[m.to.index].length === 0;
        if (lastEmpty && all.some(intoEmpty)) crowded++;
        for (let i = 0; i < state.cascades.length; i++) {
          const n = state.cascades[i].length;
          if (free && n === 1) lone++;
          if (empty && n > 1 && pos.runLength(i) === n) runs++;
        }
        for (const m of fast) {
          const toSpace =
            m.to.kind === "cell" || (m.to.kind === "cascade" && state.cascades[m.to.index].length === 0);
          // What can go home goes nowhere else; what can go onto a card goes neither to a cell nor into an
          // empty cascade.
          if (m.to.kind !== "foundation" && goesHome.has(moving(m))) beaten++;
          if (toSpace && m.from.kind === "cascade" && ontoCard.has(moving(m))) beaten++;
          // A lone card in a cascade does not go to a cell.
          if (m.to.kind === "cell" && m.from.kind === "cascade" && state.cascades[m.from.index].length === 1)
            beaten++;
          // A card takes the last free cell only when the card it uncovers is of use.
          if (m.to.kind === "cell" && m.from.kind === "cascade" && !uncoversUse(m.from.index)) beaten++;
          if (lastEmpty && intoEmpty(m)) beaten++;
          // No part of a cascade that is one ordered run goes into an empty cascade.
          if (toSpace && m.to.kind === "cascade" && m.from.kind === "cascade") {
            const from = state.cascades[m.from.index];
            if (pos.runLength(m.from.index) === from.length) beaten++;
          }
        }
      }
    }
    expect(homes).toBeGreaterThan(50);
    expect(lone).toBeGreaterThan(20);
    expect(runs).toBeGreaterThan(0);
    expect(useful).toBeGreaterThan(20);
    expect(useless).toBeGreaterThan(20);
    expect(tightKept).toBeGreaterThan(5);
    expect(crowded).toBeGreaterThan(5);
    expect(beaten).toBe(0);
  });
  it("keeps a lone card out of the cells and a cascade that is one run whole in its fast mode", () => {
    const out = new Int32Array(4096);
    // Cascade 0 is one ordered run from the bottom, cascade 2 a lone card; a cell and a cascade are free. The
    // other cards go on cascades 3..7, highest ranks first.
    const state = position({}, ["KS QH JC", "", "5D"], ["AH", null]);
    const used = new Set([...state.cascades.flat(), ...state.cells.filter((c) => c !== null)]);
    const rest = orderedDeck()
      .filter((c) => !used.has(c))
      .reverse();
    rest.forEach((c, k) => {
      state.cascades[3 + (k % 5)].push(c);
    });
    const pos = new PackedPosition(state.rules);
    pos.load(state);
    const listed = (mode: number) =>
      Array.from(out.subarray(0, pos.generate(mode, out, 0)), (m) => moveKey(pos.toMove(m)));
    const complete = listed(GEN_COMPLETE);
    expect(complete).toContain("cascade0>cascade1x1");
    expect(complete).toContain("cascade2>cell1x1");
    const fast = listed(GEN_FAST);
    expect(fast.filter((m) => m.startsWith("cascade0>") || m.startsWith("cascade2>"))).toEqual([]);
    // Other cards still go to the cell and into the empty cascade.
    expect(fast.some((m) => m.endsWith(">cell1x1"))).toBe(true);
    expect(fast.some((m) => m.includes(">cascade1x"))).toBe(true);
  });
});

describe("reserve moves (King Albert's lazy reserve)", () => {
  it("are a reserve card onto the cascades then a card onto it, both legal, undone exactly, named by cards", () => {
    const out = new Int32Array(4096);
    let reserveMoves = 0;
    for (const state of kingAlbertPositions(12, 60)) {
      const pos = new PackedPosition(state.rules);
      pos.load(state);
      for (const mode of [GEN_COMPLETE | LAZY_RESERVE, GEN_FAST | LAZY_RESERVE]) {
        const n = pos.generate(mode, out, 0);
        for (let k = 0; k < n; k++) {
          const m = out[k];
          const moves = pos.toMoves(m);
          // No reserve card goes to the cascades alone.
          if (moveReserve(m) === 0) {
            expect(moves).toHaveLength(1);
            expect(moves[0].from.kind === "cell" && moves[0].to.kind === "cascade").toBe(false);
            continue;
          }
          reserveMoves++;
          expect(moves).toHaveLength(2);
          const [first, second] = moves;
          expect(first.from.kind).toBe("cell");
          expect(second.to).toEqual(first.to);
          const after = applyMove(applyMove(state, first), second);
          expect(pos.codeToMove(pos.moveCode(m))).toBe(m);
          const hash = pos.hash();
          pos.apply(m);
          const expected = new PackedPosition(state.rules);
          expected.load(after);
          expect(key(pos)).toBe(key(expected));
          expect(pos.hash()).toBe(expected.hash());
          pos.undo(m);
          // Exactly the position before, each reserve card in its own cell.
          expect(pos.toState()).toEqual(state);
          expect(pos.hash()).toBe(hash);
        }
      }
    }
    expect(reserveMoves).toBeGreaterThan(200);
  });

  it("keep every single-card move but a reserve card's to the cascades, and that one with each card onto it", () => {
    const out = new Int32Array(4096);
    let pairs = 0;
    for (const state of kingAlbertPositions(9, 40)) {
      const pos = new PackedPosition(state.rules);
      pos.load(state);
      const before = key(pos);
      const reached = new Set<string>();
      const n = pos.generate(GEN_COMPLETE | LAZY_RESERVE, out, 0);
      for (let k = 0; k < n; k++) {
        pos.apply(out[k]);
        reached.add(key(pos));
        pos.undo(out[k]);
      }
      expect(key(pos)).toBe(before);
      const keyOf = (s: FreeCellState) => {
        const p = new PackedPosition(s.rules);
        p.load(s);
        return key(p);
      };
      for (const move of legalMoves(state)) {
        if (move.count !== 1) continue;
        const next = applyUnchecked(state, move);
        if (move.from.kind === "cell" && move.to.kind === "cascade") {
          for (const onto of legalMoves(next)) {
            if (onto.count !== 1 || onto.to.kind !== "cascade" || onto.to.index !== move.to.index) continue;
            pairs++;
            expect(reached.has(keyOf(applyUnchecked(next, onto)))).toBe(true);
          }
        } else if (keyOf(next) !== before) {
          expect(reached.has(keyOf(next))).toBe(true);
        }
      }
    }
    expect(pairs).toBeGreaterThan(50);
  });
});

describe("the search's move generator", () => {
  it("lists the moves of the general generator, in the same order, in complete and fast modes", () => {
    const a = new Int32Array(4096);
    const b = new Int32Array(4096);
    let checked = 0;
    for (const rules of VARIANTS) {
      for (const state of randomPositions(rules, 8, 60)) {
        const pos = new PackedPosition(state.rules);
        pos.load(state);
        for (const mode of [GEN_COMPLETE, GEN_FAST, GEN_FAST | TIGHT]) {
          const n = pos.generateAll(mode, a, 0);
          const m = pos.generate(mode, b, 3);
          expect(Array.from(b.subarray(3, m))).toEqual(Array.from(a.subarray(0, n)));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe("PackedPosition", () => {
  it("round-trips through its canonical key, and apply then undo changes nothing", () => {
    const out = new Int32Array(4096);
    for (const rules of VARIANTS) {
      for (const state of randomPositions(rules, 2, 50)) {
        const pos = new PackedPosition(state.rules);
        pos.load(state);
        const bytes = new Uint8Array(pos.keyBytes);
        pos.encodeBytes(bytes);
        const hash = pos.hash();
        const copy = new PackedPosition(state.rules);
        copy.decodeBytes(bytes, 0);
        expect(key(copy)).toBe(key(pos));
        expect(copy.hash()).toBe(hash);
        expect(Array.from(copy.found)).toEqual(state.foundations);
        const n = pos.generate(GEN_ALL, out, 0);
        for (let k = 0; k < n; k++) {
          pos.apply(out[k]);
          pos.undo(out[k]);
          expect(pos.hash()).toBe(hash);
        }
        expect(pos.toState()).toEqual(state);
      }
    }
  });

  it("keeps its key (what each card lies on) and hashes up to date as cards move, and decodes it", () => {
    const out = new Int32Array(4096);
    const words = (pos: PackedPosition) => {
      const w = new Uint32Array(pos.keyWords);
      pos.encode(w);
      return w;
    };
    const check = (pos: PackedPosition) => {
      const fresh = new PackedPosition(pos.rules);
      fresh.load(pos.toState());
      const w = words(pos);
      expect(Array.from(w)).toEqual(Array.from(words(fresh)));
      expect([pos.hash(), pos.hash2()]).toEqual([fresh.hash(), fresh.hash2()]);
      const decoded = new PackedPosition(pos.rules);
      decoded.decode(w, 0);
      expect(key(decoded)).toBe(key(pos));
      expect(Array.from(decoded.found)).toEqual(Array.from(pos.found));
    };
    for (const rules of VARIANTS) {
      for (const state of randomPositions(rules, 2, 50)) {
        const pos = new PackedPosition(state.rules);
        pos.load(state);
        check(pos);
        const n = pos.generate(GEN_ALL, out, 0);
        for (let k = 0; k < n; k++) {
          pos.apply(out[k]);
          check(pos);
          pos.undo(out[k]);
        }
      }
    }
    for (const state of kingAlbertPositions(6, 60)) {
      const pos = new PackedPosition(state.rules);
      pos.load(state);
      check(pos);
    }
  });

  it("gives the same key and hash whatever the order of cascades and cells", () => {
    const random = mulberry32(99);
    for (const state of randomPositions({ cells: 6 }, 5, 40)) {
      const pos = new PackedPosition(state.rules);
      pos.load(state);
      const shuffled: FreeCellState = {
        ...state,
        cascades: [...state.cascades].sort(() => random() - 0.5),
        cells: [...state.cells].sort(() => random() - 0.5),
      };
      const other = new PackedPosition(state.rules);
      other.load(shuffled);
      expect(key(other)).toBe(key(pos));
      expect(other.hash()).toBe(pos.hash());
    }
  });

  it("keeps disorder, dig and the runs on top counted as cards move, as a full count gives them", () => {
    const out = new Int32Array(4096);
    const counts = (pos: PackedPosition): number[] => {
      let disorder = 0;
      let dig = 0;
      for (let i = 0; i < pos.cascadeCount; i++) {
        const n = pos.len[i];
        let low = 99;
        for (let h = 0; h < n; h++) {
          const c = pos.cards[i * 64 + h];
          if (c >> 2 > low) disorder++;
          else low = c >> 2;
          if (c >> 2 === pos.found[c & 3]) dig += n - 1 - h;
        }
      }
      return [disorder, dig, ...runs(pos)];
    };
    // Each cascade's run on top, counted card by card with the engine's rule.
    const runs = (pos: PackedPosition): number[] =>
      Array.from({ length: pos.cascadeCount }, (_, i) =>
        runLength(pos.rules, Array.from(pos.cards.subarray(i * 64, i * 64 + pos.len[i]))),
      );
    const kept = (pos: PackedPosition): number[] => [
      pos.disorder,
      pos.dig(),
      ...Array.from({ length: pos.cascadeCount }, (_, i) => pos.runLength(i)),
    ];
    for (const rules of VARIANTS) {
      for (const state of randomPositions(rules, 2, 50)) {
        const pos = new PackedPosition(state.rules);
        pos.load(state);
        expect(kept(pos)).toEqual(counts(pos));
        const bytes = new Uint8Array(pos.keyBytes);
        pos.encodeBytes(bytes);
        const copy = new PackedPosition(state.rules);
        copy.decodeBytes(bytes, 0);
        expect(kept(copy)).toEqual(counts(copy));
        const n = pos.generate(GEN_ALL, out, 0);
        for (let k = 0; k < n; k++) {
          pos.apply(out[k]);
          expect(kept(pos)).toEqual(counts(pos));
          pos.undo(out[k]);
          expect(kept(pos)).toEqual(counts(pos));
        }
      }
    }
  });

  it("reads back what encodeRaw writes", () => {
    for (const rules of VARIANTS) {
      for (const state of randomPositions(rules, 2, 50)) {
        const pos = new PackedPosition(state.rules);
        pos.load(state);
        const words = new Uint32Array(pos.rawWords + 3);
        pos.encodeRaw(words, 3);
        const copy = new PackedPosition(state.rules);
        copy.decodeRaw(words, 3);
        expect([copy.disorder, copy.dig(), copy.freeCells, copy.emptyCascades]).toEqual([
          pos.disorder,
          pos.dig(),
          pos.freeCells,
          pos.emptyCascades,
        ]);
        expect(key(copy)).toBe(key(pos));
        expect(copy.hash()).toBe(pos.hash());
        expect(copy.hash2()).toBe(pos.hash2());
        expect(copy.hashBoth()).toBe(pos.hash());
        expect(copy.hash2Value).toBe(pos.hash2());
        expect(Array.from(copy.found)).toEqual(state.foundations);
      }
    }
  });

  it("autoplay leaves the position the engine's automatic moves leave", () => {
    const out = new Int32Array(4096);
    for (const [force, policy] of [
      [FORCE_SAFE, "safe"],
      [FORCE_ALL, "all"],
    ] as const) {
      for (const rules of VARIANTS) {
        for (const state of randomPositions(rules, 3, 40)) {
          const pos = new PackedPosition(state.rules);
          pos.load(state);
          const end = pos.autoplay(force, out, 0);
          const engine = autoMoves(state, policy);
          const expected = new PackedPosition(state.rules);
          expected.load(engine.state);
          expect(key(pos)).toBe(key(expected));
          expect(end).toBe(engine.moves.length);
        }
      }
    }
  });

  it("autoplayAfter a move from a played-out position gives what autoplay gives", () => {
    const out = new Int32Array(4096);
    for (const force of [FORCE_NONE, FORCE_SAFE, FORCE_ALL]) {
      for (const rules of VARIANTS) {
        for (const state of randomPositions(rules, 2, 40)) {
          const pos = new PackedPosition(state.rules);
          pos.load(state);
          pos.autoplay(force, out, 0);
          const n = pos.generate(GEN_ALL, out, 0);
          for (let k = 0; k < n; k++) {
            pos.apply(out[k]);
            const end = pos.autoplayAfter(out[k], force, out, n);
            const fast = key(pos);
            for (let a = end - 1; a >= n; a--) pos.undo(out[a]);
            const full = pos.autoplay(force, out, n);
            expect(fast).toBe(key(pos));
            for (let a = full - 1; a >= n; a--) pos.undo(out[a]);
            pos.undo(out[k]);
          }
        }
      }
    }
  });
});

describe("peekChild", () => {
  // A child's hashes and score from the move alone must be what making the move gives, and a peek must never
  // be offered when an automatic move would follow.
  it("gives the hashes and score that making the move gives, on random positions of every variant", () => {
    const weights = { home: 24, disorder: 13, dig: 4, free: 12, empty: 18, depth: 1, under: 0, cramp: 4 };
    const moves = new Int32Array(4096);
    let peeked = 0;
    let runs = 0;
    let homes = 0;
    let wrong = 0;
    for (const rules of VARIANTS) {
      for (const state of randomPositions(rules, 6, 60)) {
        for (const force of [FORCE_SAFE, FORCE_ALL, FORCE_NONE]) {
          const pos = new PackedPosition(state.rules);
          pos.force = force;
          pos.load(state);
          const end = pos.forced(-1, moves, 0);
          for (const mode of [GEN_FAST, GEN_COMPLETE]) {
            const n = pos.generate(mode, moves, end);
            for (let k = end; k < n; k++) {
              const m = moves[k];
              if (!pos.peekChild(m, weights, 7)) continue;
              const { peekHash, peekHash2, peekScore } = pos;
              pos.apply(m);
              const after = pos.forced(m, moves, n);
              const h = pos.hashBoth();
              if (
                after !== n ||
                h !== peekHash ||
                pos.hash2Value !== peekHash2 ||
                pos.score(weights, 7) !== peekScore
              )
                wrong++;
              for (let a = after - 1; a >= n; a--) pos.undo(moves[a]);
              pos.undo(m);
              peeked++;
              if (((m >> 12) & 63) > 1) runs++;
              if (((m >> 10) & 3) === 2) homes++;
            }
          }
        }
      }
    }
    expect(peeked).toBeGreaterThan(10_000);
    expect(runs).toBeGreaterThan(500);
    expect(homes).toBeGreaterThan(500);
    expect(wrong).toBe(0);
  });

  it("declines a move after which a card goes home, a move off the foundations, a reserve's, the under term", () => {
    const weights = { home: 4, disorder: 3, dig: 1, free: 2, empty: 4, depth: 0, under: 0, cramp: 2 };
    // (A suit with no card in play is home.) Moving 5H off uncovers 4H, the next heart, which then goes home.
    const state = position({}, ["TS 4H 5H", "6C"]);
    const pos = new PackedPosition(state.rules);
    pos.force = FORCE_SAFE;
    pos.load(state);
    const moves = new Int32Array(4096);
    const n = pos.generate(GEN_COMPLETE, moves, pos.forced(-1, moves, 0));
    let declined = 0;
    for (let k = 0; k < n; k++) {
      const m = moves[k];
      if (pos.peekChild(m, weights, 1)) {
        pos.apply(m);
        expect(pos.forced(m, moves, n)).toBe(n);
        pos.undo(m);
      } else declined++;
      expect(pos.peekChild(m, { ...weights, under: 1 }, 1)).toBe(false);
    }
    expect(declined).toBeGreaterThan(0);
    // Clubs home to 4, spades to 3, hearts to 4, diamonds to the ace: nothing is safe to send home. Once 4S
    // goes home, 5H in its cell is (both black 4s home): the peek at 4S home declines.
    const cellState = position({}, ["2D 5C", "4S"], ["5H"]);
    const cellPos = new PackedPosition(cellState.rules);
    cellPos.force = FORCE_SAFE;
    cellPos.load(cellState);
    expect(cellPos.forced(-1, moves, 0)).toBe(0);
    const n4 = cellPos.generate(GEN_COMPLETE, moves, 0);
    const spadeHome = [...moves.subarray(0, n4)].filter(
      (m) => ((m >> 10) & 3) === 2 && ((m >> 4) & 3) === 0 && (m & 15) === 1,
    );
    expect(spadeHome).toHaveLength(1);
    expect(cellPos.peekChild(spadeHome[0], weights, 1)).toBe(false);
    cellPos.apply(spadeHome[0]);
    expect(cellPos.forced(spadeHome[0], moves, n4)).toBe(n4 + 1);
    const albert = new PackedPosition(KING_ALBERT_RULES);
    albert.load(dealSeeded(3, KING_ALBERT_RULES));
    const n2 = albert.generate(GEN_COMPLETE, moves, 0);
    for (let k = 0; k < n2; k++) expect(albert.peekChild(moves[k], weights, 1)).toBe(false);
    const offState = position({ fromFoundation: true }, ["KS", "QH"]);
    const back = new PackedPosition(offState.rules);
    back.load(offState);
    const n3 = back.generate(GEN_COMPLETE, moves, 0);
    let offHome = 0;
    for (let k = 0; k < n3; k++) {
      if (((moves[k] >> 4) & 3) !== 2) continue;
      offHome++;
      expect(back.peekChild(moves[k], weights, 1)).toBe(false);
    }
    expect(offHome).toBeGreaterThan(0);
  });
});

describe("BestFirst over PackedPosition", () => {
  it("proves nothing when keyed on whole keys over moves that are not all the moves", () => {
    const rules = { ...KING_ALBERT_RULES };
    const weights = { home: 4, disorder: 3, dig: 1, free: 0, empty: 4, depth: 0, under: 0, cramp: 0 };
    const keyedFast = new BestFirst(
      new PackedPosition(rules),
      "fast",
      true,
      GEN_FAST | LAZY_RESERVE,
      weights,
      false,
    );
    const complete = new BestFirst(
      new PackedPosition(rules),
      "complete",
      true,
      GEN_COMPLETE | LAZY_RESERVE,
      weights,
    );
    expect(keyedFast.complete).toBe(false);
    expect(complete.complete).toBe(true);
  });

  // The search reaches the position it expands by undoing and making moves from the last one, or by unpacking
  // an ancestor and making the moves down from it: each expansion must hold exactly the record it expands.
  const microsoft = () => [1, 617, 11982].map((deal) => dealMicrosoft(deal));
  const kingAlbert = () => Array.from({ length: 20 }, (_, seed) => dealSeeded(seed, KING_ALBERT_RULES));
  it.each([
    ["hashed, fast moves", false, GEN_FAST | TIGHT, microsoft, 0],
    ["hashed, going on after a win, positions moved under shorter paths", false, GEN_FAST, microsoft, 1000],
    ["keyed, every single-card move", true, GEN_COMPLETE, microsoft, 0],
    ["King Albert, keyed, reserve moves", true, GEN_FAST | LAZY_RESERVE, kingAlbert, 0],
  ])("holds the record it expands at each expansion (%s)", (_name, exact, mode, deals, after) => {
    const weights = { home: 24, disorder: 13, dig: 4, free: 12, empty: 18, depth: 1, under: 0, cramp: 4 };
    let checked = 0;
    let wrong = 0;
    class Checked extends PackedPosition {
      search: BestFirst<FreeCellState, Move, typeof weights> | undefined;
      override generate(m: number, out: Int32Array, at: number): number {
        const search = this.search as unknown as {
          current: number;
          table: BestFirst<FreeCellState, Move, typeof weights>["table"];
        };
        const { table, current } = search;
        const base = current * table.stride;
        if (exact) {
          const key = new Uint32Array(this.keyWords);
          this.encode(key);
          if (key.some((w, k) => w !== table.words[base + k])) wrong++;
        } else {
          const h = this.hashBoth();
          if (table.hashes[current] !== h || table.words[base] !== this.hash2Value) wrong++;
        }
        checked++;
        return super.generate(m, out, at);
      }
    }
    for (const state of deals()) {
      const domain = new Checked(state.rules);
      domain.force = FORCE_SAFE;
      const search = new BestFirst(domain, "checked", exact, mode, weights);
      search.after = after;
      domain.search = search;
      search.begin(state, new BudgetMeter({ positions: 30_000 }, undefined));
      search.resume(30_000);
    }
    expect(checked).toBeGreaterThan(5_000);
    expect(wrong).toBe(0);
  });

  // A search keyed on hashes keeps each move as made; its codes are named by making them again from the deal,
  // and a win found without unpacking a position is named by the moves the search made (`line`): both must
  // name the same moves, and they must win. The deals with few positions walk only; the others unpack too (a
  // win after unpacking a position other than the root has no line).
  it("names its win by codes and, made from the root, by its moves as made: the same moves, and they win", () => {
    const weights = { home: 24, disorder: 13, dig: 4, free: 12, empty: 18, depth: 1, under: 0, cramp: 4 };
    let lines = 0;
    for (const deal of [...Array.from({ length: 40 }, (_, k) => k + 1), 37, 617, 14320, 25315]) {
      const state = dealMicrosoft(deal);
      const domain = new PackedPosition(state.rules);
      domain.force = FORCE_SAFE;
      const search = new BestFirst(domain, "main", false, GEN_FAST | TIGHT, weights);
      search.begin(state, new BudgetMeter({ positions: 50_000 }, undefined));
      expect(search.resume(50_000)).toBe("solved");
      const replayer = new PackedPosition(state.rules);
      replayer.force = FORCE_SAFE;
      const named = codeMoves(replayer, state, search.codes);
      expect(isWon(named.reduce(applyMove, state))).toBe(true);
      if (!search.line) continue;
      lines++;
      expect(lineMoves(domain, search.line)).toEqual(named);
    }
    expect(lines).toBeGreaterThan(30);
  });
});
