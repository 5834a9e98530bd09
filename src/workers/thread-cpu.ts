import { readFileSync } from "node:fs";

/**
 * The CPU time the calling thread has used, in milliseconds, where the system tells it (Linux: user and system
 * time of /proc/thread-self/stat, in clock ticks of 10 ms); undefined elsewhere. Node 20 gives only the whole
 * process's CPU time (`process.cpuUsage`), which in a worker thread counts every other thread's work too.
 */
export function threadCpuMs(): number | undefined {
  let text: string;
  try {
    text = readFileSync("/proc/thread-self/stat", "latin1");
  } catch {
    return undefined;
  }
  // The fields after the command name (which is in parentheses and may hold spaces): state is the first of
  // them, utime the 12th and stime the 13th (fields 14 and 15 of proc(5)).
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
  return (utime + stime) * TICK_MS;
}

/** A clock tick of /proc's times: USER_HZ, 100 a second on every Linux that Node runs on. */
const TICK_MS = 10;
