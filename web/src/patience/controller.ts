import { dealRange, type Numbering } from "../../../src/cards/deals/layout.ts";
import type { AnyPatienceGame, AutoPolicy, PileRef, PileView } from "../../../src/games/patience/contract.ts";
import { PILE_KEY_PAUSE_MS, PileKeyReader } from "../../../src/games/patience/pile-keys.ts";
import {
  Assistant,
  type Hint as HintShown,
  type Notice,
  sentence,
} from "../../../src/games/patience/play/assistant.ts";
import {
  clickGesture,
  commandKey,
  dropIntent,
  type Gesture,
  keyGesture,
  type Selection,
  waitingWords,
} from "../../../src/games/patience/play/gestures.ts";
import { type AnySession, ruleFields, Session, type Turn } from "../../../src/games/patience/session.ts";
import { patienceSettings, rulesOf, type Settings, SPEED_FACTOR } from "../settings.ts";
import { formatDuration, type GameInfo, StatsBook } from "../stats.ts";
import type { KeyValueStore } from "../storage.ts";
import { moveOutline, type Outline } from "./outline.ts";
import { loadGame, type SavedGame, storeGame } from "./saved-game.ts";
import { CancelledError, type SolverPort } from "./solver-client.ts";
import type { Verdict } from "./verdicts.ts";

type State = { rules: unknown };
export type AnyTurn = Turn<State, unknown>;

export type SoundKind = "move" | "home" | "error" | "win" | "deal";

/** What the page gives the controller: nothing here touches the DOM, the real clock or the real storage. */
export interface ControllerEnv {
  store: KeyValueStore;
  /** Milliseconds for the game clock (performance.now in the page). */
  clock: () => number;
  /** Milliseconds since 1970, for the statistics' dates. */
  date: () => number;
  sound: (kind: SoundKind) => void;
  solver: SolverPort;
  /** Uniform in [0, 1): deal numbers and game ids. */
  random: () => number;
  /** A fresh seed for the solver's pick of a deal. */
  seed: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** A touch screen: prompts say "tap" and never "press its key". */
  touch?: boolean;
  /** The settings changed from inside the game ("don't ask again"). */
  settingsChanged?: (settings: Settings) => void;
}

export type { Notice, Selection };

/** A hint on the table (the platform's, see play/assistant.ts), with the move's outline to draw. */
export type Hint =
  | Exclude<HintShown, { kind: "move" }>
  | (Extract<HintShown, { kind: "move" }> & { outline: Outline });

/** What the last change was, for the table's animation. */
export interface Change {
  /** Counts changes, so the table animates each one once. */
  seq: number;
  kind: "play" | "undo" | "redo" | "deal" | "restart" | "refused" | "none";
  turn?: AnyTurn;
}

/** The prompt after a win. */
export interface Finish {
  counted: boolean;
  assisted: boolean;
  moves: number;
  ms: number;
}

/** A question the player must answer before the controller goes on. */
export interface Confirm {
  title: string;
  text: string;
  yes: string;
  no: string;
  action: () => void;
}

const PICK_BUDGET_MS = 20_000;
const SOLVE_STEP_MS = 300;
/** How long the status waits for the worker before it works the verdict out from the last solution. */
const DERIVE_AFTER_MS = 30;
const SAVE_AFTER_MS = 100;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One patience game in the page, for any game of the registry: the platform's session (turns, undo, redo,
 * saves) plus what a player does with it: selection, gestures (the engine's intent and quick move decide
 * everything), the clock, statistics and saves; hints, Solve and the live winnable status are the platform's
 * Assistant, shared with the terminal. It knows no framework: a view subscribes and reads its fields.
 */
export class PatienceController {
  session: AnySession;
  /** This game's id in the statistics (a deal played again is a new game). */
  gameId: string;
  /** Counted as played: its first move was made. */
  played = false;
  selection: Selection | null = null;
  notice: Notice | null = null;
  dealing = false;
  /** Index of the turn that lost a winnable position, when flagged. */
  losingTurn: number | null = null;
  change: Change = { seq: 0, kind: "deal" };
  finished: Finish | null = null;
  confirm: Confirm | null = null;
  version = 0;

