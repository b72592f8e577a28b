// What sending will take, from figures alone (shared by Compose in the browser and the server's list planner):
// provider requests of up to the account's batch size, submitted at PACE × its requests per second (the pace the
// shared limiter keeps: lib/dispatch/shared-rate-limiter.ts).
import { PACE } from "@/lib/provider/rate-limiter";
import { BATCH_LIMIT } from "@/lib/provider/wire/schemas";

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
