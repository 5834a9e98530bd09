import { describe, expect, it } from "vitest";
import { TetrisAi } from "./ai.ts";
import type { GuidelineGame } from "./guideline/engine.ts";
import { GAME_MODES, type GameMode } from "./guideline/modes.ts";
import { GuidelinePlay, replayResults } from "./play.ts";
import { ClassicPlayback, Playback, playbackOf } from "./playback.ts";
import {
  ClassicRecorder,
  type ClassicReplay,
  decodeReplayLink,
  encodeReplayLink,
  type GuidelineReplay,
  parseReplay,
  playClassic,
  playGuideline,
} from "./replay.ts";
import { simplePlacement } from "./simple-player.ts";

/** A game of `mode` played by the simple player, a piece every 400 ms, as keys: to its end or `pieces`. */
function played(mode: GameMode, pieces: number): GuidelinePlay {
  const play = new GuidelinePlay({ seed: 11, gameMode: mode });
  let t = 0;
  while (!play.game.getGameOver() && play.game.getPieces() < pieces) {
    t += 400;
    for (const action of simplePlacement(play.game)) {
      play.press(action);
      play.act(t, action);
      t += 17;
    }
  }
  play.tick(t + 300);
  return play;
}

function sameGame(a: GuidelineGame, b: GuidelineGame): void {
  expect(a.fieldRows()).toEqual(b.fieldRows());
  expect(a.getScore()).toBe(b.getScore());
  expect(a.getLines()).toBe(b.getLines());
  expect(a.getPieces()).toBe(b.getPieces());
  expect(a.getGameOver()).toBe(b.getGameOver());
  expect(a.getPiece()).toEqual(b.getPiece());
  expect(a.now).toBe(b.now);
}

const LENGTH: Record<GameMode, number> = { marathon: 60, endless: 60, sprint: 1000, ultra: 1000, zen: 60 };

describe("replays of every mode round-trip as a file and as a link", () => {
  for (const mode of GAME_MODES) {
    it(mode, () => {
      const play = played(mode, LENGTH[mode]);
      if (mode === "sprint") expect(play.game.getGameOver()).toBe("goal");
      if (mode === "ultra") expect(play.game.getGameOver()).toBe("time up");
      const replay = play.replay();
      const file = parseReplay(JSON.parse(JSON.stringify(replay))) as GuidelineReplay;
      const link = decodeReplayLink(
        `https://example.org/#/tetris?replay=${encodeReplayLink(replay)}`,
      ) as GuidelineReplay;
      for (const again of [file, link]) {
        expect(again.options).toEqual(replay.options);
        expect(again.inputs).toEqual(replay.inputs);
        expect(again.result).toEqual(replay.result);
        const game = playGuideline(again);
        sameGame(game, play.game);
        expect(replayResults(game, again)).toEqual(play.results());
      }
      // About three characters an input.
      expect(encodeReplayLink(replay).length).toBeLessThan(replay.inputs.length * 4 + 60);
    });
  }

  it("a bad link says what is wrong", () => {
    expect(() => decodeReplayLink("nonsense")).toThrow(/nine parts/);
    expect(() => decodeReplayLink("1.sprint.5.b.1.0.0.0.3L!")).toThrow(/action letters/);
    expect(() => decodeReplayLink("1.fast.5.b.1.0.0.0.")).toThrow(/mode "fast"/);
  });
});

describe("watching a replay", () => {
  it("shows the game as it stood at any moment, going forward and back", () => {
    const play = played("sprint", 1000);
    const replay = play.replay();
    const watch = new Playback(replay);
    expect(watch.duration).toBe(replay.end);
    for (const ms of [5_000, 20_000, 1_000, replay.end, 12_345]) {
      watch.seek(ms);
      const fresh = playGuideline({ ...replay, inputs: replay.inputs.filter(([t]) => t <= ms), end: ms });
      sameGame(watch.game, fresh);
    }
    watch.seek(1e9);
    expect(watch.ended).toBe(true);
    sameGame(watch.game, play.game);
  });
});

/** A classic game as the front-ends play it: the AI's moves a key every 50 ms, gravity's downs between them. */
function playedClassic(seed: number, pieces: number, faithful = false): ClassicRecorder {
  const recorder = new ClassicRecorder(seed, faithful);
  const ai = new TetrisAi("classic");
  recorder.call(0, "newRandomTetramino");
  let t = 0;
  for (let n = 0; n < pieces && !recorder.game.getGameOver(); n++) {
    const plan = ai.planClassic(recorder.game);
    if (!plan) break;
    t += 300;
    recorder.call(t, "down");
    for (const move of plan.moves.filter((m) => m !== "softDrop")) {
      t += 50;
      recorder.call(t, move === "rotateCW" ? "rotate" : (move as "left" | "right"));
    }
    t += 50;
    recorder.call(t, "drop");
    recorder.call(t, "checkLines");
    recorder.call(t, "newRandomTetramino");
  }
  return recorder;
}

describe("classic replays", () => {
  it("round-trip as a file and as a link, and play back to the same game", () => {
    for (const faithful of [false, true]) {
      const recorder = playedClassic(7, 60, faithful);
      const replay = recorder.replay();
      expect(replay.result.lines).toBeGreaterThan(0);
      const file = parseReplay(JSON.parse(JSON.stringify(replay))) as ClassicReplay;
      const code = encodeReplayLink(replay);
      expect(code.startsWith(`1.classic.7.${faithful ? "f" : "n"}.`)).toBe(true);
      const link = decodeReplayLink(`https://example.org/#/tetris?replay=${code}`) as ClassicReplay;
      for (const again of [file, link]) {
        expect(again.mode).toBe("classic");
        expect(again.options).toEqual(replay.options);
        expect(again.inputs).toEqual(replay.inputs);
        expect(again.result).toEqual(replay.result);
        const game = playClassic(again);
        expect(game.getBoard().rows()).toEqual(recorder.game.getBoard().rows());
        expect(game.getScore()).toBe(recorder.game.getScore());
      }
      expect(code.length).toBeLessThan(replay.inputs.length * 3 + 40);
    }
  });

  it("a bad classic link says what is wrong", () => {
    expect(() => decodeReplayLink("1.classic.5.n.0")).toThrow(/six parts/);
    expect(() => decodeReplayLink("1.classic.5.x.0.N")).toThrow(/model flag/);
    expect(() => decodeReplayLink("1.classic.5.n.0.3Q")).toThrow(/action letters/);
  });

  it("are watched at any moment, going forward and back", () => {
    const replay = playedClassic(3, 40).replay();
    const watch = playbackOf(replay);
    expect(watch).toBeInstanceOf(ClassicPlayback);
    for (const ms of [2_000, 9_000, 500, replay.end, 4_321]) {
      const game = (watch as ClassicPlayback).seek(ms);
      const fresh = playClassic({ ...replay, inputs: replay.inputs.filter(([t]) => t <= ms) });
      expect(game.getBoard().rows()).toEqual(fresh.getBoard().rows());
      expect(game.getTetramino()).toEqual(fresh.getTetramino());
    }
    expect(watch.ended).toBe(false);
    watch.seek(1e9);
    expect(watch.ended).toBe(true);
    expect((watch as ClassicPlayback).game.getScore()).toBe(replay.result.score);
  });
});
