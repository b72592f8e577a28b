// One batch as its page shows it: settings, state, counters, what is in flight, where it stands in the operator's
// words (phase.ts: sending, waiting for receipts, finished), and whether the network refused its sender ID.
import "server-only";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { uuidParam } from "@/lib/http/params";
import { batchPhase } from "./phase";
import { chunkState } from "./state-sql";

export async function getBatch(id: string) {
  if (!uuidParam.safeParse(id).success) return null;
  const batch = await db.batch.findUnique({
    where: { id },
    include: {
      author: { select: { name: true } },
      account: { select: { name: true } },
      parent: { select: { id: true, name: true } },
      list: { select: { id: true, filename: true, columns: true, phoneColumn: true } },
    },
  });
  if (!batch) return null;
  const sender = batch.sender ?? batch.originator ?? "";
  const [{ rows }, senderProblem] = await Promise.all([
    pool().query<{ in_flight: string }>(
      `SELECT COALESCE(sum(size), 0) AS in_flight FROM "DispatchChunk" WHERE "batchId" = $1 AND state = ${chunkState("SUBMITTING")}`,
      [id],
    ),
    db.senderIdProblem.findUnique({
      where: { accountId_sender: { accountId: batch.accountId, sender } },
      select: { sender: true, status: true, messages: true, lastSeenAt: true },
    }),
  ]);
  return {
    ...batch,
    inFlight: Number(rows[0]?.in_flight ?? 0),
    phase: batchPhase(batch, env().NO_RECEIPT_AFTER_HOURS),
    senderProblem,
  };
}

export type BatchDetail = NonNullable<Awaited<ReturnType<typeof getBatch>>>;
