"use client";
// One button in a table row that runs a server action (delete a list or a template, remove an opt-out) — never on one
// click: it first says what will happen, in a sentence of its own per use, and asks again (with a reason, where the
// audit keeps one). Then it says what came of it.
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { Input } from "@/components/ui/field";
import type { ActionResult } from "@/lib/auth/action";

export type RowActionProps = {
  /** The button's text ("Delete"), and its accessible name with what it acts on ("Delete customers.csv"). */
  label: string;
  name: string;
  /** What will happen, asked before anything is done: "Delete the list “customers.csv”? …". */
  confirm: string;
  /** The second button's text ("Delete the list"). */
  confirmLabel: string;
  /** When set, a reason is required and passed to `run` (it goes into the audit log). */
  reason?: { label: string };
  run: (reason?: string) => Promise<ActionResult>;
};

export function RowAction({ label, name, confirm, confirmLabel, reason, run }: RowActionProps) {
  const [asking, setAsking] = useState(false);
  const [why, setWhy] = useState("");
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (asking) (input.current ?? button.current)?.focus();
  }, [asking]);
  const go = () =>
    startTransition(async () => {
      const answer = await (reason ? run(why.trim()) : run());
      setResult(answer);
      if (answer.ok) setAsking(false);
    });

  if (!asking) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Button size="sm" variant="danger" aria-label={name} onClick={() => setAsking(true)}>
          {label}
        </Button>
        <Outcome result={result} />
      </span>
    );
  }
  return (
    <div
      role="group"
      aria-labelledby={`${id}-q`}
      className="max-w-md space-y-2 rounded-md border border-red-200 bg-red-50 p-2"
    >
      <p id={`${id}-q`} className="text-sm text-red-900">
        {confirm}
      </p>
      {reason ? (
        <div className="space-y-1">
          <label htmlFor={`${id}-why`} className="block text-xs font-medium text-slate-700">
            {reason.label}
          </label>
          <Input
            id={`${id}-why`}
            ref={input}
            value={why}
            maxLength={200}
            onChange={(e) => setWhy(e.target.value)}
            className="py-1 text-sm"
          />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          ref={button}
          size="sm"
          variant="danger"
          disabled={pending || (reason !== undefined && why.trim() === "")}
          onClick={go}
        >
          {pending ? "Working…" : confirmLabel}
        </Button>
        <Button size="sm" disabled={pending} onClick={() => setAsking(false)}>
          Cancel
        </Button>
        <Outcome result={result} />
      </div>
    </div>
  );
}

function Outcome({ result }: { result: ActionResult | null }) {
  if (!result || result.ok) return null;
  return (
    <span role="alert" className="text-sm text-red-700">
      {result.message}
    </span>
  );
}

/** What a row's action answered, beside its buttons: a status when it worked, an alert when it did not. */
export function RowResult({ result, className }: { result: ActionResult | null; className?: string }) {
  if (!result) return null;
  return (
    <p role={result.ok ? "status" : "alert"} className={cx(className, result.ok ? "text-emerald-800" : "text-red-700")}>
      {result.message}
    </p>
  );
}
