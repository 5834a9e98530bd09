/**
 * The benches' command lines, read one way: Node's `util.parseArgs`, strict (an unknown option, a missing value
 * or a stray word is refused), plus `--help`/`-h`. A mistake is one line on standard error naming the bench,
 * `bench/<name>.ts: <message> (--help lists the options)`, and exit code 2, never a stack trace; `--help` prints
 * the bench's usage and exits 0.
 *
 *   const args = benchArgs("bench/tetris.ts", USAGE, { games: { type: "string", default: "3" } }, (v) => ({
 *     games: whole("--games", v.games, 1),
 *   }));
 */

import { type ParseArgsConfig, parseArgs } from "node:util";
import { type Numbering, dealRange as numberingRange } from "../src/cards/deals/layout.ts";

/** A mistake in the command line: `read` and the validators throw it; it is shown as one line. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;
type WithHelp<O extends Options> = O & { help: { type: "boolean"; short: "h" } };
/** The values parseArgs gives for these options: strings and booleans, typed from the options. */
export type Values<O extends Options> = ReturnType<
  typeof parseArgs<{ options: WithHelp<O>; strict: true; args: string[] }>
>["values"];

/** What a command line comes to: the bench's arguments, or a text to print and an exit code. */
export type Outcome<A> = { args: A } | { exitCode: 0 | 2; text: string };

/** Reads `argv` without printing or exiting (benchArgs does both); `read` turns the values into the arguments. */
export function readBenchArgs<const O extends Options, A>(
  name: string,
  usage: string,
  options: O,
  read: (values: Values<O>) => A,
  argv: string[],
): Outcome<A> {
  const config = {
    options: { ...options, help: { type: "boolean", short: "h" } } as WithHelp<O>,
    strict: true as const,
    args: argv,
  };
  try {
    const values = parseArgs(config).values as Values<O> & { help?: boolean };
    if (values.help) return { exitCode: 0, text: usage };
    return { args: read(values) };
  } catch (error) {
    const message = usageMessage(error);
    if (message === undefined) throw error;
    return { exitCode: 2, text: `${name}: ${message} (--help lists the options)` };
  }
}

/** Reads this process's command line: the bench's arguments, or it prints usage or the mistake and exits. */
export function benchArgs<const O extends Options, A>(
  name: string,
  usage: string,
  options: O,
  read: (values: Values<O>) => A,
): A {
  const outcome = readBenchArgs(name, usage, options, read, process.argv.slice(2));
  if ("args" in outcome) return outcome.args;
  if (outcome.exitCode === 0) console.log(outcome.text);
  else console.error(outcome.text);
  process.exit(outcome.exitCode);
}

/** The one-line message of a usage mistake (parseArgs's own or a UsageError); undefined for any other error. */
function usageMessage(error: unknown): string | undefined {
  if (error instanceof UsageError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !code.startsWith("ERR_PARSE_ARGS_")) return undefined;
  const message = (error as Error).message;
  // parseArgs quotes the word it refuses: '--bogus', '--from <value>', 'stray'.
  const word = /'([^' ]*)/.exec(message)?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option ${word}`;
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") return `unexpected argument '${word}'`;
  if (message.includes("does not take an argument")) return `${word} takes no value`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return `${word} needs a value`;
  return message.split("\n")[0];
}

/** A whole number of `min` or more (written as Number reads it: 1000, 1e6). */
export function whole(flag: string, value: string, min: number): number {
  const n = value.trim() === "" ? Number.NaN : Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`${flag} needs a whole number of ${min} or more, not '${value}'`);
  return n;
}

/** A number above 0. */
export function positive(flag: string, value: string): number {
  const n = value.trim() === "" ? Number.NaN : Number(value);
  if (!(n > 0) || !Number.isFinite(n)) throw new UsageError(`${flag} needs a number above 0, not '${value}'`);
  return n;
}

/** A number from 0 to 1. */
export function fraction(flag: string, value: string): number {
  const n = value.trim() === "" ? Number.NaN : Number(value);
  if (!(n >= 0 && n <= 1)) throw new UsageError(`${flag} needs a number from 0 to 1, not '${value}'`);
  return n;
}

/** One of `choices`. */
export function oneOf<const C extends string>(flag: string, value: string, choices: readonly C[]): C {
  if ((choices as readonly string[]).includes(value)) return value as C;
  const list = `${choices.slice(0, -1).join(", ")} or ${choices[choices.length - 1]}`;
  throw new UsageError(`${flag} is ${list}, not '${value}'`);
}

/** Whole numbers of `min` or more separated by commas: 39,294,722. */
export function wholeList(flag: string, value: string, min: number): number[] {
  const list = value.split(",").map((t) => (t.trim() === "" ? Number.NaN : Number(t)));
  if (list.some((n) => !Number.isInteger(n) || n < min))
    throw new UsageError(`${flag} needs whole numbers of ${min} or more separated by commas, not '${value}'`);
  return list;
}

/** The most deals a bench takes in one run (it lists them). */
const MAX_DEALS = 10_000_000;

/** The deals --from N --to N, each a deal of every numbering given, --to not below --from, at most MAX_DEALS. */
export function dealRange(
  values: { from: string; to: string },
  numberings: readonly Numbering[],
): { from: number; to: number } {
  const range = {
    from: dealNumber("--from", values.from, numberings),
    to: dealNumber("--to", values.to, numberings),
  };
  if (range.to < range.from) throw new UsageError("--to must not be below --from");
  if (range.to - range.from >= MAX_DEALS)
    throw new UsageError(`a bench takes at most ${MAX_DEALS.toLocaleString("en")} deals at a time`);
  return range;
}

/** Deal numbers separated by commas (--deals 39,294,722), each a deal of every numbering given. */
export function dealList(flag: string, value: string, numberings: readonly Numbering[]): number[] {
  const list = wholeList(flag, value, lowestDeal(numberings));
  for (const n of list) dealNumber(flag, String(n), numberings);
  return list;
}

/** The lowest deal number every numbering given has (Microsoft's start at 1, Solvitaire's at 0). */
function lowestDeal(numberings: readonly Numbering[]): number {
  return Math.max(...numberings.map((n) => numberingRange(n)[0]));
}

/** A deal number of every numbering given: `--to 5000000000 is not a solvitaire deal (0 to 4294967295)`. */
function dealNumber(flag: string, value: string, numberings: readonly Numbering[]): number {
  const n = whole(flag, value, lowestDeal(numberings));
  for (const numbering of numberings) {
    const [low, high] = numberingRange(numbering);
    if (n > high) throw new UsageError(`${flag} ${n} is not a ${numbering} deal (${low} to ${high})`);
  }
  return n;
}
