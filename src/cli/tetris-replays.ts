/**
 * `tsol tetris` keeps every finished game of either engine (the last 20) in `<data dir>/tetris-replays.json`, in
 * the link form of src/games/tetris/replay.ts (the same as the browser's list), and plays one back on screen.
 */

import { join } from "node:path";
import { MODE_RULES } from "../games/tetris/guideline/modes.ts";
import { formatTime, GuidelinePlay, replayResults, resultLines } from "../games/tetris/play.ts";
import { type AnyPlayback, PLAYBACK_SPEEDS, Playback, playbackOf } from "../games/tetris/playback.ts";
import { decodeReplayLink, encodeReplayLink, type ReplayFile } from "../games/tetris/replay.ts";
import { dataDir, readJsonFile, writeJsonAtomic } from "./store.ts";
import { startRawSession } from "./terminal/keys.ts";
import { classicView, GuidelineSession } from "./tetris-play.ts";
import { fitScreen, renderScreen, type ScreenView } from "./tetris-screen.ts";

export const KEPT_REPLAYS = 20;
const REPLAYS = "replay list";

export interface KeptReplay {
  code: string;
  mode: string;
  score: number;
  lines: number;
  timeMs: number;
  complete: boolean;
  /** ISO date and time the game ended. */
  date: string;
}

export function replaysPath(): string {
  return join(dataDir(), "tetris-replays.json");
}

function parseKept(raw: unknown): KeptReplay[] {
  if (!Array.isArray(raw)) throw new Error("expected a list of replays");
  return raw.map((r) => {
    if (typeof r !== "object" || r === null || typeof (r as KeptReplay).code !== "string")
      throw new Error("a kept replay has no code");
    const k = r as KeptReplay;
    return {
      code: k.code,
      mode: String(k.mode),
      score: Number(k.score) || 0,
      lines: Number(k.lines) || 0,
      timeMs: Number(k.timeMs) || 0,
      complete: k.complete === true,
      date: String(k.date),
    };
  });
}

export function loadKeptReplays(path = replaysPath()): { list: KeptReplay[]; problem?: string } {
  const { value, problem } = readJsonFile(path, parseKept, REPLAYS);
  return { list: value ?? [], problem };
}

/** Adds a finished game to the front of the list (20 kept). */
export function keepReplay(replay: ReplayFile, path = replaysPath()): void {
  const { list } = loadKeptReplays(path);
  const game = replay.mode === "guideline" ? new Playback(replay).seek(Number.POSITIVE_INFINITY) : null;
  const entry: KeptReplay = {
    code: encodeReplayLink(replay),
    mode: replay.mode === "guideline" ? replay.options.gameMode : "classic",
    score: replay.result.score,
    lines: replay.result.lines,
    timeMs: Math.floor(game ? game.now : replay.end),
    complete: game?.isComplete() ?? false,
    date: new Date().toISOString(),
  };
  writeJsonAtomic(path, [entry, ...list].slice(0, KEPT_REPLAYS), REPLAYS);
}

/** One line a kept game, numbered from 1 (newest). */
export function listLines(list: KeptReplay[]): string[] {
  if (list.length === 0) return ["No finished games kept yet."];
  return list.map((r, i) => {
    const title =
      r.mode === "classic" ? "Classic" : (MODE_RULES[r.mode as keyof typeof MODE_RULES]?.title ?? r.mode);
    const what = r.mode === "sprint" && r.complete ? formatTime(r.timeMs) : `${r.score} points`;
    return `${String(i + 1).padStart(2)}. ${r.date.slice(0, 16).replace("T", " ")}  ${title}: ${what}, ${r.lines} lines`;
  });
}

/** The replay `what` names: a number from the list, or a link (or its code). A file is read by the caller. */
export function keptReplay(what: string): ReplayFile {
  if (/^\d{1,3}$/.test(what)) {
    const { list } = loadKeptReplays();
    const entry = list[Number(what) - 1];
    if (!entry) throw new Error(`there is no kept game ${what} (tsol tetris --replays lists ${list.length})`);
    return decodeReplayLink(entry.code);
  }
  return decodeReplayLink(what);
}

