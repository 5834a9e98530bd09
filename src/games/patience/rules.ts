import { quoteToken } from "../../cards/text.ts";

/**
 * Rule schemas: every patience game describes its rules as fields with ranges and defaults, plus named
 * variants. The command line's rule flags, the web's settings, `tsol games` and save validation all come from
 * the schema, so the vocabulary is written once, in the game's module.
 */
export type RuleValue = number | string | boolean | null;

interface FieldBase {
  /** The key in the rules object, camelCase (`fromFoundation`); the flag is its kebab-case (`--from-foundation`). */
  key: string;
  /** What it means, in a few words, for help and settings. */
  about: string;
}

/** A whole number in min..max; with `unlimited`, null means no limit and the word "unlimited" is accepted. */
export interface IntegerField extends FieldBase {
  kind: "integer";
  min: number;
  max: number;
  unlimited?: boolean;
}

export interface ChoiceField extends FieldBase {
  kind: "choice";
  choices: readonly string[];
}

export interface BooleanField extends FieldBase {
  kind: "boolean";
}

export type RuleField = IntegerField | ChoiceField | BooleanField;

/** A named member of a game's family: a small delta from the defaults. */
export interface Variant<R> {
  id: string;
  title: string;
  rules: Partial<R>;
  about: string;
}

export interface RuleSet<R> {
  readonly fields: readonly RuleField[];
  readonly defaults: R;
  readonly variants: readonly Variant<R>[];
  /** The defaults with `options` over them, every field checked; throws RulesError naming the field. */
  make(options?: unknown): R;
  /** Words for a rule set: "FreeCell, 2 cells". Also the key of its statistics. */
  label(rules: R): string;
}

export class RulesError extends Error {
  readonly code = "invalid_rules";
  constructor(message: string) {
    super(message);
    this.name = "RulesError";
  }
}

/** `fromFoundation` -> `from-foundation`. */
export const flagName = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A value as a message shows it: quoted, escaped, cut short (a number as written: NaN and Infinity too). */
const show = (value: unknown): string =>
  quoteToken(
    typeof value === "string"
      ? value
      : typeof value === "number"
        ? String(value)
        : (JSON.stringify(value) ?? String(value)),
  );

/** The values an integer field takes, in words: `a whole number from 0 to 10 or "unlimited"`. */
const integerRange = (field: IntegerField): string =>
  `a whole number from ${field.min} to ${field.max}${field.unlimited ? ' or "unlimited"' : ""}`;

/** The values a choice field takes, in words: `"alternate" or "suit"`. */
const choiceWords = (field: ChoiceField): string => field.choices.map((c) => `"${c}"`).join(" or ");

/** Why `value` does not fit `field`, or undefined when it does. */
export function fieldProblem(field: RuleField, value: unknown, name = field.key): string | undefined {
  if (field.kind === "boolean") {
    return typeof value === "boolean" ? undefined : `${name} must be true or false, not ${show(value)}`;
  }
  if (field.kind === "choice") {
    return typeof value === "string" && field.choices.includes(value)
      ? undefined
      : `${name} must be ${choiceWords(field)}, not ${show(value)}`;
  }
  if (value === null && field.unlimited) return undefined;
  if (typeof value === "number" && Number.isInteger(value) && value >= field.min && value <= field.max) {
    return undefined;
  }
  return `${name} must be ${integerRange(field)}, not ${show(value)}`;
}

/**
 * Reads a field's value from text (a command-line flag, a settings form). A value that does not fit is refused
 * with the text as it was typed (`--cells must be a whole number from 0 to 10, not "4.0"`); `name` is what the
 * message calls the field (the flag, on the command line).
 */
export function parseFieldValue(field: RuleField, text: string, name = field.key): RuleValue {
  const t = text.trim();
  if (field.kind === "boolean") {
    if (t === "true" || t === "yes") return true;
    if (t === "false" || t === "no") return false;
    throw new RulesError(`${name} must be true or false, not ${show(text)}`);
  }
  if (field.kind === "choice") {
    if (field.choices.includes(t)) return t;
    throw new RulesError(`${name} must be ${choiceWords(field)}, not ${show(text)}`);
  }
  if (field.unlimited && t === "unlimited") return null;
  // Digits only: "4.0", "1e1", "0x4", "-1", "Infinity" and "" are not whole numbers as a player writes them.
  const n = /^\d+$/.test(t) ? Number(t) : Number.NaN;
  if (Number.isSafeInteger(n) && n >= field.min && n <= field.max) return n;
  throw new RulesError(`${name} must be ${integerRange(field)}, not ${show(text)}`);
}

/** Builds a game's rule set from its fields; `check` adds rules that tie fields together. */
export function ruleSet<R extends object>(spec: {
  fields: readonly RuleField[];
  defaults: R;
  variants: readonly Variant<R>[];
  label: (rules: R) => string;
  check?: (rules: R) => string | undefined;
}): RuleSet<R> {
  const byKey = new Map(spec.fields.map((f) => [f.key, f]));
  return {
    fields: spec.fields,
    defaults: spec.defaults,
    variants: spec.variants,
    label: spec.label,
    make(options: unknown = {}): R {
      if (typeof options !== "object" || options === null || Array.isArray(options)) {
        throw new RulesError(`rules must be an object of named rules, not ${show(options)}`);
      }
      const rules = { ...spec.defaults } as Record<string, unknown>;
      for (const [key, value] of Object.entries(options)) {
        if (value === undefined) continue;
        const field = byKey.get(key);
        if (!field) {
          throw new RulesError(
            `unknown rule ${show(key)} (known: ${spec.fields.map((f) => f.key).join(", ")})`,
          );
        }
        const problem = fieldProblem(field, value);
        if (problem) throw new RulesError(problem);
        rules[key] = value;
      }
      const made = rules as R;
      const problem = spec.check?.(made);
      if (problem) throw new RulesError(problem);
      return made;
    },
  };
}
