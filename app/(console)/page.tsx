import type { Metadata } from "next";
import { TextLink } from "@/components/ui/text-link";
import { BatchTable } from "@/components/batches/batch-table";
import { PhaseBadge } from "@/components/batches/phase-badge";
import { UnmappedNotice } from "@/components/batches/unmapped-notice";
import { OperatorReport } from "@/components/reports/operator-report";
import { OverviewCharts } from "@/components/reports/overview-charts";
import { ZoneDescription } from "@/components/time/zone-description";
import { FirstSteps } from "@/components/reports/first-steps";
import { Card } from "@/components/ui/card";
import { NumberSearch } from "@/components/numbers/number-search";
import { canManageAccounts, canSend } from "@/lib/auth/permissions";
import { LowUnits } from "@/components/reports/low-units";
import { lowUnitAccounts } from "@/lib/units/low-accounts";
import { PageHeader } from "@/components/ui/page-header";
import { Progress } from "@/components/ui/progress";
import { STATE_COLORS } from "@/components/ui/state-colors";
import { Table, Td, Tr, numeric } from "@/components/ui/table";
import { requireActor } from "@/lib/auth/session";
import { listBatches } from "@/lib/batches/list-batches";
import { deliveryRate, SENT_STATES } from "@/lib/states/states";
import { STATE_COUNTERS } from "@/lib/batches/counters";
import { formatCount, formatRate } from "@/lib/numbers/format";
import { getOperatorDays } from "@/lib/reports/operator-days";
import { getOverviewReport } from "@/lib/reports/overview";
import { Suspense } from "react";
import { RecentFailures } from "@/components/reports/recent-failures";

export const metadata: Metadata = { title: "Overview" };
export const dynamic = "force-dynamic";

/** The states a recent batch's bar shows, in this order: outcomes first, then what still awaits one. */
const PROGRESS_STATES = ["DELIVERED", "ANSWERED", "FAILED", "REJECTED", "UNKNOWN", "QUEUED"] as const;
const PROGRESS = PROGRESS_STATES.map((state) => ({
  ...STATE_COUNTERS.find((c) => c.state === state)!,
  className: STATE_COLORS[state].bar,
}));

export default async function OverviewPage() {
  const actor = await requireActor();
  const [overview, recent, networks, lowUnits] = await Promise.all([
    getOverviewReport(),
    listBatches({ take: 5 }),
    getOperatorDays(),
    lowUnitAccounts(),
  ]);
  const lowUnitsWarning = <LowUnits accounts={lowUnits} canTopUp={canManageAccounts(actor)} />;
  const header = (
    <PageHeader
      title="Overview"
      description={
        <>
          Messages of the batches created today and in the last 7 and 30 days, in days of <ZoneDescription />.
        </>
      }
      actions={<NumberSearch id="number-search-overview" />}
    />
  );
  // Before the first batch there is nothing to count: the page says what to do first instead (first-steps.tsx).
  if (overview.totalBatches === 0)
    return (
      <div className="space-y-8">
        {header}
        {lowUnitsWarning}
        <FirstSteps canSend={canSend(actor)} />
      </div>
    );
  return (
    <div className="space-y-8">
      {header}
      {lowUnitsWarning}
      <UnmappedNotice statuses={overview.unmapped} className="" />

      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-3">
        {overview.periods.map((p) => (
          <Card key={p.label} aria-label={p.label} className="p-4">
            <div className="flex items-baseline justify-between gap-2">
              <h2 className="font-medium">{p.label}</h2>
              <p className="text-right">
                <span className="text-2xl font-semibold tabular-nums" data-testid={`rate-${p.label}`}>
                  {formatRate(deliveryRate(p.reached, p.sent))}
                </span>{" "}
                <span className="text-xs text-slate-500">reached</span>
              </p>
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
              {[
                { label: "Sent", value: p.sent, testId: `sent-${p.label}` },
                { label: "Reached", value: p.reached, testId: `reached-${p.label}` },
                { label: "Failed", value: p.failed, testId: `failed-${p.label}` },
                { label: "Unknown", value: p.unknown },
                { label: "SMS units", value: p.units },
                { label: "Batches", value: p.batches },
              ].map(({ label, value, testId }) => (
                <div key={label}>
                  <dt className="text-xs text-slate-500">{label}</dt>
                  <dd className="font-semibold tabular-nums" data-testid={testId}>
                    {formatCount(value)}
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
        ))}
      </section>

      <OverviewCharts days={overview.days} />

      <section aria-label="Active batches" className="space-y-3">
        <h2 className="text-lg font-semibold">Active batches</h2>
        <Table
          columns={["Batch", "State", { label: "Progress", className: "min-w-40" }, numeric("Sent")]}
          empty={overview.active.length === 0 && "No batch is sending or waiting for receipts."}
        >
          {overview.active.map((b) => {
            const sent = STATE_COUNTERS.filter((c) => (SENT_STATES as readonly string[]).includes(c.state)).reduce(
              (s, c) => s + b[c.field],
              0,
            );
            return (
              <Tr key={b.id}>
                <Td>
                  <TextLink href={`/batches/${b.id}`}>{b.name}</TextLink>
                </Td>
                <Td>
                  <PhaseBadge phase={b.phase} />
                </Td>
                <Td>
                  <Progress
                    label={`${b.name}: progress`}
                    total={b.recipientCount}
                    segments={PROGRESS.map((p) => ({
                      key: p.field,
                      value: b[p.field],
                      className: p.className,
                      label: p.label,
                    }))}
                  />
                </Td>
                <Td numeric className="whitespace-nowrap">
                  {formatCount(sent)} / {formatCount(b.recipientCount)}
                </Td>
              </Tr>
            );
          })}
        </Table>
      </section>

      <section aria-label="By network" className="space-y-3">
        <h2 className="text-lg font-semibold">By network, last 30 days</h2>
        <OperatorReport days={networks.days} operators={networks.operators} />
      </section>

      <section aria-label="Recent failures" className="space-y-3">
        <h2 className="text-lg font-semibold">Recent failures</h2>
        <Suspense fallback={<p className="text-sm text-slate-500">Counting…</p>}>
          <RecentFailures />
        </Suspense>
      </section>

      <section>
        <h2 className="mb-3 text-lg font-semibold">Recent batches ({formatCount(overview.totalBatches)} in all)</h2>
        <BatchTable batches={recent} />
      </section>
    </div>
  );
}
