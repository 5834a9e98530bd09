import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  asciiLower,
  asciiUpper,
  escapeControls,
  escapeControlsKeepLines,
  quoteToken,
  shortText,
} from "./text.ts";

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe("quoteToken", () => {
  it("quotes a token as it is when it is short and plain", () => {
    expect(quoteToken("1S")).toBe('"1S"');
    expect(quoteToken("T♥")).toBe('"T♥"');
  });

  it("shows control characters as escapes, never as they are", () => {
    expect(quoteToken("\x1b]2;PWNED\x07X")).toBe('"\\x1b]2;PWNED\\x07X"');
    expect(quoteToken("a\u202eb\u009bc")).toBe('"a\\u{202e}b\\x9bc"');
    expect(quoteToken('say "hi" \\')).toBe('"say \\"hi\\" \\\\"');
  });

  it("issue 15: a 10 MB token was printed in full (twice): now cut to 40 characters, its length said", () => {
    const huge = "K".repeat(10 * 1024 * 1024);
    const shown = quoteToken(huge);
    expect(shown).toBe(`"${"K".repeat(40)}…" (10485760 characters)`);
    // Escapes count against the limit too: a token of escape characters stays short.
    expect(quoteToken("\x1b".repeat(1000)).length).toBeLessThan(70);
  });

  it("never lets a control character through, and stays short, for any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        const shown = quoteToken(text);
        expect(shown).not.toMatch(CONTROL);
        expect(shown.length).toBeLessThanOrEqual(40 + 30);
        expect(shortText(text)).not.toMatch(CONTROL);
        expect(escapeControls(text)).not.toMatch(CONTROL);
      }),
    );
  });
});

describe("escapeControls", () => {
  it("escapes control characters and leaves the rest alone", () => {
    expect(escapeControls("a\tb\nc\x1bd é ♠")).toBe("a\\x09b\\x0ac\\x1bd é ♠");
    expect(escapeControlsKeepLines("one\x07\ntwo")).toBe("one\\x07\ntwo");
    expect(shortText('{"a":"\x1b"}')).toBe('{"a":"\\x1b"}');
    expect(shortText("x".repeat(50), 10)).toBe(`${"x".repeat(10)}…`);
  });
});

describe("ASCII case", () => {
  it("changes ASCII letters only: look-alikes stay what they are", () => {
    expect(asciiUpper("th♥")).toBe("TH♥");
    expect(asciiUpper("ſ")).toBe("ſ");
    expect(asciiUpper("ı")).toBe("ı");
    expect(asciiLower("1A\u212a")).toBe("1a\u212a");
  });
});
