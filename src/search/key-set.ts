import type { BudgetMeter } from "./budget.ts";
import { mix32 as mix } from "./state-table.ts";

/**
 * What a depth-first walk needs of its table of positions seen: whether a key is there, storing it when not.
 * `StateTable` (records with ids, for searches that keep data per position) and `KeySet` (keys only) are both.
 */
export interface VisitedTable {
  readonly count: number;
  /** Whether the last findOrInsert stored a new key. */
  readonly inserted: boolean;
  /** Whether the table hashes the keys itself (then the `hash` given to findOrInsert is not used). */
  readonly ownHash?: boolean;
  /** Bytes of the arrays the table holds (counted against the memory budget as it grows). */
  readonly bytes: number;
  /**
   * A record id (0 or more) when the key `key[0..keyWords)` is there or was stored (`inserted` says which); -1
   * when storing would break the memory budget, -2 when the key is absent and `mayInsert` is false.
   */
  findOrInsert(key: Uint32Array, hash: number, mayInsert?: boolean): number;
  clear(): void;
  setMeter(meter: BudgetMeter | undefined): void;
  /**
   * Tables that several threads search at once (shared-table.ts) are told when a position's owner has expanded it
   * in full, and say whether every position stored was.
   */
  finish?(id: number): void;
  isFinished?(id: number): boolean;
  allFinished?(): boolean;
}

/**
 * `near` names a field of the key (a word, a shift, a width) whose values the owner looks up in turn, all else
 * equal: the field is left out of the hash and added to the slot instead, so the keys that differ only there lie
 * in one short stretch of the array, and looking them up after one of them reads memory already in the cache.
 */
export interface NearField {
  word: number;
  shift: number;
  bits: number;
}

/** No field kept near: every bit of the key hashed. */
const NOWHERE: NearField = { word: 0, shift: 0, bits: 0 };

/**
 * A set of fixed-width keys (`keyWords` 32-bit words) in one typed array, open addressing with linear probing:
 * the key is stored in its slot, with no hash, no record id and no slot array beside it, so a position costs its
 * key's words over the load factor (a 64-bit key 9 to 27 bytes, where `StateTable` takes 8 bytes of key, 4 of
 * hash and 8 of slots, 20 to 24 in all). The hash is the set's own, of the key's words (the `hash` argument of
 * `findOrInsert` is not used): a growth rehashes from the keys alone. The all-zero key marks an empty slot and is
 * kept apart by a flag. The number of slots need not be a power of two (a slot is chosen by multiplying the hash
 * by the number of slots), so the last growth can take whatever the memory budget has left.
 *
 * `findOrInsert` returns 0 for a key found or stored (there are no records to name), as `VisitedTable` allows.
 *
 * `near` (see `NearField`) keeps the keys that differ in one field in one stretch of slots.
 */
export class KeySet implements VisitedTable {
  private keys: Uint32Array;
  private slots: number;
  /** slots / 2^32: a 32-bit hash times this is a slot. */
  private scale: number;
  /** Keys stored before the set grows (a share `GROW_AT` of the slots). */
  private limit: number;
  private hasZero = false;
  count = 0;
  inserted = false;
  readonly ownHash = true;
  /** Slots a set starts on, and goes back to when emptied (unless it keeps its slots: `keepSlots`). */
  private readonly firstSlots: number;
  /**
   * Where `keepSlots` is set: the slot of each key stored (the all-zero key aside), so that emptying the set
   * clears only those slots and keeps the array, up to `keepSlots` slots.
   */
  private used: Int32Array | undefined;
  private usedCount = 0;

  private readonly nearWord: number;
  private readonly nearShift: number;
  /** The near field's bits (0: none). */
  private readonly nearMask: number;

  constructor(
    readonly keyWords: number,
    private meter: BudgetMeter | undefined,
    initialKeys = 1024,
    near: NearField = NOWHERE,
    /**
     * A set emptied and filled again many times with few keys (the blind player's searches of its samples, a
     * few thousand positions each): it keeps up to this many slots when emptied, clearing only the slots used,
     * instead of going back to `initialKeys` and growing again each time. Its kept array (at most `keepSlots`
     * times the key's bytes) is not counted against a later meter; 0: none kept.
     */
    private readonly keepSlots = 0,
  ) {
    if (!(keyWords >= 1 && keyWords <= 4)) throw new RangeError("KeySet holds keys of 1 to 4 words");
    if (near.bits < 0 || near.bits > 8 || near.word >= keyWords || near.shift + near.bits > 32)
      throw new RangeError("a near field is at most 8 bits of one of the key's words");
    this.nearWord = near.word;
    this.nearShift = near.shift;
    this.nearMask = near.bits === 0 ? 0 : (((1 << near.bits) - 1) << near.shift) >>> 0;
    this.firstSlots = Math.max(16, Math.ceil(initialKeys / GROW_AT));
    this.slots = this.firstSlots;
    this.keys = new Uint32Array(this.slots * keyWords);
    this.scale = this.slots / 2 ** 32;
    this.limit = Math.floor(this.slots * GROW_AT);
    // (A set the budget cannot grow fills on up to FULL_AT of its slots.)
    if (keepSlots > 0) this.used = new Int32Array(Math.floor(this.slots * FULL_AT) + 1);
  }

