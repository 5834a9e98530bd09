import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A program running in a detached tmux session, driven as a person at a terminal would drive it. Each session has
 * its own tmux server (socket `-S` in the temporary folder, removed when the session is killed): test files run side by side, and on one shared server a test killing its
 * last session stops the server while another test's `new-session` is connecting ("server exited unexpectedly").
 */
export class TmuxSession {
  private constructor(readonly name: string) {}

  private static socket(name: string): string {
    return join(tmpdir(), `${name}.tmux`);
  }

  static start(
    command: string,
    env: Record<string, string> = {},
    size = { width: 100, height: 40 },
  ): TmuxSession {
    const name = `tsol-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    const exports = Object.entries(env)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(" ");
    execFileSync("tmux", [
      "-S",
      TmuxSession.socket(name),
      "new-session",
      "-d",
      "-s",
      name,
      "-x",
      String(size.width),
      "-y",
      String(size.height),
      `env LANG=C.UTF-8 TERM=xterm-256color ${exports} ${command}; echo "[exited $?]"; sleep 30`,
    ]);
    return new TmuxSession(name);
  }

  /** Sends keys; plain text is sent literally, names like Escape or C-c as tmux key names. */
  keys(...keys: string[]): void {
    for (const k of keys) {
      const literal = !/^(Escape|Enter|C-[a-z]|Up|Down|Left|Right|Space|BSpace)$/.test(k);
      this.tmux("send-keys", "-t", this.name, ...(literal ? ["-l", k] : [k]));
    }
  }

  /** Resizes the terminal, as a person dragging its window does. */
  resize(width: number, height = 40): void {
    this.tmux("resize-window", "-t", this.name, "-x", String(width), "-y", String(height));
  }

  screen(): string {
    return this.tmux("capture-pane", "-p", "-t", this.name);
  }

  /** Runs a tmux command on this session's own server, returning what it prints. */
  tmux(...args: string[]): string {
    return execFileSync("tmux", ["-S", TmuxSession.socket(this.name), ...args], { encoding: "utf8" });
  }

  /** Waits until the screen shows `pattern`, or fails after `ms` with the screen in the message. */
  async waitFor(pattern: RegExp | string, ms = 15_000): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      const screen = this.screen();
      if (typeof pattern === "string" ? screen.includes(pattern) : pattern.test(screen)) return screen;
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${String(pattern)}; the screen was:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  kill(): void {
    try {
      execFileSync("tmux", ["-S", TmuxSession.socket(this.name), "kill-server"], { stdio: "ignore" });
    } catch {
      // already gone
    }
    rmSync(TmuxSession.socket(this.name), { force: true });
  }
}
