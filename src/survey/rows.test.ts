import { describe, expect, it } from "vitest";
import { freecell } from "../games/freecell/index.ts";
import { budgetProblem, resultFromRow, type StoredSurvey, showValue, surveyFromRow } from "./rows.ts";
import { canonicalJson, makeSettings } from "./settings.ts";

/** Issue 36: every value a survey database gives back is checked as it is read. */

const settings = makeSettings(freecell, { rules: {}, budget: { positions: 1000 }, solverVersion: "v1" });

/** A surveys row as tsol writes it, with `changes` over it. */
function surveyRow(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 1,
    name: settings.name,
    game: settings.game,
    rules: canonicalJson(settings.rules),
    numbering: settings.numbering,
    policy: settings.policy,
    budget: canonicalJson(settings.budget),
    solver_version: settings.solverVersion,
    created: "2026-11-26T10:00:00.000Z",
    ...changes,
  };
}

const survey: StoredSurvey = surveyFromRow(surveyRow(), "s.db");

/** A results row as tsol writes it, with `changes` over it. */
function resultRow(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    deal: 7,
    outcome: "solved",
    length: 90,
    positions: 300,
    ms: 1.5,
    budget: '{"positions":1000}',
    note: null,
    ...changes,
  };
}

/** The message of what `read` throws, which must be a survey_corrupt error. */
function problem(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect((error as { code?: string }).code).toBe("survey_corrupt");
    return (error as Error).message;
  }
  throw new Error("no error");
}

describe("surveyFromRow (issue 36: a corrupt survey database crashed with a stack trace)", () => {
  it("reads back what tsol wrote", () => {
    expect(survey).toEqual({ ...settings, id: 1, created: "2026-11-26T10:00:00.000Z" });
  });

  it("a survey whose rules are not JSON names the survey and the column, not a SyntaxError", () => {
    expect(problem(() => surveyFromRow(surveyRow({ rules: "{" }), "s.db"))).toMatch(
      /^the survey database s\.db holds a value tsol did not write: survey "freecell", column rules: "\{" is not JSON\. /,
    );
    expect(problem(() => surveyFromRow(surveyRow({ budget: "{" }), "s.db"))).toMatch(
      /survey "freecell", column budget: "\{" is not JSON/,
    );
  });

  it("a survey of tetris, of another game's rules, numbering or policy is refused", () => {
    expect(problem(() => surveyFromRow(surveyRow({ game: "tetris" }), "s.db"))).toMatch(
      /column game: "tetris" is not a patience game of tsol \(freecell, /,
    );
    expect(problem(() => surveyFromRow(surveyRow({ rules: '{"cells":99}' }), "s.db"))).toMatch(
      /column rules: not rules of FreeCell: cells must be a whole number from/,
    );
    expect(problem(() => surveyFromRow(surveyRow({ rules: '{"redeals":1}' }), "s.db"))).toMatch(
      /column rules: not rules of FreeCell: unknown rule "redeals"/,
    );
    expect(problem(() => surveyFromRow(surveyRow({ rules: "[]" }), "s.db"))).toMatch(
      /column rules: "\[\]" is not an object of rules/,
    );
    expect(problem(() => surveyFromRow(surveyRow({ numbering: "gnu" }), "s.db"))).toMatch(
      /column numbering: "gnu" is not a numbering of FreeCell/,
    );
    expect(problem(() => surveyFromRow(surveyRow({ policy: "\x1b[2J" }), "s.db"))).toMatch(
      /column policy: "\\x1b\[2J" is not an automatic-move policy of FreeCell/,
    );
  });

  it("a budget that is not one a survey could have given is refused", () => {
    for (const budget of [
      '{"positions":-1}',
      '{"positions":0}',
      '{"positions":1.5}',
      '{"positions":"1000"}',
      '{"positions":1e300}',
      '{"mb":512}',
      "{}",
      '{"positions":1000,"depth":3}',
      "null",
      "7",
    ]) {
      expect(problem(() => surveyFromRow(surveyRow({ budget }), "s.db"))).toMatch(/column budget: /);
    }
    expect(budgetProblem({ positions: 1000, mb: 256 })).toBeUndefined();
    expect(budgetProblem({ ms: 60_000 })).toBeUndefined();
  });

  it("a name, version or date that is not text is refused; a blob is named by its size", () => {
    expect(problem(() => surveyFromRow(surveyRow({ name: Buffer.from([1, 2, 3]) }), "s.db"))).toMatch(
      /survey id 1, column name: a blob of 3 bytes is not text/,
    );
    expect(problem(() => surveyFromRow(surveyRow({ solver_version: "" }), "s.db"))).toMatch(
      /column solver_version: it is empty/,
    );
    expect(problem(() => surveyFromRow(surveyRow({ created: "yesterday" }), "s.db"))).toMatch(
      /column created: "yesterday" is not a date/,
    );
    expect(problem(() => surveyFromRow(surveyRow({ id: 1.5 }), "s.db"))).toMatch(/column id: 1\.5/);
  });
});

describe("resultFromRow (issue 36: deals -5..99999999999999 were reported as such)", () => {
  it("reads back what tsol wrote, a deal stored by PostgreSQL as text included", () => {
    expect(resultFromRow(resultRow(), survey, "s.db")).toEqual({
      deal: 7,
      outcome: "solved",
      length: 90,
      positions: 300,
      ms: 1.5,
      budget: { positions: 1000 },
    });
    expect(resultFromRow(resultRow({ deal: "7", positions: "300" }), survey, "s.db").deal).toBe(7);
    expect(
      resultFromRow(resultRow({ outcome: "unknown", length: null, note: "memory" }), survey, "s.db").note,
    ).toBe("memory");
  });

  it("a deal outside the numbering is refused, naming the survey and the column", () => {
    for (const deal of [-5, 0, 99999999999999, 8589934592, 2.5, "x", null, Buffer.from("1")]) {
      expect(problem(() => resultFromRow(resultRow({ deal }), survey, "s.db"))).toMatch(
        /survey "freecell", a result, column deal: .* is not a whole number from 1 to 8,589,934,591/,
      );
    }
  });

  it("an outcome, length, count, time, budget or note tsol never writes is refused", () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ outcome: "won" }, /deal 7, column outcome: "won" is not one of solved, unsolvable, unknown/],
      [{ length: null }, /deal 7, column length: NULL is not a whole number/],
      [{ outcome: "unknown" }, /deal 7, column length: 90, where a deal not solved has none/],
      [{ positions: -1 }, /column positions: -1 is not a whole number from 0/],
      [{ ms: Number.NaN }, /column ms: NaN is not a number/],
      [{ ms: "fast" }, /column ms: "fast" is not a number/],
      [{ budget: "{" }, /deal 7, column budget: "\{" is not JSON/],
      [{ budget: '{"positions":-3}' }, /column budget: the budget's positions -3 is not a whole number/],
      [{ note: 5 }, /column note: 5 is not text/],
    ];
    for (const [changes, message] of cases) {
      expect(problem(() => resultFromRow(resultRow(changes), survey, "s.db"))).toMatch(message);
    }
  });

  it("shows a stored value escaped and cut, whatever it is", () => {
    expect(showValue("\x1b]52;c;SGVsbG8=\x07")).toBe('"\\x1b]52;c;SGVsbG8=\\x07"');
    expect(showValue("x".repeat(1000))).toMatch(/…" \(1000 characters\)$/);
    expect(showValue(null)).toBe("NULL");
    expect(showValue(new Uint8Array(4))).toBe("a blob of 4 bytes");
  });
});
