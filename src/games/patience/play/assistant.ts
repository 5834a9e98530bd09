import type { AnyPatienceGame, AutoPolicy } from "../contract.ts";
import type { Turn } from "../session.ts";
import { chanceWords, hintWords, peeks, playsBlind, searchingWords } from "./advice.ts";
import { quickMove } from "./quick-move.ts";
import { type BlindChoice, CancelledError, type SolverPort } from "./solver-client.ts";
import { type Analysis, searching, type Verdict, verdictOf } from "./verdicts.ts";

type State = { rules: unknown };
type AnyTurn = Turn<State, unknown>;

/** A message for the player: the web's notice line, the terminal's message. */
export interface Notice {
  text: string;
  tone: "info" | "error" | "warn" | "win";
}

/**
 * A hint: the best move known first, then the other legal moves one by one. A provisional hint is a quick
 * search's move, shown at once while the solver searches on; it becomes the solver's when it answers.
 */
export type Hint =
  | { kind: "thinking" }
  | {
      kind: "move";
      move: unknown;
      text: string;
      rank: number;
      total: number;
      best: boolean;
      provisional?: boolean;
    }
  | { kind: "none"; text: string };

/** What a front-end gives its assistant: the position on the table, its settings and words, and its outputs. */
export interface AssistantHost {
  game: AnyPatienceGame;
  solver: SolverPort;
  /** The position on the table now. */
  state(): State;
  policy(): AutoPolicy;
  /** Hints, Solve and the status see face-down cards (the setting, `tsol play --peek`). */
  peek(): boolean;
  /** Milliseconds, for the quick search's limit and the verdict's latency. */
  clock(): number;
  /** The status's search budget. */
  statusBudgetMs(): number;
  /** The front-end's words: how to ask for another hint ("Hint again", "t again") and how to stop Solve. */
  words: { again: string; stop: string; notation?: boolean; chance?: boolean };
  /** Shows a message. */
  say(notice: Notice): void;
  /** Something the player sees changed (the hint, the verdict, a solution to play): draw again. */
  changed(): void;
  /** Plays a solution's move as the computer's; false when it was not played. */
  play(move: unknown): boolean;
  /** The verdict for the position on the table was set from an analysis (the web flags a losing move then). */
  judged?(): void;
}

/** Solve searches on until it finds a line (or Stop): the status shows how far it has got. */
export const SOLVE_BUDGET_MS = 120_000;
/** A hint is given at once; the solver looks this long for a better one behind it. */
export const HINT_BUDGET_MS = 30_000;
/** The quick search behind an immediate hint: at most so many positions and milliseconds. */
const QUICK_POSITIONS = 300;
const QUICK_MS = 60;
/** The blind player's samples follow this seed: the same position gets the same advice. */
const BLIND_SEED = 1;

const NO_MOVES = "There are no legal moves: the game is lost. Undo, or start a new deal.";
const WON: Verdict = { status: "won", detail: "Every card is home." };

/** A full stop last, unless the text ends a sentence already. */
const fullStop = (text: string): string => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** A sentence: a capital first, a full stop last. */
export const sentence = (text: string): string =>
  fullStop(text.trim().charAt(0).toUpperCase() + text.trim().slice(1));

/** Turns a hint or Solve can play: written for this layout, and not a detour back and forth. */
const usable = (a: Analysis): boolean => a.fits !== false && a.source !== "detour" && a.turns.length > 0;

/**
 * The player's help for one table, the same in every front-end: hints (at once from what is known or a quick
 * search, improved by the solver behind them, then every other legal move in turn), the winnable status with
 * the search's progress, and Solve (the solver's line, or the blind player's decided again at each card turned
 * up) played a move at a time by `step`. Framework-free: the host shows what it says and draws on `changed`.
 */
export class Assistant {
  hint: Hint | null = null;
  verdict: Verdict = searching();
  /** The position the verdict is about (the terminal asks for it only on w). */
  private verdictAt: State | null = null;
  /** Milliseconds from the move to its verdict, when it came (for the bench). */
  verdictLatencyMs: number | null = null;
  /** Of which the solver's own search in the worker (0 when the verdict was known or derived). */
  verdictSearchMs = 0;
  /** The face-down cards were seen by a hint, Solve or the status in this game: a win is an assisted one. */
  peeked = false;
  /** Solve is searching or playing its line. */
  solving = false;
  private hintMoves: unknown[] = [];
  private hintBest = false;
  /** The moves of the line being played, in notation; `then` decides again when they run out (blind). */
  private line: string[] = [];
  private lineThen: (() => void) | undefined;
  /** w was pressed while the status was searching: say the verdict when it comes. */
  private announcing = false;
  private movedAt = 0;

