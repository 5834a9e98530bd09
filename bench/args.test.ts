import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { dealList, dealRange, oneOf, positive, readBenchArgs, UsageError, whole, wholeList } from "./args.ts";

const USAGE = "npx tsx bench/demo.ts [--from N] [--quiet]";
const OPTIONS = {
  from: { type: "string", default: "1" },
  quiet: { type: "boolean", default: false },
} as const;
const read = (argv: string[]) =>
  readBenchArgs(
    "bench/demo.ts",
    USAGE,
    OPTIONS,
    (v) => ({ from: whole("--from", v.from, 1), quiet: v.quiet }),
    argv,
  );
const refused = (message: string) => ({
  exitCode: 2,
  text: `bench/demo.ts: ${message} (--help lists the options)`,
});

describe("readBenchArgs", () => {
  it("reads the options, with their defaults", () => {
    expect(read([])).toEqual({ args: { from: 1, quiet: false } });
    expect(read(["--from", "7", "--quiet"])).toEqual({ args: { from: 7, quiet: true } });
    expect(read(["--from=8"])).toEqual({ args: { from: 8, quiet: false } });
  });

  it("prints the usage on --help and -h, with exit code 0", () => {
    expect(read(["--help"])).toEqual({ exitCode: 0, text: USAGE });
    expect(read(["--from", "x", "-h"])).toEqual({ exitCode: 0, text: USAGE });
  });

  it("refuses an unknown option, a missing value, a value to a switch and a stray word, with exit code 2", () => {
    expect(read(["--bogus"])).toEqual(refused("unknown option --bogus"));
    expect(read(["-x"])).toEqual(refused("unknown option -x"));
    expect(read(["--from"])).toEqual(refused("--from needs a value"));
    expect(read(["--from", "--quiet"])).toEqual(refused("--from needs a value"));
    expect(read(["--quiet=yes"])).toEqual(refused("--quiet takes no value"));
    expect(read(["12"])).toEqual(refused("unexpected argument '12'"));
  });

  it("refuses a bad number with the validator's message", () => {
    expect(read(["--from", "x"])).toEqual(refused("--from needs a whole number of 1 or more, not 'x'"));
    expect(read(["--from", "0"])).toEqual(refused("--from needs a whole number of 1 or more, not '0'"));
  });

  it("refuses what read throws as a UsageError, and lets any other error through", () => {
    const fails = (error: Error) => () =>
      readBenchArgs(
        "bench/demo.ts",
        USAGE,
        OPTIONS,
        () => {
          throw error;
        },
        [],
      );
    expect(fails(new UsageError("--to must not be below --from"))()).toEqual(
      refused("--to must not be below --from"),
    );
    expect(fails(new TypeError("a bug"))).toThrow(TypeError);
  });
});

describe("validators", () => {
  const message = (f: () => unknown) => {
    try {
      f();
    } catch (error) {
      if (error instanceof UsageError) return error.message;
    }
    return "no UsageError";
  };

  it("whole: a whole number of min or more", () => {
    expect(whole("--to", "1000", 0)).toBe(1000);
    expect(whole("--positions", "1e6", 1)).toBe(1_000_000);
    expect(message(() => whole("--to", "", 0))).toBe("--to needs a whole number of 0 or more, not ''");
    expect(message(() => whole("--to", "1.5", 0))).toBe("--to needs a whole number of 0 or more, not '1.5'");
    expect(message(() => whole("--to", "-1", 0))).toBe("--to needs a whole number of 0 or more, not '-1'");
  });

  it("positive: a number above 0", () => {
    expect(positive("--timeout", "0.5")).toBe(0.5);
    expect(message(() => positive("--timeout", "0"))).toBe("--timeout needs a number above 0, not '0'");
    expect(message(() => positive("--timeout", "Infinity"))).toBe(
      "--timeout needs a number above 0, not 'Infinity'",
    );
  });

  it("oneOf: one of a list", () => {
    expect(oneOf("--clock", "wall", ["cpu", "wall"])).toBe("wall");
    expect(message(() => oneOf("--clock", "gpu", ["cpu", "wall"]))).toBe("--clock is cpu or wall, not 'gpu'");
    expect(message(() => oneOf("--draw", "4", ["1", "2", "3", "both"]))).toBe(
      "--draw is 1, 2, 3 or both, not '4'",
    );
  });

  it("wholeList: whole numbers separated by commas", () => {
    expect(wholeList("--deals", "39,294,722", 1)).toEqual([39, 294, 722]);
    expect(message(() => wholeList("--deals", "3,,4", 1))).toBe(
      "--deals needs whole numbers of 1 or more separated by commas, not '3,,4'",
    );
  });
});

describe("dealRange", () => {
  it("reads --from and --to, and refuses --to below --from", () => {
    expect(dealRange({ from: "3", to: "5" }, ["microsoft"])).toEqual({ from: 3, to: 5 });
    expect(() => dealRange({ from: "5", to: "3" }, ["microsoft"])).toThrow("--to must not be below --from");
    expect(() => dealRange({ from: "0", to: "3" }, ["microsoft"])).toThrow(
      "--from needs a whole number of 1 or more",
    );
  });

  it("takes only deals every numbering asked for has", () => {
    expect(dealRange({ from: "0", to: "3" }, ["solvitaire"])).toEqual({ from: 0, to: 3 });
    expect(() => dealRange({ from: "0", to: "3" }, ["solvitaire", "microsoft"])).toThrow(
      "--from needs a whole number of 1 or more",
    );
    expect(dealRange({ from: "4294967290", to: "4294967295" }, ["solvitaire"]).to).toBe(4294967295);
    expect(() => dealRange({ from: "1", to: "4294967296" }, ["solvitaire"])).toThrow(
      "--to 4294967296 is not a solvitaire deal (0 to 4294967295)",
    );
    expect(() => dealList("--deals", "7,99999999999", ["microsoft"])).toThrow(
      /^--deals 99999999999 is not a microsoft deal \(1 to \d+\)$/,
    );
    expect(dealList("--deals", "0,7", ["solvitaire"])).toEqual([0, 7]);
    expect(() => dealRange({ from: "1", to: "10000001" }, ["solvitaire"])).toThrow(
      "a bench takes at most 10,000,000 deals at a time",
    );
  });
});

describe("a bench run through tsx", () => {
  const tsx = (...argv: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", ...argv], {
      encoding: "utf8",
      cwd: fileURLToPath(new URL("..", import.meta.url)),
    });

  it("prints its usage on --help and exits 0", () => {
    const run = tsx("bench/freecell.ts", "--help");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("--no-fc-solve");
    expect(run.stderr).toBe("");
  });

  it("refuses an unknown option in one line on standard error and exits 2", () => {
    const run = tsx("bench/freecell.ts", "--bogus");
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("bench/freecell.ts: unknown option --bogus (--help lists the options)\n");
    expect(run.stdout).toBe("");
  });
});
