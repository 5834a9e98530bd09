import { type Card, formatCard, isRed, rankOf, suitOf } from "../cards/card.ts";
import { MAX_MICROSOFT_DEAL } from "../cards/microsoft.ts";
import { escapeControls, quoteToken } from "../cards/text.ts";
import { FreeCellGame } from "../games/freecell/game.ts";
import { formatMove, NotationError, parseMove, splitMoves } from "../games/freecell/notation.ts";
import {
  applyMove,
  CELL_LETTERS,
  type FreeCellRules,
  type FreeCellState,
  type Move,
  type Place,
  placeName,
  runLength,
  sequenceCapacity,
  whyIllegal,
} from "../games/freecell/rules.ts";

/** The card at the base of the `count` cards a move takes from `place`. */
function topCard(state: FreeCellState, place: Place, count: number): Card {
  if (place.kind === "cascade") {
    const col = state.cascades[place.index];
    return col[col.length - count];
  }
  if (place.kind === "cell") return state.cells[place.index] as Card;
  return (state.foundations[place.index] - 1) * 4 + place.index;
}

import type { Key } from "./terminal/keys.ts";

/** What the solver can tell the screen; the screen works without one. */
export interface Advisor {
  /** Whether the position can be won: "winnable", "not winnable" (proved) or "unknown", with a detail. */
  verdict(game: FreeCellGame): {
    verdict: "winnable" | "not winnable" | "unknown";
    detail: string;
    moves?: Move[];
  };
}

type Mode =
  | { kind: "pick" }
  | { kind: "destination"; from: Place }
  | { kind: "typing"; purpose: "deal" | "moves"; text: string }
  | { kind: "help" }
  | { kind: "resume"; saved: FreeCellGame };

const RED = "\x1b[31m";
const BOLD = "\x1b[1m";
const DIM = "\x1b[2m";
const RESET = "\x1b[0m";

export const HELP_LINES = [
  "FreeCell: move every card to the foundations, ace to king by suit.",
  "Cascades build down in alternating colours; a cell holds any one card;",
  "any card (or run) may fill an empty cascade. A run moves as one when",
  "(free cells + 1) x 2^(empty cascades) allows it.",
  "",
  "Keys: pick a source (1-8 cascade, a-d cell), then a destination",
  "      (1-8, a-d, h foundation). Esc or the same key again cancels.",
  "      To an empty cascade the longest run that fits moves (:36v1 for one card).",
  "  u undo   r redo   n new deal   # deal by number   : type moves (3h 1a a3)",
  "  w winnable?   t tip (the solver's next move)   s play the solution",
  "  ? this help   q quit (the game is saved and offered next time)",
];

/** Terminal FreeCell as a pure state machine: keys in, a screen out. The caller does the I/O. */
export class FreeCellScreen {
  game: FreeCellGame;
  private mode: Mode = { kind: "pick" };
  message = "";
  quit = false;
  /** A solution being played, each move with the card it moves (to skip those the game already sent home). */
  private pendingSolution: { move: Move; card: Card }[] = [];

  constructor(
    game: FreeCellGame,
    private readonly options: {
      rules: FreeCellRules;
      randomDeal: () => number;
      advisor?: Advisor;
      saved?: FreeCellGame;
      colour?: boolean;
    },
  ) {
    this.game = game;
    if (options.saved) {
      this.mode = { kind: "resume", saved: options.saved };
      const deal = options.saved.deal === undefined ? "a board" : `deal #${options.saved.deal}`;
      this.message = `A saved game of ${deal} (${options.saved.moveCount} moves) is waiting: resume it? (y/n)`;
    } else {
      this.message = "? for help";
    }
  }

  /** Feeds one key; returns whether the screen changed. */
  handleKey(key: Key): void {
    if (key.ctrl && (key.name === "c" || key.name === "d")) {
      this.quit = true;
      return;
    }
    const mode = this.mode;
    if (mode.kind === "resume") {
      if (key.name === "y" || key.name === "Y") {
        this.game = mode.saved;
        this.message = "Resumed.";
      } else {
        this.message = "Started a new game; the saved one is replaced when you quit.";
      }
      this.mode = { kind: "pick" };
      return;
    }
    if (mode.kind === "help") {
      this.mode = { kind: "pick" };
      this.message = "";
      return;
    }
    if (mode.kind === "typing") {
      this.typeKey(mode, key);
      return;
    }
    if (key.name === "escape") {
      this.mode = { kind: "pick" };
      this.message = "";
      return;
    }
    const place = this.placeForKey(key.name);
    if (mode.kind === "destination") {
      if (key.name === "h") this.tryMove(mode.from, { kind: "foundation", index: -1 });
      else if (place && place.kind === mode.from.kind && place.index === mode.from.index) {
        this.mode = { kind: "pick" };
        this.message = "";
      } else if (place) this.tryMove(mode.from, place);
      else
        this.message = `Pick a destination for ${placeName(mode.from)} (1-${this.cascadeCount()}, cells, h), Esc cancels.`;
      return;
    }
    if (place) {
      if (
        place.kind === "cascade"
          ? this.game.state.cascades[place.index].length === 0
          : this.game.state.cells[place.index] === null
      ) {
        this.message = `${placeName(place)} is empty.`;
        return;
      }
      this.mode = { kind: "destination", from: place };
      this.message = `From ${placeName(place)} to where?`;
      return;
    }
    this.command(key.name);
  }

