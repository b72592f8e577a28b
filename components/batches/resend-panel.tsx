"use client";

// Resend, confirmed: what would be sent (by reason), what was already resent and where, what is opted out — then, for
// the scope chosen, a confirm step with the count and its SMS units, whose one button names the count. The server
// takes each recipient at most once whatever is clicked; this only says so before anyone clicks.
import Link from "next/link";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { ActionResult } from "@/lib/auth/action";
import type { ResendPreview } from "@/lib/batches/resend-preview";
import type { ResendCost } from "@/lib/batches/resend-units";

export type ResendScope = { unknown: boolean; failed: boolean; noReceipt: boolean };

type Props = {
  batchId: string;
  preview: (id: string) => Promise<ResendPreview | ActionResult>;
  units: (id: string, scope: ResendScope) => Promise<ResendCost | ActionResult>;
  resend: (id: string, scope: ResendScope) => Promise<ActionResult>;
};

export function ResendPanel({ batchId, preview, units, resend }: Props) {
  const [open, setOpen] = useState(false);
  const [counts, setCounts] = useState<ResendPreview | null>(null);
  const [scope, setScope] = useState<ResendScope>({ unknown: true, failed: true, noReceipt: false });
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  // The confirm step: the cost of exactly the scope chosen, asked of the server when the operator goes on.
  const [cost, setCost] = useState<ResendCost | null>(null);
  const review = () =>
    startTransition(async () => {
      const answer = await units(batchId, scope);
      if ("ok" in answer) setResult(answer);
      else {
        setResult(null);
        setCost(answer);
      }
    });

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
        onChange={(e) => {
          setScope({ ...scope, [key]: e.target.checked });
          setCost(null);
        }}
        disabled={n === 0 || cost !== null}
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
      {cost ? (
        <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="resend-confirm">
          <p>
            <strong className="tabular-nums">{cost.recipients.toLocaleString("en")}</strong>{" "}
            {cost.kind === "SMS" ? "text messages" : "calls"} in a new batch, sent now from the same sender
            {cost.kind === "SMS" ? (
              <>
                {": "}
                <strong className="tabular-nums" data-testid="resend-units">
                  {cost.units.toLocaleString("en")} SMS units
                </strong>
              </>
            ) : null}
            .
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {cost ? (
          <>
            <Button
              variant="primary"
              size="sm"
              disabled={pending || cost.recipients === 0}
              onClick={() => startTransition(async () => setResult(await resend(batchId, scope)))}
            >
              {cost.kind === "SMS"
                ? `Resend ${cost.recipients.toLocaleString("en")} text message${cost.recipients === 1 ? "" : "s"}`
                : `Call ${cost.recipients.toLocaleString("en")} number${cost.recipients === 1 ? "" : "s"} again`}
            </Button>
            <Button size="sm" disabled={pending} onClick={() => setCost(null)}>
              Back
            </Button>
          </>
        ) : (
          <Button variant="primary" size="sm" disabled={pending || total === 0} onClick={review}>
            Review the resend to {total.toLocaleString("en")}…
          </Button>
        )}{" "}
        <Button
          size="sm"
          disabled={pending}
          onClick={() => {
            setOpen(false);
            setCost(null);
          }}
        >
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
