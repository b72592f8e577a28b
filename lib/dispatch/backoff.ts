// Exponential backoff with "equal jitter" for retryable provider failures (refused connection, 503): a wait between
// half and all of the exponential step, so retries spread out but never come back at once after a short wait.
export function backoffMs(failures: number, baseMs = 250, capMs = 30_000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}
