import type { Card } from "../../../src/cards/card.ts";
import { drawSeed } from "../../../src/cards/entropy.ts";
import { FreeCellGame, type Turn } from "../../../src/games/freecell/game.ts";
import { formatMove, parseMove, splitMoves } from "../../../src/games/freecell/notation.ts";
import {
  type AutoPolicy,
  applyUnchecked,
  type FreeCellRules,
  legalMoves,
  type Move,
  makeRules,
  type Place,
  placeName,
  runLength,
  topCard,
  whyIllegal,
} from "../../../src/games/freecell/rules.ts";
import { isAutomatic } from "../../../src/games/freecell/solver.ts";
import { VARIANTS } from "../../../src/games/freecell/variants.ts";
import type { Settings } from "../settings.ts";
import { playSound } from "../sound.ts";
import { formatDuration, recordAbandoned, recordPlayed, recordWin } from "../stats.ts";
import { isRecord, KEYS, readStored, writeStored } from "../storage.ts";
import { describeMove, doubleClickMove, findMove, pickable, samePlace } from "./moves.ts";
import type { Analysis } from "./protocol.ts";
import { CancelledError, type SolverClient } from "./solver-client.ts";

export type VerdictStatus = "checking" | "winnable" | "not winnable" | "unknown" | "won";
export interface Verdict {
  status: VerdictStatus;
  detail: string;
}

export interface Notice {
  text: string;
  tone: "info" | "error" | "warn" | "win";
}

export type Hint =
  | { stage: "all"; moves: Move[] }
  | { stage: "thinking" }
  | { stage: "best"; move: Move | null; detail: string };

/** What the last change was, for the board's animation. */
export interface Change {
  /** Counts changes, so the board animates each one once. */
  seq: number;
  kind: "play" | "undo" | "redo" | "deal" | "none";
  /** Cards the automatic foundation moves carried, in order (they follow the player's move). */
  auto: Card[];
}

interface StoredGame {
  version: 1;
  save: unknown;
  gameId: string;
  elapsedMs: number;
  assisted: boolean;
}

const SOLVE_BUDGET_MS = 20_000;
const HINT_BUDGET_MS = 8_000;
const PICK_BUDGET_MS = 20_000;

/** The rules the settings ask for. */
export function rulesFromSettings(settings: Settings): FreeCellRules {
  return makeRules({ ...VARIANTS[settings.freecell.variant].rules, cells: settings.freecell.cells });
}

/** "FreeCell", "Baker's Game, 2 cells": the variant's name, which is also its statistics' key. */
export function variantLabel(rules: FreeCellRules): string {
  const base =
    rules.build === "suit"
      ? "Baker's Game"
      : rules.empty === "kings"
        ? "FreeCell, kings in spaces"
        : "FreeCell";
  const extra: string[] = [];
  if (rules.cells !== 4) extra.push(`${rules.cells} ${rules.cells === 1 ? "cell" : "cells"}`);
  if (rules.cascades !== 8) extra.push(`${rules.cascades} cascades`);
  if (!rules.sequenceMoves) extra.push("single-card moves");
  if (rules.fromFoundation) extra.push("cards leave foundations");
  return [base, ...extra].join(", ");
}

const randomDeal = (): number => 1 + Math.floor(Math.random() * 1_000_000);
const newGameId = (): string =>
  `${Date.now().toString(36)}-${Math.floor(Math.random() * 2 ** 32).toString(36)}`;

function checkStoredGame(raw: unknown): { game: FreeCellGame; stored: StoredGame } {
  if (!isRecord(raw)) throw new Error("it is not an object");
  if (raw.version !== 1) throw new Error(`unknown version ${JSON.stringify(raw.version)}`);
  if (typeof raw.gameId !== "string") throw new Error("its game id is missing");
  if (typeof raw.elapsedMs !== "number" || !(raw.elapsedMs >= 0)) throw new Error("its time is not a number");
  const game = FreeCellGame.fromSave(raw.save);
  return {
    game,
    stored: {
      version: 1,
      save: raw.save,
      gameId: raw.gameId,
      elapsedMs: raw.elapsedMs,
      assisted: raw.assisted === true,
    },
  };
}

