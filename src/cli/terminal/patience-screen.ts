import { dealRange, type Numbering } from "../../cards/deals/layout.ts";
import { escapeControls, quoteToken } from "../../cards/text.ts";
import {
  type AnyPatienceGame,
  type AutoPolicy,
  type PileRef,
  type PileView,
  samePile,
} from "../../games/patience/contract.ts";
import { PileKeyReader } from "../../games/patience/pile-keys.ts";
import { Assistant } from "../../games/patience/play/assistant.ts";
import {
  commandKey,
  keyGesture,
  keysOf,
  type Selection,
  waitingWords,
} from "../../games/patience/play/gestures.ts";
import type { SolverPort } from "../../games/patience/play/solver-client.ts";
import { type AnySession, Session, type Turn } from "../../games/patience/session.ts";
import type { Key } from "./keys.ts";
import { rendererFor, type TableRenderer } from "./tables.ts";

/** The solver as the screen uses it: the web's client, asked off the main thread, so the screen never freezes. */
export type Advisor = SolverPort;

export interface ScreenOptions {
  game: AnyPatienceGame;
  rules: unknown;
  numbering: Numbering;
  policy: AutoPolicy;
  /** A deal number for "new deal", drawn at the edge. */
  randomDeal: () => number;
  advisor?: Advisor;
  /** A saved game to offer. */
  saved?: AnySession;
  colour?: boolean;
  /** Called when the screen changed without a key (a solver's answer arrived). */
  onChange?: () => void;
  /** Milliseconds the solver may think for w (hints look on for 30 s, Solve for 120 s, as on the web). */
  budgetMs?: number;
  /** Hints, the verdict and Solve see face-down cards (`tsol play --peek`); else they play blind where they can. */
  peek?: boolean;
  /** The terminal's width, read at each drawing (default 80): messages and the keys' line wrap between words to fit it. */
  columns?: () => number;
  /** The terminal's height, read at each drawing (default 24): a table too long for it is drawn shorter. */
  rows?: () => number;
}

type Mode =
  | { kind: "pick" }
  | { kind: "destination"; selection: Selection }
  | { kind: "typing"; purpose: "deal" | "moves"; text: string }
  | { kind: "help" }
  | { kind: "resume"; saved: AnySession };

type Command = "undo" | "redo" | "new" | "deal" | "type" | "help" | "quit" | "winnable" | "tip" | "solve";

/** Commands and their keys: the lower-case key, or the capital when the game's piles use the lower-case one. */
const COMMANDS: [Command, string, string][] = [
  ["undo", "u", "undo"],
  ["redo", "r", "redo"],
  ["new", "n", "new deal"],
  ["deal", "#", "deal by number"],
  ["type", ":", "type moves"],
  ["winnable", "w", "winnable?"],
  ["tip", "t", "tip"],
  ["solve", "s", "play the solution"],
  ["help", "?", "help"],
  ["quit", "q", "quit"],
];

const BOLD = "\x1b[1m";
const DIM = "\x1b[2m";
const RESET = "\x1b[0m";

/** The most of a message the screen shows: a message quoting a file's text is cut rather than filling the screen. */
const MESSAGE_LIMIT = 400;

/** Text from outside as the screen shows it: control characters escaped, never sent raw, and cut short. */
export function screenText(text: string): string {
  const chars = Array.from(text);
  const cut = chars.length > MESSAGE_LIMIT ? `${chars.slice(0, MESSAGE_LIMIT).join("")}…` : text;
  return escapeControls(cut);
}

/**
 * Terminal patience for every game of the registry, as a pure state machine: keys in, a screen out; the caller
 * does the I/O. Keys become gestures (a pile's key picks it up, a second key drops it there, the same key again
 * is a double-click) and the engine decides what they mean.
 */
export class PatienceScreen {
  session: AnySession;
  private mode: Mode = { kind: "pick" };
  message = "";
  quit = false;
  /** Tips, the verdict and Solve: the platform's model, the same as the web's (none without a solver). */
  private readonly assistant: Assistant | undefined;
  private cursor = -1;
  private readonly renderer: TableRenderer;
  /** Pile keys of more than one character ("12", "r3") typed a character at a time. */
  private readonly pileKeys = new PileKeyReader(() => keysOf(this.piles()));

