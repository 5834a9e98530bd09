import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BucketQueue, HeapQueue } from "./queue.ts";

describe("priority queues", () => {
  it("BucketQueue pops in priority order, newest first among equals", () => {
    const q = new BucketQueue(10, 2);
    q.push(0, 5);
    q.push(1, 3);
    q.push(2, 5);
    q.push(3, 99);
    q.push(4, -4);
    expect([q.pop(), q.pop(), q.pop(), q.pop(), q.pop(), q.pop()]).toEqual([4, 1, 2, 0, 3, -1]);
  });

  it("both queues give priorities in order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 300 }), (priorities) => {
        const bucket = new BucketQueue(64, 4);
        const heap = new HeapQueue(2);
        priorities.forEach((p, id) => {
          bucket.push(id, p);
          heap.push(id, p);
        });
        const sorted = [...priorities].sort((a, b) => a - b);
        const fromBucket = sorted.map(() => priorities[bucket.pop()]);
        const fromHeap = sorted.map(() => priorities[heap.pop()]);
        expect(fromBucket).toEqual(sorted);
        expect(fromHeap).toEqual(sorted);
        expect(bucket.pop()).toBe(-1);
        expect(heap.pop()).toBe(-1);
      }),
    );
  });
});
