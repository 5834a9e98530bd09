import { describe, expect, it } from "vitest";
import { difficultyOf } from "../../src/games/patience/difficulty.ts";
import { findPatience } from "../../src/games/registry.ts";
import { checkSettings, dealKindFor, dealKindsOf, defaultSettings } from "./settings.ts";

describe("the table's look settings", () => {
  it("default to the largest cards, normal speed, two colours, right-handed, the clock shown", () => {
    expect(defaultSettings()).toMatchObject({
      cardSize: "largest",
      speed: "normal",
      animation: true,
      fourColour: false,
      leftHanded: false,
      hideTimer: false,
    });
  });

  it("keep what was chosen and replace what is not one of the choices", () => {
    const kept = checkSettings({
      cardSize: "small",
      speed: "slow",
      fourColour: true,
      leftHanded: true,
      hideTimer: true,
    });
    expect(kept).toMatchObject({
      cardSize: "small",
      speed: "slow",
      animation: true,
      fourColour: true,
      leftHanded: true,
      hideTimer: true,
    });
    const bad = checkSettings({
      cardSize: "huge",
      speed: 3,
      fourColour: "yes",
      leftHanded: 1,
      hideTimer: null,
    });
    expect(bad).toMatchObject({
      cardSize: "largest",
      speed: "normal",
      fourColour: false,
      leftHanded: false,
      hideTimer: false,
    });
  });

  it("read settings from before the speed: animation off is the speed off, and off means no animation", () => {
    expect(checkSettings({ animation: false })).toMatchObject({ speed: "off", animation: false });
    expect(checkSettings({ animation: true })).toMatchObject({ speed: "normal", animation: true });
    expect(checkSettings({ speed: "off", animation: true })).toMatchObject({
      speed: "off",
      animation: false,
    });
  });
});

describe("the kind of new deals", () => {
  it("offers an easy deal only in the games with difficulty levels; a kept easy setting elsewhere deals winnable ones", () => {
    const freecell = findPatience("freecell");
    const spider = findPatience("spider");
    if (!freecell || !spider) throw new Error("games missing");
    expect(difficultyOf("freecell")).toBeDefined();
    expect(difficultyOf("spider")).toBeUndefined();
    expect(dealKindsOf(freecell)).toEqual(["any", "winnable", "easy"]);
    expect(dealKindsOf(spider)).toEqual(["any", "winnable"]);
    const stored = checkSettings({
      patience: { freecell: { deal: "easy" }, spider: { deal: "easy" }, klondike: { deal: "hard" } },
    });
    expect(stored.patience.freecell.deal).toBe("easy");
    expect(stored.patience.spider.deal).toBe("winnable");
    expect(stored.patience.klondike.deal).toBe("any");
    expect(dealKindFor(spider, "easy")).toBe("winnable");
    expect(dealKindFor(spider, "any")).toBe("any");
  });
});
