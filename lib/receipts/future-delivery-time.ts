// Receipts dated too far ahead are refused. A final state is replaced only by a receipt with a later deliveryTime
// (apply-receipts.ts), so one receipt dated in the year 2099 — a provider's broken clock, or anyone who learnt the
// receipt URL — would pin its message's state for ever. Refused rather than clamped to the arrival time: a clamped
// time is a time the provider never said, and would still outrank the real receipts that follow it; a 400 tells the
// provider (and its logs) what is wrong, and nothing is stored. A day of slack covers any honest clock, and a
// provider writing another zone than the one we read (provider-time.ts) is hours off, not a day.

export const MAX_AHEAD_MS = 24 * 3_600_000;

/** Why the first receipt dated more than a day after `now` cannot be stored, or null when none is (deliveryAt: the
 * deliveryTime as parsed, once, where the receipt becomes a row). */
export function futureDeliveryTime(
  receipts: readonly { deliveryTime: string | null; deliveryAt: Date | null }[],
  now = new Date(),
): string | null {
  for (const receipt of receipts) {
    const at = receipt.deliveryAt;
    if (at && at.getTime() - now.getTime() > MAX_AHEAD_MS)
      return `its deliveryTime ${receipt.deliveryTime} is more than a day ahead of this server's clock`;
  }
  return null;
}