  constructor(
    session: AnySession,
    private readonly options: ScreenOptions,
  ) {
    this.session = session;
    this.renderer = rendererFor(options.game.id, options.rules);
    const solver = options.advisor;
    const screen = this;
    this.assistant =
      solver &&
      new Assistant({
        game: options.game,
        solver,
        state: () => this.session.state,
        policy: () => this.session.policy,
        peek: () => options.peek ?? false,
        clock: () => performance.now(),
        statusBudgetMs: () => options.budgetMs ?? 5000,
        get words() {
          return { again: `${screen.commandKey("tip")} again`, stop: "Esc", notation: true, chance: true };
        },
        say: (notice) => {
          this.message = notice.text;
        },
        changed: () => options.onChange?.(),
        play: (move) => this.playComputer(move),
      });
    if (options.saved) {
      this.mode = { kind: "resume", saved: options.saved };
      this.message = `A saved game of ${this.describeOrigin(options.saved)} (${options.saved.moveCount} moves) is waiting: resume it? (y/n)`;
    } else {
      this.message = "? for help";
    }
  }

  get game(): AnyPatienceGame {
    return this.options.game;
  }

  private describeOrigin(session: AnySession): string {
    const { deal, numbering } = session.origin;
    if (deal === undefined) return "a board";
    return numbering === "solvitaire" ? `Solvitaire deal #${deal}` : `deal #${deal}`;
  }

  private piles(): PileView[] {
    return this.game.piles(this.session.state, "player");
  }

  /** The key of each command in this game (the capital when a pile's key is, or begins with, the lower-case one). */
  private commandKey(command: Command): string {
    const [, key] = COMMANDS.find(([c]) => c === command) as [Command, string, string];
    return commandKey(this.piles(), key);
  }

  /** Whether the start of a longer pile key waits for the rest: the caller calls `flushKeys` after a pause. */
  get keyWaiting(): boolean {
    return this.pileKeys.waiting !== "";
  }

  /** The pause after the start of a longer key: the key typed so far is taken as it is. */
  flushKeys(): void {
    const typed = this.pileKeys.waiting;
    const k = this.pileKeys.flush();
    if (k !== undefined) this.pile(this.piles().filter((p) => p.key === k));
    else if (typed !== "") this.message = `No pile's key is ${quoteToken(typed)}.`;
  }

  private commandFor(name: string): Command | undefined {
    for (const [command] of COMMANDS) if (this.commandKey(command) === name) return command;
    return undefined;
  }

