import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACTIONS, type Action, GuidelineGame } from "./guideline/engine.ts";
import { GAME_MODES } from "./guideline/modes.ts";
import {
  CLASSIC_OPERATIONS,
  type ClassicOperation,
  ClassicRecorder,
  guidelineReplay,
  parseReplay,
  playClassic,
  playGuideline,
  ReplayFormatError,
  verifyReplay,
} from "./replay.ts";

const timedInputs = fc.array(
  fc.tuple(fc.integer({ min: 0, max: 1500 }), fc.constantFrom(...ACTIONS) as fc.Arbitrary<Action>),
  { maxLength: 150 },
);

describe("guideline replay files", () => {
  it("reproduce a game of every mode exactly: field, score, lines, level, pieces, hold and queue", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.constantFrom("bag", "uniform"),
        fc.constantFrom(...GAME_MODES),
        timedInputs,
        (seed, randomizer, gameMode, steps) => {
          const game = new GuidelineGame({ seed, randomizer: randomizer as "bag" | "uniform", gameMode });
          let t = 0;
          for (const [gap, action] of steps) {
            t += gap;
            game.input(t, action);
            if (game.getGameOver()) break;
          }
          if (!game.getGameOver()) game.advance(t + 700);
          const file = JSON.parse(JSON.stringify(guidelineReplay(game))) as unknown;
          const replay = parseReplay(file);
          const again = playGuideline(replay as Parameters<typeof playGuideline>[0]);
          expect(again.fieldRows()).toEqual(game.fieldRows());
          expect(again.getScore()).toBe(game.getScore());
          expect(again.getLines()).toBe(game.getLines());
          expect(again.getPieces()).toBe(game.getPieces());
          expect(again.getHold()).toBe(game.getHold());
          expect(again.getNext()).toEqual(game.getNext());
          expect(again.getPiece()).toEqual(game.getPiece());
          expect(again.getGameOver()).toBe(game.getGameOver());
          expect(verifyReplay(replay).matches).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a replay whose recorded result was changed does not verify", () => {
    const game = new GuidelineGame({ seed: 3 });
    for (let i = 0; i < 10; i++) game.input(i * 50, "hardDrop");
    const replay = guidelineReplay(game);
    expect(verifyReplay(replay).matches).toBe(true);
    expect(
      verifyReplay({ ...replay, result: { ...replay.result, score: replay.result.score + 1 } }).matches,
    ).toBe(false);
  });
});

describe("classic replay files", () => {
  it("reproduce a classic game from its model operations", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.boolean(),
        fc.array(fc.constantFrom(...CLASSIC_OPERATIONS.slice(1)) as fc.Arbitrary<ClassicOperation>, {
          maxLength: 200,
        }),
        (seed, faithful, ops) => {
          const recorder = new ClassicRecorder(seed, faithful);
          recorder.call(0, "newRandomTetramino");
          ops.forEach((op, i) => {
            recorder.call(i, op);
            if (op === "checkLines") recorder.call(i, "newRandomTetramino");
          });
          const replay = parseReplay(JSON.parse(JSON.stringify(recorder.replay())));
          expect(replay.mode).toBe("classic");
          const again = playClassic(replay as Parameters<typeof playClassic>[0]);
          expect(again.printBoard({ showHidden: true })).toBe(recorder.game.printBoard({ showHidden: true }));
          expect(again.getScore()).toBe(recorder.game.getScore());
          expect(verifyReplay(replay).matches).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("parseReplay", () => {
  const good = () =>
    JSON.parse(JSON.stringify(guidelineReplay(new GuidelineGame({ seed: 1 })))) as Record<string, unknown>;

  it("accepts what guidelineReplay writes", () => {
    expect(parseReplay(good()).mode).toBe("guideline");
  });

  it("says what is wrong with a bad file", () => {
    const cases: Array<[unknown, RegExp]> = [
      [null, /JSON object/],
      [{ ...good(), format: "x" }, /format/],
      [{ ...good(), version: 2 }, /version/],
      [
        {
          ...good(),
          inputs: [
            [5, "left"],
            [4, "left"],
          ],
        },
        /back in time/,
      ],
      [{ ...good(), inputs: [[5, "jump"]] }, /jump/],
      [{ ...good(), mode: "other" }, /mode/],
      [{ ...good(), end: -1 }, /end/],
    ];
    for (const [raw, message] of cases) {
      expect(() => parseReplay(raw)).toThrow(ReplayFormatError);
      expect(() => parseReplay(raw)).toThrow(message);
    }
  });
});
