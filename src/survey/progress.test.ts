import { describe, expect, it } from "vitest";
import { formatDuration, Progress } from "./progress.ts";

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("Progress", () => {
  it("on a terminal redraws one line in place with done, rate, outcomes and time left", () => {
    const c = clock();
    const written: string[] = [];
    const p = new Progress(
      "freecell",
      1000,
      { solved: 90, unsolvable: 5, unknown: 5 },
      { write: (t) => written.push(t), isTTY: true },
      c.now,
    );
    for (let i = 0; i < 100; i++) {
      c.advance(20);
      p.add(i === 50 ? "unsolvable" : "solved");
    }
    // Drawn about every 200 ms, each time over the last line.
    expect(written.length).toBeGreaterThan(5);
    expect(written.length).toBeLessThan(15);
    for (const w of written) expect(w.startsWith("\r\x1b[2K")).toBe(true);
    p.finish();
    const last = written[written.length - 1];
    expect(last.endsWith("\n")).toBe(true);
    // 100 deals in 2 s: 50 a second, 800 left, 16 s.
    expect(last).toContain(
      "freecell: 200 / 1,000 deals (20.0%), 50/s, solved 189, impossible 6, unknown 5, 16 s left",
    );
  });

  it("elsewhere writes a plain line now and then, none before the first interval", () => {
    const c = clock();
    const written: string[] = [];
    const p = new Progress(
      "x",
      100,
      { solved: 0, unsolvable: 0, unknown: 0 },
      { write: (t) => written.push(t) },
      c.now,
      10_000,
    );
    for (let i = 0; i < 100; i++) {
      c.advance(500);
      p.add("unknown");
    }
    expect(written.length).toBe(5); // at 10, 20, 30, 40 and 50 s
    for (const w of written) {
      expect(w).not.toContain("\r");
      expect(w.endsWith("\n")).toBe(true);
    }
    expect(written[0]).toMatch(
      /^x: 20 \/ 100 deals \(20\.0%\), 2\.0\/s, solved 0, impossible 0, unknown 20, 40 s left\n$/,
    );
  });

  it("follows a change of pace within half a minute", () => {
    const c = clock();
    const p = new Progress(
      "x",
      1_000_000,
      { solved: 0, unsolvable: 0, unknown: 0 },
      { write() {}, isTTY: true },
      c.now,
    );
    for (let i = 0; i < 600; i++) {
      c.advance(100);
      p.add("solved", 100); // 1,000 a second for a minute
    }
    for (let i = 0; i < 600; i++) {
      c.advance(100);
      p.add("solved", 10); // then 100 a second
    }
    const rate = Number(/([\d,.]+)\/s/.exec(p.line())?.[1].replace(/,/g, ""));
    expect(rate).toBeGreaterThan(90);
    expect(rate).toBeLessThan(140);
  });
});

describe("formatDuration", () => {
  it("reads as people say it", () => {
    expect(formatDuration(42)).toBe("42 s");
    expect(formatDuration(125)).toBe("2 min 5 s");
    expect(formatDuration(3 * 3600 + 120)).toBe("3 h 2 min");
    expect(formatDuration(50 * 3600)).toBe("2 d 2 h");
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe("?");
  });
});
