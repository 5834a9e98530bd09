import { describe, expect, it } from "vitest";
import { PRESET_GROUPS } from "../../src/games/family/index.ts";
import { findPreset, gameTitle, PRESETS, webPatience } from "./games.ts";

/**
 * The web app shows the titles of Solvitaire's presets that the platform gives (src/games/family/titles.ts), as the
 * terminal, `tsol games` and the survey's table do (test/preset-titles.test.ts).
 */

const titled = PRESET_GROUPS.flatMap(({ group, presets }) =>
  presets.map(([name, title]) => ({ name, title, group })),
);

describe("the web app shows the platform's titles of the presets", () => {
  it("the web app's chooser, its game and its title bar", () => {
    expect(PRESETS.map((p) => p.id)).toEqual(titled.map((t) => t.name));
    for (const { name, title, group } of titled) {
      expect(findPreset(name), name).toMatchObject({ id: name, title, group });
      expect(webPatience(name)?.title, name).toBe(title);
      expect(gameTitle(name), name).toBe(title);
      // The chooser's rules in words leave out the sentence that it is a preset (the name is beside the title).
      expect(findPreset(name)?.rules, name).not.toMatch(/Solvitaire's preset/);
    }
  });
});
