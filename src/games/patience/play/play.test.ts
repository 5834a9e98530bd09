import { describe, expect, it } from "vitest";
import { findPatience, PATIENCE_GAMES } from "../../registry.ts";
import type { AnyPatienceGame } from "../contract.ts";
import { share } from "../hindsight.ts";
import { Session } from "../session.ts";
import { solutionTurns } from "../solution.ts";
import { chanceWords, playsBlind } from "./advice.ts";
import { quickMove } from "./quick-move.ts";
import { verdictOf } from "./verdicts.ts";
import { lostWords, whyLost } from "./why.ts";
import { answerPlay } from "./worker.ts";

const klondike = findPatience("klondike") as AnyPatienceGame;
const freecell = findPatience("freecell") as AnyPatienceGame;
const worker = { findGame: findPatience, now: () => performance.now() };

/** Klondike draw 3, deal 1 after 31 moves of random play: the ace of hearts went home from the waste. */
const STUCK = `Foundations: H-A C-2 D-0 S-0
Stock: 4D 7S TD TH 8H
Waste: 6H 2H 9C 6S TC QS 8D 8S 6D JH
Recycles: 2
Score: 75
:
: 2D
: 9H KD | QC JD
: JC KC KH | 9D 8C 7D 6C 5H 4S 3D
: 5D 9S 3H | QD
: 7H 5S 2S JS 3C | 5C 4H 3S
: 7C AD KS AS 4C TS | QH
`;

describe("why a position is lost", () => {
  it("names the stock that can no longer change and the cards that never move, and the solver agrees", async () => {
    const state = klondike.board.parse(STUCK, klondike.rules.make({ draw: 3 }));
    const why = whyLost(klondike, state, "safe");
    expect(why).toMatch(
      /^the stock and waste can no longer change: none of their 15 cards can ever be played; /,
    );
    expect(why).toMatch(/cards can never move, among them the three of diamonds \(pile 4\)/);
    expect(why).toMatch(/all 16 positions reachable from here were tried and none wins$/);
    // Face-down cards are counted, never named.
    expect(why).not.toMatch(/ace of diamonds|ace of spades/);
    const result = (await klondike.solver()).solve(state, { policy: "safe" });
    expect(result.result).toBe("unsolvable");
  });

  it("says nothing of a position that can be won, nor of one with more positions than it may walk", () => {
    const deal = Session.deal(freecell, 1, freecell.rules.make({}), "microsoft", "safe");
    expect(whyLost(freecell, deal.state, "safe", 2000)).toBeUndefined();
  });

  it("falls back on what the complete search covered", () => {
    expect(lostWords({ positions: 115853 })).toBe("a complete search of 115,853 positions found no win");
    expect(lostWords({ proof: "the queen is blocked", positions: 3 })).toBe("the queen is blocked");
    const v = verdictOf({
      result: "unsolvable",
      turns: [],
      ms: 1,
      budgetMs: 10,
      source: "search",
      positions: 28,
    });
    expect(v.detail).toBe("Not winnable: a complete search of 28 positions found no win.");
  });

  it("comes with a worker's answer to a lost position", async () => {
    const rules = { draw: 3 };
    const state = klondike.board.parse(STUCK, klondike.rules.make(rules));
    const answer = await answerPlay(
      { type: "solve", id: 4, game: "klondike", rules, policy: "safe", state },
      worker,
    );
    expect(answer).toMatchObject({ type: "result", id: 4, result: "unsolvable" });
    expect((answer as { why?: string }).why).toMatch(/^the stock and waste can no longer change/);
  });
});

describe("the quick move", () => {
  it("gives a legal move at once in every game's deal 1", () => {
    for (const game of PATIENCE_GAMES) {
      const session = Session.deal(game, 1, game.rules.make({}), game.numberings[0], game.policies[0]);
      if (game.legalMoves(session.state).length === 0) continue;
      const started = performance.now();
      const quick = quickMove(game, session.state, session.policy, { ms: 50, now: () => performance.now() });
      expect(quick, game.id).toBeDefined();
      expect(game.whyIllegal(session.state, quick?.move), game.id).toBeUndefined();
      expect(performance.now() - started, game.id).toBeLessThan(2000);
    }
  });

  it("finds the win when it is a few moves away", async () => {
    const session = Session.deal(freecell, 3, freecell.rules.make({}), "microsoft", "safe");
    const result = (await freecell.solver()).solve(session.state, { policy: "safe" });
    const turns = solutionTurns(freecell, session.state, result.moves, "safe");
    const near = turns[turns.length - 2].before;
    const quick = quickMove(freecell, near, "safe");
    expect(quick?.wins).toBe(true);
    expect(freecell.whyIllegal(near, quick?.move)).toBeUndefined();
  });
});

describe("the chance to win's words", () => {
  it("counts an undecided sample neither lost nor won: the share is a floor and the interval reaches it won", () => {
    // Spider's samples are often undecided within their budget: none won of 14, all 14 undecided, says nothing.
    const unknown = share(0, 14, 14);
    expect(unknown.low).toBeCloseTo(0, 9);
    expect(unknown.high).toBeCloseTo(1, 9);
    expect(chanceWords(unknown).short).toBe("not known");
    expect(chanceWords(share(0, 3, 14)).short).toBe("≥0%");
    expect(chanceWords(unknown).detail).toContain("14 undecided in time");
    const decided = share(7, 0, 14);
    expect(decided.low).toBeGreaterThan(0.2);
    expect(decided.high).toBeLessThan(0.8);
    expect(chanceWords(decided).short).toBe("50%");
    // A few undecided widen only the high end.
    const some = share(7, 3, 14);
    expect(some.low).toBe(decided.low);
    expect(some.high).toBeGreaterThan(decided.high);
  });
});

describe("the blind player's question", () => {
  it("answers a move a player may make and the chance to win, only for a game with hidden cards", async () => {
    const state = Session.deal(klondike, 3, klondike.rules.make({}), "microsoft", "safe").state;
    expect(playsBlind(klondike, state, false)).toBe(true);
    expect(playsBlind(klondike, state, true)).toBe(false);
    const answer = await answerPlay(
      { type: "blind", id: 9, game: "klondike", policy: "safe", state },
      worker,
    );
    if (answer.type !== "blind") throw new Error(JSON.stringify(answer));
    expect(answer.id).toBe(9);
    expect(answer.move).not.toBeNull();
    expect(klondike.whyIllegal(state, klondike.notation.parse(state, answer.move as string))).toBeUndefined();
    expect(answer.line[0]).toBe(answer.move);
    expect(answer.chance.samples).toBeGreaterThan(0);
    expect(answer.chance.low).toBeLessThanOrEqual(answer.chance.high);
    expect(chanceWords(answer.chance).detail).toMatch(
      /^Chance to win from here: (at least )?\d+% \(95% interval/,
    );
    const fc = Session.deal(freecell, 1, freecell.rules.make({}), "microsoft", "safe").state;
    const refused = await answerPlay({ type: "blind", id: 2, game: "freecell", state: fc }, worker);
    expect(refused).toMatchObject({ type: "error", id: 2, code: "no_blind_player" });
  });
});
