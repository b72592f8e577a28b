// Batches, newest first, with their counters and where each stands (phase.ts): what the Batches page and the Overview
// show.
import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { batchPhase } from "./phase";

export async function listBatches({ take = 50, cursor }: { take?: number; cursor?: string } = {}) {
  const batches = await db.batch.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    include: { author: { select: { name: true } }, account: { select: { name: true } } },
  });
  const hours = env().NO_RECEIPT_AFTER_HOURS;
  return batches.map((batch) => ({ ...batch, phase: batchPhase(batch, hours) }));
}

export type BatchListItem = Awaited<ReturnType<typeof listBatches>>[number];
