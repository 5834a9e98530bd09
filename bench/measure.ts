/** What the benches share: quantiles of sorted samples, this process's CPU clock, and a table row. */

/** The q-quantile (0..1) of samples sorted in increasing order; 0 for none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/**
 * This process's CPU time in ms. Solver figures are CPU time, as fc-solve's and Solvitaire's are: on a machine
 * shared with other work, wall time measures the load as much as the solver.
 */
export function cpuMs(): number {
  const t = process.cpuUsage();
  return (t.user + t.system) / 1000;
}

/** Prints a table row: the first `left` cells padded on the right to `leftWidth`, the others on the left. */
export function printRow(cells: readonly (string | number)[], left = 2, leftWidth = 11, width = 9): void {
  console.log(
    cells.map((c, i) => (i < left ? String(c).padEnd(leftWidth) : String(c).padStart(width))).join(" "),
  );
}