/** FreeCell in the page: the engine's game plus selection, hints, the solver and the clock. */
export class FreeCellController {
  game: FreeCellGame;
  gameId: string;
  selection: { from: Place; count: number } | null = null;
  hint: Hint | null = null;
  notice: Notice | null = null;
  verdict: Verdict = { status: "checking", detail: "" };
  solving = false;
  dealing = false;
  /** Index of the turn that lost a winnable position, when flagged. */
  losingTurn: number | null = null;
  /** The solver played (part of) this game: a win is not counted. */
  assisted = false;
  change: Change = { seq: 0, kind: "deal", auto: [] };
  version = 0;

  private elapsedBase = 0;
  private runningSince: number | null = null;
  private solveTimer: ReturnType<typeof setTimeout> | null = null;
  private listeners = new Set<() => void>();

  constructor(
    public settings: Settings,
    readonly solver: SolverClient,
  ) {
    const loaded = readStored(KEYS.freecell, checkStoredGame, () => null);
    if (loaded.value) {
      this.game = loaded.value.game;
      this.gameId = loaded.value.stored.gameId;
      this.elapsedBase = loaded.value.stored.elapsedMs;
      this.assisted = loaded.value.stored.assisted;
      if (this.game.moveCount > 0 && !this.game.isWon()) this.runningSince = performance.now();
      this.notice = { text: `Welcome back: ${this.title()} as you left it.`, tone: "info" };
    } else {
      this.game = FreeCellGame.fromDeal(randomDeal(), rulesFromSettings(settings), settings.freecell.policy);
      this.gameId = newGameId();
      if (loaded.problem) {
        this.notice = {
          text: `Your saved game could not be restored (${loaded.problem}); a new deal has been started.`,
          tone: "error",
        };
      }
      this.save();
    }
    this.refreshVerdict();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private emit(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  get state() {
    return this.game.state;
  }

  get policy(): AutoPolicy {
    return this.game.policy;
  }

  get statsKey(): string {
    return variantLabel(this.game.initial.rules);
  }

  title(): string {
    return this.game.deal === undefined ? "this deal" : `deal ${this.game.deal}`;
  }

  elapsedMs(): number {
    return this.elapsedBase + (this.runningSince === null ? 0 : performance.now() - this.runningSince);
  }

  /** Stops or restarts the clock when the page is hidden or shown. */
  setVisible(visible: boolean): void {
    if (!visible && this.runningSince !== null) {
      this.elapsedBase = this.elapsedMs();
      this.runningSince = null;
      this.save();
    } else if (visible && this.runningSince === null && this.game.moveCount > 0 && !this.game.isWon()) {
      this.runningSince = performance.now();
    }
  }

  updateSettings(settings: Settings): void {
    const before = this.settings;
    this.settings = settings;
    const rulesChanged =
      JSON.stringify(rulesFromSettings(settings)) !== JSON.stringify(this.game.initial.rules) ||
      settings.freecell.policy !== this.game.policy;
    if (rulesChanged && JSON.stringify(before.freecell) !== JSON.stringify(settings.freecell)) {
      this.notice = {
        text: "The new rules and auto-move policy apply from the next deal (New deal or Deal #).",
        tone: "info",
      };
    }
    this.emit();
  }

  save(): void {
    const stored: StoredGame = {
      version: 1,
      save: this.game.toSave(),
      gameId: this.gameId,
      elapsedMs: Math.round(this.elapsedMs()),
      assisted: this.assisted,
    };
    writeStored(KEYS.freecell, stored);
  }

  // ---- Deals ------------------------------------------------------------------------------------------

  private abandon(): void {
    if (this.game.moveCount > 0 && !this.game.isWon()) recordAbandoned(this.statsKey, this.gameId);
  }

  /** A new deal: numbered when `deal` is given, else drawn as the settings ask (any, winnable, easy). */
  newDeal(deal?: number): void {
    this.stopSolving();
    if (deal !== undefined) {
      this.startDeal(deal);
      return;
    }
    const kind = this.settings.freecell.deal;
    if (kind === "any") {
      this.startDeal(randomDeal());
      return;
    }
    const rules = rulesFromSettings(this.settings);
    this.dealing = true;
    this.notice = {
      text: kind === "easy" ? "Looking for an easy deal…" : "Looking for a winnable deal…",
      tone: "info",
    };
    this.emit();
    this.solver
      .pickDeal(kind, drawSeed(), rules, this.settings.freecell.policy, PICK_BUDGET_MS)
      .then((picked) => {
        this.dealing = false;
        if (!picked) {
          this.startDeal(randomDeal());
          this.notice = { text: "No deal was proved winnable in time; here is a random one.", tone: "warn" };
          this.emit();
          return;
        }
        this.startDeal(picked.deal);
        this.notice = {
          text:
            kind === "easy"
              ? `Easy deal ${picked.deal}: it can be won in ${picked.playerMoves} moves.`
              : `Deal ${picked.deal} can be won.`,
          tone: "info",
        };
        this.emit();
      })
      .catch((error: Error) => {
        this.dealing = false;
        if (error instanceof CancelledError) return;
        this.startDeal(randomDeal());
        this.notice = { text: `The solver failed (${error.message}); here is a random deal.`, tone: "error" };
        this.emit();
      });
  }

  private startDeal(deal: number): void {
    this.abandon();
    this.game = FreeCellGame.fromDeal(deal, rulesFromSettings(this.settings), this.settings.freecell.policy);
    this.gameId = newGameId();
    this.assisted = false;
    this.elapsedBase = 0;
    this.runningSince = null;
    this.afterDeal(`Deal ${deal}. Good luck!`);
  }

  /** Back to the start of the same deal; the same game for the statistics. */
  restart(): void {
    this.stopSolving();
    this.game.restart();
    this.afterDeal(`${this.title()} restarted.`);
  }

  private afterDeal(text: string): void {
    this.selection = null;
    this.hint = null;
    this.losingTurn = null;
    this.dealing = false;
    this.notice = { text, tone: "info" };
    this.change = { seq: this.change.seq + 1, kind: "deal", auto: [] };
    playSound("deal");
    this.save();
    this.refreshVerdict();
    this.emit();
  }

  // ---- Moves ------------------------------------------------------------------------------------------

  /** Plays a move through the engine; the reason is shown when it is refused. */
  play(move: Move, bySolver = false): boolean {
    if (!bySolver) this.stopSolving();
    if (this.dealing) return false;
    let turn: Turn;
    try {
      turn = this.game.play(move);
    } catch (error) {
      this.refuse(error instanceof Error ? error.message : String(error));
      return false;
    }
    this.selection = null;
    this.hint = null;
    if (this.game.turns.length === 1) recordPlayed(this.statsKey, this.gameId);
    if (this.runningSince === null && !this.game.isWon()) this.runningSince = performance.now();
    if (this.losingTurn !== null && this.losingTurn >= this.game.turns.length - 1) this.losingTurn = null;
    const autoCards = autoCardsOf(turn);
    this.change = { seq: this.change.seq + 1, kind: "play", auto: autoCards };
    this.notice = null;
    playSound(move.to.kind === "foundation" || autoCards.length > 0 ? "home" : "move");
    if (this.game.isWon()) this.won();
    this.save();
    this.refreshVerdict();
    this.emit();
    return true;
  }

  private won(): void {
    this.elapsedBase = this.elapsedMs();
    this.runningSince = null;
    const time = formatDuration(this.elapsedBase);
    const moves = this.game.moveCount;
    if (this.assisted) {
      this.notice = {
        text: `Solved by the computer in ${moves} moves. (Not counted as a win.)`,
        tone: "win",
      };
    } else {
      const counted = recordWin(this.statsKey, this.gameId, this.elapsedBase, moves);
      this.notice = {
        text: counted
          ? `You won ${this.title()} in ${moves} moves and ${time}!`
          : `Won again, in ${moves} moves (this game's win is already counted).`,
        tone: "win",
      };
    }
    playSound("win");
  }

  private refuse(reason: string): void {
    this.selection = null;
    this.notice = { text: reason.charAt(0).toUpperCase() + reason.slice(1), tone: "error" };
    this.change = { seq: this.change.seq + 1, kind: "none", auto: [] };
    playSound("error");
    this.emit();
  }

  undo(): void {
    this.stopSolving();
    const turn = this.game.undo();
    if (!turn) {
      this.notice = { text: "Nothing to undo.", tone: "info" };
      this.emit();
      return;
    }
    this.afterStep("undo", `Undid ${turn.notation.join(" ")}.`);
  }

  redo(): void {
    this.stopSolving();
    const turn = this.game.redo();
    if (!turn) {
      this.notice = { text: "Nothing to redo.", tone: "info" };
      this.emit();
      return;
    }
    this.afterStep("redo", `Redid ${turn.notation.join(" ")}.`);
    if (this.game.isWon()) this.won();
  }

  private afterStep(kind: "undo" | "redo", text: string): void {
    this.selection = null;
    this.hint = null;
    this.change = { seq: this.change.seq + 1, kind, auto: [] };
    this.notice = { text, tone: "info" };
    if (this.losingTurn !== null && this.losingTurn >= this.game.turns.length) this.losingTurn = null;
    if (!this.game.isWon() && this.runningSince === null && this.game.moveCount > 0) {
      this.runningSince = performance.now();
    }
    playSound("move");
    this.save();
    this.refreshVerdict();
    this.emit();
  }

  // ---- Pointer and keyboard ---------------------------------------------------------------------------

  /** A click on a card; `index` is its place in a cascade (bottom 0). */
  clickCard(place: Place, index: number): void {
    const sel = this.selection;
    if (sel) {
      if (samePlace(sel.from, place)) {
        const count = place.kind === "cascade" ? pickable(this.state, place.index, index) : 0;
        this.selection = count > 0 && count !== sel.count ? { from: place, count } : null;
        this.notice = null;
        this.emit();
        return;
      }
      this.moveSelectionTo(place);
      return;
    }
    this.pick(place, index);
  }

  /** A click on a pile itself (an empty one, or the space below a cascade). */
  clickPlace(place: Place): void {
    if (this.selection) {
      if (samePlace(this.selection.from, place)) {
        this.selection = null;
        this.emit();
        return;
      }
      this.moveSelectionTo(place);
      return;
    }
    if (place.kind === "cascade") {
      const n = this.state.cascades[place.index].length;
      if (n > 0) this.pick(place, n - 1);
      return;
    }
    if (topCard(this.state, place) !== undefined) this.pick(place, 0);
  }

  private pick(place: Place, index: number): void {
    if (this.dealing) return;
    const state = this.state;
    if (place.kind === "foundation" && !state.rules.fromFoundation) {
      this.notice = { text: "Cards stay on the foundations under these rules.", tone: "info" };
      this.emit();
      return;
    }
    if (topCard(state, place) === undefined) {
      this.notice = { text: `${capital(placeName(place))} is empty.`, tone: "info" };
      this.emit();
      return;
    }
    let count = 1;
    if (place.kind === "cascade") {
      count = pickable(state, place.index, index);
      if (count === 0) {
        this.refuse(
          `only the ordered run on top of cascade ${place.index + 1} can move (${runLength(state.rules, state.cascades[place.index])} card${runLength(state.rules, state.cascades[place.index]) === 1 ? "" : "s"})`,
        );
        return;
      }
    }
    this.selection = { from: place, count };
    this.notice = { text: `Where to? Click a pile, or press its key (1-8, a-d, h).`, tone: "info" };
    this.emit();
  }

  private moveSelectionTo(place: Place): void {
    const sel = this.selection;
    if (!sel) return;
    this.selection = null;
    this.tryMove(sel.from, place, sel.count);
  }

  /** A move from a drag, a click pair or the keys: the engine picks the count that fits. */
  tryMove(from: Place, to: Place, wanted: number): boolean {
    const found = findMove(this.state, from, to, wanted);
    if ("reason" in found) {
      this.refuse(found.reason);
      return false;
    }
    return this.play(found.move);
  }

  doubleClick(place: Place): void {
    this.selection = null;
    const found = doubleClickMove(this.state, place);
    if ("reason" in found) this.refuse(found.reason);
    else this.play(found.move);
  }

  /** The terminal's keys: a pile's key picks it as the source, then as the destination. */
  keyPlace(place: Place): void {
    const sel = this.selection;
    if (sel) {
      if (samePlace(sel.from, place)) {
        this.selection = null;
        this.notice = null;
        this.emit();
        return;
      }
      this.moveSelectionTo(place);
      return;
    }
    if (place.kind === "cascade") {
      const col = this.state.cascades[place.index];
      if (col.length === 0) {
        this.notice = { text: `Cascade ${place.index + 1} is empty.`, tone: "info" };
        this.emit();
        return;
      }
      this.selection = { from: place, count: runLength(this.state.rules, col) };
      this.notice = {
        text: `From cascade ${place.index + 1} to where? (1-8, a-d, h; Esc cancels)`,
        tone: "info",
      };
      this.emit();
      return;
    }
    this.pick(place, 0);
  }

  keyFoundation(): void {
    const sel = this.selection;
    if (!sel) {
      this.notice = { text: "Pick a source first: a cascade (1-8) or a cell (a-d).", tone: "info" };
      this.emit();
      return;
    }
    this.moveSelectionTo({ kind: "foundation", index: 0 });
  }

  /** Plays moves typed in standard notation ("3h 1a a3 36v2"), stopping at the first that does not fit. */
  playMoves(text: string): number {
    this.stopSolving();
    const moves = splitMoves(text);
    let played = 0;
    for (const m of moves) {
      let move: Move;
      try {
        move = parseMove(m, this.state);
      } catch (error) {
        this.refuse(error instanceof Error ? error.message : String(error));
        return played;
      }
      if (!this.play(move)) return played;
      played++;
    }
    return played;
  }

  /** Shows a message on the notice line. */
  say(text: string, tone: Notice["tone"] = "info"): void {
    this.notice = { text, tone };
    this.emit();
  }

  /** w: the status in words. */
  announceVerdict(): void {
    const v = this.verdict;
    this.say(`${v.status === "checking" ? "Still checking" : capital(v.status)}: ${v.detail}`);
  }

  cancel(): void {
    this.selection = null;
    this.hint = null;
    this.notice = null;
    this.emit();
  }

  // ---- Hint, solve, status ----------------------------------------------------------------------------

  /** First press: every legal move. Second: the solver's best next move. */
  hintPress(): void {
    if (this.game.isWon()) {
      this.notice = { text: "This game is won.", tone: "info" };
      this.emit();
      return;
    }
    if (this.hint === null || this.hint.stage !== "all") {
      const moves = legalMoves(this.state);
      this.hint = { stage: "all", moves };
      this.selection = null;
      this.notice = {
        text:
          moves.length === 0
            ? "There are no legal moves: the game is lost. Undo or start a new deal."
            : `${moves.length} legal move${moves.length === 1 ? "" : "s"}. Press Hint again for the solver's best move.`,
        tone: moves.length === 0 ? "warn" : "info",
      };
      this.emit();
      return;
    }
    const state = this.state;
    const version = this.game.moveCount;
    this.hint = { stage: "thinking" };
    this.emit();
    this.solver
      .analyse(state, this.policy, HINT_BUDGET_MS)
      .then((analysis) => {
        if (this.state !== state || this.hint?.stage !== "thinking" || version !== this.game.moveCount)
          return;
        const move = firstPlayerMove(state, analysis, this.policy);
        this.hint = {
          stage: "best",
          move,
          detail: move
            ? `Best move: ${formatMove(move, state)}, ${describeMove(state, move)}.`
            : analysis.result === "unsolvable"
              ? "No move wins from here: this position is lost. Undo to go back."
              : "The solver found no win within its budget.",
        };
        this.notice = move ? null : { text: this.hint.detail, tone: "warn" };
        this.setVerdictFrom(analysis);
        this.emit();
      })
      .catch((error: Error) => this.solverFailed(error));
  }

  /** Plays the solver's solution from here, animated; a second press stops it. */
  solvePress(): void {
    if (this.solving) {
      this.stopSolving();
      this.notice = { text: "Stopped.", tone: "info" };
      this.emit();
      return;
    }
    if (this.game.isWon()) return;
    const state = this.state;
    this.solving = true;
    this.hint = null;
    this.selection = null;
    this.notice = { text: "Solving…", tone: "info" };
    this.emit();
    this.solver
      .analyse(state, this.policy, SOLVE_BUDGET_MS)
      .then((analysis) => {
        if (!this.solving || this.state !== state) return;
        this.setVerdictFrom(analysis);
        if (analysis.result !== "solved") {
          this.solving = false;
          this.notice = {
            text:
              analysis.result === "unsolvable"
                ? "This position cannot be won. Undo to go back to a winnable one."
                : `The solver could not decide within ${Math.round(analysis.budgetMs / 1000)} s.`,
            tone: "warn",
          };
          this.emit();
          return;
        }
        this.assisted = true;
        this.notice = {
          text: `Playing the solution (${analysis.moves.length} moves)… press Stop to stop.`,
          tone: "info",
        };
        this.emit();
        this.playSolution(analysis.moves.slice());
      })
      .catch((error: Error) => {
        this.solving = false;
        this.solverFailed(error);
      });
  }

  private playSolution(queue: Move[]): void {
    const step = () => {
      this.solveTimer = null;
      if (!this.solving) return;
      let move = queue.shift();
      // The policy already made the foundation moves the solution writes out.
      while (move && whyIllegal(this.state, move) !== undefined) move = queue.shift();
      if (!move) {
        this.solving = false;
        this.emit();
        return;
      }
      this.play(move, true);
      if (this.game.isWon() || queue.length === 0) {
        this.solving = false;
        this.emit();
        return;
      }
      this.solveTimer = setTimeout(step, this.settings.animation ? 260 : 60);
    };
    step();
  }

  stopSolving(): void {
    if (this.solveTimer !== null) clearTimeout(this.solveTimer);
    this.solveTimer = null;
    if (this.solving) {
      this.solving = false;
      this.solver.cancel();
    }
  }

  private solverFailed(error: Error): void {
    if (error instanceof CancelledError) return;
    if (this.hint?.stage === "thinking") this.hint = null;
    this.notice = { text: `The solver failed: ${error.message}`, tone: "error" };
    this.emit();
  }

  private setVerdictFrom(analysis: Analysis): void {
    this.verdict = verdictOf(analysis);
    this.checkLosing();
  }

  /** The live status: from the cache at once, else from the worker within the settings' budget. */
  refreshVerdict(): void {
    if (this.game.isWon()) {
      this.verdict = { status: "won", detail: "All cards are home." };
      return;
    }
    const state = this.state;
    const cached = this.solver.cached(state, this.policy);
    if (cached && (cached.result !== "unknown" || cached.budgetMs >= this.settings.freecell.statusBudgetMs)) {
      this.setVerdictFrom(cached);
      return;
    }
    if (this.solving) return;
    this.verdict = { status: "checking", detail: "The solver is looking at this position…" };
    this.solver
      .analyse(state, this.policy, this.settings.freecell.statusBudgetMs)
      .then((analysis) => {
        if (this.state !== state) return;
        this.setVerdictFrom(analysis);
        this.emit();
      })
      .catch((error: Error) => {
        if (error instanceof CancelledError) return;
        this.verdict = { status: "unknown", detail: `The solver failed: ${error.message}` };
        this.emit();
      });
  }

  /** Flags the move that turned a winnable position into a lost one. */
  private checkLosing(): void {
    if (!this.settings.freecell.flagLosing || this.verdict.status !== "not winnable") return;
    const turns = this.game.turns;
    const last = turns[turns.length - 1];
    if (!last) return;
    const before = this.solver.cached(last.before, this.policy);
    if (before?.result !== "solved") return;
    this.losingTurn = turns.length - 1;
    this.notice = {
      text: `That move (${last.notation[0]}) lost the game: the position before it could be won. Undo (u) to take it back.`,
      tone: "warn",
    };
  }

  /** For the bench and the tests: the move the hint shows, when it shows one. */
  hintMove(): Move | null {
    return this.hint?.stage === "best" ? this.hint.move : null;
  }

  dispose(): void {
    this.stopSolving();
    this.save();
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The cards the turn's automatic foundation moves carried, replaying them through the engine. */
function autoCardsOf(turn: Turn): Card[] {
  const cards: Card[] = [];
  let s = applyUnchecked(turn.before, turn.move);
  for (const m of turn.auto) {
    const c = topCard(s, m.from);
    if (c !== undefined) cards.push(c);
    s = applyUnchecked(s, m);
  }
  return cards;
}

/** The first move of a solution the player has to make (the policy makes the foundation moves it covers). */
function firstPlayerMove(state: FreeCellGame["state"], analysis: Analysis, policy: AutoPolicy): Move | null {
  if (analysis.result !== "solved") return null;
  let s = state;
  for (const move of analysis.moves) {
    if (!isAutomatic(s, move, policy)) return move;
    s = applyUnchecked(s, move);
  }
  return null;
}

function verdictOf(analysis: Analysis): Verdict {
  if (analysis.result === "solved") {
    return {
      status: "winnable",
      detail: `The solver wins from here in ${analysis.moves.length} moves.`,
    };
  }
  if (analysis.result === "unsolvable") {
    return { status: "not winnable", detail: "Proved: no sequence of moves wins from here." };
  }
  return {
    status: "unknown",
    detail: `No verdict within ${(analysis.budgetMs / 1000).toFixed(1)} s${analysis.reason ? ` (${analysis.reason})` : ""}.`,
  };
}
