// Beside an SMS's state on the recipients page: what its escalation call changed (lib/escalation/call-outcome.ts) —
// "reached by call", "no receipt — called instead (answered / not answered)".
import { Badge } from "@/components/ui/badge";
import { callOutcome } from "@/lib/escalation/call-outcome";

export function CallOutcomeNote({ state, callState }: { state: string; callState: string | null }) {
  const outcome = callOutcome(state, callState);
  if (!outcome) return null;
  return (
    <Badge tone={outcome.reached ? "success" : "neutral"} testId="call-outcome">
      {outcome.label}
    </Badge>
  );
}
