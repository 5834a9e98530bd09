import { describe, expect, it } from "vitest";
import { freecell } from "../../freecell/index.ts";
import { makeRules } from "../../freecell/rules.ts";
import { findPatience } from "../../registry.ts";
import type { AnyPatienceGame, PileView } from "../contract.ts";
import { clickGesture, commandKey, dropIntent, keyGesture, waitingWords } from "./gestures.ts";

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

  it("clicks: a card picked up, a covered one refused with why, another pile the move there, the same card again a cancel", () => {
    const cascade = piles.find((p) => p.ref.kind === "cascade") as PileView;
    const top = cascade.cards.length - 1;
    const where = "Where to?";
    const picked = clickGesture(game, state, piles, cascade.ref, top, null, "select", where);
    if (picked.kind !== "select") throw new Error("not picked up");
    expect(picked).toMatchObject({ selection: { from: cascade.ref, index: top, count: 1 }, prompt: where });
    const covered = clickGesture(game, state, piles, cascade.ref, 0, null, "select", where);
    expect(covered.kind === "move" && "reason" in covered.intent && covered.intent.reason).toMatch(
      /^The .* is covered: only the cards on top of cascade 1 that move together can be picked up$/,
    );
    const cell = { kind: "cell", index: 0 } as const;
    const moved = clickGesture(game, state, piles, cell, undefined, picked.selection, "select", where);
    expect(moved.kind === "move" && "move" in moved.intent).toBe(true);
    expect(clickGesture(game, state, piles, cascade.ref, top, picked.selection, "select", where).kind).toBe(
      "cancel",
    );
    // Montana's way: a click plays the card's quick move at once.
    expect(clickGesture(game, state, piles, cascade.ref, top, null, "quick", where)).toMatchObject({
      quick: true,
    });
    expect(dropIntent(game, state, cascade.ref, top, cell)).toHaveProperty("move");
    expect(dropIntent(game, state, cascade.ref, top, cascade.ref)).toBeUndefined();
  });
});
