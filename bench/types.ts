/** What every benchmark returns: a name and its figures, printed by the runner and recorded in BENCHMARKS.md. */
export interface BenchResult {
  name: string;
  figures: Record<string, number | string>;
}
