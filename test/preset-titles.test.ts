import { describe, expect, it } from "vitest";
import { gamesText } from "../src/cli/games.ts";
import { screenOf } from "../src/cli/terminal/testing.ts";
import {
  OTHER_PRESETS_GROUP,
  PRESET_GROUPS,
  PRESET_NAMES,
  presetGame,
  presetGroup,
  presetTitle,
} from "../src/games/family/index.ts";
import { SOLVITAIRE_PRESETS } from "../src/games/family/presets.ts";
import { findPatience, OTHER_PRESETS } from "../src/games/registry.ts";
import { catalogueEntries, catalogueSettings, catalogueTitle } from "../src/survey/catalogue.ts";
import { buildReport, catalogueRows, catalogueText } from "../src/survey/report.ts";

/**
 * The titles of Solvitaire's presets live in the platform (src/games/family/titles.ts): the preset's game is titled
 * so, and the web app's chooser, the terminal's title line, `tsol games` and the survey's catalogue table all show
 * that one title, the researcher's Solvitaire name beside it where they need it.
 */

const titled = PRESET_GROUPS.flatMap(({ group, presets }) =>
  presets.map(([name, title]) => ({ name, title, group })),
);

describe("the presets' titles in the platform", () => {
  it("titles every preset a player is offered, once, in a group of its kin, and lists nothing else", () => {
    expect(OTHER_PRESETS.length).toBeGreaterThan(50);
    expect(titled.map((t) => t.name).sort()).toEqual([...OTHER_PRESETS].sort());
    for (const name of OTHER_PRESETS) expect(presetGroup(name), name).not.toBe(OTHER_PRESETS_GROUP);
    // Two presets do not share a title, and no title is the bare name.
    expect(new Set(titled.map((t) => t.title)).size).toBe(titled.length);
    for (const { name, title } of titled) {
      expect(title, name).not.toBe(name);
      expect(title.trim(), name).toBe(title);
      expect(title.length, name).toBeGreaterThan(3);
    }
  });

  it("makes the title the preset's game's title and its rules' label, the Solvitaire name its id", () => {
    for (const name of PRESET_NAMES) {
      const game = presetGame(name);
      if (!game) throw new Error(`no game ${name}`);
      expect(game.id).toBe(name);
      expect(game.title, name).toBe(presetTitle(name));
      expect(game.title, name).not.toBe(name);
      expect(game.rules.label(game.rules.make({})), name).toBe(game.title);
      expect(game.title, name).not.toMatch(/Solvitaire's preset\)/);
      // The description still says which of Solvitaire's presets it is, by name.
      expect(game.about.startsWith(`Solvitaire's preset ${name}. `), name).toBe(true);
    }
    expect(presetTitle("gaps-one-deal")).toBe("Gaps, one deal");
    expect(presetGroup("gaps-one-deal")).toBe("Gaps and Accordion");
  });

  it("gives every one of Solvitaire's 80 presets, reached by its name, a title other than the name", () => {
    expect(Object.keys(SOLVITAIRE_PRESETS)).toHaveLength(80);
    for (const name of Object.keys(SOLVITAIRE_PRESETS)) {
      const title = findPatience(name)?.title;
      expect(title, name).toBeDefined();
      expect(title, name).not.toBe(name);
    }
  });

  it("falls back to the name, among Others, for a preset without a title", () => {
    expect(presetTitle("a-new-preset")).toBe("a-new-preset");
    expect(presetGroup("a-new-preset")).toBe(OTHER_PRESETS_GROUP);
  });
});

// The web app's chooser shows the same titles: web/src/preset-titles.test.ts (a test here may not import the web).
describe("every front-end shows the platform's title", () => {
  it("the terminal's title line", () => {
    for (const { name, title } of titled) {
      const { screen } = screenOf(name);
      expect(screen.render().split("\n")[0].startsWith(`tsol ${title}  Solvitaire deal #1`), name).toBe(true);
    }
  });

  it("tsol games: each preset's Solvitaire name with its title beside it, then its rules", () => {
    const lines = gamesText().split("\n");
    for (const { name, title } of titled) {
      const at = lines.indexOf(`  ${name}: ${title}`);
      expect(at, name).toBeGreaterThan(0);
      expect(lines[at + 1], name).toMatch(/^ {4}\S/);
      expect(lines[at + 1], name).not.toMatch(/Solvitaire's preset/);
    }
  });

  it("the survey's catalogue table: the title with the Solvitaire name beside it", () => {
    expect(catalogueTitle("gaps-one-deal", "Gaps, one deal")).toBe("Gaps, one deal (gaps-one-deal)");
    expect(catalogueTitle("new", "new")).toBe("new");
    const entries = catalogueEntries(["gaps-one-deal", "king-albert", "free-cell-2-cell"]);
    const reports = entries.map((entry, i) => {
      const settings = catalogueSettings(entry, { positions: 1000 }, () => "test");
      return buildReport({ ...settings, id: i + 1, created: "2026-12-05T00:00:00.000Z" }, [
        { deal: 1, outcome: "solved", length: 50, positions: 10, ms: 1, budget: { positions: 1000 } },
      ]);
    });
    expect(reports.find((r) => r.name === "gaps-one-deal")?.label).toBe("Gaps, one deal");
    const rows = catalogueRows(reports);
    expect(rows.map((r) => [r.name, r.title])).toEqual([
      ["free-cell-2-cell", "FreeCell, 2 cells"],
      ["gaps-one-deal", "Gaps, one deal"],
      ["king-albert", "King Albert"],
    ]);
    const table = catalogueText(rows);
    expect(table).toContain("\n| FreeCell, 2 cells (free-cell-2-cell) | ");
    expect(table).toContain("\n| Gaps, one deal (gaps-one-deal) | ");
    expect(table).toContain("\n| King Albert (king-albert) | ");
    expect(table).not.toContain("Solvitaire's preset");
  });
});
