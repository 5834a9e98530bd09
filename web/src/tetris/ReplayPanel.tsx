import { useState } from "react";
import { MODE_RULES } from "../../../src/games/tetris/guideline/modes.ts";
import { formatTime } from "../../../src/games/tetris/play.ts";
import { PLAYBACK_SPEEDS } from "../../../src/games/tetris/playback.ts";
import {
  decodeReplayLink,
  encodeReplayLink,
  parseReplay,
  type ReplayFile,
} from "../../../src/games/tetris/replay.ts";
import { loadReplays, replayLink } from "./replays.ts";

/** Saves a replay as a JSON file (the format `tsol tetris --verify` and `--replay` read). */
export function downloadReplay(replay: ReplayFile): void {
  const blob = new Blob([`${JSON.stringify(replay, null, 1)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `tsol-tetris-${replayTitle(replay).toLowerCase().replace(/\W+/g, "-")}-${replay.options.seed}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A replay from a file's text: a tsol replay file of either engine, or an error saying why not. */
export function replayFromFile(text: string): ReplayFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error("the file is not JSON (a tsol Tetris replay file is)");
  }
  return parseReplay(raw);
}

/** What a replay is of: its mode's title, or "Classic" for the model's game. */
export function replayTitle(replay: ReplayFile): string {
  return replay.mode === "classic" ? "Classic" : MODE_RULES[replay.options.gameMode].title;
}

/** The kept games, and importing one from a file or a link. */
export function ReplayList({
  onWatch,
  onClose,
}: {
  onWatch: (replay: ReplayFile) => void;
  onClose: () => void;
}) {
  const [message, setMessage] = useState("");
  const [pasted, setPasted] = useState("");
  const list = loadReplays();
  const watch = (get: () => ReplayFile) => {
    try {
      onWatch(get());
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="replay-list" data-testid="replay-list">
      <strong>Replays</strong>
      {list.length === 0 ? (
        <p>No finished games yet: each one is kept here (the last 20).</p>
      ) : (
        <ol>
          {list.map((r) => (
            <li key={`${r.date}-${r.code.length}`}>
              <span>
                {r.mode === "classic" ? "Classic" : (MODE_RULES[r.mode]?.title ?? r.mode)}:{" "}
                {r.mode === "sprint" && r.complete ? formatTime(r.timeMs) : r.score}
                {r.mode === "sprint" && r.complete ? "" : " points"}, {r.lines} lines
                {r.ai ? " (AI)" : ""} · {new Date(r.date).toLocaleString()}
              </span>
              <button type="button" onClick={() => watch(() => decodeReplayLink(r.code))}>
                Watch
              </button>
            </li>
          ))}
        </ol>
      )}
      <label className="replay-import">
        Open a replay file{" "}
        <input
          type="file"
          accept=".json,application/json"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            const text = await file.text();
            watch(() => replayFromFile(text));
          }}
        />
      </label>
      <form
        className="replay-import"
        onSubmit={(e) => {
          e.preventDefault();
          watch(() => decodeReplayLink(pasted));
        }}
      >
        <label>
          or paste a replay link{" "}
          <input
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
            placeholder="…#/tetris?replay=1.sprint…"
          />
        </label>
        <button type="submit">Watch</button>
      </form>
      {message && (
        <p className="note" role="alert">
          {message}
        </p>
      )}
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

/** Under the field while a replay plays: play/pause, speed, the timeline, save, link, back to the game. */
export function ReplayControls({
  replay,
  playing,
  speed,
  duration,
  timelineRef,
  timeRef,
  onPlaying,
  onSpeed,
  onSeek,
  onClose,
}: {
  replay: ReplayFile;
  playing: boolean;
  speed: number;
  duration: number;
  timelineRef: React.RefObject<HTMLInputElement | null>;
  timeRef: React.RefObject<HTMLSpanElement | null>;
  onPlaying: (p: boolean) => void;
  onSpeed: (s: number) => void;
  onSeek: (ms: number) => void;
  onClose: () => void;
}) {
  const [link, setLink] = useState("");
  return (
    <div className="replay-controls" data-testid="replay-controls">
      <div className="replay-row">
        <button
          type="button"
          onClick={() => onPlaying(!playing)}
          aria-label={playing ? "Pause replay" : "Play replay"}
        >
          {playing ? "❚❚" : "▶"}
        </button>
        <input
          ref={timelineRef}
          type="range"
          min={0}
          max={Math.max(1, Math.ceil(duration))}
          step={1}
          defaultValue={0}
          aria-label="Replay timeline"
          onInput={(e) => onSeek(Number((e.target as HTMLInputElement).value))}
        />
        <span ref={timeRef} className="replay-time" data-testid="replay-time" />
      </div>
      <div className="replay-row">
        {PLAYBACK_SPEEDS.map((s) => (
          <button type="button" key={s} aria-pressed={speed === s} onClick={() => onSpeed(s)}>
            {s}x
          </button>
        ))}
        <button type="button" onClick={() => downloadReplay(replay)}>
          Save file
        </button>
        <button
          type="button"
          onClick={() => {
            const url = replayLink(encodeReplayLink(replay));
            setLink(url);
            void navigator.clipboard?.writeText(url).catch(() => {});
          }}
        >
          Link
        </button>
        <button type="button" onClick={onClose}>
          Back to the game
        </button>
      </div>
      {link && (
        <input
          className="replay-link"
          readOnly
          value={link}
          aria-label="Replay link"
          onFocus={(e) => e.target.select()}
        />
      )}
    </div>
  );
}
