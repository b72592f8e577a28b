/** A binary min-heap keyed by a number: the receipt scheduler's queue of jobs ordered by due time. */
export class MinHeap<T> {
  private items: Array<{ key: number; value: T }> = [];

  get size(): number {
    return this.items.length;
  }

  peekKey(): number | undefined {
    return this.items[0]?.key;
  }

  push(key: number, value: T): void {
    const items = this.items;
    items.push({ key, value });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = items[parent];
      const c = items[i];
      if (!p || !c || p.key <= c.key) break;
      items[parent] = c;
      items[i] = p;
      i = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (!top || !last) return undefined;
    if (items.length === 0) return top.value;
    items[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = i;
      if ((items[l]?.key ?? Infinity) < (items[smallest]?.key ?? Infinity)) smallest = l;
      if ((items[r]?.key ?? Infinity) < (items[smallest]?.key ?? Infinity)) smallest = r;
      if (smallest === i) break;
      const a = items[i];
      const b = items[smallest];
      if (!a || !b) break;
      items[i] = b;
      items[smallest] = a;
      i = smallest;
    }
    return top.value;
  }

  clear(): void {
    this.items = [];
  }
}
