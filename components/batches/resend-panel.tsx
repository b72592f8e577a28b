"use client";

// Resend, confirmed: what would be sent, by reason in plain words — outcome unknown, failed for a temporary reason
// (offered), failed for a permanent reason (left out unless chosen), no receipt past the age — what was already resent
// and where, and what is left out whatever is chosen: opted-out numbers, carrier blacklists among them. Then, for the
// scope chosen, a confirm step with the count and its SMS units, whose one button names the count. The server takes
// each recipient at most once whatever is clicked; this only says so before anyone clicks.
import { useEffect, useState, useTransition } from "react";
import { RowResult } from "@/components/console/row-action";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { ActionResult } from "@/lib/auth/action";
import type { ResendPreview } from "@/lib/batches/resend-preview";
import type { ResendCost } from "@/lib/batches/resend-units";
import {
  PERMANENT_FAILURE_CLASSES,
  TEMPORARY_FAILURE_CLASSES,
  type FailureClass,
} from "@/lib/receipts/failure-classes";
import { formatCount } from "@/lib/numbers/format";
import { byClass, ResendLeftOut } from "./resend-left-out";

export type ResendScope = { unknown: boolean; temporary: boolean; permanent: boolean; noReceipt: boolean };

type Props = {
  batchId: string;
  preview: (id: string) => Promise<ResendPreview | ActionResult>;
  units: (id: string, scope: ResendScope) => Promise<ResendCost | ActionResult>;
  resend: (id: string, scope: ResendScope) => Promise<ActionResult>;
};

const sum = (counts: Record<FailureClass, number>, classes: readonly FailureClass[]) =>
  classes.reduce((total, c) => total + counts[c], 0);

export function ResendPanel({ batchId, preview, units, resend }: Props) {
  const [open, setOpen] = useState(false);
  const [counts, setCounts] = useState<ResendPreview | null>(null);
  const [scope, setScope] = useState<ResendScope>({
    unknown: true,
    temporary: true,
    permanent: false,
    noReceipt: false,
  });
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  // The confirm step: the cost of exactly the scope chosen, asked of the server when the operator goes on.
  const [cost, setCost] = useState<ResendCost | null>(null);

  const load = () =>
    startTransition(async () => {
      const answer = await preview(batchId);
      if ("ok" in answer) setResult(answer);
      else {
        setCounts(answer);
        setOpen(true);
      }
    });

  // Arrived by Compose's duplicate-guard link (/batches/…#resend, components/compose/duplicate-fields.tsx): the
  // panel opens itself, as if Resend… had been pressed.
  useEffect(() => {
    if (window.location.hash === "#resend") load();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!open || !counts) {
    return (
      <>
        <Button id="resend" size="sm" disabled={pending} onClick={load}>
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
  const temporary = sum(counts.failed, TEMPORARY_FAILURE_CLASSES);
  const permanent = sum(counts.failed, PERMANENT_FAILURE_CLASSES);
  const total =
    (scope.unknown ? counts.unknown : 0) +
    (scope.temporary ? temporary : 0) +
    (scope.permanent ? permanent : 0) +
    (scope.noReceipt ? counts.noReceipt : 0);
  const chosen: ResendScope = {
    unknown: scope.unknown && counts.unknown > 0,
    temporary: scope.temporary && temporary > 0,
    permanent: scope.permanent && permanent > 0,
    noReceipt: scope.noReceipt && counts.noReceipt > 0,
  };
  const option = (key: keyof ResendScope, label: string, n: number, detail?: string) => (
    <label className="flex items-start gap-2">
      <input
        type="checkbox"
        className="mt-1"
        checked={scope[key] && n > 0}
        onChange={(e) => {
          setScope({ ...scope, [key]: e.target.checked });
          setCost(null);
        }}
        disabled={n === 0 || cost !== null}
      />
      <span>
        {label}: <strong className="tabular-nums">{formatCount(n)}</strong>
        {detail ? <span className="block text-xs text-slate-500">{detail}</span> : null}
      </span>
    </label>
  );

  return (
    <Card title="Resend to recipients without a delivery" className="w-full space-y-3 text-sm" aria-label="Resend">
      <p className="text-slate-600">
        A new batch, with new correlators. Each recipient is resent at most once; what happens next is tracked in the
        new batch.
      </p>
      <fieldset className="space-y-2">
        <legend className="sr-only">Who to resend to</legend>
        {option("unknown", "Outcome unknown (no answer from the provider)", counts.unknown)}
        {option(
          "temporary",
          "Failed for a temporary reason",
          temporary,
          byClass(counts.failed, TEMPORARY_FAILURE_CLASSES) || undefined,
        )}
        {option(
          "permanent",
          "Failed for a permanent reason (not offered: they fail again as they are)",
          permanent,
          byClass(counts.failed, PERMANENT_FAILURE_CLASSES) || undefined,
        )}
        {option("noReceipt", "Accepted but no receipt yet, past the no-receipt age", counts.noReceipt)}
      </fieldset>
      <ResendLeftOut counts={counts} scope={scope} temporary={temporary} permanent={permanent} />
      {cost ? (
        <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="resend-confirm">
          <p>
            <strong className="tabular-nums">{formatCount(cost.recipients)}</strong>{" "}
            {cost.kind === "SMS" ? "text messages" : "calls"} in a new batch, sent now from the same sender
            {cost.kind === "SMS" ? (
              <>
                {": "}
                <strong className="tabular-nums" data-testid="resend-units">
                  {formatCount(cost.units)} SMS units
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
              onClick={() => startTransition(async () => setResult(await resend(batchId, chosen)))}
            >
              {cost.kind === "SMS"
                ? `Resend ${formatCount(cost.recipients)} text message${cost.recipients === 1 ? "" : "s"}`
                : `Call ${formatCount(cost.recipients)} number${cost.recipients === 1 ? "" : "s"} again`}
            </Button>
            <Button size="sm" disabled={pending} onClick={() => setCost(null)}>
              Back
            </Button>
          </>
        ) : (
          <Button
            variant="primary"
            size="sm"
            disabled={pending || total === 0}
            onClick={() =>
              startTransition(async () => {
                const answer = await units(batchId, chosen);
                if ("ok" in answer) setResult(answer);
                else {
                  setResult(null);
                  setCost(answer);
                }
              })
            }
          >
            Review the resend to {formatCount(total)}…
          </Button>
        )}
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
        <RowResult result={result} />
      </div>
    </Card>
  );
}