  private elapsedBase = 0;
  private runningSince: number | null = null;
  private movedAt = 0;
  private solveTimer: unknown = null;
  private deriveTimer: unknown = null;
  private saveTimer: unknown = null;
  private keyTimer: unknown = null;
  /** Pile keys of more than one character ("12", "r3") typed a character at a time. */
  private readonly pileKeys = new PileKeyReader(() =>
    this.piles().flatMap((p) => (p.key === undefined ? [] : [p.key])),
  );
  /** The step of Solve's playback under way (a timer's step must not start another). */
  private stepping = false;
  private shownHint: { from: HintShown | null; hint: Hint | null } = { from: null, hint: null };
  private readonly assistant: Assistant;
  private readonly listeners = new Set<() => void>();
  private readonly stats: StatsBook;

  constructor(
    readonly game: AnyPatienceGame,
    public settings: Settings,
    private readonly env: ControllerEnv,
    /** How a click on a card plays: "select" picks it up; "quick" plays its quick move (Montana). */
    readonly clickMode: "select" | "quick" = "select",
  ) {
    this.stats = new StatsBook(env.store, env.date);
    this.assistant = new Assistant({
      game,
      solver: env.solver,
      state: () => this.session.state,
      policy: () => this.policy,
      peek: () => this.settings.peekingHints,
      clock: env.clock,
      statusBudgetMs: () => this.settings.statusBudgetMs,
      words: { again: "Hint again", stop: "Stop" },
      say: (notice) => {
        this.notice = notice;
        this.emit();
      },
      changed: () => this.assistantChanged(),
      play: (move) => this.play(move, "computer"),
      judged: () => this.checkLosing(),
    });
    const restored = this.restore();
    if (restored) {
      this.session = restored.session;
      this.gameId = restored.id;
      this.played = restored.played;
      this.elapsedBase = restored.elapsedMs;
      this.assistant.peeked = restored.peeked;
      this.notice = {
        text: `Welcome back: ${this.title()} as you left it.`,
        tone: "info",
      };
      // A migrated save is written in today's shape at once.
      this.save();
    } else {
      this.session = this.newSession(this.randomDeal());
      this.gameId = this.newId();
      this.save();
    }
    this.refreshVerdict();
  }

  // ---- Subscription -----------------------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private emit(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  // ---- What the view reads ----------------------------------------------------------------------------

  get state(): State {
    return this.session.state;
  }

  /** The hint shown, with its move's outline (made once a hint). */
  get hint(): Hint | null {
    const from = this.assistant.hint;
    if (this.shownHint.from !== from) {
      const hint =
        from?.kind === "move"
          ? { ...from, outline: moveOutline(this.game, this.session.state, from.move) }
          : from;
      this.shownHint = { from, hint };
    }
    return this.shownHint.hint;
  }

  get verdict(): Verdict {
    return this.assistant.verdict;
  }

  /** Milliseconds from the last move to its verdict, when it came (for the bench). */
  get verdictLatencyMs(): number | null {
    return this.assistant.verdictLatencyMs;
  }

  /** Of which the solver's own search in the worker (0 when the verdict was known or derived). */
  get verdictSearchMs(): number {
    return this.assistant.verdictSearchMs;
  }

  /** Solve is searching or playing its line. */
  get solving(): boolean {
    return this.assistant.solving;
  }

  /** The face-down cards were seen by a hint, Solve or the status in this game: a win is an assisted one. */
  get peeked(): boolean {
    return this.assistant.peeked;
  }

  /**
   * Whether hints, Solve and the status play blind now (a game with face-down cards, "Hints see face-down cards"
   * off): they use the blind player, which sees only what the player sees, and the status gives the chance to win.
   */
  get blind(): boolean {
    return this.assistant.blind;
  }

