import { type AnySession, Session } from "../../games/patience/session.ts";
import { findPatience } from "../../games/registry.ts";
import { PatienceScreen } from "./patience-screen.ts";

/**
 * For tests: the terminal's screen of a game as `tsol play NAME` opens it (the registry's game, else Solvitaire's
 * preset of that name), dealt in Solvitaire's numbering under the default rules and the game's first policy, in a
 * terminal of the given size (80x24 unless told). The presets' screen tests and the titles' test build it so.
 */
export function screenOf(id: string, deal = 1, size = { columns: 80, rows: 24 }) {
  const game = findPatience(id);
  if (!game) throw new Error(`no game ${id}`);
  const rules = game.rules.make({});
  const session = Session.deal(game, deal, rules, "solvitaire", game.policies[0]) as AnySession;
  const screen = new PatienceScreen(session, {
    game,
    rules,
    numbering: "solvitaire",
    policy: game.policies[0],
    randomDeal: () => 2,
    columns: () => size.columns,
    rows: () => size.rows,
  });
  return { game, session, screen };
}
