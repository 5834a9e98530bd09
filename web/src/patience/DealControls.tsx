import { type FormEvent, type RefObject, useEffect, useState } from "react";
import { dealRange } from "../../../src/cards/deals/layout.ts";
import { drawSeed } from "../../../src/cards/entropy.ts";
import { hasDaily } from "../../../src/games/patience/daily.ts";
import {
  type Difficulty,
  describeDifficulty,
  difficultyOf,
  LEVELS,
  type Level,
} from "../../../src/games/patience/difficulty.ts";
import { patienceSettings, rulesOf } from "../settings.ts";
import { browserStore } from "../storage.ts";
import "../styles/daily.css";
import type { PatienceController } from "./controller.ts";
import { dailyClient, StaleError } from "./daily-client.ts";
import { focusTable } from "./focus.ts";

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The badge's word for a rating. */
function badgeText(d: Difficulty | null | undefined): string {
  if (d === undefined) return "Rating…";
  if (d === null) return "";
  if (d.result === "unsolvable") return "Not winnable";
  if (d.result === "unknown") return "Unrated";
  return d.level ? capital(d.level) : "Unrated";
}

/**
 * The choice of deal: the Deal # box (a deal by its number), Daily (today's deal, `#/GAME/daily`), a new deal of
 * a level (easy, medium, hard), and the badge of the deal on the table's difficulty, rated in the daily worker
 * before play.
 */
export function DealControls({
  controller,
  busy,
  inputRef,
}: {
  controller: PatienceController;
  busy: boolean;
  /** The view focuses the box on "#". */
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const [dealText, setDealText] = useState("");
  const [seeking, setSeeking] = useState(false);
  /** The rating of the deal on the table: undefined while it is rated, null for a deal with no number. */
  const [rating, setRating] = useState<Difficulty | null | undefined>(undefined);
  const dealInput = inputRef;
  const game = controller.game;
  const numbering = controller.numbering;
  const [low, high] = dealRange(numbering);
  const deal = controller.deal;
  const rules = controller.session.rules;
  const levels = difficultyOf(game.id) !== undefined;

  // The deal on the table is rated as soon as it is dealt; a fresh deal's notice says its level.
  useEffect(() => {
    if (deal === undefined || !levels) {
      setRating(null);
      return;
    }
    let live = true;
    setRating(undefined);
    dailyClient(browserStore())
      .rate(game, rules, numbering, deal)
      .then((d) => {
        if (!live) return;
        setRating(d);
        // Only over the plain "Deal N." of a fresh deal: a daily deal's or an error's notice stays.
        const plain = `${capital(controller.title())}.`;
        if (controller.deal === deal && !controller.session.canUndo && controller.notice?.text === plain)
          controller.say(`${capital(controller.title())}: ${describeDifficulty(d)}.`);
      })
      .catch((error: Error) => {
        if (live && !(error instanceof StaleError)) setRating(null);
      });
    return () => {
      live = false;
    };
  }, [controller, game, rules, numbering, deal, levels]);

  const submitDeal = (e: FormEvent) => {
    e.preventDefault();
    const text = dealText.trim();
    const n = /^\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
    setDealText("");
    // The box gives its keys back: the game's keys work again at once.
    dealInput.current?.blur();
    focusTable();
    if (!Number.isInteger(n) || n < low || n > high) {
      controller.say(`A deal number is a whole number from ${low} to ${high.toLocaleString("en")}.`, "error");
      return;
    }
    controller.newDeal(n);
  };

  const dealOfLevel = (level: Level) => {
    const settings = patienceSettings(controller.settings, game);
    const ruled = rulesOf(controller.settings, game);
    setSeeking(true);
    controller.say(`Looking for ${level === "easy" ? "an" : "a"} ${level} deal…`);
    focusTable();
    dailyClient(browserStore())
      .level(game, ruled, settings.numbering, level, drawSeed())
      .then((found) => {
        if (!found) controller.say(`No ${level} deal was found in the deals tried; try again.`, "warn");
        else controller.newDeal(found.deal, settings.numbering);
      })
      .catch((error: Error) => controller.say(`The rating failed: ${error.message}.`, "error"))
      .finally(() => setSeeking(false));
  };

  const text = badgeText(rating);
  return (
    <>
      <form className="deal-form" onSubmit={submitDeal}>
        <label className="sr-only" htmlFor="deal-number">
          Deal number
        </label>
        <input
          id="deal-number"
          ref={dealInput}
          inputMode="numeric"
          placeholder="Deal #"
          value={dealText}
          onChange={(e) => setDealText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              setDealText("");
              e.currentTarget.blur();
              focusTable();
            }
          }}
          size={7}
          autoComplete="off"
        />
        <button type="submit" disabled={busy || dealText.trim() === ""}>
          Deal
        </button>
      </form>
      {hasDaily(game) && (
        <button
          type="button"
          className="daily-button"
          disabled={busy || seeking}
          onClick={() => {
            location.hash = `#/${game.id}/daily`;
          }}
          title="Today's deal (by the UTC date): the same winnable deal for everyone"
        >
          Daily
        </button>
      )}
      {levels && (
        <select
          className="level-select"
          aria-label="New deal of a level"
          value=""
          disabled={busy || seeking}
          onChange={(e) => {
            const level = e.target.value as Level;
            if (LEVELS.includes(level)) dealOfLevel(level);
          }}
          title="A new deal of the level chosen, rated by the solver"
        >
          <option value="">{seeking ? "Looking…" : "New deal: level"}</option>
          {LEVELS.map((level) => (
            <option key={level} value={level}>
              {capital(level)}
            </option>
          ))}
        </select>
      )}
      {text !== "" && (
        <output
          className="difficulty-badge"
          data-testid="difficulty"
          data-level={rating?.level ?? rating?.result ?? "rating"}
          title={rating ? capital(describeDifficulty(rating)) : "The solver is rating this deal"}
        >
          {text}
        </output>
      )}
    </>
  );
}
