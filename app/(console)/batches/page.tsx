import type { Metadata } from "next";
import { BatchTable } from "@/components/batches/batch-table";
import { requireActor } from "@/lib/auth/session";
import { listBatches } from "@/lib/batches/list-batches";

export const metadata: Metadata = { title: "Batches" };
export const dynamic = "force-dynamic";

export default async function BatchesPage() {
  await requireActor();
  const batches = await listBatches({ take: 100 });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Batches</h1>
      <BatchTable batches={batches} />
    </div>
  );
}
