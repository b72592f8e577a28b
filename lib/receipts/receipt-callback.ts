// POST /api/receipts/<secret>, the provider's delivery receipts, answered by the web server itself
// (programs/web-server.ts) rather than through Next: this is the one address whose traffic the provider sets, up to
// thousands of callbacks a second, and Next's handling of a request (a Web Request built from Node's, its streams,
// its router) cost as much of the web server's CPU as storing the receipts did (docs/scaling.md, "The receipt
// route"). The work is the same ingestion the route handler runs (app/api/receipts/[secret]/route.ts, which answers
// when Next runs without this server); the web server's body guard (lib/web-server/limit-request-body.ts) is in front.
import type http from "node:http";
import { apiSecurityHeaders } from "@/lib/http/security-headers";
import { readNodeBody } from "@/lib/http/read-node-body";
import { logger } from "@/lib/log";
import { ingestReceipts, type IngestResult } from "./ingest-receipts";
import { formatCount } from "@/lib/numbers/format";

const RECEIPT_PATH = /^\/api\/receipts\/([^/]+)$/;

/**
 * The secret of a receipt callback's path (the path as sent, as lib/http/body-limits.ts reads it), or null for any
 * other path; "" for a secret that is not valid %-encoding (no account has it).
 */
export function receiptCallbackSecret(pathname: string): string | null {
  const match = RECEIPT_PATH.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return "";
  }
}

const RETRY = { status: false, message: "Could not store the receipt; please retry." } as const;

/** `client`: the caller's address as the web server judges it (lib/client-address/client-address.ts): wrong secrets are
 * throttled per address (wrong-secret-throttle.ts). */
export async function answerReceiptCallback(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  secret: string,
  client: string | null = null,
): Promise<void> {
  if (request.method !== "POST") {
    respond(response, 405, { status: false, message: "This address answers POST only." }, { Allow: "POST" });
    return;
  }
  let result: IngestResult | { status: 503; body: typeof RETRY };
  // A client that leaves before its body ends is no failure of ours: answered (to nobody), not logged.
  let bodyLost = false;
  const readBody = (limit: number) =>
    readNodeBody(request, limit).catch((error: unknown) => {
      bodyLost = true;
      throw error;
    });
  try {
    result = await ingestReceipts(secret, readBody, client);
  } catch (error) {
    // Not stored: a 5xx tells the provider to try again (its retry policy is not shown, but any sane one retries).
    if (!bodyLost) logNotStored(error);
    result = { status: 503, body: RETRY };
  }
  respond(
    response,
    result.status,
    result.body,
    "retryAfter" in result && result.retryAfter !== undefined ? { "Retry-After": String(result.retryAfter) } : {},
  );
}

/** One line per LOG_EVERY_MS at most: a database outage fails every callback, thousands a second. */
const LOG_EVERY_MS = 10_000;
const notStored = { callbacks: 0, loggedAt: Number.NEGATIVE_INFINITY };

function logNotStored(error: unknown): void {
  notStored.callbacks++;
  const now = Date.now();
  if (now - notStored.loggedAt < LOG_EVERY_MS) return;
  logger().error(
    { err: error, callbacks: notStored.callbacks },
    `Receipts could not be stored: ${formatCount(notStored.callbacks)} callback(s) answered 503 since the last such line (the provider should post them again).`,
  );
  notStored.callbacks = 0;
  notStored.loggedAt = now;
}

function respond(
  response: http.ServerResponse,
  status: number,
  body: object,
  extra: Record<string, string> = {},
): void {
  // Already answered (the body guard's 413) or the client is gone: nothing to say.
  if (response.headersSent || response.destroyed) return;
  const text = JSON.stringify(body);
  // A refused body may still be arriving: close the connection behind the answer instead of reading it.
  if (status === 413 || status === 405 || status === 429) response.shouldKeepAlive = false;
  response.writeHead(status, {
    ...apiSecurityHeaders(),
    ...extra,
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(text)),
  });
  response.end(text);
}
