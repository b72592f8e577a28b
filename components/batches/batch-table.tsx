// The batches as a table on a wide screen and as cards on a phone, where a table's Delivered and Failed columns would
// sit off-screen in a side-scrolling box with no cue (issue 19): the key figures are what a phone must show at once.
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/components/time/time";
import { EmptyState, Table, Td, Tr, numeric } from "@/components/ui/table";
import type { BatchListItem } from "@/lib/batches/list-batches";
import { PhaseBadge } from "./phase-badge";
import { formatCount } from "@/lib/numbers/format";

const figures = (batch: BatchListItem) => [
  { label: "Recipients", value: batch.recipientCount },
  { label: "Delivered", value: batch.deliveredCount + batch.answeredCount },
  { label: "Failed", value: batch.failedCount + batch.rejectedCount },
];

export function BatchTable({ batches }: { batches: BatchListItem[] }) {
  if (batches.length === 0) return <EmptyState>No batches yet. Compose a message to send the first one.</EmptyState>;
  return (
    <>
      <div className="hidden sm:block">
        <Table
          columns={[
            "Batch",
            "Kind",
            "State",
            numeric("Recipients"),
            numeric("Delivered"),
            numeric("Failed"),
            "Starts",
            "Created",
          ]}
        >
          {batches.map((batch) => (
            <Tr key={batch.id}>
              <Td>
                <TextLink href={`/batches/${batch.id}`}>{batch.name}</TextLink>
              </Td>
              <Td>{batch.kind}</Td>
              <Td>
                <PhaseBadge phase={batch.phase} />
              </Td>
              {figures(batch).map(({ label, value }) => (
                <Td key={label} numeric>
                  {formatCount(value)}
                </Td>
              ))}
              <Td className="whitespace-nowrap text-slate-600">
                <Starts batch={batch} />
              </Td>
              <Td className="whitespace-nowrap text-slate-600">
                <Time at={batch.createdAt} />
              </Td>
            </Tr>
          ))}
        </Table>
      </div>
      <ul className="space-y-3 sm:hidden" aria-label="Batches">
        {batches.map((batch) => (
          <li key={batch.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <TextLink href={`/batches/${batch.id}`} className="min-w-0 break-words font-medium">
                {batch.name}
              </TextLink>
              <PhaseBadge phase={batch.phase} />
            </div>
            <p className="mt-1 text-xs text-slate-500">
              {batch.kind} · <Time at={batch.createdAt} /> · starts <Starts batch={batch} />
            </p>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm" data-testid="batch-figures">
              {figures(batch).map(({ label, value }) => (
                <div key={label}>
                  <dt className="text-xs text-slate-500">{label}</dt>
                  <dd className="font-semibold tabular-nums">{formatCount(value)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** When the batch starts (issue 35): when it began sending, or the time it is scheduled for, or not yet. */
function Starts({ batch }: { batch: BatchListItem }) {
  if (batch.startedAt) return <Time at={batch.startedAt} />;
  if (batch.scheduledAt)
    return (
      <>
        scheduled, <Time at={batch.scheduledAt} />
      </>
    );
  return <>not yet</>;
}