  constructor(private readonly host: AssistantHost) {}

  private get game(): AnyPatienceGame {
    return this.host.game;
  }

  /** Whether hints, Solve and the status play blind now (face-down cards, no peeking, a blind player). */
  get blind(): boolean {
    return playsBlind(this.game, this.host.state(), this.host.peek());
  }

  /** Whether the player sees face-down cards now: the solver's verdict then rests on knowing them. */
  get hiddenCards(): boolean {
    return this.game.piles(this.host.state(), "player").some((p) => p.cards.some((c) => !c.faceUp));
  }

  /** Solve has a line to play: the host calls `step` (now, or on its timer). */
  get playing(): boolean {
    return this.solving && this.line.length > 0;
  }

  /** The position changed (a move, undo, a deal): the hint shown is about the old one. */
  moved(): void {
    this.hint = null;
    this.hintMoves = [];
    this.announcing = false;
  }

  /** A new game: nothing seen of it yet. */
  reset(): void {
    this.stop();
    this.moved();
    this.peeked = false;
  }

  private notePeek(): void {
    if (peeks(this.game, this.host.state(), this.host.peek())) this.peeked = true;
  }

  private failed(error: Error, who = "The solver"): void {
    if (error instanceof CancelledError || (error as { code?: string }).code === "cancelled") return;
    this.host.say({ text: `${who} failed: ${error.message}`, tone: "error" });
    this.host.changed();
  }

  // ---- The status -------------------------------------------------------------------------------------

  private setVerdict(analysis: Analysis): void {
    const state = this.host.state();
    this.verdictAt = state;
    if (this.game.isWon(state)) {
      this.verdict = WON;
      return;
    }
    if (this.blind) return;
    this.verdict = verdictOf(analysis);
    if (this.hiddenCards && this.verdict.status !== "checking") {
      this.notePeek();
      this.verdict = {
        ...this.verdict,
        detail: `${this.verdict.detail} The solver knows the face-down cards; you do not.`,
      };
    }
    this.verdictLatencyMs = this.host.clock() - this.movedAt;
    this.verdictSearchMs = analysis.source === "search" ? analysis.ms : 0;
    this.host.judged?.();
    this.announced();
  }

  /** The status without peeking: the chance to win from here, from the blind player's samples. */
  private setChance(choice: BlindChoice): void {
    this.verdictAt = this.host.state();
    if (this.game.isWon(this.host.state())) {
      this.verdict = WON;
      return;
    }
    this.verdict = { status: "chance", detail: chanceWords(choice.chance).detail, chance: choice.chance };
    this.verdictLatencyMs = this.host.clock() - this.movedAt;
    this.verdictSearchMs = choice.ms;
    this.announced();
  }

  private announced(): void {
    if (!this.announcing) return;
    this.announcing = false;
    this.host.say({ text: this.verdict.detail, tone: "info" });
  }

  /**
   * The status for the position on the table: at once from what is known, else from the worker within the
   * status's budget, saying how far its search has got meanwhile. Blind, the chance to win from here. `turn` is
   * the move that led here (a verdict may follow from the one before it); `since` when it was made.
   */
  refresh(turn?: AnyTurn, since = this.host.clock()): void {
    this.movedAt = since;
    const state = this.host.state();
    this.verdictAt = state;
    if (this.game.isWon(state)) {
      this.verdict = WON;
      this.verdictLatencyMs = this.host.clock() - since;
      return;
    }
    const { solver } = this.host;
    const policy = this.host.policy();
    const live = () => this.host.state() === state;
    if (this.blind) {
      const known = solver.blindKnown(this.game, state, policy, BLIND_SEED);
      if (known) {
        this.setChance(known);
        return;
      }
      this.verdict = { status: "checking", detail: "Weighing the ways the face-down cards may lie…" };
      this.verdictLatencyMs = null;
      solver.blind(this.game, state, policy, BLIND_SEED).then(
        (choice) => {
          if (!live() || !this.blind) return;
          this.setChance(choice);
          this.host.changed();
        },
        (error: Error) => {
          if (error instanceof CancelledError || !live()) return;
          this.verdict = { status: "unknown", detail: `The blind player failed: ${error.message}` };
          this.host.changed();
        },
      );
      return;
    }
    const budget = this.host.statusBudgetMs();
    const known = solver.known(this.game, state, policy, turn);
    if (known && (known.result !== "unknown" || known.budgetMs >= budget)) {
      this.setVerdict(known);
      return;
    }
    this.verdict = searching();
    this.verdictLatencyMs = null;
    solver
      .analyse(this.game, state, policy, budget, "status", (positions) => {
        if (!live() || this.verdict.status !== "checking") return;
        this.verdict = searching(positions);
        if (this.announcing) this.host.say({ text: searchingWords(positions), tone: "info" });
        this.host.changed();
      })
      .then(
        (analysis) => {
          if (!live()) return;
          this.setVerdict(analysis);
          this.host.changed();
        },
        (error: Error) => {
          if (error instanceof CancelledError || !live()) return;
          this.verdict = { status: "unknown", detail: `The solver failed: ${error.message}` };
          this.host.changed();
        },
      );
  }