  /** Whether the player sees face-down cards now (Klondike): the solver's verdict then rests on knowing them. */
  get hiddenCards(): boolean {
    return this.assistant.hiddenCards;
  }

  get policy(): AutoPolicy {
    return this.session.policy;
  }

  get numbering(): Numbering {
    return this.session.origin.numbering ?? "microsoft";
  }

  get deal(): number | undefined {
    return this.session.origin.deal;
  }

  get label(): string {
    return this.game.rules.label(this.session.rules);
  }

  piles(): PileView[] {
    return this.game.piles(this.session.state, "player");
  }

  /** "deal 617", "Solvitaire deal 3". */
  title(): string {
    const deal = this.session.origin.deal;
    if (deal === undefined) return "this deal";
    return this.numbering === "solvitaire" ? `Solvitaire deal ${deal}` : `deal ${deal}`;
  }

  elapsedMs(): number {
    return this.elapsedBase + (this.runningSince === null ? 0 : this.env.clock() - this.runningSince);
  }

  /** When the last move (or undo, redo) was made, on the env's clock: the status's latency counts from it. */
  get lastMoveAt(): number {
    return this.movedAt;
  }

  get clockRunning(): boolean {
    return this.runningSince !== null;
  }

  /**
   * The key of a command in this game: lower case, or the capital when a pile's key is the lower-case letter or
   * begins with it (Flower Garden's reserve "r1".."r16" takes r: redo is R).
   */
  commandKey(key: string): string {
    return commandKey(this.piles(), key);
  }

  // ---- Storage ----------------------------------------------------------------------------------------

  private restore(): SavedGame | undefined {
    const loaded = loadGame(this.env.store, this.game);
    if (loaded && "problem" in loaded) {
      this.notice = {
        text: `Your saved game could not be restored (${loaded.problem}); a new deal has been started.`,
        tone: "error",
      };
      return undefined;
    }
    return loaded;
  }

  /**
   * Saves a little later: a move's save (and its statistics) never stands between the move and its verdict on
   * the page. Saves come together; leaving the page saves at once.
   */
  private saveSoon(): void {
    if (this.saveTimer !== null) return;
    this.saveTimer = this.env.setTimer(() => {
      this.saveTimer = null;
      this.save();
    }, SAVE_AFTER_MS);
  }

  save(): void {
    if (this.saveTimer !== null) this.env.clearTimer(this.saveTimer);
    this.saveTimer = null;
    storeGame(this.env.store, {
      session: this.session,
      id: this.gameId,
      elapsedMs: Math.round(this.elapsedMs()),
      played: this.played,
      peeked: this.peeked,
    });
    if (this.inProgress) this.stats.progress(this.info(), this.elapsedMs(), this.session.moveCount);
  }

  private info(): GameInfo {
    return {
      id: this.gameId,
      game: this.game.id,
      label: this.label,
      rules: ruleFields(this.game, this.session.rules) as Record<string, unknown>,
      deal: this.session.origin.deal ?? null,
      numbering: this.numbering,
    };
  }

  // ---- Settings, clock --------------------------------------------------------------------------------

  updateSettings(settings: Settings): void {
    const before = patienceSettings(this.settings, this.game);
    this.settings = settings;
    const now = patienceSettings(settings, this.game);
    if (JSON.stringify(before) !== JSON.stringify(now)) {
      const differs =
        JSON.stringify(rulesOf(settings, this.game)) !== JSON.stringify(this.session.rules) ||
        now.policy !== this.policy;
      if (differs) {
        this.notice = { text: "The new rules apply from the next deal (New deal or Deal #).", tone: "info" };
      }
    }
    this.emit();
  }

  /** Stops or restarts the clock when the page is hidden or shown. */
  setVisible(visible: boolean): void {
    if (!visible && this.runningSince !== null) {
      this.elapsedBase = this.elapsedMs();
      this.runningSince = null;
      this.save();
    } else if (visible && this.runningSince === null && this.session.canUndo && !this.session.isWon()) {
      this.runningSince = this.env.clock();
    }
  }

