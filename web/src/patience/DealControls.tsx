import { type FormEvent, type RefObject, useState } from "react";
import { dealRange } from "../../../src/cards/deals/layout.ts";
import type { PatienceController } from "./controller.ts";
import { focusTable } from "./focus.ts";

/** The Deal # box: a deal by its number. */
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
  const dealInput = inputRef;
  const numbering = controller.numbering;
  const [low, high] = dealRange(numbering);
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
