/**
 * Priority queues on typed arrays, for best-first search over record ids (0, 1, 2 … as a StateTable hands
 * them out). Lower priority comes out first.
 */

/**
 * Integer priorities 0..buckets-1 (clamped), one linked stack per priority: O(1) push and pop. Within a
 * priority the newest comes first, which makes a greedy search dive instead of spreading.
 */
export class BucketQueue {
  private heads: Int32Array;
  private next: Int32Array;
  private lowest: number;
  private highest = -1;
  size = 0;

  constructor(
    readonly buckets: number,
    initialIds = 1024,
  ) {
    this.heads = new Int32Array(buckets).fill(-1);
    this.next = new Int32Array(initialIds);
    this.lowest = buckets;
  }

  get bytes(): number {
    return this.heads.byteLength + this.next.byteLength;
  }

  clear(): void {
    if (this.highest >= 0) this.heads.fill(-1, 0, this.highest + 1);
    this.lowest = this.buckets;
    this.highest = -1;
    this.size = 0;
  }

  /** Makes room for ids below `ids` (call before pushing them). */
  reserve(ids: number): void {
    if (ids <= this.next.length) return;
    let n = this.next.length;
    while (n < ids) n *= 2;
    const next = new Int32Array(n);
    next.set(this.next);
    this.next = next;
  }

  push(id: number, priority: number): void {
    let p = priority | 0;
    if (p < 0) p = 0;
    else if (p >= this.buckets) p = this.buckets - 1;
    if (id >= this.next.length) this.reserve(id + 1);
    this.next[id] = this.heads[p];
    this.heads[p] = id;
    if (p < this.lowest) this.lowest = p;
    if (p > this.highest) this.highest = p;
    this.size++;
  }

  /** The id of lowest priority, or -1 when empty. */
  pop(): number {
    if (this.size === 0) return -1;
    let p = this.lowest;
    while (this.heads[p] === -1) p++;
    this.lowest = p;
    const id = this.heads[p];
    this.heads[p] = this.next[id];
    this.size--;
    return id;
  }
}

/** A binary min-heap of (priority, id) pairs on typed arrays; ties come out in no promised order. */
export class HeapQueue {
  private priorities: Float64Array;
  private ids: Int32Array;
  size = 0;

  constructor(initial = 1024) {
    this.priorities = new Float64Array(initial);
    this.ids = new Int32Array(initial);
  }

  get bytes(): number {
    return this.priorities.byteLength + this.ids.byteLength;
  }

  clear(): void {
    this.size = 0;
  }

  push(id: number, priority: number): void {
    if (this.size === this.ids.length) {
      const p = new Float64Array(this.size * 2);
      p.set(this.priorities);
      const ids = new Int32Array(this.size * 2);
      ids.set(this.ids);
      this.priorities = p;
      this.ids = ids;
    }
    const { priorities, ids } = this;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (priorities[parent] <= priority) break;
      priorities[i] = priorities[parent];
      ids[i] = ids[parent];
      i = parent;
    }
    priorities[i] = priority;
    ids[i] = id;
  }

  /** The id of lowest priority, or -1 when empty. */
  pop(): number {
    if (this.size === 0) return -1;
    const { priorities, ids } = this;
    const top = ids[0];
    const n = --this.size;
    if (n > 0) {
      const p = priorities[n];
      const id = ids[n];
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && priorities[c + 1] < priorities[c]) c++;
        if (priorities[c] >= p) break;
        priorities[i] = priorities[c];
        ids[i] = ids[c];
        i = c;
      }
      priorities[i] = p;
      ids[i] = id;
    }
    return top;
  }
}
