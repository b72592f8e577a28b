// A batch's recipients (or a filtered view, or a search) page after page in id order, for the exports. The next page
// is asked for as the current one is handed over, so the database's work on it overlaps the formatting and sending
// of this one (an export of 1,000,000 recipients spent a third of its time waiting for pages); never more than that
// one page ahead, so an export still reads the database no faster than its client reads the file, and stops with it
// (return(): the page already asked for is dropped when it comes).
import "server-only";
import { listMessages, PAGE_SIZE_MAX, type MessagePage, type MessageRow } from "./list-messages";
import type { RecipientSearch } from "./recipient-search";
import type { MessageFilter } from "@/lib/states/states";

export async function* messagePages(
  batchId: string,
  filter: MessageFilter | null,
  search: RecipientSearch | null,
): AsyncGenerator<MessageRow[]> {
  const ask = (after: string | undefined) => listMessages(batchId, { filter, search, after, limit: PAGE_SIZE_MAX });
  let asked: Promise<MessagePage> = ask(undefined);
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