  get capacity(): number {
    return this.slots;
  }

  get bytes(): number {
    return this.keys.byteLength;
  }

  /**
   * Empties the set; a large set goes back to a small array (the large one is let go), so a search that follows
   * a large one starts small and counts its own growth against its own meter (set it first).
   */
  clear(): void {
    const used = this.used;
    if (used !== undefined && this.slots <= this.keepSlots) {
      const w = this.keyWords;
      const keys = this.keys;
      for (let j = 0; j < this.usedCount; j++) for (let k = 0; k < w; k++) keys[used[j] * w + k] = 0;
      this.usedCount = 0;
      this.count = 0;
      this.hasZero = false;
      // (A set that filled on past GROW_AT for its last search's budget grows again at the usual point.)
      this.limit = Math.floor(this.slots * GROW_AT);
      return;
    }
    this.usedCount = 0;
    if (this.keys.length > this.firstSlots * this.keyWords)
      this.keys = new Uint32Array(this.firstSlots * this.keyWords);
    else this.keys.fill(0);
    this.slots = this.firstSlots;
    this.scale = this.slots / 2 ** 32;
    this.limit = Math.floor(this.slots * GROW_AT);
    this.count = 0;
    this.hasZero = false;
  }

  setMeter(meter: BudgetMeter | undefined): void {
    this.meter = meter;
  }

  /** The home slot of the key at `key[at..]` in a set of `slots` slots: its hash (its own), then the near field. */
  private home(key: Uint32Array, at: number, slots: number, scale: number): number {
    let h = 0x9e3779b9;
    const near = this.nearWord;
    const mask = this.nearMask;
    for (let k = 0; k < this.keyWords; k++) h = mix(h ^ (k === near ? key[at + k] & ~mask : key[at + k]));
    const i = Math.floor(h * scale) + ((key[at + near] & mask) >>> this.nearShift);
    return i >= slots ? i % slots : i; // a near field may pass the end of a small set
  }

  /** The all-zero key, kept apart from the slots (a zero slot is an empty one). */
  private zeroKey(mayInsert: boolean): number {
    this.inserted = false;
    if (this.hasZero) return 0;
    if (!mayInsert) return -2;
    if (this.count >= this.limit && !this.grow()) return -1;
    this.hasZero = true;
    this.count++;
    this.inserted = true;
    return 0;
  }

  findOrInsert(key: Uint32Array, _hash: number, mayInsert = true): number {
    const w = this.keyWords;
    if (w === 2) return this.findOrInsert2(key, mayInsert);
    let zero = true;
    for (let k = 0; k < w; k++) if (key[k] !== 0) zero = false;
    if (zero) return this.zeroKey(mayInsert);
    for (;;) {
      const { keys, slots } = this;
      let i = this.home(key, 0, slots, this.scale);
      let base = i * w;
      for (;;) {
        let k = 0;
        while (k < w && keys[base + k] === key[k]) k++;
        if (k === w) {
          this.inserted = false;
          return 0;
        }
        if (isEmpty(keys, base, w)) break;
        if (++i === slots) {
          i = 0;
          base = 0;
        } else base += w;
      }
      this.inserted = false;
      if (!mayInsert) return -2;
      if (this.count >= this.limit) {
        if (!this.grow()) return -1;
        continue; // the slot moved: probe again in the grown set
      }
      for (let k = 0; k < w; k++) keys[base + k] = key[k];
      if (this.used !== undefined) this.used[this.usedCount++] = i;
      this.count++;
      this.inserted = true;
      return 0;
    }
  }

