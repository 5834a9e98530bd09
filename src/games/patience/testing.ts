import { expect, it } from "vitest";
import type { Numbering } from "../../cards/deals/layout.ts";
import { mulberry32 } from "../../cards/random.ts";
import type { Budget } from "../../search/budget.ts";
import type { PatienceGame } from "./contract.ts";
import { Session } from "./session.ts";
import { movesNotation, solutionTurns } from "./solution.ts";
import { checkSolution } from "./verify.ts";

/**
 * The conformance suite every patience game runs with one call, inside a `describe`: the contract's promises
 * checked on deals and on positions reached by random play (seeded, so a failure repeats).
 */
export interface ConformanceOptions<S, M, R> {
  /** Rule sets to play under (given to the schema's `make`); default: the defaults and every variant. */
  rules?: Partial<R>[];
  /** Deals to start from, in each of the game's numberings; default 1, 2, 3. */
  deals?: number[];
  /** Random games per rule set and deal, and the most moves each; default 2 games of 40 moves. */
  playouts?: { games: number; moves: number };
  /** Deals whose solutions must replay through the verifier to a win, under the default rules. */
  solve?: { deals: number[]; numbering?: Numbering; budget?: Budget };
  /**
   * Every card of the game's deck, as many times as it holds each (two decks: twice); default the 52 cards once.
   * Every deal and every position must hold exactly these.
   */
  deck?: readonly number[];
  /** The solver's own move generator, to compare with `legalMoves` on every position visited. */
  packedMoves?: (state: S) => M[];
}

const CARD_CODE = /\b(?:[2-9TJQKA]|10)[CDHS]\b/;

