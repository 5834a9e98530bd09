import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { AnyPatienceGame } from "../../../src/games/patience/contract.ts";
import { chanceWords, searchingWords } from "../../../src/games/patience/play/advice.ts";
import { layoutOf } from "../games/index.ts";
import { formatDuration } from "../stats.ts";
import type { PatienceController } from "./controller.ts";

const VERDICT_TEXT = {
  winnable: "Winnable",
  "not winnable": "Not winnable",
  unknown: "Unknown",
  won: "Won",
} as const;

/** The verdict's short words: what is proved, the search's progress, or the chance to win (blind). */
function verdictText(verdict: PatienceController["verdict"], searchedMs: number): string {
  if (verdict.status === "checking") {
    // The solvers report their positions now and then; until they do, how long the search has run.
    if (verdict.positions === undefined && searchedMs >= 1000)
      return `Searching… (${(searchedMs / 1000).toFixed(0)} s)`;
    return searchingWords(verdict.positions);
  }
  if (verdict.status === "chance") {
    const c = verdict.chance;
    if (!c) return "Chance to win";
    // With no sample decided the interval is all of 0-100%: the words say so alone.
    if (c.samples > 0 && c.unknown === c.samples) return `Chance to win ${chanceWords(c).short}`;
    return `Chance to win ${chanceWords(c).short} (${Math.round(c.low * 100)}–${Math.round(c.high * 100)}%)`;
  }
  return VERDICT_TEXT[verdict.status];
}

/** The score as the game's table writes it (Vegas Klondike's in dollars), else as a number. */
function scoreText(game: AnyPatienceGame, state: unknown): string {
  const score = game.score?.(state as never) ?? 0;
  return layoutOf(game.id).formatScore?.(state, score) ?? String(score);
}

/**
 * The line under the toolbar: the deal, the moves, the score, the clock and the live verdict ("Searching… (n
 * positions)" while the solver searches, then what it proved; blind, the chance to win from here).
 */
export function StatusBar({ controller, game }: { controller: PatienceController; game: AnyPatienceGame }) {
  const session = controller.session;
  const verdict = controller.verdict;
  // For the bench: how long after the move its verdict was on the page (set on the element, no re-render).
  const verdictRef = useRef<HTMLOutputElement>(null);
  // While the solver searches, the line is drawn again every half second (how long it has searched).
  const [, setTick] = useState(0);
  const checking = verdict.status === "checking";
  useEffect(() => {
    if (!checking) return;
    const timer = setInterval(() => setTick((n) => n + 1), 500);
    return () => clearInterval(timer);
  }, [checking]);
  useLayoutEffect(() => {
    const el = verdictRef.current;
    if (!el || controller.verdictLatencyMs === null || controller.verdict.status === "checking") return;
    if (el.dataset.shownFor === String(controller.change.seq)) return;
    el.dataset.shownFor = String(controller.change.seq);
    el.dataset.shownMs = String(Math.round(performance.now() - controller.lastMoveAt));
    el.dataset.searchMs = String(Math.round(controller.verdictSearchMs));
  });

  return (
    <div className="status-bar">
      <span className="deal-title" data-testid="deal-title">
        {controller.deal === undefined
          ? "Custom deal"
          : controller.title().replace(/^./, (c) => c.toUpperCase())}
      </span>
      {controller.label !== game.title && <span className="stat variant">{controller.label}</span>}
      <span className="stat">
        <span className="stat-label">Moves</span> <span data-testid="moves">{session.moveCount}</span>
      </span>
      {game.score && (
        <span className="stat">
          <span className="stat-label">Score</span>{" "}
          <span data-testid="score">{scoreText(game, controller.state)}</span>
        </span>
      )}
      <span className="stat">
        <span className="stat-label">Time</span>{" "}
        <span data-testid="time">{formatDuration(controller.elapsedMs())}</span>
      </span>
      <output
        className={`verdict verdict-${verdict.status.replace(" ", "-")}`}
        ref={verdictRef}
        data-testid="verdict"
        data-status={verdict.status}
        data-latency-ms={
          controller.verdictLatencyMs === null ? undefined : Math.round(controller.verdictLatencyMs)
        }
        data-moves={session.moveCount}
        title={verdict.detail}
        aria-live="polite"
      >
        <span className="dot" aria-hidden="true" />
        <span className="verdict-text">
          {verdictText(verdict, performance.now() - controller.lastMoveAt)}
        </span>
        {controller.hiddenCards && !["checking", "won", "chance"].includes(verdict.status) && (
          <span className="verdict-note"> · the solver sees face-down cards</span>
        )}
        {controller.losingTurn !== null && verdict.status === "not winnable" && (
          <span className="lost-flag"> since move {controller.losingTurn + 1}</span>
        )}
      </output>
    </div>
  );
}
