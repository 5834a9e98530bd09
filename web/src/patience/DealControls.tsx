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
import { dealKindFor, patienceSettings, rulesOf } from "../settings.ts";
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

/** The controllers looking for a deal of a level now (a second press waits for the first search). */
const seeking = new WeakSet<PatienceController>();

/**
 * A new deal of a difficulty level: drawn by the daily worker until the solver rates one at that level (the same
 * levels as the badge), then dealt (asking first when a game is in progress). Resolves when it is done.
 */
export async function dealOfLevel(controller: PatienceController, level: Level): Promise<void> {
  if (seeking.has(controller)) return;
  const game = controller.game;
  const settings = patienceSettings(controller.settings, game);
  seeking.add(controller);
  controller.say(`Looking for ${level === "easy" ? "an" : "a"} ${level} deal…`);
  try {
    const found = await dailyClient(browserStore()).level(
      game,
      rulesOf(controller.settings, game),
      settings.numbering,
      level,
      drawSeed(),
    );
    if (!found) controller.say(`No ${level} deal was found in the deals tried; try again.`, "warn");
    else controller.newDeal(found.deal, settings.numbering);
  } catch (error) {
    controller.say(`The rating failed: ${(error as Error).message}.`, "error");
  } finally {
    seeking.delete(controller);
  }
}

/**
 * A new deal as the settings ask: an easy one from the difficulty levels (the game's own rating, not the time a
 * search took), else the controller's any or winnable deal.
 */
export function newDealAsSet(controller: PatienceController): void {
  const kind = dealKindFor(controller.game, patienceSettings(controller.settings, controller.game).deal);
  if (kind === "easy") void dealOfLevel(controller, "easy");
  else controller.newDeal();
}

/** The Deal # box: a deal by its number (the view focuses it on "#"). */
export function DealNumber({
  controller,
  busy,
  inputRef,
}: {
  controller: PatienceController;
  busy: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const [dealText, setDealText] = useState("");
  const dealInput = inputRef;
  const [low, high] = dealRange(controller.numbering);
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

  return (
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
  );
}

/**
 * The choice of deal: Daily (today's deal, `#/GAME/daily`), a new deal of a level (easy, medium, hard), and the
 * badge of the deal on the table's difficulty, rated in the daily worker before play.
 */
export function DealChoice({ controller, busy }: { controller: PatienceController; busy: boolean }) {
  const [seeking, setSeeking] = useState(false);
  /** The rating of the deal on the table: undefined while it is rated, null for a deal with no number. */
  const [rating, setRating] = useState<Difficulty | null | undefined>(undefined);
  const game = controller.game;
  const numbering = controller.numbering;
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

  const chooseLevel = (level: Level) => {
    setSeeking(true);
    focusTable();
    void dealOfLevel(controller, level).finally(() => setSeeking(false));
  };

  const text = badgeText(rating);
  return (
    <>
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
            if (LEVELS.includes(level)) chooseLevel(level);
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
