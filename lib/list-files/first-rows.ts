// The row where each number of an upload was first seen, for de-duplication: an open-addressing hash table on two
// typed arrays. A Map of a million numbers costs ~50 MB of heap that the garbage collector walks again and again while
// the rest of the file is parsed; these arrays hold the same in 16 MB that it never looks into.

/** Numbers are keyed by their nine digits after 254 (below 10⁹, so key + 1 fits an Int32 and 0 marks a free slot). */
export class FirstRows {
  private keys: Int32Array;
  private rows: Int32Array;
  private size = 0;
  /** 32 − log2(capacity): Fibonacci hashing keeps the product's top bits. */
  private shift: number;

  constructor(expected = 1024) {
    let capacity = 1024;
    while (capacity < expected * 2) capacity *= 2;
    this.keys = new Int32Array(capacity);
    this.rows = new Int32Array(capacity);
    this.shift = 32 - Math.log2(capacity);
  }

  /** The row that first had `nineDigits`, or, when none did, undefined — and `row` is recorded as its first. */
  firstOrAdd(nineDigits: number, row: number): number | undefined {
    const key = nineDigits + 1;
    const mask = this.keys.length - 1;
    for (let slot = hash(key, this.shift); ; slot = (slot + 1) & mask) {
      const at = this.keys[slot]!;
      if (at === key) return this.rows[slot];
      if (at === 0) {
        this.keys[slot] = key;
        this.rows[slot] = row;
        if (++this.size * 2 > this.keys.length) this.grow();
        return undefined;
      }
    }
  }

  private grow(): void {
    const keys = this.keys;
    const rows = this.rows;
    this.keys = new Int32Array(keys.length * 2);
    this.rows = new Int32Array(keys.length * 2);
    this.shift--;
    const mask = this.keys.length - 1;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (key === 0) continue;
      let slot = hash(key, this.shift);
      while (this.keys[slot] !== 0) slot = (slot + 1) & mask;
      this.keys[slot] = key;
      this.rows[slot] = rows[i]!;
    }
  }
}

/** Fibonacci hashing: consecutive numbers (lists are often sorted) spread over the table. */
function hash(key: number, shift: number): number {
  return Math.imul(key, 0x9e3779b1) >>> shift;
}
