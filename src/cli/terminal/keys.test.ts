import { describe, expect, it } from "vitest";
import { decodeKeys } from "./keys.ts";

const names = (data: string) =>
  decodeKeys(data).map((k) => (k.ctrl ? `C-${k.name}` : k.meta ? `M-${k.name}` : k.name));

describe("decodeKeys", () => {
  it("reads letters, digits and named keys", () => {
    expect(names("a3H#")).toEqual(["a", "3", "H", "#"]);
    expect(names("\r\t \x7f")).toEqual(["enter", "tab", "space", "backspace"]);
  });

  it("reads arrow keys in both terminal modes and with modifiers", () => {
    expect(names("\x1b[A\x1b[B\x1b[C\x1b[D")).toEqual(["up", "down", "right", "left"]);
    expect(names("\x1bOA\x1b[1;5C")).toEqual(["up", "right"]);
    expect(names("\x1b[3~\x1b[5~\x1b[6~")).toEqual(["delete", "pageup", "pagedown"]);
  });

  it("tells Escape, Alt+key and Ctrl+key apart", () => {
    expect(names("\x1b")).toEqual(["escape"]);
    expect(names("\x1bx")).toEqual(["M-x"]);
    expect(names("\x03\x04")).toEqual(["C-c", "C-d"]);
  });

  it("keeps characters beyond the basic plane whole", () => {
    expect(names("♥😀")).toEqual(["♥", "😀"]);
  });
});
