"use client";
// Sends a delivery's event again (audited): the same webhook-id and payload, newly signed.
import { useState, useTransition } from "react";
import { RowResult } from "@/components/console/row-action";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/auth/action";

export function ReplayButton({
  deliveryId,
  replay,
}: {
  deliveryId: string;
  replay: (id: string) => Promise<ActionResult>;
}) {
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <div className="space-y-1">
      <Button
        size="sm"
        disabled={pending}
        aria-label={`Replay delivery ${deliveryId}`}
        onClick={() => startTransition(async () => setResult(await replay(deliveryId)))}
      >
        Replay
      </Button>
      <RowResult result={result} className="text-xs" />
    </div>
  );
}
