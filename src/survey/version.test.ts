import { describe, expect, it } from "vitest";
import { allGamesVersion, solverVersion, sourceClosure } from "./version.ts";

describe("solver version", () => {
  it("hashes what a game's verdicts depend on, and not the other games", () => {
    const freecell = sourceClosure(["src/games/freecell/index.ts"]);
    // The lazily loaded solver and the search machinery are in; other games and the registry are not.
    expect(freecell).toContain("src/games/freecell/solver.ts");
    expect(freecell.some((f) => f.startsWith("src/search/"))).toBe(true);
    expect(freecell.some((f) => /montana|klondike|registry/.test(f))).toBe(false);
    // King Albert is FreeCell's engine: a change there changes both.
    expect(sourceClosure(["src/games/king-albert/index.ts"])).toEqual(expect.arrayContaining(freecell));
  });

  it("names the package version and the game", () => {
    expect(solverVersion("freecell")).toMatch(/^\d+\.\d+\.\d+\+freecell\.[0-9a-f]{12}$/);
    expect(solverVersion("freecell")).not.toBe(
      solverVersion("king-albert").replace("king-albert", "freecell"),
    );
  });

  it("has one version for every game at once, which names the survey's queue", () => {
    expect(allGamesVersion()).toMatch(/^\d+\.\d+\.\d+\+all\.[0-9a-f]{12}$/);
    expect(allGamesVersion()).toBe(allGamesVersion());
    expect(allGamesVersion()).not.toBe(solverVersion("freecell").replace("freecell", "all"));
  });
});
