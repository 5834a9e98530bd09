import { describe, expect, it } from "vitest";
import type { Action } from "./guideline/engine.ts";
import { Handling, type HandlingSettings, RepeatKeys } from "./handling.ts";

/** A piece on a 10-wide field, 20 rows up: it records each move that happened and when. */
class FakeGame {
  x = 4;
  y = 20;
  locked = 0;
  presses: Action[] = [];
  moves: Array<[number, Action]> = [];
  press(action: Action): void {
    this.presses.push(action);
  }
  act(ms: number, action: Action): boolean {
    const to = { left: this.x - 1, right: this.x + 1 } as Record<string, number>;
    if (action === "left" || action === "right") {
      if (to[action]! < 0 || to[action]! > 9) return false;
      this.x = to[action]!;
    } else if (action === "softDrop") {
      if (this.y === 0) return false;
      this.y--;
    }
    this.moves.push([ms, action]);
    return true;
  }
  gravityMs(): number {
    return 1000;
  }
  pieces(): number {
    return this.locked;
  }
  times(action: Action): number[] {
    return this.moves.filter(([, a]) => a === action).map(([t]) => t);
  }
}

function setup(settings: Partial<HandlingSettings> = {}) {
  const game = new FakeGame();
  const handling = new Handling(game, { das: 150, arr: 40, dcd: 0, sdf: 20, ...settings });
  return { game, handling };
}

describe("handling against a fake clock", () => {
  it("moves at the press, first auto-shift exactly at DAS, then every ARR", () => {
    const { game, handling } = setup();
    game.x = 9;
    handling.press("left", 1000);
    handling.update(1149);
    expect(game.times("left")).toEqual([1000]);
    handling.update(1150);
    expect(game.times("left")).toEqual([1000, 1150]);
    // A slow frame: the moves still happen at their own times.
    handling.update(1275);
    expect(game.times("left")).toEqual([1000, 1150, 1190, 1230, 1270]);
    handling.release("left", 1300);
    handling.update(2000);
    expect(game.times("left")).toHaveLength(5);
    expect(game.presses).toEqual(["left"]);
  });

  it("ARR 0 takes the piece to the wall at DAS, and keeps it there", () => {
    const { game, handling } = setup({ arr: 0 });
    handling.press("right", 0);
    handling.update(149);
    expect(game.x).toBe(5);
    handling.update(150);
    expect(game.x).toBe(9);
    expect(game.times("right").every((t) => t === 0 || t === 150)).toBe(true);
    // A new piece (x back at 4) goes to the wall on the next frame while the key is held.
    game.x = 4;
    game.locked++;
    handling.update(170);
    expect(game.x).toBe(9);
  });

  it("the last pressed direction wins, and releasing it hands back to the one still held", () => {
    const { game, handling } = setup();
    handling.press("left", 0); // x 3
    handling.update(150); // x 2
    handling.press("right", 160); // x 3
    handling.update(300); // DAS of right from 160: 310 not reached
    expect(game.x).toBe(3);
    handling.update(310); // x 4
    expect(game.x).toBe(4);
    handling.release("right", 320); // left held since 0 is charged: it moves on at once
    expect(game.times("left").at(-1)).toBe(320);
    expect(game.x).toBe(3);
    handling.update(360);
    expect(game.x).toBe(2);
    expect(handling.direction).toBe("left");
    // Releasing a direction that is not the active one changes nothing.
    handling.press("right", 400);
    handling.release("left", 420);
    expect(handling.direction).toBe("right");
  });

  it("soft drop moves a row every gravity / SDF ms, or to the floor at once with SDF 0", () => {
    const { game, handling } = setup({ sdf: 20 });
    handling.press("softDrop", 0);
    handling.update(149);
    expect(game.times("softDrop")).toEqual([0, 50, 100]);
    handling.release("softDrop", 160);
    handling.update(400);
    expect(game.times("softDrop")).toEqual([0, 50, 100, 150]);
    const instant = setup({ sdf: 0 });
    instant.handling.press("softDrop", 0);
    expect(instant.game.y).toBe(0);
  });

  it("DCD: a new piece waits that long before a held key moves it", () => {
    const { game, handling } = setup({ dcd: 100 });
    handling.press("left", 0);
    handling.update(150); // x 2
    game.locked++; // a piece locked and the next appeared at 160
    handling.update(160);
    handling.update(259);
    expect(game.times("left")).toEqual([0, 150]);
    handling.update(260);
    expect(game.times("left")).toEqual([0, 150, 260]);
  });
});

describe("terminal keys: presses and repeats, no releases", () => {
  it("a tap moves once; the terminal's repeats make a hold, at the player's ARR; repeats stopping release it", () => {
    const game = new FakeGame();
    const handling = new Handling(game, { das: 150, arr: 40, dcd: 0, sdf: 20 });
    const retracted: Action[] = [];
    const keys = new RepeatKeys(handling, (a) => retracted.push(a));
    game.x = 0;
    keys.event("right", 0);
    keys.update(400);
    expect(game.times("right")).toEqual([0]);
    // The terminal's first repeat after its 500 ms delay, then every 30 ms.
    keys.event("right", 500);
    keys.event("right", 530);
    expect(retracted).toEqual(["right"]);
    keys.update(560);
    keys.event("right", 560);
    keys.update(600);
    expect(game.times("right")).toEqual([0, 500, 530, 570]);
    // The repeats stop at 560: released 100 ms later.
    keys.update(700);
    expect(game.times("right")).toEqual([0, 500, 530, 570, 610, 650]);
    expect(handling.direction).toBeNull();
    // Two quick taps are two moves, no auto shift.
    keys.event("left", 1000);
    keys.event("left", 1200);
    keys.update(1800);
    expect(game.times("left")).toEqual([1000, 1200]);
  });
});
