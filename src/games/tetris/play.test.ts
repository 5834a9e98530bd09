import { describe, expect, it } from "vitest";
import { insertBest } from "./bests.ts";
import { finessePresses } from "./finesse.ts";
import { I, O, T } from "./guideline/srs.ts";
import { formatTime, GuidelinePlay, replayResults, resultLines } from "./play.ts";
import { parseReplay, playGuideline } from "./replay.ts";

describe("finesse", () => {
  it("knows the fewest presses: none at spawn, one to a wall or a turn, two for a turn and a wall", () => {
    expect(finessePresses(O, 0, 4)).toBe(0);
    expect(finessePresses(T, 0, 3)).toBe(0);
    expect(finessePresses(T, 0, 0)).toBe(1); // held left to the wall
    expect(finessePresses(T, 0, 2)).toBe(1); // one tap
    expect(finessePresses(T, 0, 1)).toBe(2); // to the wall, tap back
    expect(finessePresses(T, 2, 3)).toBe(1); // a half turn
    expect(finessePresses(T, 1, 3)).toBe(1);
    expect(finessePresses(I, 1, -2)).toBe(2); // vertical against the left wall: turn, wall
    // A flat I turned twice covers the same cells as unturned.
    expect(finessePresses(I, 2, 3)).toBe(0);
  });
});

describe("a game as a player plays it", () => {
  it("counts presses, not repeats; a piece placed with extra presses is a finesse fault", () => {
    const play = new GuidelinePlay({ seed: 1, gameMode: "sprint" });
    // First piece: held left to the wall (one press, the moves repeat), then dropped: no fault.
    play.press("left");
    for (let i = 0; i < 5; i++) play.act(10 + i, "left");
    play.press("hardDrop");
    play.act(100, "hardDrop");
    expect(play.results().finesseFaults).toBe(0);
    // Second piece: tapped right then left, back where it spawned, then dropped: two presses for none needed.
    play.press("right");
    play.act(200, "right");
    play.press("left");
    play.act(210, "left");
    play.press("hardDrop");
    play.act(300, "hardDrop");
    const r = play.results();
    expect(r.finesseFaults).toBe(1);
    expect(r.keys).toBe(5);
    expect(r.pieces).toBe(2);
    expect(r.keysPerPiece).toBe(2.5);
    expect(r.piecesPerSecond).toBeCloseTo(2 / 0.3, 6);
    expect(resultLines(r).find(([k]) => k === "Time")?.[1]).toBe("0:00.300");
  });

  it("keeps keys and faults through its replay file", () => {
    const play = new GuidelinePlay({ seed: 2, gameMode: "ultra" });
    play.press("right");
    play.act(50, "right");
    play.press("right");
    play.act(60, "right");
    play.press("hardDrop");
    play.act(70, "hardDrop");
    play.tick(130_000);
    const file = parseReplay(JSON.parse(JSON.stringify(play.replay())));
    if (file.mode !== "guideline") throw new Error("expected a guideline replay");
    const again = replayResults(playGuideline(file), file);
    expect(again).toEqual(play.results());
    expect(again.keys).toBe(3);
    expect(again.pieces).toBeGreaterThan(1);
  });
});

describe("personal bests", () => {
  const entry = (score: number, timeMs: number, complete = true) => ({
    score,
    timeMs,
    complete,
    lines: 40,
    pieces: 100,
  });
  it("rank a sprint by time and only when finished, the other modes by score", () => {
    let list = [entry(0, 60_000), entry(0, 50_000)].sort((a, b) => a.timeMs - b.timeMs);
    const fast = insertBest("sprint", list, entry(0, 45_000));
    expect(fast.rank).toBe(1);
    list = fast.list;
    expect(insertBest("sprint", list, entry(0, 10_000, false)).rank).toBe(0);
    expect(insertBest("sprint", list, entry(0, 55_000)).rank).toBe(3);
    expect(insertBest("ultra", [entry(500, 120_000)], entry(900, 120_000)).rank).toBe(1);
    expect(insertBest("ultra", [entry(500, 120_000)], entry(0, 120_000)).rank).toBe(0);
  });

  it("formats times as m:ss.mmm", () => {
    expect(formatTime(83_456)).toBe("1:23.456");
    expect(formatTime(0)).toBe("0:00.000");
  });
});
