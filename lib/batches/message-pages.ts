// A batch's recipients (or a filtered view, or a search) page after page in id order, for the exports. The next page
// is asked for as the current one is handed over, so the database's work on it overlaps the formatting and sending
// of this one (an export of 1,000,000 recipients spent a third of its time waiting for pages); never more than that
// one page ahead, so an export still reads the database no faster than its client reads the file, and stops with it
// (return(): the page already asked for is dropped when it comes). The XLSX export reads rows (messagePages); the CSV
// export reads pages its database query already wrote as CSV (report-csv-page.ts), through the same pagesAhead.
import "server-only";
import { listMessages, type MessageRow, type MessageView } from "./list-messages";
import type { MessageFilter } from "@/lib/states/states";

/**
 * Recipients per page of rows for the XLSX export: each page is two round trips, and on a loaded machine each waits
 * for a core — pages of the console's 1,000 made the export of 20,000 mostly waiting (BENCHMARKS.md, "Export: each
 * page PostgreSQL's COPY"). Two pages of row objects at most are held (≈ 5 MB each).
 */
export const XLSX_PAGE_ROWS = 5_000;

export function messagePages(
  batchId: string,
  filter: MessageFilter | null,
  view: Omit<MessageView, "filter"> | null,
  limit = XLSX_PAGE_ROWS,
): AsyncGenerator<MessageRow[]> {
  return pagesAhead((after) => listMessages(batchId, { ...view, filter, after, limit }, limit));
}

/** Pages from `ask` (the page after a cursor, and the next cursor or null at the end), one asked ahead. */
export async function* pagesAhead<T>(
  ask: (after: string | undefined) => Promise<{ rows: T; next: string | null }>,
): AsyncGenerator<T> {
  let asked = ask(undefined);
  for (;;) {
    const page = await asked;
    if (!page.next) {
      yield page.rows;
      return;
    }
    asked = ask(page.next);
    // A page asked for and then abandoned (the client went away) must not be an unhandled rejection.
    asked.catch(() => {});
    yield page.rows;
  }
}