/** The timeline as a bar of `width` characters. */
export function timeline(pos: number, duration: number, width = 24): string {
  const done = duration > 0 ? Math.round((width * Math.min(pos, duration)) / duration) : width;
  return `[${"#".repeat(done)}${"-".repeat(width - done)}]`;
}

/**
 * Plays a replay back on screen: Space pauses, 1-4 pick 0.5x, 1x, 2x, 4x, Left and Right go 5 s back and on,
 * Home to the start, q leaves. Resolves when the player leaves.
 */
export function watchReplay(replay: ReplayFile, color: boolean): Promise<void> {
  const playback: AnyPlayback = playbackOf(replay);
  let pos = 0;
  let speed = 1;
  let playing = true;
  let last = Date.now();
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const draw = () => {
      const columns = process.stdout.columns || 80;
      const rows = process.stdout.rows || 24;
      const view = replayView(playback, pos);
      view.status = [
        `REPLAY ${speed}x ${playing ? "playing" : "paused"}`,
        `${timeline(pos, playback.duration)} ${formatTime(pos)} / ${formatTime(playback.duration)}`,
        "Space pause, 1-4 speed 0.5x-4x, Left/Right 5 s, Home start, q leave",
      ];
      const lines = fitScreen(renderScreen(view, color), columns, rows) ?? [
        `Terminal too small: ${columns} x ${rows}; 46 x 22 at least.`.slice(0, columns),
      ];
      raw.write(`\u001B[H${lines.map((l) => `${l}\u001B[K`).join("\r\n")}\u001B[J`);
    };
    const finish = () => {
      if (timer) clearInterval(timer);
      process.stdout.off("resize", onResize);
      raw.stop();
      resolve();
    };
    const onResize = () => {
      raw.write("\u001B[2J");
      draw();
    };
    const raw = startRawSession((key) => {
      const n = key.name;
      if ((key.ctrl && n === "c") || n === "q" || n === "escape") return finish();
      if (n === "space") {
        if (!playing && pos >= playback.duration) pos = 0;
        playing = !playing;
      } else if (n && /^[1-4]$/.test(n)) speed = PLAYBACK_SPEEDS[Number(n) - 1]!;
      else if (n === "left") pos = Math.max(0, pos - 5000);
      else if (n === "right") pos = Math.min(playback.duration, pos + 5000);
      else if (n === "home") pos = 0;
      draw();
    });
    process.stdout.on("resize", onResize);
    timer = setInterval(() => {
      const now = Date.now();
      if (playing) pos = Math.min(playback.duration, pos + (now - last) * speed);
      last = now;
      if (pos >= playback.duration) playing = false;
      draw();
    }, 30);
    draw();
  });
}

/** The screen of a replay at `pos` ms: its game, and at the end its results. */
function replayView(playback: AnyPlayback, pos: number): ScreenView {
  if (playback instanceof Playback) {
    const game = playback.seek(pos);
    const session = new GuidelineSession(0, "bag", 1, game.options.gameMode, new GuidelinePlay(game));
    const view = session.view();
    view.title = `tsol tetris: replay of ${MODE_RULES[game.options.gameMode].title}, seed ${game.options.seed}`;
    view.best = "-";
    if (playback.ended) {
      view.results = [
        "END OF THE REPLAY",
        "",
        ...resultLines(replayResults(game, playback.replay))
          .slice(1)
          .map(([k, v]) => `${k}: ${v}`),
        "",
      ];
    }
    return view;
  }
  const game = playback.seek(pos);
  const view = classicView(game, playback.replay.options.seed);
  view.title = `tsol tetris: replay of classic (VDM++ model), seed ${playback.replay.options.seed}`;
  view.best = "-";
  if (playback.ended) {
    view.results = [
      "END OF THE REPLAY",
      "",
      `Score: ${game.getScore().toLocaleString("en")}`,
      `Lines: ${game.getLines()}`,
      `Level: ${game.getLevel()}`,
      game.getGameOver() ? "Game over" : "Left before the end",
      "",
    ];
  }
  return view;
}
