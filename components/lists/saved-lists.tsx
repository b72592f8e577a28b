// The saved lists with their counts, newest first.
import { ButtonLink } from "@/components/ui/button";
import { EmptyState, Table, Td, Th, THead, Tr } from "@/components/ui/table";
import type { SavedList } from "@/lib/recipients/list-uploads";

export function SavedLists({ lists }: { lists: SavedList[] }) {
  if (lists.length === 0) return <EmptyState>No saved lists yet. Upload a CSV or XLSX file above.</EmptyState>;
  return (
    <Table aria-label="Saved lists">
      <THead>
        <Th>File</Th>
        <Th numeric>Recipients</Th>
        <Th numeric>Invalid</Th>
        <Th numeric>Duplicates</Th>
        <Th numeric>Opted out</Th>
        <Th>Placeholders</Th>
        <Th>Uploaded</Th>
        <Th>
          <span className="sr-only">Compose</span>
        </Th>
      </THead>
      <tbody>
        {lists.map((list) => (
          <Tr key={list.id}>
            <Td>{list.filename}</Td>
            <Td numeric>{list.validCount.toLocaleString()}</Td>
            <Td numeric>{list.invalidCount.toLocaleString()}</Td>
            <Td numeric>{list.duplicateCount.toLocaleString()}</Td>
            <Td numeric>{list.optedOutCount.toLocaleString()}</Td>
            <Td className="font-mono text-xs">{list.columns.map((c) => `{{${c}}}`).join(" ")}</Td>
            <Td className="whitespace-nowrap">
              {list.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC{list.author ? ` · ${list.author}` : ""}
            </Td>
            <Td>
              <ButtonLink href={`/compose?list=${list.id}`} size="sm" aria-label={`Compose to ${list.filename}`}>
                Compose
              </ButtonLink>
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
