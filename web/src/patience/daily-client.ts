import type { Numbering } from "../../../src/cards/deals/layout.ts";
import type { AnyPatienceGame } from "../../../src/games/patience/contract.ts";
import type { DailyDeal } from "../../../src/games/patience/daily.ts";
import type { Difficulty, Level } from "../../../src/games/patience/difficulty.ts";
import { ruleFields } from "../../../src/games/patience/session.ts";
import { isRecord, type KeyValueStore } from "../storage.ts";
import type { DailyRequest, DailyResponse } from "./daily.worker.ts";

/** Where found daily deals are kept, so a day's deal is searched for once in this browser. */
const DAILY_KEY = "tsol.daily.v1";
const KEEP_DAYS = 90;

/** A request without its id (the client numbers them). */
type Ask = DailyRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;
interface Job {
  id: number;
  ask: Ask;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  progress?: (tried: number) => void;
}

export class StaleError extends Error {
  constructor() {
    super("a newer question replaced this one");
    this.name = "StaleError";
  }
}

/**
 * The page's side of the daily worker (daily.worker.ts): one question at a time, a newer rating replacing one
 * still waiting, daily deals kept in the store by game, numbering, date and rules, ratings in memory.
 */
export class DailyClient {
  private worker: Worker | null = null;
  private running: Job | null = null;
  private readonly queue: Job[] = [];
  private nextId = 1;
  private readonly ratings = new Map<string, Difficulty>();

  constructor(private readonly store: KeyValueStore) {}

  /** The day's deal (from the store when found before), with `progress` hearing of each deal tried. */
  async daily(
    game: AnyPatienceGame,
    rules: unknown,
    numbering: Numbering,
    date: string,
    progress?: (tried: number) => void,
  ): Promise<DailyDeal> {
    const fields = ruleFields(game, rules) as Record<string, unknown>;
    const key = `${game.id}|${numbering}|${date}|${JSON.stringify(fields)}`;
    const kept = this.kept();
    const hit = kept[key];
    if (hit) return hit;
    const found = (await this.ask(
      { type: "daily", game: game.id, rules: fields, numbering, date },
      progress,
    )) as DailyDeal;
    const now = this.kept();
    now[key] = found;
    const entries = Object.entries(now).slice(-KEEP_DAYS);
    try {
      this.store.setItem(DAILY_KEY, JSON.stringify(Object.fromEntries(entries)));
    } catch {
      // A full store: the deal is searched for again next time.
    }
    return found;
  }

  /** A numbered deal's difficulty. */
  async rate(game: AnyPatienceGame, rules: unknown, numbering: Numbering, deal: number): Promise<Difficulty> {
    const fields = ruleFields(game, rules) as Record<string, unknown>;
    const key = `${game.id}|${numbering}|${deal}|${JSON.stringify(fields)}`;
    const hit = this.ratings.get(key);
    if (hit) return hit;
    for (const job of this.queue.slice()) if (job.ask.type === "rate") this.drop(job);
    const d = (await this.ask({ type: "rate", game: game.id, rules: fields, numbering, deal })) as Difficulty;
    this.ratings.set(key, d);
    return d;
  }

  /** The next deal of a level, drawn from `seed`; null when none of the deals tried had it. */
  async level(
    game: AnyPatienceGame,
    rules: unknown,
    numbering: Numbering,
    level: Level,
    seed: number,
  ): Promise<{ deal: number; difficulty: Difficulty; tried: number } | null> {
    const fields = ruleFields(game, rules) as Record<string, unknown>;
    const found = (await this.ask({
      type: "level",
      game: game.id,
      rules: fields,
      numbering,
      level,
      seed,
    })) as {
      deal: number;
      difficulty: Difficulty;
      tried: number;
    } | null;
    if (found)
      this.ratings.set(`${game.id}|${numbering}|${found.deal}|${JSON.stringify(fields)}`, found.difficulty);
    return found;
  }

  private kept(): Record<string, DailyDeal> {
    try {
      const raw: unknown = JSON.parse(this.store.getItem(DAILY_KEY) ?? "{}");
      if (!isRecord(raw)) return {};
      const out: Record<string, DailyDeal> = {};
      for (const [k, v] of Object.entries(raw))
        if (isRecord(v) && typeof v.deal === "number" && Number.isInteger(v.deal) && v.deal > 0)
          out[k] = v as unknown as DailyDeal;
      return out;
    } catch {
      return {};
    }
  }

  private ask(ask: Ask, progress?: (tried: number) => void): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, ask, resolve, reject, ...(progress ? { progress } : {}) });
      this.pump();
    });
  }

  private drop(job: Job): void {
    this.queue.splice(this.queue.indexOf(job), 1);
    job.reject(new StaleError());
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) return;
    const job = this.queue.shift() as Job;
    this.running = job;
    this.ensureWorker().postMessage({ ...job.ask, id: job.id } as DailyRequest);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./daily.worker.ts", import.meta.url), {
      type: "module",
      name: "tsol-daily",
    });
    worker.onmessage = (event: MessageEvent<DailyResponse>) => {
      const message = event.data;
      const job = this.running;
      if (!job || job.id !== message.id) return;
      if (message.type === "progress") {
        job.progress?.(message.tried);
        return;
      }
      this.running = null;
      if (message.type === "error") job.reject(new Error(message.message));
      else job.resolve(message.value);
      this.pump();
    };
    worker.onerror = (event) => {
      const job = this.running;
      this.running = null;
      this.worker = null;
      worker.terminate();
      job?.reject(new Error(`the daily worker stopped: ${event.message || "worker error"}`));
      this.pump();
    };
    this.worker = worker;
    return worker;
  }
}

let shared: DailyClient | null = null;

/** The page's one daily client. */
export function dailyClient(store: KeyValueStore): DailyClient {
  shared ??= new DailyClient(store);
  return shared;
}
