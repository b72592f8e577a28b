// The Receipts page's messages ageing without a receipt (lib/reports/ageing-messages.ts): accepted by the provider
// and still without a final receipt past the no-receipt age, in keyset pages of their own (?aged_after=).
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/components/time/time";
import { Table, Td, Tr } from "@/components/ui/table";
import { pageHref } from "@/lib/http/page-query";
import { formatCount } from "@/lib/numbers/format";
import type { AgeingBatch, AgeingMessage } from "@/lib/reports/ageing-messages";
import { KeysetPager } from "@/components/ui/keyset-pager";

export function AgeingMessages({
  ageing,
  agedAfter,
  search,
}: {
  ageing: { batches: AgeingBatch[]; rows: AgeingMessage[]; next: string | null; hours: number };
  agedAfter: string | undefined;
  /** The receipt log's search, kept by this section's links. */
  search: { q?: string | undefined; unmatched?: string | undefined };
}) {
  const href = (after?: string) => pageHref("/receipts", { ...search, aged_after: after });
  return (
    <section aria-label="Ageing without a receipt" className="space-y-3">
      <h2 className="text-lg font-semibold">Ageing without a receipt</h2>
      <p className="text-sm text-slate-600">
        Accepted by the provider and without a final receipt after {ageing.hours} h (NO_RECEIPT_AFTER_HOURS).
        {ageing.batches.length > 0
          ? ` In ${formatCount(ageing.batches.length)} batch(es) with ${formatCount(ageing.batches.reduce((s, b) => s + b.queuedCount, 0))} messages still queued.`
          : " None."}
      </p>
      <Table
        columns={["Message", "Batch", "Phone", "Submitted", "Last status"]}
        empty={ageing.rows.length === 0 && "No message is waiting past the age."}
      >
        {ageing.rows.map((m) => (
          <Tr key={m.id}>
            <Td>
              <TextLink href={`/messages/${m.id}`}>{m.id}</TextLink>
            </Td>
            <Td>
              <TextLink href={`/batches/${m.batchId}`}>{m.batchName}</TextLink>
            </Td>
            <Td className="font-mono text-xs">{m.phone}</Td>
            <Td className="whitespace-nowrap text-slate-600">
              <Time at={m.submittedAt} seconds />
            </Td>
            <Td className="font-mono text-xs">{m.deliveryStatus ?? "—"}</Td>
          </Tr>
        ))}
      </Table>
      <KeysetPager
        first={agedAfter ? href() : null}
        next={ageing.next ? href(ageing.next) : null}
        labels={{ first: "First", next: "Next" }}
      />
    </section>
  );
}
