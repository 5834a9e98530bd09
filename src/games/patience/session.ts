import type { Card } from "../../cards/card.ts";
import { DealNumberError, isDealNumber, NUMBERINGS, type Numbering } from "../../cards/deals/layout.ts";
import { quoteToken } from "../../cards/text.ts";
import { type AnyPatienceGame, AUTO_POLICIES, type AutoPolicy, type PatienceGame } from "./contract.ts";
import { SaveError } from "./errors.ts";

/** Who made a turn's move: the player, or the computer (a hint followed is the player's; solve is the computer's). */
export type Mover = "player" | "computer";

/** One player move and the automatic moves it caused; undo and redo take them together. */
export interface Turn<S, M> {
  move: M;
  auto: M[];
  /** The move and the automatic moves in the game's notation, in the order played. */
  notation: string[];
  /** The cards each automatic move carried, in order (for animations). */
  carried: Card[][];
  by: Mover;
  before: S;
  after: S;
}

/** Where a game's first position came from: a numbered deal, or a board. */
export interface Origin {
  deal?: number;
  numbering?: Numbering;
}

/** A saved game: the starting board and the player's moves in notation, replayed through the engine on load. */
export interface PatienceSave {
  game: string;
  version: 2;
  deal: number | null;
  numbering: Numbering;
  rules: unknown;
  policy: AutoPolicy;
  board: string;
  moves: string[];
  redo: string[];
  /** Which of `moves` the computer made (indices), so an assisted game stays assisted. */
  computer?: number[];
}

/** The cards that changed piles between two positions (what a move carried), in the order of the later piles. */
export function movedCards<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  before: S,
  after: S,
): Card[] {
  const where = new Map<Card, string>();
  for (const pile of game.piles(before, "solver")) {
    for (const view of pile.cards)
      if (view.card !== null) where.set(view.card, `${pile.ref.kind}${pile.ref.index}`);
  }
  const out: Card[] = [];
  for (const pile of game.piles(after, "solver")) {
    const at = `${pile.ref.kind}${pile.ref.index}`;
    for (const view of pile.cards) if (view.card !== null && where.get(view.card) !== at) out.push(view.card);
  }
  return out;
}

/** Plays `move` and the policy's automatic moves after it; throws IllegalMoveError when the move is illegal. */
export function playTurn<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  before: S,
  move: M,
  policy: AutoPolicy,
  by: Mover = "player",
  /** Whether to work out the cards each automatic move carried (for animations; a solution's turns skip it). */
  carry = true,
): Turn<S, M> {
  const notation = [game.notation.format(before, move)];
  let state = game.apply(before, move);
  const auto = game.autoMoves(state, policy);
  const carried: Card[][] = [];
  for (const a of auto) {
    notation.push(game.notation.format(state, a));
    const next = game.apply(state, a);
    if (carry) carried.push(movedCards(game, state, next));
    state = next;
  }
  return { move, auto, notation, carried, by, before, after: state };
}

/**
 * A game in progress, for every patience game: the position, the turns played (for undo) and the turns undone
 * (for redo), and saves that replay every move through the engine.
 */
export class Session<S extends { rules: R }, M, R> {
  private past: Turn<S, M>[] = [];
  private future: Turn<S, M>[] = [];
  private current: S;
  /** The automatic moves the policy makes on the deal itself, before any player move (not undoable). */
  readonly opening: M[];
  /** The position after the opening moves: where play starts, and where undo and restart stop. */
  readonly start: S;

  constructor(
    readonly game: PatienceGame<S, M, R>,
    readonly initial: S,
    readonly policy: AutoPolicy = game.policies[0],
    readonly origin: Origin = {},
  ) {
    if (!game.policies.includes(policy)) {
      throw new SaveError(`${game.title} has no automatic-move policy ${quoteToken(String(policy))}`);
    }
    this.opening = game.autoMoves(initial, policy);
    let state = initial;
    for (const move of this.opening) state = game.apply(state, move);
    this.start = state;
    this.current = state;
  }

