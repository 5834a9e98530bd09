import { mulberry32 } from "../../../src/cards/random.ts";
import type { BlindRequest } from "../../../src/games/patience/play/blind-request.ts";
import { InThreadWorker } from "../../../src/games/patience/play/in-thread.ts";
import type { Request as SolverRequest } from "../../../src/search/protocol.ts";
import { MemoryStore } from "../storage.ts";
import type { ControllerEnv, SoundKind } from "./controller.ts";
import { SolverClient } from "./solver-client.ts";

/**
 * The page's edge made of plain parts, for the tests: a store in memory, a clock the test moves, seeded
 * randomness, timers run on request, and a worker that answers the platform's protocol in this process
 * (asynchronously, as a real worker does).
 */
type Request = SolverRequest | BlindRequest;

/** A worker that answers in this process: the platform's, shared with the terminal's tests. */
export class FakeWorker extends InThreadWorker {}

export interface FakeEnv extends ControllerEnv {
  store: MemoryStore;
  solver: SolverClient;
  sounds: SoundKind[];
  /** Every request sent to a worker, in order. */
  requests: Request[];
  workers: FakeWorker[];
  /** Moves the clock on. */
  tick(ms: number): void;
  /** Runs the timers due (the solve's steps), again and again until none is left or `limit` ran. */
  runTimers(limit?: number): number;
  settingsSeen: unknown[];
}

export function fakeEnv(options: { store?: MemoryStore; seed?: number; touch?: boolean } = {}): FakeEnv {
  let now = 1000;
  const timers = new Map<number, () => void>();
  let nextTimer = 1;
  const requests: Request[] = [];
  const workers: FakeWorker[] = [];
  const random = mulberry32(options.seed ?? 7);
  const env: FakeEnv = {
    store: options.store ?? new MemoryStore(),
    clock: () => now,
    date: () => 1_700_000_000_000 + now,
    sound: (kind) => env.sounds.push(kind),
    sounds: [],
    solver: new SolverClient(
      () => {
        const worker = new FakeWorker(() => performance.now(), requests);
        workers.push(worker);
        return worker;
      },
      () => performance.now(),
    ),
    random,
    seed: () => Math.floor(random() * 2 ** 32),
    setTimer: (fn) => {
      const id = nextTimer++;
      timers.set(id, fn);
      return id;
    },
    clearTimer: (handle) => {
      timers.delete(handle as number);
    },
    touch: options.touch ?? false,
    requests,
    workers,
    settingsSeen: [],
    settingsChanged: (s) => env.settingsSeen.push(s),
    tick: (ms) => {
      now += ms;
    },
    runTimers: (limit = 10_000) => {
      let ran = 0;
      while (timers.size > 0 && ran < limit) {
        const [id, fn] = timers.entries().next().value as [number, () => void];
        timers.delete(id);
        fn();
        ran++;
      }
      return ran;
    },
  };
  return env;
}

/** Lets the fake worker's answers arrive. */
export async function settle(env: FakeEnv): Promise<void> {
  // Until the worker is idle, or 20 s: a first solve loads and compiles its solver, which on a loaded machine took
  // longer than the 200 ms once waited here (Klondike was seen still "checking").
  const until = performance.now() + 20_000;
  while (env.solver.busy && performance.now() < until) await new Promise((r) => setTimeout(r, 1));
  await new Promise((r) => setTimeout(r, 1));
}
