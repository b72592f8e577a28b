// A batch's or a message's state as a coloured label, one colour per meaning.
import { Badge, type Tone } from "@/components/ui/badge";

const TONE: Record<string, Tone> = {
  SCHEDULED: "info",
  QUEUED: "info",
  SENDING: "info",
  PAUSED: "warning",
  COMPLETED: "success",
  CANCELLED: "neutral",
  FAILED: "danger",
  PENDING: "neutral",
  DELIVERED: "success",
  ANSWERED: "success",
  REJECTED: "danger",
  UNKNOWN: "warning",
  SUPPRESSED: "neutral",
};

export function StateBadge({ state, testId }: { state: string; testId?: string }) {
  return (
    <Badge tone={TONE[state] ?? "neutral"} {...(testId ? { testId } : {})}>
      {state.toLowerCase()}
    </Badge>
  );
}
