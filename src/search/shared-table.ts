import type { BudgetMeter } from "./budget.ts";
import type { VisitedTable } from "./key-set.ts";
import { holdsKey, spread } from "./state-table.ts";

/** The shared memory of a `SharedStateTable`, handed to another thread to attach to it. */
export interface SharedTableMemory {
  keyWords: number;
  /** Whether its positions are finished (`finish`): a table of rows has no such thing. */
  finishes: boolean;
  /** Words 0: records allocated, 1: records stored and not yet finished. */
  control: SharedArrayBuffer;
  words: SharedArrayBuffer;
  hashes: SharedArrayBuffer;
  /** A power of two of slots, each 0 or a record's id + 1. */
  slots: SharedArrayBuffer;
  /** One byte a record: its owner has expanded it in full (the position is "finished"). */
  finished: SharedArrayBuffer;
}

const ALLOCATED = 0;
const UNFINISHED = 1;

/**
 * A table of positions several threads search at once (the `StateTable` of state-table.ts, on shared memory). Its
 * size is fixed when it is made: the memory is mapped at once but the system gives it pages only as they are
 * written. Records are numbered in the order they are stored, so they fill their arrays from the start; only the
 * slots are written at random. A key is stored without a lock: the thread that finds an empty slot writes its
 * record first and then claims the slot with a compare-and-swap; the thread that loses the race compares the
 * winner's record with its key and probes on (its record is kept for the next key it stores). Reads of slots and
 * records are plain: a slot read before its record is visible at worst looks like another key, and then the key is
 * stored twice, which costs a position searched twice and never a position skipped.
 *
 * Each record also says whether its position is *finished*: the thread that stored it has expanded it in full and
 * backed up past it. The count of positions stored and not finished is kept too: when it is 0, every position stored
 * was expanded in full, which is what a complete search needs to say that no win exists (`allFinished`).
 */
export class SharedStateTable implements VisitedTable {
  readonly memory: SharedTableMemory;
  private readonly control: Int32Array;
  private readonly words: Uint32Array;
  private readonly hashes: Uint32Array;
  private readonly slots: Int32Array;
  private readonly done: Uint8Array;
  private readonly keyWords: number;
  private readonly mask: number;
  private readonly finishes: boolean;
  readonly capacity: number;
  /** A record this thread allocated and lost the race for a slot with: the next key it stores is written there. */
  private spare = -1;
  inserted = false;

  private constructor(memory: SharedTableMemory) {
    this.memory = memory;
    this.keyWords = memory.keyWords;
    this.finishes = memory.finishes;
    this.control = new Int32Array(memory.control);
    this.words = new Uint32Array(memory.words);
    this.hashes = new Uint32Array(memory.hashes);
    this.slots = new Int32Array(memory.slots);
    this.done = new Uint8Array(memory.finished);
    this.mask = this.slots.length - 1;
    this.capacity = this.hashes.length;
  }

  /** A new table of at most `records` records, on the power of two of slots at or above twice as many. */
  static create(keyWords: number, records: number, finishes = true): SharedStateTable {
    return new SharedStateTable({
      keyWords,
      finishes,
      control: new SharedArrayBuffer(8),
      words: new SharedArrayBuffer(records * keyWords * 4),
      hashes: new SharedArrayBuffer(records * 4),
      slots: new SharedArrayBuffer(slotsFor(records) * 4),
      finished: new SharedArrayBuffer(finishes ? records : 0),
    });
  }

  /** The table another thread made (`memory` of it). */
  static attach(memory: SharedTableMemory): SharedStateTable {
    return new SharedStateTable(memory);
  }

  /** Bytes a table of `records` records takes. */
  static bytesFor(keyWords: number, records: number, finishes = true): number {
    return records * (keyWords * 4 + 4 + (finishes ? 1 : 0)) + slotsFor(records) * 4 + 8;
  }

  /** Positions stored, by every thread (with at most one record a thread holds aside). */
  get count(): number {
    return Math.min(Atomics.load(this.control, ALLOCATED), this.capacity);
  }

  get bytes(): number {
    return this.words.byteLength + this.hashes.byteLength + this.slots.byteLength + this.done.byteLength + 8;
  }

  /** Every position stored was expanded in full by the thread that stored it. */
  allFinished(): boolean {
    return Atomics.load(this.control, UNFINISHED) === 0;
  }

  isFinished(id: number): boolean {
    return Atomics.load(this.done, id) === 1;
  }

  /** The thread that stored record `id` has expanded its position in full. */
  finish(id: number): void {
    Atomics.store(this.done, id, 1);
    Atomics.sub(this.control, UNFINISHED, 1);
  }

  /** A shared table is emptied only by being made again: every thread searching it shares its positions. */
  clear(): void {}

  setMeter(_meter: BudgetMeter | undefined): void {}

  findOrInsert(key: Uint32Array, hash: number, mayInsert = true): number {
    const { slots, hashes, words, keyWords } = this;
    let i = spread(hash) & this.mask;
    for (;;) {
      let s = slots[i];
      if (s === 0) {
        if (!mayInsert) {
          this.inserted = false;
          return -2;
        }
        let id = this.spare;
        if (id < 0) {
          id = Atomics.add(this.control, ALLOCATED, 1);
          if (id >= this.capacity) {
            this.inserted = false;
            return -1;
          }
        }
        hashes[id] = hash;
        const base = id * keyWords;
        for (let k = 0; k < keyWords; k++) words[base + k] = key[k];
        // Counted as unfinished before it is seen, so the count never reads 0 while a stored key waits.
        if (this.finishes) Atomics.add(this.control, UNFINISHED, 1);
        s = Atomics.compareExchange(slots, i, 0, id + 1);
        if (s === 0) {
          this.spare = -1;
          this.inserted = true;
          return id;
        }
        if (this.finishes) Atomics.sub(this.control, UNFINISHED, 1);
        this.spare = id;
      }
      const id = s - 1;
      if (holdsKey(words, hashes, id, keyWords, key, keyWords, hash)) {
        this.inserted = false;
        return id;
      }
      i = (i + 1) & this.mask;
    }
  }
}

/** The power of two of slots at or above twice `records`. */
function slotsFor(records: number): number {
  let slots = 16;
  while (slots < records * 2) slots *= 2;
  return slots;
}
