import { describe, expect, it } from "vitest";
import { freecell } from "../../freecell/index.ts";
import { makeRules } from "../../freecell/rules.ts";
import { findPatience } from "../../registry.ts";
import type { AnyPatienceGame, PileView } from "../contract.ts";
import { commandKey, keyGesture, waitingWords } from "./gestures.ts";

const game = freecell as unknown as AnyPatienceGame;
const state = freecell.deal(1, makeRules({}), "microsoft");
const piles = game.piles(state, "player");
const keyed = (key: string): PileView[] => piles.filter((p) => p.key === key);

describe("what a key means on the table", () => {
  it("gives a command the capital of its letter only where a pile's key uses the letter", () => {
    expect(commandKey(piles, "u")).toBe("u");
    // FreeCell's cells are a-d and the foundation h.
    expect(commandKey(piles, "h")).toBe("H");
    const flower = findPatience("flower-garden") as AnyPatienceGame;
    const garden = flower.piles(flower.deal(1, flower.rules.make({}), flower.numberings[0]), "player");
    expect(commandKey(garden, "r")).toBe("R");
  });

  it("says what the start of a longer key may become", () => {
    const fan = findPatience("fan") as AnyPatienceGame;
    const fanPiles = fan.piles(fan.deal(1, fan.rules.make({}), fan.numberings[0]), "player");
    expect(waitingWords(fanPiles, "1")).toBe("Pile 1, or type the rest of 10–18.");
  });

  it("picks a cascade up, puts it down on another pile's key, and plays the quick move on the same key", () => {
    const picked = keyGesture(game, state, keyed("1"), null);
    if (picked.kind !== "select") throw new Error("not picked up");
    expect(picked.selection.from).toEqual({ kind: "cascade", index: 0 });
    expect(picked.prompt).toMatch(/^From cascade 1 to where\? Press a pile's key/);
    const toCell = keyGesture(game, state, keyed("a"), picked.selection);
    expect(toCell.kind === "move" && !toCell.quick && "move" in toCell.intent).toBe(true);
    const again = keyGesture(game, state, keyed("1"), picked.selection);
    expect(again.kind === "move" && again.quick).toBe(true);
    // An empty cell has nothing to pick up: its quick move's reason.
    const empty = keyGesture(game, state, keyed("a"), null);
    expect(empty.kind === "move" && empty.quick && "reason" in empty.intent).toBe(true);
  });
});