  private stopClock(): void {
    this.elapsedBase = this.elapsedMs();
    this.runningSince = null;
  }

  // ---- Deals ------------------------------------------------------------------------------------------

  private randomDeal(): number {
    const [low, high] = dealRange(patienceSettings(this.settings, this.game).numbering);
    const top = Math.min(high, 1_000_000);
    return low + Math.floor(this.env.random() * (top - low + 1));
  }

  private newId(): string {
    return `${Math.floor(this.env.date()).toString(36)}-${Math.floor(this.env.random() * 2 ** 32).toString(36)}`;
  }

  private newSession(deal: number, numbering?: Numbering, rules?: unknown): AnySession {
    const chosen = patienceSettings(this.settings, this.game);
    return Session.deal(
      this.game,
      deal,
      rules ?? rulesOf(this.settings, this.game),
      numbering ?? chosen.numbering,
      chosen.policy,
    );
  }

  /** A game is under way: moves were made and it is not won. Leaving it loses it. */
  get inProgress(): boolean {
    return this.played && !this.session.isWon();
  }

  /** Runs `action` at once, or after the player confirms leaving the game in progress. */
  private guard(what: string, action: () => void): void {
    if (!this.inProgress || !this.settings.confirmAbandon) {
      action();
      return;
    }
    this.confirm = {
      title: "Leave this game?",
      text: `${capital(this.title())} is under way. ${capital(what)} counts it as lost in your statistics.`,
      yes: capital(what),
      no: "Keep playing",
      action,
    };
    this.emit();
  }

  /** The player's answer to the open question; "don't ask again" turns the question off in the settings. */
  answer(yes: boolean, dontAskAgain = false): void {
    const pending = this.confirm;
    this.confirm = null;
    if (dontAskAgain && yes) {
      this.settings = { ...this.settings, confirmAbandon: false };
      this.env.settingsChanged?.(this.settings);
    }
    if (yes && pending) pending.action();
    else this.emit();
  }

  /** A new deal: numbered when `deal` is given, else drawn as the settings ask (any, winnable, easy). */
  newDeal(deal?: number, numbering?: Numbering): void {
    if (deal !== undefined) {
      const n = numbering ?? patienceSettings(this.settings, this.game).numbering;
      const [low, high] = dealRange(n);
      if (!Number.isInteger(deal) || deal < low || deal > high) {
        this.say(`A deal number is a whole number from ${low} to ${high.toLocaleString("en")}.`, "error");
        return;
      }
    }
    this.guard("a new deal", () => this.dealNow(deal, numbering));
  }

  /** Opens deal n (a link): the game in progress stays when it is that deal already. */
  open(deal: number, numbering: Numbering = "microsoft"): void {
    if (this.session.origin.deal === deal && this.numbering === numbering) return;
    if (!this.game.numberings.includes(numbering)) numbering = this.game.numberings[0];
    this.newDeal(deal, numbering);
  }

  /** A deal of the statistics played again, under the rules it was played with (they need not be the settings'). */
  playAgain(deal: number, numbering: Numbering, rules: Record<string, unknown>): void {
    let made: unknown;
    try {
      made = this.game.rules.make(rules);
    } catch {
      made = undefined;
    }
    this.guard("a new deal", () => {
      this.stopSolving();
      this.startDeal(deal, numbering, "new", made);
    });
  }

  /** The same deal again, from the start, as a new game. */
  sameDeal(): void {
    const deal = this.session.origin.deal;
    if (deal === undefined) return;
    this.guard("playing it again from the start", () => this.startDeal(deal, this.numbering, "again"));
  }

