/**
 * Budgets for a search: wall time through an injected clock (pure code never reads the clock itself), a count of
 * positions, and the bytes of the search's own tables. A search stops exactly at the first budget it meets.
 */
export interface Budget {
  /** Milliseconds of wall time, measured with the `now` function given to the search. */
  ms?: number;
  /** Distinct positions the search may store. */
  positions?: number;
  /** Bytes the search's own tables may take (typed arrays it allocates). */
  bytes?: number;
  /**
   * Bytes the machine can still give now, read when a table grows (default: the operating system's available memory
   * where the platform tells it, Node's `os.freemem()`; nothing in a browser). A table growing holds its old arrays
   * and its new ones at once, so a budget near the machine's memory could otherwise outgrow it and get the process
   * killed: a growth that would leave less than MACHINE_MARGIN free is not made, and the search stops on memory.
   */
  room?: () => number | undefined;
}

export type BudgetKind = "time" | "positions" | "memory";

/** What a growth must leave free of the machine's memory (the process's heap and the rest). */
export const MACHINE_MARGIN = 512 * 1024 * 1024;

/** Allocations below this size are made without asking the machine what it has left. */
export const SMALL_ALLOCATION = 64 * 1024 * 1024;

/**
 * The memory the machine can still give this process, in bytes, where the platform tells it (Node: the operating
 * system's available memory, and under a cgroup's limit what is left of it); else undefined.
 */
export function machineRoom(): number | undefined {
  type Host = {
    getBuiltinModule?: (id: string) => unknown;
    constrainedMemory?: () => number | undefined;
    memoryUsage?: { rss(): number };
  };
  const host = (globalThis as { process?: Host }).process;
  const os = host?.getBuiltinModule?.("node:os") as { freemem(): number; totalmem(): number } | undefined;
  if (os === undefined) return undefined;
  const free = os.freemem();
  const limit = host?.constrainedMemory?.();
  if (limit === undefined || limit <= 0 || limit >= os.totalmem() || !host?.memoryUsage) return free;
  return Math.min(free, Math.max(0, limit - host.memoryUsage.rss()));
}

/** Growths of tables smaller than this are not timed (a clock of coarse ticks reads them as nothing). */
export const TIMED_GROWTH = 4 * 1024 * 1024;

/** A clock in milliseconds; `performance.now` or `Date.now` at the edge, a counter in tests. */
export type Clock = () => number;

/** 512 MiB: large enough for tens of millions of positions, small enough never to exhaust a machine's memory. */
export const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;

export class BudgetError extends Error {
  readonly code = "invalid_budget";
  constructor(message: string) {
    super(message);
    this.name = "BudgetError";
  }
}

function checkLimit(name: string, value: number | undefined): void {
  if (value === undefined) return;
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) {
    throw new BudgetError(`${name} must be a number of at least 0, not ${String(value)}`);
  }
}

/**
 * Keeps the account of one search. The time is read only every `clockEvery` calls to `tick`, so a clock that is
 * slow to read costs little; positions and bytes are exact.
 */
export class BudgetMeter {
  readonly maxPositions: number;
  readonly maxBytes: number;
  readonly maxMs: number;
  readonly start: number;
  private ticks = 0;
  exceeded: BudgetKind | undefined;
  /** Positions stored so far, by every search sharing this meter. */
  positions = 0;
  /** Bytes held so far by the tables sharing this meter. */
  bytesUsed = 0;
  /** When a growth stopped for the machine's memory, not the budget: the bytes the machine had left then. */
  machineLeft: number | undefined;
  private readonly room: () => number | undefined;
  /** Milliseconds a byte of the last timed growth of a table took (0 before one). */
  private growthMsPerByte = 0;

  constructor(
    budget: Budget,
    readonly now: Clock | undefined,
    /** Calls to `tick` between readings of the clock. */
    readonly clockEvery = 256,
  ) {
    checkLimit("budget.ms", budget.ms);
    checkLimit("budget.positions", budget.positions);
    checkLimit("budget.bytes", budget.bytes);
    this.maxPositions = budget.positions ?? Number.POSITIVE_INFINITY;
    this.maxBytes = budget.bytes ?? DEFAULT_MAX_BYTES;
    this.maxMs = budget.ms ?? Number.POSITIVE_INFINITY;
    this.room = budget.room ?? machineRoom;
    if (this.maxMs !== Number.POSITIVE_INFINITY && now === undefined) {
      throw new BudgetError("a time budget needs a clock: pass now (for example performance.now)");
    }
    this.start = now ? now() : 0;
  }

