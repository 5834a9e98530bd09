import {
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { TetrisAi } from "../../../src/games/tetris/ai.ts";
import type { Action } from "../../../src/games/tetris/guideline/engine.ts";
import { drawSeed } from "../../../src/games/tetris/random.ts";
import { type Settings, TETRIS_CONTROLS, type TetrisControl } from "../settings.ts";
import { playSound } from "../sound.ts";
import { drawField, drawPreview } from "./draw.ts";
import { kept } from "./kept.ts";
import { addTetrisScore } from "./scores.ts";
import { COLUMNS, newSession, ROWS, type TetrisSession } from "./session.ts";

interface Shown {
  score: number;
  lines: number;
  level: number;
  over: boolean;
  paused: boolean;
  ai: boolean;
  rank: number;
}

const SOFT_DROP_REPEAT_MS = 33;
const AI_STEP_MS = 45;

function controlFor(keys: Record<TetrisControl, string[]>, key: string): TetrisControl | undefined {
  const lower = key.length === 1 ? key.toLowerCase() : key;
  return TETRIS_CONTROLS.find((c) => keys[c].some((k) => (k.length === 1 ? k.toLowerCase() : k) === lower));
}

export default function TetrisView({ settings, blocked }: { settings: Settings; blocked: boolean }) {
  const t = settings.tetris;
  const fieldRef = useRef<HTMLCanvasElement>(null);
  const sideRef = useRef<HTMLCanvasElement>(null);
  const holdRef = useRef<HTMLCanvasElement>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);

  // Shown, the game takes the keyboard (Space must drop a piece, not press the button last used).
  useEffect(() => {
    wrapRef.current?.focus({ preventScroll: true });
  }, []);
  // The game lives outside the view: switching to another game and back finds it paused, not thrown away.
  kept.session.current ??= newSession(t.engine, drawSeed());
  const session = kept.session as { current: TetrisSession };
  const gameMs = kept.gameMs;
  const paused = kept.paused;
  const ai = kept.ai;
  const held = kept.held;
  const recorded = kept.recorded;
  const [cell, setCell] = useState(24);
  const [shown, setShown] = useState<Shown>(() => ({
    score: session.current.score(),
    lines: session.current.lines(),
    level: session.current.level(),
    over: session.current.over(),
    paused: paused.current,
    ai: ai.current.on,
    rank: 0,
  }));
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  const newGame = useCallback((engine = settingsRef.current.tetris.engine) => {
    session.current = newSession(engine, drawSeed());
    gameMs.current = 0;
    paused.current = false;
    recorded.current = false;
    ai.current.queue = [];
    ai.current.brain = null;
    setShown((s) => ({ ...s, over: false, paused: false, rank: 0 }));
  }, []);

  // A change of engine in the settings starts a new game with it.
  useEffect(() => {
    if (session.current.engine !== t.engine) newGame(t.engine);
  }, [t.engine, newGame]);

  const setPaused = useCallback((p: boolean) => {
    if (session.current.over()) return;
    paused.current = p;
    setShown((s) => ({ ...s, paused: p }));
  }, []);

  const act = useCallback((action: Action) => {
    const s = session.current;
    if (paused.current || s.over()) return false;
    const before = s.lines();
    const done = s.act(gameMs.current, action);
    if (s.lines() > before) playSound("line");
    else if (action === "hardDrop") playSound("drop");
    return done;
  }, []);

  // Canvas size from the room there is.
  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    const measure = () => {
      const h = area.clientHeight - 30;
      const w = area.clientWidth;
      const byHeight = Math.floor(h / ROWS);
      // The field is 10 cells wide and each side panel about 3.4 cells.
      const byWidth = Math.floor((w - 40) / (COLUMNS + 7.5));
      setCell(Math.max(12, Math.min(40, byHeight, byWidth)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    return () => observer.disconnect();
  }, []);

  // Pause when the page is hidden or loses focus.
  useEffect(() => {
    const onBlur = () => setPaused(true);
    const onVisibility = () => {
      if (document.visibilityState !== "visible") setPaused(true);
    };
    window.addEventListener("blur", onBlur);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("blur", onBlur);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [setPaused]);

  useEffect(() => {
    if (blocked) setPaused(true);
  }, [blocked, setPaused]);

  // Keys, with delayed auto shift and auto repeat handled in the frame loop.
  useEffect(() => {
    if (blocked) return;
    const down = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "SELECT")) return;
      const control = controlFor(settingsRef.current.tetris.keys, e.key);
      if (!control) return;
      e.preventDefault();
      if (e.repeat) return;
      if (control === "pause") {
        setPaused(!paused.current);
        return;
      }
      if (ai.current.on) return;
      const now = performance.now();
      if (control === "left" || control === "right") {
        act(control);
        held.current.dir = control;
        held.current.since = now;
        held.current.last = now;
      } else if (control === "softDrop") {
        act("softDrop");
        held.current.down = true;
        held.current.downLast = now;
      } else {
        act(control);
      }
    };
    const up = (e: KeyboardEvent) => {
      const control = controlFor(settingsRef.current.tetris.keys, e.key);
      if (control === held.current.dir) held.current.dir = null;
      if (control === "softDrop") held.current.down = false;
    };
    window.addEventListener("keydown", down);
    window.addEventListener("keyup", up);
    return () => {
      window.removeEventListener("keydown", down);
      window.removeEventListener("keyup", up);
    };
  }, [blocked, act, setPaused]);

  // The frame loop: game time, repeats, the AI, drawing.
  useEffect(() => {
    let frame = 0;
    let last = performance.now();
    const drawTimes: number[] = [];
    let frames = 0;
    let since = last;
    const loop = (now: number) => {
      frame = requestAnimationFrame(loop);
      const dt = Math.min(100, now - last);
      last = now;
      const s = session.current;
      const { das, arr } = settingsRef.current.tetris;
      if (!paused.current && !s.over()) {
        gameMs.current += dt;
        const h = held.current;
        if (h.dir && !ai.current.on && now - h.since >= das) {
          if (arr === 0) {
            while (s.act(gameMs.current, h.dir)) {}
          } else {
            while (now - h.last >= arr) {
              h.last += arr;
              act(h.dir);
            }
          }
        } else if (h.dir) {
          h.last = Math.max(h.last, h.since + das);
        }
        if (h.down && !ai.current.on) {
          while (now - h.downLast >= SOFT_DROP_REPEAT_MS) {
            h.downLast += SOFT_DROP_REPEAT_MS;
            act("softDrop");
          }
        }
        const a = ai.current;
        if (a.on && now >= a.nextAt) {
          a.brain ??= new TetrisAi(s.engine);
          if (a.queue.length === 0) a.queue = s.plan(a.brain) ?? ["hardDrop"];
          const next = a.queue.shift();
          if (next) act(next);
          a.nextAt = now + AI_STEP_MS;
        }
        s.tick(gameMs.current);
      }
      const t0 = performance.now();
      const dark = document.documentElement.dataset.theme === "dark";
      const canvas = fieldRef.current;
      const ctx = canvas?.getContext("2d");
      if (canvas && ctx) {
        const dpr = window.devicePixelRatio || 1;
        const size = Number(canvas.dataset.cell);
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        drawField(ctx, s.picture(settingsRef.current.tetris.ghost), size, dark);
      }
      const side = sideRef.current;
      const sctx = side?.getContext("2d");
      if (side && sctx) {
        const dpr = window.devicePixelRatio || 1;
        const box = Number(side.dataset.box);
        sctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        sctx.clearRect(0, 0, box, box * 5);
        s.next()
          .slice(0, 5)
          .forEach((id, i) => {
            drawPreview(sctx, id, 0, i * box * 0.75, box, false);
          });
      }
      const hold = holdRef.current;
      const hctx = hold?.getContext("2d");
      if (hold && hctx) {
        const dpr = window.devicePixelRatio || 1;
        const box = Number(hold.dataset.box);
        hctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        hctx.clearRect(0, 0, box, box);
        const id = s.hold();
        if (id !== null) drawPreview(hctx, id, 0, box * 0.1, box, !s.canHold());
      }
      drawTimes.push(performance.now() - t0);
      if (drawTimes.length > 120) drawTimes.shift();
      frames++;
      if (canvas && now - since >= 1000) {
        const avg = drawTimes.reduce((x, y) => x + y, 0) / drawTimes.length;
        canvas.dataset.drawMs = avg.toFixed(3);
        canvas.dataset.fps = ((frames * 1000) / (now - since)).toFixed(1);
        frames = 0;
        since = now;
      }
      const over = s.over();
      if (over && !recorded.current) {
        recorded.current = true;
        const rank = addTetrisScore({
          score: s.score(),
          lines: s.lines(),
          level: s.level(),
          engine: s.engine,
          ai: ai.current.on,
          date: Date.now(),
        });
        setShown((v) => ({ ...v, rank }));
      }
      setShown((v) =>
        v.score === s.score() && v.lines === s.lines() && v.level === s.level() && v.over === over
          ? v
          : { ...v, score: s.score(), lines: s.lines(), level: s.level(), over },
      );
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, [act]);

  const toggleAi = () => {
    ai.current.on = !ai.current.on;
    ai.current.queue = [];
    setShown((s) => ({ ...s, ai: ai.current.on }));
    if (ai.current.on && session.current.over()) newGame();
    if (ai.current.on) setPaused(false);
  };

  const dpr = typeof window === "undefined" ? 1 : window.devicePixelRatio || 1;
  const box = Math.round(cell * 3.2);
  const touch = (action: Action | "pause") => ({
    onPointerDown: (e: ReactPointerEvent) => {
      e.preventDefault();
      if (action === "pause") {
        setPaused(!paused.current);
        return;
      }
      const now = performance.now();
      act(action);
      if (action === "left" || action === "right")
        Object.assign(held.current, { dir: action, since: now, last: now });
      if (action === "softDrop") Object.assign(held.current, { down: true, downLast: now });
    },
    onPointerUp: () => Object.assign(held.current, { dir: null, down: false }),
    onPointerLeave: () => Object.assign(held.current, { dir: null, down: false }),
  });

  return (
    <section className="tetris" aria-label="Tetris">
      <div className="tetris-area" ref={areaRef}>
        <aside className="tetris-side left">
          {session.current.engine === "guideline" && (
            <>
              <h2 className="panel-title">Hold</h2>
              <canvas
                ref={holdRef}
                className="preview"
                width={box * dpr}
                height={box * dpr}
                data-box={box}
                style={{ width: box, height: box }}
                aria-label="Held piece"
              />
            </>
          )}
          <dl className="tetris-stats">
            <div>
              <dt>Score</dt>
              <dd data-testid="tetris-score">{shown.score.toLocaleString("en")}</dd>
            </div>
            <div>
              <dt>Lines</dt>
              <dd data-testid="tetris-lines">{shown.lines}</dd>
            </div>
            <div>
              <dt>Level</dt>
              <dd>{shown.level}</dd>
            </div>
          </dl>
          <p className="engine-name">
            {session.current.engine === "classic" ? "Classic (VDM++ model)" : "Guideline"} · seed{" "}
            {session.current.seed}
          </p>
        </aside>
        <div className="field-wrap" ref={wrapRef} tabIndex={-1}>
          <canvas
            ref={fieldRef}
            className="field"
            width={cell * COLUMNS * dpr}
            height={cell * ROWS * dpr}
            data-cell={cell}
            style={{ width: cell * COLUMNS, height: cell * ROWS }}
            role="img"
            aria-label={`Tetris field. Score ${shown.score}, ${shown.lines} lines, level ${shown.level}.`}
          />
          {(shown.paused || shown.over) && (
            <div className="field-overlay" role="status">
              {shown.over ? (
                <>
                  <strong>Game over</strong>
                  <span>
                    {shown.score.toLocaleString("en")} points
                    {shown.rank > 0 ? ` — #${shown.rank} in the high scores` : ""}
                  </span>
                  <button type="button" onClick={() => newGame()}>
                    Play again
                  </button>
                </>
              ) : (
                <>
                  <strong>Paused</strong>
                  <button type="button" onClick={() => setPaused(false)}>
                    Resume
                  </button>
                </>
              )}
            </div>
          )}
        </div>
        <aside className="tetris-side right">
          <h2 className="panel-title">Next</h2>
          <canvas
            ref={sideRef}
            className="preview"
            width={box * dpr}
            height={box * 3.8 * dpr}
            data-box={box}
            style={{ width: box, height: box * 3.8 }}
            aria-label="Next pieces"
          />
          <div className="tetris-buttons">
            <button type="button" onClick={() => newGame()}>
              New game
            </button>
            <button type="button" onClick={() => setPaused(!paused.current)} disabled={shown.over}>
              {shown.paused ? "Resume" : "Pause"}
            </button>
            <button type="button" onClick={toggleAi} aria-pressed={shown.ai}>
              {shown.ai ? "Stop AI" : "AI demo"}
            </button>
          </div>
        </aside>
      </div>
      <div className="touch-pad" aria-hidden="true">
        <button type="button" {...touch("left")}>
          ◀
        </button>
        <button type="button" {...touch("rotateCCW")}>
          ⟲
        </button>
        <button type="button" {...touch("softDrop")}>
          ▼
        </button>
        <button type="button" {...touch("hardDrop")}>
          ⤓
        </button>
        <button type="button" {...touch("rotateCW")}>
          ⟳
        </button>
        <button type="button" {...touch("right")}>
          ▶
        </button>
        {session.current.engine === "guideline" && (
          <button type="button" {...touch("hold")}>
            Hold
          </button>
        )}
        <button type="button" {...touch("pause")}>
          ❚❚
        </button>
      </div>
    </section>
  );
}
