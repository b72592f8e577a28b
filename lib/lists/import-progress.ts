// How far an upload's check has got, for the browser that sends it (List.progressKey): only its author may ask.
import "server-only";
import { pool } from "@/lib/db/pool";

/** `list`: the saved list, once READY (the page left mid-upload links it: components/lists/use-leave-guard.ts). */
export type UploadProgress = {
  state: "STORING" | "READY" | null;
  rows: number;
  bytes: number;
  list?: { id: string; name: string };
};

export async function uploadProgress(progressKey: string, authorId: string): Promise<UploadProgress> {
  const { rows } = await pool().query<{
    id: string;
    name: string;
    state: "STORING" | "READY";
    rowCount: number;
    sizeBytes: number;
  }>(`SELECT id, name, state, "rowCount", "sizeBytes" FROM "List" WHERE "progressKey" = $1 AND "authorId" = $2`, [
    progressKey,
    authorId,
  ]);
  const row = rows[0];
  if (!row) return { state: null, rows: 0, bytes: 0 };
  return {
    state: row.state,
    rows: row.rowCount,
    bytes: row.sizeBytes,
    ...(row.state === "READY" ? { list: { id: row.id, name: row.name } } : {}),
  };
}
