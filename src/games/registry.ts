import { freecell } from "./freecell/index.ts";

/** Every game tsol knows. Front-ends take their list from here. */
export interface GameEntry {
  id: string;
  title: string;
  kind: "patience" | "tetris";
  rules: string;
}

export const GAMES: readonly GameEntry[] = [
  {
    id: freecell.id,
    title: freecell.title,
    kind: "patience",
    rules:
      "Move every card to the four foundations, ace to king by suit. Cascades build down in alternating colours; any card may sit in a free cell; any card may fill an empty cascade.",
  },
  {
    id: "tetris",
    title: "Tetris",
    kind: "tetris",
    rules: "Rotate and place falling pieces to complete rows; full rows clear and score.",
  },
];

export function findGame(id: string): GameEntry | undefined {
  return GAMES.find((g) => g.id === id);
}