  /**
   * The verdict after a turn off a known solution, worked out on this thread from the old one (a few replays):
   * for a status whose search is slow to answer. Returns whether it was found.
   */
  derive(turn: AnyTurn): boolean {
    if (this.host.state() !== turn.after || this.verdict.status !== "checking") return false;
    const derived = this.host.solver.derive(this.game, turn, this.host.policy());
    if (!derived) return false;
    this.setVerdict(derived);
    this.host.changed();
    return true;
  }

  /** w: the status in words; while it is searching, how far it has got, then the verdict when it comes. */
  announce(): void {
    if (this.verdictAt !== this.host.state()) this.refresh();
    if (this.verdict.status !== "checking") {
      this.host.say({ text: this.verdict.detail, tone: "info" });
      return;
    }
    this.announcing = true;
    this.host.say({
      text: this.blind ? this.verdict.detail : searchingWords(this.verdict.positions),
      tone: "info",
    });
  }

  // ---- Hints --------------------------------------------------------------------------------------------

  /**
   * Hint, at once: the best move known (the solver's line, the blind player's, else a quick search's, marked as
   * such while the solver searches on behind it and replaces it when it finds a win). Each further press shows
   * another legal move. The board never moves: the words go on the message line.
   */
  hintPress(): void {
    const state = this.host.state();
    if (this.game.isWon(state)) {
      this.host.say({ text: "This game is won.", tone: "info" });
      return;
    }
    const h = this.hint;
    if (h && (h.kind === "move" || h.kind === "none") && this.hintMoves.length > 0) {
      this.showHint(h.kind === "move" ? (h.rank + 1) % this.hintMoves.length : 0);
      return;
    }
    if (h?.kind === "thinking") return;
    if (this.blind) {
      this.blindHint();
      return;
    }
    const { solver } = this.host;
    const policy = this.host.policy();
    const known = solver.known(this.game, state, policy);
    // A known verdict serves, but a winnable one only with turns written for this layout and not a detour.
    if (known && (known.result === "unsolvable" || (known.result === "solved" && usable(known)))) {
      this.notePeek();
      this.hintFrom(known);
      return;
    }
    const quick = quickMove(this.game, state, policy, {
      positions: QUICK_POSITIONS,
      ms: QUICK_MS,
      now: this.host.clock,
    });
    if (!quick) {
      this.hintFrom({ result: "unknown", turns: [], ms: 0, budgetMs: 0, source: "search" });
      return;
    }
    this.notePeek();
    this.hintMoves = this.orderedMoves(quick.move);
    this.hintBest = true;
    this.showHint(0, true);
    const live = () => this.host.state() === state;
    solver
      .analyse(this.game, state, policy, HINT_BUDGET_MS, "hint", (positions) => {
        if (!live() || this.hint?.kind !== "move" || !this.hint.provisional) return;
        if (this.verdict.status === "checking" || this.verdict.status === "unknown") {
          this.verdict = searching(positions);
          this.host.changed();
        }
      })
      .then((analysis) => {
        if (!live()) return;
        this.setVerdict(analysis);
        const shown = this.hint;
        if (shown?.kind === "move" && shown.provisional) {
          if (analysis.result === "unknown") {
            this.host.say({
              text: `${shown.text} The solver found no sure win within ${Math.round(analysis.budgetMs / 1000)} s.`,
              tone: "info",
            });
          } else this.hintFrom(analysis);
        }
        this.host.changed();
      })
      .catch((error: Error) => this.failed(error));
  }

