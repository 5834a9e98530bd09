import type { Numbering } from "../../../src/cards/deals/layout.ts";
import type { AnyPatienceGame, AutoPolicy } from "../../../src/games/patience/contract.ts";
import type { RuleField, RuleValue } from "../../../src/games/patience/rules.ts";
import { findPatience } from "../../../src/games/registry.ts";
import {
  CARD_BACKS,
  CARD_SIZES,
  type CardBack,
  type CardSize,
  type DealKind,
  dealKindFor,
  dealKindsOf,
  type PatienceSettings,
  patienceSettings,
  type Settings,
  SPEEDS,
  type Speed,
  STATUS_BUDGETS,
  TABLE_COLOURS,
  type TableColour,
  TETRIS_CONTROLS,
  type TetrisControl,
  type TetrisEngine,
  type Theme,
} from "../settings.ts";
import { TetrisHandlingFields } from "../tetris/HandlingFields.tsx";
import { KeyBindings } from "../tetris/KeyBindings.tsx";

const POLICY_TEXT: Record<AutoPolicy, string> = {
  none: "None: you move every card",
  safe: "Safe: cards nothing else needs",
  all: "All: every card that can go",
};

const DEAL_KIND_TEXT: Record<DealKind, string> = {
  any: "Any deal",
  winnable: "Winnable deals only",
  easy: "Easy deals (rated by the solver)",
};

const NUMBERING_TEXT: Record<Numbering, string> = {
  microsoft: "Microsoft (Windows, PySolFC, KPatience)",
  solvitaire: "Solvitaire",
};

const CONTROL_TEXT: Record<TetrisControl, string> = {
  left: "Move left",
  right: "Move right",
  softDrop: "Soft drop",
  hardDrop: "Hard drop",
  rotateCW: "Rotate clockwise",
  rotateCCW: "Rotate counter-clockwise",
  rotate180: "Half turn",
  hold: "Hold",
  pause: "Pause",
};

const SIZE_TEXT: Record<CardSize, string> = {
  largest: "As large as the table allows",
  large: "Large",
  medium: "Medium",
  small: "Small",
};

