import { useLayoutEffect, useRef } from "react";
import type { AnyPatienceGame } from "../../../src/games/patience/contract.ts";
import { formatDuration } from "../stats.ts";
import type { PatienceController } from "./controller.ts";

const VERDICT_TEXT = {
  checking: "Checking…",
  winnable: "Winnable",
  "not winnable": "Not winnable",
  unknown: "Unknown",
  won: "Won",
} as const;

/** The line under the toolbar: the deal, the moves, the score, the clock and the live verdict. */
export function StatusBar({ controller, game }: { controller: PatienceController; game: AnyPatienceGame }) {
  const session = controller.session;
  const verdict = controller.verdict;
  // For the bench: how long after the move its verdict was on the page (set on the element, no re-render).
  const verdictRef = useRef<HTMLOutputElement>(null);
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
          <span data-testid="score">{game.score(controller.state)}</span>
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
        {VERDICT_TEXT[verdict.status]}
        {controller.hiddenCards && verdict.status !== "checking" && verdict.status !== "won" && (
          <span className="verdict-note"> · the solver sees face-down cards</span>
        )}
        {controller.losingTurn !== null && verdict.status === "not winnable" && (
          <span className="lost-flag"> since move {controller.losingTurn + 1}</span>
        )}
      </output>
    </div>
  );
}
