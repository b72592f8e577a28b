// A batch's recipients (or a filtered view, or a search) page after page in id order, for the exports: each page is
// queried only when the one before has been taken, so an export reads the database no faster than its client reads
// the file, and stops with it (return()).
import "server-only";
import { listMessages, PAGE_SIZE_MAX, type MessageRow } from "./list-messages";
import type { RecipientSearch } from "./recipient-search";
import type { MessageFilter } from "./states";

export async function* messagePages(
  batchId: string,
  filter: MessageFilter | null,
  search: RecipientSearch | null,
): AsyncGenerator<MessageRow[]> {
  let after: string | undefined;
  for (;;) {
    const page = await listMessages(batchId, { filter, search, after, limit: PAGE_SIZE_MAX });
    yield page.rows;
    if (!page.next) return;
    after = page.next;
  }
}
