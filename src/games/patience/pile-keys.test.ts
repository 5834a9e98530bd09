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
