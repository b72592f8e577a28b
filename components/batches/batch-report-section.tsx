// The delivery report as the batch page streams it: the page and its live counters render at once, the report
// (one pass over the batch's messages when not cached) follows in the same response when ready.
import { Suspense } from "react";
import { Card } from "@/components/ui/card";
import { serialize } from "@/lib/http/serialize";
import { getBatchReport } from "@/lib/reports/batch-report";
import { BatchReport } from "./batch-report";

async function Loaded({ batchId }: { batchId: string }) {
  const report = await getBatchReport(batchId);
  if (!report) return null;
  return <BatchReport initial={{ ...serialize(report), batchId }} />;
}

export function BatchReportSection({ batchId }: { batchId: string }) {
  return (
    <Suspense
      fallback={
        <Card title="Delivery over time">
          <p className="text-sm text-slate-500">Counting…</p>
        </Card>
      }
    >
      <Loaded batchId={batchId} />
    </Suspense>
  );
}
