/** A key press decoded from a raw-mode terminal. */
export interface Key {
  /** "up", "down", "left", "right", "enter", "escape", "backspace", "space", "tab", "home", "end", "pageup",
   * "pagedown", "delete", or the character typed (case as typed; for Ctrl+letter, the lower-case letter). */
  name: string;
  ctrl: boolean;
  meta: boolean;
  sequence: string;
}

const ESCAPES: Record<string, string> = {
  "[A": "up",
  "[B": "down",
  "[C": "right",
  "[D": "left",
  OA: "up",
  OB: "down",
  OC: "right",
  OD: "left",
  "[H": "home",
  "[F": "end",
  OH: "home",
  OF: "end",
  "[1~": "home",
  "[4~": "end",
  "[3~": "delete",
  "[5~": "pageup",
  "[6~": "pagedown",
};

function key(name: string, sequence: string, ctrl = false, meta = false): Key {
  return { name, ctrl, meta, sequence };
}

/** Splits one chunk of terminal input into key presses. */
export function decodeKeys(data: string): Key[] {
  const keys: Key[] = [];
  let i = 0;
  while (i < data.length) {
    const ch = data[i];
    if (ch === "\x1b") {
      const rest = data.slice(i + 1);
      const match = /^(\[[0-9;]*[A-Za-z~]|O[A-Za-z])/.exec(rest);
      if (match) {
        const body = match[1].replace(/^\[1;\d+([A-Z])$/, "[$1");
        keys.push(key(ESCAPES[body] ?? "unknown", ch + match[1]));
        i += 1 + match[1].length;
      } else if (rest.length > 0 && rest[0] !== "\x1b") {
        keys.push(key(rest[0], ch + rest[0], false, true));
        i += 2;
      } else {
        keys.push(key("escape", ch));
        i += 1;
      }
      continue;
    }
    const code = ch.charCodeAt(0);
    if (ch === "\r" || ch === "\n") keys.push(key("enter", ch));
    else if (ch === "\t") keys.push(key("tab", ch));
    else if (ch === " ") keys.push(key("space", ch));
    else if (code === 0x7f || code === 0x08) keys.push(key("backspace", ch));
    else if (code < 0x20) keys.push(key(String.fromCharCode(code + 0x60), ch, true));
    else {
      const point = data.codePointAt(i) ?? code;
      const text = String.fromCodePoint(point);
      keys.push(key(text, text));
      i += text.length;
      continue;
    }
    i += 1;
  }
  return keys;
}

export interface RawSession {
  /** Restores the terminal; safe to call more than once. */
  stop(): void;
  write(text: string): void;
}

const ENTER_SCREEN = "\x1b[?1049h\x1b[?25l";
const LEAVE_SCREEN = "\x1b[0m\x1b[?25h\x1b[?1049l";

/**
 * Puts the terminal in raw mode on the alternate screen and feeds key presses to `onKey`. The terminal is
 * restored on stop(), on process exit, on SIGINT/SIGTERM/SIGHUP (which then exit the process, so "exit" handlers
 * run) and on an uncaught exception.
 */
export function startRawSession(onKey: (key: Key) => void): RawSession {
  const stdin = process.stdin;
  const stdout = process.stdout;
  let stopped = false;
  const onData = (data: Buffer | string) => {
    for (const k of decodeKeys(data.toString())) {
      if (stopped) return;
      onKey(k);
    }
  };
  // Exiting (rather than re-raising the signal) runs the process's "exit" handlers, where games save.
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    process.exit(128 + (signal === "SIGHUP" ? 1 : signal === "SIGINT" ? 2 : 15));
  };
  const onCrash = (error: unknown) => {
    stop();
    console.error(error);
    process.exit(1);
  };
  function stop(): void {
    if (stopped) return;
    stopped = true;
    stdin.off("data", onData);
    process.off("exit", stop);
    for (const s of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.off(s, onSignal);
    process.off("uncaughtException", onCrash);
    if (stdin.isTTY) stdin.setRawMode(false);
    stdin.pause();
    stdout.write(LEAVE_SCREEN);
  }
  if (stdin.isTTY) stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.on("data", onData);
  stdin.resume();
  process.on("exit", stop);
  for (const s of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(s, onSignal);
  process.on("uncaughtException", onCrash);
  stdout.write(ENTER_SCREEN);
  return { stop, write: (text: string) => stdout.write(text) };
}
