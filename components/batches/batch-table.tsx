import Link from "next/link";
import { Time } from "@/components/time/time";
import { EmptyState, Table, Td, THead, Th, Tr } from "@/components/ui/table";
import type { BatchListItem } from "@/lib/batches/list-batches";
import { PhaseBadge } from "./phase-badge";

export function BatchTable({ batches }: { batches: BatchListItem[] }) {
  if (batches.length === 0) return <EmptyState>No batches yet. Compose a message to send the first one.</EmptyState>;
  return (
    <Table>
      <THead>
        <Th>Batch</Th>
        <Th>Kind</Th>
        <Th>State</Th>
        <Th numeric>Recipients</Th>
        <Th numeric>Delivered</Th>
        <Th numeric>Failed</Th>
        <Th>Created</Th>
      </THead>
      <tbody>
        {batches.map((batch) => (
          <Tr key={batch.id}>
            <Td>
              <Link href={`/batches/${batch.id}`} className="text-sky-700 underline">
                {batch.name}
              </Link>
            </Td>
            <Td>{batch.kind}</Td>
            <Td>
              <PhaseBadge phase={batch.phase} />
            </Td>
            <Td numeric>{batch.recipientCount.toLocaleString()}</Td>
            <Td numeric>{(batch.deliveredCount + batch.answeredCount).toLocaleString()}</Td>
            <Td numeric>{(batch.failedCount + batch.rejectedCount).toLocaleString()}</Td>
            <Td className="whitespace-nowrap text-slate-600">
              <Time at={batch.createdAt} />
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
