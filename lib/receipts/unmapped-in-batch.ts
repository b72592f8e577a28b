// A batch's messages whose last receipt carried a status Tuma does not know and nobody has mapped yet
// (UnmappedStatusMessage, noted by apply-receipts.ts): still QUEUED with that status, per status. The batch page and
// the Overview point to the Receipts page with them (issue 35): they are not "waiting", they need a mapping.
// UnmappedStatusMessage is small (only messages an unknown status reached, removed when it is mapped): read whole,
// each row's message found by key.
import "server-only";
import { messageState } from "@/lib/states/state-sql";
import { pool } from "@/lib/db/pool";

export type UnmappedInBatch = { status: string; messages: number }[];

export async function unmappedInBatches(batchIds: string[]): Promise<Map<string, UnmappedInBatch>> {
  const found = new Map<string, UnmappedInBatch>();
  if (batchIds.length === 0) return found;
  const { rows } = await pool().query<{ batchId: string; status: string; messages: number }>(
    `SELECT m."batchId", u.status, count(*)::int AS messages
     FROM "UnmappedStatusMessage" u JOIN "Message" m ON m.id = u."messageId"
     WHERE m."batchId" = ANY($1::uuid[]) AND m."deliveryStatus" = u.status AND m.state = ${messageState("QUEUED")}
     GROUP BY 1, 2 ORDER BY 1, 3 DESC, 2`,
    [batchIds],
  );
  for (const row of rows) found.set(row.batchId, [...(found.get(row.batchId) ?? []), row]);
  return found;
}

/** Every batch's together, per status: the Overview's pointer to the Receipts page. */
export async function unmappedEverywhere(): Promise<UnmappedInBatch> {
  const { rows } = await pool().query<{ status: string; messages: number }>(
    `SELECT u.status, count(*)::int AS messages
     FROM "UnmappedStatusMessage" u JOIN "Message" m ON m.id = u."messageId"
     WHERE m."deliveryStatus" = u.status AND m.state = ${messageState("QUEUED")}
     GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
  return rows;
}

export const unmappedTotal = (statuses: UnmappedInBatch | undefined) =>
  (statuses ?? []).reduce((sum, s) => sum + s.messages, 0);
