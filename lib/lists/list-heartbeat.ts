// An upload being read says so: its reader refreshes List.heartbeatAt every few seconds (and with every slice it
// stores), so a STORING upload whose heartbeat is stale was left by a process that died, and is deleted by the
// worker's sweep (interrupted-lists.ts). A heartbeat costs a connection for one short statement, where the advisory
// lock it replaces held one for the whole upload — as long as the slowest client liked.
import "server-only";
import { listState } from "@/lib/states/state-sql";
import { relaxedPool } from "@/lib/db/pool";

export const HEARTBEAT_MS = 5_000;
/** Twelve missed beats: a reader this quiet is gone (or stalled so long that its upload is lost anyway). */
export const STALE_AFTER_SECONDS = 60;

/** Beats until the returned function is called. A missed beat is harmless (the next one, or a slice, refreshes it);
 * a beat that finds its upload gone changes nothing: the next slice or the last commit says so. */
export function keepAlive(listId: string): () => void {
  const timer = setInterval(() => {
    relaxedPool()
      .query(`UPDATE "List" SET "heartbeatAt" = now() WHERE id = $1 AND state = ${listState("STORING")}`, [listId])
      .catch(() => {});
  }, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
