import type { Metadata } from "next";
import { TextLink } from "@/components/ui/text-link";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { PageHeader } from "@/components/ui/page-header";
import { Table, Td, Tr } from "@/components/ui/table";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";

// The webhooks help inside the console: what the Webhooks page used to send the operator to read in the repository
// (docs/webhooks.md), which they cannot open (issue 35). The receiver's side of that page — events, payload, signing,
// answering, retries, where endpoints may be — in the console's own words; keep the two in step.
export const metadata: Metadata = { title: "Webhooks help" };
export const dynamic = "force-dynamic";

const EVENTS: [string, string][] = [
  ["message.delivered", "a delivery receipt moved an SMS to delivered"],
  ["message.answered", "a voice call's receipt moved it to answered"],
  ["message.failed", "a receipt moved a message to failed (its failureClass says why)"],
  ["batch.completed", "a batch has nothing left to send"],
];

const PAYLOAD = `{
  "type": "message.delivered",
  "timestamp": "2026-11-23T10:00:01.234Z",
  "data": {
    "batchId": "5d0c…",
    "messageId": "1048576",
    "phone": "254712345678",
    "state": "DELIVERED",
    "deliveryStatus": "DeliveredToTerminal",
    "failureClass": null,
    "receiptTime": "2026-11-23T10:00:00.000Z"
  }
}`;

const VERIFY = `import { Webhook } from "standardwebhooks";

const webhook = new Webhook(process.env.TUMA_WEBHOOK_SECRET!); // "whsec_…"

// The raw body, exactly as received (not re-serialised JSON), and the request's headers.
export function tumaEvent(rawBody: string, headers: Record<string, string>) {
  return webhook.verify(rawBody, headers) as { type: string; timestamp: string; data: Record<string, unknown> };
  // Throws when the signature is wrong or the timestamp is more than 5 minutes off.
}`;

export default async function WebhooksHelpPage() {
  await requireActor(canManageWebhooks);
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        title="Webhooks help"
        description="What your own system receives, how to check it came from Tuma, and what Tuma does when it does not answer."
        actions={
          <TextLink href="/webhooks" className="text-sm">
            Back to Webhooks
          </TextLink>
        }
      />
      <Card title="Events">
        <p className="mb-3 text-sm">
          A message raises an event when a receipt changes its state to one of these; a later receipt that leaves the
          state as it was (a duplicate, a replay) raises none.
        </p>
        <Table aria-label="Webhook events" columns={["Type", "When"]}>
          {EVENTS.map(([type, when]) => (
            <Tr key={type}>
              <Td className="whitespace-nowrap font-mono text-xs">{type}</Td>
              <Td>{when}</Td>
            </Tr>
          ))}
        </Table>
      </Card>
      <Card title="Payload">
        <CodeBlock label="An event's body">{PAYLOAD}</CodeBlock>
        <p className="mt-3 text-sm">
          batch.completed carries data: {"{ batchId, name, kind, state, finishedAt }"}. Times are UTC (ISO 8601).
        </p>
      </Card>
      <Card title="Checking the signature">
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>
            <code>webhook-id</code>: the event&apos;s id, the same on every attempt and replay — deduplicate on it.
          </li>
          <li>
            <code>webhook-timestamp</code>: when this attempt was signed, in seconds.
          </li>
          <li>
            <code>webhook-signature</code>: <code>v1,</code> and the base64 HMAC-SHA256 of “id.timestamp.body”, keyed
            with the endpoint&apos;s secret. While a rotated secret overlaps (24 hours) both signatures are sent,
            space-separated: verify with either.
          </li>
        </ul>
        <p className="mt-3 text-sm">
          Deliveries follow the Standard Webhooks specification, so any of its libraries verifies them. In Node.js:
        </p>
        <CodeBlock label="Verifying in Node.js" className="mt-2">
          {VERIFY}
        </CodeBlock>
        <p className="mt-3 text-sm">
          The secret (whsec_…) is shown once, when the endpoint is registered or its secret rotated.
        </p>
      </Card>
      <Card title="Answering, retries and disabling">
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>Answer with any 2xx status within 10 seconds; do the work afterwards. Redirects are not followed.</li>
          <li>
            Any other answer, a timeout or a connection error is tried again after 5 seconds, then four times longer
            each time, at most 4 hours apart, until the event is 24 hours old; then it is failed.
          </li>
          <li>
            An endpoint that has failed every attempt for 3 days is disabled, and the Webhooks page says so at the top.
            Enabling it again starts afresh.
          </li>
          <li>
            Each endpoint&apos;s delivery log keeps finished deliveries for 30 days, and sends any of them again on
            request (the same id and payload, newly signed).
          </li>
          <li>
            An endpoint must be on a public address. To deliver to a system inside your network, list its host:port
            under Private hosts on the Webhooks page.
          </li>
        </ul>
      </Card>
    </div>
  );
}