export function conformance<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  options: ConformanceOptions<S, M, R> = {},
): void {
  const ruleSets = (options.rules ?? [{}, ...game.rules.variants.map((v) => v.rules)]).map((r) =>
    game.rules.make(r),
  );
  const deals = options.deals ?? [1, 2, 3];
  const playouts = options.playouts ?? { games: 2, moves: 40 };
  const deck = (options.deck ?? Array.from({ length: 52 }, (_, c) => c)).slice().sort((a, b) => a - b);
  const sorted = (cards: readonly number[]) => cards.slice().sort((a, b) => a - b);

  /** Positions of random play from each deal, under each rule set. */
  const positions = (): S[] => {
    const out: S[] = [];
    const random = mulberry32(0x5eed);
    for (const rules of ruleSets) {
      for (const numbering of game.numberings) {
        for (const n of deals) {
          const start = game.deal(n, rules, numbering);
          for (let g = 0; g < playouts.games; g++) {
            let state = start;
            out.push(state);
            for (let k = 0; k < playouts.moves; k++) {
              const moves = game.legalMoves(state);
              if (moves.length === 0) break;
              state = game.apply(state, moves[Math.floor(random() * moves.length)]);
              out.push(state);
            }
          }
        }
      }
    }
    return out;
  };
  let cache: S[] | undefined;
  const visited = () => {
    cache ??= positions();
    return cache;
  };

  it("deals every numbered deal the same way twice, each card of the deck as often as the deck holds it", () => {
    for (const rules of ruleSets) {
      for (const numbering of game.numberings) {
        for (const n of deals) {
          const a = game.deal(n, rules, numbering);
          expect(a).toEqual(game.deal(n, rules, numbering));
          expect(sorted(game.cards(a))).toEqual(deck);
        }
      }
    }
  });

  it("conserves the cards: every position of random play holds the whole deck", () => {
    for (const state of visited()) expect(sorted(game.cards(state))).toEqual(deck);
  });

  it("plays every legal move, and reads back its notation as the same move", () => {
    for (const state of visited()) {
      for (const move of game.legalMoves(state)) {
        expect(game.whyIllegal(state, move)).toBeUndefined();
        const text = game.notation.format(state, move);
        const read = game.notation.parse(state, text);
        expect(game.apply(state, read)).toEqual(game.apply(state, move));
      }
    }
  });

  it("refuses moves that are not legal, saying why", () => {
    const pool: M[] = [];
    for (const state of visited()) pool.push(...game.legalMoves(state).slice(0, 3));
    let refused = 0;
    for (const state of visited().slice(0, 200)) {
      const legal = new Set(game.legalMoves(state).map((m) => JSON.stringify(m)));
      for (const move of pool.slice(0, 300)) {
        if (legal.has(JSON.stringify(move))) continue;
        const reason = game.whyIllegal(state, move);
        expect(typeof reason === "string" && reason.length > 0).toBe(true);
        expect(() => game.apply(state, move)).toThrow(expect.objectContaining({ code: "illegal_move" }));
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });

  it("writes board text and JSON that read back as the same position", () => {
    for (const state of visited()) {
      const text = game.board.format(state);
      expect(game.board.parse(text, state.rules)).toEqual(state);
      const json = JSON.parse(JSON.stringify(game.board.toJson(state)));
      expect(game.key(game.board.fromJson(json, state.rules))).toBe(game.key(state));
    }
  });

  it("gives equal positions equal keys, and positions with other cards home other keys", () => {
    for (const state of visited()) {
      const copy = JSON.parse(JSON.stringify(state)) as S;
      expect(game.key(copy)).toBe(game.key(state));
    }
    const homes = new Map<string, string>();
    for (const state of visited()) {
      const home = JSON.stringify(game.piles(state, "solver").filter((p) => p.ref.kind === "foundation"));
      const key = game.key(state);
      const before = homes.get(key);
      if (before !== undefined) expect(home).toBe(before);
      homes.set(key, home);
    }
  });

  it("makes automatic moves that are legal one after another", () => {
    for (const state of visited()) {
      for (const policy of game.policies) {
        let s = state;
        for (const move of game.autoMoves(state, policy)) {
          expect(game.whyIllegal(s, move)).toBeUndefined();
          s = game.apply(s, move);
        }
      }
    }
  });

  it("takes a turn back exactly: undo after play is the identity, redo replays it", () => {
    for (const state of visited().slice(0, 300)) {
      for (const policy of game.policies) {
        const session = new Session(game, state, policy);
        const at = session.state;
        const legal = game.legalMoves(at);
        if (legal.length === 0) continue;
        const turn = session.play(legal[legal.length - 1]);
        expect(session.undo()).toBe(turn);
        expect(session.state).toBe(at);
        session.redo();
        expect(session.state).toEqual(turn.after);
      }
    }
  });

  it("saves a game and resumes it with the same position, turns and redo list", () => {
    const random = mulberry32(7);
    for (const rules of ruleSets) {
      for (const numbering of game.numberings) {
        const session = Session.deal(game, deals[0], rules, numbering);
        for (let k = 0; k < 30; k++) {
          const moves = game.legalMoves(session.state);
          if (moves.length === 0) break;
          session.play(moves[Math.floor(random() * moves.length)], k % 7 === 3 ? "computer" : "player");
        }
        session.undo();
        session.undo();
        const save = JSON.parse(JSON.stringify(session.toSave()));
        const back = Session.fromSave(save, (id) => (id === game.id ? (game as never) : undefined));
        expect(back.state).toEqual(session.state);
        expect(back.turns.length).toBe(session.turns.length);
        expect(back.undone.length).toBe(session.undone.length);
        expect(back.assisted).toBe(session.assisted);
      }
    }
  });

  it("shows piles a player may see, and the solver sees every card face up or down", () => {
    for (const state of visited()) {
      const player = game.piles(state, "player");
      const solver = game.piles(state, "solver");
      expect(player.map((p) => p.ref)).toEqual(solver.map((p) => p.ref));
      const shown: number[] = [];
      for (const pile of solver) {
        for (const view of pile.cards) {
          expect(view.card).not.toBeNull();
          shown.push(view.card as number);
        }
      }
      // The solver's view shows cards of the position only, none more often than the position holds it
      // (Montana's aces are out of play and not shown).
      const held = new Map<number, number>();
      for (const c of game.cards(state)) held.set(c, (held.get(c) ?? 0) + 1);
      for (const c of shown) {
        expect(held.get(c) ?? 0, `card ${c} shown more often than held`).toBeGreaterThan(0);
        held.set(c, (held.get(c) ?? 0) - 1);
      }
      for (const pile of player) for (const view of pile.cards) expect(view.card === null).toBe(!view.faceUp);
    }
  });

  it("turns gestures into legal moves or a reason in words, and describes moves in words", () => {
    for (const state of visited().slice(0, 150)) {
      const refs = game.piles(state, "player").map((p) => p.ref);
      for (const from of refs) {
        const quick = game.quickMove(state, from);
        if ("move" in quick) expect(game.whyIllegal(state, quick.move)).toBeUndefined();
        else expect(quick.reason.length).toBeGreaterThan(0);
        for (const to of refs) {
          const answer = game.intent(state, from, to);
          if ("move" in answer) expect(game.whyIllegal(state, answer.move)).toBeUndefined();
          else expect(answer.reason).toMatch(/^[A-Z0-9]/);
        }
      }
      for (const move of game.legalMoves(state)) expect(game.describe(state, move)).not.toMatch(CARD_CODE);
    }
  });

  it("lets a player lift only cards that some move could carry", () => {
    for (const state of visited().slice(0, 150)) {
      for (const pile of game.piles(state, "player")) {
        pile.cards.forEach((view, index) => {
          const count = game.lift(state, pile.ref, index);
          expect(count === 0 || count === pile.cards.length - index).toBe(true);
          if (!view.faceUp) expect(count).toBe(0);
        });
      }
    }
  });

  if (options.packedMoves) {
    const packedMoves = options.packedMoves;
    it("has a solver whose move generator equals legalMoves", () => {
      for (const state of visited()) {
        const packed = packedMoves(state)
          .map((m) => JSON.stringify(m))
          .sort();
        const engine = game
          .legalMoves(state)
          .map((m) => JSON.stringify(m))
          .sort();
        expect(packed).toEqual(engine);
      }
    });
  }

  if (options.solve) {
    const {
      deals: solveDeals,
      numbering = game.numberings[0],
      budget = { positions: 2_000_000 },
    } = options.solve;
    it("solves deals under every policy with moves that replay through the verifier to a win, and as turns", async () => {
      const solver = await game.solver();
      const rules = game.rules.make({});
      let solved = 0;
      for (const policy of game.policies) {
        for (const n of solveDeals) {
          const start = game.deal(n, rules, numbering);
          const result = solver.solve(start, { budget, policy });
          if (result.result !== "solved") continue;
          solved++;
          const notation = movesNotation(game, start, result.moves);
          expect(checkSolution(game, start, notation, "none")).toMatchObject({ valid: true, won: true });
          const turns = solutionTurns(game, start, result.moves, policy);
          const session = new Session(game, start, policy);
          expect(game.isWon(turns[turns.length - 1]?.after ?? session.start)).toBe(true);
          const played = turns.map((t) => t.notation[0]);
          expect(checkSolution(game, start, played, policy)).toMatchObject({ valid: true, won: true });
        }
      }
      expect(solved).toBeGreaterThan(0);
    });
  }
}

/** The moves, each written in the game's notation in its own position, replay through the platform's verifier
 * with no automatic move to a win. */
export function replaysToWin<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  start: S,
  moves: readonly M[],
): boolean {
  const check = checkSolution(game, start, movesNotation(game, start, moves), "none");
  return check.valid && check.won;
}