  /** Milliseconds since the search began (0 without a clock). */
  elapsed(): number {
    return this.now ? this.now() - this.start : 0;
  }

  /** Whether `positions` more positions may be stored; records the budget met. */
  allowPositions(positions: number): boolean {
    if (positions > this.maxPositions) {
      this.exceeded = "positions";
      return false;
    }
    return true;
  }

  /** Whether one more position may be stored; counts it when so, records the budget met when not. */
  storePosition(): boolean {
    if (this.positions >= this.maxPositions) {
      this.exceeded = "positions";
      return false;
    }
    this.positions++;
    return true;
  }

  /** Whether the tables may grow by `delta` bytes; counts them when so, records the budget met when not. */
  grow(delta: number): boolean {
    if (this.bytesUsed + delta > this.maxBytes) {
      this.exceeded = "memory";
      return false;
    }
    this.bytesUsed += delta;
    return true;
  }

  /** Whether the tables may grow to `bytes`; records the budget met. */
  allowBytes(bytes: number): boolean {
    if (bytes > this.maxBytes) {
      this.exceeded = "memory";
      return false;
    }
    return true;
  }

  /**
   * Bytes a table may allocate now and leave the machine MACHINE_MARGIN free (infinite where the platform does not
   * say what it has left). The old arrays of a growing table are still held while the new ones are made. Asked of an
   * allocation under SMALL_ALLOCATION, it answers without asking the machine (a small search's tables grow often).
   */
  allocatable(bytes: number): number {
    if (bytes < SMALL_ALLOCATION) return Number.POSITIVE_INFINITY;
    const left = this.room();
    return left === undefined ? Number.POSITIVE_INFINITY : Math.max(0, left - MACHINE_MARGIN);
  }

  /** Records that a table could not grow for the machine's memory (with the bytes it had left): the budget met. */
  outOfMachine(): void {
    this.exceeded = "memory";
    this.machineLeft = this.room() ?? 0;
  }

  /**
   * Whether a table's growth to `bytes` of new arrays would end within the time budget, by what a byte of the last
   * large growth took (a growth copies into fresh memory, whose first touch costs about the same a byte at any
   * size); true before one was timed. A growth that would end past the budget is not begun: its arrays would only
   * be let go again, and it would hold the search seconds past its time (3.4 s at 8.4 M records here).
   */
  timeToGrow(bytes: number): boolean {
    if (this.maxMs === Number.POSITIVE_INFINITY || this.growthMsPerByte === 0) return true;
    return this.elapsed() + this.growthMsPerByte * bytes <= this.maxMs;
  }

  /** The clock's reading as a table begins to grow (NaN where no time budget is kept), for `grown`. */
  growing(): number {
    return this.maxMs === Number.POSITIVE_INFINITY || this.now === undefined ? Number.NaN : this.now();
  }

  /** Records what a table's growth to `bytes` of new arrays took since `start` (from `growing`). */
  grown(start: number, bytes: number): void {
    if (Number.isNaN(start) || bytes < TIMED_GROWTH || this.now === undefined) return;
    this.growthMsPerByte = Math.max(0, this.now() - start) / bytes;
  }

  /**
   * What stopped a table that could not store: the time budget when a growth was refused for it (the table set
   * `exceeded` so), else memory.
   */
  tableFull(): "time" | "memory" {
    return this.exceeded === "time" ? "time" : "memory";
  }

  /** Called once per unit of work; reads the clock now and then. Returns false once time is up. */
  tick(): boolean {
    if (this.maxMs === Number.POSITIVE_INFINITY) return true;
    if (++this.ticks < this.clockEvery) return true;
    this.ticks = 0;
    if (this.elapsed() >= this.maxMs) {
      this.exceeded = "time";
      return false;
    }
    return true;
  }
}

export function describeBudget(kind: BudgetKind, meter: BudgetMeter): string {
  if (kind === "time") return `time budget of ${meter.maxMs} ms used up`;
  if (kind === "positions") return `position budget of ${meter.maxPositions} positions used up`;
  const mib = (bytes: number) => (bytes / 2 ** 20).toLocaleString("en", { maximumFractionDigits: 1 });
  if (meter.machineLeft !== undefined)
    return `the machine's memory used up (${mib(meter.machineLeft)} MiB left, the tables at ${mib(meter.bytesUsed)} MiB of the memory budget of ${mib(meter.maxBytes)} MiB)`;
  return `memory budget of ${mib(meter.maxBytes)} MiB used up`;
}
