import { type Card, formatCard, isRed } from "../cards/card.ts";
import type { AnyPatienceGame, CardView, PileView } from "../games/patience/contract.ts";

const RED = "\x1b[31m";
const RESET = "\x1b[0m";

/**
 * A position as people lay it out on paper, from the pile view a player has: a line of the piles that stack
 * (cells or reserve | foundations; stock, waste | foundations) when one holds a card, then the cascades' rows (row
 * i holds the i-th card of each cascade), or Montana's four rows. Face-down cards are `##`, empty places `--`.
 */
export function formatPicture(game: AnyPatienceGame, state: { rules: unknown }, colour = false): string {
  const show = (view: CardView | undefined): string => {
    if (!view) return "--";
    if (!view.faceUp || view.card === null) return "##";
    const text = formatCard(view.card as Card);
    return colour && isRed(view.card as Card) ? `${RED}${text}${RESET}` : text;
  };
  const piles = game.piles(state, "player");
  const lines: string[] = [];
  const places = piles.filter((p) => p.ref.kind === "place");
  if (places.length > 0) {
    for (let row = 0; row * 13 < places.length; row++) {
      lines.push(
        places
          .slice(row * 13, row * 13 + 13)
          .map((p) => show(p.cards[0]))
          .join(" "),
      );
    }
    return `${lines.join("\n")}\n`;
  }
  const stacks = piles.filter((p) => p.fan !== "down");
  if (stacks.some((p) => p.cards.length > 0)) {
    const groups: PileView[][] = [];
    for (const pile of stacks) {
      const last = groups[groups.length - 1];
      if (last && (last[0].ref.kind === "foundation") === (pile.ref.kind === "foundation")) last.push(pile);
      else groups.push([pile]);
    }
    lines.push(groups.map((g) => g.map((p) => show(p.cards[p.cards.length - 1])).join(" ")).join(" | "), "");
  }
  const cascades = piles.filter((p) => p.fan === "down");
  const depth = Math.max(0, ...cascades.map((p) => p.cards.length));
  for (let row = 0; row < depth; row++) {
    lines.push(
      cascades
        .map((p) => (row < p.cards.length ? show(p.cards[row]) : "  "))
        .join(" ")
        .trimEnd(),
    );
  }
  return `${lines.join("\n")}\n`;
}