  /** The legal moves with `best` first. */
  private orderedMoves(best: unknown): unknown[] {
    const id = JSON.stringify(best);
    return [best, ...this.game.legalMoves(this.host.state()).filter((m) => JSON.stringify(m) !== id)];
  }

  /** The blind player's move (it sees only what the player sees); the status's question, usually answered already. */
  private blindHint(): void {
    const state = this.host.state();
    const policy = this.host.policy();
    const known = this.host.solver.blindKnown(this.game, state, policy, BLIND_SEED);
    if (known) {
      this.hintFromBlind(known);
      return;
    }
    this.hint = { kind: "thinking" };
    this.host.say({ text: "Weighing the ways the face-down cards may lie…", tone: "info" });
    this.host.changed();
    this.host.solver
      .blind(this.game, state, policy, BLIND_SEED)
      .then((choice) => {
        if (this.host.state() !== state || this.hint?.kind !== "thinking") return;
        this.setChance(choice);
        this.hintFromBlind(choice);
      })
      .catch((error: Error) => {
        if (this.hint?.kind === "thinking") this.hint = null;
        this.failed(error, "The blind player");
      });
  }

  private parse(text: string | null | undefined): unknown {
    if (text === null || text === undefined) return undefined;
    try {
      return this.game.notation.parse(this.host.state(), text);
    } catch {
      return undefined;
    }
  }

  private hintFromBlind(choice: BlindChoice): void {
    const best = this.parse(choice.move);
    if (best === undefined) {
      this.hintMoves = this.game.legalMoves(this.host.state());
      this.hintBest = false;
      this.noHint(
        this.hintMoves.length === 0
          ? NO_MOVES
          : "No way the face-down cards may lie lets this position be won.",
      );
      return;
    }
    this.hintMoves = this.orderedMoves(best);
    this.hintBest = true;
    this.showHint(0, false, choice);
  }

  private hintFrom(analysis: Analysis): void {
    const best =
      analysis.result === "solved" && analysis.turns.length > 0 ? this.parse(analysis.turns[0]) : undefined;
    this.hintMoves = best === undefined ? this.game.legalMoves(this.host.state()) : this.orderedMoves(best);
    this.hintBest = best !== undefined;
    if (this.hintMoves.length === 0) this.noHint(NO_MOVES);
    else if (!this.hintBest)
      this.noHint(
        analysis.result === "unsolvable"
          ? `No move wins from here: ${verdictOf(analysis).proof ?? "this position cannot be won"}.`
          : "The solver found no win within its time.",
      );
    else this.showHint(0);
  }

  /** No best move: why, and (when there are legal moves) that a further press shows them. */
  private noHint(text: string): void {
    this.hint = { kind: "none", text };
    const more = this.hintMoves.length > 0 ? ` Press ${this.host.words.again} to see the legal moves.` : "";
    this.host.say({ text: `${text}${more}`, tone: "warn" });
    this.host.changed();
  }

  private showHint(rank: number, provisional = false, blind?: BlindChoice): void {
    const state = this.host.state();
    const move = this.hintMoves[rank];
    const best = this.hintBest && rank === 0;
    const { words } = this.host;
    const described = this.game.describe(state, move);
    // The terminal names the move in notation first: the player can type it.
    const said = words.notation
      ? fullStop(`${this.game.notation.format(state, move)}, ${described}`)
      : sentence(described);
    const total = this.hintMoves.length;
    const others = total - (this.hintBest ? 1 : 0);
    const chance = blind && words.chance ? ` Chance to win ${chanceWords(blind.chance).short}.` : "";
    const text = best
      ? `${hintWords(said, provisional ? "quick" : blind ? "blind" : "solver", others, words.again)}${chance}`
      : `Another legal move (${this.hintBest ? rank : rank + 1} of ${others}): ${said}`;
    this.hint = {
      kind: "move",
      move,
      text,
      rank,
      total,
      best,
      ...(provisional && best ? { provisional: true } : {}),
    };
    this.host.say({ text, tone: "info" });
    this.host.changed();
  }

  // ---- Solve ------------------------------------------------------------------------------------------

