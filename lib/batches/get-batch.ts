// One batch as its page shows it: settings, state, counters, what is in flight, and whether its outcome is settled.
import "server-only";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { uuidParam } from "@/lib/http/params";

export async function getBatch(id: string) {
  if (!uuidParam.safeParse(id).success) return null;
  const batch = await db.batch.findUnique({
    where: { id },
    include: {
      author: { select: { name: true } },
      account: { select: { name: true } },
      parent: { select: { id: true, name: true } },
    },
  });
  if (!batch) return null;
  const { rows } = await pool().query<{ in_flight: string }>(
    `SELECT COALESCE(sum(size), 0) AS in_flight FROM "DispatchChunk" WHERE "batchId" = $1 AND state = 'SUBMITTING'`,
    [id],
  );
  return { ...batch, inFlight: Number(rows[0]?.in_flight ?? 0) };
}

export type BatchDetail = NonNullable<Awaited<ReturnType<typeof getBatch>>>;
