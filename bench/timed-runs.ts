// A page's or a query's time as the benchmarks measure it: `repeat` timed runs, after one untimed warm-up (the plan
// cache and the buffers warm, as for a page in use) unless told otherwise; then their p95 (with fewer than 20 runs, the
// slowest) or their median. And one piece of work timed once.

/** `work`'s result and the time it took, in seconds and in ms. */
export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; ms: number }> {
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  return { result, seconds: ms / 1000, ms };
}

/** The seconds `work` took. */
export const secondsOf = async (work: () => Promise<unknown>): Promise<number> => (await timed(work)).seconds;
export async function timedRuns(work: () => Promise<unknown>, repeat: number, warmUp = true): Promise<number[]> {
  if (warmUp) await work();
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

export async function p95(work: () => Promise<unknown>, repeat: number): Promise<number> {
  const times = await timedRuns(work, repeat);
  return times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!;
}

/** The middle of `values` (the upper of the two middles of an even count), NaN of none. */
export const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function median(work: () => Promise<unknown>, repeat: number): Promise<number> {
  return middle(await timedRuns(work, repeat));
}

/** A script's figure: the median of `runs` timed runs printed after `label`, with the fastest and the slowest. */
export async function printMedian(
  label: string,
  work: () => Promise<unknown>,
  runs: number,
  warmUp: boolean,
  digits = 1,
) {
  const times = await timedRuns(work, runs, warmUp);
  const [mid, min, max] = [times[Math.floor(runs / 2)]!, times[0]!, times.at(-1)!].map((t) => t.toFixed(digits));
  console.log(`  ${label.padEnd(64)} median ${mid} ms  (min ${min}, max ${max})`);
}
