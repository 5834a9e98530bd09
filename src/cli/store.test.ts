import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJsonFile, removeStaleTemporaries, writeJsonAtomic } from "./store.ts";

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const asObject = (raw: unknown) => {
  if (typeof raw !== "object" || raw === null) throw new Error("not an object");
  return raw as Record<string, unknown>;
};

describe("the data store", () => {
  it("issue 15: a temporary file left by a save killed before its rename stayed forever; the next start removes it", () => {
    const dir = mkdtempSync(join(tmpdir(), "tsol-store-"));
    const path = join(dir, "freecell-save.json");
    // A process id that is not running (pid_max is far below it) and this process's own.
    writeFileSync(`${path}.999999999.tmp`, "{ half a sa");
    writeFileSync(`${path}.${process.pid}.tmp`, "{ mine");
    writeFileSync(join(dir, "other.json.999999999.tmp"), "not ours");
    expect(removeStaleTemporaries(path)).toEqual(["freecell-save.json.999999999.tmp"]);
    expect(readdirSync(dir).sort()).toEqual(
      [`freecell-save.json.${process.pid}.tmp`, "other.json.999999999.tmp"].sort(),
    );
    writeFileSync(`${path}.999999998.tmp`, "{ half");
    expect(readJsonFile(path, asObject)).toEqual({});
    expect(existsSync(`${path}.999999998.tmp`)).toBe(false);
  });

  it("reads a file with a UTF-8 byte-order mark", () => {
    const dir = mkdtempSync(join(tmpdir(), "tsol-store-"));
    const path = join(dir, "bom.json");
    writeFileSync(path, '\ufeff{"a": 1}');
    expect(readJsonFile(path, asObject).value).toEqual({ a: 1 });
  });

  it("sets aside a file over 1 MB without reading it whole, and says so", () => {
    const dir = mkdtempSync(join(tmpdir(), "tsol-store-"));
    const path = join(dir, "huge.json");
    writeFileSync(path, `{"a": "${"x".repeat(2 * 1024 * 1024)}"}`);
    const { value, problem } = readJsonFile(path, asObject, "saved game");
    expect(value).toBeUndefined();
    expect(problem).toMatch(/is corrupt \(the saved game ".*huge\.json" is larger than 1,048,576 bytes/);
    expect(existsSync(path)).toBe(false);
  });

  it("reports a corrupt file's problem with no control character and none of its text at length", () => {
    const dir = mkdtempSync(join(tmpdir(), "tsol-store-"));
    const path = join(dir, "evil.json");
    writeFileSync(path, `\x1b]2;PWNED\x07${"z".repeat(10_000)}`);
    const { problem } = readJsonFile(path, asObject);
    expect(problem).toMatch(/corrupt/);
    expect(problem).not.toMatch(CONTROL);
    expect(problem?.length ?? 0).toBeLessThan(600);
    writeJsonAtomic(path, { ok: true });
    expect(readJsonFile(path, asObject).value).toEqual({ ok: true });
  });
});
