// Receipts posted to the harness's receipt endpoint (dispatch-harness.ts) as the provider posts them, for the tests
// of what the web server and the worker's applier make of them.
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import { type Harness, waitFor } from "./dispatch-harness";

/** The provider's receipt for a sent message. */
export const receiptFor = (
  m: { id: bigint; phone: string; providerUniqueId: string | null },
  deliveryStatus: string,
  deliveryTime = "2026-11-22 10:00:00",
) => ({ phone: m.phone, correlator: String(m.id), uniqueId: m.providerUniqueId, deliveryStatus, deliveryTime });

/** Receipts stored and not yet attempted by the applier. */
export const notYetApplied = () => db.receiptQueue.count({ where: { attempts: 0 } });

/** Posts to `h`'s endpoint, reading `h` at each call: a harnessForFile object (harness-lifecycle.ts), filled later, will do. */
export function receiptPosts(h: Harness) {
  /** `body` as JSON (or `raw` as it is) on `secret`'s path. */
  const post = (body: unknown, secret = h.receiptSecret, raw?: string) =>
    fetch(`${h.receiptBaseUrl}/api/receipts/${secret}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: raw ?? JSON.stringify(body),
    });
  /** Posts receipts, accepted (200), and waits until the applier has tried every one stored. */
  const postAndApply = async (body: unknown) => {
    expect((await post(body)).status).toBe(200);
    await waitFor(notYetApplied, (n) => n === 0, 20_000, "applied");
  };
  return { post, postAndApply };
}
