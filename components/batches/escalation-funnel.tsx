// SMS → voice escalation on a batch's page (docs/escalation.md): on the SMS batch, its deadline, the funnel (sent,
// delivered, escalated, answered, neither) and a link to its calls; on the calls' batch, a link back to the SMS batch.
import Link from "next/link";
import { Card, Stat } from "@/components/ui/card";
import { escalationFunnel } from "@/lib/escalation/funnel";
import type { BatchDetail } from "@/lib/batches/get-batch";

export function EscalationFunnel({ batch }: { batch: BatchDetail }) {
  if (batch.escalates)
    return (
      <p className="text-sm" data-testid="escalation-parent">
        Calls for the recipients whose SMS was not delivered in time, from{" "}
        <Link href={`/batches/${batch.escalates.id}`} className="text-sky-700 underline">
          {batch.escalates.name}
        </Link>
        .
      </p>
    );
  if (batch.escalateAfterMinutes === null) return null;
  const child = batch.escalationChild;
  const funnel = escalationFunnel(batch, child);
  return (
    <Card title="Escalation to calls" data-testid="escalation-funnel">
      <p className="mb-3 text-sm">
        A recipient whose SMS is not delivered within {batch.escalateAfterMinutes.toLocaleString("en")} minutes is
        called once.{" "}
        {child ? (
          <Link href={`/batches/${child.id}`} className="text-sky-700 underline" data-testid="escalation-child">
            See the calls
          </Link>
        ) : (
          "Nobody has been called yet."
        )}
      </p>
      <dl className="grid gap-3 sm:grid-cols-5">
        <Stat label="Sent" value={funnel.sent.toLocaleString("en")} testId="funnel-sent" />
        <Stat label="Delivered" value={funnel.delivered.toLocaleString("en")} testId="funnel-delivered" />
        <Stat label="Escalated" value={funnel.escalated.toLocaleString("en")} testId="funnel-escalated" />
        <Stat label="Answered" value={funnel.answered.toLocaleString("en")} testId="funnel-answered" />
        <Stat label="Neither" value={funnel.neither.toLocaleString("en")} testId="funnel-neither" />
      </dl>
    </Card>
  );
}
