import { useState } from "react";
import { formatDuration, loadStats, resetStats } from "../stats.ts";
import { loadTetrisScores } from "../tetris/scores.ts";

export function StatsPanel() {
  const [version, setVersion] = useState(0);
  const all = loadStats().value;
  const keys = Object.keys(all).sort();
  const scores = loadTetrisScores().value;
  void version;
  return (
    <div className="stats" data-testid="stats">
      {keys.length === 0 && <p>No games played yet.</p>}
      {keys.length > 0 && (
        <table>
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
            {keys.map((k) => {
              const s = all[k];
              return (
                <tr key={k} data-stats-key={k}>
                  <th scope="row">{k}</th>
                  <td data-testid="played">{s.played}</td>
                  <td data-testid="won">{s.won}</td>
                  <td>{s.played === 0 ? "–" : `${Math.round((100 * s.won) / s.played)}%`}</td>
                  <td>{s.currentStreak}</td>
                  <td>{s.bestStreak}</td>
                  <td>{s.bestTimeMs === null ? "–" : formatDuration(s.bestTimeMs)}</td>
                  <td>{s.fewestMoves ?? "–"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
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
      <p>
        <button
          type="button"
          onClick={() => {
            if (window.confirm("Forget all statistics?")) {
              resetStats();
              setVersion((v) => v + 1);
            }
          }}
        >
          Reset statistics
        </button>
      </p>
    </div>
  );
}
