import type { BudgetMeter } from "./budget.ts";

/**
 * A set of fixed-width records on typed arrays with open addressing, for visited positions. A record is
 * `stride` 32-bit words whose first `keyWords` words are the key (a packed canonical position); the rest is
 * the owner's (parent, move, depth …). No Map or Set of strings: a record costs its words plus two slots.
 */
export class StateTable {
  words: Uint32Array;
  hashes: Uint32Array;
  private slots: Int32Array;
  /**
   * Slots in use minus one: a table emptied for the next search starts again on a few slots and doubles them as
   * it fills (in the arrays it has), so small searches after a large one probe a small, cached region.
   */
  private mask: number;
  count = 0;
  /** Bytes the owner holds besides the records, counted against the memory budget when the table grows. */
  reservedBytes = 0;
  /** Whether the last findOrInsert stored a new record. */
  inserted = false;

  constructor(
    readonly keyWords: number,
    readonly stride: number,
    private meter: BudgetMeter | undefined,
    initialRecords = 1024,
    /** Bytes the owner keeps per record elsewhere (queue links …), counted against the memory budget. */
    readonly extraBytesPerRecord = 0,
  ) {
    if (stride < keyWords) throw new RangeError("stride must hold the key");
    let capacity = 16;
    while (capacity < initialRecords) capacity *= 2;
    this.words = new Uint32Array(capacity * stride);
    this.hashes = new Uint32Array(capacity);
    this.slots = new Int32Array(capacity * 2);
    this.mask = Math.min(capacity * 2, FIRST_SLOTS) - 1;
  }

  get capacity(): number {
    return this.hashes.length;
  }

  /** Bytes of the arrays this table holds, with the owner's per-record and reserved bytes. */
  get bytes(): number {
    return (
      this.words.byteLength +
      this.hashes.byteLength +
      this.slots.byteLength +
      this.hashes.length * this.extraBytesPerRecord +
      this.reservedBytes
    );
  }

  /** Empties the table, keeping its arrays (the cost is the slots in use, not the capacity). */
  clear(): void {
    this.slots.fill(0, 0, this.mask + 1);
    this.mask = Math.min(this.slots.length, FIRST_SLOTS) - 1;
    this.count = 0;
  }

  /** Switches to another budget meter (tables are reused across searches). */
  setMeter(meter: BudgetMeter | undefined): void {
    this.meter = meter;
  }

  /**
   * The record whose key equals `key[0..keyWords)`, storing a new one when there is none (`inserted` says
   * which). Returns -1 when storing would break the memory budget, -2 when the key is absent and `mayInsert`
   * is false; the table is then unchanged.
   */
  findOrInsert(key: Uint32Array, hash: number, mayInsert = true): number {
    const { slots, hashes, words, keyWords, stride } = this;
    let i = spread(hash) & this.mask;
    for (;;) {
      const s = slots[i];
      if (s === 0) break;
      const id = s - 1;
      if (holdsKey(words, hashes, id, stride, key, keyWords, hash)) {
        this.inserted = false;
        return id;
      }
      i = (i + 1) & this.mask;
    }
    this.inserted = false;
    if (!mayInsert) return -2;
    if (this.count === this.hashes.length) {
      if (!this.grow()) return -1;
      return this.findOrInsert(key, hash);
    }
    if (this.count * 2 >= this.mask + 1) {
      // Half the slots in use are taken: twice as many (the arrays hold them).
      this.rehash(this.mask * 2 + 1);
      return this.findOrInsert(key, hash);
    }
    const id = this.count++;
    slots[i] = id + 1;
    hashes[id] = hash;
    const base = id * stride;
    for (let k = 0; k < keyWords; k++) words[base + k] = key[k];
    this.inserted = true;
    return id;
  }

  /** Spreads the records over `mask + 1` slots (at most the slots array's length). */
  private rehash(mask: number): void {
    const { slots, hashes } = this;
    slots.fill(0, 0, mask + 1);
    for (let id = 0; id < this.count; id++) {
      let i = spread(hashes[id]) & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = id + 1;
    }
    this.mask = mask;
  }

  private grow(): boolean {
    const now = this.hashes.length;
    // Twice the records; when the memory budget cannot take that, half or a quarter again as many, so a
    // search near its budget uses the room left instead of stopping a doubling short.
    const sizes = [now * 2, now + (now >> 1), now + (now >> 2)];
    for (let k = 0; k < sizes.length; k++) {
      const capacity = sizes[k];
      let slotCount = 16;
      while (slotCount < capacity * 2) slotCount *= 2;
      const bytes =
        capacity * (this.stride * 4 + 4 + this.extraBytesPerRecord) + slotCount * 4 + this.reservedBytes;
      const delta = bytes - this.bytes;
      const meter = this.meter;
      // The new arrays are made while the old ones are held: the machine must have room for them.
      const made = capacity * (this.stride * 4 + 4) + slotCount * 4;
      const fits = meter === undefined || made <= meter.allocatable(made);
      // Only the last size tried records the budget as met.
      if (meter && k < sizes.length - 1 && (meter.bytesUsed + delta > meter.maxBytes || !fits)) continue;
      if (meter && !fits) {
        meter.outOfMachine();
        return false;
      }
      if (meter && !meter.timeToGrow(made)) {
        // The growth would end past the time budget: the search stops for time now instead.
        meter.exceeded = "time";
        return false;
      }
      if (meter && !meter.grow(delta)) return false;
      const start = meter ? meter.growing() : Number.NaN;
      const words = new Uint32Array(capacity * this.stride);
      words.set(this.words);
      const hashes = new Uint32Array(capacity);
      hashes.set(this.hashes);
      this.words = words;
      this.hashes = hashes;
      this.slots = new Int32Array(slotCount);
      this.rehash(slotCount - 1);
      meter?.grown(start, made);
      return true;
    }
    return false;
  }
}

/** Slots a table starts on after it is emptied (a power of two). */
const FIRST_SLOTS = 2048;

/** Whether record `id` (of `stride` words, the key first, its hash in `hashes`) holds `key`, whose hash is `hash`. */
export function holdsKey(
  words: Uint32Array,
  hashes: Uint32Array,
  id: number,
  stride: number,
  key: Uint32Array,
  keyWords: number,
  hash: number,
): boolean {
  if (hashes[id] !== hash) return false;
  const base = id * stride;
  for (let k = 0; k < keyWords; k++) if (words[base + k] !== key[k]) return false;
  return true;
}

/** Spreads a hash's bits before masking, so hashes that differ only in high bits land apart. */
export function spread(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return h ^ (h >>> 16);
}

/** The 32-bit finaliser of MurmurHash3: a good mix for combining hashes order-independently. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Random-looking 32-bit words from a fixed seed (splitmix32), for Zobrist tables: deterministic, no Math.random. */
export function zobristWords(count: number, seed = 0x9e3779b9): Uint32Array {
  const out = new Uint32Array(count);
  let s = seed >>> 0;
  for (let i = 0; i < count; i++) {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    out[i] = (z ^ (z >>> 16)) >>> 0;
  }
  return out;
}