  private cascadeCount(): number {
    return this.game.state.cascades.length;
  }

  private placeForKey(name: string): Place | undefined {
    if (/^[1-9]$/.test(name) && Number(name) <= this.cascadeCount())
      return { kind: "cascade", index: Number(name) - 1 };
    const cellIndex = CELL_LETTERS.indexOf(name);
    if (name.length === 1 && cellIndex >= 0 && cellIndex < this.game.state.cells.length)
      return { kind: "cell", index: cellIndex };
    return undefined;
  }

  private command(name: string): void {
    const game = this.game;
    switch (name) {
      case "q":
        this.quit = true;
        return;
      case "u":
        this.message = game.undo() ? `Undone (${game.moveCount} moves).` : "Nothing to undo.";
        return;
      case "r":
        this.message = game.redo() ? `Redone (${game.moveCount} moves).` : "Nothing to redo.";
        return;
      case "n":
        this.newDeal(this.options.randomDeal());
        return;
      case "#":
        this.mode = { kind: "typing", purpose: "deal", text: "" };
        this.message = "Deal number (Enter to go, Esc to cancel):";
        return;
      case ":":
        this.mode = { kind: "typing", purpose: "moves", text: "" };
        this.message = "Moves in notation, e.g. 3h 1a a3 (Enter to play, Esc to cancel):";
        return;
      case "?":
        this.mode = { kind: "help" };
        return;
      case "w":
      case "t":
      case "s":
        this.ask(name);
        return;
      default:
        this.message = `${quoteToken(name)} does nothing here: ? for help.`;
    }
  }

  private ask(what: "w" | "t" | "s"): void {
    const advisor = this.options.advisor;
    if (!advisor) {
      this.message = "No solver is available.";
      return;
    }
    if (this.game.isWon()) {
      this.message = "This game is already won.";
      return;
    }
    const answer = advisor.verdict(this.game);
    if (what === "w" || answer.verdict !== "winnable" || !answer.moves || answer.moves.length === 0) {
      this.message = `${answer.verdict}: ${answer.detail}`;
      return;
    }
    if (what === "t") {
      this.message = `Tip: ${formatMove(answer.moves[0], this.game.state)} (${answer.detail})`;
      return;
    }
    let state = this.game.state;
    this.pendingSolution = answer.moves.map((move) => {
      const card = topCard(state, move.from, move.count);
      state = applyMove(state, move);
      return { move, card };
    });
    this.message = `Playing the solution (${answer.moves.length} moves)...`;
  }

  /** Plays the next move of a solution being shown; returns false when there is none left. */
  step(): boolean {
    const next = this.pendingSolution.shift();
    if (!next) return false;
    // The solver writes every foundation move out; those the game's policy already made are skipped.
    const { move, card } = next;
    if (this.game.state.foundations[suitOf(card)] >= rankOf(card)) return this.pendingSolution.length > 0;
    const why = whyIllegal(this.game.state, move);
    if (why !== undefined) {
      this.pendingSolution = [];
      this.message = `The solution stopped: ${why}.`;
      return false;
    }
    this.game.play(move);
    if (this.game.isWon()) {
      this.pendingSolution = [];
      this.message = `Solved in ${this.game.moveCount} moves.`;
    }
    return this.pendingSolution.length > 0;
  }

  get playingSolution(): boolean {
    return this.pendingSolution.length > 0;
  }

  private typeKey(mode: Extract<Mode, { kind: "typing" }>, key: Key): void {
    if (key.name === "escape") {
      this.mode = { kind: "pick" };
      this.message = "";
    } else if (key.name === "backspace") {
      mode.text = mode.text.slice(0, -1);
    } else if (key.name === "enter") {
      this.mode = { kind: "pick" };
      if (mode.purpose === "deal") {
        const n = Number(mode.text);
        if (!/^\d+$/.test(mode.text) || n < 1 || n > MAX_MICROSOFT_DEAL) {
          this.message = `${quoteToken(mode.text)} is not a deal number (1 to ${MAX_MICROSOFT_DEAL}).`;
        } else this.newDeal(n);
      } else this.typedMoves(mode.text);
    } else if (key.name === "space") {
      mode.text += " ";
    } else if (key.name.length === 1 && !key.ctrl) {
      mode.text += key.name;
    }
  }

