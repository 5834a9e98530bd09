import { useEffect, useState } from "react";
import type { TetrisControl } from "../settings.ts";

/** How a key is shown: Space for " ", letters in capitals. */
export function keyLabel(key: string): string {
  if (key === " ") return "Space";
  return key.length === 1 ? key.toUpperCase() : key;
}

/** Keys compare without case for letters (a and A are one key). */
export function sameKey(a: string, b: string): boolean {
  return (a.length === 1 ? a.toLowerCase() : a) === (b.length === 1 ? b.toLowerCase() : b);
}

/** Which control, other than `except`, has `key` already. */
export function controlWithKey(
  keys: Record<TetrisControl, string[]>,
  key: string,
  except?: TetrisControl,
): TetrisControl | undefined {
  return (Object.keys(keys) as TetrisControl[]).find(
    (c) => c !== except && keys[c].some((k) => sameKey(k, key)),
  );
}

/**
 * Press-a-key rebinding: each control lists its keys (each can be removed, one at least stays); "Add key" waits
 * for the next key pressed and refuses one another control has, saying which.
 */
export function KeyBindings({
  keys,
  controls,
  text,
  onChange,
}: {
  keys: Record<TetrisControl, string[]>;
  controls: readonly TetrisControl[];
  text: Record<TetrisControl, string>;
  onChange: (keys: Record<TetrisControl, string[]>) => void;
}) {
  const [waiting, setWaiting] = useState<TetrisControl | null>(null);
  const [message, setMessage] = useState("");

  useEffect(() => {
    if (!waiting) return;
    const onKey = (e: KeyboardEvent) => {
      e.preventDefault();
      e.stopPropagation();
      if (e.key === "Escape" && !keys[waiting].some((k) => sameKey(k, "Escape"))) {
        setWaiting(null);
        setMessage("No key added.");
        return;
      }
      const taken = controlWithKey(keys, e.key, waiting);
      if (taken) {
        setMessage(`${keyLabel(e.key)} is already ${text[taken]}: press another key, or Escape.`);
        return;
      }
      if (!keys[waiting].some((k) => sameKey(k, e.key)))
        onChange({ ...keys, [waiting]: [...keys[waiting], e.key] });
      setMessage(`${keyLabel(e.key)} now does ${text[waiting]}.`);
      setWaiting(null);
    };
    // Capture: the game and the panel's own shortcuts must not see the key.
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [waiting, keys, onChange, text]);

  return (
    <div className="keys key-bindings">
      {controls.map((control) => (
        <div className="key-row" key={control}>
          <span className="key-control">{text[control]}</span>
          {keys[control].map((k) => (
            <button
              type="button"
              key={k}
              className="key-chip"
              disabled={keys[control].length < 2}
              aria-label={`Remove ${keyLabel(k)} from ${text[control]}`}
              title={keys[control].length < 2 ? "A control keeps one key at least" : "Remove this key"}
              onClick={() => onChange({ ...keys, [control]: keys[control].filter((x) => x !== k) })}
            >
              {keyLabel(k)}
              {keys[control].length > 1 && <span aria-hidden="true"> ×</span>}
            </button>
          ))}
          <button
            type="button"
            className="key-add"
            aria-pressed={waiting === control}
            onClick={() => {
              setWaiting(waiting === control ? null : control);
              setMessage(waiting === control ? "" : `Press a key for ${text[control]} (Escape: cancel).`);
            }}
          >
            {waiting === control ? "Press a key…" : "Add key"}
          </button>
        </div>
      ))}
      <p className="note" role="status" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
