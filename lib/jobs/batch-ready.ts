// "A batch may be sent now": a PostgreSQL notification, sent in the transaction that makes a batch sendable (so it
// arrives on commit, and never for a batch rolled back), heard by every worker on the session it already holds for
// its identity (lib/dispatch/worker-identity.ts: no connection of its own). A hint, not the guarantee: a worker that
// misses it (not yet listening, its session lost) finds the batch at its next look all the same
// (lib/dispatch/active-batches.ts). It takes the look's wait, up to 50 ms, off a batch's first send.
import "server-only";
import type pg from "pg";

export const BATCH_READY_CHANNEL = "tuma_batch_ready";

type Queryable = Pick<pg.ClientBase, "query">;

/** Inside the transaction that makes `batchId` sendable: workers hear it when that transaction commits. */
export async function notifyBatchReady(client: Queryable, batchId: string): Promise<void> {
  await client.query("SELECT pg_notify($1, $2)", [BATCH_READY_CHANNEL, batchId]);
}

/** Calls `onReady` with each batch id announced from now on, on `session` (a connection this process keeps). */
export async function listenBatchReady(session: pg.Client, onReady: (batchId: string) => void): Promise<void> {
  session.on("notification", (message) => {
    if (message.channel === BATCH_READY_CHANNEL && message.payload) onReady(message.payload);
  });
  await session.query(`LISTEN ${BATCH_READY_CHANNEL}`);
}
