"use client";

// Resend, confirmed: what would be sent (by reason), what was already resent and where, what is opted out. The
// server takes each recipient at most once whatever is clicked; this only says so before anyone clicks.
import Link from "next/link";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { ActionResult } from "@/lib/auth/action";
import type { ResendPreview } from "@/lib/batches/resend-preview";

export type ResendScope = { unknown: boolean; failed: boolean; noReceipt: boolean };

type Props = {
  batchId: string;
  preview: (id: string) => Promise<ResendPreview | ActionResult>;
  resend: (id: string, scope: ResendScope) => Promise<ActionResult>;
};

export function ResendPanel({ batchId, preview, resend }: Props) {
  const [open, setOpen] = useState(false);
  const [counts, setCounts] = useState<ResendPreview | null>(null);
  const [scope, setScope] = useState<ResendScope>({ unknown: true, failed: true, noReceipt: false });
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();

  const load = () =>
    startTransition(async () => {
      const answer = await preview(batchId);
      if ("ok" in answer) setResult(answer);
      else {
        setCounts(answer);
        setOpen(true);
      }
    });
  const total = counts
    ? (scope.unknown ? counts.unknown : 0) +
      (scope.failed ? counts.failed : 0) +
      (scope.noReceipt ? counts.noReceipt : 0)
    : 0;
  const option = (key: keyof ResendScope, label: string, n: number) => (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        checked={scope[key]}
        onChange={(e) => setScope({ ...scope, [key]: e.target.checked })}
        disabled={n === 0}
      />
      {label}: <strong className="tabular-nums">{n.toLocaleString()}</strong>
    </label>
  );

  if (!open || !counts) {
    return (
      <>
        <Button size="sm" disabled={pending} onClick={load}>
          Resend…
        </Button>
        {result && !result.ok ? (
          <p role="alert" className="text-sm text-red-700">
            {result.message}
          </p>
        ) : null}
      </>
    );
  }
  return (
    <Card title="Resend to recipients without a delivery" className="w-full space-y-3 text-sm" aria-label="Resend">
      <p className="text-slate-600">
        A new batch, with new correlators. Each recipient is resent at most once; what happens next is tracked in the
        new batch.
      </p>
      <fieldset className="space-y-1">
        <legend className="sr-only">Who to resend to</legend>
        {option("unknown", "Outcome unknown (no answer from the provider)", counts.unknown)}
        {option("failed", "Failed (the provider reported a failed delivery)", counts.failed)}
        {option("noReceipt", "Accepted but no receipt yet, past the no-receipt age", counts.noReceipt)}
      </fieldset>
      {counts.alreadyResent > 0 ? (
        <p>
          {counts.alreadyResent.toLocaleString()} already resent, not taken again:{" "}
          {counts.children.map((child, i) => (
            <span key={child.id}>
              {i > 0 ? ", " : ""}
              <Link href={`/batches/${child.id}`} className="text-sky-700 underline">
                {child.name}
              </Link>{" "}
              ({child.recipientCount.toLocaleString()}, {child.state.toLowerCase()})
            </span>
          ))}
        </p>
      ) : null}
      {counts.optedOut > 0 ? <p>{counts.optedOut.toLocaleString()} opted out since: left out.</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="primary"
          size="sm"
          disabled={pending || total === 0}
          onClick={() => startTransition(async () => setResult(await resend(batchId, scope)))}
        >
          Resend to {total.toLocaleString()}
        </Button>
        <Button size="sm" disabled={pending} onClick={() => setOpen(false)}>
          Close
        </Button>
        {result ? (
          <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-emerald-800" : "text-red-700"}>
            {result.message}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
