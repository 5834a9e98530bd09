import type { ResumableDomain } from "./domain.ts";
import { StateTable } from "./state-table.ts";

/** What the shortener needs of a domain: a search domain with a second hash and moves named apart from places. */
export type ShortenableDomain<S, M, W = unknown> = Pick<
  ResumableDomain<S, M, W>,
  | "keyWords"
  | "maxMoves"
  | "load"
  | "generate"
  | "apply"
  | "undo"
  | "forced"
  | "encode"
  | "hash"
  | "hash2"
  | "moveCode"
  | "codeToMove"
>;

/** Words of the filter of path hashes (a power of two): 16,384 bits. */
const FILTER_MASK = 511;

/**
 * Shortcuts for a win found: from each position of the path, up to `depth` moves that reach a later position of
 * the path replace the moves between when they are fewer. Works on move codes, so it fits whatever order the
 * domain's piles are in. Kept per domain and reused from solve to solve.
 */
export class Shortener<S, M, W = unknown, D extends ShortenableDomain<S, M, W> = ResumableDomain<S, M, W>> {
  private readonly moves: Int32Array;
  private readonly key: Uint32Array;
  private readonly table: StateTable;
  private pathKeys = new Uint32Array(0);
  private readonly hashKey = new Uint32Array(1);
  /** A bit per value of the low bits of the hash of each path position. */
  private readonly filter = new Uint32Array(FILTER_MASK + 1);
  private gain = 0;
  private bestEnd = 0;
  private readonly chain = new Int32Array(8);
  private readonly bestChain = new Int32Array(8);
  private bestLength = 0;

  constructor(
    readonly domain: D,
    /** The move set tried for shortcuts. */
    readonly mode: number,
  ) {
    this.moves = new Int32Array(Math.max(4096, domain.maxMoves * 8));
    this.key = new Uint32Array(domain.keyWords);
    this.table = new StateTable(1, 2, undefined, 256);
  }

  /** Whether the domain's position is path position j (its hashes matched: the keys decide). */
  private isPathPosition(j: number): boolean {
    const { key, pathKeys } = this;
    const words = this.domain.keyWords;
    this.domain.encode(key);
    const at = j * words;
    for (let w = 0; w < words; w++) if (key[w] !== pathKeys[at + w]) return false;
    return true;
  }

  /** Plays a code and the forced moves after it. */
  private play(code: number): void {
    const m = this.domain.codeToMove(code);
    this.domain.apply(m);
    this.domain.forced(m, this.moves, 0);
  }

  /** The path `codes` from `root` with shortcuts taken; repeated until nothing changes (once with depth 1). */
  shorten(root: S, codes: number[], depth: number): number[] {
    const { domain, key, table, hashKey, filter } = this;
    const words = domain.keyWords;
    for (;;) {
      table.clear();
      filter.fill(0);
      if (this.pathKeys.length < (codes.length + 1) * words)
        this.pathKeys = new Uint32Array((codes.length + 1) * words * 2);
      domain.load(root);
      domain.forced(-1, this.moves, 0);
      for (let i = 0; i <= codes.length; i++) {
        domain.encode(key);
        this.pathKeys.set(key, i * words);
        hashKey[0] = domain.hash2();
        const h = domain.hash();
        filter[(h >>> 5) & FILTER_MASK] |= 1 << (h & 31);
        const id = table.findOrInsert(hashKey, h);
        table.words[id * table.stride + 1] = i;
        if (i < codes.length) this.play(codes[i]);
      }
      const out: number[] = [];
      let i = 0;
      let changed = false;
      domain.load(root);
      domain.forced(-1, this.moves, 0);
      while (i < codes.length) {
        this.gain = 0;
        this.bestEnd = i + 1;
        this.bestChain[0] = codes[i];
        this.bestLength = 1;
        this.explore(i, 0, depth, 0);
        if (this.bestEnd > i + 1) changed = true;
        for (let k = 0; k < this.bestLength; k++) {
          out.push(this.bestChain[k]);
          if (this.bestEnd < codes.length) this.play(this.bestChain[k]);
        }
        i = this.bestEnd;
      }
      codes = out;
      // With single moves a second pass finds nothing new: it visits the same positions (each the farthest
      // jump of the one before) and the same jumps from them. Longer chains add positions, so they repeat.
      if (!changed || depth === 1) return codes;
    }
  }

  /** Tries every move sequence of up to `depth` moves from path position `from`, keeping the best jump. */
  private explore(from: number, level: number, depth: number, offset: number): void {
    const { domain, moves, table, hashKey } = this;
    const n = domain.generate(this.mode, moves, offset);
    for (let k = offset; k < n; k++) {
      const m = moves[k];
      this.chain[level] = domain.moveCode(m);
      domain.apply(m);
      const end = domain.forced(m, moves, n);
      // Most moves reach no position of the path: one hash and the filter say so.
      const h = domain.hash();
      let id = -2;
      if ((this.filter[(h >>> 5) & FILTER_MASK] & (1 << (h & 31))) !== 0) {
        hashKey[0] = domain.hash2();
        id = table.findOrInsert(hashKey, h, false);
      }
      if (id >= 0) {
        const j = table.words[id * table.stride + 1];
        const gain = j - from - (level + 1);
        if (gain > this.gain && this.isPathPosition(j)) {
          this.gain = gain;
          this.bestEnd = j;
          this.bestLength = level + 1;
          this.bestChain.set(this.chain.subarray(0, level + 1));
        }
      } else if (level + 1 < depth) {
        this.explore(from, level + 1, depth, end);
      }
      for (let a = end - 1; a >= n; a--) domain.undo(moves[a]);
      domain.undo(m);
    }
  }
}
