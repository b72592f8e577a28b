// The Receipts page's section of statuses Tuma does not know: what mapping one does, the ones a batch page or the
// Overview pointed to (?status=a,b: components/batches/unmapped-notice.tsx) or all of them, each with its form, and
// the ones already mapped.
import { TextLink } from "@/components/ui/text-link";
import type { FormAction } from "@/components/ui/use-action-form";
import { formatCount } from "@/lib/numbers/format";
import type { SeenStatus } from "@/lib/reports/receipt-statuses";
import { formatDateTime } from "@/lib/time/format";
import { MappedStatuses } from "./mapped-statuses";
import { UnknownStatuses } from "./unknown-statuses";

export function UnknownStatusesSection({
  statuses,
  only,
  timeZone,
  mapStatus,
}: {
  statuses: { unmapped: SeenStatus[]; mapped: SeenStatus[] };
  /** The statuses pointed to, comma-separated; undefined: all. */
  only: string | undefined;
  timeZone: string;
  mapStatus: FormAction;
}) {
  const pointed = only === undefined ? null : new Set(only.split(","));
  const shown = pointed ? statuses.unmapped.filter((s) => pointed.has(s.status)) : statuses.unmapped;
  return (
    <section aria-label="Unknown statuses" id="unknown-statuses" className="scroll-mt-4 space-y-3">
      <h2 className="text-lg font-semibold">Statuses Tuma does not know</h2>
      <p className="text-sm text-slate-600">
        A message with such a status is kept as still on its way, so it never ends. Say what the status means: it
        applies at once to the messages holding it (their counters and reports follow) and to every later receipt. A
        mapping is recorded in the audit log and cannot be changed afterwards.
      </p>
      {pointed ? (
        <p className="text-sm" data-testid="status-filter">
          Showing {formatCount(shown.length)} of {formatCount(statuses.unmapped.length)} unknown statuses (the ones a
          batch pointed to). <TextLink href="/receipts#unknown-statuses">Show all</TextLink>
        </p>
      ) : null}
      <UnknownStatuses
        action={mapStatus}
        rows={shown.map((s) => ({
          status: s.status,
          receipts: s.receipts,
          seen: [formatDateTime(s.firstSeenAt, timeZone), formatDateTime(s.lastSeenAt, timeZone)],
          examples: s.examples,
          waiting: s.waiting,
        }))}
      />
      <MappedStatuses mapped={statuses.mapped} />
    </section>
  );
}
