/**
 * Pile keys of more than one character, typed one character at a time: the same rule in the browser and the
 * terminal. A game's piles are named by keys (`PileView.key`): "1" to "18", "a", "h", "r1" to "r16", Montana's
 * "a1" to "d13". A character that completes a key no longer key begins names that pile at once ("5" with ten
 * piles, "10"); a character that may go on ("1" when there are piles 10 to 18, "r" before "r1") waits for the
 * next: a character that carries it on to a key is taken with it ("1" then "2" is pile 12), any other ends it
 * (the pile typed so far, then that character on its own). A pause ends it too: the front-end calls `flush` after
 * `PILE_KEY_PAUSE_MS` without a key. Enter or Space ends it at once and does nothing else (`end`, or `press` of
 * " ", "\r" or "\n"): on the accordion's 52 piles, "2", Enter, "2", Enter is pile 2 twice, where "2" then "2" is
 * pile 22. With no key waiting, Enter and Space are the front-end's own (the pile under the cursor).
 */

/** The characters that end a key being typed: Space and Enter (as a terminal or a browser may send it). */
const ENDING = new Set([" ", "\r", "\n"]);

/** How long a front-end waits for the rest of a pile's key before taking what was typed. */
export const PILE_KEY_PAUSE_MS = 700;

/** What one character typed did. */
export interface KeyStep {
  /** Pile keys completed, in order (at most two: the pending one ended, then this character's own). */
  piles: string[];
  /** The character named no pile and began no key: a command's, perhaps. */
  unused?: string;
  /** The keys typed so far that wait for more. */
  waiting: string;
  /** Characters that began a key but ended in none ("r" then "x" where only "r1".. exist). */
  dropped?: string;
}

export class PileKeyReader {
  private typed = "";

  /** `keys` is read at each character: the piles change with the position (a Spider pile emptied keeps its key). */
  constructor(private readonly keys: () => readonly string[]) {}

  /** The characters typed so far that wait for more ("" when none). */
  get waiting(): string {
    return this.typed;
  }

  /** Whether a command's letter is taken by the piles: a pile's key is that letter, or begins with it. */
  static takes(keys: readonly string[], letter: string): boolean {
    return keys.some((k) => k.startsWith(letter));
  }

  press(char: string): KeyStep {
    if (ENDING.has(char)) return this.end(char);
    const keys = this.keys();
    const piles: string[] = [];
    let dropped: string | undefined;
    const text = this.typed + char;
    if (keys.some((k) => k.startsWith(text))) {
      const longer = keys.some((k) => k !== text && k.startsWith(text));
      if (longer) {
        this.typed = text;
        return { piles, waiting: text };
      }
      this.typed = "";
      return { piles: [text], waiting: "" };
    }
    if (this.typed !== "") {
      const ended = this.flush();
      if (ended !== undefined) piles.push(ended);
      else dropped = text.slice(0, -1);
      const own = this.press(char);
      return { ...own, piles: [...piles, ...own.piles], ...(dropped !== undefined ? { dropped } : {}) };
    }
    return { piles, unused: char, waiting: "" };
  }

  /**
   * Enter or Space (`key`, as the front-end names it): ends the key being typed, which is then all the key does
   * (no `unused`: it must not also pick up the pile under the cursor). With no key waiting it is `unused`.
   */
  end(key: string): KeyStep {
    if (this.typed === "") return { piles: [], unused: key, waiting: "" };
    const typed = this.typed;
    const ended = this.flush();
    return ended !== undefined ? { piles: [ended], waiting: "" } : { piles: [], waiting: "", dropped: typed };
  }

  /** Ends the key being typed: the pile it names, if it names one. */
  flush(): string | undefined {
    const text = this.typed;
    this.typed = "";
    return text !== "" && this.keys().includes(text) ? text : undefined;
  }

  /** Forgets what was typed (Esc, a click). */
  clear(): void {
    this.typed = "";
  }
}