  handleKey(key: Key): void {
    if (key.ctrl && (key.name === "c" || key.name === "d")) {
      this.quit = true;
      return;
    }
    const mode = this.mode;
    if (mode.kind === "resume") {
      if (key.name === "y" || key.name === "Y") {
        this.session = mode.saved;
        this.assistant?.reset();
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
      this.pileKeys.clear();
      const solving = this.assistant?.solving;
      this.assistant?.stop();
      this.assistant?.moved();
      this.mode = { kind: "pick" };
      this.message = solving ? "Stopped. The moves made so far are the computer's." : "";
      return;
    }
    if (this.assistant?.solving && this.commandFor(key.name) !== "solve") {
      this.message = `Solve is under way: Esc or ${this.commandKey("solve")} stops it.`;
      return;
    }
    if (["left", "right", "up", "down"].includes(key.name)) {
      this.moveCursor(key.name);
      return;
    }
    if (key.name === "enter" || key.name === "space") {
      // Enter or Space ends a pile's key being typed ("2" on the accordion, where "22" is a pile too), and does
      // nothing else then: the pile under the cursor is not also chosen.
      const step = this.pileKeys.end(key.name);
      if (step.unused === undefined) {
        for (const k of step.piles) this.pile(this.piles().filter((p) => p.key === k));
        if (step.dropped !== undefined) this.message = `No pile's key is ${quoteToken(step.dropped)}.`;
        return;
      }
      if (this.cursor < 0) this.showCursor();
      else this.pile([this.piles()[this.cursor]]);
      return;
    }
    if (key.name.length !== 1 || key.ctrl || key.meta) this.pileKeys.clear();
    else {
      const step = this.pileKeys.press(key.name);
      for (const k of step.piles) this.pile(this.piles().filter((p) => p.key === k));
      if (step.dropped !== undefined && step.piles.length === 0)
        this.message = `No pile's key is ${quoteToken(step.dropped)}.`;
      if (step.waiting !== "") {
        this.message = waitingWords(this.piles(), step.waiting);
        return;
      }
      if (step.unused === undefined) return;
    }
    const command = this.commandFor(key.name);
    if (command) this.command(command);
    else this.message = `${quoteToken(key.name)} does nothing here: ? for help.`;
  }

  /** A pile chosen (by its key, or Enter on the cursor): pick it up, drop on it, or a double-click. */
  private pile(piles: PileView[]): void {
    const selection = this.mode.kind === "destination" ? this.mode.selection : null;
    this.mode = { kind: "pick" };
    const gesture = keyGesture(this.game, this.session.state, piles, selection);
    if (gesture.kind === "select") {
      this.mode = { kind: "destination", selection: gesture.selection };
      this.assistant?.moved();
      this.message = gesture.prompt;
    } else if (gesture.kind === "move") this.answer(gesture.intent, gesture.quick ? "" : "Illegal: ");
  }

  private answer(intent: { move: unknown } | { reason: string }, refused = "Illegal: "): void {
    if ("reason" in intent) {
      this.message = `${refused}${intent.reason}${/[.!?]$/.test(intent.reason) ? "" : "."}`;
      return;
    }
    const turn = this.session.play(intent.move);
    this.moved();
    this.message = `${this.turnText(turn)}.${this.afterMoveNote()}`;
  }

  /** The player changed the position: Solve stops, and the tip shown is about the old one. */
  private moved(): void {
    this.assistant?.stop();
    this.assistant?.moved();
  }

  /** A move of Solve's line, played as the computer's; the message changes only when the game ends. */
  private playComputer(move: unknown): boolean {
    try {
      this.session.play(move, "computer");
    } catch (error) {
      this.message = `The solution stopped: ${screenText((error as Error).message)}.`;
      return false;
    }
    const note = this.afterMoveNote().trim();
    if (note) this.message = note;
    return true;
  }

  private turnText(turn: Turn<unknown, unknown>): string {
    const autos = turn.notation.slice(1);
    return `${turn.notation[0]}${autos.length ? `, auto: ${autos.join(" ")}` : ""}`;
  }

  /** The cursor appears on the first cascade (or the first pile of a game without cascades). */
  private showCursor(): void {
    this.cursor = Math.max(
      0,
      this.piles().findIndex((p) => p.fan === "down"),
    );
    this.message = "Arrows move, Enter picks up and drops (twice: home or where it fits), Esc cancels.";
  }

  private moveCursor(direction: string): void {
    const places = this.renderer.place(this.piles(), this.room());
    if (this.cursor < 0 || this.cursor >= places.length) {
      this.showCursor();
      return;
    }
    const here = places[this.cursor];
    let best = -1;
    let bestCost = Number.POSITIVE_INFINITY;
    places.forEach((p, i) => {
      const dx = p.x - here.x;
      const dy = p.y - here.y;
      const ahead =
        direction === "left"
          ? dx < 0 && dy === 0
          : direction === "right"
            ? dx > 0 && dy === 0
            : direction === "up"
              ? dy < 0
              : dy > 0;
      if (!ahead) return;
      const cost =
        direction === "left" || direction === "right" ? Math.abs(dx) : Math.abs(dy) * 100 + Math.abs(dx);
      if (cost < bestCost) {
        bestCost = cost;
        best = i;
      }
    });
    if (best >= 0) this.cursor = best;
  }

  private command(command: Command): void {
    const session = this.session;
    switch (command) {
      case "quit":
        this.quit = true;
        return;
      case "undo":
        this.moved();
        this.message = session.undo() ? `Undone (${session.moveCount} moves).` : "Nothing to undo.";
        return;
      case "redo":
        this.moved();
        this.message = session.redo() ? `Redone (${session.moveCount} moves).` : "Nothing to redo.";
        return;
      case "new":
        this.newDeal(this.options.randomDeal());
        return;
      case "deal":
        this.mode = { kind: "typing", purpose: "deal", text: "" };
        this.message = "Deal number (Enter to go, Esc to cancel):";
        return;
      case "type":
        this.mode = { kind: "typing", purpose: "moves", text: "" };
        this.message = "Moves in notation, separated by spaces (Enter to play, Esc to cancel):";
        return;
      case "help":
        this.mode = { kind: "help" };
        return;
      default:
        this.ask(command);
    }
  }

  /**
   * w, t and s: the platform's assistant, as on the web. A tip is given at once (the best move known, else a
   * quick search's) and the solver's follows; t again shows another legal move. w says how far the search has
   * got, then the verdict. Solve plays as soon as it has a line (Esc stops it). Blind, the blind player answers.
   */
  private ask(what: "winnable" | "tip" | "solve"): void {
    const assistant = this.assistant;
    if (!assistant) this.message = "No solver is available.";
    else if (what === "winnable") assistant.announce();
    else if (what === "tip") assistant.hintPress();
    else assistant.solvePress();
  }

  /** The face-down cards were seen by a tip, the verdict or Solve in this game (`--peek`): a win is assisted. */
  get peeked(): boolean {
    return this.assistant?.peeked ?? false;
  }

  /** Plays the next move of a solution being shown; returns false when there is none left to play now. */
  step(): boolean {
    return this.assistant?.step() ?? false;
  }

  get playingSolution(): boolean {
    return this.assistant?.playing ?? false;
  }

  private typeKey(mode: Extract<Mode, { kind: "typing" }>, key: Key): void {
    if (key.name === "escape") {
      this.mode = { kind: "pick" };
      this.message = "";
    } else if (key.name === "backspace") {
      mode.text = mode.text.slice(0, -1);
    } else if (key.name === "enter") {
      this.mode = { kind: "pick" };
      if (mode.purpose === "deal") this.typedDeal(mode.text);
      else this.typedMoves(mode.text);
    } else if (key.name === "space") {
      mode.text += " ";
    } else if (key.name.length === 1 && !key.ctrl && mode.text.length < 200) {
      mode.text += key.name;
    }
  }

  private typedDeal(text: string): void {
    const [low, high] = dealRange(this.options.numbering);
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < low || n > high) {
      this.message = `${quoteToken(text)} is not a deal number (${low} to ${high}).`;
    } else {
      this.newDeal(n);
    }
  }

