import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  DataFileError,
  readJsonFile,
  removeDataFile,
  removeStaleTemporaries,
  writeJsonAtomic,
} from "./store.ts";

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

  it("issue 36: a FIFO at a save's path hung the read until a writer came; it is refused at once, and kept", () => {
    // In a child process with a time limit: a read that blocks would hang this test's worker for good.
    const dir = mkdtempSync(join(tmpdir(), "tsol-store-"));
    const path = join(dir, "freecell-save.json");
    execFileSync("mkfifo", [path]);
    // A named pipe left at a save's temporary name is removed, not written into (which waits for a reader).
    const other = join(dir, "klondike-save.json");
    execFileSync("mkfifo", [`${other}.123.tmp`]);
    const store = fileURLToPath(new URL("./store.ts", import.meta.url));
    const script = `
      const { readJsonFile, writeJsonAtomic } = await import(${JSON.stringify(store)});
      Object.defineProperty(process, "pid", { value: 123 });
      for (const act of [() => readJsonFile(${JSON.stringify(path)}, (raw) => raw, "saved game"),
                         () => writeJsonAtomic(${JSON.stringify(path)}, {}, "saved game"),
                         () => writeJsonAtomic(${JSON.stringify(other)}, { ok: true }, "saved game")]) {
        try { act(); console.log("done"); } catch (error) { console.log(error.code, error.message); }
      }`;
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(r.signal, "the child was stopped: it hung").toBeNull();
    const refusal = `special_file ${path} is a named pipe (FIFO), not a file: tsol keeps its saved game there. Move it away, or set TSOL_DATA_DIR to another folder`;
    expect(r.stdout).toBe(`${refusal}\n${refusal}\ndone\n`);
    expect(lstatSync(path).isFIFO()).toBe(true);
    expect(readJsonFile(other, asObject).value).toEqual({ ok: true });
    expect(readdirSync(dir).sort()).toEqual(["freecell-save.json", "klondike-save.json"]);
  }, 30_000);

  it("issue 36: a folder at a data file's path is refused, neither moved aside, written over nor removed", () => {
    const dir = mkdtempSync(join(tmpdir(), "tsol-store-"));
    const path = join(dir, "tetris-scores.json");
    mkdirSync(path);
    expect(() => readJsonFile(path, asObject, "high score file")).toThrow(DataFileError);
    expect(() => readJsonFile(path, asObject, "high score file")).toThrow(
      `${path} is a folder, not a file: tsol keeps its high score file there.`,
    );
    expect(() => writeJsonAtomic(path, {}, "high score file")).toThrow(DataFileError);
    expect(() => removeDataFile(path, "high score file")).toThrow(DataFileError);
    expect(lstatSync(path).isDirectory()).toBe(true);
    expect(readdirSync(dir)).toEqual(["tetris-scores.json"]);
    expect(() => readJsonFile("/dev/null", asObject)).toThrow("/dev/null is a device, not a file");
  });
});
