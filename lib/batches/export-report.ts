// A batch's delivery report as a CSV stream: page after page of the recipients list in id order (a million rows never
// sit in memory at once), each recipient with its own text when it was personalised, read as fast as the client reads.
// Times are ISO 8601 with the offset of the organisation's zone ("2026-11-23T13:16:30+03:00"): the instant, readable as
// the console shows it. Each page arrives as CSV bytes written by the database's COPY (report-csv-page.ts).
import "server-only";
import { csvHeader } from "@/lib/csv/to-csv";
import type { MessageView } from "./list-messages";
import { reportCsvPages } from "./report-csv-page";
import { reportColumns, type ReportBatch } from "./report-columns";
import type { MessageFilter } from "@/lib/states/states";

export function reportStream(
  batch: ReportBatch & { id: string },
  filter: MessageFilter | null,
  /** The search and the language narrowing the view (list-messages.ts MessageView). */
  view: Omit<MessageView, "filter"> | null = null,
  /** The recipients a page of CSV text at a time (reportCsvPages; a test passes them through a counter). */
  pages: AsyncGenerator<Uint8Array> = reportCsvPages(batch, filter, view),
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headed = false;
  // Pulled by the client's reading, one page at a time (highWaterMark 0: nothing read ahead); a client that goes
  // away cancels the stream, which closes the pages — no further page is queried.
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headed) {
          headed = true;
          controller.enqueue(encoder.encode(csvHeader(reportColumns(batch).map((c) => c.header))));
          return;
        }
        for (;;) {
          const page = await pages.next();
          if (page.done) return controller.close();
          // An empty last page (a batch of exactly n pages) is no chunk.
          if (page.value.length) return controller.enqueue(page.value);
        }
      },
      async cancel() {
        await pages.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** A file name from the batch's name (and the view's language): letters, digits, dot, dash and underscore only. */
export function reportFileName(name: string, filter: MessageFilter | null, language: string | null = null): string {
  const base = name.replace(/[^\w.-]+/g, "_").slice(0, 60) || "batch";
  return `${base}-${filter?.toLowerCase() ?? "all"}${language ? `-${language}` : ""}.csv`;
}
