/** Small request/response helpers for the sandbox's bare node:http server. */
import type http from "node:http";
import type { ErrorBody } from "@/lib/provider/wire/schemas";

export class BodyTooLarge extends Error {}

/** Reads the whole body, refusing more than `limit` bytes. */
export function readBody(req: http.IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLarge());
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString("utf8") : Buffer.concat(chunks).toString("utf8")),
    );
    req.on("error", reject);
  });
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export function sendError(
  res: http.ServerResponse,
  status: number,
  message: string,
  extra: { errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
): void {
  const body: ErrorBody = extra.errors ? { status: false, message, errors: extra.errors } : { status: false, message };
  sendJson(res, status, body, extra.headers);
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Wall-clock milliseconds with sub-millisecond precision, for request and message logs. */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}