  private typedMoves(text: string): void {
    const moves = text.split(/[\s,]+/).filter((m) => m.length > 0);
    this.moved();
    let played = 0;
    for (const m of moves) {
      try {
        this.session.playNotation(m);
        played++;
      } catch (error) {
        const e = error as Error & { reason?: string };
        this.message = `${played > 0 ? `Played ${played}; ` : ""}${quoteToken(m)}: ${screenText(e.reason ?? e.message)}`;
        return;
      }
    }
    this.message = `Played ${played} move${played === 1 ? "" : "s"}.${this.afterMoveNote()}`;
  }

  private newDeal(n: number): void {
    const { game, rules, numbering, policy } = this.options;
    this.assistant?.reset();
    this.options.advisor?.cancel();
    this.session = Session.deal(game, n, rules, numbering, policy);
    this.mode = { kind: "pick" };
    this.message = `Deal #${n}.`;
  }

  private afterMoveNote(): string {
    if (this.session.isWon()) {
      const help = this.session.assisted
        ? " with the computer's moves"
        : this.peeked
          ? " with tips that saw the face-down cards (an assisted win)"
          : "";
      return ` You won in ${this.session.moveCount} moves${help}! ${this.commandKey("new")} for a new deal.`;
    }
    if (this.game.legalMoves(this.session.state).length === 0) {
      return ` No legal move is left: ${this.commandKey("undo")} to undo, ${this.commandKey("new")} for a new deal.`;
    }
    return "";
  }

  private helpLines(): string[] {
    const piles = this.piles();
    const keys = keyList([...new Set(piles.map((p) => p.key).filter((k): k is string => k !== undefined))]);
    const lines = escapeControls(this.game.about)
      .split(/(?<=\.) /)
      .map((l) => l.trim());
    lines.push("");
    if (keys.length > 0) {
      lines.push(`Keys: pick a pile by its key (${keys.join(" ")}), then the pile it goes to;`);
      lines.push("      the same key twice sends it home or where it fits. Esc cancels.");
      const longer = piles.map((p) => p.key).find((k): k is string => k !== undefined && k.length > 1);
      if (longer)
        lines.push(
          `      A key of two characters is typed at once (${[...longer].join(" then ")}); a pause, Enter or Space ends a key.`,
        );
    }
    lines.push("      Arrows move a cursor between piles; Enter or Space picks and drops.");
    const width = this.columns();
    const commands = COMMANDS.map(([command, , words]) => `${this.commandKey(command)} ${words}`);
    const out = lines.flatMap((line) => {
      // A line's words wrapped to the width, each line of it as indented as the first.
      const indent = /^ */.exec(line)?.[0] ?? "";
      return wrapWords(line.slice(indent.length), width - indent.length).map((l) => indent + l);
    });
    out.push(...joinParts(commands, "   ", width - 2).map((l) => `  ${l}`));
    out.push(
      ...wrapWords(`Moves in notation: ${this.commandKey("type")} then e.g. ${this.example()}.`, width),
    );
    return out;
  }

