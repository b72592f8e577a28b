// How many of an account's batches are paused because the provider said it was out of units (out-of-units.ts): the
// units page offers to resume them with the top-up.
import "server-only";
import { db } from "@/lib/db/client";
import { OUT_OF_UNITS_PREFIX } from "./out-of-units";

export function pausedForUnits(accountId: string): Promise<number> {
  return db.batch.count({ where: { accountId, state: "PAUSED", pauseReason: { startsWith: OUT_OF_UNITS_PREFIX } } });
}