  private dealNow(deal: number | undefined, numbering?: Numbering): void {
    this.stopSolving();
    if (deal !== undefined) {
      this.startDeal(deal, numbering);
      return;
    }
    const chosen = patienceSettings(this.settings, this.game);
    if (chosen.deal === "any") {
      this.startDeal(this.randomDeal());
      return;
    }
    this.dealing = true;
    this.notice = {
      text: chosen.deal === "easy" ? "Looking for an easy deal…" : "Looking for a winnable deal…",
      tone: "info",
    };
    this.emit();
    this.env.solver
      .pick(
        this.game,
        rulesOf(this.settings, this.game),
        chosen.policy,
        chosen.numbering,
        chosen.deal,
        this.env.seed(),
        PICK_BUDGET_MS,
      )
      .then((picked) => {
        this.dealing = false;
        if (!picked) {
          this.startDeal(this.randomDeal());
          this.say("No deal was proved winnable in time; here is a random one, not checked yet.", "warn");
          return;
        }
        this.startDeal(picked.deal);
        this.say(
          chosen.deal === "easy"
            ? `Easy deal ${picked.deal}: it can be won in ${picked.turns} moves.`
            : `Deal ${picked.deal} can be won.`,
        );
      })
      .catch((error: Error) => {
        this.dealing = false;
        if (error instanceof CancelledError) return;
        this.startDeal(this.randomDeal());
        this.say(`The solver failed (${error.message}); here is a random deal.`, "error");
      });
  }

  private abandon(): void {
    if (this.inProgress) this.stats.abandoned(this.info(), this.elapsedMs(), this.session.moveCount);
  }

  private startDeal(
    deal: number,
    numbering?: Numbering,
    how: "new" | "again" = "new",
    rules?: unknown,
  ): void {
    this.abandon();
    this.session = how === "again" ? this.replaySession() : this.newSession(deal, numbering, rules);
    this.gameId = this.newId();
    this.played = false;
    this.assistant.reset();
    this.elapsedBase = 0;
    this.runningSince = null;
    this.finished = null;
    this.clearPlay();
    this.change = { seq: this.change.seq + 1, kind: "deal" };
    this.notice = {
      text: how === "again" ? `${capital(this.title())} again, from the start.` : `${capital(this.title())}.`,
      tone: "info",
    };
    this.env.sound("deal");
    this.movedAt = this.env.clock();
    this.refreshVerdict();
    this.save();
    this.emit();
  }

  /** A fresh session of the same deal, rules and policy. */
  private replaySession(): AnySession {
    const { origin } = this.session;
    return new Session(this.game, this.session.initial, this.policy, origin);
  }

  /** Back to the start of the deal. The same game: redo takes the restart back; the clock waits for a move. */
  restart(): void {
    if (!this.session.canUndo) return;
    this.stopSolving();
    this.session.restart();
    this.stopClock();
    this.finished = null;
    this.clearPlay();
    this.change = { seq: this.change.seq + 1, kind: "restart" };
    this.notice = {
      text: `Back to the start of ${this.title()}. Redo takes the restart back, move by move.`,
      tone: "info",
    };
    this.env.sound("deal");
    this.movedAt = this.env.clock();
    this.refreshVerdict();
    this.save();
    this.emit();
  }

  private clearPlay(): void {
    this.selection = null;
    this.assistant.moved();
    this.losingTurn = null;
    this.dealing = false;
  }

  // ---- Moves ------------------------------------------------------------------------------------------

  /** Plays a move through the session; the engine's reason is shown when it is refused. */
  play(move: unknown, by: "player" | "computer" = "player"): boolean {
    if (by === "player") this.stopSolving();
    if (this.dealing) return false;
    this.movedAt = this.env.clock();
    let turn: AnyTurn;
    try {
      turn = this.session.play(move, by) as AnyTurn;
    } catch (error) {
      this.refuse(error instanceof Error ? error.message : String(error));
      return false;
    }
    this.selection = null;
    this.assistant.moved();
    if (!this.played) {
      this.played = true;
      this.stats.played(this.info());
    }
    if (this.runningSince === null && !this.session.isWon()) this.runningSince = this.env.clock();
    if (this.losingTurn !== null && this.losingTurn >= this.session.turns.length - 1) this.losingTurn = null;
    this.change = { seq: this.change.seq + 1, kind: "play", turn };
    this.notice = null;
    const home =
      moveOutline(this.game, turn.before, turn.move).to?.kind === "foundation" || turn.auto.length > 0;
    this.env.sound(home ? "home" : "move");
    if (this.session.isWon()) this.won();
    this.refreshVerdict(turn);
    this.saveSoon();
    this.emit();
    return true;
  }

