/**
 * Which delivery receipts an accepted message gets, and when. One receipt per recipient number (a
 * comma-separated send yields one per phone, all with the request's uniqueId); the knobs add failure
 * statuses (a rate and lists, or a weighted mix of any statuses — e.g. those Kenyan networks report, see
 * lib/receipts/status-map.ts — or a status per number), duplicates and intermediate receipts that arrive after the
 * final one.
 */
import type { Correlator } from "@/lib/provider/wire/schemas";
import type { Knobs } from "./knobs";
import { between, chance, pick, weighted } from "./random";

export type MessageKind = "sms" | "voice";

/** Final success statuses the spec shows (2.5). */
export const SUCCESS_STATUS: Record<MessageKind, string> = { sms: "DeliveredToTerminal", voice: "Answered" };
/**
 * Non-final statuses for the out-of-order knob. DeliveredToNetwork belongs to the same ParlayX family as
 * DeliveredToTerminal; Ringing is the voice analogue. A consumer must never let them overwrite a final state.
 */
export const INTERMEDIATE_STATUS: Record<MessageKind, string> = { sms: "DeliveredToNetwork", voice: "Ringing" };

export interface ReceiptTarget {
  kind: MessageKind;
  endpoint: string;
  /** Normalised (254…) recipient number. */
  phone: string;
  correlator: Correlator | null;
  uniqueId: string;
}

/**
 * The delivery event a receipt reports. A duplicate reports the same event as its original, and a retried POST the
 * same as its first try: the first of them to be posted stamps its deliveryTime, and the others carry that time (a
 * provider re-sending a receipt does not move the moment the message was delivered).
 */
export interface ReceiptEvent {
  deliveryTime?: string;
}

export interface PlannedReceipt {
  endpoint: string;
  /** Delay from acceptance, in milliseconds. */
  delayMs: number;
  phone: string;
  correlator: Correlator | null;
  uniqueId: string;
  deliveryStatus: string;
  /** Shared by a receipt and its duplicate; a receipt without one reports an event of its own. */
  event?: ReceiptEvent;
}

/** A message's final status: the number's own (statusByPhone), else one drawn from the mix, else success or failure. */
export function finalStatus(target: Pick<ReceiptTarget, "kind" | "phone">, knobs: Knobs): string {
  const own = knobs.statusByPhone[target.phone];
  if (own) return own;
  const mixed = weighted(target.kind === "sms" ? knobs.smsStatusMix : knobs.voiceStatusMix);
  if (mixed) return mixed;
  const failureList = target.kind === "sms" ? knobs.smsFailureStatuses : knobs.voiceFailureStatuses;
  return chance(knobs.receiptFailureRate) ? pick(failureList) : SUCCESS_STATUS[target.kind];
}

export function planReceipts(target: ReceiptTarget, knobs: Knobs, immediate: boolean): PlannedReceipt[] {
  if (target.kind === "sms" && (knobs.silentPhones.includes(target.phone) || chance(knobs.smsSilentRate))) return [];
  const status = finalStatus(target, knobs);
  const delay = (): number => (immediate ? 0 : between(knobs.receiptDelayMs));
  const base = {
    endpoint: target.endpoint,
    phone: target.phone,
    correlator: target.correlator,
    uniqueId: target.uniqueId,
  };
  const final: PlannedReceipt = { ...base, delayMs: delay(), deliveryStatus: status, event: {} };
  const planned = [final];
  // The same event posted again (its own delay: it may even arrive first), so the same deliveryTime.
  if (chance(knobs.duplicateRate)) planned.push({ ...final, delayMs: delay() });
  if (chance(knobs.outOfOrderRate)) {
    // Strictly later than the final receipt, so the intermediate status really arrives out of order.
    const after =
      final.delayMs +
      1 +
      (immediate ? 0 : between([0, Math.max(10, knobs.receiptDelayMs[1] - knobs.receiptDelayMs[0])]));
    planned.push({ ...base, delayMs: after, deliveryStatus: INTERMEDIATE_STATUS[target.kind] });
  }
  return planned;
}
