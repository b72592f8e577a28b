// The p95 of a page's or a query's time, as the reporting benchmarks measure it: one warm-up run (the plan cache and
// the buffers warm, as for a page in use), then `repeat` timed runs. With fewer than 20 runs it is the slowest.
export async function p95(work: () => Promise<unknown>, repeat: number): Promise<number> {
  const times: number[] = [];
  await work();
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!;
}
