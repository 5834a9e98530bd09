import { useState } from "react";
import { GAMES } from "../../../src/games/registry.ts";

/** The first sentence of a game's description: what the chooser shows under its name. */
function firstSentence(text: string): string {
  const end = text.search(/[.;:](\s|$)/);
  return end < 0 ? text : text.slice(0, end + 1).replace(/[;:]$/, ".");
}

/**
 * Every game in one list, at any screen size: a box that narrows the list as one types (Enter opens the first
 * game left), and each game as a link with its first sentence, the game shown marked.
 */
export function GameChooser({ current, onChosen }: { current: string; onChosen: () => void }) {
  const [filter, setFilter] = useState("");
  const words = filter.trim().toLowerCase();
  // A game matches by its name or the words shown under it.
  const shown = GAMES.filter((g) => `${g.title} ${firstSentence(g.rules)}`.toLowerCase().includes(words));
  return (
    <div className="game-chooser">
      <label className="sr-only" htmlFor="game-filter">
        Find a game
      </label>
      <input
        id="game-filter"
        type="search"
        placeholder={`Find a game (${GAMES.length})`}
        value={filter}
        autoComplete="off"
        onChange={(e) => setFilter(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && shown.length > 0) {
            e.preventDefault();
            location.hash = `#/${shown[0].id}`;
            onChosen();
          }
        }}
      />
      <ul className="game-list" aria-label="Games">
        {shown.map((g) => (
          <li key={g.id}>
            <a
              href={`#/${g.id}`}
              aria-current={g.id === current ? "page" : undefined}
              className={g.id === current ? "active" : ""}
              onClick={onChosen}
            >
              <strong>{g.title}</strong>
              <span>{firstSentence(g.rules)}</span>
            </a>
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="note">No game's name or rules has “{filter.trim()}”.</p>}
    </div>
  );
}
