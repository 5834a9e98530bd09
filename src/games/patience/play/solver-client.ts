import type { Numbering } from "../../../cards/deals/layout.ts";
import type { PickAnswer, ProgressMessage, Request, SolveAnswer } from "../../../search/protocol.ts";
import type { AnyPatienceGame, AutoPolicy } from "../contract.ts";
import { ruleFields, type Turn } from "../session.ts";
import type { BlindAnswer, BlindRequest } from "./blind-request.ts";
import { type Analysis, positionKey, VerdictCache } from "./verdicts.ts";
import type { PlayAnswer } from "./worker.ts";

type State = { rules: unknown };

export class CancelledError extends Error {
  readonly code = "cancelled";
  constructor() {
    super("the search was cancelled: the position changed");
    this.name = "CancelledError";
  }
}

export class SolverFailedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "SolverFailedError";
  }
}

/** Why a search is asked for: the live status, a hint, the solve button, a deal to pick, the blind player. */
export type Purpose = "status" | "hint" | "solve" | "pick" | "blind";

/** Called as a search goes on, with the positions it has stored so far. */
export type Progress = (positions: number) => void;

/** The blind player's choice, its moves in notation (see play/blind-request.ts). */
export type BlindChoice = Omit<BlindAnswer, "type" | "id">;

export interface Picked {
  deal: number;
  /** The player's moves of the solution found. */
  turns: number;
  tried: number;
}

/** What the controller needs of the solver: a cache it can read at once, searches, and picks of deals. */
export interface SolverPort {
  /** The verdict for a position, when known (or lost after the lost position the turn left), at once. */
  known(
    game: AnyPatienceGame,
    state: State,
    policy: AutoPolicy,
    turn?: Turn<State, unknown>,
  ): Analysis | undefined;
  analyse(
    game: AnyPatienceGame,
    state: State,
    policy: AutoPolicy,
    budgetMs: number,
    purpose: Purpose,
    progress?: Progress,
  ): Promise<Analysis>;
  /**
   * The move of a player who sees only what a player sees, and the chance to win from here (games with hidden
   * cards); the same seed and position give the same answer, and it is kept.
   */
  blind(game: AnyPatienceGame, state: State, policy: AutoPolicy, seed: number): Promise<BlindChoice>;
  /** The blind player's choice for a position when already known. */
  blindKnown(game: AnyPatienceGame, state: State, policy: AutoPolicy, seed: number): BlindChoice | undefined;
  /** The verdict after a turn off a known solution, worked out from it on the engine (a few replays). */
  derive(game: AnyPatienceGame, turn: Turn<State, unknown>, policy: AutoPolicy): Analysis | undefined;
  pick(
    game: AnyPatienceGame,
    rules: unknown,
    policy: AutoPolicy,
    numbering: Numbering,
    kind: "winnable" | "easy",
    seed: number,
    ms: number,
  ): Promise<Picked | null>;
  /** Stops the searches of a purpose (all when none is given): their promises reject with CancelledError. */
  cancel(purpose?: Purpose): void;
  /** Loads the game's solver in the worker and runs it once, so the first real question is answered fast. */
  warm(game: AnyPatienceGame, state: State, policy: AutoPolicy): void;
}

