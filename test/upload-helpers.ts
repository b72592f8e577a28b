// Helpers for upload tests: a file's bytes as a stream in small pieces (so that rows, quotes, CRLFs and multi-byte
// characters are cut at every boundary), the stored state of uploads, and a user to be their author.
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { isAppError, type AppError } from "@/lib/errors/app-error";

export async function* pieces(data: Uint8Array | string, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

export async function author(): Promise<string> {
  const user = await db.user.create({
    data: { email: `u-${Math.random()}@t.local`, name: "Uploader", role: "OPERATOR", passwordHash: "x" },
  });
  return user.id;
}

/** Everything uploads have stored: rows of Upload, ListRecipient, ListIssue. */
export async function stored(): Promise<{ uploads: number; recipients: number; issues: number }> {
  const { rows } = await pool().query<{ uploads: number; recipients: number; issues: number }>(
    `SELECT (SELECT count(*)::int FROM "List") AS uploads, (SELECT count(*)::int FROM "ListRecipient") AS recipients,
            (SELECT count(*)::int FROM "ListIssue") AS issues`,
  );
  return rows[0]!;
}

export async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}
