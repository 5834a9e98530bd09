import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { threadCpuMs } from "./thread-cpu.ts";

/** A worker that spins until its own thread has used `ms` of CPU (read as thread-cpu.ts reads it), then says so. */
const SPINNER = `
const { readFileSync } = require("node:fs");
const { parentPort, workerData } = require("node:worker_threads");
const cpu = () => {
  const t = readFileSync("/proc/thread-self/stat", "latin1");
  const f = t.slice(t.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) * 10;
};
const t0 = cpu();
let x = 0;
while (cpu() - t0 < workerData) for (let i = 0; i < 100000; i++) x += Math.sqrt(i);
parentPort.postMessage(cpu() - t0);
`;

describe.runIf(process.platform === "linux")("threadCpuMs", () => {
  it("counts this thread's CPU time as it is used", () => {
    const t0 = threadCpuMs();
    expect(t0).toBeTypeOf("number");
    const wall0 = performance.now();
    let x = 0;
    // Ends only if the count grows (or after 10 s of wall time, which fails below).
    while ((threadCpuMs() as number) - (t0 as number) < 50 && performance.now() - wall0 < 10_000)
      for (let i = 0; i < 100_000; i++) x += Math.sqrt(i);
    expect((threadCpuMs() as number) - (t0 as number)).toBeGreaterThanOrEqual(50);
    expect(x).toBeGreaterThan(0);
  });

  it("does not count another thread's work, as the process's CPU time does", async () => {
    const t0 = threadCpuMs() as number;
    const p0 = process.cpuUsage();
    const worker = new Worker(SPINNER, { eval: true, workerData: 400 });
    const spun = await new Promise<number>((resolve, reject) => {
      worker.on("message", resolve);
      worker.on("error", reject);
    });
    await worker.terminate();
    const p = process.cpuUsage(p0);
    expect(spun).toBeGreaterThanOrEqual(400);
    // The process counted the worker's 400 ms; this thread, waiting, used far less.
    expect((p.user + p.system) / 1000).toBeGreaterThanOrEqual(400);
    expect((threadCpuMs() as number) - t0).toBeLessThan(200);
  });
});
