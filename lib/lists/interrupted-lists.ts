// An upload left STORING by a process that died while reading it (its heartbeat went stale: list-heartbeat.ts) is
// deleted with what it stored: it was never offered as a list, and its rows would otherwise stay for ever. An upload
// still being read beats every few seconds and is left alone, however slowly its file arrives.
import "server-only";
import { listState } from "@/lib/states/state-sql";
import { pool } from "@/lib/db/pool";
import { transaction } from "@/lib/db/transaction";
import { deleteList } from "./delete-list";
import { STALE_AFTER_SECONDS } from "./list-heartbeat";

/** Returns the deleted ids. */
export async function deleteInterruptedLists(): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(
    `SELECT id FROM "List" WHERE state = ${listState("STORING")} AND "heartbeatAt" < now() - make_interval(secs => $1)`,
    [STALE_AFTER_SECONDS],
  );
  const deleted: string[] = [];
  for (const { id } of rows) {
    const gone = await transaction(async (client) => {
      // The upload's row first, with the same condition: a reader storing a slice holds the row, so this waits for
      // its commit and then finds the heartbeat fresh; a reader that finished meanwhile made it READY.
      const { rowCount } = await client.query(
        `DELETE FROM "List" WHERE id = $1 AND state = ${listState("STORING")} AND "heartbeatAt" < now() - make_interval(secs => $2)`,
        [id, STALE_AFTER_SECONDS],
      );
      if (rowCount === 0) return false;
      await deleteList(id, client);
      return true;
    });
    if (gone) deleted.push(id);
  }
  return deleted;
}
