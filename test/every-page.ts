// Every page of a list read page by page (a cursor naming where the next page starts), for the tests that a walk
// across pages skips and repeats nothing.

/** The pages `read` gives, from the first (no cursor) to the one naming no next; a walk that never ends fails. */
export async function everyPage<P extends { next?: string | null }>(read: (cursor?: string) => Promise<P>) {
  const pages: P[] = [];
  let cursor: string | undefined;
  while (pages.length < 1_000) {
    const page = await read(cursor);
    pages.push(page);
    if (!page.next) return pages;
    cursor = page.next;
  }
  throw new Error("The pages never end: 1,000 read, and still a next.");
}
