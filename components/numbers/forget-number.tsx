"use client";
// "Forget this number…" (issue 38 item 5), for administrators on the number's page: never on one click. It first
// asks the server what would go (the dry run, per kind), names it in the confirmation, requires a reason (kept in the
// audit log) and offers "never contact"; then it forgets the number (lib/number-story/erase-number.ts) and the page,
// refreshed, finds nothing.
import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/field";
import type { ActionResult } from "@/lib/auth/action";

export function ForgetNumber({
  phone,
  count,
  erase,
}: {
  phone: string;
  count: () => Promise<ActionResult>;
  erase: (reason: string, neverContact: boolean) => Promise<ActionResult>;
}) {
  const [what, setWhat] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [never, setNever] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const id = useId();

  const ask = () =>
    startTransition(async () => {
      const answer = await count();
      if (answer.ok) {
        setWhat(answer.message);
        setResult(null);
      } else setResult(answer);
    });
  const go = () =>
    startTransition(async () => {
      const answer = await erase(reason.trim(), never);
      setResult(answer);
      if (answer.ok) {
        setWhat(null);
        setReason("");
        router.refresh();
      }
    });

  if (what === null)
    return (
      <div className="space-y-2">
        <Button size="sm" variant="danger" disabled={pending} onClick={ask}>
          {pending ? "Counting…" : "Forget this number…"}
        </Button>
        <ActionNotice result={result} />
      </div>
    );
  return (
    <div
      role="group"
      aria-labelledby={`${id}-q`}
      className="max-w-xl space-y-3 rounded-md border border-red-200 bg-red-50 p-3"
    >
      <p id={`${id}-q`} className="text-sm text-red-900" data-testid="forget-counts">
        Forget {phone}? This removes its number and texts from {what}. Batch totals and reports stay as they are. It
        cannot be undone.
      </p>
      <div className="space-y-1">
        <label htmlFor={`${id}-why`} className="block text-xs font-medium text-slate-700">
          Why (kept in the audit log, without the number)
        </label>
        <Textarea
          id={`${id}-why`}
          value={reason}
          maxLength={500}
          rows={2}
          onChange={(e) => setReason(e.target.value)}
          className="text-sm"
        />
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={never} onChange={(e) => setNever(e.target.checked)} className="mt-1" />
        <span>
          Also never contact this number again: every batch will store it as suppressed. Only a keyed hash of it is
          kept, never the number.
        </span>
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="danger" disabled={pending || reason.trim() === ""} onClick={go}>
          {pending ? "Working…" : "Forget this number"}
        </Button>
        <Button size="sm" disabled={pending} onClick={() => setWhat(null)}>
          Cancel
        </Button>
      </div>
      <ActionNotice result={result} />
    </div>
  );
}
