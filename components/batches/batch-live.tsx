"use client";

// A batch's page below its header, live (use-live-batch.ts): its progress and counters, the operator's actions
// (pause, resume, cancel, resend), its report, and its recipients.
import { useState, useTransition, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { Progress } from "@/components/ui/progress";
import { Time } from "@/components/time/time";
import { STATE_COLORS } from "@/components/ui/state-colors";
import type { ActionResult } from "@/lib/auth/action";
import { STATE_COUNTERS } from "@/lib/batches/counters";
import { isActiveBatch, isPausableBatch, XLSX_MAX_ROWS } from "@/lib/states/states";
import type { ResendPreview } from "@/lib/batches/resend-preview";
import type { ResendCost } from "@/lib/batches/resend-units";
import { formatCount, formatDuration } from "@/lib/numbers/format";
import { RecipientTable } from "./recipient-table";
import { EscalationFunnel } from "./escalation-funnel";
import { PhaseBadge } from "./phase-badge";
import { UnmappedNotice } from "./unmapped-notice";
import { ResendPanel, type ResendScope } from "./resend-panel";
import { BatchCounters } from "./batch-counters";
import { useLiveBatch, type BatchJson } from "./use-live-batch";

type Actions = {
  pause: (id: string) => Promise<ActionResult>;
  resume: (id: string) => Promise<ActionResult>;
  cancel: (id: string) => Promise<ActionResult>;
  resend: (id: string, scope: ResendScope) => Promise<ActionResult>;
  resendPreview: (id: string) => Promise<ResendPreview | ActionResult>;
  resendUnits: (id: string, scope: ResendScope) => Promise<ResendCost | ActionResult>;
};

/** `report`: the delivery report, shown between the actions and the recipients. */
export function BatchLive({
  initial,
  canSend,
  canExport = true,
  actions,
  report,
}: {
  initial: BatchJson;
  canSend: boolean;
  /** May download recipients (lib/auth/permissions.ts canExport). */
  canExport?: boolean;
  actions: Actions;
  report?: ReactNode;
}) {
  const { batch, error, refetch, rate } = useLiveBatch(initial);
  const [notice, setNotice] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  // After an action the state is read again at once: the badge changes in place, without a reload or a poll's wait.
  const run = (work: () => Promise<ActionResult>) =>
    startTransition(async () => {
      setNotice(await work());
      await refetch();
    });
  const total = batch.recipientCount || 1;
  const settled =
    batch.deliveredCount +
    batch.answeredCount +
    batch.failedCount +
    batch.rejectedCount +
    batch.cancelledCount +
    batch.suppressedCount;
  const active = isActiveBatch(batch.state);
  // An SMS is never "answered": an escalating SMS batch shows who its calls reached instead (issue 35), from the same
  // snapshot as the funnel above it.
  const escalating = batch.kind === "SMS" && batch.escalateAfterMinutes !== null;
  const counters = STATE_COUNTERS.filter(({ state }) => !(escalating && state === "ANSWERED"));

  return (
    <div className="space-y-6">
      <EscalationFunnel batch={batch} />
      <Card aria-label="Progress">
        <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1">
          <p>
            State: <PhaseBadge phase={batch.phase} testId="batch-state" />
          </p>
          <p>{formatCount(batch.recipientCount)} recipients</p>
          {batch.inFlight > 0 ? <p>{formatCount(batch.inFlight)} in flight</p> : null}
          <p>{formatCount(batch.smsUnits)} units charged</p>
          <p className="text-slate-500">{Math.round((settled / total) * 100)} % settled</p>
        </div>
        {batch.state === "SENDING" ? (
          <SendRate perSecond={rate.perSecond} eta={rate.etaSeconds(batch.pendingCount)} storing={batch.storing} />
        ) : null}
        <Notice tone="warning" className="mt-2">
          {batch.pauseReason}
        </Notice>
        {batch.promotionalWait ? (
          <div data-testid="promotional-wait">
            <Notice className="mt-2">{batch.promotionalWait}</Notice>
          </div>
        ) : null}
        <Notice tone="error" className="mt-2">
          {batch.error}
        </Notice>
        {batch.senderProblem ? (
          <Notice tone="warning" className="mt-2">
            The network refused the sender ID “{batch.senderProblem.sender}” ({batch.senderProblem.status}) for{" "}
            {formatCount(batch.senderProblem.messages)} message(s) sent through this account: have it registered with
            the provider (or use another) before sending again. An administrator clears this warning on the Settings
            page.
          </Notice>
        ) : null}
        <UnmappedNotice statuses={batch.unmappedStatuses} />
        {error ? <p className="mt-2 text-sm text-red-700">Live updates paused: {error.message}</p> : null}
        <Progress
          className="mt-4"
          label={`Recipients by state: ${Math.round((settled / total) * 100)} % settled`}
          total={total}
          segments={counters.map(({ state, field, label }) => ({
            key: state,
            value: batch[field],
            className: STATE_COLORS[state].bar,
            label,
          }))}
        />
        <BatchCounters batch={batch} counters={counters} escalating={escalating} />
      </Card>

      {canSend ? (
        <section aria-label="Actions" className="flex flex-wrap items-center gap-3">
          {isPausableBatch(batch.state) ? (
            <Button size="sm" disabled={pending} onClick={() => run(() => actions.pause(batch.id))}>
              Pause
            </Button>
          ) : null}
          {batch.state === "PAUSED" ? (
            <Button size="sm" disabled={pending} onClick={() => run(() => actions.resume(batch.id))}>
              Resume
            </Button>
          ) : null}
          {active ? (
            <Button
              size="sm"
              variant="danger"
              disabled={pending}
              onClick={() =>
                window.confirm("Cancel everything not yet sent in this batch?") && run(() => actions.cancel(batch.id))
              }
            >
              Cancel
            </Button>
          ) : null}
          {!active &&
          !batch.recipientsRemovedBefore &&
          batch.unknownCount + batch.failedCount + batch.queuedCount > 0 ? (
            <ResendPanel
              batchId={batch.id}
              preview={actions.resendPreview}
              units={actions.resendUnits}
              resend={actions.resend}
            />
          ) : null}
          <p
            role="status"
            aria-live="polite"
            className={`text-sm ${notice?.ok === false ? "text-red-700" : "text-slate-600"}`}
          >
            {notice?.message}
          </p>
        </section>
      ) : null}

      {report}

      {batch.recipientsRemovedBefore ? (
        <div data-testid="retention-notice">
          <Notice>
            Recipients stored before <Time at={batch.recipientsRemovedBefore} /> were removed under the data retention
            {batch.retentionMonths > 0 ? ` (${batch.retentionMonths} months)` : ""}. The counts above still include
            them; the list, search and export below show only the recipients kept, and the batch cannot be resent.
          </Notice>
        </div>
      ) : null}

      <RecipientTable
        batchId={batch.id}
        live={active || batch.queuedCount > 0}
        version={batch.updatedAt}
        xlsx={batch.recipientCount <= XLSX_MAX_ROWS}
        canExport={canExport}
        list={batch.list ? { columns: batch.list.columns, phoneColumn: batch.list.phoneColumn } : null}
        variants={batch.variants}
      />
    </div>
  );
}

function SendRate({ perSecond, eta, storing }: { perSecond: number | null; eta: number | null; storing: boolean }) {
  return (
    <p className="mt-2 text-sm text-slate-600" data-testid="send-rate">
      {perSecond === null ? (
        "Measuring the send rate…"
      ) : (
        <>
          Sending {formatCount(Math.round(perSecond))} messages/s
          {eta !== null
            ? ` · about ${formatDuration(eta)} left${storing ? " for the recipients stored so far" : ""}`
            : ""}
        </>
      )}
    </p>
  );
}
