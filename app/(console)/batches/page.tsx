import type { Metadata } from "next";
import { BatchTable } from "@/components/batches/batch-table";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { requireActor } from "@/lib/auth/session";
import { listBatches } from "@/lib/batches/list-batches";

export const metadata: Metadata = { title: "Batches" };
export const dynamic = "force-dynamic";

export default async function BatchesPage() {
  await requireActor();
  const batches = await listBatches({ take: 100 });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Batches"
        actions={
          <ButtonLink href="/compose" variant="primary" size="sm">
            Compose
          </ButtonLink>
        }
      />
      <BatchTable batches={batches} />
    </div>
  );
}
