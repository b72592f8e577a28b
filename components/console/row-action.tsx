"use client";
// One button in a table row that runs a server action (delete a template, remove an opt-out) and says what came of it.
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/auth/action";

export function RowAction({ label, name, run }: { label: string; name: string; run: () => Promise<ActionResult> }) {
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        size="sm"
        variant="danger"
        aria-label={name}
        disabled={pending}
        onClick={() => startTransition(async () => setResult(await run()))}
      >
        {label}
      </Button>
      {result && !result.ok ? (
        <span role="alert" className="text-sm text-red-700">
          {result.message}
        </span>
      ) : null}
    </span>
  );
}
