import { shortText } from "../cards/text.ts";
import type { OutcomeCounts } from "./store.ts";

/** Where progress goes: standard error, or a test's stand-in. */
export interface ProgressSink {
  write(text: string): void;
  /** A terminal gets one line rewritten in place; anything else plain lines now and then. */
  isTTY?: boolean;
}

const n = (x: number): string => Math.round(x).toLocaleString("en");

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "?";
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h < 48 ? `${h} h ${m} min` : `${Math.floor(h / 24)} d ${h % 24} h`;
}

/**
 * The live progress line of a survey: deals done of all, the rate, solved / impossible / unknown so far and the
 * time left. On a terminal it is redrawn in place a few times a second; elsewhere (a log file, CI) a plain line
 * is written every `plainEvery` ms, so logs stay short.
 */
export class Progress {
  private done = 0;
  private readonly counts: OutcomeCounts;
  private readonly began: number;
  private lastDraw = Number.NEGATIVE_INFINITY;
  /** Recent (time, done) samples for the rate: the last half minute, so a change of pace shows soon. */
  private readonly samples: [number, number][] = [];
  private drawn = false;
  /** The label as the line shows it: a survey's name may come from someone else's database. */
  private readonly label: string;

  constructor(
    label: string,
    /** Deals in the survey's range, those already done included. */
    private readonly total: number,
    already: OutcomeCounts,
    private readonly sink: ProgressSink,
    private readonly now: () => number,
    private readonly plainEvery = 10_000,
  ) {
    this.label = shortText(label, 100);
    this.counts = { ...already };
    this.done = already.solved + already.unsolvable + already.unknown;
    this.began = now();
    // Plain lines start after the first interval: a line at the first deal says nothing about the pace.
    if (!sink.isTTY) this.lastDraw = this.began;
    this.samples.push([this.began, this.done]);
  }

  add(outcome: keyof OutcomeCounts, count = 1): void {
    this.counts[outcome] += count;
    this.done += count;
    this.tick();
  }

  /** Sets the figures (a queue's progress is read from the shared table). */
  set(counts: OutcomeCounts): void {
    Object.assign(this.counts, counts);
    this.done = counts.solved + counts.unsolvable + counts.unknown;
    this.tick();
  }

  /** Redraws when it is time, with no new result: a slow deal (Montana's take seconds) still shows the clock. */
  refresh(): void {
    this.tick();
  }

  private rate(t: number): number {
    while (this.samples.length > 2 && t - this.samples[1][0] > 30_000) this.samples.shift();
    const [t0, d0] = this.samples[0];
    return t > t0 ? ((this.done - d0) * 1000) / (t - t0) : 0;
  }

  line(t = this.now()): string {
    const rate = this.rate(t);
    const left = this.total - this.done;
    const pct = this.total ? (100 * this.done) / this.total : 100;
    // The first second's rate is the threads starting, not the pace.
    const known = t - this.began >= 1000 && rate > 0;
    const eta = left <= 0 ? "0 s" : known ? formatDuration(left / rate) : "?";
    return (
      `${this.label}: ${n(this.done)} / ${n(this.total)} deals (${pct.toFixed(1)}%), ${known ? (rate >= 10 ? n(rate) : rate.toFixed(1)) : "?"}/s, ` +
      `solved ${n(this.counts.solved)}, impossible ${n(this.counts.unsolvable)}, unknown ${n(this.counts.unknown)}, ${eta} left`
    );
  }

  private tick(): void {
    const t = this.now();
    const every = this.sink.isTTY ? 200 : this.plainEvery;
    if (t - this.lastDraw < every) return;
    this.lastDraw = t;
    const last = this.samples[this.samples.length - 1];
    if (t - last[0] >= 1000) this.samples.push([t, this.done]);
    this.draw(t);
  }

  private draw(t: number): void {
    if (this.sink.isTTY) {
      // \r and "erase line": the line is redrawn in place, and a shorter one leaves nothing behind.
      this.sink.write(`\r\x1b[2K${this.line(t)}`);
      this.drawn = true;
    } else this.sink.write(`${this.line(t)}\n`);
  }

  /** The last line, for good: on a terminal it stays, followed by a new line. */
  finish(): void {
    const t = this.now();
    if (this.sink.isTTY) {
      this.sink.write(`\r\x1b[2K${this.line(t)}\n`);
      this.drawn = false;
    } else this.sink.write(`${this.line(t)}\n`);
  }

  /** Clears the terminal line before other text is written there. */
  clear(): void {
    if (this.sink.isTTY && this.drawn) this.sink.write("\r\x1b[2K");
    this.drawn = false;
  }
}
