// Failed API-key authentications in the log (issue 42, item 10): someone trying keys, or an integration left with a
// revoked one, is seen by whoever reads the log — but throttled as the receipt callback's store failures are
// (lib/receipts/receipt-callback.ts): one warning per interval at most, with how many failed since the last one, the
// reasons and a few of the client addresses, so a flood of bad keys cannot flood the log. The key itself is never
// logged (only the refusal's sentence).
import "server-only";
import { isAppError } from "@/lib/errors/app-error";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address/client-address";
import { logger } from "@/lib/log";
import { formatCount } from "@/lib/numbers/format";

/** One line per LOG_EVERY_MS at most. */
export const LOG_EVERY_MS = 10_000;
/** Distinct client addresses kept for the next line (memory stays bounded whatever the flood). */
const ADDRESSES_KEPT = 10;

const failed = {
  count: 0,
  loggedAt: Number.NEGATIVE_INFINITY,
  reasons: new Map<string, number>(),
  clients: new Set<string>(),
};

/** Notes an API request refused for its key (any other error is ignored); `now` for the tests' clock. */
export function noteFailedKey(error: unknown, headers: Headers, now = Date.now()): void {
  if (!isAppError(error) || error.code !== "UNAUTHENTICATED") return;
  failed.count++;
  failed.reasons.set(error.message, (failed.reasons.get(error.message) ?? 0) + 1);
  const client = headers.get(CLIENT_ADDRESS_HEADER);
  if (client && failed.clients.size < ADDRESSES_KEPT) failed.clients.add(client);
  if (now - failed.loggedAt < LOG_EVERY_MS) return;
  logger().warn(
    { failures: failed.count, reasons: Object.fromEntries(failed.reasons), clients: [...failed.clients] },
    `API key authentication failed: ${formatCount(failed.count)} request(s) refused since the last such line.`,
  );
  failed.count = 0;
  failed.reasons.clear();
  failed.clients.clear();
  failed.loggedAt = now;
}
