// A page's or a query's time as the benchmarks measure it: `repeat` timed runs, after one untimed warm-up (the plan
// cache and the buffers warm, as for a page in use) unless told otherwise; then their p95 (with fewer than 20 runs, the
// slowest) or their median.
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

export async function median(work: () => Promise<unknown>, repeat: number): Promise<number> {
  const times = await timedRuns(work, repeat);
  return times[Math.floor(times.length / 2)]!;
}
