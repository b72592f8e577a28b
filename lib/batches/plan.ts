// What sending will take, from figures alone (shared by Compose in the browser and the server's list planner):
// provider requests of up to the account's batch size, submitted at 0.95 × its requests per second (the shared
// limiter's pace: lib/dispatch/shared-rate-limiter.ts).
import { BATCH_LIMIT } from "@/lib/provider/wire/schemas";

/** The limiter's RATE_SAFETY, repeated here because the browser cannot import the worker's module (a test keeps them equal). */
export const PACE = 0.95;

export type SendPlan = { recipients: number; requests: number; units: number; seconds: number };

export function sendPlan(
  recipients: number,
  units: number,
  account: { batchSizeLimit: number; requestsPerSecond: number },
): SendPlan {
  const size = Math.max(1, Math.min(account.batchSizeLimit, BATCH_LIMIT));
  const requests = Math.ceil(recipients / size);
  return { recipients, requests, units, seconds: requests / (PACE * Math.max(account.requestsPerSecond, 0.001)) };
}

/** "2 h 5 min", "3 min 20 s", "8.3 s", "0.09 s". */
export function formatDuration(seconds: number): string {
  if (seconds < 1) return `${seconds.toFixed(2)} s`;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min ${s} s`;
}