/** The part of a Worker the client uses (a fake in the tests). */
export interface WorkerLike {
  postMessage(message: Request | BlindRequest): void;
  terminate(): void;
  onmessage: ((event: { data: PlayAnswer | ProgressMessage }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
}

interface Job {
  id: number;
  /** Jobs with the same key ask the same question: one search answers them all. */
  key: string;
  purpose: Purpose;
  budgetMs: number;
  request: Request | BlindRequest;
  promise: Promise<Answer>;
  resolve: (answer: Answer) => void;
  /** Who wants to hear of its progress. */
  progress: Progress[];
  reject: (error: Error) => void;
  startedAt?: number;
  /** False once a newer question of the same purpose replaced it: its search may be stopped. */
  wanted: boolean;
}

type Answer = (SolveAnswer & { why?: string }) | PickAnswer | BlindAnswer;

/** The purposes about the position on the table: a question about another position makes theirs stale. */
const LIVE: ReadonlySet<Purpose> = new Set(["status", "hint", "blind"]);

/** How often a search reports its progress. */
const PROGRESS_MS = 200;

/** A running search no one waits for any more is stopped (its worker ended) once it has run this long. */
const STALE_MS = 150;

/**
 * The front-ends' side of the solver worker (the page's Web Worker, the terminal's thread), speaking the platform's protocol (src/search/protocol.ts). One worker,
 * kept warm; one search at a time in it, the others queued here, so a newer question for the status replaces
 * an older one still waiting, and a question already on its way is never asked twice. A search nobody needs any
 * more is left to finish when it is young (its answer is cached: undo is then answered at once), and stopped by
 * ending the worker when it has run long. Verdicts are cached (see VerdictCache).
 */
export class SolverClient implements SolverPort {
  readonly cache = new VerdictCache();
  private readonly blinds = new Map<string, BlindChoice>();
  private worker: WorkerLike | null = null;
  private running: Job | null = null;
  private readonly queue: Job[] = [];
  private nextId = 1;

  constructor(
    private readonly makeWorker: () => WorkerLike,
    /** The clock the client times its searches by (the edge's: the platform reads none of its own). */
    private readonly now: () => number,
  ) {}

  known(
    game: AnyPatienceGame,
    state: State,
    policy: AutoPolicy,
    turn?: Turn<State, unknown>,
  ): Analysis | undefined {
    return turn ? this.cache.after(game, turn, policy) : this.cache.get(game, state, policy);
  }

  derive(game: AnyPatienceGame, turn: Turn<State, unknown>, policy: AutoPolicy): Analysis | undefined {
    return this.cache.repair(game, turn, policy);
  }

  /** Starts the worker now (the page's first question then finds it loaded, even before the table is drawn). */
  prestart(): void {
    this.ensureWorker();
  }

  /** Whether a search is running or waiting. */
  get busy(): boolean {
    return this.running !== null || this.queue.length > 0;
  }

  analyse(
    game: AnyPatienceGame,
    state: State,
    policy: AutoPolicy,
    budgetMs: number,
    purpose: Purpose,
    progress?: Progress,
  ): Promise<Analysis> {
    const hit = this.cache.get(game, state, policy);
    if (
      hit &&
      (hit.result !== "unknown" || hit.budgetMs >= budgetMs) &&
      !(purpose !== "status" && hit.result === "solved" && (hit.source === "detour" || hit.fits === false))
    ) {
      return Promise.resolve(hit);
    }
    const key = positionKey(game, state, policy);
    const pending = this.pending(key);
    if (pending && pending.budgetMs < budgetMs) {
      // The same position is being searched with less time: its answer may do; if not, ask again after it.
      pending.wanted = true;
      if (progress) pending.progress.push(progress);
      return pending.promise
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => this.analyse(game, state, policy, budgetMs, purpose, progress));
    }
    const request = (id: number): Request => ({
      type: "solve",
      id,
      game: game.id,
      rules: ruleFields(game, state.rules) as Record<string, unknown>,
      policy,
      state,
      budget: { ms: budgetMs },
      progressMs: PROGRESS_MS,
    });
    return this.submit(key, purpose, budgetMs, request, progress).then((answer) => {
      const a = answer as SolveAnswer & { why?: string };
      const analysis: Analysis = {
        result: a.result,
        turns: a.turns,
        ms: a.stats.ms,
        budgetMs,
        positions: a.stats.positions,
        ...(a.reason ? { reason: a.reason } : {}),
        ...(a.proof ? { proof: a.proof } : {}),
        ...(a.why ? { why: a.why } : {}),
        source: "search",
      };
      return this.cache.put(game, state, policy, analysis);
    });
  }

  pick(
    game: AnyPatienceGame,
    rules: unknown,
    policy: AutoPolicy,
    numbering: Numbering,
    kind: "winnable" | "easy",
    seed: number,
    ms: number,
  ): Promise<Picked | null> {
    const fields = ruleFields(game, rules) as Record<string, unknown>;
    const key = `pick|${game.id}|${kind}|${seed}|${JSON.stringify(fields)}|${policy}|${numbering}`;
    return this.submit(key, "pick", ms, (id) => ({
      type: "pick",
      id,
      game: game.id,
      rules: fields,
      policy,
      numbering,
      kind,
      seed,
      ms,
    })).then((answer) => {
      const a = answer as PickAnswer;
      return a.deal === null ? null : { deal: a.deal, turns: a.turns, tried: a.tried };
    });
  }

  blindKnown(game: AnyPatienceGame, state: State, policy: AutoPolicy, seed: number): BlindChoice | undefined {
    return this.blinds.get(`${seed}|${game.board.format(state)}|${positionKey(game, state, policy)}`);
  }

  blind(game: AnyPatienceGame, state: State, policy: AutoPolicy, seed: number): Promise<BlindChoice> {
    // The exact position: the blind player's samples follow the order of the cards as they lie.
    const key = `${seed}|${game.board.format(state)}|${positionKey(game, state, policy)}`;
    const known = this.blinds.get(key);
    if (known) return Promise.resolve(known);
    const request = (id: number): BlindRequest => ({
      type: "blind",
      id,
      game: game.id,
      rules: ruleFields(game, state.rules) as Record<string, unknown>,
      policy,
      state,
      seed,
    });
    return this.submit(`blind|${key}`, "blind", 0, request).then((answer) => {
      const { type: _t, id: _i, ...choice } = answer as BlindAnswer;
      if (this.blinds.size > 2000) this.blinds.clear();
      this.blinds.set(key, choice);
      return choice;
    });
  }

  warm(game: AnyPatienceGame, state: State, policy: AutoPolicy): void {
    this.analyse(game, state, policy, 1000, "status").catch(() => undefined);
  }

  cancel(purpose?: Purpose): void {
    for (const job of this.queue.slice()) {
      if (purpose === undefined || job.purpose === purpose) this.drop(job);
    }
    const running = this.running;
    if (running && (purpose === undefined || running.purpose === purpose)) this.stopRunning();
  }

  dispose(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = null;
  }

  private submit(
    key: string,
    purpose: Purpose,
    budgetMs: number,
    request: (id: number) => Request | BlindRequest,
    progress?: Progress,
  ): Promise<Answer> {
    const same = this.pending(key);
    if (same && same.budgetMs >= budgetMs) {
      same.wanted = true;
      if (progress) same.progress.push(progress);
      return same.promise;
    }
    // Only the newest question of a purpose matters: older ones still waiting are dropped, and a search running
    // for an older one is stopped once it has run a while.
    const stale = (job: Job) =>
      job.purpose === purpose || (job.purpose === "hint" && job.key !== key && LIVE.has(purpose));
    for (const job of this.queue.slice()) if (stale(job)) this.drop(job);
    const running = this.running;
    // A hint's long search for another position is stale too (the player moved, or changed games): the newer
    // question must not wait behind it. (The status's and the blind player's are short, and other questions of
    // the page, for the same position, must not drop them.)
    if (running && stale(running)) this.unwant(running);
    const id = this.nextId++;
    let resolve!: (answer: Answer) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<Answer>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // A cancelled search rejects; callers that no longer care need not catch it.
    promise.catch(() => undefined);
    const job: Job = {
      id,
      key,
      purpose,
      budgetMs,
      request: request(id),
      promise,
      resolve,
      reject,
      progress: progress ? [progress] : [],
      wanted: true,
    };
    // The player waits for a hint or a solve: they go before the status.
    if (purpose === "status") this.queue.push(job);
    else this.queue.unshift(job);
    this.pump();
    return promise;
  }

  private pending(key: string): Job | undefined {
    return [this.running, ...this.queue].find((j): j is Job => j !== null && j.key === key);
  }

  /** No one waits for the running search any more: stop it now if it has run a while, else a little later. */
  private unwant(job: Job): void {
    job.wanted = false;
    const age = this.now() - (job.startedAt ?? 0);
    const stop = () => {
      if (this.running === job && !job.wanted) this.stopRunning();
    };
    if (age >= STALE_MS) stop();
    else setTimeout(stop, STALE_MS - age);
  }

  private drop(job: Job): void {
    const at = this.queue.indexOf(job);
    if (at >= 0) this.queue.splice(at, 1);
    job.reject(new CancelledError());
  }

  /** Ends the worker and its search; a new worker takes the next question. */
  private stopRunning(): void {
    const job = this.running;
    this.running = null;
    this.worker?.terminate();
    this.worker = null;
    job?.reject(new CancelledError());
    this.pump();
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) return;
    const job = this.queue.shift() as Job;
    job.startedAt = this.now();
    this.running = job;
    this.ensureWorker().postMessage(job.request);
  }

  private ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const worker = this.makeWorker();
    worker.onmessage = (event) => {
      const message = event.data;
      const job = this.running;
      if (!job || job.id !== message.id) return;
      if (message.type === "progress") {
        for (const listen of job.progress) listen(message.positions);
        return;
      }
      this.running = null;
      if (message.type === "error") job.reject(new SolverFailedError(message.code, message.message));
      else job.resolve(message);
      this.pump();
    };
    worker.onerror = (event) => {
      const job = this.running;
      this.running = null;
      if (this.worker === worker) this.worker = null;
      worker.terminate();
      job?.reject(
        new SolverFailedError("internal", `the solver stopped: ${event.message || "worker error"}`),
      );
      this.pump();
    };
    this.worker = worker;
    return worker;
  }
}
