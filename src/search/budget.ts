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
}

export type BudgetKind = "time" | "positions" | "memory";

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
  return `memory budget of ${(meter.maxBytes / 2 ** 20).toLocaleString("en", { maximumFractionDigits: 1 })} MiB used up`;
}
