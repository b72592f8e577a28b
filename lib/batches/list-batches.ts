// Batches, newest first, with their counters: what the Batches page and the Overview show.
import "server-only";
import { db } from "@/lib/db/client";

export async function listBatches({ take = 50, cursor }: { take?: number; cursor?: string } = {}) {
  return db.batch.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    include: { author: { select: { name: true } }, account: { select: { name: true } } },
  });
}

export type BatchListItem = Awaited<ReturnType<typeof listBatches>>[number];
