/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** The Wilson score interval of `successes` out of `n` (both bounds in 0..1; [0, 1] when n is 0). */
export function wilson(successes: number, n: number, z = Z95): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
