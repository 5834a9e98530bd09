import { useState } from "react";
import type { Numbering } from "../../../src/cards/deals/layout.ts";
import { utcDate } from "../../../src/games/patience/daily.ts";
import { gameTitle } from "../games.ts";
import {
  dailySummaries,
  formatDuration,
  type GameRecord,
  parseDealKey,
  StatsBook,
  type VariantStats,
} from "../stats.ts";
import { browserStore } from "../storage.ts";
import { loadTetrisScores } from "../tetris/scores.ts";

const RESULT_TEXT: Record<GameRecord["result"], string> = {
  playing: "Under way",
  won: "Won",
  lost: "Lost",
  assisted: "Solved with help",
};

const TODAY_TEXT: Record<NonNullable<ReturnType<typeof dailySummaries>[number]["today"]>, string> = {
  open: "Not started",
  playing: "Under way",
  won: "Won",
  lost: "Lost",
  assisted: "Solved with help",
};

function dealText(deal: number | null, numbering: Numbering): string {
  if (deal === null) return "Custom";
  return numbering === "solvitaire" ? `Solvitaire ${deal}` : String(deal);
}

/**
 * The statistics: per game and per variant, the recent games with their result, and the numbered deals lost
 * (never won) with a button to play each again under the rules it was played with.
 */
export function StatsPanel({
  onPlay,
  current,
}: {
  onPlay: (game: string, deal: number, numbering: Numbering, rules: Record<string, unknown>) => void;
  current: string;
}) {
  const [, setVersion] = useState(0);
  const [confirmReset, setConfirmReset] = useState(false);
  const book = new StatsBook(browserStore());
  const all = book.load().value;
  const variants = Object.values(all.variants).sort(
    (a, b) =>
      Number(b.game === current) - Number(a.game === current) ||
      a.game.localeCompare(b.game) ||
      b.played - a.played,
  );
  const scores = loadTetrisScores().value;
  const lost = variants.flatMap((v) =>
    Object.entries(v.deals)
      .filter(([, result]) => result === "lost")
      .map(([key]) => ({ v, ...(parseDealKey(key) ?? { numbering: "microsoft" as Numbering, deal: 0 }) }))
      .filter((d) => d.deal > 0),
  );
  const daily = dailySummaries(all, utcDate(Date.now()));
  const wonCount = (v: VariantStats) => Object.values(v.deals).filter((r) => r === "won").length;
  return (
    <div className="stats" data-testid="stats">
      {variants.length === 0 && <p>No games played yet.</p>}
      {variants.length > 0 && (
        <table className="stats-table">
          <caption className="sr-only">Statistics per game and variant</caption>
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Played</th>
              <th scope="col">Won</th>
              <th scope="col">Win rate</th>
              <th scope="col">Streak</th>
              <th scope="col">Best streak</th>
              <th scope="col">Best time</th>
              <th scope="col">Fewest moves</th>
            </tr>
          </thead>
          <tbody>
            {variants.map((s) => (
              <tr key={`${s.game}/${s.label}`} data-stats-key={`${s.game}/${s.label}`}>
                <th scope="row">
                  {s.label.startsWith(gameTitle(s.game)) ? s.label : `${gameTitle(s.game)}: ${s.label}`}
                </th>
                <td data-label="Played" data-testid="played">
                  {s.played}
                </td>
                <td data-label="Won" data-testid="won">
                  {s.won}
                </td>
                <td data-label="Win rate">
                  {s.played === 0 ? "–" : `${Math.round((100 * s.won) / s.played)}%`}
                </td>
                <td data-label="Streak">{s.currentStreak}</td>
                <td data-label="Best streak">{s.bestStreak}</td>
                <td data-label="Best time">{s.bestTimeMs === null ? "–" : formatDuration(s.bestTimeMs)}</td>
                <td data-label="Fewest moves">{s.fewestMoves ?? "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {daily.length > 0 && (
        <>
          <h3>Daily deals</h3>
          <table className="stats-table" data-testid="daily-stats">
            <caption className="sr-only">The daily deals per game</caption>
            <thead>
              <tr>
                <th scope="col">Game</th>
                <th scope="col">Days played</th>
                <th scope="col">Days won</th>
                <th scope="col">Streak</th>
                <th scope="col">Best streak</th>
                <th scope="col">Today's</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.game} data-daily-game={d.game}>
                  <th scope="row">{gameTitle(d.game)}</th>
                  <td data-label="Days played">{d.played}</td>
                  <td data-label="Days won">{d.won}</td>
                  <td data-label="Streak" data-testid="daily-streak">
                    {d.streak}
                  </td>
                  <td data-label="Best streak">{d.bestStreak}</td>
                  <td data-label="Today's">{d.today ? TODAY_TEXT[d.today] : "Not opened"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {all.recent.length > 0 && (
        <>
          <h3>Recent games</h3>
          <ul className="recent" data-testid="recent">
            {all.recent.slice(0, 12).map((r) => (
              <li key={r.id} data-result={r.result}>
                <span className={`result result-${r.result}`}>{RESULT_TEXT[r.result]}</span>{" "}
                <span>
                  {r.label}, deal {dealText(r.deal, r.numbering)}
                </span>{" "}
                <span className="dim">
                  {r.moves} {r.moves === 1 ? "move" : "moves"}, {formatDuration(r.ms)},{" "}
                  {new Date(r.date).toLocaleDateString()}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {variants.some((v) => Object.keys(v.deals).length > 0) && (
        <>
          <h3>Deals won and lost</h3>
          <ul className="deal-counts">
            {variants
              .filter((v) => Object.keys(v.deals).length > 0)
              .map((v) => (
                <li key={`${v.game}/${v.label}`}>
                  {v.label}: {wonCount(v)} won, {Object.keys(v.deals).length - wonCount(v)} lost
                </li>
              ))}
          </ul>
          {lost.length > 0 && (
            <ul className="lost-deals" data-testid="lost-deals">
              {lost.slice(0, 24).map(({ v, deal, numbering }) => (
                <li key={`${v.game}/${v.label}/${numbering}/${deal}`}>
                  <button type="button" onClick={() => onPlay(v.game, deal, numbering, v.rules)}>
                    Play {v.label} deal {dealText(deal, numbering)} again
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <h3>Tetris high scores</h3>
      {scores.length === 0 ? (
        <p>No Tetris games yet.</p>
      ) : (
        <ol className="scores">
          {scores.map((s) => (
            <li key={`${s.date}-${s.score}`}>
              <strong>{s.score.toLocaleString("en")}</strong> — {s.lines} lines, level {s.level}, {s.engine}
              {s.ai ? " (AI)" : ""}, {new Date(s.date).toLocaleDateString()}
            </li>
          ))}
        </ol>
      )}
      <p className="dialog-actions">
        {confirmReset ? (
          <>
            <span>Forget every game's statistics?</span>
            <button
              type="button"
              onClick={() => {
                book.reset();
                setConfirmReset(false);
                setVersion((v) => v + 1);
              }}
            >
              Forget them
            </button>
            <button type="button" onClick={() => setConfirmReset(false)}>
              Keep them
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirmReset(true)}>
            Reset statistics
          </button>
        )}
      </p>
    </div>
  );
}
