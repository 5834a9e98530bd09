import { GAME_MODES, type GameMode, MODE_RULES } from "../../../src/games/tetris/guideline/modes.ts";
import type { Settings } from "../settings.ts";

type TetrisSettings = Settings["tetris"];

const whole = (value: string, min: number, max: number) =>
  Math.max(min, Math.min(max, Math.round(Number(value) || 0)));

/** The Tetris settings beyond engine, DAS, ARR and ghost: the mode, DAS cut delay, soft drop factor, volume. */
export function TetrisHandlingFields({
  t,
  setT,
}: {
  t: TetrisSettings;
  setT: (patch: Partial<TetrisSettings>) => void;
}) {
  return (
    <>
      <label>
        Mode{" "}
        <select value={t.mode} onChange={(e) => setT({ mode: e.target.value as GameMode })}>
          {GAME_MODES.map((m) => (
            <option key={m} value={m}>
              {MODE_RULES[m].title}
            </option>
          ))}
        </select>
      </label>
      <label>
        DAS cut delay (ms){" "}
        <input
          type="number"
          min={0}
          max={500}
          value={t.dcd}
          onChange={(e) => setT({ dcd: whole(e.target.value, 0, 500) })}
        />
      </label>
      <label>
        Soft drop factor (x gravity, 0 = instant){" "}
        <input
          type="number"
          min={0}
          max={100}
          value={t.sdf}
          onChange={(e) => setT({ sdf: whole(e.target.value, 0, 100) })}
        />
      </label>
      <label>
        Volume{" "}
        <input
          type="range"
          min={0}
          max={100}
          value={t.volume}
          onChange={(e) => setT({ volume: whole(e.target.value, 0, 100) })}
          aria-valuetext={`${t.volume}%`}
        />
      </label>
    </>
  );
}
