// One batch as its page shows it: settings, state, counters, what is in flight, where it stands in the operator's
// words (phase.ts: sending, waiting for receipts, finished), and whether the network refused its sender ID.
// The counters, the escalation's calls and "reached" come from one snapshot (counters-snapshot.ts), taken after the
// settings' read so they are never older than it: the page computes its counters, funnel and reach from them alone.
import "server-only";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { uuidParam } from "@/lib/http/params";
import { batchPlan } from "./batch-plan";
import { countersSnapshot, reachedCount } from "./counters-snapshot";
import { unmappedInBatches, unmappedTotal } from "@/lib/receipts/unmapped-in-batch";
import { batchPhase } from "./phase";
import { chunkState } from "@/lib/states/state-sql";
import { isActiveBatch } from "@/lib/states/states";
import { isInsideWindow, minuteLabel, nextWindowOpen } from "@/lib/compose/promotional-window";
import { getPromotionalWindow } from "@/lib/organisation/promotional-window";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { formatDateTime, zoneLabel } from "@/lib/time/format";
import { recipientsRemovedBefore } from "@/lib/history/removed-before";

export async function getBatch(id: string) {
  if (!uuidParam.safeParse(id).success) return null;
  const batch = await db.batch.findUnique({
    where: { id },
    include: {
      author: { select: { name: true } },
      account: { select: { name: true, batchSizeLimit: true, requestsPerSecond: true } },
      parent: { select: { id: true, name: true } },
      // SMS → voice escalation (docs/escalation.md): the SMS batch a calls' batch is for, and an SMS batch's calls.
      escalates: { select: { id: true, name: true } },
      list: { select: { id: true, filename: true, columns: true, phoneColumn: true } },
    },
  });
  if (!batch) return null;
  const sender = batch.sender ?? batch.originator ?? "";
  const [{ rows }, senderProblem, removedBefore, snapshot, unmapped] = await Promise.all([
    pool().query<{ in_flight: string }>(
      `SELECT COALESCE(sum(size), 0) AS in_flight FROM "DispatchChunk" WHERE "batchId" = $1 AND state = ${chunkState("SUBMITTING")}`,
      [id],
    ),
    db.senderIdProblem.findUnique({
      where: { accountId_sender: { accountId: batch.accountId, sender } },
      select: { sender: true, status: true, messages: true, lastSeenAt: true },
    }),
    recipientsRemovedBefore(id),
    countersSnapshot(id),
    unmappedInBatches([id]),
  ]);
  const { calls, ...counters } = snapshot ?? { ...batch, calls: null };
  const unmappedStatuses = unmapped.get(id) ?? [];
  const live = { ...batch, ...counters };
  const wait = batch.promotional && isActiveBatch(batch.state) ? await promotionalWait() : null;
  const phase = batchPhase(
    {
      ...live,
      callsOpen: calls ? calls.pendingCount + calls.queuedCount : 0,
      unmappedReceipts: unmappedTotal(unmappedStatuses),
    },
    env().NO_RECEIPT_AFTER_HOURS,
  );
  return {
    ...live,
    /** The escalation's calls' batch, its counters from the same snapshot. */
    escalationChild: calls,
    reached: reachedCount(live),
    /** Messages whose receipt's status nobody has mapped (lib/receipts/unmapped-in-batch.ts), per status. */
    unmappedStatuses,
    promotionalWait: wait,
    inFlight: Number(rows[0]?.in_flight ?? 0),
    // A promotional batch the window holds back sends nothing: its badge says it waits, not "sending" beside the
    // sentence saying it waits (issue 35). Paused and scheduled keep their own words.
    phase:
      wait && (phase.key === "sending" || phase.key === "queued")
        ? { ...phase, label: "waiting for the window", tone: "warning" as const }
        : phase,
    plan: batchPlan(batch, batch.account),
    senderProblem,
    /** Retention removed the recipients stored before this instant (lib/history/removed-before.ts); counters keep them. */
    recipientsRemovedBefore: removedBefore,
    retentionMonths: env().RETENTION_MONTHS,
  };
}

export type BatchDetail = NonNullable<Awaited<ReturnType<typeof getBatch>>>;

/**
 * A promotional batch outside the organisation's window waits (lib/batches/promotional-window-sql.ts): said apart
 * from an operator's pause, with the time it goes on. Null inside the window.
 */
async function promotionalWait(): Promise<string | null> {
  const [window, zone] = await Promise.all([getPromotionalWindow(), getOrgTimeZone()]);
  const now = new Date();
  if (isInsideWindow(now, window, zone)) return null;
  const hours = `${minuteLabel(window.startMinute)}–${minuteLabel(window.endMinute)} ${zoneLabel(zone)}`;
  return `Promotional: sends only ${hours}. Waiting for the window; it goes on at ${formatDateTime(nextWindowOpen(now, window, zone), zone)} (${zone}).`;
}
