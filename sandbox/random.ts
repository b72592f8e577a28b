/** Small random helpers for the sandbox's knobs. Math.random is enough: nothing here needs to be secret. */

export function chance(probability: number): boolean {
  return probability > 0 && Math.random() < probability;
}

export function between([min, max]: readonly [number, number]): number {
  return min === max ? min : min + Math.random() * (max - min);
}

export function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new RangeError("pick() from an empty list");
  return item;
}
