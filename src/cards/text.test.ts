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

/** Controls, separators, format characters (Cf) and lone surrogates: nothing of these may be shown raw. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\p{Cs}]/u;

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

describe("invisible characters", () => {
  it('issue 36: "JD" and a zero-width space was shown as "JD"; format characters are escaped', () => {
    expect(quoteToken("JD\u200b")).toBe('"JD\\u{200b}"');
    const invisible: [string, string][] = [
      ["\u200b", "\\u{200b}"],
      ["\u200c", "\\u{200c}"],
      ["\u200d", "\\u{200d}"],
      ["\u2060", "\\u{2060}"],
      ["\u00ad", "\\xad"],
      ["\u180e", "\\u{180e}"],
      ["\u2064", "\\u{2064}"],
      ["\u061c", "\\u{61c}"],
      ["\ufff9", "\\u{fff9}"],
      ["\u{e0041}", "\\u{e0041}"],
    ];
    for (const [ch, shown] of invisible) {
      expect(escapeControls(`a${ch}b`)).toBe(`a${shown}b`);
      expect(quoteToken(ch)).toBe(`"${shown}"`);
      expect(shortText(ch)).toBe(shown);
    }
  });

  it("shows a lone surrogate (half of an emoji) escaped, and a whole emoji as it is", () => {
    expect(quoteToken("\ud83d")).toBe('"\\u{d83d}"');
    expect(escapeControls("x\ude00")).toBe("x\\u{de00}");
    expect(quoteToken("\u{1f600}")).toBe('"\u{1f600}"');
    expect(escapeControls("e\u0301 \u{1f468}")).toBe("e\u0301 \u{1f468}");
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
