import {
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { DEMO_STEP_MS, demoPilot, TetrisAi } from "../../../src/games/tetris/ai.ts";
import type { Action } from "../../../src/games/tetris/guideline/engine.ts";
import { type GameMode, MODE_RULES } from "../../../src/games/tetris/guideline/modes.ts";
import { Handling, type HandlingTarget } from "../../../src/games/tetris/handling.ts";
import {
  clearName,
  formatTime,
  GuidelinePlay,
  type PlayResults,
  replayResults,
  resultLines,
} from "../../../src/games/tetris/play.ts";
import { type AnyPlayback, Playback, playbackOf } from "../../../src/games/tetris/playback.ts";
import { drawSeed } from "../../../src/games/tetris/random.ts";
import { decodeReplayLink, type ReplayFile } from "../../../src/games/tetris/replay.ts";
import { type Settings, TETRIS_CONTROLS, type TetrisControl } from "../settings.ts";
import { playSound, type SoundKind } from "../sound.ts";
import { drawField, drawPreview } from "./draw.ts";
import { sameKey } from "./KeyBindings.tsx";
import { gameNow, kept, restartClock, setClockPaused } from "./kept.ts";
import { ReplayControls, ReplayList, replayTitle } from "./ReplayPanel.tsx";
import { keepReplay } from "./replays.ts";
import { addBest } from "./scores.ts";
import {
  ClassicSession,
  COLUMNS,
  GuidelineSession,
  newSession,
  ROWS,
  type TetrisSession,
} from "./session.ts";

interface Shown {
  score: number;
  lines: number;
  level: number;
  over: boolean;
  paused: boolean;
  ai: boolean;
  rank: number;
  results: PlayResults | null;
}

interface Banner {
  lines: string[];
  at: number;
}

/** How long cleared rows flash (drawn over the field; the game goes on underneath). */
const FLASH_MS = 260;
const BANNER_MS = 1600;

function controlFor(keys: Record<TetrisControl, string[]>, key: string): TetrisControl | undefined {
  return TETRIS_CONTROLS.find((c) => keys[c].some((k) => sameKey(k, key)));
}

/** What the game looked like before an action or a frame, to tell what happened. */
interface Snap {
  pieces: number;
  lines: number;
  level: number;
  over: boolean;
}
const snap = (s: TetrisSession): Snap => ({
  pieces: s.pieces(),
  lines: s.lines(),
  level: s.level(),
  over: s.over(),
});

/** The mode picker's choices: the guideline game's modes, then the classic model. */
const PICKS: Array<[GameMode | "classic", string]> = [
  ["marathon", "Marathon"],
  ["endless", "Endless"],
  ["sprint", "Sprint"],
  ["ultra", "Ultra"],
  ["zen", "Zen"],
  ["classic", "Classic"],
];

export default function TetrisView({
  settings,
  blocked,
  onSettings,
}: {
  settings: Settings;
  blocked: boolean;
  /** Where the game screen's mode picker sends the changed settings (the shell keeps them). */
  onSettings?: (settings: Settings) => void;
}) {
  const t = settings.tetris;
  const fieldRef = useRef<HTMLCanvasElement>(null);
  const sideRef = useRef<HTMLCanvasElement>(null);
  const holdRef = useRef<HTMLCanvasElement>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const timeRef = useRef<HTMLElement>(null);
  const flash = useRef<{ rows: number[]; at: number }>({ rows: [], at: -1e9 });
  // A replay being watched: the field shows it instead of the game (which waits, paused).
  const viewer = useRef<{
    playback: AnyPlayback;
    playing: boolean;
    speed: number;
    pos: number;
    last: number;
  } | null>(null);
  const [watching, setWatching] = useState<{
    replay: ReplayFile;
    playing: boolean;
    speed: number;
  } | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const [replayProblem, setReplayProblem] = useState("");
  const timelineRef = useRef<HTMLInputElement>(null);
  const replayTimeRef = useRef<HTMLSpanElement>(null);

  // Shown, the game takes the keyboard (Space must drop a piece, not press the button last used).
  useEffect(() => {
    wrapRef.current?.focus({ preventScroll: true });
  }, []);
  // The game lives outside the view: switching to another game and back finds it paused, not thrown away.
  if (!kept.session.current) {
    kept.session.current = newSession(t.engine, drawSeed(), t.mode);
    restartClock();
  }
  const session = kept.session as { current: TetrisSession };
  const gameMs = kept.gameMs;
  const paused = kept.paused;
  const ai = kept.ai;
  const recorded = kept.recorded;
  const [cell, setCell] = useState(24);
  // A narrow screen (a phone upright) gets smaller previews, so the field takes the width.
  const [narrow, setNarrow] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [shown, setShown] = useState<Shown>(() => ({
    score: session.current.score(),
    lines: session.current.lines(),
    level: session.current.level(),
    over: session.current.over(),
    paused: paused.current,
    ai: ai.current.on,
    rank: 0,
    results: session.current.over() ? session.current.results() : null,
  }));
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  const sound = useCallback((kind: SoundKind) => {
    playSound(kind, settingsRef.current.tetris.volume / 100);
  }, []);

  /** After an action or a frame: the sounds, the flash of cleared rows, the clear's name. */
  const feedback = useCallback(
    (before: Snap, action?: Action, done?: boolean) => {
      const s = session.current;
      const after = snap(s);
      if (after.over && !before.over) {
        sound(s.results()?.complete ? "win" : "gameover");
        return;
      }
      if (after.lines > before.lines) {
        const clear = s.lastClear();
        flash.current = { rows: s.lastClearedRows(), at: performance.now() };
        sound(
          clear?.tSpin !== "none" && clear ? "tspin" : after.lines - before.lines >= 4 ? "tetris" : "line",
        );
        if (clear) {
          const lines = [clearName(clear).replace(/ combo \d+$/, "")];
          if (clear.combo > 0) lines.push(`COMBO ${clear.combo}`);
          if (clear.perfectClear) lines.push("PERFECT CLEAR");
          setBanner({ lines, at: performance.now() });
        }
      } else if (after.pieces > before.pieces) {
        const clear = s.lastClear();
        if (clear && clear.tSpin !== "none" && clear.lines === 0 && s.engine === "guideline") {
          setBanner({ lines: [clearName(clear)], at: performance.now() });
          sound("tspin");
        } else sound(action === "hardDrop" ? "drop" : "lock");
      } else if (done && action) {
        if (action === "hold") sound("hold");
        else if (action.startsWith("rotate")) sound("rotate");
        else if (action === "left" || action === "right") sound("shift");
      }
      if (after.level > before.level) sound("level");
    },
    [sound],
  );

  const act = useCallback(
    (ms: number, action: Action) => {
      const s = session.current;
      if (paused.current || s.over()) return false;
      const before = snap(s);
      const done = s.act(ms, action);
      feedback(before, action, done);
      return done;
    },
    [feedback],
  );

  /** Game time now, read from the wall clock at the key (between frames), pauses left out. */
  const nowMs = useCallback(() => Math.max(gameNow(), session.current.now()), []);

  // The handler acts on whichever game is current (a new game keeps it).
  const handlingSettings = () => {
    const { das, arr, dcd, sdf } = settingsRef.current.tetris;
    return { das, arr, dcd, sdf };
  };
  if (!kept.handling.current) {
    const target: HandlingTarget = {
      press: (a) => session.current.press(a),
      act: (ms, a) => act(ms, a),
      gravityMs: () => session.current.gravityMs(),
      pieces: () => session.current.pieces(),
    };
    kept.handling.current = new Handling(target, handlingSettings());
  }
  const handling = kept.handling as { current: Handling };
  handling.current.settings = handlingSettings();

  const newGame = useCallback(
    (engine = settingsRef.current.tetris.engine, mode: GameMode = settingsRef.current.tetris.mode) => {
      // Zen never ends by itself: leaving it for a new game finishes it, and its replay is kept.
      const old = session.current;
      const oldReplay = old.mode === "zen" && !old.over() && old.pieces() > 0 ? old.replay() : null;
      if (oldReplay) {
        keepReplay(oldReplay, { timeMs: old.now(), complete: false, ai: ai.current.played });
        const r = old.results();
        if (r && !ai.current.played) {
          addBest("zen", {
            score: r.score,
            lines: r.lines,
            level: r.level,
            timeMs: Math.floor(r.timeMs),
            pieces: r.pieces,
            complete: false,
            seed: old.seed,
            date: Date.now(),
          });
        }
      }
      session.current = newSession(engine, drawSeed(), mode);
      restartClock();
      recorded.current = false;
      ai.current.queue = [];
      ai.current.brain = null;
      ai.current.pilot = null;
      ai.current.played = ai.current.on;
      handling.current.releaseAll();
      setBanner(null);
      setShown((s) => ({ ...s, over: false, paused: false, rank: 0, results: null }));
      wrapRef.current?.focus({ preventScroll: true });
    },
    [],
  );

  // A change of engine or mode in the settings starts a new game with it.
  useEffect(() => {
    const s = session.current;
    if (s.engine !== t.engine || (s.engine === "guideline" && s.mode !== t.mode)) newGame(t.engine, t.mode);
  }, [t.engine, t.mode, newGame]);

  const setPaused = useCallback((p: boolean) => {
    if (session.current.over()) return;
    setClockPaused(p);
    if (p) handling.current.releaseAll();
    setShown((s) => ({ ...s, paused: p }));
  }, []);

  // Canvas size from the room there is.
  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    const measure = () => {
      const h = area.clientHeight - 30;
      const w = area.clientWidth;
      const byHeight = Math.floor(h / ROWS);
      // The field is 10 cells wide and each side panel about 3.4 cells (2.4 on a narrow screen).
      const small = w < 560;
      // Narrow: two side panels of 4.2rem (67 px) and the gaps.
      const byWidth = Math.floor(small ? (w - 2 * 67 - 28) / COLUMNS : (w - 40) / (COLUMNS + 7.5));
      setNarrow(small);
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

  // Keys go to the handler (DAS, ARR, soft drop factor), which acts at the exact game time each move is due.
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
      if (ai.current.on || paused.current || session.current.over() || viewer.current) return;
      handling.current.press(control, nowMs());
    };
    const up = (e: KeyboardEvent) => {
      const control = controlFor(settingsRef.current.tetris.keys, e.key);
      if (!control || control === "pause") return;
      handling.current.release(control, nowMs());
    };
    window.addEventListener("keydown", down);
    window.addEventListener("keyup", up);
    return () => {
      window.removeEventListener("keydown", down);
      window.removeEventListener("keyup", up);
    };
  }, [blocked, setPaused, nowMs]);

  // The frame loop: game time, auto shift, the AI, drawing.
  useEffect(() => {
    let frame = 0;
    const drawTimes: number[] = [];
    let frames = 0;
    let since = performance.now();
    const loop = (now: number) => {
      frame = requestAnimationFrame(loop);
      const v = viewer.current;
      if (v) {
        if (v.playing) v.pos = Math.min(v.playback.duration, v.pos + (now - v.last) * v.speed);
        v.last = now;
        v.playback.seek(v.pos);
        if (v.playing && v.pos >= v.playback.duration) {
          v.playing = false;
          setWatching((w) => (w ? { ...w, playing: false } : w));
        }
        if (timelineRef.current && document.activeElement !== timelineRef.current)
          timelineRef.current.value = String(Math.round(v.pos));
        if (replayTimeRef.current)
          replayTimeRef.current.textContent = `${formatTime(v.pos)} / ${formatTime(v.playback.duration)}`;
      }
      const s: TetrisSession = !v
        ? session.current
        : v.playback instanceof Playback
          ? new GuidelineSession(0, "marathon", new GuidelinePlay(v.playback.game))
          : ClassicSession.watching(v.playback.game);
      if (!v && !paused.current && !s.over()) {
        gameMs.current = nowMs();
        if (!ai.current.on) handling.current.update(gameMs.current);
        const a = ai.current;
        if (a.on && now >= a.nextAt) {
          let next: Action | undefined;
          if (s instanceof GuidelineSession) {
            // Replanned from the live piece at every step, as gravity moves it (the pilot of ai.ts).
            a.pilot ??= demoPilot();
            next = a.pilot.next(s.game)[0];
          } else {
            a.brain ??= new TetrisAi(s.engine);
            if (a.queue.length === 0) a.queue = s.plan(a.brain) ?? ["hardDrop"];
            next = a.queue.shift();
          }
          if (next) act(gameMs.current, next);
          a.nextAt = now + DEMO_STEP_MS;
        }
        const mid = snap(s);
        s.tick(gameMs.current);
        feedback(mid);
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
        // Cleared rows flash where they were, fading; nothing waits for it.
        const age = now - flash.current.at;
        if (age >= 0 && age < FLASH_MS && settingsRef.current.animation) {
          ctx.fillStyle = `rgba(255, 255, 255, ${0.85 * (1 - age / FLASH_MS)})`;
          for (const r of flash.current.rows) {
            if (r >= 0 && r < ROWS) ctx.fillRect(0, r * size, COLUMNS * size, size);
          }
        }
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
      if (timeRef.current) timeRef.current.textContent = clockText(s);
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
      if (v) {
        // The panel shows the replay's score, lines and level while it plays.
        setShown((old) =>
          old.score === s.score() && old.lines === s.lines() && old.level === s.level()
            ? old
            : { ...old, score: s.score(), lines: s.lines(), level: s.level() },
        );
        return;
      }
      const over = s.over();
      if (over && !recorded.current) {
        recorded.current = true;
        const results = s.results();
        // The AI's games (a demo, or a game the AI took part in) stay out of the players' tables.
        const rank = ai.current.played
          ? 0
          : addBest(s.mode, {
              score: s.score(),
              lines: s.lines(),
              level: s.level(),
              timeMs: Math.floor(results?.timeMs ?? gameMs.current),
              pieces: results?.pieces ?? 0,
              complete: results?.complete ?? false,
              seed: s.seed,
              date: Date.now(),
            });
        const replay = s.replay();
        if (replay && s.pieces() > 0) {
          keepReplay(replay, {
            timeMs: results?.timeMs ?? s.now(),
            complete: results?.complete ?? false,
            ai: ai.current.played,
          });
        }
        setShown((v) => ({ ...v, rank, results }));
      }
      setShown((v) =>
        v.score === s.score() && v.lines === s.lines() && v.level === s.level() && v.over === over
          ? v
          : { ...v, score: s.score(), lines: s.lines(), level: s.level(), over },
      );
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, [act, feedback, nowMs]);

  // The clear's name fades out on its own.
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const watch = useCallback(
    (replay: ReplayFile) => {
      setPaused(true);
      viewer.current = {
        playback: playbackOf(replay),
        playing: true,
        speed: 1,
        pos: 0,
        last: performance.now(),
      };
      setWatching({ replay, playing: true, speed: 1 });
      setListOpen(false);
      setReplayProblem("");
    },
    [setPaused],
  );
  const stopWatching = () => {
    viewer.current = null;
    setWatching(null);
    if (location.hash.includes("replay=")) history.replaceState(null, "", "#/tetris");
    wrapRef.current?.focus({ preventScroll: true });
  };

  // A replay link (#/tetris?replay=…) opens the replay, on arrival and when the address changes.
  useEffect(() => {
    const open = () => {
      if (!location.hash.includes("replay=")) return;
      try {
        watch(decodeReplayLink(location.hash));
      } catch (error) {
        setReplayProblem(`This replay link cannot be played: ${(error as Error).message}`);
      }
    };
    open();
    window.addEventListener("hashchange", open);
    return () => window.removeEventListener("hashchange", open);
  }, [watch]);

  const toggleAi = () => {
    ai.current.on = !ai.current.on;
    ai.current.queue = [];
    if (ai.current.on) ai.current.played = true;
    handling.current.releaseAll();
    setShown((s) => ({ ...s, ai: ai.current.on }));
    if (ai.current.on && session.current.over()) newGame();
    if (ai.current.on) setPaused(false);
  };

  const dpr = typeof window === "undefined" ? 1 : window.devicePixelRatio || 1;
  const box = narrow ? 60 : Math.round(cell * 3.2);
  const touch = (action: Action | "pause") => ({
    onPointerDown: (e: ReactPointerEvent) => {
      e.preventDefault();
      if (action === "pause") {
        setPaused(!paused.current);
        return;
      }
      if (ai.current.on || paused.current) return;
      handling.current.press(action, nowMs());
    },
    onPointerUp: () => {
      if (action !== "pause") handling.current.release(action, nowMs());
    },
    onPointerLeave: () => {
      if (action !== "pause") handling.current.release(action, nowMs());
    },
  });

  /**
   * Swipes on the field (touch): a drag sideways moves a column for every cell's width dragged, down fast is a hard
   * drop, down slowly a soft drop, up is hold, and a tap turns the piece clockwise.
   */
  const swipe = useRef<{ id: number; x: number; y: number; t: number; moved: number; done: boolean } | null>(
    null,
  );
  const swipeHandlers = {
    onPointerDown: (e: ReactPointerEvent) => {
      if (e.pointerType !== "touch" || ai.current.on || viewer.current || paused.current) return;
      swipe.current = {
        id: e.pointerId,
        x: e.clientX,
        y: e.clientY,
        t: performance.now(),
        moved: 0,
        done: false,
      };
    },
    onPointerMove: (e: ReactPointerEvent) => {
      const g = swipe.current;
      if (!g || g.id !== e.pointerId || g.done) return;
      const dx = e.clientX - g.x;
      const dy = e.clientY - g.y;
      const columns = Math.trunc(dx / cell);
      while (g.moved !== columns && Math.abs(dy) < cell * 2) {
        const dir = columns > g.moved ? "right" : "left";
        handling.current.press(dir, nowMs());
        handling.current.release(dir, nowMs());
        g.moved += dir === "right" ? 1 : -1;
      }
      if (dy > cell * 3 && Math.abs(dx) < cell * 2) {
        const fast = dy / Math.max(1, performance.now() - g.t) > 0.6;
        const action = fast ? "hardDrop" : "softDrop";
        handling.current.press(action, nowMs());
        handling.current.release(action, nowMs());
        g.done = true;
      } else if (dy < -cell * 3 && Math.abs(dx) < cell * 2) {
        handling.current.press("hold", nowMs());
        g.done = true;
      }
    },
    onPointerUp: (e: ReactPointerEvent) => {
      const g = swipe.current;
      swipe.current = null;
      if (!g || g.id !== e.pointerId || g.done || g.moved !== 0) return;
      const far = Math.hypot(e.clientX - g.x, e.clientY - g.y);
      if (far < cell * 0.8 && performance.now() - g.t < 300) handling.current.press("rotateCW", nowMs());
    },
    onPointerCancel: () => {
      swipe.current = null;
    },
  };

  const s = session.current;
  const rules = s.engine === "guideline" ? MODE_RULES[s.mode as GameMode] : null;

  return (
    <section className="tetris" aria-label="Tetris">
      <div className="tetris-area" ref={areaRef}>
        <aside className="tetris-side left">
          {s.engine === "guideline" && (
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
              <dd data-testid="tetris-lines">
                {shown.lines}
                {rules?.lines !== undefined && <small>/{rules.lines}</small>}
              </dd>
            </div>
            <div>
              <dt>Level</dt>
              <dd>{shown.level}</dd>
            </div>
            {rules && (
              <div>
                <dt>{rules.timeMs === undefined ? "Time" : "Time left"}</dt>
                <dd data-testid="tetris-time" ref={timeRef} />
              </div>
            )}
          </dl>
          <label className="mode-picker">
            <span>Mode</span>
            <select
              data-testid="tetris-mode"
              value={s.engine === "classic" ? "classic" : s.mode}
              disabled={watching !== null}
              onChange={(e) => {
                const pick = e.target.value as GameMode | "classic";
                const engine = pick === "classic" ? "classic" : "guideline";
                const mode = pick === "classic" ? settingsRef.current.tetris.mode : pick;
                const current = settingsRef.current;
                if (onSettings) onSettings({ ...current, tetris: { ...current.tetris, engine, mode } });
                else newGame(engine, mode);
                wrapRef.current?.focus({ preventScroll: true });
              }}
            >
              {PICKS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <p className="engine-name">
            {s.engine === "classic" ? "Classic (VDM++ model)" : (rules?.title ?? "")} · seed {s.seed}
          </p>
        </aside>
        <div className="field-wrap" ref={wrapRef} tabIndex={-1} {...swipeHandlers}>
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
          {banner && !shown.over && (
            <div className="clear-banner" key={banner.at} role="status" data-testid="clear-banner">
              {banner.lines.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </div>
          )}
          {watching && (
            <div className="replay-badge" data-testid="replay-badge">
              Replay · {replayTitle(watching.replay)}
            </div>
          )}
          {watching && !watching.playing && viewer.current?.playback.ended && (
            <div className="field-overlay" role="status">
              <strong>End of the replay</strong>
              <dl className="results" data-testid="replay-results">
                {replayResultLines(viewer.current.playback).map(([k, v]) => (
                  <div key={k}>
                    <dt>{k}</dt>
                    <dd>{v}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
          {listOpen && !watching && (
            <div className="field-overlay">
              <ReplayList onWatch={watch} onClose={() => setListOpen(false)} />
            </div>
          )}
          {replayProblem && !watching && (
            <div className="field-overlay" role="alert">
              <span>{replayProblem}</span>
              <button type="button" onClick={() => setReplayProblem("")}>
                Close
              </button>
            </div>
          )}
          {(shown.paused || shown.over) && !watching && !listOpen && !replayProblem && (
            <div className="field-overlay" role="status">
              {shown.over ? (
                <Results shown={shown} session={s} onAgain={() => newGame()} />
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
            <button
              type="button"
              onClick={() => {
                setPaused(true);
                setListOpen(true);
              }}
              disabled={watching !== null}
            >
              Replays
            </button>
          </div>
        </aside>
      </div>
      {watching && viewer.current && (
        <ReplayControls
          replay={watching.replay}
          playing={watching.playing}
          speed={watching.speed}
          duration={viewer.current.playback.duration}
          timelineRef={timelineRef}
          timeRef={replayTimeRef}
          onPlaying={(playing) => {
            const v = viewer.current;
            if (!v) return;
            if (playing && v.pos >= v.playback.duration) v.pos = 0;
            v.playing = playing;
            v.last = performance.now();
            setWatching((w) => (w ? { ...w, playing } : w));
          }}
          onSpeed={(speed) => {
            if (viewer.current) viewer.current.speed = speed;
            setWatching((w) => (w ? { ...w, speed } : w));
          }}
          onSeek={(ms) => {
            const v = viewer.current;
            if (!v) return;
            v.pos = Math.min(v.playback.duration, ms);
            v.playback.seek(v.pos);
            // Shown again: at the end, the replay's results.
            setWatching((w) => (w ? { ...w } : w));
          }}
          onClose={stopWatching}
        />
      )}
      <div className="touch-pad" aria-hidden="true">
        {/* The classic model has no hold: its place stays, so the other buttons keep theirs. */}
        <button
          type="button"
          className="pad-hold"
          {...touch("hold")}
          disabled={s.engine !== "guideline"}
          style={s.engine === "guideline" ? undefined : { visibility: "hidden" }}
        >
          Hold
        </button>
        <button type="button" className="pad-ccw" {...touch("rotateCCW")}>
          ⟲
        </button>
        <button type="button" className="pad-cw" {...touch("rotateCW")}>
          ⟳
        </button>
        <button type="button" className="pad-pause" {...touch("pause")}>
          ❚❚
        </button>
        <button type="button" className="pad-left" {...touch("left")}>
          ◀
        </button>
        <button type="button" className="pad-right" {...touch("right")}>
          ▶
        </button>
        <button type="button" className="pad-soft" {...touch("softDrop")}>
          ▼
        </button>
        <button type="button" className="pad-hard" {...touch("hardDrop")}>
          ⤓
        </button>
      </div>
    </section>
  );
}

/** A replay's results at its end: the results screen of a guideline game, the score of a classic one. */
function replayResultLines(playback: AnyPlayback): Array<[string, string]> {
  if (playback instanceof Playback) return resultLines(replayResults(playback.game, playback.replay));
  const game = playback.game;
  return [
    ["Mode", "Classic"],
    ["Score", game.getScore().toLocaleString("en")],
    ["Lines", String(game.getLines())],
    ["Level", String(game.getLevel())],
    ["End", game.getGameOver() ? "game over" : "left before the end"],
  ];
}

/** The clock as the mode shows it: a sprint's time counting up, an ultra's counting down. */
function clockText(s: TetrisSession): string {
  if (s.engine !== "guideline") return "";
  const limit = MODE_RULES[s.mode as GameMode].timeMs;
  return formatTime(limit === undefined ? s.now() : limit - s.now());
}

function Results({ shown, session, onAgain }: { shown: Shown; session: TetrisSession; onAgain: () => void }) {
  const r = shown.results;
  return (
    <>
      <strong>{r?.complete ? "Finished" : "Game over"}</strong>
      {r ? (
        <dl className="results" data-testid="tetris-results">
          {resultLines(r).map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <span>{shown.score.toLocaleString("en")} points</span>
      )}
      <span data-testid="tetris-rank">
        {shown.rank > 0
          ? `#${shown.rank} in your ${session.engine === "classic" ? "classic" : MODE_RULES[session.mode as GameMode].title} bests`
          : kept.ai.current.played
            ? "The AI played: not kept in your bests."
            : ""}
      </span>
      <button type="button" onClick={onAgain}>
        Play again
      </button>
    </>
  );
}