const SPEED_TEXT: Record<Speed, string> = {
  off: "Off",
  fast: "Fast",
  normal: "Normal",
  slow: "Slow",
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One rule of a game's schema as a form control. */
function RuleControl({
  field,
  value,
  onChange,
}: {
  field: RuleField;
  value: RuleValue;
  onChange: (value: RuleValue) => void;
}) {
  if (field.kind === "boolean") {
    return (
      <label className="check">
        <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />{" "}
        {capital(field.about)}
      </label>
    );
  }
  if (field.kind === "choice") {
    return (
      <label>
        {capital(field.about)}{" "}
        <select value={String(value)} onChange={(e) => onChange(e.target.value)}>
          {field.choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
    );
  }
  const options: (number | null)[] = [];
  for (let n = field.min; n <= field.max; n++) options.push(n);
  if (field.unlimited) options.push(null);
  return (
    <label>
      {capital(field.about)}{" "}
      <select
        value={value === null ? "unlimited" : String(value)}
        onChange={(e) => onChange(e.target.value === "unlimited" ? null : Number(e.target.value))}
      >
        {options.map((n) => (
          <option key={String(n)} value={n === null ? "unlimited" : n}>
            {n === null ? "unlimited" : n}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A game's rules, policy, numbering and deals: every control from the game's schema. */
function PatienceFields({
  game,
  chosen,
  onChange,
}: {
  game: AnyPatienceGame;
  chosen: PatienceSettings;
  onChange: (patch: Partial<PatienceSettings>) => void;
}) {
  const rulesNow = (() => {
    try {
      return game.rules.make(chosen.rules);
    } catch {
      return game.rules.make({});
    }
  })();
  const label = game.rules.label(rulesNow);
  const variant = game.rules.variants.find((v) => game.rules.label(game.rules.make(v.rules)) === label);
  const setRule = (key: string, value: RuleValue) => {
    const rules = { ...chosen.rules, [key]: value };
    try {
      game.rules.make(rules);
      onChange({ rules });
    } catch {
      // A combination the schema refuses is not offered: the control keeps its value.
    }
  };
  return (
    <fieldset>
      <legend>{game.title}</legend>
      <p className="note">The rules apply from the next deal. Now: {label}.</p>
      {game.rules.variants.length > 1 && (
        <label>
          Variant{" "}
          <select
            value={variant?.id ?? ""}
            onChange={(e) => {
              const v = game.rules.variants.find((x) => x.id === e.target.value);
              if (v) {
                const made = game.rules.make(v.rules) as Record<string, unknown>;
                const rules: Record<string, RuleValue> = {};
                for (const f of game.rules.fields) rules[f.key] = made[f.key] as RuleValue;
                onChange({ rules });
              }
            }}
            data-testid="variant"
          >
            {!variant && <option value="">Your own rules</option>}
            {game.rules.variants.map((v) => (
              <option key={v.id} value={v.id}>
                {v.title}
              </option>
            ))}
          </select>
        </label>
      )}
      {game.rules.fields.map((field) => (
        <RuleControl
          key={field.key}
          field={field}
          value={chosen.rules[field.key] ?? null}
          onChange={(value) => setRule(field.key, value)}
        />
      ))}
      {game.policies.length > 1 && (
        <label>
          Cards go home by themselves{" "}
          <select
            value={chosen.policy}
            onChange={(e) => onChange({ policy: e.target.value as AutoPolicy })}
            data-testid="policy"
          >
            {game.policies.map((p) => (
              <option key={p} value={p}>
                {POLICY_TEXT[p]}
              </option>
            ))}
          </select>
        </label>
      )}
      {game.numberings.length > 1 && (
        <label>
          Deal numbers{" "}
          <select
            value={chosen.numbering}
            onChange={(e) => onChange({ numbering: e.target.value as Numbering })}
            data-testid="numbering"
          >
            {game.numberings.map((n) => (
              <option key={n} value={n}>
                {NUMBERING_TEXT[n]}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        New deals{" "}
        <select
          value={dealKindFor(game, chosen.deal)}
          onChange={(e) => onChange({ deal: e.target.value as DealKind })}
          data-testid="deal-kind"
        >
          {dealKindsOf(game).map((kind) => (
            <option key={kind} value={kind}>
              {DEAL_KIND_TEXT[kind]}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

export function SettingsPanel({
  settings,
  onChange,
  game,
}: {
  settings: Settings;
  onChange: (s: Settings) => void;
  /** The game on screen: its own settings are shown. */
  game: string;
}) {
  const t = settings.tetris;
  const setT = (patch: Partial<Settings["tetris"]>) => onChange({ ...settings, tetris: { ...t, ...patch } });
  const patience = findPatience(game);
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
            <option value="system">As the system</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
        <label>
          Table{" "}
          <select
            value={settings.table}
            onChange={(e) => onChange({ ...settings, table: e.target.value as TableColour })}
            data-testid="table-colour"
          >
            {TABLE_COLOURS.map((c) => (
              <option key={c} value={c}>
                {capital(c)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Card backs{" "}
          <select
            value={settings.back}
            onChange={(e) => onChange({ ...settings, back: e.target.value as CardBack })}
            data-testid="card-back"
          >
            {CARD_BACKS.map((c) => (
              <option key={c} value={c}>
                {capital(c)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Card size{" "}
          <select
            value={settings.cardSize}
            onChange={(e) => onChange({ ...settings, cardSize: e.target.value as CardSize })}
            data-testid="card-size"
          >
            {CARD_SIZES.map((c) => (
              <option key={c} value={c}>
                {SIZE_TEXT[c]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Animation{" "}
          <select
            value={settings.speed}
            onChange={(e) => {
              const speed = e.target.value as Speed;
              onChange({ ...settings, speed, animation: speed !== "off" });
            }}
            data-testid="speed"
          >
            {SPEEDS.map((c) => (
              <option key={c} value={c}>
                {SPEED_TEXT[c]}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={settings.fourColour}
            onChange={(e) => onChange({ ...settings, fourColour: e.target.checked })}
          />{" "}
          Four-colour deck (diamonds blue, clubs green)
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={settings.leftHanded}
            onChange={(e) => onChange({ ...settings, leftHanded: e.target.checked })}
          />{" "}
          Left-handed (the table mirrored, the buttons left)
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={settings.hideTimer}
            onChange={(e) => onChange({ ...settings, hideTimer: e.target.checked })}
          />{" "}
          Hide the clock
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
        <legend>Play</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={settings.confirmAbandon}
            onChange={(e) => onChange({ ...settings, confirmAbandon: e.target.checked })}
            data-testid="confirm-abandon"
          />{" "}
          Ask before leaving a game under way
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={settings.flagLosing}
            onChange={(e) => onChange({ ...settings, flagLosing: e.target.checked })}
          />{" "}
          Warn when a move loses a winnable game
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={settings.peekingHints}
            onChange={(e) => onChange({ ...settings, peekingHints: e.target.checked })}
            data-testid="peeking-hints"
          />{" "}
          Hints see face-down cards (a win with them is assisted)
        </label>
        <label>
          The winnable status searches for{" "}
          <select
            value={settings.statusBudgetMs}
            onChange={(e) => onChange({ ...settings, statusBudgetMs: Number(e.target.value) })}
          >
            {STATUS_BUDGETS.map((ms) => (
              <option key={ms} value={ms}>
                {ms / 1000} s
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {patience && (
        <PatienceFields
          game={patience}
          chosen={patienceSettings(settings, patience)}
          onChange={(patch) =>
            onChange({
              ...settings,
              patience: {
                ...settings.patience,
                [patience.id]: { ...patienceSettings(settings, patience), ...patch },
              },
            })
          }
        />
      )}
      {game === "tetris" && (
        <fieldset>
          <legend>Tetris</legend>
          <label>
            Engine{" "}
            <select value={t.engine} onChange={(e) => setT({ engine: e.target.value as TetrisEngine })}>
              <option value="guideline">Guideline (SRS, 7-bag, hold, ghost)</option>
              <option value="classic">Classic (the VDM++ model)</option>
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
          <TetrisHandlingFields t={t} setT={setT} />
          <KeyBindings
            keys={t.keys}
            controls={TETRIS_CONTROLS}
            text={CONTROL_TEXT}
            onChange={(keys) => setT({ keys })}
          />
        </fieldset>
      )}
    </form>
  );
}
