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

/** A key of `weights` picked with probability weight ÷ sum of weights; undefined when the weights sum to 0. */
export function weighted(weights: Readonly<Record<string, number>>): string | undefined {
  const entries = Object.entries(weights).filter(([, w]) => w > 0);
  let roll = Math.random() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [key, w] of entries) {
    roll -= w;
    if (roll < 0) return key;
  }
  return entries.at(-1)?.[0];
}
