// Where a batch stands, as a coloured label in the operator's words (lib/batches/phase.ts): "sending", "waiting for
// 1,543 receipts", "finished".
import { Badge } from "@/components/ui/badge";
import type { BatchPhase } from "@/lib/batches/phase";

export function PhaseBadge({ phase, testId }: { phase: BatchPhase; testId?: string }) {
  return (
    <Badge tone={phase.tone} {...(testId ? { testId } : {})}>
      {phase.label}
    </Badge>
  );
}
