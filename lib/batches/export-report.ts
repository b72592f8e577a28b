// A batch's delivery report as a CSV stream: page after page of the recipients list in id order (a million rows never
// sit in memory at once), each recipient with its own text when it was personalised and, for a batch sent from a list,
// its row's cells in the list's columns after the report's own (every cell through csvCell: formulae escaped), read as
// fast as the client reads.
// Times are ISO 8601 with the offset of the organisation's zone ("2026-11-23T13:16:30+03:00"): the instant, readable as
// the console shows it.
import "server-only";
import { csvHeader, csvRows } from "@/lib/csv/to-csv";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { isoInZone } from "@/lib/time/format";
import type { MessageRow } from "./list-messages";
import { messagePages } from "./message-pages";
import type { RecipientSearch } from "./recipient-search";
import type { MessageFilter } from "./states";

const COLUMNS = [
  "phone",
  "state",
  "delivery_status",
  "correlator",
  "provider_unique_id",
  "operator",
  "sms_units",
  "sent_at",
  "receipt_time",
  "text",
  "error",
];

/** The export's own columns, then the list's (every one, in file order; one named like ours is told apart). */
export function exportHeader(listColumns: readonly string[]): string[] {
  const ours = new Set(COLUMNS);
  return [...COLUMNS, ...listColumns.map((name) => (ours.has(name) ? `${name} (list)` : name))];
}

/** A recipient's list cells as wide as the list (typed numbers, or a list deleted since: empty). */
export function listCells(cells: string[] | null, width: number): string[] {
  if (width === 0) return [];
  const out = new Array<string>(width).fill("");
  if (cells) for (let i = 0; i < width && i < cells.length; i++) out[i] = cells[i]!;
  return out;
}

export function reportStream(
  batch: { id: string; templateText: string; list?: { columns: string[] } | null },
  filter: MessageFilter | null,
  search: RecipientSearch | null = null,
  /** The recipients a page at a time (messagePages; a test passes them through a counter). */
  pages: AsyncGenerator<MessageRow[]> = messagePages(batch.id, filter, search),
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const listColumns = batch.list?.columns ?? [];
  let zone: string | undefined;
  // Pulled by the client's reading, one page at a time (highWaterMark 0: nothing read ahead); a client that goes
  // away cancels the stream, which closes the pages — no further page is queried.
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (zone === undefined) {
          zone = await getOrgTimeZone();
          controller.enqueue(encoder.encode(csvHeader(exportHeader(listColumns))));
          return;
        }
        const inZone = zone;
        const at = (time: Date | null) => (time ? isoInZone(time, inZone) : null);
        const page = await pages.next();
        if (page.done) {
          controller.close();
          return;
        }
        const text = csvRows(
          page.value.map((m) => [
            m.phone,
            m.state,
            m.deliveryStatus,
            m.id,
            m.providerUniqueId,
            m.operator,
            m.smsUnits,
            at(m.submittedAt),
            at(m.receiptAt),
            m.text ?? batch.templateText,
            m.lastError,
            ...listCells(m.cells, listColumns.length),
          ]),
        );
        controller.enqueue(encoder.encode(text));
      },
      async cancel() {
        await pages.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** A file name from the batch's name: letters, digits, dot, dash and underscore only. */
export function reportFileName(name: string, filter: MessageFilter | null): string {
  const base = name.replace(/[^\w.-]+/g, "_").slice(0, 60) || "batch";
  return `${base}-${filter?.toLowerCase() ?? "all"}.csv`;
}