  private example(): string {
    const moves = this.game.legalMoves(this.session.state).slice(0, 3);
    return moves.map((m) => this.game.notation.format(this.session.state, m)).join(" ") || "a move";
  }

  render(): string {
    const colour = this.options.colour ?? false;
    const b = (s: string) => (colour ? `${BOLD}${s}${RESET}` : s);
    const lines = [...this.titleLines().map(b), ""];
    const piles = this.piles();
    const mode = this.mode;
    const selected =
      mode.kind === "destination" ? piles.findIndex((p) => samePile(p.ref, mode.selection.from)) : undefined;
    const table = this.renderer.draw(piles, {
      selected,
      cursor: this.cursor >= 0 ? this.cursor : undefined,
      colour,
      room: this.room(),
    });
    if (this.mode.kind === "help") {
      // The help in place of the table when both do not fit the terminal's height.
      const help = [...this.helpLines(), "", "(any key to go back)"];
      const rows = this.options.rows?.() ?? 24;
      if (lines.length + table.length + 1 + help.length <= rows) lines.push(...table, "");
      lines.push(...help);
      return lines.join("\n");
    }
    lines.push(...table, "");
    if (this.mode.kind === "typing") {
      lines.push(...this.messageLines(), `> ${screenText(this.mode.text)}_`);
    } else {
      lines.push(...this.messageLines());
      for (const line of wrapWords(this.footerText(), this.columns()))
        lines.push(colour ? `${DIM}${line}${RESET}` : line);
    }
    return lines.join("\n");
  }

  /** The title line: the game, the deal, the moves; broken between its parts when the terminal is narrower. */
  private titleLines(): string[] {
    const session = this.session;
    const parts = [
      `tsol ${this.game.title}`,
      this.describeOrigin(session),
      `moves: ${session.moveCount}`,
      `auto: ${session.policy}`,
      ...(this.game.score ? [`score: ${this.game.score(session.state)}`] : []),
      // Games with face-down cards: whether the tips see them.
      ...(this.game.knowledge === undefined ? [] : [this.options.peek ? "tips: peek" : "tips: blind"]),
    ];
    // A part wider than the terminal (a preset's long name) is broken between its words.
    return joinParts(
      parts.flatMap((part) => wrapWords(part, this.columns())),
      "  ",
      this.columns(),
    );
  }

  private columns(): number {
    return Math.max(20, this.options.columns?.() ?? 80);
  }

  /** The table's room: the terminal less the title above it and the message and the keys below. */
  private room(): { width: number; height: number } {
    const footer = wrapWords(this.footerText(), this.columns()).length;
    const title = this.titleLines().length;
    return {
      width: this.columns(),
      height: Math.max(8, (this.options.rows?.() ?? 24) - 4 - title - footer),
    };
  }

  private footerText(): string {
    const k = (c: Command) => this.commandKey(c);
    return `keys pick · ${k("undo")} undo · ${k("redo")} redo · ${k("type")} type · ${k("winnable")} ${k("tip")} ${k("solve")} solver · ${k("help")} help · ${k("quit")} quit`;
  }

  private messageLines(): string[] {
    return wrapWords(screenText(this.message), this.columns());
  }

  /** The pile a notation key names, for tests and the help. */
  pileFor(ref: PileRef): PileView | undefined {
    return this.piles().find((p) => p.ref.kind === ref.kind && p.ref.index === ref.index);
  }
}

/** Keys for the help: runs of numbered keys as ranges ("1-18", "r1-r16"), the others as they are. */
export function keyList(keys: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < keys.length) {
    const m = /^([a-z]?)(\d+)$/.exec(keys[i]);
    let j = i;
    if (m) {
      while (j + 1 < keys.length && keys[j + 1] === `${m[1]}${Number(m[2]) + (j + 1 - i)}`) j++;
    }
    out.push(j - i >= 2 ? `${keys[i]}-${keys[j]}` : keys.slice(i, j + 1).join(" "));
    i = j + 1;
  }
  return out;
}

/** Parts joined by `separator` into lines of at most `width` characters, broken between parts (a longer part alone). */
export function joinParts(parts: readonly string[], separator: string, width: number): string[] {
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + separator.length + part.length <= width)
      lines[last] += separator + part;
    else lines.push(part);
  }
  return lines;
}

/** A message's lines of at most `width` characters (a longer word alone on its line), broken between words. */
export function wrapWords(text: string, width = 80): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}
