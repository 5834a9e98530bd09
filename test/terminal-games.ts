import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { AnyPatienceGame } from "../src/games/patience/contract.ts";
import { Session } from "../src/games/patience/session.ts";
import { findPatience } from "../src/games/registry.ts";
import { TmuxSession } from "./tmux.ts";
import { BIN } from "./tsol.ts";

/**
 * What the tmux tests of the catalogue's games share: a game played by name at 80x24 in Solvitaire's numbering
 * (each in a data directory of its own, the sessions killed after each test), the same deal in a Session to hold
 * the screen to, and the width check.
 */

export type AnySession = Session<{ rules: unknown }, unknown, unknown>;

/** A player at 80x24: `play(game, deal)` starts `tsol play` in tmux; the sessions end after each test. */
export function terminalPlayer(): (game: string, deal: number) => TmuxSession {
  const sessions: TmuxSession[] = [];
  afterEach(() => {
    for (const s of sessions.splice(0)) s.kill();
  });
  return (game, deal) => {
    const session = TmuxSession.start(
      `node ${BIN} play ${game} ${deal} --numbering solvitaire`,
      { TSOL_DATA_DIR: mkdtempSync(join(tmpdir(), "tsol-terminal-")), NO_COLOR: "1" },
      { width: 80, height: 24 },
    );
    sessions.push(session);
    return session;
  };
}

/** The deal in a Session of its game (a registry game or a preset), Solvitaire's numbering, default rules. */
export function dealt(id: string, deal: number): AnySession {
  const game = findPatience(id) as AnyPatienceGame;
  return Session.deal(game, deal, game.rules.make({}), "solvitaire", game.policies[0]) as AnySession;
}

/** Every line of the screen within 80 columns. */
export const fits = (screen: string): boolean => screen.split("\n").every((l) => l.trimEnd().length <= 80);