  private typedMoves(text: string): void {
    const moves = splitMoves(text);
    let played = 0;
    for (const m of moves) {
      try {
        this.game.play(parseMove(m, this.game.state));
        played++;
      } catch (error) {
        const reason = error instanceof NotationError ? error.reason : (error as Error).message;
        this.message = `${played > 0 ? `Played ${played}; ` : ""}${quoteToken(m)}: ${reason}`;
        return;
      }
    }
    this.message = `Played ${played} move${played === 1 ? "" : "s"}.${this.afterMoveNote()}`;
  }

  private newDeal(n: number): void {
    this.game = FreeCellGame.fromDeal(n, this.options.rules, this.game.policy);
    this.pendingSolution = [];
    this.message = `Deal #${n}.`;
  }

  private tryMove(from: Place, to: Place): void {
    this.mode = { kind: "pick" };
    const state = this.game.state;
    let move: Move;
    if (to.kind === "foundation") {
      move = parseMove(`${placeKey(from)}h`, state);
    } else if (from.kind === "cascade" && to.kind === "cascade" && state.cascades[to.index].length === 0) {
      const run = runLength(state.rules, state.cascades[from.index]);
      move = { from, to, count: Math.max(1, Math.min(run, sequenceCapacity(state, to))) };
    } else {
      move = parseMove(`${placeKey(from)}${placeKey(to)}`, state);
    }
    const why = whyIllegal(state, move);
    if (why !== undefined) {
      this.message = `Illegal: ${why}.`;
      return;
    }
    const turn = this.game.play(move);
    const autos = turn.notation.slice(1);
    this.message = `${turn.notation[0]}${autos.length ? `, auto: ${autos.join(" ")}` : ""}.${this.afterMoveNote()}`;
  }

  private afterMoveNote(): string {
    if (this.game.isWon()) return ` You won in ${this.game.moveCount} moves! n for a new deal.`;
    if (this.game.legalMoves().length === 0) return " No legal move is left: u to undo, n for a new deal.";
    return "";
  }

  render(): string {
    const colour = this.options.colour ?? false;
    const show = (c: Card | null | undefined, width = 3): string => {
      if (c === null || c === undefined) return "[ ]".padEnd(width);
      const text = formatCard(c).padEnd(width);
      return colour && isRed(c) ? `${RED}${text}${RESET}` : text;
    };
    const state = this.game.state;
    const lines: string[] = [];
    const title = this.game.deal === undefined ? "a board" : `deal #${this.game.deal}`;
    const b = (s: string) => (colour ? `${BOLD}${s}${RESET}` : s);
    lines.push(b(`tsol FreeCell  ${title}  moves: ${this.game.moveCount}  auto: ${this.game.policy}`));
    lines.push("");
    const cellLabels = state.cells.map((_, i) => ` ${CELL_LETTERS[i]} `).join(" ");
    lines.push(`cells ${cellLabels}   foundations (h)`);
    const cells = state.cells.map((c) => show(c)).join(" ");
    const homes = state.foundations.map((rank, s) => show(rank === 0 ? null : (rank - 1) * 4 + s)).join(" ");
    lines.push(`      ${cells}   ${homes}`);
    lines.push("");
    lines.push(`      ${state.cascades.map((_, i) => ` ${i + 1} `).join(" ")}`);
    const depth = Math.max(1, ...state.cascades.map((col) => col.length));
    const selected = this.mode.kind === "destination" ? this.mode.from : undefined;
    for (let row = 0; row < depth; row++) {
      const cards = state.cascades.map((col, i) => {
        if (row >= col.length) return row === 0 ? " . " : "   ";
        const mark = selected?.kind === "cascade" && selected.index === i && row === col.length - 1;
        return mark ? `${show(col[row], 2)}<` : show(col[row]);
      });
      lines.push(`      ${cards.join(" ").trimEnd()}`);
    }
    lines.push("");
    if (this.mode.kind === "help") {
      lines.push(...HELP_LINES, "", "(any key to go back)");
    } else if (this.mode.kind === "typing") {
      lines.push(screenText(this.message), `> ${screenText(this.mode.text)}_`);
    } else {
      lines.push(screenText(this.message));
      lines.push(
        colour
          ? `${DIM}1-8 a-d pick · h home · u undo · r redo · : type · w t s solver · ? help · q quit${RESET}`
          : "1-8 a-d pick · h home · u undo · r redo · : type · w t s solver · ? help · q quit",
      );
    }
    return lines.join("\n");
  }
}

/** The most of a message the screen shows: a message quoting a file's text is cut rather than filling the screen. */
const MESSAGE_LIMIT = 400;

/**
 * Text from outside (a save's problem, typed keys, an error quoting a move) as the screen shows it: control
 * characters escaped, never sent to the terminal, and cut to a few lines.
 */
export function screenText(text: string): string {
  const chars = Array.from(text);
  const cut = chars.length > MESSAGE_LIMIT ? `${chars.slice(0, MESSAGE_LIMIT).join("")}…` : text;
  return escapeControls(cut);
}

function placeKey(place: Place): string {
  return place.kind === "cascade" ? String(place.index + 1) : CELL_LETTERS[place.index];
}
