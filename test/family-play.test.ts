import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AnyPatienceGame, PileRef } from "../src/games/patience/contract.ts";
import { Session } from "../src/games/patience/session.ts";
import { findPatience } from "../src/games/registry.ts";
import { TmuxSession } from "./tmux.ts";
import { BIN } from "./tsol.ts";

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

/** `tsol play GAME N` in an 80 x 24 terminal; the numbering is the game's own (Solvitaire's) by default. */
function play(game: string, deal: number, size = { width: 80, height: 24 }): TmuxSession {
  const session = TmuxSession.start(
    `node ${BIN} play ${game} ${deal} --numbering solvitaire`,
    { TSOL_DATA_DIR: mkdtempSync(join(tmpdir(), "tsol-family-")), NO_COLOR: "1" },
    size,
  );
  sessions.push(session);
  return session;
}

type Move = { from: PileRef; to: PileRef };

/** The keys a player types for a move: the source pile's key, then the destination's. */
function keysOf(game: AnyPatienceGame, state: { rules: unknown }, move: Move): [string, string] {
  const piles = game.piles(state, "player");
  const keyOf = (ref: PileRef) =>
    piles.find((p) => p.ref.kind === ref.kind && (ref.kind === "foundation" || p.ref.index === ref.index))
      ?.key as string;
  return [keyOf(move.from), keyOf(move.to)];
}

/** Plays the engine's first legal move that `pick` accepts by its keys, and waits for the move count. */
async function keyMove(
  tmux: TmuxSession,
  session: Session<{ rules: unknown }, unknown, unknown>,
  pick: (m: Move) => boolean,
): Promise<string> {
  const game = session.game;
  const move = (game.legalMoves(session.state) as Move[]).find(pick);
  if (!move) throw new Error(`${game.id}: no such move`);
  const [from, to] = keysOf(game, session.state, move);
  const turn = session.play(move);
  tmux.keys(from, to);
  return tmux.waitFor(`moves: ${session.moveCount}`).then((screen) => {
    expect(screen).toContain(turn.notation[0]);
    return screen;
  });
}

const dealt = (id: string, deal: number) => {
  const game = findPatience(id) as AnyPatienceGame;
  return Session.deal(game, deal, game.rules.make({}), "solvitaire", game.policies[0]) as Session<
    { rules: unknown },
    unknown,
    unknown
  >;
};

const fits = (screen: string, width = 80) => screen.split("\n").every((l) => l.trimEnd().length <= width);

describe("the family's games in the terminal, driven through tmux", () => {
  it("Spider: deals from the stock with s (its count shown), moves between piles by their keys", async () => {
    const session = dealt("spider", 1);
    const tmux = play("spider", 1);
    const first = await tmux.waitFor("tsol Spider  Solvitaire deal #1  moves: 0");
    expect(first).toMatch(/^ 1 {3}2 .* 9 {2}10$/m);
    expect(first).toContain("## (50)");
    expect(fits(first)).toBe(true);
    await keyMove(tmux, session, (m) => m.from.kind === "cascade" && m.to.kind === "cascade");
    // The stock deals a card onto every pile.
    tmux.keys("s");
    session.playNotation("s");
    const after = await tmux.waitFor(`moves: ${session.moveCount}`);
    expect(after).toContain("## (40)");
    await keyMove(tmux, session, (m) => m.from.kind === "cascade" && m.to.kind === "cascade");
    tmux.keys("q");
    await tmux.waitFor("[exited 0]");
  });

  it("Golf: the stock's card and the piles' cards go to the hole", async () => {
    const session = dealt("golf", 1);
    const tmux = play("golf", 1);
    const first = await tmux.waitFor("tsol Golf  Solvitaire deal #1  moves: 0");
    expect(first).toMatch(/^ s {7}o$/m);
    const toHole = (m: Move) => m.from.kind === "cascade" && m.to.kind === "hole";
    // The stock's top card to the hole, until a pile's card fits; then that card, twice over.
    for (const _ of [1, 2]) {
      for (let i = 0; i < 8 && !(session.game.legalMoves(session.state) as Move[]).some(toHole); i++) {
        tmux.keys("s");
        session.playNotation("s");
        await tmux.waitFor(`moves: ${session.moveCount}`);
      }
      await keyMove(tmux, session, toHole);
    }
    tmux.keys("q");
    await tmux.waitFor("[exited 0]");
  });

  it("Canfield: turns the stock, plays from the reserve and the waste; redo is R, the reserve r", async () => {
    const session = dealt("canfield", 1);
    const tmux = play("canfield", 1);
    const first = await tmux.waitFor("tsol Canfield  Solvitaire deal #1  moves: 0");
    expect(first).toMatch(/ r$/m);
    expect(first).toContain("R redo");
    tmux.keys("s");
    session.playNotation("s");
    await tmux.waitFor(`moves: ${session.moveCount}`);
    await keyMove(tmux, session, (m) => m.from.kind !== "stock" && m.to.kind !== "stock");
    tmux.keys("u");
    session.undo();
    await tmux.waitFor(`Undone (${session.moveCount} moves)`);
    tmux.keys("R");
    session.redo();
    await tmux.waitFor(`Redone (${session.moveCount} moves)`);
    tmux.keys("q");
    await tmux.waitFor("[exited 0]");
  });

  it("Black Hole: seventeen piles in 80 columns, a card from pile 10 or beyond to the hole by two keys", async () => {
    const session = dealt("black-hole", 1);
    const tmux = play("black-hole", 1);
    const first = await tmux.waitFor("tsol Black Hole  Solvitaire deal #1  moves: 0");
    expect(first).toMatch(/^ 1 {3}2 .* 16 {2}17$/m);
    expect(first).toMatch(/^ o\nAS\s*$/m);
    expect(fits(first)).toBe(true);
    const screen = await keyMove(
      tmux,
      session,
      (m) => m.from.kind === "cascade" && m.from.index >= 9 && m.to.kind === "hole",
    );
    expect(screen).toMatch(/1\d>o/);
    // Another card to the hole (a key of one character followed by o is taken at once).
    await keyMove(tmux, session, (m) => m.from.kind === "cascade" && m.to.kind === "hole");
    tmux.keys("q");
    await tmux.waitFor("[exited 0]");
  });
});
