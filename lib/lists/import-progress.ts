// How far an upload's check has got, for the browser that sends it (List.progressKey): only its author may ask.
import "server-only";
import { pool } from "@/lib/db/pool";

export type UploadProgress = { state: "STORING" | "READY" | null; rows: number; bytes: number };

export async function uploadProgress(progressKey: string, authorId: string): Promise<UploadProgress> {
  const { rows } = await pool().query<{ state: "STORING" | "READY"; rowCount: number; sizeBytes: number }>(
    `SELECT state, "rowCount", "sizeBytes" FROM "List" WHERE "progressKey" = $1 AND "authorId" = $2`,
    [progressKey, authorId],
  );
  const row = rows[0];
  return row ? { state: row.state, rows: row.rowCount, bytes: row.sizeBytes } : { state: null, rows: 0, bytes: 0 };
}
