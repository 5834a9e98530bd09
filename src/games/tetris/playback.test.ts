import { describe, expect, it } from "vitest";
import type { GuidelineGame } from "./guideline/engine.ts";
import { GAME_MODES, type GameMode } from "./guideline/modes.ts";
import { GuidelinePlay, replayResults } from "./play.ts";
import { Playback } from "./playback.ts";
import {
  decodeReplayLink,
  encodeReplayLink,
  type GuidelineReplay,
  parseReplay,
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
      const link = decodeReplayLink(`https://example.org/#/tetris?replay=${encodeReplayLink(replay)}`);
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