  /** findOrInsert for two-word keys (the common case), without loops over the words. */
  private findOrInsert2(key: Uint32Array, mayInsert: boolean): number {
    const k0 = key[0];
    const k1 = key[1];
    if ((k0 | k1) === 0) return this.zeroKey(mayInsert);
    for (;;) {
      const { keys, slots } = this;
      // The home slot as `home` finds it, for two words.
      const near = this.nearWord === 0 ? k0 : k1;
      const h = mix(
        mix(0x9e3779b9 ^ (this.nearWord === 0 ? k0 & ~this.nearMask : k0)) ^
          (this.nearWord === 1 ? k1 & ~this.nearMask : k1),
      );
      let i = Math.floor(h * this.scale) + ((near & this.nearMask) >>> this.nearShift);
      if (i >= slots) i %= slots;
      for (;;) {
        const a = keys[2 * i];
        const b = keys[2 * i + 1];
        if (a === k0 && b === k1) {
          this.inserted = false;
          return 0;
        }
        if ((a | b) === 0) break;
        if (++i === slots) i = 0;
      }
      this.inserted = false;
      if (!mayInsert) return -2;
      if (this.count >= this.limit) {
        if (!this.grow()) return -1;
        continue; // the slot moved: probe again in the grown set
      }
      keys[2 * i] = k0;
      keys[2 * i + 1] = k1;
      if (this.used !== undefined) this.used[this.usedCount++] = i;
      this.count++;
      this.inserted = true;
      return 0;
    }
  }

  /**
   * More slots: twice as many, or as many as the memory budget has room for when that is fewer (at least an
   * eighth more). When the budget has no such room, the set fills on up to `FULL_AT` of its slots before it says
   * the budget is met (probing gets slower, but the search goes on).
   */
  private grow(): boolean {
    const w = this.keyWords;
    const bytesPerSlot = w * 4;
    let slots = this.slots * 2;
    const meter = this.meter;
    if (meter) {
      const room = Math.floor((meter.maxBytes - meter.bytesUsed + this.keys.byteLength) / bytesPerSlot);
      if (room < slots) slots = room;
      // The new slots are made while the old ones are held: the machine must have room for them too.
      const machine = Math.floor(Math.min(meter.allocatable(slots * bytesPerSlot) / bytesPerSlot, 2 ** 31));
      const short = machine < slots;
      if (short) slots = machine;
      if (slots < this.slots + (this.slots >> 3)) {
        const full = Math.floor(this.slots * FULL_AT);
        if (this.limit < full) {
          this.limit = full;
          return true;
        }
        if (short) meter.outOfMachine();
        else meter.exceeded = "memory";
        return false;
      }
      if (!meter.timeToGrow(slots * bytesPerSlot)) {
        // The growth would end past the time budget: fill on (the clock stops the search at its time), and stop
        // for time once full.
        const full = Math.floor(this.slots * FULL_AT);
        if (this.limit < full) {
          this.limit = full;
          return true;
        }
        meter.exceeded = "time";
        return false;
      }
      meter.bytesUsed += (slots - this.slots) * bytesPerSlot;
    }
    const start = meter ? meter.growing() : Number.NaN;
    const old = this.keys;
    const oldSlots = this.slots;
    const keys = new Uint32Array(slots * w);
    const scale = slots / 2 ** 32;
    const limit = Math.floor(slots * FULL_AT);
    // The slots in use, found again in the grown set.
    const used = this.used === undefined ? undefined : new Int32Array(limit + 1);
    let usedCount = 0;
    for (let j = 0; j < oldSlots; j++) {
      const from = j * w;
      let empty = true;
      for (let k = 0; k < w; k++) if (old[from + k] !== 0) empty = false;
      if (empty) continue;
      let i = this.home(old, from, slots, scale);
      while (!isEmpty(keys, i * w, w)) if (++i === slots) i = 0;
      for (let k = 0; k < w; k++) keys[i * w + k] = old[from + k];
      if (used !== undefined) used[usedCount++] = i;
    }
    meter?.grown(start, slots * bytesPerSlot);
    this.keys = keys;
    this.slots = slots;
    this.scale = scale;
    this.limit = Math.floor(slots * GROW_AT);
    if (used !== undefined) {
      this.used = used;
      this.usedCount = usedCount;
    }
    return true;
  }
}

/** The share of the slots in use at which the set grows. */
const GROW_AT = 0.6;
/** The share of the slots in use at which a set the budget cannot grow says the budget is met. */
const FULL_AT = 0.9;

function isEmpty(keys: Uint32Array, base: number, w: number): boolean {
  for (let k = 0; k < w; k++) if (keys[base + k] !== 0) return false;
  return true;
}
