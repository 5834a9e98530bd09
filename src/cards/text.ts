/**
 * Showing text that came from a user's file or command line (a board, a save, a move string) without letting it
 * drive the terminal: control characters are written as escapes, and long tokens are cut.
 */

/** How many characters of a token an error message shows. */
export const TOKEN_LIMIT = 40;

/**
 * Characters that must never reach a terminal as they are: C0 controls (ESC, BEL, CR, …), DEL, C1 controls (a
 * lone 0x9b is a CSI on some terminals), the line and paragraph separators, every format character (Unicode's
 * category Cf: the bidirectional controls that can make text read differently from what it is, and the invisible
 * ones, such as the zero-width space, the joiners, the word joiner and the soft hyphen, that make `JD` and `JD`
 * followed by U+200B look alike), and lone surrogates, which a terminal shows as U+FFFD.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\p{Cs}]/gu;

function escapeChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
}

/** `text` with every control character written as an escape (`\x1b`, `\u{202e}`); everything else unchanged. */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

/** Like escapeControls, but keeps line breaks (`\n`) so that a multi-line message stays on its lines. */
export function escapeControlsKeepLines(text: string): string {
  return text
    .split("\n")
    .map((line) => escapeControls(line))
    .join("\n");
}

/**
 * A token of user input as an error message names it: in double quotes, control characters, quotes and
 * backslashes escaped, and cut after about `limit` characters as shown (then `…` and the token's full length
 * follow), so that a 10 MB token costs a line, not a screenful.
 */
export function quoteToken(text: string, limit = TOKEN_LIMIT): string {
  const { body, count, cut } = shorten(text, limit, (ch) => (ch === "\\" || ch === '"' ? `\\${ch}` : ch));
  return cut ? `"${body}…" (${count} characters)` : `"${body}"`;
}

/** Like quoteToken without the quotes (for a value shown as JSON, say): control characters escaped, cut with `…`. */
export function shortText(text: string, limit = TOKEN_LIMIT): string {
  const { body, cut } = shorten(text, limit, (ch) => ch);
  return cut ? `${body}…` : body;
}

function shorten(text: string, limit: number, quote: (ch: string) => string) {
  let body = "";
  let count = 0;
  let cut = false;
  for (const ch of text) {
    count++;
    if (cut) continue;
    const shown = quote(ch).replace(UNSAFE, escapeChar);
    if (body.length + shown.length > limit) cut = true;
    else body += shown;
  }
  return { body, count, cut };
}

/** Upper case for ASCII letters only: `ſ` (long s) and `ı` stay what they are instead of becoming S and I. */
export function asciiUpper(text: string): string {
  return text.replace(/[a-z]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 32));
}

/** Lower case for ASCII letters only: the Kelvin sign stays a Kelvin sign instead of becoming k. */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 32));
}