  /** Deal n of a numbering under the rules. */
  static deal<S extends { rules: R }, M, R>(
    game: PatienceGame<S, M, R>,
    deal: number,
    rules: R,
    numbering: Numbering = "microsoft",
    policy: AutoPolicy = game.policies[0],
  ): Session<S, M, R> {
    return new Session(game, game.deal(deal, rules, numbering), policy, { deal, numbering });
  }

  get state(): S {
    return this.current;
  }

  get rules(): R {
    return this.initial.rules;
  }

  get turns(): readonly Turn<S, M>[] {
    return this.past;
  }

  /** The turns undone, the next to redo last. */
  get undone(): readonly Turn<S, M>[] {
    return this.future;
  }

  /** Moves made, one per move in notation, automatic moves included. */
  get moveCount(): number {
    return this.past.reduce((n, turn) => n + 1 + turn.auto.length, 0);
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** Whether the computer made any move of the turns now played. */
  get assisted(): boolean {
    return this.past.some((t) => t.by === "computer");
  }

  isWon(): boolean {
    return this.game.isWon(this.current);
  }

  /** Plays a move, then the policy's automatic moves; throws IllegalMoveError with the reason if it is illegal. */
  play(move: M, by: Mover = "player"): Turn<S, M> {
    const turn = playTurn(this.game, this.current, move, this.policy, by);
    this.past.push(turn);
    this.future = [];
    this.current = turn.after;
    return turn;
  }

  /** Plays a move written in the game's notation. */
  playNotation(text: string, by: Mover = "player"): Turn<S, M> {
    return this.play(this.game.notation.parse(this.current, text), by);
  }

  undo(): Turn<S, M> | undefined {
    const turn = this.past.pop();
    if (!turn) return undefined;
    this.future.push(turn);
    this.current = turn.before;
    return turn;
  }

  redo(): Turn<S, M> | undefined {
    const turn = this.future.pop();
    if (!turn) return undefined;
    this.past.push(turn);
    this.current = turn.after;
    return turn;
  }

  /**
   * Back to the start of play. The turns played become turns to redo, so a restart can be taken back by
   * redoing them (a move played after the restart clears them, as any new move clears redo).
   */
  restart(): void {
    while (this.past.length > 0) this.undo();
  }

  toSave(): PatienceSave {
    const computer = this.past.flatMap((t, i) => (t.by === "computer" ? [i] : []));
    return {
      game: this.game.id,
      version: 2,
      deal: this.origin.deal ?? null,
      numbering: this.origin.numbering ?? "microsoft",
      rules: ruleFields(this.game, this.initial.rules),
      policy: this.policy,
      board: this.game.board.format(this.initial),
      moves: this.past.map((t) => t.notation[0]),
      redo: this.future
        .slice()
        .reverse()
        .map((t) => t.notation[0]),
      ...(computer.length > 0 ? { computer } : {}),
    };
  }

  /**
   * Rebuilds a game from a save (version 2, or FreeCell's version 1), checking every field as the command line
   * would and replaying every move through the engine; throws SaveError saying what does not fit.
   */
  static fromSave(raw: unknown, findGame: (id: string) => AnyPatienceGame | undefined): AnySession {
    const save = checkSave(raw, findGame);
    const { game } = save;
    let rules: unknown;
    try {
      rules = game.rules.make(withoutFixedParts(game, save.rules));
    } catch (error) {
      throw new SaveError(`its rules are wrong: ${(error as Error).message}`);
    }
    let initial: { rules: unknown };
    try {
      initial = game.board.parse(save.board, rules);
    } catch (error) {
      throw new SaveError(`its board is unreadable: ${(error as Error).message}`);
    }
    if (save.deal !== null) {
      const dealt = game.deal(save.deal, rules, save.numbering);
      if (game.board.format(dealt) !== game.board.format(initial)) {
        throw new SaveError(`its board is not ${save.numbering} deal ${save.deal}`);
      }
    }
    if (!game.policies.includes(save.policy)) {
      throw new SaveError(`${game.title} has no automatic-move policy ${quoteToken(save.policy)}`);
    }
    const origin = save.deal === null ? {} : { deal: save.deal, numbering: save.numbering };
    const session: AnySession = new Session(game, initial, save.policy, origin);
    const computer = new Set(save.computer);
    const replay = (moves: string[], offset: number) =>
      moves.forEach((text, i) => {
        try {
          session.playNotation(text, computer.has(offset + i) ? "computer" : "player");
        } catch (error) {
          throw new SaveError(
            `move ${offset + i + 1} ${quoteToken(text)} does not replay: ${(error as Error).message}`,
          );
        }
      });
    replay(save.moves, 0);
    replay(save.redo, save.moves.length);
    for (let i = 0; i < save.redo.length; i++) session.undo();
    return session;
  }
}

/**
 * A save's rules without the parts a game fixes at its defaults (FreeCell's `reserve: false`, which some saves
 * of version 1 wrote): the schema names only what may change, and refuses any other key.
 */
function withoutFixedParts(game: AnyPatienceGame, rules: unknown): unknown {
  if (typeof rules !== "object" || rules === null || Array.isArray(rules)) return rules;
  const named = new Set(game.rules.fields.map((f) => f.key));
  const defaults = game.rules.defaults as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(rules as Record<string, unknown>).filter(
      ([k, v]) => named.has(k) || !(k in defaults) || v !== defaults[k],
    ),
  );
}

