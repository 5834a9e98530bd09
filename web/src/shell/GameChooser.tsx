import { type KeyboardEvent, useState } from "react";
import { GAMES } from "../../../src/games/registry.ts";
import { PRESETS } from "../games.ts";

/** The first sentence of a game's description: what the chooser shows under its name. */
function firstSentence(text: string): string {
  const end = text.search(/[.;:](\s|$)/);
  return end < 0 ? text : text.slice(0, end + 1).replace(/[;:]$/, ".");
}

/** A text's sentences (a full stop, then a space and a capital). */
const sentences = (text: string): string[] => text.split(/(?<=\.)\s+(?=[A-Z])/);

/** A preset's line: its deal ("The deal: 52 cards in a row, each a pile."), which tells the presets apart. */
const dealSentence = (rules: string): string =>
  sentences(rules).find((s) => s.startsWith("The deal:")) ?? firstSentence(rules);

interface Shown {
  id: string;
  title: string;
  /** The line under the title: its summary, or while one types, a sentence of its rules with the words. */
  line: string;
  /** The Solvitaire name shown beside a preset's title. */
  name?: string;
  group?: string;
}

/**
 * An entry for the words typed, or undefined when one of them is in none of its name, its Solvitaire name and
 * its rules. Its line is its summary, unless a word is only in its rules: then the sentence of its rules with the
 * most such words, so that what is shown says why it matched.
 */
function match(
  entry: { id: string; title: string; rules: string; group?: string },
  words: string[],
  summary: string,
  preset: boolean,
): Shown | undefined {
  const named = `${entry.title} ${preset ? entry.id : ""}`.toLowerCase();
  const all = `${named} ${entry.rules.toLowerCase()}`;
  if (!words.every((w) => all.includes(w))) return undefined;
  const inLine = (line: string) =>
    words.filter((w) => !named.includes(w) && line.toLowerCase().includes(w)).length;
  const wanted = words.filter((w) => !named.includes(w)).length;
  let line = summary;
  if (wanted > 0 && inLine(summary) < wanted) {
    let most = inLine(summary);
    for (const s of sentences(entry.rules)) {
      if (inLine(s) > most) {
        most = inLine(s);
        line = s;
      }
    }
  }
  return {
    id: entry.id,
    title: entry.title,
    line,
    ...(preset ? { name: entry.id, group: entry.group } : {}),
  };
}

function GameLink({ game, current, onChosen }: { game: Shown; current: string; onChosen: () => void }) {
  return (
    <li>
      <a
        href={`#/${game.id}`}
        aria-current={game.id === current ? "page" : undefined}
        className={game.id === current ? "active" : ""}
        onClick={onChosen}
      >
        <strong>
          {game.title}
          {game.name && <code className="preset-name">{game.name}</code>}
        </strong>
        <span>{game.line}</span>
      </a>
    </li>
  );
}

/**
 * Every game at any screen size: the platform's games in one list, then Solvitaire's presets (the family engine
 * plays each by its name) under a button that shows them, in groups of their kin. A box narrows both lists as one
 * types, over the names and the rules (Enter opens the first game left; the arrow keys go down and up the
 * games); the game shown is marked, and a preset shown has its list open.
 */
export function GameChooser({ current, onChosen }: { current: string; onChosen: () => void }) {
  const [filter, setFilter] = useState("");
  const [more, setMore] = useState(() => PRESETS.some((p) => p.id === current));
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const games = GAMES.flatMap((g) => match(g, words, firstSentence(g.rules), false) ?? []);
  const presets = PRESETS.flatMap((p) => match(p, words, dealSentence(p.rules), true) ?? []);
  const typing = words.length > 0;
  const groups = [...new Set(presets.map((p) => p.group ?? ""))];
  const showPresets = (more || typing) && presets.length > 0;
  const first = games[0] ?? presets[0];

  // Down and up the games' links from the box, and from one link to the next.
  const arrows = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const links = [
      ...e.currentTarget.querySelectorAll<HTMLElement>(
        "#game-filter, .game-list a, .more-toggle, .preset-list a",
      ),
    ];
    const at = links.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const next = links[at + (e.key === "ArrowDown" ? 1 : -1)];
    if (!next) return;
    e.preventDefault();
    next.focus();
    next.scrollIntoView({ block: "nearest" });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys move between the links inside
    <div className="game-chooser" onKeyDown={arrows}>
      <label className="sr-only" htmlFor="game-filter">
        Find a game by its name or rules
      </label>
      <input
        id="game-filter"
        type="search"
        placeholder={`Find a game by name or rules (${GAMES.length + PRESETS.length})`}
        value={filter}
        autoComplete="off"
        onChange={(e) => setFilter(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && first) {
            e.preventDefault();
            location.hash = `#/${first.id}`;
            onChosen();
          }
        }}
      />
      {games.length > 0 && (
        <ul className="game-list" aria-label="Games">
          {games.map((g) => (
            <GameLink key={g.id} game={g} current={current} onChosen={onChosen} />
          ))}
        </ul>
      )}
      {typing ? (
        presets.length > 0 && (
          <h3 className="more-head" id="more-games">
            More games: Solvitaire's presets ({presets.length} of {PRESETS.length})
          </h3>
        )
      ) : (
        <button
          type="button"
          className="more-toggle"
          id="more-games"
          aria-expanded={more}
          aria-controls="preset-groups"
          onClick={(e) => {
            const button = e.currentTarget;
            setMore(!more);
            // Opened, the presets come into sight below the button (on a phone they were under the fold).
            if (!more) requestAnimationFrame(() => button.scrollIntoView({ block: "start" }));
          }}
        >
          <span aria-hidden="true" className="more-arrow">
            {more ? "▾" : "▸"}
          </span>{" "}
          More games: Solvitaire's presets ({PRESETS.length})
          <span className="more-note">variants of FreeCell, Klondike and Canfield, Gaps, Accordion…</span>
        </button>
      )}
      {showPresets && (
        <div id="preset-groups" className="preset-groups">
          {groups.map((group) => (
            <section key={group} className="preset-group">
              <h4>{group}</h4>
              <ul className="preset-list" aria-label={group}>
                {presets
                  .filter((p) => p.group === group)
                  .map((p) => (
                    <GameLink key={p.id} game={p} current={current} onChosen={onChosen} />
                  ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {games.length === 0 && presets.length === 0 && (
        <p className="note">No game's name or rules has “{filter.trim()}”.</p>
      )}
    </div>
  );
}
