// An upload left STORING by a process that died while reading it (its writer's advisory lock is gone with its
// connection) is deleted with what it stored: it was never offered as a list, and its rows would otherwise stay for
// ever. An upload still being read holds its lock and is left alone.
import "server-only";
import type pg from "pg";
import { pool } from "@/lib/db/pool";
import { deleteUpload } from "./delete-upload";
import { UPLOAD_LOCK_SPACE } from "./upload-writer";

/** `session` is a connection of the caller's own (session locks are per connection). Returns the deleted ids. */
export async function deleteInterruptedUploads(session: pg.ClientBase): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(`SELECT id FROM "Upload" WHERE state = 'STORING'`);
  const deleted: string[] = [];
  for (const { id } of rows) {
    const { rows: lock } = await session.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok", [
      UPLOAD_LOCK_SPACE,
      id,
    ]);
    if (!lock[0]?.ok) continue; // its writer is still reading it
    try {
      // Its writer may have finished (READY) or given up (deleted) between our look and the lock.
      const { rows: still } = await pool().query(`SELECT 1 FROM "Upload" WHERE id = $1 AND state = 'STORING'`, [id]);
      if (still.length === 0) continue;
      await deleteUpload(id);
      deleted.push(id);
    } finally {
      await session.query("SELECT pg_advisory_unlock($1, hashtext($2))", [UPLOAD_LOCK_SPACE, id]);
    }
  }
  return deleted;
}
