import type { Metadata } from "next";
import { BatchTable } from "@/components/batches/batch-table";
import { Stat } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireActor } from "@/lib/auth/session";
import { getOverview } from "@/lib/batches/get-overview";
import { listBatches } from "@/lib/batches/list-batches";

export const metadata: Metadata = { title: "Overview" };
export const dynamic = "force-dynamic";

export default async function OverviewPage() {
  await requireActor();
  const [overview, recent] = await Promise.all([getOverview(), listBatches({ take: 5 })]);
  const tiles = [
    { label: "Active batches", value: overview.activeBatches },
    { label: "Recipients, last 24 h", value: overview.lastDay.recipients },
    { label: "Delivered, last 24 h", value: overview.lastDay.delivered },
    { label: "Failed, last 24 h", value: overview.lastDay.failed },
    { label: "Unknown outcome, last 24 h", value: overview.lastDay.unknown },
  ];
  return (
    <div className="space-y-8">
      <PageHeader title="Overview" />
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-5">
        {tiles.map((tile) => (
          <Stat key={tile.label} label={tile.label} value={tile.value.toLocaleString()} />
        ))}
      </dl>
      <section>
        <h2 className="mb-3 text-lg font-semibold">Recent batches ({overview.totalBatches.toLocaleString()} in all)</h2>
        <BatchTable batches={recent} />
      </section>
    </div>
  );
}
