// A saved list's rows as a table whose columns are the list's own (the row number in the file first), a page at a
// time, with First / Previous / Next / Last links that carry the keyset in the URL (lib/lists/list-page.ts).
import { TextLink } from "@/components/ui/text-link";
import { Table, Td, Tr, numeric } from "@/components/ui/table";
import type { ListPage } from "@/lib/lists/list-page";
import { formatCount } from "@/lib/numbers/format";

export function ListRows({ listId, columns, page }: { listId: string; columns: string[]; page: ListPage }) {
  const first = page.rows[0]?.row;
  const last = page.rows.at(-1)?.row;
  const link = (query: string) => `/lists/${listId}${query}`;
  return (
    <div className="space-y-3">
      <Table
        aria-label="Rows of the list"
        columns={[numeric("Row"), ...columns]}
        empty={
          page.rows.length === 0 &&
          (page.hasPrevious || page.hasNext ? "No rows here." : "This list has no valid rows.")
        }
      >
        {page.rows.map((row) => (
          <Tr key={row.row}>
            <Td numeric>{formatCount(row.row)}</Td>
            {columns.map((column, i) => (
              <Td key={column} className="whitespace-nowrap">
                {row.values[i] ?? ""}
              </Td>
            ))}
          </Tr>
        ))}
      </Table>
      <nav aria-label="Pages of the list" className="flex flex-wrap items-center gap-3 text-sm">
        {first !== undefined ? (
          <span data-testid="list-page-range">
            Rows {formatCount(first)}–{formatCount(last!)}
          </span>
        ) : null}
        <PageLink href={link("")} enabled={page.hasPrevious}>
          First
        </PageLink>
        <PageLink href={link(`?before=${first}`)} enabled={page.hasPrevious && first !== undefined}>
          Previous
        </PageLink>
        <PageLink href={link(`?after=${last}`)} enabled={page.hasNext && last !== undefined}>
          Next
        </PageLink>
        <PageLink href={link("?page=last")} enabled={page.hasNext}>
          Last
        </PageLink>
      </nav>
    </div>
  );
}

function PageLink({ href, enabled, children }: { href: string; enabled: boolean; children: string }) {
  if (!enabled)
    return (
      <span aria-disabled="true" className="text-slate-400">
        {children}
      </span>
    );
  return <TextLink href={href}>{children}</TextLink>;
}
