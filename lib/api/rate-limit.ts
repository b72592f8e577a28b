// Requests per API key: a token bucket of API_RATE_LIMIT_PER_MINUTE tokens refilled evenly over a minute, kept as one
// instant per key (GCRA: `tat`, when the bucket is full again) and spent in one upsert per request on ApiRateWindow.
// Unlike a fixed window, a burst at a window's end and another at the next one's start cannot pass twice the limit
// in a minute: a full bucket lets `limit` through at once, then one every 60/limit seconds.
// Every answer carries the IETF fields (draft-ietf-httpapi-ratelimit-headers, docs/api.md "Rate limit"):
//   RateLimit-Policy: "per-key";q=<limit>;w=60        the quota and its window
//   RateLimit: "per-key";r=<remaining>;t=<seconds>     tokens left now, and seconds until the bucket is full again
// and past the limit, 429 with Retry-After (seconds until one token is back).
import "server-only";
import { pool } from "@/lib/db/pool";

export const RATE_WINDOW_SECONDS = 60;
const POLICY = "per-key";

export type RateState = {
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until the next request is let through (0 when this one was). */
  retryAfterSeconds: number;
  allowed: boolean;
};

export async function spendRequest(keyId: string, limit: number): Promise<RateState> {
  // $2: the emission interval (one token, in ms); $3: the window (the bucket's depth), in ms.
  const interval = (RATE_WINDOW_SECONDS * 1000) / limit;
  const window = RATE_WINDOW_SECONDS * 1000;
  const { rows } = await pool().query<{ allowed: boolean; ahead_ms: number }>(
    `WITH now AS (SELECT date_trunc('milliseconds', clock_timestamp()) AS at)
     INSERT INTO "ApiRateWindow" AS w ("keyId", tat, allowed)
       SELECT $1, at + make_interval(secs => $2 / 1000.0), true FROM now
     ON CONFLICT ("keyId") DO UPDATE SET
       allowed = greatest(w.tat, (SELECT at FROM now)) + make_interval(secs => $2 / 1000.0)
                 <= (SELECT at FROM now) + make_interval(secs => $3 / 1000.0),
       tat = CASE WHEN greatest(w.tat, (SELECT at FROM now)) + make_interval(secs => $2 / 1000.0)
                       <= (SELECT at FROM now) + make_interval(secs => $3 / 1000.0)
                  THEN greatest(w.tat, (SELECT at FROM now)) + make_interval(secs => $2 / 1000.0)
                  ELSE w.tat END
     RETURNING allowed, greatest(extract(epoch FROM tat - (SELECT at FROM now)) * 1000, 0)::float8 AS ahead_ms`,
    [keyId, interval, window],
  );
  const { allowed, ahead_ms: ahead } = rows[0]!;
  // `ahead`: how far the bucket's empty side runs ahead of now; each token is `interval` of it.
  const remaining = allowed ? Math.max(0, Math.floor((window - ahead) / interval)) : 0;
  return {
    limit,
    remaining,
    resetSeconds: Math.ceil(ahead / 1000),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((ahead + interval - window) / 1000)),
    allowed,
  };
}

export function rateHeaders(state: RateState): Record<string, string> {
  return {
    "ratelimit-policy": `"${POLICY}";q=${state.limit};w=${RATE_WINDOW_SECONDS}`,
    ratelimit: `"${POLICY}";r=${state.remaining};t=${state.resetSeconds}`,
  };
}
