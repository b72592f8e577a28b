"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/auth/action";
import type { BatchDetail } from "@/lib/batches/get-batch";
import { STATE_COUNTERS } from "@/lib/batches/counters";
import { fetchJson } from "@/lib/http/fetch-json";
import { RecipientTable } from "./recipient-table";

type Actions = {
  pause: (id: string) => Promise<ActionResult>;
  resume: (id: string) => Promise<ActionResult>;
  cancel: (id: string) => Promise<ActionResult>;
  resend: (id: string, scope: { unknown: boolean; failed: boolean; noReceipt: boolean }) => Promise<ActionResult>;
};

const ACTIVE = new Set(["SCHEDULED", "QUEUED", "SENDING", "PAUSED"]);
const COLORS: Record<string, string> = {
  PENDING: "bg-slate-300", QUEUED: "bg-sky-400", DELIVERED: "bg-emerald-500", ANSWERED: "bg-emerald-600", FAILED: "bg-red-500",
  REJECTED: "bg-red-700", UNKNOWN: "bg-amber-400", CANCELLED: "bg-slate-500", SUPPRESSED: "bg-slate-400",
};

// JSON turns dates into strings on the way from the API.
type BatchJson = Omit<BatchDetail, "createdAt" | "startedAt" | "finishedAt" | "scheduledAt" | "updatedAt"> & Record<"createdAt" | "startedAt" | "finishedAt" | "scheduledAt" | "updatedAt", string | null>;

export function BatchLive({ initial, canSend, actions }: { initial: BatchJson; canSend: boolean; actions: Actions }) {
  const { data: batch = initial, error } = useQuery({
    queryKey: ["batch", initial.id],
    queryFn: () => fetchJson<BatchJson>(`/api/batches/${initial.id}`),
    initialData: initial,
    // Live while anything can still change: sending, or receipts still arriving.
    refetchInterval: (query) => (ACTIVE.has(query.state.data?.state ?? "") || (query.state.data?.queuedCount ?? 0) > 0 ? 2_000 : 15_000),
  });
  const [notice, setNotice] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const run = (work: () => Promise<ActionResult>) => startTransition(async () => setNotice(await work()));
  const total = batch.recipientCount || 1;
  const settled = batch.deliveredCount + batch.answeredCount + batch.failedCount + batch.rejectedCount + batch.cancelledCount + batch.suppressedCount;

  return (
    <div className="space-y-6">
      <section aria-label="Progress" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1">
          <p>
            State: <strong data-testid="batch-state">{batch.state.toLowerCase()}</strong>
          </p>
          <p>{batch.recipientCount.toLocaleString()} recipients</p>
          {batch.inFlight > 0 ? <p>{batch.inFlight.toLocaleString()} in flight</p> : null}
          <p>{batch.smsUnits.toLocaleString()} units charged</p>
          <p className="text-slate-500">{Math.round((settled / total) * 100)} % settled</p>
        </div>
        {batch.pauseReason ? <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">{batch.pauseReason}</p> : null}
        {batch.error ? <p className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800">{batch.error}</p> : null}
        {error ? <p className="mt-2 text-sm text-red-700">Live updates paused: {error.message}</p> : null}
        <div className="mt-4 flex h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden>
          {STATE_COUNTERS.map(({ state, field }) => (
            <div key={state} className={COLORS[state]} style={{ width: `${(batch[field] / total) * 100}%` }} />
          ))}
        </div>
        <dl className="mt-4 grid grid-cols-5 gap-3 text-sm">
          {STATE_COUNTERS.map(({ state, field, label }) => (
            <div key={state}>
              <dt className="text-slate-500">{label}</dt>
              <dd className="font-semibold tabular-nums" data-testid={`count-${state}`}>
                {batch[field].toLocaleString()}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {canSend ? (
        <section aria-label="Actions" className="flex flex-wrap items-center gap-3">
          {["SENDING", "QUEUED", "SCHEDULED"].includes(batch.state) ? (
            <button className="rounded-md border border-slate-300 px-3 py-1.5" disabled={pending} onClick={() => run(() => actions.pause(batch.id))}>
              Pause
            </button>
          ) : null}
          {batch.state === "PAUSED" ? (
            <button className="rounded-md border border-slate-300 px-3 py-1.5" disabled={pending} onClick={() => run(() => actions.resume(batch.id))}>
              Resume
            </button>
          ) : null}
          {ACTIVE.has(batch.state) ? (
            <button
              className="rounded-md border border-red-300 px-3 py-1.5 text-red-700"
              disabled={pending}
              onClick={() => window.confirm("Cancel everything not yet sent in this batch?") && run(() => actions.cancel(batch.id))}
            >
              Cancel
            </button>
          ) : null}
          {!ACTIVE.has(batch.state) && batch.unknownCount + batch.failedCount > 0 ? (
            <button
              className="rounded-md border border-slate-300 px-3 py-1.5"
              disabled={pending}
              onClick={() => run(() => actions.resend(batch.id, { unknown: true, failed: true, noReceipt: false }))}
            >
              Resend to {(batch.unknownCount + batch.failedCount).toLocaleString()} unknown or failed
            </button>
          ) : null}
          <p role="status" aria-live="polite" className={`text-sm ${notice?.ok === false ? "text-red-700" : "text-slate-600"}`}>
            {notice?.message}
          </p>
        </section>
      ) : null}

      <RecipientTable batchId={batch.id} live={ACTIVE.has(batch.state) || batch.queuedCount > 0} version={batch.updatedAt} />
    </div>
  );
}
