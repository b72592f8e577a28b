import type { Metadata } from "next";
import { TextLink } from "@/components/ui/text-link";
import { notFound } from "next/navigation";
import { BatchLive } from "@/components/batches/batch-live";
import { BatchReportSection } from "@/components/batches/batch-report-section";
import { Time } from "@/components/time/time";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { canExport, canSend } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { getBatch } from "@/lib/batches/get-batch";
import { serialize } from "@/lib/http/serialize";
import {
  cancelAction,
  pauseAction,
  resendAction,
  resendPreviewAction,
  resendUnitsAction,
  resumeAction,
} from "./actions";

export const metadata: Metadata = { title: "Batch" };
export const dynamic = "force-dynamic";

export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const actor = await requireActor();
  const batch = await getBatch((await params).id);
  if (!batch) notFound();
  return (
    <div className="space-y-6">
      <TextLink href="/batches" className="text-sm">
        ← Batches
      </TextLink>
      <PageHeader
        title={batch.name}
        description={
          <>
            {batch.kind === "SMS" ? `SMS from ${batch.sender}` : `Voice from ${batch.originator}`} through{" "}
            {batch.account.name}
            {batch.author ? ` · by ${batch.author.name}` : ""} · created <Time at={batch.createdAt} seconds />
            {batch.scheduledAt ? (
              <>
                {" "}
                · scheduled for <Time at={batch.scheduledAt} />
              </>
            ) : null}
            {batch.parent ? (
              <>
                {" "}
                · resend of <TextLink href={`/batches/${batch.parent.id}`}>{batch.parent.name}</TextLink>
              </>
            ) : null}
          </>
        }
      />
      <Card className="whitespace-pre-wrap p-3 text-sm">{batch.templateText}</Card>
      {/* The same JSON the live endpoint returns, so the page and its updates agree. */}
      <BatchLive
        initial={serialize(batch)}
        canSend={canSend(actor)}
        canExport={canExport(actor)}
        actions={{
          pause: pauseAction,
          resume: resumeAction,
          cancel: cancelAction,
          resend: resendAction,
          resendPreview: resendPreviewAction,
          resendUnits: resendUnitsAction,
        }}
        report={<BatchReportSection batchId={batch.id} />}
      />
    </div>
  );
}
