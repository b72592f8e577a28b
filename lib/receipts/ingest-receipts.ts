// The receipt callback's work, apart from HTTP: authenticate by the URL secret, bound the size, validate the shape
// (one receipt or an array), store durably. Every refusal happens before anything is written.
import "server-only";
import { deliveryReceiptPayloadSchema, type DeliveryReceipt } from "@/lib/provider/wire/schemas";
import { parseProviderTime } from "@/lib/provider/wire/provider-time";
import { futureDeliveryTime } from "./future-delivery-time";
import { jsonHazard } from "./json-hazards";
import { isDataException, storeReceipts, type ReceiptRow } from "./store-receipts";
import { checkReceiptSecret } from "./wrong-secret-throttle";

export const MAX_RECEIPT_BODY_BYTES = 64 * 1024;

export type IngestResult = {
  status: 200 | 400 | 404 | 413 | 429;
  body: { status: boolean; message: string; received?: number };
  /** Seconds, with a 429. */
  retryAfter?: number;
};

/** The request's body as text, or null once it passes `limit` bytes (the rest is not read). */
export type BodyReader = (limit: number) => Promise<string | null>;

/**
 * The secret is checked before the body is read: a wrong one costs no body. `client`: the caller's address, whose
 * wrong secrets are throttled (wrong-secret-throttle.ts); null when unknown.
 */
export async function ingestReceipts(
  secret: string,
  readBody: BodyReader,
  client: string | null = null,
): Promise<IngestResult> {
  const check = await checkReceiptSecret(secret, client);
  if ("throttled" in check)
    return {
      status: 429,
      body: {
        status: false,
        message: `Too many requests to addresses that do not exist from this client; try again in ${check.throttled} s.`,
      },
      retryAfter: check.throttled,
    };
  if ("wrong" in check) return { status: 404, body: { status: false, message: "Not found." } };
  const { accountId } = check;
  const text = await readBody(MAX_RECEIPT_BODY_BYTES);
  if (text === null)
    return {
      status: 413,
      body: { status: false, message: `The body is larger than ${MAX_RECEIPT_BODY_BYTES} bytes.` },
    };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { status: 400, body: { status: false, message: "The body is not valid JSON." } };
  }
  const hazard = jsonHazard(json);
  if (hazard)
    return { status: 400, body: { status: false, message: `Not a delivery receipt we can store: ${hazard}.` } };
  const parsed = deliveryReceiptPayloadSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      status: 400,
      body: {
        status: false,
        message: `Not a delivery receipt: ${issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "invalid shape"}.`,
      },
    };
  }
  const receipts: DeliveryReceipt[] = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  const rows = receipts.map((receipt) => toRow(accountId, receipt));
  const ahead = futureDeliveryTime(rows);
  if (ahead) return { status: 400, body: { status: false, message: `Not a delivery receipt we can store: ${ahead}.` } };
  try {
    await storeReceipts(rows);
  } catch (error) {
    // The database refused a value of this very receipt (its group was retried without it): bad input, not a
    // reason for the provider to try again. Anything else (the database is down) is thrown: 503, please retry.
    if (isDataException(error))
      return { status: 400, body: { status: false, message: "The receipt holds a value that cannot be stored." } };
    throw error;
  }
  return { status: 200, body: { status: true, message: "Received.", received: receipts.length } };
}

function toRow(accountId: string, receipt: DeliveryReceipt): ReceiptRow {
  return {
    accountId,
    uniqueId: receipt.uniqueId,
    correlator: receipt.correlator === null ? null : String(receipt.correlator),
    phone: receipt.phone,
    deliveryStatus: receipt.deliveryStatus,
    deliveryTime: receipt.deliveryTime,
    deliveryAt: parseProviderTime(receipt.deliveryTime),
    raw: JSON.stringify(receipt),
  };
}
