import type { Metadata } from "next";
import { BatchTable } from "@/components/batches/batch-table";
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
      <h1 className="text-2xl font-semibold">Overview</h1>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-5">
        {tiles.map((tile) => (
          <div key={tile.label} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-xs uppercase tracking-wide text-slate-500">{tile.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{tile.value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      <section>
        <h2 className="mb-3 text-lg font-semibold">Recent batches ({overview.totalBatches.toLocaleString()} in all)</h2>
        <BatchTable batches={recent} />
      </section>
    </div>
  );
}
