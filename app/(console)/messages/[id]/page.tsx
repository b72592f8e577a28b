import type { Metadata } from "next";
import Link from "next/link";
import { TextLink } from "@/components/ui/text-link";
import { notFound } from "next/navigation";
import { StateBadge } from "@/components/batches/state-badge";
import { CallOutcomeNote } from "@/components/batches/call-outcome-note";
import { Time } from "@/components/time/time";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CodeBlock, prettyJson } from "@/components/ui/code-block";
import { Details } from "@/components/ui/details";
import { PageHeader } from "@/components/ui/page-header";
import { requireActor } from "@/lib/auth/session";
import { getMessage } from "@/lib/messages/get-message";
import { formatCount } from "@/lib/numbers/format";

export const metadata: Metadata = { title: "Message" };
export const dynamic = "force-dynamic";

const at = (date: Date | null) => (date ? <Time at={date} seconds /> : null);

export default async function MessagePage({ params }: { params: Promise<{ id: string }> }) {
  await requireActor();
  const message = await getMessage((await params).id);
  if (!message) notFound();
  const { answer } = message;
  return (
    <div className="space-y-6">
      <TextLink href={`/batches/${message.batch.id}`} className="text-sm">
        ← {message.batch.name}
      </TextLink>
      <PageHeader
        title={
          <Link
            href={`/numbers/${message.phone}`}
            className="font-mono hover:underline"
            title="Every message to this number"
          >
            {message.phone}
          </Link>
        }
        description={
          <>
            Message {message.id} of <TextLink href={`/batches/${message.batch.id}`}>{message.batch.name}</TextLink> (
            {message.batch.kind}, through {message.batch.account}) ·{" "}
            <StateBadge state={message.state} testId="message-state" />{" "}
            <CallOutcomeNote state={message.state} callState={message.callState} />
          </>
        }
      />

      <Card title="Request as sent">
        <p className="mb-3 text-sm text-slate-600">
          {message.batch.kind === "SMS" ? "One entry of the send-sms request" : "One entry of the voice request"},
          rebuilt from the batch and this message
          {message.personalised ? " (personalised text)" : " (the batch's text)"}. The correlator is the message id; the
          receipt URL&apos;s secret and the account&apos;s token are not shown.
          {message.state === "PENDING" ? " Not sent yet: this is the request it will be." : ""}
        </p>
        <CodeBlock label="Request JSON">{prettyJson(message.request)}</CodeBlock>
      </Card>

      <Card title="Provider's answer">
        <Details
          items={[
            { label: "uniqueId", value: answer.uniqueId, testId: "answer-unique-id" },
            { label: "Provider batch id", value: answer.providerBatchId },
            { label: "SMS units", value: answer.smsUnits == null ? undefined : formatCount(answer.smsUnits) },
            { label: "Operator", value: answer.operator },
            { label: "State", value: <StateBadge state={answer.state} /> },
            { label: "Delivery status", value: answer.deliveryStatus },
            { label: "Last error", value: answer.lastError },
            { label: "Submitted", value: at(answer.submittedAt) },
            { label: "Receipt time", value: at(answer.receiptAt) },
            ...(message.chunk
              ? [
                  {
                    label: "Send attempts",
                    value: `${message.chunk.attempts} (chunk ${message.chunk.state.toLowerCase()})`,
                  },
                ]
              : []),
          ]}
        />
      </Card>

      <section aria-label="Receipts" className="space-y-3">
        <h2 className="text-lg font-semibold">Receipts ({message.receipts.length})</h2>
        {message.receipts.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            No receipt received for this message.
          </p>
        ) : null}
        {message.receipts.map((r) => (
          <Card key={r.id} aria-label={`Receipt ${r.id}`} className="space-y-2">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-mono font-semibold">{r.deliveryStatus}</span>
              {r.matched ? (
                <Badge tone="success">matched</Badge>
              ) : (
                <Badge tone="warning">unmatched{r.unmatchedReason ? `: ${r.unmatchedReason}` : ""}</Badge>
              )}
              <span className="text-slate-500">
                received {at(r.receivedAt)}
                {r.deliveryAt ? <> · delivery time {at(r.deliveryAt)}</> : null}
                {r.deliveryTime ? ` (“${r.deliveryTime}” as the provider sent it)` : ""} · receipt {r.id}
              </span>
            </div>
            <CodeBlock label="Receipt JSON">{prettyJson(r.raw)}</CodeBlock>
          </Card>
        ))}
      </section>

      <Card title="Timeline">
        <ol className="space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
          {message.timeline.map((event, i) => (
            <li key={i}>
              <span className="text-slate-500">{at(event.at)}</span> · <span className="font-medium">{event.what}</span>
              {event.detail ? <span className="break-words text-slate-600"> · {event.detail}</span> : null}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
