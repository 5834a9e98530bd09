/**
 * The project's one source of entropy: a fresh seed from the platform's cryptographic generator (Node and
 * browsers alike). Called only where a caller gave no seed, once, and the seed is then kept with the game so
 * that it replays.
 */
export function drawSeed(): number {
  const words = new Uint32Array(1);
  globalThis.crypto.getRandomValues(words);
  return words[0] >>> 0;
}
