// Exponential backoff with full jitter for retryable provider failures (refused connection, 503).
export function backoffMs(failures: number, baseMs = 250, capMs = 30_000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}
