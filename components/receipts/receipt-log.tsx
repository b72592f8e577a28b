// The Receipts page's receipt log: every delivery receipt as the provider sent it, newest first in keyset pages,
// searched by uniqueId, correlator or phone and filtered by why it matched no message (lib/reports/receipt-log.ts);
// the search and the page live in the URL.
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/components/time/time";
import { Badge } from "@/components/ui/badge";
import { CodeBlock, prettyJson } from "@/components/ui/code-block";
import { FilterForm, FilterInput, FilterSelect } from "@/components/ui/filter-form";
import { Table, Td, Tr } from "@/components/ui/table";
import { pageHref } from "@/lib/http/page-query";
import { UNMATCHED_RETRY_HOURS } from "@/lib/receipts/apply-receipts";
import { mapDeliveryStatus, type StatusMapping } from "@/lib/receipts/status-map";
import { UNMATCHED_REASONS, type ReceiptFilter, type ReceiptRow } from "@/lib/reports/receipt-log";
import { KeysetPager } from "@/components/ui/keyset-pager";

const REASONS: Record<string, string> = {
  no_message: `no message has its uniqueId or correlator (tried again for ${UNMATCHED_RETRY_HOURS} h)`,
  not_sent: "its message was never sent",
};

export function ReceiptLog({
  page,
  filter,
  mappings,
}: {
  page: { rows: ReceiptRow[]; next: string | null };
  filter: Partial<ReceiptFilter>;
  mappings: Map<string, StatusMapping>;
}) {
  const href = (before?: string) => pageHref("/receipts", { q: filter.q, unmatched: filter.unmatched, before });
  return (
    <section aria-label="Receipt log" className="space-y-3">
      <h2 className="text-lg font-semibold">Receipt log</h2>
      <FilterForm
        label="Search receipts"
        submit="Search"
        values={{ q: filter.q, unmatched: filter.unmatched }}
        clearHref="/receipts"
      >
        <FilterInput
          label="uniqueId, correlator or phone"
          name="q"
          type="search"
          value={filter.q}
          placeholder="0712 345 678"
          className="w-full sm:w-auto sm:max-w-sm sm:flex-1"
        />
        <FilterSelect
          label="Matched"
          name="unmatched"
          value={filter.unmatched}
          any="All receipts"
          options={[
            ["any", "Unmatched only"],
            ...UNMATCHED_REASONS.map((r) => [r, `Unmatched: ${r.replace("_", " ")}`] as const),
          ]}
        />
      </FilterForm>
      <Table
        columns={["Received", "Status", "Message", "Phone", "uniqueId", "Correlator", "Raw"]}
        empty={page.rows.length === 0 && "No receipts match."}
      >
        {page.rows.map((r) => (
          <Tr key={r.id}>
            <Td className="whitespace-nowrap text-slate-600">
              <Time at={r.receivedAt} seconds />
            </Td>
            <Td className="font-mono text-xs">
              {r.deliveryStatus}
              {mapDeliveryStatus(r.deliveryStatus, mappings).source === "unknown" ? (
                <>
                  {" "}
                  <Badge tone="warning">unknown</Badge>
                </>
              ) : null}
            </Td>
            <Td className="whitespace-nowrap">
              {r.messageId ? (
                <TextLink href={`/messages/${r.messageId}`}>message {r.messageId}</TextLink>
              ) : r.unmatchedReason ? (
                <span title={REASONS[r.unmatchedReason] ?? r.unmatchedReason}>
                  <Badge tone="warning">unmatched: {r.unmatchedReason.replace("_", " ")}</Badge>
                </span>
              ) : (
                <Badge>not applied yet</Badge>
              )}
            </Td>
            <Td className="font-mono text-xs">{r.phone ?? "—"}</Td>
            <Td className="whitespace-nowrap font-mono text-xs">{r.uniqueId ?? "—"}</Td>
            <Td className="font-mono text-xs">{r.correlator ?? "—"}</Td>
            <Td>
              <details>
                <summary className="cursor-pointer text-sky-700">JSON</summary>
                <CodeBlock className="mt-2 w-72 sm:w-96">{prettyJson(r.raw)}</CodeBlock>
              </details>
            </Td>
          </Tr>
        ))}
      </Table>
      <KeysetPager first={filter.before ? href() : null} next={page.next ? href(page.next) : null} />
      <p className="text-xs text-slate-500">
        Unmatched: <strong>no message</strong> — {REASONS.no_message}; <strong>not sent</strong> — {REASONS.not_sent}. A
        phone finds the receipts of the messages sent to it and unmatched receipts naming it.
      </p>
    </section>
  );
}
