import { AUTO_POLICIES, type AutoPolicy } from "../../../src/games/freecell/rules.ts";
import { VARIANTS } from "../../../src/games/freecell/variants.ts";
import {
  DEFAULT_TETRIS_KEYS,
  type DealKind,
  FREECELL_VARIANTS,
  type FreeCellVariant,
  type Settings,
  TETRIS_CONTROLS,
  type TetrisControl,
  type TetrisEngine,
  type Theme,
} from "../settings.ts";

const POLICY_TEXT: Record<AutoPolicy, string> = {
  none: "none: you move every card home",
  safe: "safe: cards no other card can need go home by themselves",
  all: "all: every card that can go home goes",
};

const CONTROL_TEXT: Record<TetrisControl, string> = {
  left: "Move left",
  right: "Move right",
  softDrop: "Soft drop",
  hardDrop: "Hard drop",
  rotateCW: "Rotate clockwise",
  rotateCCW: "Rotate counter-clockwise",
  hold: "Hold",
  pause: "Pause",
};

const keyName = (k: string) => (k === " " ? "Space" : k);
const parseKeys = (text: string): string[] =>
  text
    .split(",")
    .map((k) => k.trim())
    .filter((k) => k.length > 0)
    .map((k) => (k.toLowerCase() === "space" ? " " : k));

export function SettingsPanel({
  settings,
  onChange,
}: {
  settings: Settings;
  onChange: (s: Settings) => void;
}) {
  const fc = settings.freecell;
  const t = settings.tetris;
  const setFc = (patch: Partial<Settings["freecell"]>) =>
    onChange({ ...settings, freecell: { ...fc, ...patch } });
  const setT = (patch: Partial<Settings["tetris"]>) => onChange({ ...settings, tetris: { ...t, ...patch } });
  return (
    <form className="settings" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Look and sound</legend>
        <label>
          Theme{" "}
          <select
            value={settings.theme}
            onChange={(e) => onChange({ ...settings, theme: e.target.value as Theme })}
            data-testid="theme"
          >
            <option value="system">as the system</option>
            <option value="light">light</option>
            <option value="dark">dark</option>
          </select>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={settings.animation}
            onChange={(e) => onChange({ ...settings, animation: e.target.checked })}
          />{" "}
          Animate cards
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={settings.sound}
            onChange={(e) => onChange({ ...settings, sound: e.target.checked })}
          />{" "}
          Sounds
        </label>
      </fieldset>
      <fieldset>
        <legend>FreeCell</legend>
        <p className="note">Rules and auto-moves apply from the next deal.</p>
        <label>
          Game{" "}
          <select value={fc.variant} onChange={(e) => setFc({ variant: e.target.value as FreeCellVariant })}>
            {FREECELL_VARIANTS.map((v) => (
              <option key={v} value={v}>
                {VARIANTS[v].title} — {VARIANTS[v].about}
              </option>
            ))}
          </select>
        </label>
        <label>
          Free cells{" "}
          <select value={fc.cells} onChange={(e) => setFc({ cells: Number(e.target.value) })}>
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label>
          Auto-move{" "}
          <select
            value={fc.policy}
            onChange={(e) => setFc({ policy: e.target.value as AutoPolicy })}
            data-testid="policy"
          >
            {AUTO_POLICIES.map((p) => (
              <option key={p} value={p}>
                {POLICY_TEXT[p]}
              </option>
            ))}
          </select>
        </label>
        <label>
          New deals{" "}
          <select
            value={fc.deal}
            onChange={(e) => setFc({ deal: e.target.value as DealKind })}
            data-testid="deal-kind"
          >
            <option value="any">any deal</option>
            <option value="winnable">winnable deals only</option>
            <option value="easy">easy deal (a short solution)</option>
          </select>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={fc.flagLosing}
            onChange={(e) => setFc({ flagLosing: e.target.checked })}
          />{" "}
          Warn when a move loses a winnable game
        </label>
        <label>
          Winnable status search time{" "}
          <select
            value={fc.statusBudgetMs}
            onChange={(e) => setFc({ statusBudgetMs: Number(e.target.value) })}
          >
            {[500, 1000, 3000, 5000, 10000].map((ms) => (
              <option key={ms} value={ms}>
                {ms / 1000} s
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <fieldset>
        <legend>Tetris</legend>
        <label>
          Engine{" "}
          <select value={t.engine} onChange={(e) => setT({ engine: e.target.value as TetrisEngine })}>
            <option value="guideline">guideline (SRS, 7-bag, hold, ghost)</option>
            <option value="classic">classic (the VDM++ model)</option>
          </select>
        </label>
        <label>
          DAS (ms){" "}
          <input
            type="number"
            min={0}
            max={1000}
            value={t.das}
            onChange={(e) =>
              setT({ das: Math.max(0, Math.min(1000, Math.round(Number(e.target.value) || 0))) })
            }
          />
        </label>
        <label>
          ARR (ms){" "}
          <input
            type="number"
            min={0}
            max={500}
            value={t.arr}
            onChange={(e) =>
              setT({ arr: Math.max(0, Math.min(500, Math.round(Number(e.target.value) || 0))) })
            }
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={t.ghost} onChange={(e) => setT({ ghost: e.target.checked })} />{" "}
          Ghost piece
        </label>
        <div className="keys">
          {TETRIS_CONTROLS.map((control) => (
            <label key={control}>
              {CONTROL_TEXT[control]}{" "}
              <input
                defaultValue={t.keys[control].map(keyName).join(", ")}
                onBlur={(e) => {
                  const keys = parseKeys(e.target.value);
                  setT({
                    keys: { ...t.keys, [control]: keys.length > 0 ? keys : DEFAULT_TETRIS_KEYS[control] },
                  });
                }}
                aria-describedby="keys-note"
              />
            </label>
          ))}
          <p className="note" id="keys-note">
            Key names as the browser gives them, separated by commas: ArrowLeft, a, Space, Shift…
          </p>
        </div>
      </fieldset>
    </form>
  );
}
