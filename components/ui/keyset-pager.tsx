// The links under a keyset-paged table: back to the first page when this is not it, and on to the next page when
// there is one. Keyset pages have no numbers and no "last" (each page starts after the previous one's last row), so
// these two are all a reader can follow; the labels say which way the pages go (Newest/Older, First/Next).
import { ButtonLink } from "./button";

export function KeysetPager({
  first,
  next,
  labels = { first: "Newest", next: "Older" },
}: {
  /** The first page's address, or null on the first page. */
  first: string | null;
  /** The next page's address, or null on the last page. */
  next: string | null;
  labels?: { first: string; next: string };
}) {
  if (first === null && next === null) return null;
  return (
    <div className="flex gap-2">
      {first !== null ? (
        <ButtonLink href={first} size="sm">
          {labels.first}
        </ButtonLink>
      ) : null}
      {next !== null ? (
        <ButtonLink href={next} size="sm">
          {labels.next}
        </ButtonLink>
      ) : null}
    </div>
  );
}