  private won(): void {
    this.stopClock();
    const ms = this.elapsedBase;
    const moves = this.session.moveCount;
    const assisted = this.session.assisted || this.peeked;
    const counted = this.stats.won(this.info(), ms, moves, assisted);
    this.finished = { counted, assisted, moves, ms };
    this.notice = {
      text: assisted
        ? this.session.assisted
          ? `Solved with the computer's help in ${moves} moves: not counted as a win.`
          : `Won in ${moves} moves with hints that saw the face-down cards: an assisted win, not counted.`
        : counted
          ? `You won ${this.title()} in ${moves} moves and ${formatDuration(ms)}!`
          : `Won again, in ${moves} moves (this game's win is already counted).`,
      tone: "win",
    };
    this.env.sound("win");
  }

  private refuse(reason: string): void {
    this.selection = null;
    this.notice = { text: sentence(reason), tone: "error" };
    this.change = { seq: this.change.seq + 1, kind: "refused" };
    this.env.sound("error");
    this.emit();
  }

  /** Shows a message on the notice line. */
  say(text: string, tone: Notice["tone"] = "info"): void {
    this.notice = { text, tone };
    this.emit();
  }

  undo(): void {
    this.stopSolving();
    const turn = this.session.undo() as AnyTurn | undefined;
    if (!turn) {
      this.say("Nothing to undo.");
      return;
    }
    this.afterStep("undo", turn, `Took back ${this.game.describe(turn.before, turn.move)}.`);
  }

  redo(): void {
    this.stopSolving();
    const turn = this.session.redo() as AnyTurn | undefined;
    if (!turn) {
      this.say("Nothing to redo.");
      return;
    }
    this.afterStep("redo", turn, `Played again: ${this.game.describe(turn.before, turn.move)}.`);
  }

  private afterStep(kind: "undo" | "redo", turn: AnyTurn, text: string): void {
    this.movedAt = this.env.clock();
    this.selection = null;
    this.assistant.moved();
    this.change = { seq: this.change.seq + 1, kind, turn };
    this.notice = { text: sentence(text), tone: "info" };
    if (kind === "undo") this.finished = null;
    if (this.losingTurn !== null && this.losingTurn >= this.session.turns.length) this.losingTurn = null;
    if (!this.session.isWon() && this.runningSince === null && this.session.canUndo) {
      this.runningSince = this.env.clock();
    }
    this.env.sound("move");
    if (kind === "redo" && this.session.isWon()) this.won();
    this.refreshVerdict(kind === "redo" ? turn : undefined);
    this.saveSoon();
    this.emit();
  }

  // ---- Gestures: the engine decides what they mean ---------------------------------------------------

  /** The move from one pile to another, or its reason, played. */
  tryMove(from: PileRef, to: PileRef, count?: number): boolean {
    return this.playIntent(this.game.intent(this.session.state, from, to, count));
  }

  /** The engine's answer to a gesture: its move played, or its reason shown. */
  private playIntent(intent: { move: unknown } | { reason: string }): boolean {
    this.selection = null;
    this.assistant.moved();
    if ("reason" in intent) {
      this.refuse(intent.reason);
      return false;
    }
    return this.play(intent.move);
  }

  /** A drag from card `index` of a pile, dropped on another pile. */
  drop(from: PileRef, index: number, to: PileRef): boolean {
    const intent = dropIntent(this.game, this.session.state, from, index, to);
    return intent !== undefined && this.playIntent(intent);
  }

  /** A double-click (or Enter twice): home if the card can go, else where the game says. */
  quick(pile: PileRef): boolean {
    return this.playIntent(this.game.quickMove(this.session.state, pile));
  }

