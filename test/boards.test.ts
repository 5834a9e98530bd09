import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Prng } from "../src/cards/random.ts";
import { parseBoardInput } from "../src/games/patience/board-text.ts";
import type { AnyPatienceGame } from "../src/games/patience/contract.ts";
import { BoardTextError } from "../src/games/patience/errors.ts";
import type { RuleField } from "../src/games/patience/rules.ts";
import { movesNotation } from "../src/games/patience/solution.ts";
import { findPatience, PATIENCE_GAMES } from "../src/games/registry.ts";
import { tsol } from "./tsol.ts";

/**
 * Issue 36, item 7, "boards as people have them": the JSON `tsol deal GAME N --format json` prints was refused by
 * every command that reads a board ("too long for a card"), and no command printed the position a list of moves
 * reaches, so a game in progress could not be saved as a board.
 */

function game(id: string): AnyPatienceGame {
  const found = findPatience(id);
  if (!found) throw new Error(`no game ${id}`);
  return found;
}

/** Deal `deal` under `rules`, played on by `steps` random legal moves (fewer when none is left). */
function played(g: AnyPatienceGame, rules: unknown, deal: number, steps: number, seed: number) {
  const random = new Prng(seed);
  let state = g.deal(deal, rules, g.numberings[0]);
  const moves: string[] = [];
  for (let i = 0; i < steps; i++) {
    const legal = g.legalMoves(state);
    if (legal.length === 0) break;
    const move = legal[random.nextInt(legal.length)];
    moves.push(g.notation.format(state, move));
    state = g.apply(state, move);
  }
  return { state, moves };
}

/** Rules of the game's schema, each field any value it takes. */
function rulesArb(g: AnyPatienceGame): fc.Arbitrary<unknown> {
  const value = (field: RuleField): fc.Arbitrary<unknown> => {
    if (field.kind === "boolean") return fc.boolean();
    if (field.kind === "choice") return fc.constantFrom(...field.choices);
    const whole = fc.integer({ min: field.min, max: field.max });
    return field.unlimited ? fc.option(whole, { nil: null }) : whole;
  };
  return fc
    .record(Object.fromEntries(g.rules.fields.map((f) => [f.key, value(f)])))
    .map((given) => g.rules.make(given));
}

/** The BoardTextError reading `json` (as JSON text) under `rules` throws. */
function refusal(g: AnyPatienceGame, json: unknown, rules: unknown): BoardTextError {
  try {
    parseBoardInput(g, JSON.stringify(json), rules);
  } catch (error) {
    if (error instanceof BoardTextError) return error;
    throw error;
  }
  throw new Error(`read without an error: ${JSON.stringify(json)}`);
}

describe("every game's board, as text and as JSON, reads back as the position written", () => {
  for (const g of PATIENCE_GAMES) {
    it(`${g.id}: parse(format(s)) is s for random deals and rules played on by random legal moves`, () => {
      fc.assert(
        fc.property(
          rulesArb(g),
          fc.integer({ min: 1, max: 1_000_000 }),
          fc.integer({ min: 0, max: 120 }),
          fc.integer(),
          (rules, deal, steps, seed) => {
            const { state } = played(g, rules, deal, steps, seed);
            const json = g.board.toJson(state);
            expect(parseBoardInput(g, JSON.stringify(json), state.rules)).toEqual(state);
            expect(parseBoardInput(g, JSON.stringify(json, null, 2), state.rules)).toEqual(state);
            expect(g.board.fromJson(json, state.rules)).toEqual(state);
            expect(parseBoardInput(g, g.board.format(state), state.rules)).toEqual(state);
          },
        ),
        { numRuns: 60 },
      );
    });
  }
});

