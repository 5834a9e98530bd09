import { isMicrosoftDeal, MAX_MICROSOFT_DEAL } from "../../cards/microsoft.ts";
import { quoteToken, shortText } from "../../cards/text.ts";
import { formatBoard, parseBoard } from "./board-text.ts";
import { dealMicrosoft } from "./deal.ts";
import { formatMove, NotationError, parseMove } from "./notation.ts";
import {
  AUTO_POLICIES,
  type AutoPolicy,
  applyMove,
  autoMoves,
  DEFAULT_RULES,
  type FreeCellRules,
  type FreeCellState,
  isWon,
  legalMoves,
  type Move,
  makeRules,
} from "./rules.ts";

/** One player move and the automatic foundation moves it caused; undo and redo take them together. */
export interface Turn {
  move: Move;
  auto: Move[];
  /** The move and the auto-moves in standard notation, in the order played. */
  notation: string[];
  before: FreeCellState;
  after: FreeCellState;
}

/** A game in progress: the position, the turns played (for undo) and the turns undone (for redo). */
export class FreeCellGame {
  private past: Turn[] = [];
  private future: Turn[] = [];
  private current: FreeCellState;

  constructor(
    readonly initial: FreeCellState,
    readonly policy: AutoPolicy = "safe",
    /** The Microsoft deal number, when the game is a numbered deal. */
    readonly deal?: number,
  ) {
    this.current = initial;
  }

  static fromDeal(
    deal: number,
    rules: Partial<FreeCellRules> = {},
    policy: AutoPolicy = "safe",
  ): FreeCellGame {
    return new FreeCellGame(dealMicrosoft(deal, rules), policy, deal);
  }

  get state(): FreeCellState {
    return this.current;
  }

  get turns(): readonly Turn[] {
    return this.past;
  }

  /** Moves made, one per move in notation, automatic foundation moves included. */
  get moveCount(): number {
    return this.past.reduce((n, turn) => n + 1 + turn.auto.length, 0);
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  isWon(): boolean {
    return isWon(this.current);
  }

  legalMoves(): Move[] {
    return legalMoves(this.current);
  }

  /** Plays a move (throws IllegalMoveError with the reason if it is illegal), then the policy's auto-moves. */
  play(move: Move): Turn {
    const before = this.current;
    const moved = applyMove(before, move);
    const auto = autoMoves(moved, this.policy);
    const notation = [formatMove(move, before)];
    let s = moved;
    for (const a of auto.moves) {
      notation.push(formatMove(a, s));
      s = applyMove(s, a);
    }
    const turn: Turn = { move, auto: auto.moves, notation, before, after: auto.state };
    this.past.push(turn);
    this.future = [];
    this.current = turn.after;
    return turn;
  }

  /** Plays a move written in standard notation. */
  playNotation(text: string): Turn {
    return this.play(parseMove(text, this.current));
  }

  undo(): Turn | undefined {
    const turn = this.past.pop();
    if (!turn) return undefined;
    this.future.push(turn);
    this.current = turn.before;
    return turn;
  }

  redo(): Turn | undefined {
    const turn = this.future.pop();
    if (!turn) return undefined;
    this.past.push(turn);
    this.current = turn.after;
    return turn;
  }

  /** Back to the deal as dealt, history cleared. */
  restart(): void {
    this.past = [];
    this.future = [];
    this.current = this.initial;
  }

  /** A save: the starting board, the rules, the policy and the player's moves in notation. */
  toSave(): FreeCellSave {
    return {
      game: "freecell",
      version: 1,
      deal: this.deal ?? null,
      rules: this.initial.rules,
      policy: this.policy,
      board: formatBoard(this.initial),
      moves: this.past.map((t) => t.notation[0]),
      redo: this.future
        .slice()
        .reverse()
        .map((t) => t.notation[0]),
    };
  }

  /** Rebuilds a game from a save, replaying every move through the engine; throws SaveError when it does not fit. */
  static fromSave(raw: unknown): FreeCellGame {
    const save = checkSave(raw);
    let initial: FreeCellState;
    try {
      initial = parseBoard(save.board, save.rules);
    } catch (error) {
      throw new SaveError(`its board is unreadable: ${(error as Error).message}`);
    }
    if (save.deal !== null && formatBoard(dealMicrosoft(save.deal, save.rules)) !== formatBoard(initial)) {
      throw new SaveError(`its board is not deal ${save.deal} under its rules`);
    }
    const game = new FreeCellGame(initial, save.policy, save.deal ?? undefined);
    const replay = (moves: string[]) =>
      moves.forEach((text, i) => {
        try {
          game.playNotation(text);
        } catch (error) {
          const reason = error instanceof NotationError ? error.reason : (error as Error).message;
          throw new SaveError(`move ${i + 1} ${quoteToken(text)} does not replay: ${reason}`);
        }
      });
    replay(save.moves);
    replay(save.redo);
    for (let i = 0; i < save.redo.length; i++) game.undo();
    return game;
  }
}

export interface FreeCellSave {
  game: "freecell";
  version: 1;
  deal: number | null;
  rules: FreeCellRules;
  policy: AutoPolicy;
  board: string;
  moves: string[];
  redo: string[];
}

export class SaveError extends Error {
  readonly code = "bad_save";
  constructor(reason: string) {
    super(`saved game: ${reason}`);
    this.name = "SaveError";
  }
}

/** A value from a save as a message shows it: a string quoted, anything else as JSON; escaped and cut. */
function shown(value: unknown): string {
  return typeof value === "string" ? quoteToken(value) : shortText(JSON.stringify(value) ?? String(value));
}

/** Checks a save's shape: every field of the right type and range, the rules as strictly as the command line's. */
export function checkSave(raw: unknown): FreeCellSave {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new SaveError("not an object");
  const s = raw as Record<string, unknown>;
  if (s.game !== "freecell") throw new SaveError(`game is ${shown(s.game)}, not "freecell"`);
  if (s.version !== 1) throw new SaveError(`unknown version ${shown(s.version)}`);
  if (typeof s.board !== "string") throw new SaveError("board is missing");
  if (!AUTO_POLICIES.includes(s.policy as AutoPolicy))
    throw new SaveError(`unknown policy ${shown(s.policy)} (one of ${AUTO_POLICIES.join(", ")})`);
  const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((m) => typeof m === "string");
  if (!isStrings(s.moves) || !isStrings(s.redo)) throw new SaveError("moves are not a list of moves");
  if (s.deal !== null && !(typeof s.deal === "number" && isMicrosoftDeal(s.deal))) {
    throw new SaveError(`deal ${shown(s.deal)} is not a deal number (1 to ${MAX_MICROSOFT_DEAL}, or null)`);
  }
  if (typeof s.rules !== "object" || s.rules === null || Array.isArray(s.rules)) {
    throw new SaveError(`rules ${shown(s.rules)} are not an object of rules`);
  }
  const known = Object.keys(DEFAULT_RULES);
  const unknown = Object.keys(s.rules).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw new SaveError(`unknown rule ${quoteToken(unknown[0])} (the rules are ${known.join(", ")})`);
  }
  let rules: FreeCellRules;
  try {
    rules = makeRules(s.rules as Partial<FreeCellRules>);
  } catch (error) {
    throw new SaveError(`its rules: ${(error as Error).message}`);
  }
  return {
    game: "freecell",
    version: 1,
    deal: s.deal as number | null,
    rules,
    policy: s.policy as AutoPolicy,
    board: s.board,
    moves: s.moves,
    redo: s.redo,
  };
}
