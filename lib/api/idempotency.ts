// Idempotency-Key on a POST: the first request with a key inserts its row before doing anything (the primary key
// (keyId, idempotencyKey) lets only one in), does the work and stores the answer; a later request with the same key
// and the same method, path and body gets that answer again (Idempotent-Replayed: true), with another body 422, and
// while the first is still being answered 409 with Retry-After (it never waits: a request holds no connection while
// another works). Answers that say "try again" (409, 429, 5xx) are not kept, so the retry does the work. Rows older
// than 24 hours are forgotten (lib/dispatch/chores/forget-idempotency-keys.ts; an expired row is also replaced here).
// An answer carrying a secret shown once (a webhook's whsec_…) is kept without the secret: its replay says so.
import "server-only";
import { keyedHash } from "@/lib/crypto/keyed-hash";
import { pool } from "@/lib/db/pool";
import { ApiProblem } from "./problem";
import { answerWithoutSecret } from "./secret-shown-once";

export const IDEMPOTENCY_HOURS = 24;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/** What tells a replay from another request under the same key. Keyed, not a plain SHA-256: the row lives 24 hours
 * and a path can hold a phone number (/numbers/{phone}/erase), which a plain hash would give back to anyone who hashes
 * every Kenyan number. */
export function requestHash(method: string, path: string, body: Buffer | string): string {
  return keyedHash("tuma idempotency request v1", `${method} ${path}\n`, body).toString("hex");
}

const kept = (status: number) => status < 500 && status !== 409 && status !== 429;

export async function withIdempotency(
  keyId: string,
  idempotencyKey: string | null,
  hash: string,
  work: () => Promise<Response>,
): Promise<Response> {
  if (idempotencyKey === null) return work();
  if (!KEY_SHAPE.test(idempotencyKey))
    throw new ApiProblem(
      400,
      "invalid_idempotency_key",
      "The Idempotency-Key header is 1 to 255 visible ASCII characters (a UUID is ideal).",
    );
  const db = pool();
  await db.query(
    `DELETE FROM "ApiIdempotency" WHERE "keyId" = $1 AND "idempotencyKey" = $2 AND "createdAt" < now() - make_interval(hours => $3)`,
    [keyId, idempotencyKey, IDEMPOTENCY_HOURS],
  );
  const inserted = await db.query(
    `INSERT INTO "ApiIdempotency" ("keyId", "idempotencyKey", "requestHash") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [keyId, idempotencyKey, hash],
  );
  if (inserted.rowCount === 0) return earlier(keyId, idempotencyKey, hash);
  const forget = () =>
    db.query(`DELETE FROM "ApiIdempotency" WHERE "keyId" = $1 AND "idempotencyKey" = $2`, [keyId, idempotencyKey]);
  let response: Response;
  try {
    response = await work();
  } catch (error) {
    await forget();
    throw error;
  }
  if (!kept(response.status)) {
    await forget();
    return response;
  }
  const body = await response.text();
  const contentType = response.headers.get("content-type");
  // An answer carrying a secret shown once is kept without it (secret-shown-once.ts).
  const withoutSecret = answerWithoutSecret(response);
  await db.query(
    `UPDATE "ApiIdempotency" SET status = $3, body = $4, "contentType" = $5 WHERE "keyId" = $1 AND "idempotencyKey" = $2`,
    [keyId, idempotencyKey, response.status, withoutSecret ? await withoutSecret.text() : body, contentType],
  );
  return new Response(body, { status: response.status, headers: response.headers });
}

async function earlier(keyId: string, idempotencyKey: string, hash: string): Promise<Response> {
  const { rows } = await pool().query<{
    requestHash: string;
    status: number | null;
    body: string | null;
    contentType: string | null;
  }>(
    `SELECT "requestHash", status, body, "contentType" FROM "ApiIdempotency" WHERE "keyId" = $1 AND "idempotencyKey" = $2`,
    [keyId, idempotencyKey],
  );
  const row = rows[0];
  // Gone between the insert and this read (the first request failed and forgot it): the client retries.
  if (!row)
    throw new ApiProblem(
      409,
      "idempotency_in_progress",
      "A request with this Idempotency-Key just failed; send it again.",
      {
        headers: { "retry-after": "1" },
      },
    );
  if (row.requestHash !== hash)
    throw new ApiProblem(
      422,
      "idempotency_key_reused",
      "This Idempotency-Key was used for a different request (another path or body); use a new key for a new request.",
    );
  if (row.status === null)
    throw new ApiProblem(
      409,
      "idempotency_in_progress",
      "A request with this Idempotency-Key is still being answered; try again in a moment.",
      { headers: { "retry-after": "1" } },
    );
  return new Response(row.body, {
    status: row.status,
    headers: { "content-type": row.contentType ?? "application/json", "idempotent-replayed": "true" },
  });
}

/** Rows past their 24 hours: the worker's chore deletes them. */
export async function forgetOldIdempotencyKeys(): Promise<number> {
  const { rowCount } = await pool().query(
    `DELETE FROM "ApiIdempotency" WHERE "createdAt" < now() - make_interval(hours => $1)`,
    [IDEMPOTENCY_HOURS],
  );
  return rowCount ?? 0;
}