/** The rules as the game's schema names them (a preset's fixed parts, such as King Albert's reserve, left out). */
export function ruleFields<R>(game: { rules: { fields: readonly { key: string }[] } }, rules: R): Partial<R> {
  const out: Record<string, unknown> = {};
  for (const { key } of game.rules.fields) out[key] = (rules as Record<string, unknown>)[key];
  return out as Partial<R>;
}

/** A session of any game, as front-ends hold them. */
export type AnySession = Session<{ rules: unknown }, unknown, unknown>;

interface CheckedSave {
  game: AnyPatienceGame;
  deal: number | null;
  numbering: Numbering;
  rules: unknown;
  policy: AutoPolicy;
  board: string;
  moves: string[];
  redo: string[];
  computer: number[];
}

/** A value of a save as a message shows it: text quoted as it is, anything else as JSON; escaped and cut. */
const shown = (v: unknown): string => quoteToken(typeof v === "string" ? v : String(JSON.stringify(v)));

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((m) => typeof m === "string");

function checkSave(raw: unknown, findGame: (id: string) => AnyPatienceGame | undefined): CheckedSave {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new SaveError("not an object");
  const s = raw as Record<string, unknown>;
  const game = typeof s.game === "string" ? findGame(s.game) : undefined;
  if (!game) throw new SaveError(`unknown game ${shown(s.game)}`);
  if (s.version !== 2 && !(s.version === 1 && s.game === "freecell")) {
    throw new SaveError(`unknown version ${shown(s.version)}`);
  }
  const numbering = s.version === 1 ? "microsoft" : s.numbering;
  if (!NUMBERINGS.includes(numbering as Numbering) || !game.numberings.includes(numbering as Numbering)) {
    throw new SaveError(`unknown numbering ${shown(numbering)}`);
  }
  if (typeof s.board !== "string") throw new SaveError("its board is missing");
  if (!AUTO_POLICIES.includes(s.policy as AutoPolicy)) {
    throw new SaveError(`unknown policy ${shown(s.policy)}`);
  }
  if (!isStrings(s.moves) || !isStrings(s.redo)) throw new SaveError("its moves are not a list of moves");
  if (s.rules === undefined) throw new SaveError("its rules are missing");
  const computer = s.computer ?? [];
  if (!Array.isArray(computer) || !computer.every((i) => Number.isInteger(i) && i >= 0)) {
    throw new SaveError("its list of computer moves is not a list of move numbers");
  }
  if (s.deal !== null && !(typeof s.deal === "number" && isDealNumber(s.deal, numbering as Numbering))) {
    throw new SaveError(new DealNumberError(s.deal, numbering as Numbering).message);
  }
  return {
    game,
    deal: s.deal as number | null,
    numbering: numbering as Numbering,
    rules: s.rules,
    policy: s.policy as AutoPolicy,
    board: s.board,
    moves: s.moves,
    redo: s.redo,
    computer: computer as number[],
  };
}
