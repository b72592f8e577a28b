// When a failed webhook attempt is tried again: 5 s, then four times longer each time (20 s, 80 s, 5 min, 21 min,
// 85 min), at most 4 h apart, each ±20 % so that many deliveries failed together do not come back together; the last
// attempt is made when the delivery is 24 h old, and after that it has failed. An endpoint that has failed every
// attempt for 3 days is disabled (deliver.ts).
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
const FIRST_MS = 5_000;
const LONGEST_MS = 4 * 60 * 60 * 1000;

/** After the attempt numbered `attempts` (1 for the first) failed: the next attempt's time, or null to give up. */
export function nextAttempt(
  attempts: number,
  createdAt: Date,
  now: Date,
  random: () => number = Math.random,
): Date | null {
  const deadline = createdAt.getTime() + RETRY_FOR_MS;
  if (now.getTime() >= deadline) return null;
  const delay = Math.min(FIRST_MS * 4 ** Math.max(0, attempts - 1), LONGEST_MS) * (0.8 + 0.4 * random());
  return new Date(Math.min(now.getTime() + delay, deadline));
}