describe("a JSON board is refused unless it is exactly a position of the game, naming the key or path", () => {
  /** Deal 5 played on by 30 moves, as JSON, with its rules. */
  const sample = (id: string, rules: unknown = game(id).rules.defaults) => {
    const g = game(id);
    const { state } = played(g, rules, 5, 30, 1);
    return {
      g,
      rules,
      json: JSON.parse(JSON.stringify(g.board.toJson(state, 5))) as Record<string, unknown>,
    };
  };

  it("FreeCell: wrong types, unknown and missing keys, cards twice or missing, bad card names, other rules", () => {
    const { g, rules, json } = sample("freecell");
    const cascades = json.cascades as string[][];
    const without = (key: string) => Object.fromEntries(Object.entries(json).filter(([k]) => k !== key));
    const cases: [unknown, string | RegExp][] = [
      [{ ...json, cascades: "all" }, 'cascades: the text "all", not a list of cascades'],
      [
        { ...json, cascades: cascades.slice(1) },
        /^cascades: 7 cascades, but these rules have 8 \(give --cascades 7/,
      ],
      [
        { ...json, cascades: [...cascades.slice(1), cascades[0].join(" ")] },
        /^cascades\[7\]: the text ".*", not a list of cards/,
      ],
      [
        { ...json, cells: [null, null, null, null, null] },
        /^cells: 5 cells, but these rules have 4: .*--cells 5/,
      ],
      [{ ...json, cells: [] }, /^cells: 0 cells, but these rules have 4/],
      [
        { ...json, tableau: cascades },
        /^the board: unknown key "tableau" \(a FreeCell board is an object with the keys game, cascades, cells, deal, foundations\)$/,
      ],
      [without("cells"), /^the board: no "cells" key/],
      [without("cascades"), /^the board: no "cascades" key/],
      [
        { ...json, game: "king-albert" },
        /^game: "king-albert": this is a board of another game, not FreeCell/,
      ],
      [{ ...json, deal: -1 }, /^deal: the number -1: a whole number from 0/],
      [
        { ...json, cascades: [[...cascades[0], cascades[1][0]], ...cascades.slice(1)] },
        /is given twice \(also at cascades\[0\]\[\d+\]\)|is given twice \(also at cascades\[1\]\[0\]\)/,
      ],
      [
        { ...json, cascades: [cascades[0].slice(1), ...cascades.slice(1)] },
        /^the board: a card is missing: \w\w \(a board holds all 52 cards\)$/,
      ],
      [
        { ...json, cascades: [["1S", ...cascades[0].slice(1)], ...cascades.slice(1)] },
        'cascades[0][0]: "1S": unknown rank "1" (did you mean A or T?)',
      ],
      [{ ...json, foundations: [] }, /^foundations: a list: an object of suit letters and top cards/],
    ];
    for (const [bad, message] of cases) expect(refusal(g, bad, rules).message).toMatch(message);
    const five = sample("freecell", g.rules.make({ cells: 5 }));
    expect(refusal(g, five.json, rules).message).toMatch(/^cells: 5 cells, but these rules have 4/);
    expect(parseBoardInput(g, JSON.stringify(five.json), five.rules)).toBeTruthy();
  });

  it("King Albert: the reserve's seven places, nine piles, Solvitaire's card names", () => {
    const { g, rules, json } = sample("king-albert");
    const reserve = json.reserve as (string | null)[];
    expect(refusal(g, { ...json, reserve: reserve.slice(1) }, rules).message).toMatch(
      /^reserve: 6 places: the reserve of King Albert has 7/,
    );
    expect(refusal(g, { ...json, tableau: (json.tableau as unknown[]).slice(1) }, rules).message).toBe(
      "tableau: 8 cascades: King Albert has 9",
    );
    expect(refusal(g, { ...json, cells: reserve }, rules).message).toMatch(/^the board: unknown key "cells"/);
    expect(refusal(g, { ...json, reserve: [...reserve.slice(1), 7] }, rules).message).toMatch(
      /^reserve\[6\]: the number 7: a card is text such as "TH" or "10H", a card played null$/,
    );
  });

  it("Klondike: seven piles, the optional keys' types, the shape of a game", () => {
    const { g, rules, json } = sample("klondike");
    expect(refusal(g, { ...json, tableau: (json.tableau as unknown[]).slice(1) }, rules).message).toBe(
      "tableau: 6 piles: Klondike has 7",
    );
    expect(refusal(g, { ...json, faceDown: [0, 1, 2] }, rules).message).toMatch(
      /^faceDown: 3 numbers: one for each of the 7 piles/,
    );
    expect(refusal(g, { ...json, recycles: "2" }, rules).message).toMatch(
      /^recycles: the text "2": the times the waste/,
    );
    expect(refusal(g, { ...json, score: 1.5 }, rules).message).toMatch(/^score: the number 1.5: the score/);
    expect(refusal(g, { ...json, talon: [] }, rules).message).toMatch(/^the board: unknown key "talon"/);
    const noStock = Object.fromEntries(Object.entries(json).filter(([k]) => k !== "stock"));
    expect(refusal(g, noStock, rules).message).toMatch(/^the board: no "stock" key/);
    expect(refusal(g, { ...json, recycles: 3 }, g.rules.make({ passes: 3 })).message).toMatch(
      /turned over 3 times, but these rules allow 3 passes/,
    );
  });

  it("Montana: four rows of 13, no aces, gaps as null, redeals only under rules that have them", () => {
    const { g, rules, json } = sample("montana");
    const rows = json.rows as (string | null)[][];
    expect(refusal(g, { ...json, rows: rows.map((r) => r.slice(1)) }, rules).message).toBe(
      "rows[0]: 12 places: a row has 13",
    );
    const ace = structuredClone(rows);
    ace[2][4] = "AH";
    expect(refusal(g, { ...json, rows: ace }, rules).message).toBe(
      "rows[2][4] (c5): the aces are taken out in Montana (a gap is null)",
    );
    expect(refusal(g, { ...json, seed: 3 }, rules).message).toBe(
      "seed: these rules have no redeals (give --redeals K to play with K)",
    );
    const redeals = g.rules.make({ redeals: 2 });
    expect(refusal(g, { ...json, redealsLeft: 3, seed: 0 }, redeals).message).toMatch(
      /^redealsLeft: the number 3: the redeals left under these rules, from 0 to 2$/,
    );
  });

  it("a board of one game given to another names the game it is for", () => {
    const { json } = sample("klondike");
    expect(refusal(game("freecell"), json, game("freecell").rules.defaults).message).toMatch(
      /^game: "klondike": this is a board of another game, not FreeCell/,
    );
  });
});

/**
 * The games the real command is run on: the four with their own engines, and one family game of each table shape
 * (the family's games share every line of code these commands reach, so a run each would only cost time).
 */
const FAMILY_SAMPLE = ["spider", "canfield"];
const CLI_GAMES = PATIENCE_GAMES.filter(
  (g) => ["freecell", "king-albert", "klondike", "montana"].includes(g.id) || FAMILY_SAMPLE.includes(g.id),
);

describe("tsol reads the JSON boards it prints, and prints the position moves reach", () => {
  it("the JSON tsol deal prints was refused by check --board as too long for a card: every game reads it", () => {
    for (const g of CLI_GAMES) {
      const json = tsol(["deal", g.id, "7", "--format", "json"]).stdout;
      const { moves } = played(g, g.rules.defaults, 7, 3, 7);
      const fromJson = tsol(["check", g.id, "--board", "-", "--moves", moves.join(" ")], { input: json });
      const fromDeal = tsol(["check", g.id, "7", "--moves", moves.join(" ")]);
      expect(fromJson.stderr).toBe("");
      expect(fromJson.stdout).toBe(fromDeal.stdout);
      expect(fromJson.stdout).toMatch(/^not won: all \d+ moves are legal/);
    }
  });

  it("solve --board reads JSON too, and solves the deal it holds", () => {
    const json = tsol(["deal", "freecell", "1", "--format", "json"]).stdout;
    const r = tsol(["solve", "freecell", "--board", "-", "--json", "--timeout", "20"], { input: json });
    const report = JSON.parse(r.stdout);
    expect(report.result).toBe("solved");
    expect(tsol(["check", "freecell", "1", "--moves", report.moves.join(" ")]).stdout).toMatch(/^valid: won/);
  });

  it("a JSON board of other rules is refused with the flag that reads it", () => {
    const json = tsol(["deal", "freecell", "1", "--format", "json", "--cells", "5"]).stdout;
    const r = tsol(["check", "freecell", "--board", "-", "--moves", "1a"], { input: json });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^tsol: standard input: cells: 5 cells, but these rules have 4: .*--cells 5/);
    const read = tsol(["check", "freecell", "--board", "-", "--moves", "1a", "--cells", "5"], {
      input: json,
    });
    expect(read.stdout).toMatch(/^not won/);
  });

  it("a mid-game position could not be saved: check --print-board prints it, and --board reads it back", () => {
    for (const g of CLI_GAMES) {
      const { state, moves } = played(g, g.rules.defaults, 11, 25, 11);
      for (const format of ["text", "json"]) {
        const r = tsol([
          "check",
          g.id,
          "11",
          "--moves",
          moves.join(" "),
          "--print-board",
          "--format",
          format,
        ]);
        expect(r.status).toBe(0);
        expect(r.stderr).toBe(`tsol: not won: all ${moves.length} moves are legal but the deal is not won\n`);
        expect(parseBoardInput(g, r.stdout, state.rules)).toEqual(state);
        if (format === "json") expect(JSON.parse(r.stdout)).toMatchObject({ game: g.id, deal: null });
        // Read back by --board, printed again unchanged.
        const again = tsol(
          ["check", g.id, "--board", "-", "--moves", "", "--print-board", "--format", format],
          {
            input: r.stdout,
          },
        );
        expect(again.stdout).toBe(r.stdout);
      }
    }
  });

  it("a board printed mid-game is solved by solve --board, and its moves finish the game from the deal", async () => {
    const g = game("freecell");
    // Half of a solution of deal 1, so that the position left is won.
    const start = g.deal(1, g.rules.defaults, "microsoft");
    const solution = (await g.solver()).solve(start, { policy: "none" });
    const moves = movesNotation(g, start, solution.moves).slice(0, 30);
    const board = tsol(["check", "freecell", "1", "--moves", moves.join(" "), "--print-board"]).stdout;
    const r = tsol(["solve", "freecell", "--board", "-", "--json", "--timeout", "20"], { input: board });
    const report = JSON.parse(r.stdout);
    expect(report.result).toBe("solved");
    const whole = [...moves, ...report.moves].join(" ");
    expect(tsol(["check", "freecell", "1", "--moves", whole]).stdout).toMatch(/^valid: won/);
  });

  it("with automatic moves asked for, the printed position holds them", () => {
    const text = "Foundations: H-J C-K D-K S-K\nQH KH\n:\n:\n:\n:\n:\n:\n:\n";
    const r = tsol(["check", "freecell", "--board", "-", "--moves", "1a", "--auto", "all", "--print-board"], {
      input: text,
    });
    expect(r.stderr).toBe("tsol: valid: won in 3 moves\n");
    expect(r.stdout).toBe("Foundations: H-K C-K D-K S-K\n:\n:\n:\n:\n:\n:\n:\n:\n");
  });

  it("an illegal move prints no board (standard output stays empty) and exits 1", () => {
    const r = tsol(["check", "freecell", "1", "--moves", "1a 2a 6h", "--print-board", "--format", "json"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe('tsol: invalid: move 2 "2a": cell a already holds 6S\n');
  });

  it("--format without --print-board is a usage error", () => {
    const r = tsol(["check", "freecell", "1", "--moves", "1a", "--format", "json"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/--format says how --print-board writes the position/);
  });
});