  /** A click on card `index` of a pile (bottom 0). */
  clickCard(pile: PileRef, index: number): void {
    this.click(pile, index);
  }

  /** A click on a pile itself: an empty one, or the space below a cascade. */
  clickPile(pile: PileRef): void {
    this.click(pile, undefined);
  }

  private click(pile: PileRef, index: number | undefined): void {
    if (this.dealing || this.solving) return;
    const act = this.env.touch ? "Tap" : "Click";
    const keys = !this.env.touch && this.piles().some((p) => p.key !== undefined);
    const where = `Where to? ${act} a pile${keys ? ", or press its key" : ""}. Esc cancels.`;
    const { game, session, selection, clickMode } = this;
    this.gesture(clickGesture(game, session.state, this.piles(), pile, index, selection, clickMode, where));
  }

  /** What a click or a key meant (the platform's gestures): a pile picked up, a move (or why not), a cancel. */
  private gesture(gesture: Gesture): void {
    if (gesture.kind === "move") this.playIntent(gesture.intent);
    else if (gesture.kind === "cancel") this.cancel();
    else {
      this.selection = gesture.selection;
      this.assistant.moved();
      this.notice = { text: gesture.prompt, tone: "info" };
      this.emit();
    }
  }

  /**
   * A key typed on the table: a pile's key picks the pile up, a second key puts it down there, the same key
   * again is its quick move; the commands (undo, redo, new deal, hint, solve, winnable) take the lower-case
   * key, or its capital in a game whose piles use the lower-case one. A key of more than one character is typed
   * a character at a time: "1" then "2" at once is pile 12 where there are piles 10 to 18, and a pause (or a
   * character that cannot go on) ends it ("1", a pause, then "2": piles 1 and 2). Returns whether the key was
   * used.
   */
  key(key: string): boolean {
    if (key.length === 1 && !this.dealing && !this.solving) {
      this.stopKeyTimer();
      const step = this.pileKeys.press(key);
      for (const k of step.piles) this.keyPile(this.piles().filter((p) => p.key === k));
      if (step.dropped !== undefined && step.piles.length === 0)
        this.refuse(`No pile's key is "${step.dropped}"`);
      if (step.waiting !== "") {
        this.awaitKey(step.waiting);
        return true;
      }
      if (step.unused === undefined) return true;
    }
    const commands: Record<string, () => void> = {
      [this.commandKey("u")]: () => this.undo(),
      [this.commandKey("r")]: () => this.redo(),
      [this.commandKey("n")]: () => this.newDeal(),
      [this.commandKey("t")]: () => this.hintPress(),
      [this.commandKey("s")]: () => this.solvePress(),
      [this.commandKey("w")]: () => this.announceVerdict(),
      Escape: () => {
        this.stopSolving();
        this.cancel();
      },
    };
    const command = commands[key];
    if (!command) return false;
    command();
    return true;
  }

  /** The start of a longer key typed: says what may follow, and takes it as typed after a pause. */
  private awaitKey(typed: string): void {
    this.notice = { text: waitingWords(this.piles(), typed), tone: "info" };
    this.keyTimer = this.env.setTimer(() => {
      this.keyTimer = null;
      const k = this.pileKeys.flush();
      if (k !== undefined) this.keyPile(this.piles().filter((p) => p.key === k));
      else if (this.notice?.text.startsWith("Type the rest")) this.notice = null;
      this.emit();
    }, PILE_KEY_PAUSE_MS);
    this.emit();
  }

  private stopKeyTimer(): void {
    if (this.keyTimer !== null) this.env.clearTimer(this.keyTimer);
    this.keyTimer = null;
  }

  /** A pile's key: pick it up, put the pile picked up there, or (the same key again) its quick move. */
  private keyPile(piles: PileView[]): void {
    this.gesture(keyGesture(this.game, this.session.state, piles, this.selection));
  }

