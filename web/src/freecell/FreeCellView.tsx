import { type FormEvent, useEffect, useState, useSyncExternalStore } from "react";
import { MAX_MICROSOFT_DEAL } from "../../../src/cards/microsoft.ts";
import { formatMove } from "../../../src/games/freecell/notation.ts";
import { CELL_LETTERS, type Place } from "../../../src/games/freecell/rules.ts";
import type { Settings } from "../settings.ts";
import { formatDuration } from "../stats.ts";
import { Board } from "./Board.tsx";
import type { FreeCellController } from "./controller.ts";
import { describeMove } from "./moves.ts";

const VERDICT_TEXT = {
  checking: "Checking…",
  winnable: "Winnable",
  "not winnable": "Not winnable",
  unknown: "Unknown",
  won: "Won",
} as const;

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  const tag = el.tagName;
  return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || el.isContentEditable;
}

export function FreeCellView({
  controller,
  settings,
  blocked,
}: {
  controller: FreeCellController;
  settings: Settings;
  /** A dialog is open: the game's keys are off. */
  blocked: boolean;
}) {
  useSyncExternalStore(controller.subscribe, controller.getVersion);
  const [, setNow] = useState(0);
  const [dealText, setDealText] = useState("");
  const [movesText, setMovesText] = useState("");
  const game = controller.game;
  const state = game.state;

  // The clock on screen.
  useEffect(() => {
    const timer = setInterval(() => setNow((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);

  // The terminal's keys, plus Ctrl+Z / Ctrl+Y.
  useEffect(() => {
    if (blocked) return;
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.altKey || e.metaKey) return;
      const key = e.key;
      if (e.ctrlKey) {
        if (key === "z" || key === "Z") {
          e.preventDefault();
          if (e.shiftKey) controller.redo();
          else controller.undo();
        } else if (key === "y") {
          e.preventDefault();
          controller.redo();
        }
        return;
      }
      const cascades = state.cascades.length;
      let place: Place | undefined;
      if (/^[1-9]$/.test(key) && Number(key) <= cascades) place = { kind: "cascade", index: Number(key) - 1 };
      const cell = CELL_LETTERS.indexOf(key);
      if (key.length === 1 && cell >= 0 && cell < state.cells.length) place = { kind: "cell", index: cell };
      if (place) {
        e.preventDefault();
        controller.keyPlace(place);
        return;
      }
      const actions: Record<string, () => void> = {
        h: () => controller.keyFoundation(),
        u: () => controller.undo(),
        r: () => controller.redo(),
        n: () => controller.newDeal(),
        t: () => controller.hintPress(),
        s: () => controller.solvePress(),
        w: () => controller.announceVerdict(),
        ":": () => document.getElementById("moves-input")?.focus(),
      };
      const action =
        key === "Escape"
          ? () => {
              controller.stopSolving();
              controller.cancel();
            }
          : actions[key];
      if (action) {
        e.preventDefault();
        action();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [controller, blocked, state]);

  const submitDeal = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(dealText.trim());
    if (!Number.isInteger(n) || n < 1 || n > MAX_MICROSOFT_DEAL) {
      controller.say(`A deal number is a whole number from 1 to ${MAX_MICROSOFT_DEAL}.`, "error");
      setDealText("");
      return;
    }
    controller.newDeal(n);
    setDealText("");
  };

  const verdict = controller.verdict;
  const hint = controller.hint;
  const busy = controller.dealing;

  return (
    <section className="freecell" aria-label="FreeCell">
      <div className="toolbar" role="toolbar" aria-label="FreeCell commands">
        <div className="group">
          <button type="button" onClick={() => controller.newDeal()} disabled={busy} title="New deal (n)">
            New deal
          </button>
          <form className="deal-form" onSubmit={submitDeal}>
            <label className="sr-only" htmlFor="deal-number">
              Deal number
            </label>
            <input
              id="deal-number"
              inputMode="numeric"
              placeholder="Deal #"
              value={dealText}
              onChange={(e) => setDealText(e.target.value)}
              size={8}
            />
            <button type="submit" disabled={busy || dealText.trim() === ""}>
              Deal
            </button>
          </form>
          <form
            className="moves-form"
            onSubmit={(e) => {
              e.preventDefault();
              controller.playMoves(movesText);
              setMovesText("");
            }}
          >
            <label className="sr-only" htmlFor="moves-input">
              Moves in notation
            </label>
            <input
              id="moves-input"
              placeholder="Moves: 3h 1a"
              value={movesText}
              onChange={(e) => setMovesText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Escape") (e.target as HTMLInputElement).blur();
              }}
              title="Type moves in standard notation (: to get here), Enter to play them"
              size={12}
            />
          </form>
          <button type="button" onClick={() => controller.restart()} disabled={busy || !game.canUndo}>
            Restart
          </button>
        </div>
        <div className="group">
          <button type="button" onClick={() => controller.undo()} disabled={!game.canUndo} title="Undo (u)">
            Undo
          </button>
          <button type="button" onClick={() => controller.redo()} disabled={!game.canRedo} title="Redo (r)">
            Redo
          </button>
        </div>
        <div className="group">
          <button
            type="button"
            onClick={() => controller.hintPress()}
            disabled={busy || game.isWon()}
            aria-pressed={hint !== null}
            title="Hint (t): every legal move, then the solver's best"
          >
            {hint?.stage === "all" ? "Best move" : "Hint"}
          </button>
          <button
            type="button"
            className={controller.solving ? "stop" : ""}
            onClick={() => controller.solvePress()}
            disabled={busy || (game.isWon() && !controller.solving)}
            title="Solve (s): the solver plays from here"
          >
            {controller.solving ? "Stop" : "Solve"}
          </button>
        </div>
      </div>

      <div className="status-bar">
        <span className="deal-title">{game.deal === undefined ? "Custom deal" : `Deal ${game.deal}`}</span>
        <span className="stat">
          <span className="stat-label">Moves</span> <span data-testid="moves">{game.moveCount}</span>
        </span>
        <span className="stat">
          <span className="stat-label">Time</span>{" "}
          <span data-testid="time">{formatDuration(controller.elapsedMs())}</span>
        </span>
        <output
          className={`verdict verdict-${verdict.status.replace(" ", "-")}`}
          data-testid="verdict"
          data-status={verdict.status}
          title={verdict.detail}
          aria-live="polite"
        >
          <span className="dot" aria-hidden="true" />
          {VERDICT_TEXT[verdict.status]}
          {controller.losingTurn !== null && verdict.status === "not winnable" && (
            <span className="lost-flag"> — lost by move {controller.losingTurn + 1}</span>
          )}
        </output>
        {settings.freecell.policy !== game.policy && (
          <span className="stat small">auto-move: {game.policy}</span>
        )}
      </div>

      <div
        className={`notice${controller.notice ? ` notice-${controller.notice.tone}` : " notice-empty"}`}
        role="status"
        aria-live="polite"
        data-testid="notice"
      >
        {controller.notice?.text ?? "\u00a0"}
      </div>

      {hint && hint.stage !== "thinking" && (
        <div className="hint-panel" data-testid="hint-panel">
          {hint.stage === "all" ? (
            <>
              <p className="hint-title">
                {hint.moves.length} legal move{hint.moves.length === 1 ? "" : "s"} (click one to play it):
              </p>
              <ul className="hint-list">
                {hint.moves.map((m) => {
                  const text = formatMove(m, state);
                  return (
                    <li key={`${text}-${m.count}`}>
                      <button type="button" className="hint-move" onClick={() => controller.play(m)}>
                        <code>{text}</code> {describeMove(state, m)}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : (
            <p className="hint-title" data-testid="best-move">
              {hint.detail}{" "}
              {hint.move && (
                <button
                  type="button"
                  className="hint-move"
                  onClick={() => hint.move && controller.play(hint.move)}
                >
                  Play it
                </button>
              )}
            </p>
          )}
        </div>
      )}
      {hint?.stage === "thinking" && (
        <div className="hint-panel" data-testid="hint-panel">
          <p className="hint-title">The solver is thinking…</p>
        </div>
      )}

      <Board controller={controller} animate={settings.animation} />
    </section>
  );
}
