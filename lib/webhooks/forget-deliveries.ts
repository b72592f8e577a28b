// The delivery log keeps finished deliveries (delivered or failed) for DELIVERY_LOG_DAYS, then forgets them, a few
// thousand at a time from the oldest (ids grow with time, so the primary key finds them first).
import "server-only";
import { pool } from "@/lib/db/pool";

export const DELIVERY_LOG_DAYS = 30;
const AT_ONCE = 5_000;

/** Deletes up to AT_ONCE old finished deliveries; true when there may be more. */
export async function forgetOldDeliveries(now: Date = new Date()): Promise<boolean> {
  const { rowCount } = await pool().query(
    `DELETE FROM "WebhookDelivery" WHERE id IN (
       SELECT id FROM "WebhookDelivery" WHERE "createdAt" < $1 AND state <> 'PENDING' ORDER BY id LIMIT $2
     )`,
    [new Date(now.getTime() - DELIVERY_LOG_DAYS * 86_400_000), AT_ONCE],
  );
  return (rowCount ?? 0) === AT_ONCE;
}