  /** Plays moves typed in the game's notation ("3h 1a a3"), stopping at the first that does not fit. */
  playNotation(text: string): number {
    this.stopSolving();
    let played = 0;
    for (const word of text.split(/[\s,]+/).filter((w) => w.length > 0)) {
      let move: unknown;
      try {
        move = this.game.notation.parse(this.session.state, word);
      } catch (error) {
        this.refuse((error as Error).message);
        return played;
      }
      if (!this.play(move)) return played;
      played++;
    }
    return played;
  }

  cancel(): void {
    this.stopKeyTimer();
    this.pileKeys.clear();
    this.selection = null;
    this.assistant.moved();
    this.notice = null;
    this.emit();
  }

  // ---- Hint, solve, status: the platform's Assistant ---------------------------------------------------

  /** Hint: the best move known at once, improved behind it; each further press shows another legal move. */
  hintPress(): void {
    this.selection = null;
    this.assistant.hintPress();
  }

  /** Plays the move the hint shows. */
  playHint(): void {
    const hint = this.hint;
    if (hint?.kind === "move") this.play(hint.move);
  }

  /** Solve: plays a winning line from here, a move at a time, as soon as one is known; a second press stops. */
  solvePress(): void {
    this.selection = null;
    this.assistant.solvePress();
  }

  /** The assistant has news: a line to play starts its playback (a move now, the next after a pause). */
  private assistantChanged(): void {
    if (this.assistant.playing && this.solveTimer === null && !this.stepping) this.stepSolution();
    else this.emit();
  }

  private stepSolution(): void {
    this.solveTimer = null;
    this.stepping = true;
    const more = this.assistant.step();
    this.stepping = false;
    if (more) {
      const pause = this.settings.animation ? SOLVE_STEP_MS * (SPEED_FACTOR[this.settings.speed] || 1) : 40;
      this.solveTimer = this.env.setTimer(() => this.stepSolution(), pause);
    }
    this.emit();
  }

  stopSolving(): void {
    if (this.solveTimer !== null) this.env.clearTimer(this.solveTimer);
    this.solveTimer = null;
    this.assistant.stop();
  }

  /** w: the status in words (while it searches, how far it has got, then the verdict). */
  announceVerdict(): void {
    this.assistant.announce();
  }

  /**
   * The live status: at once from what is known, else from the worker within the settings' budget, saying how
   * far its search has got meanwhile; blind, the chance to win from here. When the search is slow, the old
   * solution is tried around the move meanwhile (on this thread, while the worker searches on its own).
   */
  refreshVerdict(turn?: AnyTurn): void {
    if (this.deriveTimer !== null) this.env.clearTimer(this.deriveTimer);
    this.deriveTimer = null;
    this.assistant.refresh(turn, this.movedAt);
    if (turn && this.verdict.status === "checking" && !this.blind) {
      this.deriveTimer = this.env.setTimer(() => {
        this.deriveTimer = null;
        this.assistant.derive(turn);
      }, DERIVE_AFTER_MS);
    }
  }

  /** Flags the move that turned a winnable position into a lost one. */
  private checkLosing(): void {
    if (!this.settings.flagLosing || this.verdict.status !== "not winnable") return;
    const turns = this.session.turns;
    const last = turns[turns.length - 1] as AnyTurn | undefined;
    if (!last) {
      if (!this.played) {
        this.notice = {
          // A proof fills the notice's two lines by itself (the whole of it is in the verdict's title).
          text: `${capital(this.title())} cannot be won: ${this.verdict.proof ?? "the solver proved it"}.`,
          tone: "warn",
        };
      }
      return;
    }
    const before = this.env.solver.known(this.game, last.before, this.policy);
    if (before?.result !== "solved") return;
    this.losingTurn = turns.length - 1;
    const why = this.verdict.proof ? ` Why: ${this.verdict.proof}.` : "";
    this.notice = {
      text: `That move lost the game: the position before it could be won.${why} Undo (${this.commandKey("u")}) takes it back.`,
      tone: "warn",
    };
  }

  dispose(): void {
    this.stopSolving();
    this.save();
  }
}
