// The saved lists with their counts, newest first: each opens its page (its report and rows) by its name; each report
// group downloads from its count; compose or delete.
import { TextLink } from "@/components/ui/text-link";
import { RowAction } from "@/components/console/row-action";
import { Time } from "@/components/time/time";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState, Table, Td, Tr, numeric, ACTIONS } from "@/components/ui/table";
import type { ActionResult } from "@/lib/auth/action";
import type { SavedList } from "@/lib/lists/find-lists";
import type { ReportGroup } from "@/lib/lists/report-csv";
import { formatCount } from "@/lib/numbers/format";

/** A report group's count, linked to its CSV when it has lines. */
function GroupCount({ list, group, count }: { list: SavedList; group: ReportGroup; count: number }) {
  if (count === 0) return <>0</>;
  return (
    <a
      href={`/api/lists/${list.id}/report?group=${group}`}
      download
      className="text-sky-700 underline"
      aria-label={`Download the ${group} rows of ${list.name}`}
    >
      {formatCount(count)}
    </a>
  );
}

/** `deleteList`: the page's server action (components never import app/). */
export function SavedLists({
  lists,
  deleteList,
}: {
  lists: SavedList[];
  deleteList: (id: string) => Promise<ActionResult>;
}) {
  if (lists.length === 0) return <EmptyState>No saved lists yet. Upload a CSV or XLSX file above.</EmptyState>;
  return (
    <Table
      aria-label="Saved lists"
      columns={[
        "List",
        numeric("Recipients"),
        numeric("Invalid"),
        numeric("Duplicates"),
        numeric("Opted out"),
        "Placeholders",
        "Uploaded",
        ACTIONS,
      ]}
    >
      {lists.map((list) => (
        <Tr key={list.id}>
          <Td>
            <TextLink href={`/lists/${list.id}`} className="font-medium">
              {list.name}
            </TextLink>
            {list.name !== list.filename ? <span className="block text-xs text-slate-500">{list.filename}</span> : null}
          </Td>
          <Td numeric>{formatCount(list.validCount)}</Td>
          <Td numeric>
            <GroupCount list={list} group="invalid" count={list.invalidCount} />
          </Td>
          <Td numeric>
            <GroupCount list={list} group="duplicates" count={list.duplicateCount} />
          </Td>
          <Td numeric>
            <GroupCount list={list} group="opted-out" count={list.optedOutCount} />
          </Td>
          <Td className="font-mono text-xs">{list.columns.map((c) => `{{${c}}}`).join(" ")}</Td>
          <Td className="whitespace-nowrap">
            <Time at={list.createdAt} />
            {list.author ? ` · ${list.author}` : ""}
          </Td>
          <Td>
            <span className="flex items-center gap-2">
              <ButtonLink href={`/compose?list=${list.id}`} size="sm" aria-label={`Compose to ${list.name}`}>
                Compose
              </ButtonLink>
              <RowAction
                label="Delete"
                name={`Delete ${list.name}`}
                confirm={`Delete the list “${list.name}” and its ${formatCount(list.validCount)} recipients? It cannot be brought back; batches already sent from it keep their recipients and reports.`}
                confirmLabel="Delete the list"
                run={deleteList.bind(null, list.id)}
              />
            </span>
          </Td>
        </Tr>
      ))}
    </Table>
  );
}
