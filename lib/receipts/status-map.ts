// Every provider deliveryStatus → our message state, in one table. The raw string is always stored too; a status
// not in this table is kept and shown as it came, and treated as "still on its way" (it never ends a message).
import type { MessageState } from "@/lib/generated/prisma/enums";

type Mapping = { state: MessageState; final: boolean };

const TABLE: Record<string, Mapping> = {
  // Observed in the spec.
  DeliveredToTerminal: { state: "DELIVERED", final: true },
  Answered: { state: "ANSWERED", final: true },
  // Intermediate (OneAPI-style) statuses: accepted by the network, not yet final.
  DeliveredToNetwork: { state: "QUEUED", final: false },
  MessageWaiting: { state: "QUEUED", final: false },
  Ringing: { state: "QUEUED", final: false },
  // Failures.
  DeliveryImpossible: { state: "FAILED", final: true },
  DeliveryUncertain: { state: "FAILED", final: true },
  NotAnswered: { state: "FAILED", final: true },
  Busy: { state: "FAILED", final: true },
  Failed: { state: "FAILED", final: true },
  Rejected: { state: "FAILED", final: true },
  Expired: { state: "FAILED", final: true },
  Undeliverable: { state: "FAILED", final: true },
};

const UNKNOWN_STATUS: Mapping = { state: "QUEUED", final: false };

export function mapDeliveryStatus(status: string): Mapping & { known: boolean } {
  const mapping = TABLE[status];
  return mapping ? { ...mapping, known: true } : { ...UNKNOWN_STATUS, known: false };
}

export const FINAL_STATES: readonly MessageState[] = ["DELIVERED", "ANSWERED", "FAILED"];
