// A batch's recipients (or a filtered view, or a search) page after page in id order, for the exports. The next page
// is asked for as the current one is handed over, so the database's work on it overlaps the formatting and sending
// of this one (an export of 1,000,000 recipients spent a third of its time waiting for pages); never more than that
// one page ahead, so an export still reads the database no faster than its client reads the file, and stops with it
// (return(): the page already asked for is dropped when it comes). Both exports' pages are written by the database, as
// CSV (report-csv-page.ts) and as the sheet's XML (report-xlsx-page.ts).
import "server-only";

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
