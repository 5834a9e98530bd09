import { describe, expect, it } from "vitest";
import { fieldProblem, type IntegerField, parseFieldValue, RulesError } from "./rules.ts";

const cells: IntegerField = { key: "cells", kind: "integer", min: 0, max: 10, about: "free cells" };
const passes: IntegerField = {
  key: "passes",
  kind: "integer",
  min: 1,
  max: 99,
  unlimited: true,
  about: "passes",
};

function refusal(field: IntegerField, text: string, name?: string): string {
  try {
    parseFieldValue(field, text, name);
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    return (error as Error).message;
  }
  throw new Error(`${text} was accepted`);
}

describe("rule values read from text", () => {
  it('issue 36: a bad value was shown as not "null"; it is shown as typed, with the range', () => {
    expect(refusal(cells, "-1")).toBe('cells must be a whole number from 0 to 10, not "-1"');
    expect(refusal(cells, "4.0", "--cells")).toBe('--cells must be a whole number from 0 to 10, not "4.0"');
    expect(refusal(cells, "1234567890", "--cells")).toBe(
      '--cells must be a whole number from 0 to 10, not "1234567890"',
    );
    expect(refusal(passes, "Infinity", "--passes")).toBe(
      '--passes must be a whole number from 1 to 99 or "unlimited", not "Infinity"',
    );
    for (const text of ["", " ", "1e1", "0x4", "+3", "NaN", "11", "9007199254740993"]) {
      expect(refusal(cells, text), text).toContain(`not "${text}"`);
    }
  });

  it("reads whole numbers in range, and unlimited where the field has it", () => {
    expect(parseFieldValue(cells, " 4 ")).toBe(4);
    expect(parseFieldValue(cells, "010")).toBe(10);
    expect(parseFieldValue(passes, "unlimited")).toBeNull();
    expect(refusal(cells, "unlimited")).toBe('cells must be a whole number from 0 to 10, not "unlimited"');
  });

  it("shows a number that is not whole as a number (a save's NaN or Infinity was shown as null)", () => {
    expect(fieldProblem(cells, Number.POSITIVE_INFINITY)).toBe(
      'cells must be a whole number from 0 to 10, not "Infinity"',
    );
    expect(fieldProblem(cells, null)).toBe('cells must be a whole number from 0 to 10, not "null"');
    expect(fieldProblem(cells, 3)).toBeUndefined();
  });
});
