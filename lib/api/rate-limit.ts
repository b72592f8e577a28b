// Requests per API key, and per user across all their keys (the same table: a row's "keyId" is a key's id or a user's,
// both random UUIDs, never equal): a fixed window of one minute that starts at the window's first request (so a burst is
// judged from its own start, not from the clock's minute), counted in one upsert per request on ApiRateWindow. Every
// answer says the limit, what is left and when the window ends (RateLimit-* headers); past the limit, 429 with
// Retry-After.
import "server-only";
import { pool } from "@/lib/db/pool";

export const RATE_WINDOW_SECONDS = 60;

export type RateState = { limit: number; remaining: number; resetSeconds: number; allowed: boolean };

/** `keyId`: the key's id, or the user's for the limit on all their keys together. */
export async function spendRequest(keyId: string, limit: number): Promise<RateState> {
  const { rows } = await pool().query<{ count: number; reset: number }>(
    `INSERT INTO "ApiRateWindow" ("keyId", "windowStart", count) VALUES ($1, now(), 1)
     ON CONFLICT ("keyId") DO UPDATE SET
       count = CASE WHEN "ApiRateWindow"."windowStart" <= now() - make_interval(secs => $2) THEN 1
                    ELSE "ApiRateWindow".count + 1 END,
       "windowStart" = CASE WHEN "ApiRateWindow"."windowStart" <= now() - make_interval(secs => $2) THEN now()
                    ELSE "ApiRateWindow"."windowStart" END
     RETURNING count, ceil(extract(epoch FROM "windowStart" + make_interval(secs => $2) - now()))::int AS reset`,
    [keyId, RATE_WINDOW_SECONDS],
  );
  const { count, reset } = rows[0]!;
  return { limit, remaining: Math.max(0, limit - count), resetSeconds: Math.max(1, reset), allowed: count <= limit };
}

export function rateHeaders(state: RateState): Record<string, string> {
  return {
    "ratelimit-limit": String(state.limit),
    "ratelimit-remaining": String(state.remaining),
    "ratelimit-reset": String(state.resetSeconds),
  };
}
