// SMS → voice escalation on a batch's page (docs/escalation.md): on the SMS batch, its deadline, the funnel (sent,
// delivered, escalated, answered, reached, neither) and a link to its calls; on the calls' batch, a link back to the
// SMS batch. Rendered inside the live part of the page from the batch it polls (issue 35): the funnel and the counters
// beside it come from one snapshot and move together.
import { TextLink } from "@/components/ui/text-link";
import { Card, Stat } from "@/components/ui/card";
import { escalationFunnel } from "@/lib/escalation/funnel";
import type { BatchJson } from "./use-live-batch";
import { formatCount } from "@/lib/numbers/format";

export function EscalationFunnel({ batch }: { batch: BatchJson }) {
  if (batch.escalates)
    return (
      <p className="text-sm" data-testid="escalation-parent">
        Calls for the recipients whose SMS was not delivered in time, from{" "}
        <TextLink href={`/batches/${batch.escalates.id}`}>{batch.escalates.name}</TextLink>.
      </p>
    );
  if (batch.escalateAfterMinutes === null) return null;
  const child = batch.escalationChild;
  const funnel = escalationFunnel(batch, child);
  return (
    <Card title="Escalation to calls" data-testid="escalation-funnel">
      <p className="mb-3 text-sm">
        A recipient whose SMS is not delivered within {formatCount(batch.escalateAfterMinutes)} minutes is called once.{" "}
        {child ? (
          <TextLink href={`/batches/${child.id}`} data-testid="escalation-child">
            See the calls
          </TextLink>
        ) : (
          "Nobody has been called yet."
        )}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-6">
        <Stat label="Sent" value={formatCount(funnel.sent)} testId="funnel-sent" />
        <Stat label="Delivered" value={formatCount(funnel.delivered)} testId="funnel-delivered" />
        <Stat label="Escalated" value={formatCount(funnel.escalated)} testId="funnel-escalated" />
        <Stat label="Answered" value={formatCount(funnel.answered)} testId="funnel-answered" />
        <Stat label="Reached by call" value={formatCount(funnel.reachedByCall)} testId="funnel-reached-by-call" />
        <Stat label="Neither" value={formatCount(funnel.neither)} testId="funnel-neither" />
      </dl>
      {funnel.answeredAlsoDelivered > 0 ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="funnel-also-delivered">
          {formatCount(funnel.answeredAlsoDelivered)} answered a call whose SMS was delivered later: they count once, as
          delivered.
        </p>
      ) : null}
    </Card>
  );
}
