import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { InputError, MAX_INPUT_BYTES, readTextInput } from "./input.ts";

const dir = mkdtempSync(join(tmpdir(), "tsol-input-"));

function refusal(path: string, limit?: number): InputError {
  try {
    readTextInput(path, "board", limit);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error("read");
}

describe("readTextInput", () => {
  it("reads a file as text, a UTF-8 byte-order mark dropped", () => {
    const path = join(dir, "bom.txt");
    writeFileSync(path, "\ufeffJD KD\n");
    expect(readTextInput(path, "board")).toBe("JD KD\n");
  });

  it("reads a file of exactly the limit and refuses one byte more", () => {
    const path = join(dir, "limit.txt");
    writeFileSync(path, "x".repeat(100));
    expect(readTextInput(path, "board", 100)).toHaveLength(100);
    writeFileSync(path, "x".repeat(101));
    expect(refusal(path, 100).code).toBe("input_too_large");
  });

  it("issue 15: a board read from /dev/zero grew to 6.6 GB; now it is refused after 1 MB", () => {
    const before = process.memoryUsage().rss;
    const error = refusal("/dev/zero");
    expect(error.code).toBe("input_too_large");
    expect(error.message).toBe(
      `the board "/dev/zero" is larger than ${MAX_INPUT_BYTES.toLocaleString("en")} bytes: that is not a board`,
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("says clearly when a file cannot be read", () => {
    const missing = refusal(join(dir, "nothing.txt"));
    expect(missing.code).toBe("unreadable_input");
    expect(missing.errno).toBe("ENOENT");
    expect(missing.message).toMatch(/^cannot read the board ".*nothing\.txt": no such file$/);
    expect(refusal(dir).message).toMatch(/: it is a folder$/);
    expect(refusal(`${dir}/\x1b]2;x\x07`).message).not.toMatch(/[\u0000-\u001f]/);
  });

  it("issue 36: tsol's own files are plain files: a named pipe is refused without waiting for a writer", () => {
    const fifo = join(dir, "pipe.json");
    execFileSync("mkfifo", [fifo]);
    const input = fileURLToPath(new URL("./input.ts", import.meta.url));
    // In a child process with a time limit: an open that waits would hang this test's worker for good.
    const script = `
      const { readTextInput } = await import(${JSON.stringify(input)});
      try { readTextInput(${JSON.stringify(fifo)}, "saved game", undefined, true); console.log("read"); }
      catch (error) { console.log(error.code, error.message); }`;
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(r.signal, "the child was stopped: it hung").toBeNull();
    expect(r.stdout).toMatch(/^special_file the saved game ".*" is a named pipe \(FIFO\), not a file\n$/);
    const folder = (() => {
      try {
        readTextInput(dir, "saved game", undefined, true);
      } catch (error) {
        return error as InputError;
      }
      throw new Error("read");
    })();
    expect(folder.code).toBe("special_file");
    expect(folder.message).toMatch(/is a folder, not a file$/);
    expect(() => readTextInput("/dev/zero", "saved game", undefined, true)).toThrow(
      /is a device, not a file$/,
    );
  }, 30_000);
});
