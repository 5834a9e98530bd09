import { describe, expect, it } from "vitest";
import { PileKeyReader } from "./pile-keys.ts";

const eighteen = [...Array.from({ length: 18 }, (_, i) => String(i + 1)), "h"];
const typeAll = (reader: PileKeyReader, text: string) => [...text].map((c) => reader.press(c));

describe("pile keys typed a character at a time", () => {
  it("takes a key no longer key begins at once: 5 and h of eighteen piles, 10 of ten", () => {
    const reader = new PileKeyReader(() => eighteen);
    expect(reader.press("5")).toEqual({ piles: ["5"], waiting: "" });
    expect(reader.press("h")).toEqual({ piles: ["h"], waiting: "" });
    const ten = new PileKeyReader(() => Array.from({ length: 10 }, (_, i) => String(i + 1)));
    expect(typeAll(ten, "10").map((s) => s.piles)).toEqual([[], ["10"]]);
  });

  it("reads 1 then 2 as pile 12 of eighteen, and 1 then 2 as piles 1 and 2 of ten", () => {
    const reader = new PileKeyReader(() => eighteen);
    const [first, second] = typeAll(reader, "12");
    expect(first).toEqual({ piles: [], waiting: "1" });
    expect(second.piles).toEqual(["12"]);
    const ten = new PileKeyReader(() => Array.from({ length: 10 }, (_, i) => String(i + 1)));
    expect(typeAll(ten, "12").map((s) => s.piles)).toEqual([[], ["1", "2"]]);
  });

  it("ends a key with a character that cannot go on, or with a pause (flush)", () => {
    const reader = new PileKeyReader(() => eighteen);
    reader.press("1");
    expect(reader.press("h")).toEqual({ piles: ["1", "h"], waiting: "" });
    reader.press("1");
    expect(reader.waiting).toBe("1");
    expect(reader.flush()).toBe("1");
    expect(reader.waiting).toBe("");
    reader.press("1");
    expect(reader.press("u")).toEqual({ piles: ["1"], unused: "u", waiting: "" });
  });

  it("waits after a letter only longer keys begin (r of r1..r16), and drops it before a stranger", () => {
    const keys = ["h", ...Array.from({ length: 16 }, (_, i) => `r${i + 1}`), "1", "2"];
    const reader = new PileKeyReader(() => keys);
    expect(typeAll(reader, "r16").map((s) => s.piles)).toEqual([[], [], ["r16"]]);
    typeAll(reader, "r1");
    expect(reader.flush()).toBe("r1");
    reader.press("r");
    expect(reader.flush()).toBeUndefined();
    reader.press("r");
    expect(reader.press("x")).toEqual({ piles: [], unused: "x", waiting: "", dropped: "r" });
    expect(PileKeyReader.takes(keys, "r")).toBe(true);
    expect(PileKeyReader.takes(keys, "u")).toBe(false);
  });

  it("reads Montana's places: a then 1 waits for a10..a13, a then 1 then 3 is a13", () => {
    const keys = ["a", "b"].flatMap((row) => Array.from({ length: 13 }, (_, i) => `${row}${i + 1}`));
    const reader = new PileKeyReader(() => keys);
    expect(typeAll(reader, "a13").map((s) => s.piles)).toEqual([[], [], ["a13"]]);
    typeAll(reader, "b1");
    expect(reader.press("a")).toEqual({ piles: ["b1"], waiting: "a" });
    expect(reader.press("5")).toEqual({ piles: ["a5"], waiting: "" });
  });
});

describe("Enter and Space end a key being typed", () => {
  const accordion = () => new PileKeyReader(() => Array.from({ length: 52 }, (_, i) => String(i + 1)));

  it("reads 2 then 2 on the accordion's 52 piles as pile 22, and 2, Enter, 2, Enter as pile 2 twice", () => {
    expect(typeAll(accordion(), "22").map((s) => s.piles)).toEqual([[], ["22"]]);
    const reader = accordion();
    const steps = typeAll(reader, "2\r2\r");
    expect(steps.map((s) => s.piles)).toEqual([[], ["2"], [], ["2"]]);
    // Enter only ended the key: nothing left over for the front-end's own Enter (the pile under the cursor).
    expect(steps.map((s) => s.unused)).toEqual([undefined, undefined, undefined, undefined]);
    expect(reader.waiting).toBe("");
    expect(typeAll(accordion(), "2 2 ").map((s) => s.piles)).toEqual([[], ["2"], [], ["2"]]);
    expect(typeAll(accordion(), "5\n").map((s) => s.piles)).toEqual([[], ["5"]]);
  });

  it("takes 6 to 9 of the accordion at once, and 5 then 4 as piles 5 and 4 (no pile 54), 4 still waiting", () => {
    const reader = accordion();
    expect(reader.press("7")).toEqual({ piles: ["7"], waiting: "" });
    expect(reader.press("5")).toEqual({ piles: [], waiting: "5" });
    expect(reader.press("4")).toEqual({ piles: ["5"], waiting: "4" });
    expect(reader.end("Enter")).toEqual({ piles: ["4"], waiting: "" });
  });

  it("leaves Enter and Space to the front-end when no key waits, and says which start named no pile", () => {
    const reader = accordion();
    expect(reader.end("Enter")).toEqual({ piles: [], unused: "Enter", waiting: "" });
    expect(reader.press(" ")).toEqual({ piles: [], unused: " ", waiting: "" });
    const rows = new PileKeyReader(() => Array.from({ length: 16 }, (_, i) => `r${i + 1}`));
    rows.press("r");
    expect(rows.end("Enter")).toEqual({ piles: [], waiting: "", dropped: "r" });
    expect(rows.waiting).toBe("");
  });

  it("keeps 10 and 11 of eleven piles: 1 then 0 is 10, 1 then 1 is 11, 1 then Enter is 1", () => {
    const eleven = new PileKeyReader(() => Array.from({ length: 11 }, (_, i) => String(i + 1)));
    expect(typeAll(eleven, "10").map((s) => s.piles)).toEqual([[], ["10"]]);
    expect(typeAll(eleven, "11").map((s) => s.piles)).toEqual([[], ["11"]]);
    expect(typeAll(eleven, "1\r1 ").map((s) => s.piles)).toEqual([[], ["1"], [], ["1"]]);
    expect(typeAll(eleven, "12").map((s) => s.piles)).toEqual([[], ["1", "2"]]);
    const montana = new PileKeyReader(() =>
      ["a", "b"].flatMap((r) => Array.from({ length: 13 }, (_, i) => `${r}${i + 1}`)),
    );
    expect(typeAll(montana, "a1\rb1 ").map((s) => s.piles)).toEqual([[], [], ["a1"], [], [], ["b1"]]);
  });
});