  /**
   * Plays a winning line from here, a move at a time (`step`), as soon as one is known (the search's progress
   * shows meanwhile); blind, the blind player's moves, decided again at each card turned up. A second press stops.
   */
  solvePress(): void {
    if (this.solving) {
      this.stop();
      this.host.say({ text: "Stopped. The moves made so far are the computer's.", tone: "info" });
      this.host.changed();
      return;
    }
    const state = this.host.state();
    if (this.game.isWon(state)) {
      this.host.say({ text: "This game is won.", tone: "info" });
      return;
    }
    this.solving = true;
    this.hint = null;
    this.host.say({ text: "Solving…", tone: "info" });
    this.host.changed();
    if (this.blind) {
      this.solveBlind();
      return;
    }
    const { solver } = this.host;
    const policy = this.host.policy();
    const live = () => this.solving && this.host.state() === state;
    const known = solver.known(this.game, state, policy);
    const ready =
      known && known.result === "solved" && usable(known)
        ? Promise.resolve(known)
        : solver.analyse(this.game, state, policy, SOLVE_BUDGET_MS, "solve", (positions) => {
            if (!live()) return;
            this.host.say({
              text: `Solving… ${searchingWords(positions)}; ${this.host.words.stop} stops it.`,
              tone: "info",
            });
            this.verdict = searching(positions);
            this.host.changed();
          });
    ready
      .then((analysis) => {
        if (!live()) return;
        this.setVerdict(analysis);
        if (analysis.result !== "solved") {
          this.solving = false;
          this.host.say({
            text:
              analysis.result === "unsolvable"
                ? `This position cannot be won (${verdictOf(analysis).proof}). Undo to go back to one that can.`
                : `The solver could not decide within ${Math.round(analysis.budgetMs / 1000)} s.`,
            tone: "warn",
          });
          this.host.changed();
          return;
        }
        this.notePeek();
        this.host.say({
          text: `Playing the solution (${analysis.turns.length} moves)… ${this.host.words.stop} stops it.`,
          tone: "info",
        });
        this.playLine(analysis.turns);
      })
      .catch((error: Error) => {
        this.solving = false;
        this.failed(error);
      });
  }

  /** Solve without peeking: the blind player's line to the next card turned up, then its next decision. */
  private solveBlind(): void {
    if (!this.solving) return;
    const state = this.host.state();
    if (this.game.isWon(state) || !this.blind) {
      // Every card seen: the solver's answer is no longer a peek.
      this.solving = false;
      if (!this.game.isWon(state)) this.solvePress();
      else this.host.changed();
      return;
    }
    this.host.solver
      .blind(this.game, state, this.host.policy(), BLIND_SEED)
      .then((choice) => {
        if (!this.solving || this.host.state() !== state) return;
        this.setChance(choice);
        if (choice.move === null || choice.line.length === 0) {
          this.solving = false;
          this.host.say({
            text: "The blind player sees no way to win from here: no way the face-down cards may lie can be won.",
            tone: "warn",
          });
          this.host.changed();
          return;
        }
        this.host.say({
          text: `Playing the blind player's moves (chance to win ${chanceWords(choice.chance).short})… ${this.host.words.stop} stops it.`,
          tone: "info",
        });
        this.playLine(choice.line, () => this.solveBlind());
      })
      .catch((error: Error) => {
        this.solving = false;
        this.failed(error, "The blind player");
      });
  }

  private playLine(turns: readonly string[], then?: () => void): void {
    this.line = turns.slice();
    this.lineThen = then;
    this.host.changed();
  }

  /**
   * Plays the next move of Solve's line; returns whether more of it is left to play now. When the line ends
   * without a win, Solve ends (blind, it decides again on what is seen now, and `changed` says when to go on).
   */
  step(): boolean {
    if (!this.solving) return false;
    const move = this.parse(this.line.shift());
    if (move === undefined || !this.host.play(move) || this.game.isWon(this.host.state())) {
      if (move === undefined && this.solving)
        this.host.say({ text: "The solution no longer fits this position: Solve stopped.", tone: "warn" });
      this.finish();
      return false;
    }
    if (this.line.length > 0) return true;
    const then = this.lineThen;
    if (then) then();
    else this.finish();
    return false;
  }

  private finish(): void {
    this.solving = false;
    this.line = [];
    this.lineThen = undefined;
    this.host.changed();
  }

  /** Stops Solve (its search and its line). */
  stop(): void {
    this.line = [];
    this.lineThen = undefined;
    if (this.solving) {
      this.solving = false;
      this.host.solver.cancel("solve");
    }
  }
}
