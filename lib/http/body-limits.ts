// How many bytes of request body each path may send, in one table: the web server (programs/web-server.ts) refuses a
// body over its limit with 413 and this sentence before Next sees a byte of it, at once when Content-Length says so,
// else at the byte that crosses the line. Without it a Next route handler reads any body whole into memory (one
// anonymous 3 GB POST to an empty route handler held the web process at 9 GB). The routes that read bodies keep their own
// limits too (lib/receipts/read-limited-body.ts, lib/list-files/limited-body.ts): defence in depth, same numbers.
// Pure, so that it is unit-tested (body-limits.test.ts) and shared by the server and the routes.
import { formatNumber } from "@/lib/numbers/format";
const KiB = 1024;
const MiB = 1024 * KiB;

/** One uploaded list or opt-out file, whole (the rest of an upload's limits: lib/list-files/upload-limits.ts). */
export const MAX_UPLOAD_BYTES = 100 * MiB;
export const TOO_MANY_BYTES = `The file is larger than ${MAX_UPLOAD_BYTES / MiB} MB. Split it into smaller files, or save it as CSV (smaller than XLSX for the same list).`;

export type BodyLimit = { bytes: number; message: string };

/** "16 KB", "4 MB", "197.3 KB": how a limit or a file's size is named (binary units, as Next's "4mb" means), to one
 * decimal at most — a backup's size once read "197.2822265625 KB". */
export function formatBytes(bytes: number): string {
  const [value, unit] = bytes >= MiB ? [bytes / MiB, "MB"] : bytes >= KiB ? [bytes / KiB, "KB"] : [bytes, "bytes"];
  return `${formatNumber(value, { maximumFractionDigits: 1 })} ${unit}`;
}

const limit = (bytes: number, what: string): BodyLimit => ({
  bytes,
  message: `${what} is larger than ${formatBytes(bytes)}, the most this address accepts; nothing was read past it.`,
});

export const BODY_LIMITS = {
  /** next-auth: an email, a password (≤ 1,024 characters), a CSRF token and a callback URL. */
  auth: limit(16 * KiB, "The log-in request"),
  /** The provider's delivery receipts: MAX_RECEIPT_BODY_BYTES of lib/receipts/ingest-receipts.ts. */
  receipts: limit(64 * KiB, "The receipt body"),
  /** A recipient list or an opt-out list, a raw body (no multipart): the upload's own limit and sentence. */
  upload: { bytes: MAX_UPLOAD_BYTES, message: TOO_MANY_BYTES },
  /**
   * Server actions: Compose takes up to 100,000 pasted numbers (≈ 1.4 MB). The same number as
   * experimental.serverActions.bodySizeLimit in next.config.mjs ("4mb"), which Next checks only after the proxy.
   */
  serverAction: {
    bytes: 4 * MiB,
    message:
      "The form is larger than 4 MB; nothing was read past it. Paste at most 100,000 numbers, or upload a larger list as a file on the Lists page.",
  },
  /** Compose's planner: ids and a template of at most 20,000 characters, as JSON. */
  composePlan: limit(256 * KiB, "The request body"),
  /** Compose's opted-out check: up to 100,000 pasted numbers (OPTED_OUT_QUESTION_BYTES of lib/opt-outs/find-opted-out.ts). */
  composeOptedOut: limit(2 * MiB, "The list of numbers"),
  /** Compose's duplicate-send check: up to 100,000 pasted numbers and a template of at most 20,000 characters. */
  composeDuplicates: limit(3 * MiB, "The list of numbers"),
  /** The API's batch creation (app/api/v1/batches): up to 100,000 numbers as JSON, each with its own fields. */
  apiBatch: limit(8 * MiB, "The request body"),
  /** Every other path: pages and API routes that take no body, or a small one. */
  other: limit(64 * KiB, "The request body"),
} satisfies Record<string, BodyLimit>;

export type BodyRequest = {
  /** The request target as it arrived (path and query). */
  url: string;
  /** True when the request may be a server action call (isServerActionCall). */
  serverAction: boolean;
};

/**
 * Whether a request may be a server action call: a POST with Next's Next-Action header (from the running page), or a
 * multipart form POST (a form submitted before the page's scripts ran, which Next also hands to the action). Both
 * are the client's to claim, so this only chooses which limit applies, never more than the action's.
 */
export function isServerActionCall(method: string | undefined, headers: Record<string, unknown>): boolean {
  if (method !== "POST") return false;
  const type = headers["content-type"];
  return headers["next-action"] !== undefined || (typeof type === "string" && /^multipart\/form-data\b/i.test(type));
}

/**
 * The limit for one request, whatever its method (a GET's body is read by nobody, so it gets the path's limit too).
 * Only exact paths earn a limit above the default: a path spelled any other way (encoded, doubled slashes) that Next
 * might still route gets the default, never more.
 */
export function bodyLimitFor({ url, serverAction }: BodyRequest): BodyLimit {
  const path = pathOf(url);
  if (path.startsWith("/api/auth/")) return BODY_LIMITS.auth;
  if (path.startsWith("/api/receipts/")) return BODY_LIMITS.receipts;
  if (path === "/api/lists" || path === "/api/opt-outs/upload" || path === "/api/v1/lists") return BODY_LIMITS.upload;
  if (path === "/api/v1/batches") return BODY_LIMITS.apiBatch;
  if (path === "/api/compose/plan" || path === "/api/compose/languages") return BODY_LIMITS.composePlan;
  if (path === "/api/compose/opted-out") return BODY_LIMITS.composeOptedOut;
  if (path === "/api/compose/duplicates") return BODY_LIMITS.composeDuplicates;
  if (serverAction && !path.startsWith("/api/")) return BODY_LIMITS.serverAction;
  return BODY_LIMITS.other;
}

/** A request target's path as sent (no normalisation): what the limits, and the web server's own routes, go by. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}

/** The declared Content-Length, or null when there is none (a chunked body) or it is not a plain number. */
export function declaredLength(header: string | undefined): number | null {
  return header !== undefined && /^\d{1,15}$/.test(header) ? Number(header) : null;
}
