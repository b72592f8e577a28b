import type { Metadata } from "next";
import { AgeingMessages } from "@/components/receipts/ageing-messages";
import { HeldOptOutsSection } from "@/components/receipts/held-opt-outs-section";
import { ReceiptLagCard } from "@/components/receipts/receipt-lag";
import { ReceiptLog } from "@/components/receipts/receipt-log";
import { UnknownStatusesSection } from "@/components/receipts/unknown-statuses-section";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { canViewReceipts } from "@/lib/auth/permissions";
import { cursorParam } from "@/lib/http/params";
import { readPageQuery, type PageSearchParams } from "@/lib/http/page-query";
import { requireActor } from "@/lib/auth/session";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { carrierOptOutBurst, listHeldOptOuts } from "@/lib/receipts/held-opt-outs";
import { cachedMappings } from "@/lib/receipts/status-mappings";
import { listAgeingMessages } from "@/lib/reports/ageing-messages";
import { getReceiptLag } from "@/lib/reports/receipt-lag";
import { listReceipts, receiptFilterSchema } from "@/lib/reports/receipt-log";
import { listReceiptStatuses } from "@/lib/reports/receipt-statuses";
import { z } from "zod";
import { decideHeldOptOutsAction, mapStatusAction, setCarrierOptOutBurstAction } from "./actions";

export const metadata: Metadata = { title: "Receipts" };
export const dynamic = "force-dynamic";

// The receipt log's search and page are the URL's (?q, ?unmatched, ?before), the ageing messages' page too
// (?aged_after), and ?status=a,b names the unknown statuses a batch page or the Overview pointed to.
export default async function ReceiptsPage({ searchParams }: { searchParams: PageSearchParams }) {
  await requireActor(canViewReceipts);
  const query = await readPageQuery(searchParams, receiptFilterSchema);
  const { filter } = query;
  const agedAfter = query.param("aged_after", cursorParam);
  const [page, lag, ageing, statuses, held, burst] = await Promise.all([
    listReceipts(filter),
    getReceiptLag(),
    listAgeingMessages(agedAfter),
    listReceiptStatuses(),
    listHeldOptOuts(),
    carrierOptOutBurst(),
  ]);
  const [mappings, timeZone] = await Promise.all([cachedMappings(), getOrgTimeZone()]);

  return (
    <div className="space-y-8">
      <PageHeader
        title="Receipts"
        description="Statuses Tuma does not know yet, every delivery receipt as the provider sent it, the ones that matched no message and why, how long receipts take, and messages still waiting for one."
      />
      {query.error ? <Notice tone="error">{query.error}</Notice> : null}
      <HeldOptOutsSection
        held={held}
        burst={burst}
        timeZone={timeZone}
        decide={decideHeldOptOutsAction}
        setBurst={setCarrierOptOutBurstAction}
      />
      <UnknownStatusesSection
        statuses={statuses}
        only={query.param("status", z.string())}
        timeZone={timeZone}
        mapStatus={mapStatusAction}
      />
      <ReceiptLog page={page} filter={filter} mappings={mappings} />
      <ReceiptLagCard lag={lag} />
      <AgeingMessages ageing={ageing} agedAfter={agedAfter} search={{ q: filter.q, unmatched: filter.unmatched }} />
    </div>
  );
}
